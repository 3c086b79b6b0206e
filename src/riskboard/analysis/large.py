"""Battles too big for the odds table (more than ``MAX_ARMIES`` a side, up to the engine's
``MAX_UNITS``): the battle's probability moved forwards one anti-diagonal at a time.

The table (``table.py``) keeps every battle up to its size, which at 5,000 v 4,000 would be 20
million battles and 640 MB. One battle needs far less: every throw removes ``min(m, n)`` armies
(``m``, ``n`` the dice rolled), so the probability of being at ``(a, d)`` after some throws can be
moved from the anti-diagonal ``a + d`` to earlier ones, keeping only the few anti-diagonals a throw
reaches (memory of a few times the attackers). Where both sides roll the most dice (all but a few
battles on each anti-diagonal) one throw moves a whole slice at once with numpy; the few edge
battles, where a side rolls fewer dice, are moved one by one. The mass that reaches a side's last
army is the answer: P(conquer), and the expected armies each side keeps.

Accuracy: every step adds non-negative float64 terms (no subtraction, no division), so the
relative error grows at most with the number of steps, about ``(A + D) * 1e-16``: below ``1e-11``
for any battle the engine allows. The tests compare it with the table at the switch-over size
and with the exact fractions on small battles. 5,000 v 4,000 takes a fraction of a second.

>>> p, losses_a, losses_d = large_battle(10, 10, Rules())
>>> round(p, 6)
0.567593
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from riskboard.analysis.exact import dice, full_dice, throw
from riskboard.engine.combat import Rules

Ends = tuple[np.ndarray, np.ndarray]
"""How a battle ends: P(attacker conquers with a left), by a (index 0 unused); P(defender holds
with d left), by d (index 0 unused)."""


@lru_cache(maxsize=512)
def _float_throw(attack: int, defend: int, rules: Rules) -> tuple[tuple[int, int, float], ...]:
    """One throw's (attacker losses, defender losses, probability), in floats."""
    return tuple((i, j, float(p)) for (i, j), p in throw(attack, defend, rules).items())


@lru_cache(maxsize=16)
def large_ends(attackers: int, defenders: int, rules: Rules) -> Ends:
    """The end states of the battle of ``attackers`` (that may roll) against ``defenders``, as two
    read-only arrays (see ``Ends``); both sides at least 1."""
    na, nd = attackers, defenders
    full_a, full_d = full_dice(rules)
    bulk = _float_throw(*dice(full_a, full_d, rules), rules)
    k = bulk[0][0] + bulk[0][1]  # the armies every full throw removes
    conquered = np.zeros(na + 1)
    held = np.zeros(nd + 1)
    diagonals: dict[int, np.ndarray] = {}  # a + d -> mass by a
    start = np.zeros(na + 1)
    start[na] = 1.0
    diagonals[na + nd] = start
    for s in range(na + nd, 0, -1):
        mass = diagonals.pop(s, None)
        if mass is None:
            continue
        if s <= nd:  # (0, s): the attacker has nothing left
            held[s] += mass[0]
        if s <= na:  # (s, 0): the defender has nothing left
            conquered[s] += mass[s]
        lo, hi = max(1, s - nd), min(na, s - 1)
        if lo > hi:
            continue
        blo, bhi = max(full_a, lo), min(hi, s - full_d)
        if blo <= bhi:
            here = mass[blo : bhi + 1]
            after = diagonals.get(s - k)
            if after is None:
                after = diagonals[s - k] = np.zeros(na + 1)
            for i, _j, p in bulk:
                after[blo - i : bhi + 1 - i] += p * here
            edge = [*range(lo, blo), *range(bhi + 1, hi + 1)]
        else:
            edge = list(range(lo, hi + 1))
        for a in edge:
            q = float(mass[a])
            if not q:
                continue
            for i, j, p in _float_throw(*dice(a, s - a, rules), rules):
                after = diagonals.get(s - i - j)
                if after is None:
                    after = diagonals[s - i - j] = np.zeros(na + 1)
                after[a - i] += q * p
    for array in (conquered, held):
        array.flags.writeable = False
    return conquered, held


BELOW_ONE = float(np.nextafter(1.0, 0.0))
"""The largest float below 1: a probability that is not exactly 1 reads at most this."""


def large_battle(attackers: int, defenders: int, rules: Rules) -> tuple[float, float, float]:
    """P(conquer), E[attacker losses], E[defender losses] of one battle (both sides at least 1).
    P(conquer) is 1.0 only where no throw can cost the attacker an army, never by rounding."""
    conquered, held = large_ends(attackers, defenders, rules)
    p_win = float(conquered.sum())
    if _attacker_can_lose(rules):
        p_win = min(p_win, BELOW_ONE)
    kept_a = float(conquered @ np.arange(attackers + 1))
    kept_d = float(held @ np.arange(defenders + 1))
    return p_win, attackers - kept_a, defenders - kept_d


@lru_cache(maxsize=64)
def _attacker_can_lose(rules: Rules) -> bool:
    """Whether some throw under ``rules`` costs the attacker an army (then the defender may hold)."""
    return any(
        i > 0
        for m in range(1, rules.attack_dice + 1)
        for n in range(1, rules.defence_dice + 1)
        for (i, _j) in throw(m, n, rules)
    )
