"""The exact pieces both the battle odds (``odds.py``) and the odds table (``table.py``) are built
from, so that neither imports the other's insides: one side's dice and one throw's loss
distribution under any ``Rules`` (dice of one size or mixed, bonuses, rerolls), the dice a battle
throws (asked of ``Rules``, never restated), and the whole battle solved in exact rationals.

>>> throw(3, 2, PRINTED)[(0, 2)]
Fraction(1445, 3888)
>>> dice(1, 5, PRINTED), dice(9, 1, PRINTED), full_dice(PRINTED)
((1, 2), (3, 1), (3, 2))
"""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, product

from riskboard.engine.combat import MOST_DICE, Rules

MAX_ARMIES = 1000
"""The most armies a side of a battle the odds are worked out for may have."""
PRINTED = Rules()
"""The printed rules: the odds' default."""

Side = tuple[tuple[tuple[int, ...], Fraction], ...]
"""One side's throw: each way its dice can end up (sorted high to low) with its probability."""


def dice(attackers: int, defenders: int, rules: Rules) -> tuple[int, int]:
    """The dice a throw of ``attackers`` (armies that may roll: their territory holds one more)
    against ``defenders`` rolls, each side the most ``rules`` allow."""
    return rules.attacking(attackers + 1), rules.defending(defenders)


@lru_cache(maxsize=256)
def full_dice(rules: Rules) -> tuple[int, int]:
    """The fewest attackers (that may roll) and defenders that roll the most dice ``rules`` allow
    each side: from there on every throw of a battle is the same throw."""
    most_a, most_d = dice(MAX_ARMIES, MAX_ARMIES, rules)
    attackers = next(a for a in range(1, MOST_DICE + 2) if dice(a, 1, rules)[0] == most_a)
    defenders = next(d for d in range(1, MOST_DICE + 2) if dice(1, d, rules)[1] == most_d)
    return attackers, defenders


SIDES_KEPT = 64
"""Sides kept by ``side`` and by ``mixed_side`` (each; the least recently used dropped first). A
table's throws use a handful per rules, and ``throw`` keeps what is made of them."""
BIG_SIDE = 2000
"""Sides of more outcomes than this (multisets of faces, or for mixed dice ordered rolls) are made
again when asked, not kept: six d20 are 177,100 multisets, 41 MB and seconds to make, and even a
bounded number of them kept would be gigabytes. The kept ones are at most 0.5 MB each."""


def side(n: int, sides: int, bonus: int, rerolls: int) -> Side:
    """The sorted dice of one side of ``n`` dice: each multiset of faces weighted by how many of the
    ``sides ** n`` ordered rolls give it; ``rerolls`` of its 1s rolled again until they show 2 or
    more (so uniform on 2..sides), then ``bonus`` added to the highest die. Kept unless big."""
    if math.comb(n + sides - 1, n) > BIG_SIDE:
        return make_side(n, sides, bonus, rerolls)
    return kept_side(n, sides, bonus, rerolls)


def make_side(n: int, sides: int, bonus: int, rerolls: int) -> Side:
    """``side``, made."""
    out: dict[tuple[int, ...], Fraction] = defaultdict(Fraction)
    total = sides**n
    for faces in combinations_with_replacement(range(sides, 0, -1), n):  # high to low
        ways = math.factorial(n)
        for v in set(faces):
            ways //= math.factorial(faces.count(v))
        p = Fraction(ways, total)
        ones = min(faces.count(1), rerolls)
        kept = faces[: n - ones]
        for new in product(range(2, sides + 1), repeat=ones):
            final = sorted((*kept, *new), reverse=True)
            final[0] += bonus
            out[tuple(final)] += p / (sides - 1) ** ones
    return tuple(out.items())


kept_side = lru_cache(maxsize=SIDES_KEPT)(make_side)


@lru_cache(maxsize=512)
def throw(attack: int, defend: int, rules: Rules) -> dict[tuple[int, int], Fraction]:
    """(attacker losses, defender losses) → probability of one throw under ``rules``."""
    counts: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for att, pa in side(attack, rules.sides, rules.attack_bonus, rules.rerolls):
        for de, pd in side(defend, rules.sides, rules.defence_bonus, 0):
            counts[rules.compare(att, de)] += pa * pd
    return dict(sorted(counts.items()))


def mixed_side(faces: tuple[int, ...], bonus: int, rerolls: int) -> Side:
    """``side`` for dice of the given faces (sorted high to low), e.g. ``(8, 6, 6)``: dice all of
    one size are ``side``'s; mixed ones are every ordered roll counted, sorted high to low, then
    ``bonus`` added to the highest die. Rerolls of mixed dice are refused (which 1s to roll again
    is not defined), by ``throw_odds`` and ``battle_odds`` before they get here. Kept unless big."""
    if len(set(faces)) == 1:
        return side(len(faces), faces[0], bonus, rerolls)
    if math.prod(faces) > BIG_SIDE:
        return make_mixed_side(faces, bonus, rerolls)
    return kept_mixed_side(faces, bonus, rerolls)


def make_mixed_side(faces: tuple[int, ...], bonus: int, rerolls: int) -> Side:
    """``mixed_side`` of mixed faces, made."""
    if rerolls:
        raise ValueError("rerolls (recon) are only defined for dice all of one size")
    counts: dict[tuple[int, ...], int] = defaultdict(int)
    for roll in product(*(range(1, f + 1) for f in faces)):
        final = sorted(roll, reverse=True)
        final[0] += bonus
        counts[tuple(final)] += 1
    total = math.prod(faces)
    return tuple((dice, Fraction(n, total)) for dice, n in counts.items())


kept_mixed_side = lru_cache(maxsize=SIDES_KEPT)(make_mixed_side)


@lru_cache(maxsize=512)
def throw_faces(attack: tuple[int, ...], defend: tuple[int, ...], rules: Rules) -> dict[tuple[int, int], Fraction]:
    """``throw`` for dice of the given faces (each side's sorted high to low); ``rules.sides`` is
    not read, the faces say it."""
    counts: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for att, pa in mixed_side(attack, rules.attack_bonus, rules.rerolls):
        for de, pd in mixed_side(defend, rules.defence_bonus, 0):
            counts[rules.compare(att, de)] += pa * pd
    return dict(sorted(counts.items()))


@lru_cache(maxsize=1024)
def exact_p_win(attackers: int, defenders: int, rules: Rules) -> Fraction:
    """P(conquer) in exact rationals, both sides rolling the most dice allowed (no leaders)."""
    if defenders == 0:
        return Fraction(1)
    if attackers == 0:
        return Fraction(0)
    return solve(attackers, defenders, rules)[0]


def solve(attackers: int, defenders: int, rules: Rules) -> tuple[Fraction, Fraction, Fraction]:
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
            # ``a`` may roll, so the territory holds a + 1 (one stays behind)
            outcomes = throw(*dice(a, d, rules), rules)
            w = la = ld = zero
            for (i, j), p in outcomes.items():
                nxt = (a - i, d - j)
                w += p * win[nxt]
                la += p * (i + loss_a[nxt])
                ld += p * (j + loss_d[nxt])
            win[a, d], loss_a[a, d], loss_d[a, d] = w, la, ld
    key = (attackers, defenders)
    return win[key], loss_a[key], loss_d[key]
