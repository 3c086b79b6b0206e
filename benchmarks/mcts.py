"""MCTS playouts per second in four-player classic, the figure the search's strength rests on.

Each run plays a seeded four-player classic game: one ``MCTS(playouts=P)`` seat, the other three
``Planner`` bots, to turn ``--turns``; the MCTS seat's playouts are divided by the CPU time of its
searched decisions (``time.process_time`` around ``act``: on a shared, loaded machine the wall
time also counts other people's work; decisions it leaves to the Planner do not count). Prints each run's rate and the median over ``--runs`` runs (seeds 0, 1, ...).

Run:  python benchmarks/mcts.py [--runs N] [--playouts P] [--turns T]
"""

from __future__ import annotations

import argparse
import statistics
import time

import riskboard as rb

PLAYERS = ["Ada", "Bo", "Cy", "Di"]


def playouts_per_second(seed: int, playouts: int, turns: int) -> tuple[float, int]:
    """(playouts per CPU second of search, playouts made) in one seeded game."""
    game = rb.new_game("classic", players=PLAYERS, seed=seed)
    search = rb.bots.MCTS(playouts=playouts, seed=seed)
    others = {p: rb.bots.Planner(seed=seed * 10 + i) for i, p in enumerate(PLAYERS)}
    made, seconds = 0, 0.0
    while not game.is_over and game.turn <= turns:
        player = game.pending.player
        view = game.view(player)
        if player == PLAYERS[seed % len(PLAYERS)]:
            t0 = time.process_time()
            action = search.act(view)
            seconds += time.process_time() - t0
            made += search.last_playouts
        else:
            action = others[player].act(view)
        game.push(action)
    return (made / seconds if seconds else 0.0), made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--playouts", type=int, default=64)
    parser.add_argument("--turns", type=int, default=16)
    args = parser.parse_args()
    rates = []
    for seed in range(args.runs):
        rate, made = playouts_per_second(seed, args.playouts, args.turns)
        rates.append(rate)
        print(f"  seed {seed}: {rate:8,.0f} playouts/s ({made} playouts)")
    print(f"MCTS playouts/s, classic 4 players, median of {args.runs} runs: {statistics.median(rates):,.0f}")


if __name__ == "__main__":
    main()
