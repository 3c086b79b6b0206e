"""``legal_actions()`` calls per second in each step, for every edition.

Positions come from seeded games between Random bots (the bot that calls ``legal_actions()`` for
every decision); each position's call is repeated and timed with CPU time. Since the compact
form (engine/legal.py) a count range is one ``ActionRange``, not hundreds of actions; to see the
difference, point ``--before`` at the ``src`` of a checkout from before it (the script runs itself
there too and prints both):

    git worktree add /tmp/before 273363c
    python benchmarks/legal_actions.py --before /tmp/before/src

Also printed: the median number of legal actions per position, and calls per second of
``list(game.legal_actions())`` (enumerating every action, as code that needs them all does).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections import defaultdict

import riskboard as rb

EDITIONS = [
    ("classic", 4, None),
    ("risk2010", 3, "simple"),
    ("balance_of_power", 2, "command_room"),
    ("transformers", 4, None),
]
STEPS = ("reinforce", "attack", "occupy", "fortify")


def positions(ruleset: str, n: int, variant: str | None, games: int) -> dict[str, list[rb.Game]]:
    by_step: dict[str, list[rb.Game]] = defaultdict(list)
    for seed in range(games):
        players = [f"p{i}" for i in range(n)]
        game = rb.new_game(ruleset, players=players, seed=seed, **({"variant": variant} if variant else {}))
        rng = random.Random(seed)
        for _ in range(3000):
            if game.is_over:
                break
            legal = game.legal_actions()
            if game.phase in STEPS and rng.random() < 0.05:
                by_step[game.phase].append(game.copy())
            game.push(legal[rng.randrange(len(legal))])
    return by_step


def measure(games: int, repeat: int) -> dict[str, dict[str, list[float]]]:
    out: dict[str, dict[str, list[float]]] = {}
    for ruleset, n, variant in EDITIONS:
        for step, found in positions(ruleset, n, variant, games).items():
            calls, enumerations, sizes = [], [], []
            for game in found[:60]:
                t0 = time.process_time()
                for _ in range(repeat):
                    legal = game.legal_actions()
                t1 = time.process_time()
                for _ in range(repeat):
                    every = list(game.legal_actions())
                t2 = time.process_time()
                calls.append(repeat / max(t1 - t0, 1e-9))
                enumerations.append(repeat / max(t2 - t1, 1e-9))
                sizes.append(len(every))
                assert len(legal) == len(every)
            out[f"{ruleset} {step}"] = {"calls": calls, "list": enumerations, "size": sizes}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--before", help="the src folder of a checkout from before the compact form")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # the --before run's output
    args = parser.parse_args()
    now = measure(args.games, args.repeat)
    if args.json:
        print(json.dumps(now))
        return
    before = None
    if args.before:
        env = {**os.environ, "PYTHONPATH": args.before}
        cmd = [sys.executable, __file__, "--json", "--games", str(args.games), "--repeat", str(args.repeat)]
        before = json.loads(subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout)
    med = statistics.median
    head = f"{'edition and step':34}{'actions':>9}{'calls/s':>12}{'list(...)/s':>13}"
    print(head + (f"{'before':>12}{'× before':>10}" if before else ""))
    for key, got in now.items():
        line = f"{key:34}{med(got['size']):>9,.0f}{med(got['calls']):>12,.0f}{med(got['list']):>13,.0f}"
        if before and key in before:
            old = med(before[key]["calls"])
            line += f"{old:>12,.0f}{med(got['calls']) / old:>10.1f}"
        print(line)


if __name__ == "__main__":
    main()
