"""How strong and how fast the built-in bots are.

Prints
  - win rates of seeded two-player classic matches (seats alternating, a neutral army on the
    board) with 95 % Wilson intervals: Planner vs Random, Planner vs Aggressive, MCTS vs Planner,
    MCTS vs Aggressive (a game still running at the turn limit counts as no win);
  - the Planner against two and against three Aggressive bots in classic (its seat moving round
    the table; an even share would be 1/3 and 1/4);
  - decisions per second of each bot, median over several games of every decision it made
    (wall time of ``act`` alone, ``time.perf_counter``), in a three-player classic game.

Run:  python benchmarks/bots.py [--games N] [--playouts P] [--timing-games G]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable
from typing import Any

import riskboard as rb

Maker = Callable[[int], Any]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def match(first: Maker, second: Maker, games: int, seed: int = 2000, players: int = 2) -> tuple[int, int, float]:
    """Wins of ``first`` and of the ``second`` bots (one per other seat) over ``games`` classic
    games of ``players`` players, and the seconds they took."""
    wins = [0, 0]
    t0 = time.perf_counter()
    names = [f"P{i}" for i in range(players)]
    for g in range(games):
        game = rb.new_game("classic", players=names, seed=seed + g)
        seat = g % players  # where ``first`` sits
        others = [p for i, p in enumerate(names) if i != seat]
        bots = {names[seat]: first(g), **{p: second(g + 10_000 * (k + 1)) for k, p in enumerate(others)}}
        winner = game.play(bots, max_turns=300)
        if winner is not None:
            wins[0 if winner == names[seat] else 1] += 1
    return wins[0], wins[1], time.perf_counter() - t0


def report(a: str, b: str, wins: tuple[int, int, float], games: int) -> None:
    wa, wb, seconds = wins
    low, high = wilson(wa, games)
    print(
        f"  {a:>10} vs {b:<14}: {wa:3d}-{wb:<3d} of {games:3d}  win rate {wa / games:5.1%} "
        f"(95 % Wilson {low:5.1%} to {high:5.1%})  {seconds:6.1f} s"
    )


class Timed:
    """Wraps a bot and records the wall time of each of its decisions."""

    def __init__(self, bot: Any, times: list[float]) -> None:
        self.bot = bot
        self.times = times

    def act(self, view: rb.PlayerView) -> Any:
        t0 = time.perf_counter()
        action = self.bot.act(view)
        self.times.append(time.perf_counter() - t0)
        return action


def decisions_per_second(make: Maker, games: int) -> tuple[float, int]:
    """Median decisions per second of the bot made by ``make``, seated three times against itself."""
    times: list[float] = []
    for g in range(games):
        game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=3000 + g)
        game.play({p: Timed(make(g * 3 + i), times) for i, p in enumerate(game.players)}, max_turns=60)
    median = statistics.median(times)
    return (1 / median if median else math.inf), len(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--playouts", type=int, default=16)
    parser.add_argument("--timing-games", type=int, default=3)
    args = parser.parse_args()
    p = args.playouts
    bots: dict[str, Maker] = {
        "Random": lambda s: rb.bots.Random(seed=s),
        "Aggressive": lambda s: rb.bots.Aggressive(seed=s),
        "Planner": lambda s: rb.bots.Planner(seed=s),
        f"MCTS({p})": lambda s: rb.bots.MCTS(playouts=p, seed=s),
    }
    mcts = f"MCTS({p})"
    pairs = [("Planner", "Random"), ("Planner", "Aggressive"), (mcts, "Planner"), (mcts, "Aggressive")]
    print(f"two-player classic, {args.games} games a match, seats alternating, 300 turns at most")
    for a, b in pairs:
        games = args.games if not a.startswith("MCTS") else max(args.games // 2, 1)
        report(a, b, match(bots[a], bots[b], games), games)
    print(f"classic with more players, {args.games} games a match, the Planner's seat moving round the table")
    for players in (3, 4):
        others = f"{players - 1} Aggressive"
        report("Planner", others, match(bots["Planner"], bots["Aggressive"], args.games, players=players), args.games)
    print(f"decisions per second (median of every decision, {args.timing_games} three-player classic games)")
    for name, make in bots.items():
        rate, n = decisions_per_second(make, args.timing_games if not name.startswith("MCTS") else 1)
        print(f"  {name:>10}: {rate:10.0f} per s  ({n} decisions)")


if __name__ == "__main__":
    main()
