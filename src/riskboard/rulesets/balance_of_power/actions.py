"""The Balance of Power actions: ``buy``, ``collect``, ``capital`` and ``choose``.

Their words join the shared verbs in this edition's own table (``VERBS``), so
``game.apply("buy special_forces")`` works like every other action and
``VERBS.parse(str(a)) == a``.
"""

from __future__ import annotations

import reprlib
from dataclasses import dataclass
from typing import ClassVar

from riskboard.engine.actions import SHARED, Action, Verbs, checked_count
from riskboard.errors import IllegalAction


def _word(value: object, what: str) -> str:
    if type(value) is not str or not value.isidentifier():
        raise IllegalAction(
            f"{what} must be a name such as 'special_forces', got {reprlib.repr(value)}", code="action/unparsable"
        )
    return value


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Spend field-hospital units on a special command (§5.10). Commands that act at once take
    their arguments: ``buy starting_maneuver FROM TO N``, ``buy uprising NEUTRAL_FROM TO DICE``,
    ``buy build_airfield TERRITORY``."""

    command: str
    args: tuple[str, ...] = ()
    verb: ClassVar[str] = "buy"

    def __post_init__(self) -> None:
        _word(self.command, "the command")
        if not isinstance(self.args, (tuple, list)) or len(self.args) > 8:
            raise IllegalAction(
                f"the arguments of 'buy {self.command}' are a list of words, got {reprlib.repr(self.args)}",
                code="action/unparsable",
            )
        # a count may be given as a number: its text form is its digits
        args = tuple(str(checked_count(a, "a count")) if not isinstance(a, str) else a for a in self.args)
        for a in args:
            if not (a.isidentifier() or (a.isascii() and a.isdigit())):
                raise IllegalAction(f"bad argument {a!r} for 'buy {self.command}'", code="action/unparsable")
        object.__setattr__(self, "args", args)

    def __str__(self) -> str:
        return " ".join(("buy", self.command, *self.args))


@dataclass(frozen=True, slots=True)
class CollectMission(Action):
    """Take a fulfilled face-up mission (at most one per turn, after attacking; §5.6)."""

    mission: str
    verb: ClassVar[str] = "collect"

    def __post_init__(self) -> None:
        _word(self.mission, "the mission")

    def __str__(self) -> str:
        return f"collect {self.mission}"


@dataclass(frozen=True, slots=True)
class PlaceCapital(Action):
    """Put the pending player's capital on one of their territories (command-room free setup)."""

    territory: str
    verb: ClassVar[str] = "capital"

    def __post_init__(self) -> None:
        _word(self.territory, "the territory")

    def __str__(self) -> str:
        return f"capital {self.territory}"


_SIDES = {(side, order) for side in ("keep", "swap") for order in ("first", "second")}


@dataclass(frozen=True, slots=True)
class ChooseSide(Action):
    """After a free setup the other player keeps or swaps sides and says who goes first (§5.13)."""

    side: str
    order: str
    verb: ClassVar[str] = "choose"

    def __post_init__(self) -> None:
        if type(self.side) is not str or type(self.order) is not str or (self.side, self.order) not in _SIDES:
            raise IllegalAction(
                f"expected 'choose keep|swap first|second', got 'choose {reprlib.repr(self.side)} {reprlib.repr(self.order)}'",
                code="action/unparsable",
            )

    def __str__(self) -> str:
        return f"choose {self.side} {self.order}"


def _parse_buy(w: list[str], text: str) -> Action:
    if not w:
        raise IllegalAction(f"expected 'buy COMMAND [ARGUMENTS]', got {text!r}", code="action/unparsable")
    return Buy(w[0], tuple(w[1:]))


def _parse_collect(w: list[str], text: str) -> Action:
    if len(w) != 1:
        raise IllegalAction(f"expected 'collect MISSION', got {text!r}", code="action/unparsable")
    return CollectMission(w[0])


def _parse_capital(w: list[str], text: str) -> Action:
    if len(w) != 1:
        raise IllegalAction(f"expected 'capital TERRITORY', got {text!r}", code="action/unparsable")
    return PlaceCapital(w[0])


def _parse_choose(w: list[str], text: str) -> Action:
    if len(w) != 2:
        raise IllegalAction(f"expected 'choose keep|swap first|second', got {text!r}", code="action/unparsable")
    return ChooseSide(w[0], w[1])


VERBS: Verbs = SHARED.extend(
    {"buy": _parse_buy, "collect": _parse_collect, "capital": _parse_capital, "choose": _parse_choose}
)
"""The verbs of Balance of Power: the shared ones and its own."""
