"""Chance outcomes: dice, card draws and shuffles, from a seeded counter-based generator.

The generator is counter-based (SplitMix64 over a blake2b key of the seed): the n-th chance outcome of a game depends only on the
game's seed and n, and n is part of the ``GameState``. So copying, undoing, saving and loading a
game need no generator state, and the same seed with the same actions gives the same game.
Outcomes can also be injected (tests, classroom demonstrations, replays); the counter advances
either way so a replay reaches the identical state.
"""

from __future__ import annotations

import math
import random
import struct
from collections import deque
from collections.abc import Iterable, Sequence
from hashlib import blake2b
from typing import Any

from riskboard.engine.combat import TIES, compare_sorted
from riskboard.errors import IllegalAction
from riskboard.i18n import N_, _, ngettext

_M64 = (1 << 64) - 1
_TWO64 = 1 << 64


def _mix(x: int) -> int:
    """SplitMix64's finaliser: a bijective scramble of a 64-bit input into 64 well-mixed bits."""
    z = (x + 0x9E3779B97F4A7C15) & _M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)


# Every outcome starts with the draw ``_mix(key + (counter << 8))``. Python's arithmetic on 64-bit
# ints costs a few hundred machine instructions per operation, so the first draws of 32 consecutive
# counters are made together, in one big int with a 128-bit lane per counter: each operation works
# on every lane at once, and a lane's product with a 64-bit constant stays inside its lane.
_LANES = 32
_REPLICATE = sum(1 << (128 * i) for i in range(_LANES))
_LANE_MASK = _M64 * _REPLICATE
_LANE_STEPS = sum(i << (8 + 128 * i) for i in range(_LANES))
_unpack_lanes = struct.Struct("<" + "Q8x" * _LANES).unpack
_DRAWS: dict[tuple[int, int], tuple[int, ...]] = {}
"""(key, counter // 32) -> the first draws of those 32 counters (recently used blocks only)."""


def _first_draws(key: int, block: int) -> tuple[int, ...]:
    """``_mix(key + (counter << 8))`` for the 32 counters ``32 * block ...``, computed lane-parallel."""
    z = (((key + (block << 13) + 0x9E3779B97F4A7C15) & _M64) * _REPLICATE + _LANE_STEPS) & _LANE_MASK
    z ^= (z >> 30) & _LANE_MASK
    z = (z * 0xBF58476D1CE4E5B9) & _LANE_MASK
    z ^= (z >> 27) & _LANE_MASK
    z = (z * 0x94D049BB133111EB) & _LANE_MASK
    z ^= (z >> 31) & _LANE_MASK
    if len(_DRAWS) >= 256:
        _DRAWS.clear()
    draws = _DRAWS[key, block] = _unpack_lanes(z.to_bytes(16 * _LANES, "little"))
    return draws


def _first_draw(key: int, counter: int) -> int:
    """``_mix((key + (counter << 8)) & _M64)``, from the block of 32 draws it belongs to."""
    draws = _DRAWS.get((key, counter >> 5))
    if draws is None:
        draws = _first_draws(key, counter >> 5)
    return draws[counter & 31]


_LIMITS: dict[int, int] = {}


def _uniform(key: int, counter: int, n: int) -> int:
    """A uniform integer in ``range(n)`` for the ``counter``-th outcome (exact: rejection sampling)."""
    limit = _LIMITS.get(n)
    if limit is None:
        limit = _LIMITS[n] = _TWO64 - _TWO64 % n
    z = _first_draw(key, counter)
    base = key + (counter << 8)
    block = 0
    while z >= limit:
        block += 1
        z = _mix((base + block) & _M64)
    return z % n


def seed_key(seed: int) -> int:
    """The generator key for a seed (any int): 64 bits from blake2b of its decimal form."""
    return int.from_bytes(blake2b(str(int(seed)).encode(), digest_size=8).digest(), "little")


_THROWS: dict[tuple[int, int, int], list[tuple[tuple[int, ...], tuple[int, ...]]]] = {}
TABLE_LIMIT = 6**6
"""Throws of more equally likely outcomes than this are not tabulated but decoded from the index
(the same throw): three dice against two, the most any edition prints, is a 1.3 MB table, three
against three (a house rule a class tries) 9 MB, so at most ``MOST_THROW_TABLES`` are kept."""
MOST_THROW_TABLES = 8
"""Throw tables kept (cleared when full): a game rolls a handful of dice and faces."""


