"""How promptly Ctrl-C stops a tournament: seconds from SIGINT (sent to the main thread, as a
terminal sends it) to ``TournamentInterrupted`` in the caller, workers reaped, for a tournament
whose bot sleeps for an hour in one decision with no time limit, played in this process
(``workers=1``), in forked workers and in spawned ones (``workers=2``). Medians of ``--repeat``
runs; on a shared, loaded machine the figures are upper bounds of what an idle one shows.

Run:  python benchmarks/tournament_interrupt.py [--repeat R]   (POSIX: uses pthread_kill)
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
import statistics
import threading
import time
from typing import Any

import riskboard as rb
from riskboard.tournaments import TournamentInterrupted
from riskboard.tournaments.pool import START_METHOD_VARIABLE


class Sleeper:
    """Plays like Aggressive until its first attack decision, then sleeps for an hour."""

    def __init__(self, seed: int | None = None) -> None:
        self.inner = rb.bots.Aggressive(seed=seed)

    def act(self, view: rb.PlayerView) -> Any:
        if view.pending.decision == "attack":
            time.sleep(3600)
        return self.inner.act(view)


def stop_time(workers: int, delay: float) -> float:
    """Seconds from Ctrl-C to the tournament's return, Ctrl-C sent ``delay`` seconds in."""
    sent: list[float] = []

    def ctrl_c() -> None:
        time.sleep(delay)
        sent.append(time.perf_counter())
        signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)

    thread = threading.Thread(target=ctrl_c, daemon=True)
    thread.start()
    bots = {"a": rb.bots.Aggressive, "b": rb.bots.Aggressive, "sleeper": Sleeper}
    try:
        rb.tournament(bots, games=6, players=2, workers=workers, time_limit=None, max_turns=30, progress=False)
    except TournamentInterrupted:
        stopped = time.perf_counter()
    else:
        raise AssertionError("the tournament finished before Ctrl-C")
    thread.join()
    assert multiprocessing.active_children() == []
    return stopped - sent[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"seconds from Ctrl-C to TournamentInterrupted, median (max) of {args.repeat} runs")
    for label, workers, method, delay in (
        ("workers=1 (in process)", 1, None, 1.0),
        ("workers=2, fork", 2, "fork", 1.0),
        ("workers=2, spawn", 2, "spawn", 4.0),
    ):
        if method is not None:
            os.environ[START_METHOD_VARIABLE] = method
        try:
            times = [stop_time(workers, delay) for _ in range(args.repeat)]
        finally:
            os.environ.pop(START_METHOD_VARIABLE, None)
        print(f"{label:<24}{statistics.median(times):>8.3f}{max(times):>8.3f}")


if __name__ == "__main__":
    main()
