"""Whole battles drawn at once (``rb.sample_battles``) against battles thrown one by one by the engine.

Prints, for battles of 10 attacking armies against 10 defending (printed rules):
  - ``rb.sample_battles(10, 10, 1_000_000)``: battles per second, the median of several runs (the
    end-state distribution already kept), and the first call's cost (distribution built);
  - the engine's blitz, throw by throw: a scenario game per battle (Ada's alaska of 11 against Bo's
    kamchatka of 10, seed i), built before the clock starts, then ``game.push(Blitz(...))`` timed;
    the median battles per second of several runs;
  - the ratio of the two;
  - for arrays of different battles: 1,000,000 battles of 1..30 against 1..30 (900 distinct pairs),
    the median battles per second with the distributions kept, and the first run (all 900 built).

Run:  python benchmarks/sampler.py [--battles N] [--blitzes N] [--repeat R]
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

import riskboard as rb
from riskboard.analysis import sampler


def sampler_rate(battles: int, repeat: int) -> tuple[float, float]:
    """(median battles/s over ``repeat`` runs, seconds of the first call with nothing kept)."""
    sampler._KEPT.clear()
    t0 = time.perf_counter()
    rb.sample_battles(10, 10, 1, seed=0)
    first = time.perf_counter() - t0
    rates = []
    for i in range(repeat):
        t0 = time.perf_counter()
        rb.sample_battles(10, 10, battles, seed=i)
        rates.append(battles / (time.perf_counter() - t0))
    return statistics.median(rates), first


def mixed_rate(battles: int, repeat: int) -> tuple[float, float]:
    """(median battles/s of arrays of 1..30 v 1..30 battles, the first run's battles/s with nothing kept)."""
    gen = np.random.default_rng(0)
    attackers, defenders = gen.integers(1, 31, battles), gen.integers(1, 31, battles)
    sampler._KEPT.clear()
    rates = []
    for i in range(repeat + 1):
        t0 = time.perf_counter()
        rb.sample_battles(attackers, defenders, seed=i)
        rates.append(battles / (time.perf_counter() - t0))
    return statistics.median(rates[1:]), rates[0]


def blitz_rate(battles: int, repeat: int) -> float:
    """The median battles/s of the engine's blitz over ``repeat`` runs of ``battles`` games."""
    ids = rb.load_map("world").ids
    pos = {t: (("Bo", "Cy")[i % 2], 1) for i, t in enumerate(ids)}
    pos.update(alaska=("Ada", 11), kamchatka=("Bo", 10))
    blitz = rb.Blitz("alaska", "kamchatka")
    rates = []
    for r in range(repeat):
        games = [
            rb.new_game(
                "classic", players=["Ada", "Bo", "Cy"], position=pos, current_player="Ada", phase="attack", seed=s
            )
            for s in range(r * battles, (r + 1) * battles)
        ]
        t0 = time.perf_counter()
        for game in games:
            game.push(blitz)
        rates.append(battles / (time.perf_counter() - t0))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--battles", type=int, default=1_000_000, help="battles per sampler run (default 1,000,000)")
    parser.add_argument("--blitzes", type=int, default=5_000, help="battles per blitz run (default 5,000)")
    parser.add_argument("--repeat", type=int, default=7, help="runs of each (default 7)")
    args = parser.parse_args()
    fast, first = sampler_rate(args.battles, args.repeat)
    slow = blitz_rate(args.blitzes, args.repeat)
    print(f"10 v 10, printed rules, median of {args.repeat} runs")
    print(f"  sample_battles ({args.battles:,} a run):  {fast:>14,.0f} battles/s")
    print(f"    first call (distribution built):   {first * 1e3:>14.2f} ms")
    print(f"  engine blitz ({args.blitzes:,} a run):      {slow:>14,.0f} battles/s")
    print(f"  ratio sampler / blitz:               {fast / slow:>14,.0f} ×")
    mixed, cold = mixed_rate(args.battles, args.repeat)
    print(f"arrays of 1..30 v 1..30 ({args.battles:,} a run, 900 distinct battles)")
    print(f"  sample_battles, kept:                {mixed:>14,.0f} battles/s")
    print(f"  sample_battles, first run:           {cold:>14,.0f} battles/s")


if __name__ == "__main__":
    main()
