"""The actions only some editions have, in one place below the editions: Transformers' leaders
(``attack S T N leader``, ``defend N leader``, ``occupy N leader``, ``fortify S T N leader``,
``casualty``, ``stop``, ``revive``), the 2010 two-player game's ``neutral`` support, Balance of Power's ``buy``,
``collect``, ``capital`` and ``choose``.

They are public (``rb.Buy``) and bots build them, so they live where everyone above the rulesets
may import them without importing an edition: a bot that recognises a ``Revive`` needs no
Transformers module, only the vocabulary. Each edition re-exports its own, and reads their text
forms with its own verbs (the parsers stay with the edition: which words it accepts is its rule).
"""

from __future__ import annotations

import reprlib
from dataclasses import dataclass
from typing import ClassVar

from riskboard.engine.actions import Action, Attack, Defend, Fortify, Occupy, checked_count
from riskboard.errors import IllegalAction
from riskboard.i18n import N_, _

# -- Transformers' leaders --------------------------------------------------------------------

LEADER = "leader"


@dataclass(frozen=True, slots=True)
class LeaderAttack(Attack):
    """``attack S T N leader``: N units attack, the player's leader (standing in S) one of them."""

    def __str__(self) -> str:
        return f"attack {self.source} {self.target} {self.dice} {LEADER}"


@dataclass(frozen=True, slots=True)
class LeaderDefend(Defend):
    """``defend N leader``: N units defend, the defender's leader (standing there) one of them."""

    def __str__(self) -> str:
        return f"defend {self.dice} {LEADER}"


@dataclass(frozen=True, slots=True)
class LeaderOccupy(Occupy):
    """``occupy N leader``: N units in the liberated zone in all, the leader that stayed in the
    origin zone following with them (seed S002, outcome 1); a robot stays behind as guard."""

    def __str__(self) -> str:
        return f"occupy {self.count} {LEADER}"


@dataclass(frozen=True, slots=True)
class LeaderMove(Fortify):
    """``fortify S T N leader``: the end-of-turn move of N units, the leader one of them."""

    def __str__(self) -> str:
        return f"fortify {self.source} {self.target} {self.count} {LEADER}"


@dataclass(frozen=True, slots=True)
class Casualty(Action):
    """The loser's choice of casualties when its leader was committed (§6.4 step 7): ``leader``
    sends the leader to the scrapyard with the losses, ``robot`` only robots."""

    unit: str
    verb: ClassVar[str] = "casualty"

    def __post_init__(self) -> None:
        if type(self.unit) is not str or self.unit not in (LEADER, "robot"):
            raise IllegalAction(
                _("expected 'casualty leader' or 'casualty robot', got {value}").format(value=repr(self.unit)),
                code="action/unparsable",
            )

    def __str__(self) -> str:
        return f"casualty {self.unit}"


@dataclass(frozen=True, slots=True)
class Stop(Action):
    """End the liberation action after a throw that left both zones held (outcome 2)."""

    verb: ClassVar[str] = "stop"

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class Revive(Action):
    """Bring the leader back from the scrapyard onto ``territory`` (§6.6), paying robots."""

    territory: str
    verb: ClassVar[str] = "revive"

    def __post_init__(self) -> None:
        if type(self.territory) is not str or not self.territory.isidentifier():
            raise IllegalAction(
                _("the zone must be an id, got {value}").format(value=repr(self.territory)), code="action/unparsable"
            )

    def __str__(self) -> str:
        return f"revive {self.territory}"


# -- 2010 two-player game: neutral support ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class NeutralSupport(Action):
    """Add troops to the neutral ``army``: ``placements`` are ``(territory, troops)`` pairs, kept in
    territory order so that one choice has one action (and one text form)."""

    army: str
    placements: tuple[tuple[str, int], ...]
    verb: ClassVar[str] = "neutral"

    def __post_init__(self) -> None:
        if type(self.army) is not str or not self.army.isidentifier():
            raise IllegalAction(
                _("the neutral army must be a name such as 'neutral_1', got {value}").format(value=repr(self.army)),
                code="action/unparsable",
            )
        if not isinstance(self.placements, (tuple, list)) or len(self.placements) > 50:
            raise IllegalAction(
                _("the placements are a list of (territory, troops) pairs, got {value}").format(
                    value=reprlib.repr(self.placements)
                ),
                code="action/unparsable",
            )
        pairs = []
        for pair in self.placements:
            try:
                territory, count = pair
            except (TypeError, ValueError):
                raise IllegalAction(
                    _("a placement is (territory, troops), got {value}").format(value=repr(pair)),
                    code="action/unparsable",
                ) from None
            if type(territory) is not str or not territory.isidentifier():
                raise IllegalAction(
                    _("the territory must be an id, got {value}").format(value=reprlib.repr(territory)),
                    code="action/unparsable",
                )
            pairs.append((territory, checked_count(count, N_("the number of troops"))))
        object.__setattr__(self, "placements", tuple(sorted(pairs)))

    def __str__(self) -> str:
        return " ".join(["neutral", self.army, *(f"{t} {n}" for t, n in self.placements)])


# -- Balance of Power -------------------------------------------------------------------------


def _word(value: object, what: str) -> str:
    """``value`` if it is a name; ``what`` (an English id marked ``N_``) says which word it is."""
    if type(value) is not str or not value.isidentifier():
        raise IllegalAction(
            _("{what} must be a name such as 'special_forces', got {value}").format(
                what=_(what), value=reprlib.repr(value)
            ),
            code="action/unparsable",
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
        _word(self.command, N_("the command"))
        if not isinstance(self.args, (tuple, list)) or len(self.args) > 8:
            raise IllegalAction(
                _("the arguments of 'buy {command}' are a list of words, got {value}").format(
                    command=self.command, value=reprlib.repr(self.args)
                ),
                code="action/unparsable",
            )
        # a count may be given as a number: its text form is its digits
        args = tuple(str(checked_count(a, N_("a count"))) if not isinstance(a, str) else a for a in self.args)
        for a in args:
            if not (a.isidentifier() or (a.isascii() and a.isdigit())):
                raise IllegalAction(
                    _("bad argument {value} for 'buy {command}'").format(value=repr(a), command=self.command),
                    code="action/unparsable",
                )
        object.__setattr__(self, "args", args)

    def __str__(self) -> str:
        return " ".join(("buy", self.command, *self.args))


@dataclass(frozen=True, slots=True)
class CollectMission(Action):
    """Take a fulfilled face-up mission (at most one per turn, after attacking; §5.6)."""

    mission: str
    verb: ClassVar[str] = "collect"

    def __post_init__(self) -> None:
        _word(self.mission, N_("the mission"))

    def __str__(self) -> str:
        return f"collect {self.mission}"


@dataclass(frozen=True, slots=True)
class PlaceCapital(Action):
    """Put the pending player's capital on one of their territories (command-room free setup)."""

    territory: str
    verb: ClassVar[str] = "capital"

    def __post_init__(self) -> None:
        _word(self.territory, N_("the territory"))

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
                _("expected 'choose keep|swap first|second', got 'choose {side} {order}'").format(
                    side=reprlib.repr(self.side), order=reprlib.repr(self.order)
                ),
                code="action/unparsable",
            )

    def __str__(self) -> str:
        return f"choose {self.side} {self.order}"
