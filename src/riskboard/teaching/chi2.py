"""The χ² goodness-of-fit test, small and exact, so that a class's tally needs no scipy.

A χ² test with ``k`` degrees of freedom has the p-value ``Q(k / 2, x / 2)``, the regularized upper
incomplete gamma function. For the half-whole ``s = k / 2`` a χ² test always has, ``Q`` has a
closed form: ``Q(1, x) = e^-x`` and ``Q(1/2, x) = erfc(√x)``, and each step up adds one term,
``Q(s + 1, x) = Q(s, x) + x^s e^-x / Γ(s + 1)``.

>>> round(chi2_sf(3.841458820694124, 1), 12), round(chi2_sf(5.991464547107979, 2), 12)
(0.05, 0.05)
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def chi2_sf(statistic: float, df: int) -> float:
    """P(a χ² variable with ``df`` degrees of freedom is at least ``statistic``): the p-value."""
    if isinstance(df, bool) or not isinstance(df, int) or df < 1:
        raise ValueError(f"degrees of freedom must be a whole number of at least 1, got {df!r}")
    if statistic <= 0:
        return 1.0
    x = statistic / 2
    if df % 2 == 0:
        s, q = 1.0, math.exp(-x)
    else:
        s, q = 0.5, math.erfc(math.sqrt(x))
    while s < df / 2:
        q += math.exp(s * math.log(x) - x - math.lgamma(s + 1))
        s += 1
    return min(q, 1.0)


def chi2_statistic(observed: Sequence[float], expected: Sequence[float]) -> float:
    """Pearson's statistic, the sum of (observed − expected)² / expected over the outcomes."""
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected) if e > 0)
