"""Exact odds of a whole battle when dice are capped or modified (Balance of Power: at most 2
dice against difficult terrain, an airfield's +1 on the highest die, recon rerolls of the
attacker's 1s): the odds the board shows on its targets, and a lesson on what an airfield is worth.

Without a cap or modifier this is ``rb.battle_odds``; with them each throw is enumerated
exactly (at most 6^5 raw outcomes) and the battle is solved from small battles up, as there.

>>> from riskboard.analysis.odds import battle_odds
>>> battle_p_win(5, 3) == battle_odds(5, 3).p_win
True
>>> battle_p_win(5, 3, max_dice=2) < battle_p_win(5, 3)
True
>>> battle_p_win(5, 3, attack_bonus=True) > battle_p_win(5, 3)
True
"""

from __future__ import annotations

import math
from collections import defaultdict
from functools import lru_cache
from itertools import product

from riskboard.analysis.odds import battle_odds

Dist = tuple[tuple[tuple[int, ...], float], ...]


@lru_cache(maxsize=64)
def _side(n: int, bonus: bool, rerolls: int) -> Dist:
    """Sorted (high to low) dice of one side with their probabilities: ``rerolls`` of the 1s
    rerolled until they show 2–6 (so uniform on 2–6), then +1 on the highest die if ``bonus``."""
    out: dict[tuple[int, ...], float] = defaultdict(float)
    for raw in product(range(1, 7), repeat=n):
        dice = sorted(raw, reverse=True)
        ones = min(dice.count(1), rerolls)
        keep = dice[: n - ones]
        p = (1 / 6) ** n
        for new in product(range(2, 7), repeat=ones):
            final = sorted((*keep, *new), reverse=True)
            if bonus:
                final[0] += 1
            out[tuple(final)] += p * (1 / 5) ** ones
    return tuple(out.items())


@lru_cache(maxsize=256)
def _throw(a: int, d: int, a_bonus: bool, d_bonus: bool, rerolls: int) -> tuple[tuple[int, int, float], ...]:
    """(attacker losses, defender losses, probability) of one throw; ties go to the defender."""
    out: dict[tuple[int, int], float] = defaultdict(float)
    for att, pa in _side(a, a_bonus, rerolls):
        for de, pd in _side(d, d_bonus, 0):
            lost_a = lost_d = 0
            for x, y in zip(att, de):
                if x > y:
                    lost_d += 1
                else:
                    lost_a += 1
            out[lost_a, lost_d] += pa * pd
    return tuple((i, j, p) for (i, j), p in out.items())


@lru_cache(maxsize=4096)
def battle_p_win(
    attackers: int,
    defenders: int,
    *,
    max_dice: int = 3,
    attack_bonus: bool = False,
    defend_bonus: bool = False,
    rerolls: int = 0,
) -> float:
    """The chance that ``attackers`` (units that may roll) conquer ``defenders``, throwing the
    most dice allowed (``max_dice``) every time, the defender always rolling 2 when it can."""
    if max_dice >= 3 and not (attack_bonus or defend_bonus or rerolls):
        return battle_odds(attackers, defenders).p_win
    return _solve(attackers, defenders, max_dice, attack_bonus, defend_bonus, rerolls)


def _solve(
    attackers: int, defenders: int, max_dice: int, attack_bonus: bool, defend_bonus: bool, rerolls: int
) -> float:
    if defenders == 0:
        return 1.0
    win = [[0.0] * (defenders + 1) for _ in range(attackers + 1)]
    for a in range(attackers + 1):
        for d in range(defenders + 1):
            if d == 0:
                win[a][d] = 1.0
            elif a:
                throw = _throw(min(max_dice, a), min(2, d), attack_bonus, defend_bonus, rerolls)
                win[a][d] = sum(p * win[a - i][d - j] for i, j, p in throw)
    # a defender can win every throw, so a battle is never certain: keep float error from saying so
    return min(win[attackers][defenders], math.nextafter(1.0, 0.0))
