"""``LegalActions``: every legal action, kept compact where a count range says the same.

In the reinforce step a player with 20 armies to place on 14 territories has 280 legal ``place``
actions that differ only in their count; building and validating each one made ``legal_actions()``
the slowest call of random bots, search bots and RL loops. A ``LegalActions`` keeps such a group
as one ``ActionRange`` (``place 1..20 alaska``) and builds an action only when it is asked for. It
is a ``Sequence`` of actions in the same order as before, so ``len``, indexing, iteration, ``in``
and comparison with a list behave as a list of every action would; ``parts`` is the compact form.

>>> from riskboard.engine.actions import EndPhase, Place
>>> legal = LegalActions()
>>> legal.add_range(lambda k: Place(k, "alaska"), range(1, 8))
>>> legal.append(EndPhase())
>>> len(legal), str(legal[3]), legal.parts[0].text, legal[-1] == EndPhase()
(8, 'place 4 alaska', 'place 1..7 alaska', True)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import fields
from typing import Any, overload

from riskboard.engine.actions import Action


class ActionRange:
    """The actions ``build(count)`` for every count in ``counts``: one shape, many counts."""

    __slots__ = ("build", "counts")

    def __init__(self, build: Callable[[int], Action], counts: range) -> None:
        self.build = build
        """Makes the action for one count."""
        self.counts = counts
        """The legal counts, lowest first."""

    @property
    def first(self) -> Action:
        """The action with the lowest count."""
        return self.build(self.counts[0])

    @property
    def last(self) -> Action:
        """The action with the highest count."""
        return self.build(self.counts[-1])

    @property
    def text(self) -> str:
        """The text form with the count as a range: ``"place 1..7 alaska"``."""
        low, high = str(self.first).split(), str(self.last).split()
        return " ".join(a if a == b else f"{a}..{b}" for a, b in zip(low, high))

    def __len__(self) -> int:
        return len(self.counts)

    def __iter__(self) -> Iterator[Action]:
        build = self.build
        return (build(k) for k in self.counts)

    def __getitem__(self, i: int) -> Action:
        return self.build(self.counts[i])

    def __contains__(self, action: object) -> bool:
        """Whether ``action`` is one of these, read from its count without building the others."""
        first, last = self.first, self.last
        if type(action) is not type(first):
            return False
        for f in fields(first):  # the field the counts run over
            value = getattr(action, f.name)
            if isinstance(value, int) and getattr(first, f.name) != getattr(last, f.name):
                return value in self.counts and self.build(value) == action
        return any(a == action for a in self)  # a count kept in another form (a purchase's text)

    def __repr__(self) -> str:
        return f"<ActionRange {self.text}>"


class LegalActions(Sequence[Action]):
    """The legal actions of a position, as single actions and count ranges (``parts``), in order."""

    __slots__ = ("_ends", "_extremes", "parts")

    def __init__(self, parts: Iterable[Action | ActionRange] = ()) -> None:
        self.parts: list[Action | ActionRange] = list(parts)
        """Each item one action or an ``ActionRange`` of actions that differ only in a count."""
        self._ends: list[int] | None = None
        self._extremes: list[Action] | None = None

    # -- building (rulesets) ---------------------------------------------------------------------
    def append(self, action: Action) -> None:
        self.parts.append(action)
        self._ends = self._extremes = None

    def extend(self, actions: Iterable[Action | ActionRange]) -> None:
        """Add actions, or parts already made (an ``ActionRange`` of two counts or more), in order."""
        self.parts.extend(actions)
        self._ends = self._extremes = None

    def add_range(self, build: Callable[[int], Action], counts: range) -> None:
        """Add ``build(k)`` for every ``k`` in ``counts`` (nothing when it is empty)."""
        if len(counts) == 1:
            self.parts.append(build(counts[0]))
        elif counts:
            self.parts.append(ActionRange(build, counts))
        self._ends = self._extremes = None

    # -- reading (bots, the widget, tests) -------------------------------------------------------
    def extremes(self) -> list[Action]:
        """Every single action, and of each count range its lowest and highest: every kind of
        action with the bounds of its counts, which is all a summary needs (the board's hints:
        where one may place and how many at most), without building every count. Made once
        (the board's hints and an edition's read the same list)."""
        out = self._extremes
        if out is None:
            out = []
            for p in self.parts:
                if isinstance(p, ActionRange):
                    out.append(p.first)
                    out.append(p.last)
                else:
                    out.append(p)
            self._extremes = out
        return out

    @property
    def ranges(self) -> list[ActionRange]:
        """The count ranges among the parts."""
        return [p for p in self.parts if isinstance(p, ActionRange)]

    def _offsets(self) -> list[int]:
        ends = self._ends
        if ends is None:
            ends, n = [], 0
            for p in self.parts:
                n += len(p) if isinstance(p, ActionRange) else 1
                ends.append(n)
            self._ends = ends
        return ends

    def __len__(self) -> int:
        ends = self._offsets()
        return ends[-1] if ends else 0

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> list[Action]: ...
    def __getitem__(self, i: int | slice) -> Action | list[Action]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        ends = self._offsets()
        n = ends[-1] if ends else 0
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("legal action index out of range")
        j = bisect_right(ends, i)
        part = self.parts[j]
        if isinstance(part, ActionRange):
            return part[i - (ends[j - 1] if j else 0)]
        return part

    def __iter__(self) -> Iterator[Action]:
        for p in self.parts:
            if isinstance(p, ActionRange):
                yield from p
            else:
                yield p

    def __contains__(self, action: object) -> bool:
        return any(action in p if isinstance(p, ActionRange) else action == p for p in self.parts)

    def __bool__(self) -> bool:
        return bool(self.parts)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (LegalActions, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __add__(self, other: Iterable[Any]) -> list[Action]:
        return [*self, *other]

    def __radd__(self, other: Iterable[Any]) -> list[Action]:
        return [*other, *self]

    def texts(self) -> list[str]:
        """The compact text of each part: ``["trade a b c", "place 1..7 alaska", ..., "end"]``."""
        return [p.text if isinstance(p, ActionRange) else str(p) for p in self.parts]

    def __repr__(self) -> str:
        shown = self.texts()
        more = f", … {len(shown) - 8} more" if len(shown) > 8 else ""
        return f"<LegalActions: {len(self)} actions: {', '.join(shown[:8])}{more}>"


class Builder:
    """``build(k)`` for a range of actions of one class whose other fields are fixed: ``cls(k, *args)``
    (a count that comes first, ``place k T``) or ``cls(*args, k)`` (``attack S T k``). Its ``cls`` and
    ``args`` say the shape without building an action, which is what the env's action encoding
    reads to find a range's slots."""

    __slots__ = ("args", "cls", "count_first")

    def __init__(self, cls: Callable[..., Action], args: tuple[Any, ...], count_first: bool) -> None:
        self.cls = cls
        self.args = args
        self.count_first = count_first

    def __call__(self, k: int) -> Action:
        if self.count_first:
            return self.cls(k, *self.args)
        return self.cls(*self.args, k)

    def __repr__(self) -> str:
        where = "first" if self.count_first else "last"
        return f"<Builder {getattr(self.cls, '__name__', self.cls)}{self.args!r}, count {where}>"


def counted(cls: Callable[..., Action], *args: Any) -> Builder:
    """``build(k)`` making ``cls(*args, k)``: the maker of a range of actions whose count comes last
    (``attack S T k``, ``fortify S T k``)."""
    return Builder(cls, args, False)


def placing(cls: Callable[..., Action], territory: str) -> Builder:
    """``build(k)`` making ``cls(k, territory)``: ``place k T``, whose count comes first."""
    return Builder(cls, (territory,), True)


__all__ = ["ActionRange", "Builder", "LegalActions", "counted", "placing"]
