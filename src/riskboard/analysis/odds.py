"""Exact odds, by enumeration and by the battle's absorbing Markov chain (no sampling).

``throw_odds(a, d)`` enumerates every face of every die of one throw; ``battle_odds(A, D)`` solves
the whole battle in exact rationals, both sides always rolling the most dice allowed. ``A`` counts
the armies that may attack: a territory holding 10 armies has ``A = 9`` (one must stay behind).
The numbers match TEACHING.md (Osborne 2003; e.g. ``battle_odds(10, 10).p_win ≈ 0.5676``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product

from riskboard.engine.combat import compare

MAX_ARMIES = 1000


@dataclass(frozen=True)
class ThrowOdds:
    """One throw of ``attack`` against ``defend`` dice: P(attacker loses i, defender loses j)."""

    attack: int
    defend: int
    outcomes: dict[tuple[int, int], Fraction]

    @property
    def attacker_takes_all(self) -> Fraction:
        """The defender loses every compared pair."""
        pairs = min(self.attack, self.defend)
        return self.outcomes.get((0, pairs), Fraction(0))

    @property
    def defender_takes_all(self) -> Fraction:
        pairs = min(self.attack, self.defend)
        return self.outcomes.get((pairs, 0), Fraction(0))

    @property
    def split(self) -> Fraction:
        """One army lost on each side (only when two pairs are compared)."""
        return self.outcomes.get((1, 1), Fraction(0))

    @property
    def expected_attacker_loss(self) -> Fraction:
        return sum((p * i for (i, _), p in self.outcomes.items()), Fraction(0))

    @property
    def expected_defender_loss(self) -> Fraction:
        return sum((p * j for (_, j), p in self.outcomes.items()), Fraction(0))


@lru_cache(maxsize=None, typed=True)
def throw_odds(attack: int, defend: int, sides: int = 6) -> ThrowOdds:
    """Exact loss distribution of one throw (every face of every die enumerated).

    >>> throw_odds(3, 2).attacker_takes_all
    Fraction(1445, 3888)
    """
    if not (1 <= attack <= 3 and 1 <= defend <= 2):
        raise ValueError(f"a throw is 1 to 3 attacking dice against 1 or 2 defending dice, got {attack} v {defend}")
    counts: dict[tuple[int, int], int] = {}
    for faces in product(range(1, sides + 1), repeat=attack + defend):
        key = compare(faces[:attack], faces[attack:])
        counts[key] = counts.get(key, 0) + 1
    total = sides ** (attack + defend)
    return ThrowOdds(attack, defend, {k: Fraction(v, total) for k, v in sorted(counts.items())})


@dataclass(frozen=True)
class BattleOdds:
    """A whole battle, both sides always rolling the most dice allowed."""

    attackers: int
    defenders: int
    p_win_exact: Fraction
    """Probability that the attacker conquers the territory."""
    expected_attacker_losses: float
    expected_defender_losses: float

    @property
    def p_win(self) -> float:
        """Probability of conquering, as a float (``p_win_exact`` is the fraction)."""
        return float(self.p_win_exact)

    @property
    def p_lose(self) -> float:
        return 1.0 - self.p_win

    def __str__(self) -> str:
        return (
            f"{self.attackers} attacking v {self.defenders} defending: conquers with probability "
            f"{self.p_win:.1%}; expected losses {self.expected_attacker_losses:.2f} v {self.expected_defender_losses:.2f}"
        )


@lru_cache(maxsize=4096, typed=True)
def battle_odds(attackers: int, defenders: int) -> BattleOdds:
    """Exact odds of a whole battle. ``attackers`` = armies that may roll (the source keeps one more).

    >>> round(battle_odds(attackers=5, defenders=3).p_win, 6)
    0.769375
    """
    for name, value in (("attackers", attackers), ("defenders", defenders)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0 or value > MAX_ARMIES:
            raise ValueError(f"{name} must be a whole number from 0 to {MAX_ARMIES}, got {value!r}")
    if defenders == 0:
        return BattleOdds(attackers, 0, Fraction(1), 0.0, 0.0)
    if attackers == 0:
        return BattleOdds(0, defenders, Fraction(0), 0.0, 0.0)
    p, la, ld = _solve(attackers, defenders)
    return BattleOdds(attackers, defenders, p, float(la), float(ld))


def _solve(attackers: int, defenders: int) -> tuple[Fraction, Fraction, Fraction]:
    """P(conquer), E[attacker losses], E[defender losses], by dynamic programming from small
    battles up (iterative, so large battles do not hit the recursion limit)."""
    win: dict[tuple[int, int], Fraction] = {}
    loss_a: dict[tuple[int, int], Fraction] = {}
    loss_d: dict[tuple[int, int], Fraction] = {}
    zero = Fraction(0)
    for a in range(attackers + 1):
        for d in range(defenders + 1):
            if d == 0:
                win[a, d], loss_a[a, d], loss_d[a, d] = Fraction(1), zero, zero
                continue
            if a == 0:
                win[a, d], loss_a[a, d], loss_d[a, d] = zero, zero, zero
                continue
            odds = throw_odds(min(3, a), min(2, d))
            w = la = ld = zero
            for (i, j), p in odds.outcomes.items():
                nxt = (a - i, d - j)
                w += p * win[nxt]
                la += p * (i + loss_a[nxt])
                ld += p * (j + loss_d[nxt])
            win[a, d], loss_a[a, d], loss_d[a, d] = w, la, ld
    key = (attackers, defenders)
    return win[key], loss_a[key], loss_d[key]
