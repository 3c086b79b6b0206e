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
import sys

from botgames import measure, report

import riskboard as rb

SETUPS = [
    ("basic_training", "setup_1"),
    ("basic_training", "setup_2"),
    ("command_room", "random"),
    ("command_room", "free"),
]


def one_game(variant: str, setup: str, seed: int) -> dict[str, float | str]:
    game = rb.new_game("balance_of_power", players=["red", "blue"], variant=variant, setup=setup, seed=seed)
    bots = {p: rb.bots.Aggressive(seed=seed * 10 + i) for i, p in enumerate(game.players)}
    return measure(game, bots, lambda reason: "missions + capital" if "missions" in reason else "elimination")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="games per setup (default 40)")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    print(f"riskboard {rb.__version__}, Python {sys.version.split()[0]}, one process (one core)")
    for variant, setup in SETUPS:
        rows = [one_game(variant, setup, args.seed + i) for i in range(args.games)]
        report(f"{variant} / {setup}, Aggressive bots", rows)


if __name__ == "__main__":
    main()
