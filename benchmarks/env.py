"""Env steps per second with a random masked policy, per edition (the PettingZoo AEC env).

Each configuration plays ``--steps`` agent steps (episodes restarted as they end or reach
``--max-turns``), repeated ``--repeat`` times; prints the median steps/s, and beside it the
engine alone (the same number of steps by ``game.push`` of a random legal action, no
observation or mask) and the ratio, so the adapter's own cost shows. Also the sizes of the action
and observation spaces.

Run:  python benchmarks/env.py [--steps N] [--repeat R] [--max-turns T]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

import riskboard as rb
from riskboard.env import raw_env

CONFIGS = [
    ("classic", None, 4),
    ("classic", "secret_missions", 6),
    ("risk2010", "simple", 3),
    ("risk2010", "two_player", 2),
    ("balance_of_power", "basic_training", 2),
    ("balance_of_power", "command_room", 2),
    ("transformers", None, 4),
]


def env_steps_per_second(ruleset: str, variant: str | None, players: int, steps: int, max_turns: int) -> float:
    e = raw_env(ruleset, players=players, variant=variant, max_turns=max_turns)
    rng = np.random.default_rng(0)
    done = 0
    seed = 0
    t0 = time.perf_counter()
    while done < steps:
        e.reset(seed=seed)
        seed += 1
        for _agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done += 1
            if done >= steps:
                break
    return done / (time.perf_counter() - t0)


def engine_steps_per_second(ruleset: str, variant: str | None, players: int, steps: int, max_turns: int) -> float:
    names = [f"player_{i}" for i in range(players)]
    rng = random.Random(0)
    done = 0
    seed = 0
    t0 = time.perf_counter()
    while done < steps:
        game = rb.new_game(ruleset, players=names, variant=variant, options={"undo": False}, seed=seed)
        seed += 1
        while not game.is_over and game.turn <= max_turns and done < steps:
            legal = game.legal_actions()
            game.push(legal[rng.randrange(len(legal))])
            done += 1
    return done / (time.perf_counter() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--max-turns", type=int, default=100)
    args = parser.parse_args()
    print(f"{'configuration':<34} {'actions':>8} {'obs':>6} {'env steps/s':>12} {'engine steps/s':>15} {'ratio':>6}")
    for ruleset, variant, players in CONFIGS:
        e = raw_env(ruleset, players=players, variant=variant)
        env_rate = statistics.median(
            env_steps_per_second(ruleset, variant, players, args.steps, args.max_turns) for _ in range(args.repeat)
        )
        engine_rate = statistics.median(
            engine_steps_per_second(ruleset, variant, players, args.steps, args.max_turns) for _ in range(args.repeat)
        )
        name = f"{ruleset}/{variant or 'standard'}/{players}p"
        print(
            f"{name:<34} {e.encoding.size:>8} {e.observer.size:>6} {env_rate:>12,.0f} {engine_rate:>15,.0f}"
            f" {engine_rate / env_rate:>6.1f}"
        )


if __name__ == "__main__":
    main()
