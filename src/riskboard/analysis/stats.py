"""Interval estimates for a share of successes, stated once: the sampler's estimate of a win
chance and a tournament's win rates use the same Wilson interval."""

from __future__ import annotations

import math
from statistics import NormalDist

Z95 = 1.959963984540054
"""The standard normal quantile of 97.5 %: a 95 % interval is ±Z95 standard errors."""


def z_for(level: float) -> float:
    """The standard normal quantile of a two-sided interval at ``level`` (0.95 → ``Z95``)."""
    if not 0 < level < 1:
        raise ValueError(f"level must be between 0 and 1 (e.g. 0.95), got {level!r}")
    return Z95 if level == 0.95 else NormalDist().inv_cdf(0.5 + level / 2)


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` in ``trials``: unlike ``p ± z·se`` it stays
    inside [0, 1] and is honest for small samples and shares near 0 or 1. ``(0, 1)`` when there
    were no trials.

    >>> [round(x, 4) for x in wilson(7, 10)]
    [0.3968, 0.8922]
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = p + z2 / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    scale = 1 + z2 / trials
    # the bounds hold p exactly (at p = 0 or 1 rounding would otherwise leave it a hair outside)
    return min(p, max(0.0, (centre - spread) / scale)), max(p, min(1.0, (centre + spread) / scale))
