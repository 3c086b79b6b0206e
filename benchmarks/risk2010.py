"""Engine speed for the 2010 edition: bots playing every variant and player count, one core.

Prints medians over many games of player turns per second, actions per second through
``Game.play`` (bots deciding + checked apply), player turns per game, the size of a finished
game's record, and how the games ended (territories held at the end of a turn, the ceasefire,
elimination). Times are the CPU time of this process (``time.process_time``). One "action" is one
applied decision: the neutral support, a placement, a star trade, one throw or a whole ``blitz``
battle, a move-in, the maneuver, or ending a step. Run:  python benchmarks/risk2010.py
"""

from __future__ import annotations

import argparse
import sys

from botgames import measure, report

import riskboard as rb

GAMES = [("simple", 3), ("simple", 4), ("simple", 5), ("classic", 3), ("classic", 5), ("two_player", 2)]
PLAYERS = ["Ada", "Bo", "Cy", "Di", "Ed"]


def how(reason: str) -> str:
    if "ceasefire" in reason:
        return "ceasefire"
    return "territories held" if "held at the end" in reason else "elimination"


def one_game(variant: str, n: int, bot: str, seed: int) -> dict[str, float | str]:
    game = rb.new_game("risk2010", players=PLAYERS[:n], variant=variant, seed=seed)
    make = rb.bots.Aggressive if bot == "Aggressive" else rb.bots.Random
    bots = {p: make(seed=seed * 10 + i) for i, p in enumerate(game.players)}
    return measure(game, bots, how, max_turns=3000 if bot == "Random" else 1000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=30, help="games per variant and player count (default 30)")
    parser.add_argument("--random-games", type=int, default=5, help="games between Random bots (default 5)")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    print(f"riskboard {rb.__version__}, Python {sys.version.split()[0]}, one process (one core)")
    for bot, games in (("Aggressive", args.games), ("Random", args.random_games)):
        for variant, n in GAMES:
            if not games or (bot == "Random" and variant == "classic" and n == 5):
                continue  # a five-player world domination between random bots takes minutes
            rows = [one_game(variant, n, bot, args.seed + i) for i in range(games)]
            report(f"{variant}, {n} players, {bot} bots", rows)


if __name__ == "__main__":
    main()
