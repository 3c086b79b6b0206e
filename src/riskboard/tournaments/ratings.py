"""The ratings of a tournament table: Bradley–Terry strengths on the Elo scale, deterministic (no
order of games, no generator). The win rates' Wilson intervals are ``riskboard.analysis.stats``.

Multi-player games become pairwise comparisons: each seat gets a rank (2 won or shared the win,
1 drew or saw another bot forfeit, 0 lost or forfeited); of two seats the higher rank beats the
lower, equal ranks 1 or 2 draw (half a win each) and two losers are not compared: losing to the
same winner says nothing about each other.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

ELO_SCALE = 400 / math.log(10)
"""Elo points per unit of natural-log strength: 400 points is a factor of 10 in the odds."""

ELO_BASE = 1500.0


Pair = tuple[str, str, float]
"""``(a, b, score of a)``: 1 a beat b, 0.5 a draw, 0 b beat a."""


def pairwise(ranks: Mapping[str, int]) -> list[Pair]:
    """The comparisons of one game from its seats' ranks (module docstring).

    >>> pairwise({"a": 2, "b": 0, "c": 0})
    [('a', 'b', 1.0), ('a', 'c', 1.0)]
    """
    seats = list(ranks)
    out: list[Pair] = []
    for i, a in enumerate(seats):
        for b in seats[i + 1 :]:
            ra, rb = ranks[a], ranks[b]
            if ra != rb:
                out.append((a, b, 1.0 if ra > rb else 0.0))
            elif ra > 0:
                out.append((a, b, 0.5))
    return out


def bradley_terry(
    names: Sequence[str], pairs: Iterable[Pair], prior: float = 1.0, tol: float = 1e-10, max_iter: int = 100_000
) -> dict[str, float]:
    """Elo-scale ratings fitted by maximum likelihood to ``pairs`` under the Bradley–Terry model
    (P(a beats b) = s_a / (s_a + s_b), a draw counting half a win each), with Hunter's
    minorize–maximize iteration.

    ``prior`` adds that many virtual drawn games of each bot against a reference of rating
    ``ELO_BASE``: it keeps a bot that never won (or never lost) finite and anchors the scale.
    With ``prior=0`` the ratings are centred on ``ELO_BASE`` instead (they must then be
    connected by comparisons, and no bot may win or lose all of them).
    """
    wins: dict[str, float] = dict.fromkeys(names, prior / 2)
    meetings: dict[str, dict[str, float]] = {n: defaultdict(float) for n in names}
    for a, b, score in pairs:
        wins[a] += score
        wins[b] += 1.0 - score
        meetings[a][b] += 1.0
        meetings[b][a] += 1.0
    strength = dict.fromkeys(names, 1.0)
    for _ in range(max_iter):
        new: dict[str, float] = {}
        for n in names:
            denominator = prior / (strength[n] + 1.0) + sum(
                k / (strength[n] + strength[m]) for m, k in meetings[n].items()
            )
            new[n] = wins[n] / denominator if denominator > 0 else 1.0
        if prior == 0:  # the model fixes only ratios: pin the geometric mean
            mean_log = sum(math.log(v) for v in new.values()) / len(new)
            new = {n: v / math.exp(mean_log) for n, v in new.items()}
        change = max(abs(math.log(new[n] / strength[n])) for n in names)
        strength = new
        if change < tol:
            break
    return {n: ELO_BASE + ELO_SCALE * math.log(strength[n]) for n in names}


def expected_score(elo_a: float, elo_b: float) -> float:
    """The Bradley–Terry (Elo) expected score of a against b.

    >>> expected_score(1500, 1500)
    0.5
    """
    return 1.0 / (1.0 + 10 ** ((elo_b - elo_a) / 400))
