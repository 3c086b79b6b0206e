"""Whole-battle odds at table speed: ``rb.odds_table`` and ``battle_odds(...).p_win``.

Prints medians (wall time, ``time.perf_counter``, in ms) of
  - the 500 × 500 table of the printed rules: its first build (no table kept; the throws' exact
    probabilities already known, as after any earlier table), the very first build in this process
    (one run) and a cached look-up (``rb.odds_table(500, 500)`` again);
  - for comparison, the same table by two dynamic programs written here: plain Python floats, and
    a straightforward numpy one (each anti-diagonal at once by fancy indexing, every cell's dice
    looked up) — with their ratios to ``rb.odds_table``;
  - one ``battle_odds(60, 40).p_win`` (the board's odds overlay): with no table kept (it builds
    the 64 × 64 one), with the table kept, and repeated (``battle_odds``' own cache), and the exact
    solver of that one battle (``p_win_exact``, what the overlay paid before) once.

Run:  python benchmarks/odds.py [--size N] [--repeat R]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np

import riskboard as rb
from riskboard.analysis import table as odds_tables
from riskboard.analysis.exact import solve, throw

RULES = rb.Rules()


def median_ms(fn: Callable[[], object], repeat: int, before: Callable[[], object] | None = None) -> float:
    times = []
    for _ in range(repeat):
        if before is not None:
            before()
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e3


def throws() -> dict[tuple[int, int], list[tuple[int, int, float]]]:
    """Each (attacking dice, defending dice): its outcomes as floats."""
    return {
        (m, n): [(i, j, float(p)) for (i, j), p in throw(m, n, RULES).items()]
        for m in range(1, RULES.attack_dice + 1)
        for n in range(1, RULES.defence_dice + 1)
    }


def python_dp(na: int, nd: int) -> list[list[float]]:
    """P(conquer) for the whole table in plain Python floats, cell by cell."""
    by_dice = throws()
    p = [[1.0] + [0.0] * nd for _ in range(na + 1)]
    for a in range(1, na + 1):
        m = RULES.attacking(a + 1)
        row = p[a]
        for d in range(1, nd + 1):
            row[d] = sum(w * p[a - i][d - j] for i, j, w in by_dice[m, RULES.defending(d)])
    return p


def numpy_dp(na: int, nd: int) -> np.ndarray:
    """P(conquer) for the whole table in numpy: each anti-diagonal at once, by fancy indexing,
    every cell's outcomes looked up by its dice (padded to the most outcomes)."""
    by_dice = throws()
    most = max(len(v) for v in by_dice.values())
    di = np.zeros((RULES.attack_dice + 1, RULES.defence_dice + 1, most), dtype=np.int64)
    dj = np.zeros_like(di)
    dw = np.zeros(di.shape)
    for (m, n), outs in by_dice.items():
        for o, (i, j, w) in enumerate(outs):
            di[m, n, o], dj[m, n, o], dw[m, n, o] = i, j, w
    p = np.zeros((na + 1, nd + 1))
    p[:, 0] = 1.0
    for s in range(2, na + nd + 1):
        a = np.arange(max(1, s - nd), min(na, s - 1) + 1)
        d = s - a
        m = np.minimum(a, RULES.attack_dice)
        n = np.minimum(d, RULES.defence_dice)
        ai = a[:, None] - di[m, n]
        dj_ = d[:, None] - dj[m, n]
        p[a, d] = (dw[m, n] * p[np.maximum(ai, 0), np.maximum(dj_, 0)]).sum(axis=1)
    return p


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=21)
    args = parser.parse_args()
    n, repeat = args.size, args.repeat

    def forget_tables() -> None:
        odds_tables._TABLES.clear()
        rb.battle_odds.cache_clear()

    forget_tables()
    t0 = time.perf_counter()
    table = rb.odds_table(n, n)
    very_first = (time.perf_counter() - t0) * 1e3
    first = median_ms(lambda: rb.odds_table(n, n), repeat, forget_tables)
    rb.odds_table(n, n)
    cached = median_ms(lambda: rb.odds_table(n, n), repeat * 10)
    slow_repeat = max(3, repeat // 7)
    python = median_ms(lambda: python_dp(n, n), slow_repeat)
    numpy = median_ms(lambda: numpy_dp(n, n), slow_repeat)
    assert np.allclose(python_dp(n, n), table.p_win, rtol=0, atol=1e-12)
    assert np.allclose(numpy_dp(n, n), table.p_win, rtol=0, atol=1e-12)

    print(f"{n} × {n} table, printed rules ({repeat} runs; medians, ms)")
    print(f"  rb.odds_table, first build:            {first:9.2f}")
    print(f"  rb.odds_table, first in this process:  {very_first:9.2f}  (one run)")
    print(f"  rb.odds_table, cached:                 {cached:9.4f}")
    print(
        f"  plain-Python float DP:                 {python:9.2f}  ({python / first:.0f}× rb.odds_table's first build)"
    )
    print(f"  numpy DP by fancy indexing:            {numpy:9.2f}  ({numpy / first:.1f}× rb.odds_table's first build)")

    def query() -> float:
        return rb.battle_odds(60, 40).p_win

    cold = median_ms(query, repeat, forget_tables)
    warm = median_ms(query, repeat * 10, rb.battle_odds.cache_clear)
    query()
    repeated = median_ms(query, repeat * 10)
    t0 = time.perf_counter()
    solve(60, 40, RULES)
    exact = (time.perf_counter() - t0) * 1e3
    print("battle_odds(60, 40).p_win (ms)")
    print(f"  no table kept (builds 64 × 64):        {cold:9.3f}")
    print(f"  table kept:                            {warm:9.4f}")
    print(f"  repeated (battle_odds' cache):         {repeated:9.4f}")
    print(f"  exact solver, p_win_exact (one run):   {exact:9.1f}")


if __name__ == "__main__":
    main()
