"""Whole-battle odds for every battle up to a size at once, in floats: ``odds_table``.

``battle_odds`` can solve one battle in exact fractions; an ``OddsTable`` holds all of them, 0..A
attacking armies against 0..D defending, as numpy float64 arrays from one dynamic program: each
throw removes ``min(m, n)`` armies (m, n the dice rolled), so a battle's next states lie on
earlier anti-diagonals ``a + d``, and every battle of one anti-diagonal that rolls the most dice
on both sides is solved by one vectorised step (the few battles with fewer dice, along the
table's edges, one by one). The throws are ``rules``' (dice, ties, sides, bonuses, rerolls: the
exact throw probabilities of ``exact.throw``, as floats), and so are the dice each battle rolls
(``exact.dice``: ``Rules.attacking`` and ``Rules.defending``). The 500 × 500 table of the printed rules
takes a few milliseconds.

Tables are kept per rules (what the dice do; a game's other rules do not change the odds) and
grown when a bigger battle is asked for; ``battle_odds(a, d).p_win`` reads the same tables.
A probability is ``1.0`` only where it is exactly 1 (the defender can never hold), never by
rounding; a probability below about 1e-308 reads 0.0.

>>> table = odds_table(10, 10)
>>> round(table[10, 10], 6), table.p_win.shape, table[3, 0], table[0, 3]
(0.567593, (11, 11), 1.0, 0.0)
>>> table.exact(2, 2)  # the exact solver, on request
Fraction(235, 648)
>>> round(odds_table(10, 10, rules=Rules(defence_dice=3))[10, 10], 4)
0.1902
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from riskboard.analysis.arguments import as_rules, whole
from riskboard.analysis.exact import MAX_ARMIES, PRINTED, dice, exact_p_win, full_dice, throw
from riskboard.engine.combat import Rules

MOST_TABLES = 32
"""Tables kept (one per rules, the least recently used dropped first)."""
MOST_CELLS = 2 * 1001 * 1001
"""Battles kept in all the tables together (32 bytes each: four float64 channels), 64 MB: two
tables of the largest size, or many of the sizes games use (65 × 65 to 513 × 513 in a long
tournament; Balance of Power's bonuses make a few per game). The least recently used tables are
dropped first, never the one just asked for; a dropped table costs its dynamic program again (0.3
to 0.7 s at the largest)."""
LEAST_ROOM = 64
"""``battle_odds`` grows a table to the next power of two at least this, for the battles that follow."""
BELOW_ONE = math.nextafter(1.0, 0.0)
"""The largest float below 1: a probability that is not exactly 1 reads at most this."""

Throw = tuple[tuple[tuple[int, int, float], ...], float, float]
"""One throw as floats: ((attacker losses, defender losses, probability), ...), E[attacker losses], E[defender losses]."""


@lru_cache(maxsize=256)
def _dice_rules(rules: Rules) -> Rules:
    """The rules that make the odds (the dice's): the key a table is kept under."""
    return Rules(
        attack_dice=rules.attack_dice,
        defence_dice=rules.defence_dice,
        ties=rules.ties,
        sides=rules.sides,
        attack_bonus=rules.attack_bonus,
        defence_bonus=rules.defence_bonus,
        rerolls=rules.rerolls,
    )


@lru_cache(maxsize=256)
def _float_throw(attack: int, defend: int, rules: Rules) -> Throw:
    """``exact.throw`` with float probabilities, and its expected losses (from the exact fractions)."""
    exact = throw(attack, defend, rules)
    losses_a = sum((p * i for (i, _), p in exact.items()), Fraction(0))
    losses_d = sum((p * j for (_, j), p in exact.items()), Fraction(0))
    return tuple((i, j, float(p)) for (i, j), p in exact.items()), float(losses_a), float(losses_d)


def _build(max_attackers: int, max_defenders: int, rules: Rules) -> np.ndarray:
    """The table's channels, shape (4, A + 1, D + 1), read-only: P(conquer), E[attacker losses],
    E[defender losses], and the number of ways the defender can hold (0 where it never can; it
    may overflow to inf, which is still not 0)."""
    na, nd = max_attackers, max_defenders
    full_a, full_d = full_dice(rules)  # from these on, both sides roll the most dice
    # Worked on anti-diagonals: skewed[s, a] is the battle of a against s - a, so that each
    # anti-diagonal is contiguous; a throw's next battles are a fixed shift of an earlier one.
    skewed = np.zeros((na + nd + 1, na + 1, 4))
    a_all = np.arange(na + 1)
    skewed[a_all, a_all, 0] = 1.0  # the defenders are gone: conquered
    skewed[1:, 0, 3] = 1.0  # nothing left to attack with: the defender holds

    # The battles along the edges, where a side rolls fewer than the most dice (a < full_a or
    # d < full_d): one by one, row by row (each depends only on such battles and the table's edges).
    width = nd + 1
    win: dict[int, float] = {a * width: 1.0 for a in range(na + 1)}
    win.update((d, 0.0) for d in range(1, nd + 1))
    loss_a = dict.fromkeys(win, 0.0)
    loss_d = dict.fromkeys(win, 0.0)
    holds = dict.fromkeys(win, 0.0)
    holds.update((d, 1.0) for d in range(1, nd + 1))
    cells: list[tuple[int, int, int]] = []
    throws: dict[tuple[int, int], Throw] = {}  # by the dice rolled: a handful of throws
    for a in range(1, na + 1):
        for d in range(1, (nd if a < full_a else min(full_d - 1, nd)) + 1):
            rolled = dice(a, d, rules)
            thrown = throws.get(rolled)
            if thrown is None:
                thrown = throws[rolled] = _float_throw(*rolled, rules)
            outcomes, ea, ed = thrown
            idx = a * width + d
            w = la = ld = h = 0.0
            for i, j, p in outcomes:
                nxt = idx - i * width - j
                w += p * win[nxt]
                la += p * loss_a[nxt]
                ld += p * loss_d[nxt]
                h += holds[nxt]
            win[idx], loss_a[idx], loss_d[idx], holds[idx] = w, ea + la, ed + ld, h
            cells.append((a, d, idx))
    if cells:
        a_at, d_at, idx_at = np.array(cells).T
        skewed[a_at + d_at, a_at] = [[win[i], loss_a[i], loss_d[i], holds[i]] for i in idx_at.tolist()]

    # The rest, both sides rolling the most dice: one anti-diagonal s = a + d at a time, its battles
    # (a, s - a) for a from lo to hi; after a throw in which the attacker loses i of the k armies
    # lost, a battle is that of anti-diagonal s - k at a - i.
    if na >= full_a and nd >= full_d:
        outcomes, ea, ed = _float_throw(*dice(full_a, full_d, rules), rules)
        k = outcomes[0][0] + outcomes[0][1]  # the armies every such throw removes (the pairs compared)
        steps = [(i, np.array([p, p, p, 1.0])) for i, _j, p in outcomes]
        (first, w0), rest = steps[0], steps[1:]
        constant = np.array([0.0, ea, ed, 0.0])
        with np.errstate(over="ignore"):
            for s in range(full_a + full_d, na + nd + 1):
                lo, hi = max(full_a, s - nd), min(na, s - full_d) + 1
                before = skewed[s - k]
                acc = before[lo - first : hi - first] * w0
                for i, wv in rest:
                    acc += before[lo - i : hi - i] * wv
                acc += constant
                skewed[s, lo:hi] = acc
    # back to [channel, a, d]: skewed[a + d, a] is a fixed stride in a and in d
    item = skewed.itemsize
    grid = np.lib.stride_tricks.as_strided(
        skewed, shape=(4, na + 1, nd + 1), strides=(item, (na + 2) * 4 * item, (na + 1) * 4 * item)
    ).copy()
    # a probability is 1 only where the defender can never hold, never by rounding
    grid[0] = np.where(grid[3] == 0.0, 1.0, np.minimum(grid[0], BELOW_ONE))
    grid.flags.writeable = False
    return grid


class OddsTable:
    """P(the attacker conquers) for every battle of 0..``max_attackers`` attacking armies (that may
    roll, as ``battle_odds`` counts them) against 0..``max_defenders``, under ``rules``, each side
    always rolling the most dice allowed: ``table.p_win[a, d]`` (a numpy array, read-only),
    ``table[a, d]`` (a float), ``table.exact(a, d)`` (the exact fraction, solved on request),
    ``table.expected_losses(a, d)`` and ``table.outcomes(a, d)`` (how the battle may end).
    Build one with ``odds_table``."""

    __slots__ = ("_grid", "expected_attacker_losses", "expected_defender_losses", "p_win", "rules")

    def __init__(self, grid: np.ndarray, rules: Rules, max_attackers: int, max_defenders: int) -> None:
        self._grid = grid
        self.rules = rules
        """The rules the table was solved under (only what the dice do)."""
        view = grid[:, : max_attackers + 1, : max_defenders + 1]
        self.p_win: np.ndarray = view[0]
        """P(conquer), ``p_win[a, d]``: 1 where d = 0, 0 where a = 0 < d."""
        self.expected_attacker_losses: np.ndarray = view[1]
        """The attacker's expected losses, ``[a, d]``."""
        self.expected_defender_losses: np.ndarray = view[2]
        """The defender's expected losses, ``[a, d]``."""

    @property
    def max_attackers(self) -> int:
        return self.p_win.shape[0] - 1

    @property
    def max_defenders(self) -> int:
        return self.p_win.shape[1] - 1

    def _check(self, attackers: object, defenders: object) -> tuple[int, int]:
        for name, value, most in (
            ("attackers", attackers, self.max_attackers),
            ("defenders", defenders, self.max_defenders),
        ):
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise TypeError(f"{name} must be a whole number, got {value!r}")
            if not 0 <= value <= most:
                raise IndexError(
                    f"{name} {value} is outside this table (0 to {self.max_attackers} attackers, 0 to "
                    f"{self.max_defenders} defenders): odds_table({attackers}, {defenders}) gives a big enough one"
                )
        return int(attackers), int(defenders)  # type: ignore[call-overload]

    def p_win_at(self, attackers: int, defenders: int) -> float:
        """P(conquer) of ``attackers`` against ``defenders``, as a float."""
        a, d = self._check(attackers, defenders)
        return float(self.p_win[a, d])

    def __getitem__(self, key: tuple[int, int]) -> float:
        if not isinstance(key, tuple) or len(key) != 2:
            raise TypeError(f"index a table by (attackers, defenders), got {key!r}")
        return self.p_win_at(*key)

    def exact(self, attackers: int, defenders: int) -> Fraction:
        """P(conquer) as an exact fraction, by ``battle_odds``' exact solver (slow for large battles)."""
        a, d = self._check(attackers, defenders)
        return exact_p_win(a, d, self.rules)

    def expected_losses(self, attackers: int, defenders: int) -> tuple[float, float]:
        """(attacker's, defender's) expected losses over the whole battle."""
        a, d = self._check(attackers, defenders)
        return float(self.expected_attacker_losses[a, d]), float(self.expected_defender_losses[a, d])

    def outcomes(self, attackers: int, defenders: int) -> dict[tuple[int, int], float]:
        """How the battle may end, as ``BattleOdds.outcomes``: ``(attackers left, defenders left)``
        → probability, one side 0; the attacker conquering with the most left first, the
        defender holding with the most left last. Solved on request (forwards from this battle).

        >>> ends = odds_table(3, 2).outcomes(3, 2)
        >>> round(sum(ends.values()), 12), round(sum(p for (a, d), p in ends.items() if d == 0), 6)
        (1.0, 0.655954)
        """
        a, d = self._check(attackers, defenders)
        return _ends(a, d, self.rules)

    def __len__(self) -> int:
        return self.p_win.size

    def __repr__(self) -> str:
        rules = "printed rules" if self.rules == PRINTED else self.rules.describe()
        return f"<OddsTable 0..{self.max_attackers} attacking v 0..{self.max_defenders} defending, {rules}>"


def _ends(attackers: int, defenders: int, rules: Rules) -> dict[tuple[int, int], float]:
    """The end states of one battle: its probability mass moved forwards, an anti-diagonal at a time."""
    if attackers == 0 or defenders == 0:
        return {(attackers, defenders): 1.0}
    na, nd = attackers, defenders
    width = nd + 1
    mass = np.zeros((na + 1) * width)
    mass[na * width + nd] = 1.0
    full_a, full_d = full_dice(rules)
    outcomes, _, _ = _float_throw(*dice(full_a, full_d, rules), rules)
    bulk = [(i * width + j, p) for i, j, p in outcomes]
    step = nd
    for s in range(na + nd, 1, -1):
        lo, hi = max(1, s - nd), min(na, s - 1)
        if lo > hi:
            continue
        blo, bhi = max(full_a, lo), min(hi, s - full_d)
        if blo <= bhi:
            start, stop = s + blo * step, s + bhi * step + 1
            here = mass[start:stop:step]
            for back, p in bulk:
                mass[start - back : stop - back : step] += p * here
            edge = [*range(lo, blo), *range(bhi + 1, hi + 1)]
        else:
            edge = list(range(lo, hi + 1))
        for a in edge:
            idx = a * width + s - a
            q = float(mass[idx])
            if q:
                for i, j, p in _float_throw(*dice(a, s - a, rules), rules)[0]:
                    mass[idx - i * width - j] += q * p
    grid = mass.reshape(na + 1, width)
    ends = {(a, 0): float(grid[a, 0]) for a in range(na, 0, -1) if grid[a, 0]}
    ends.update({(0, d): float(grid[0, d]) for d in range(1, nd + 1) if grid[0, d]})
    return ends


_TABLES: OrderedDict[Rules, OddsTable] = OrderedDict()
"""Dice rules → their table, least recently used first: at most ``MOST_TABLES`` of them holding at
most ``MOST_CELLS`` battles in all (or the one table last asked for, whatever its size)."""


def _table(rules: Rules, max_attackers: int, max_defenders: int) -> OddsTable:
    """The kept table for ``rules`` (dice rules) holding at least this size, built or grown."""
    table = _TABLES.get(rules)
    if table is not None:
        if max_attackers <= table.max_attackers and max_defenders <= table.max_defenders:
            _TABLES.move_to_end(rules)
            return table
        max_attackers = max(max_attackers, table.max_attackers)
        max_defenders = max(max_defenders, table.max_defenders)
    table = OddsTable(_build(max_attackers, max_defenders, rules), rules, max_attackers, max_defenders)
    _TABLES[rules] = table
    _TABLES.move_to_end(rules)
    cells = sum(kept.p_win.size for kept in _TABLES.values())
    while len(_TABLES) > 1 and (len(_TABLES) > MOST_TABLES or cells > MOST_CELLS):
        cells -= _TABLES.popitem(last=False)[1].p_win.size
    return table


def _room(n: int) -> int:
    """The size a table grows to for a battle of ``n`` on one side: the next power of two (at least
    ``LEAST_ROOM``), at most ``MAX_ARMIES``."""
    return min(MAX_ARMIES, max(LEAST_ROOM, 1 << max(n - 1, 0).bit_length()))


def table_lookup(attackers: int, defenders: int, rules: Rules) -> tuple[float, float, float]:
    """P(conquer), E[attacker losses], E[defender losses] of one battle (both checked by the
    caller), from the kept table of ``rules``, grown with room to spare if it is too small."""
    key = _dice_rules(rules)
    table = _TABLES.get(key)
    if table is None or attackers > table.max_attackers or defenders > table.max_defenders:
        table = _table(key, _room(attackers), _room(defenders))
    else:
        _TABLES.move_to_end(key)  # a table in use is the last to be dropped
    return (
        float(table.p_win[attackers, defenders]),
        float(table.expected_attacker_losses[attackers, defenders]),
        float(table.expected_defender_losses[attackers, defenders]),
    )


def odds_table(max_attackers: int, max_defenders: int, rules: Rules | Mapping[str, Any] | None = None) -> OddsTable:
    """P(the attacker conquers) for every battle of 0..``max_attackers`` attacking armies against
    0..``max_defenders`` defending, under ``rules`` (the printed ones by default; ``game.rules``
    for a game's house rules; or a dict of the fields to change, ``{"defence_dice": 3}``), in
    floats: one dynamic program over the whole table, kept per rules and grown when a bigger one
    is asked for (a smaller one is then a view of it). The sizes may be numpy integers.
    ``max_attackers`` counts armies that may roll, as ``battle_odds`` does (a territory of 10
    attacks with 9).

    >>> import riskboard as rb
    >>> table = rb.odds_table(100, 100)
    >>> round(table[100, 100], 6), round(table[10, 10], 6), table[5, 0], table[0, 5]
    (0.824363, 0.567593, 1.0, 0.0)
    >>> table.p_win[5, 1:6].round(3).tolist()  # five attacking armies against 1..5
    [0.99, 0.89, 0.769, 0.638, 0.506]
    """
    max_attackers = whole(max_attackers, "max_attackers", 0, MAX_ARMIES)
    max_defenders = whole(max_defenders, "max_defenders", 0, MAX_ARMIES)
    key = _dice_rules(as_rules(rules))
    table = _table(key, max_attackers, max_defenders)
    if (table.max_attackers, table.max_defenders) == (max_attackers, max_defenders):
        return table
    return OddsTable(table._grid, key, max_attackers, max_defenders)
