"""Engine speed for Transformers: bots playing 2, 3 and 4 players, one core.

Prints medians over many games of player turns per second, actions per second through
``Game.play`` (bots deciding + checked apply), player turns per game (6 rounds unless an army
is destroyed first), the size of a finished game's record, and how the games ended (the final
count after round 6, or every opposing army defeated). Times are the CPU time of this process
(``time.process_time``). One "action" is one applied decision: a setup placement, a placement, a
leader's return, one throw or a whole ``blitz``, a casualty choice, stop, a move-in, the
end-of-turn move, or ending a step. Run:  python benchmarks/transformers.py
"""

from __future__ import annotations

import argparse
import sys

from botgames import measure, report

import riskboard as rb

PLAYERS = ["Ada", "Bo", "Cy", "Di"]


def how(reason: str) -> str:
    return "every opposing army defeated" if "defeated" in reason else "count after round 6"


def one_game(n: int, bot: str, ask: bool, seed: int) -> dict[str, float | str]:
    game = rb.new_game("transformers", players=PLAYERS[:n], seed=seed, options={"ask_defender": ask})
    make = rb.bots.Aggressive if bot == "Aggressive" else rb.bots.Random
    bots = {p: make(seed=seed * 10 + i) for i, p in enumerate(game.players)}
    return measure(game, bots, how)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=30, help="games per player count and bot (default 30)")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    print(f"riskboard {rb.__version__}, Python {sys.version.split()[0]}, one process (one core)")
    for bot, ask in (("Aggressive", False), ("Aggressive", True), ("Random", False)):
        for n in (2, 3, 4):
            rows = [one_game(n, bot, ask, args.seed + i) for i in range(args.games)]
            note = ", defenders asked (throw by throw)" if ask else ""
            report(f"{n} players, {bot} bots{note}", rows)


if __name__ == "__main__":
    main()