def _sorted_throw(z: int, attack: int, defend: int, sides: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ``z``-th of the ``sides ** (attack + defend)`` equally likely throws, each side sorted
    high to low (the order every throw table lists them in)."""
    dice = _split(z, attack + defend, sides)
    return tuple(sorted(dice[:attack], reverse=True)), tuple(sorted(dice[attack:], reverse=True))


def _throw_table(attack: int, defend: int, sides: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every one of the ``sides ** (attack + defend)`` equally likely throws (at most
    ``TABLE_LIMIT``): a uniform index into this list is an exact random throw."""
    key = (attack, defend, sides)
    table = _THROWS.get(key)
    if table is None:
        n = sides ** (attack + defend)
        if len(_THROWS) >= MOST_THROW_TABLES:
            _THROWS.clear()
        table = []
        for z in range(n):  # _sorted_throw, inlined: thousands of entries
            dice = _split(z, attack + defend, sides)
            table.append((tuple(sorted(dice[:attack], reverse=True)), tuple(sorted(dice[attack:], reverse=True))))
        _THROWS[key] = table
        _LIMITS[n] = _TWO64 - _TWO64 % n
    return table


def _random_throw(
    key: int, counter: int, attack: int, defend: int, sides: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ``counter``-th outcome as a throw: a table lookup, or for large throws the same index decoded."""
    n = sides ** (attack + defend)
    if n <= TABLE_LIMIT:
        return _throw_table(attack, defend, sides)[_uniform(key, counter, n)]
    return _sorted_throw(_uniform(key, counter, n), attack, defend, sides)


Resolved = tuple[tuple[int, ...], tuple[int, ...], int, int]
"""One throw with its losses: attacker's dice, defender's dice, attacker's and defender's losses."""
_RESOLVED: dict[str, dict[int, tuple[list[Resolved], int]]] = {ties: {} for ties in TIES}
"""Per tie rule, by ``attack * 64 + defend``: the resolved throw table and its rejection limit."""


def _resolved_table(attack: int, defend: int, ties: str) -> tuple[list[Resolved], int]:
    """The six-sided throw table with each throw's losses, and the rejection limit for its size."""
    table: list[Resolved] = [(att, de, *compare_sorted(att, de, ties)) for att, de in _throw_table(attack, defend, 6)]
    entry = _RESOLVED[ties][attack * 64 + defend] = table, _LIMITS[len(table)]
    return entry


def _split(z: int, n: int, sides: int) -> tuple[int, ...]:
    """The ``n`` base-``sides`` digits of ``z`` as die faces 1..sides."""
    out = []
    for _digit in range(n):
        out.append(z % sides + 1)
        z //= sides
    return tuple(out)


def checked_dice(given: Any, n: int, sides: int, who: str) -> tuple[int, ...]:
    try:
        values = tuple(given)
    except TypeError:
        values = ()
    if len(values) != n or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= sides for v in values):
        raise IllegalAction(
            ngettext(
                "the {who} must be {n} number from 1 to {sides}, got {given}",
                "the {who} must be {n} numbers from 1 to {sides}, got {given}",
                n,
            ).format(who=_(who), n=n, sides=sides, given=repr(given)),
            code="dice/invalid",
        )
    return values


class Chance:
    """Draws (or replays) the chance outcomes of one action.

    ``queue`` holds injected outcomes, consumed in order; every outcome actually used is appended
    to ``outcomes`` so the record can store it.
    """

    __slots__ = ("_block", "_draws", "counter", "key", "outcomes", "queue")

    def __init__(self, key: int, counter: int, queue: Iterable[Any] | None = None) -> None:
        self._block = -1
        self._draws: tuple[int, ...] = ()
        self.key = key
        self.counter = counter
        self.queue: deque[Any] | None = deque(queue) if queue else None
        self.outcomes: list[Any] = []

    def _injected(self) -> Any:
        if self.queue:
            return self.queue.popleft()
        return None

    def roll(self, n: int, sides: int = 6, who: str = N_("dice")) -> tuple[int, ...]:
        """Roll ``n`` dice with ``sides`` faces (unsorted, as they fell)."""
        c = self.counter
        self.counter = c + 1
        given = self._injected()
        if given is not None:
            values = checked_dice(given, n, sides, who)
        else:
            values = _split(_uniform(self.key, c, sides**n), n, sides)
        self.outcomes.append(list(values))
        return values

    def roll_kinds(self, kinds: Sequence[int], who: str = N_("dice")) -> tuple[int, ...]:
        """Roll one die of each number of faces in ``kinds`` (Transformers: a leader's d8 beside
        robots' d6), as one chance outcome, in the order given (injectable likewise: each value
        from 1 to its die's faces)."""
        c = self.counter
        self.counter = c + 1
        given = self._injected()
        if given is not None:
            values = checked_dice(given, len(kinds), max(kinds), who)
            for v, faces in zip(values, kinds):
                if v > faces:
                    ranges = ", ".join(_("1 to {most}").format(most=k) for k in kinds)
                    raise IllegalAction(
                        _("the {who} must be {ranges} in that order, got {given}").format(
                            who=_(who), ranges=ranges, given=repr(list(given))
                        ),
                        code="dice/invalid",
                    )
        else:
            z = _uniform(self.key, c, math.prod(kinds))
            out = []
            for faces in kinds:
                out.append(z % faces + 1)
                z //= faces
            values = tuple(out)
        self.outcomes.append(list(values))
        return values

    def roll_battle(self, attack: int, defend: int, sides: int = 6) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """One throw: ``attack`` and ``defend`` dice as one chance outcome (one draw of the
        generator), each side sorted high to low (a side's dice are interchangeable). Recorded,
        and injectable, as two lists: the attacker's, then the defender's."""
        c = self.counter
        self.counter = c + 1
        if not self.queue:  # the common case: nothing injected
            throw = _random_throw(self.key, c, attack, defend, sides)
            self.outcomes.extend(throw)
            return throw
        given_att = self._injected()
        given_def = self._injected()
        if given_att is None or given_def is None:
            att, de = _random_throw(self.key, c, attack, defend, sides)
        if given_att is not None:
            att = tuple(sorted(checked_dice(given_att, attack, sides, N_("attacker's dice")), reverse=True))
        if given_def is not None:
            de = tuple(sorted(checked_dice(given_def, defend, sides, N_("defender's dice")), reverse=True))
        self.outcomes.append(att)
        self.outcomes.append(de)
        return att, de

    def throw(self, attack: int, defend: int, ties: str = "defender") -> Resolved:
        """``roll_battle`` with six-sided dice plus the throw's losses (``compare_sorted``):
        ``(attack dice, defence dice, attacker losses, defender losses)``. The same outcome, record
        and counter; one table lookup instead of a roll and a comparison, for the blitz loop."""
        entry = _RESOLVED[ties].get(attack * 64 + defend)
        if entry is None and 6 ** (attack + defend) <= TABLE_LIMIT:
            entry = _resolved_table(attack, defend, ties)
        if self.queue or entry is None:  # dice given, or too many to tabulate
            att, de = self.roll_battle(attack, defend)
            return att, de, *compare_sorted(att, de, ties)
        c = self.counter
        self.counter = c + 1
        table, limit = entry
        if c >> 5 == self._block:  # _first_draw inlined, the last block of draws kept at hand
            draws = self._draws
        else:
            key = (self.key, c >> 5)
            draws = _DRAWS.get(key) or _first_draws(self.key, c >> 5)
            self._block = c >> 5
            self._draws = draws
        z = draws[c & 31]
        throw = table[z % len(table) if z < limit else _uniform(self.key, c, len(table))]
        outcomes = self.outcomes
        outcomes.append(throw[0])
        outcomes.append(throw[1])
        return throw

    def draw(self, pile: Sequence[str]) -> str:
        """Draw one card uniformly at random from ``pile`` (a non-empty sequence)."""
        c = self.counter
        self.counter = c + 1
        given = self._injected()
        if given is not None:
            if given not in pile:
                raise IllegalAction(
                    _("card {card} is not in the draw pile").format(card=repr(given)), code="chance/invalid"
                )
            card = given
        else:
            card = pile[_uniform(self.key, c, len(pile))]
        self.outcomes.append(card)
        return card

    def shuffle(self, items: Sequence[Any]) -> list[Any]:
        """A uniformly random permutation of ``items`` (given outcomes: the permutation itself)."""
        c = self.counter
        self.counter = c + 1
        given = self._injected()
        if given is not None:
            if sorted(map(str, given)) != sorted(map(str, items)):
                raise IllegalAction(_("an injected shuffle must be a permutation of the items"), code="chance/invalid")
            out = list(given)
        else:
            out = list(items)
            random.Random(_uniform(self.key, c, _TWO64)).shuffle(out)
        self.outcomes.append(list(out))
        return out
