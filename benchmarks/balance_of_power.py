"""Engine speed for Balance of Power: Aggressive bots on every setup of both variants, one core.

Prints medians over many games of player turns per second, actions per second through
``Game.play`` (bots deciding + checked apply), the winners' ways to win, and the size of a
finished game's record. Times are the CPU time of this process (``time.process_time``).
One "action" is one applied decision: a placement, a star trade, a purchase in the field
hospital (an uprising is one purchase), one throw or a whole ``blitz`` battle, a move-in, a
mission collected, the maneuver, or ending a step. Run:  python benchmarks/balance_of_power.py
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import sys
import time

import riskboard as rb
from riskboard.engine.events import GameWon

SETUPS = [
    ("basic_training", "setup_1"),
    ("basic_training", "setup_2"),
    ("command_room", "random"),
    ("command_room", "free"),
]


def one_game(variant: str, setup: str, seed: int) -> dict[str, float | str]:
    game = rb.new_game("balance_of_power", players=["red", "blue"], variant=variant, setup=setup, seed=seed)
    bots = {p: rb.bots.Aggressive(seed=seed * 10 + i) for i, p in enumerate(game.players)}
    t0 = time.process_time()
    game.play(bots, max_turns=1000)
    t1 = time.process_time()
    won = [e for e in game.events() if isinstance(e, GameWon)]
    how = "missions + capital" if won and "missions" in won[-1].reason else "elimination" if won else "no winner"
    return {
        "turns_per_s": game.turn / (t1 - t0),
        "actions_per_s": len(game.history) / (t1 - t0),
        "turns": game.turn,
        "record_kb": len(json.dumps(game.record(), separators=(",", ":"))) / 1000,
        "how": how,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="games per setup (default 40)")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    print(f"riskboard {rb.__version__}, Python {sys.version.split()[0]}, one process (one core)")
    for variant, setup in SETUPS:
        rows = [one_game(variant, setup, args.seed + i) for i in range(args.games)]
        med = {
            k: statistics.median(float(r[k]) for r in rows)
            for k in ("turns_per_s", "actions_per_s", "turns", "record_kb")
        }
        ways = collections.Counter(str(r["how"]) for r in rows)
        print(f"\n{variant} / {setup}: {len(rows)} games between Aggressive bots")
        print(f"  player turns/s           median {med['turns_per_s']:>9,.0f}")
        print(f"  actions/s through play   median {med['actions_per_s']:>9,.0f}")
        print(f"  player turns per game    median {med['turns']:>9,.0f}")
        print(
            f"  record                   median {med['record_kb']:>9,.1f} KB, max {max(float(r['record_kb']) for r in rows):,.1f} KB"
        )
        print("  won by                   " + ", ".join(f"{k}: {v}" for k, v in ways.most_common()))


if __name__ == "__main__":
    main()
