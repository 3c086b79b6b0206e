"""Tournament throughput: games per second of wall time for one tournament (classic, four
``Aggressive`` bots, 40 games by default) played in this process (``workers=1``), in a pool of
two worker processes (``workers=2``; forked on Linux, and once more spawned, as on Windows and
macOS: ``RISKBOARD_START_METHOD=spawn``) and on a Dask ``LocalCluster`` of two worker processes,
with each one's ratio to ``workers=1``, and the CPU seconds all processes spent on it (this
process, the pool's workers, the cluster's workers): on a shared machine with no idle core the
wall time cannot drop, and the CPU time shows what the parallel ways cost. Medians of
``--repeat`` runs. The cluster's start-up is not timed (it is started once, like a notebook's
client); the pool's is (``rb.tournament`` starts and stops its pool every call). Every run must
give the same games. The runs keep the default per-decision time limit, and one in-process run
goes without it: the limit's watch looks at the game once a second and adds nothing per decision,
so the two should time the same.

Run:  python benchmarks/tournament.py [--games N] [--repeat R] [--max-turns T]   (POSIX: uses resource)
"""

from __future__ import annotations

import argparse
import functools
import os
import resource
import statistics
import time
from collections.abc import Callable

import pandas as pd

import riskboard as rb
from riskboard.tournaments import DEFAULT_TIME_LIMIT
from riskboard.tournaments.pool import START_METHOD_VARIABLE

BOTS = {f"aggressive_{i}": rb.bots.Aggressive for i in range(1, 5)}


def own_cpu() -> float:
    """CPU seconds of this process and of its finished children (the pool's workers)."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def timed(
    run: Callable[[], rb.TournamentResult], repeat: int, cpu: Callable[[], float] = own_cpu
) -> tuple[float, float, pd.DataFrame]:
    """Median wall and CPU seconds of ``repeat`` runs, and the games of the last (timing dropped)."""
    walls, cpus = [], []
    for _ in range(repeat):
        c0, t0 = cpu(), time.perf_counter()
        result = run()
        walls.append(time.perf_counter() - t0)
        cpus.append(cpu() - c0)
    return statistics.median(walls), statistics.median(cpus), result.games.drop(columns=["seconds"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--max-turns", type=int, default=1000)
    args = parser.parse_args()
    common = {"ruleset": "classic", "games": args.games, "seed": 1, "max_turns": args.max_turns, "progress": False}

    rows: list[tuple[str, float, float]] = []
    games: list[pd.DataFrame] = []
    rb.tournament(BOTS, workers=1, **{**common, "games": 2})  # warm this process's caches
    for label, workers, limit, method in (
        ("workers=1", 1, DEFAULT_TIME_LIMIT, None),
        ("workers=1, no limit", 1, None, None),
        ("workers=2", 2, DEFAULT_TIME_LIMIT, None),
        ("workers=2, spawn", 2, DEFAULT_TIME_LIMIT, "spawn"),
    ):
        if method is not None:
            os.environ[START_METHOD_VARIABLE] = method
        try:
            run = functools.partial(rb.tournament, BOTS, workers=workers, time_limit=limit, **common)
            wall, cpu, played = timed(run, args.repeat)
        finally:
            os.environ.pop(START_METHOD_VARIABLE, None)
        rows.append((label, wall, cpu))
        games.append(played)

    from distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        rb.tournament(BOTS, client=client, **{**common, "games": 2})  # warm the workers' imports

        def cluster_cpu() -> float:
            return own_cpu() + sum(client.run(time.process_time).values())

        wall, cpu, played = timed(lambda: rb.tournament(BOTS, client=client, **common), args.repeat, cluster_cpu)
    rows.append(("dask LocalCluster(2)", wall, cpu))
    games.append(played)

    same = all(g.equals(games[0]) for g in games[1:])
    turns = games[0]["turns"]
    print(
        f"classic, 4 Aggressive bots, {args.games} games (median {turns.median():.0f} player turns), "
        f"median of {args.repeat} runs; identical games in every run: {same}"
    )
    print(f"{'how':<22}{'wall s':>8}{'games/s':>9}{'× workers=1':>13}{'CPU s':>8}{'CPU × workers=1':>17}")
    base_wall, base_cpu = rows[0][1], rows[0][2]
    for label, wall, cpu in rows:
        print(
            f"{label:<22}{wall:>8.2f}{args.games / wall:>9.1f}{base_wall / wall:>13.2f}{cpu:>8.2f}{cpu / base_cpu:>17.2f}"
        )


if __name__ == "__main__":
    main()
