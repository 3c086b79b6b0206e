"""Events: past-tense facts that an action caused, returned by ``Game.apply``.

The widget animates them, the log prints them, tests assert on them. Each has a readable ``str``.
Events are plain slotted records, not frozen ones: a frozen dataclass costs three times as much
to create and a blitz creates one per throw. Treat them as read-only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(slots=True)
class Event:
    """Base class of every event."""


@dataclass(slots=True)
class ArmiesPlaced(Event):
    player: str
    territory: str
    count: int

    def __str__(self) -> str:
        return f"{self.player} placed {self.count} on {self.territory}"


@dataclass(slots=True)
class TerritoryClaimed(Event):
    player: str
    territory: str

    def __str__(self) -> str:
        return f"{self.player} claimed {self.territory}"


@dataclass(slots=True)
class CardsTraded(Event):
    player: str
    cards: tuple[str, ...]
    armies: int
    bonus_territory: str | None

    def __str__(self) -> str:
        extra = f" (+2 on {self.bonus_territory})" if self.bonus_territory else ""
        return f"{self.player} traded {', '.join(self.cards)} for {self.armies} armies{extra}"


@dataclass(slots=True)
class DiceRolled(Event):
    """One throw: the dice as rolled (sorted high to low) and the losses."""

    attacker: str
    defender: str
    source: str
    target: str
    attack: tuple[int, ...]
    defend: tuple[int, ...]
    attacker_losses: int
    defender_losses: int

    def __str__(self) -> str:
        return (
            f"{self.attacker} attacked {self.target} from {self.source}: "
            f"{list(self.attack)} v {list(self.defend)}, attacker -{self.attacker_losses}, "
            f"defender -{self.defender_losses}"
        )


@dataclass(slots=True)
class AttackDeclared(Event):
    attacker: str
    defender: str
    source: str
    target: str
    dice: int

    def __str__(self) -> str:
        return (
            f"{self.attacker} attacks {self.target} from {self.source} with {self.dice} dice; {self.defender} to defend"
        )


@dataclass(slots=True)
class TerritoryConquered(Event):
    player: str
    previous_owner: str
    territory: str
    source: str
    moved: int

    def __str__(self) -> str:
        return f"{self.player} conquered {self.territory} from {self.previous_owner}, moving in {self.moved}"


@dataclass(slots=True)
class ArmiesMoved(Event):
    player: str
    source: str
    target: str
    count: int

    def __str__(self) -> str:
        return f"{self.player} moved {self.count} from {self.source} to {self.target}"


@dataclass(slots=True)
class PlayerEliminated(Event):
    player: str
    by: str
    cards_taken: int

    def __str__(self) -> str:
        return f"{self.player} was eliminated by {self.by}, who takes {self.cards_taken} cards"


@dataclass(slots=True)
class CardDrawn(Event):
    player: str
    card: str

    def __str__(self) -> str:
        return f"{self.player} drew a card"


@dataclass(slots=True)
class DiscardsReshuffled(Event):
    cards: int

    def __str__(self) -> str:
        return f"the {self.cards} discarded cards became the new draw pile"


@dataclass(slots=True)
class PhaseChanged(Event):
    player: str
    phase: str

    def __str__(self) -> str:
        return f"{self.player}: {self.phase}"


@dataclass(slots=True)
class TurnStarted(Event):
    player: str
    turn: int
    reinforcements: int

    def __str__(self) -> str:
        return f"turn {self.turn}: {self.player} receives {self.reinforcements} armies"


@dataclass(slots=True)
class MissionChanged(Event):
    player: str
    mission: str

    def __str__(self) -> str:
        return f"{self.player}'s mission became {self.mission}"


@dataclass(slots=True)
class GameWon(Event):
    player: str
    reason: str

    def __str__(self) -> str:
        return f"{self.player} wins: {self.reason}"


# -- compact events ------------------------------------------------------------------------------
# The engine's fast path, in one place. The events of the hottest actions (a blitz: a DiceRolled per
# throw) are built by the helpers below in a compact form: a plain tuple ``(code, *fields)`` whose
# ``code`` indexes ``EVENT_TYPES``. Building one costs a fraction of building an event object, and a
# tuple of strings and numbers drops out of the garbage collector's tracing, which otherwise visits
# every stored event again and again. Rule code calls the helpers and never builds these six events
# any other way; ``Game.apply`` returns them expanded, ``Game.push`` stores them as they are and
# ``Game.history`` / ``Game.events`` expand them when read.
EVENT_TYPES: tuple[type[Event], ...] = (
    ArmiesPlaced,
    TerritoryClaimed,
    CardsTraded,
    DiceRolled,
    AttackDeclared,
    TerritoryConquered,
    ArmiesMoved,
    PlayerEliminated,
    CardDrawn,
    DiscardsReshuffled,
    PhaseChanged,
    TurnStarted,
    MissionChanged,
    GameWon,
)
ARMIES_PLACED = EVENT_TYPES.index(ArmiesPlaced)
DICE_ROLLED = EVENT_TYPES.index(DiceRolled)
TERRITORY_CONQUERED = EVENT_TYPES.index(TerritoryConquered)
ARMIES_MOVED = EVENT_TYPES.index(ArmiesMoved)
PHASE_CHANGED = EVENT_TYPES.index(PhaseChanged)
TURN_STARTED = EVENT_TYPES.index(TurnStarted)

CompactEvent = tuple[Any, ...]
"""``(code, *fields)``: an event in the compact form."""
Events = list[Event | CompactEvent]
"""What a ruleset's handlers collect: events, the hot ones compact."""


def armies_placed(player: str, territory: str, count: int) -> CompactEvent:
    return (ARMIES_PLACED, player, territory, count)


THROWS = -1
"""The code of a compact record of several throws of one battle, each a ``DiceRolled`` when expanded."""


def dice_thrown(
    attacker: str, defender: str, source: str, target: str, throws: tuple[tuple[Any, ...], ...]
) -> CompactEvent:
    """Several throws of one battle (each ``(attack, defend, attacker losses, defender losses)``,
    as ``Chance.throw`` gives them) in one compact event: a ``DiceRolled`` each when expanded."""
    return (THROWS, attacker, defender, source, target, throws)


def dice_rolled(
    attacker: str,
    defender: str,
    source: str,
    target: str,
    attack: tuple[int, ...],
    defend: tuple[int, ...],
    attacker_losses: int,
    defender_losses: int,
) -> CompactEvent:
    return (DICE_ROLLED, attacker, defender, source, target, attack, defend, attacker_losses, defender_losses)


def territory_conquered(player: str, previous_owner: str, territory: str, source: str, moved: int) -> CompactEvent:
    return (TERRITORY_CONQUERED, player, previous_owner, territory, source, moved)


def armies_moved(player: str, source: str, target: str, count: int) -> CompactEvent:
    return (ARMIES_MOVED, player, source, target, count)


def phase_changed(player: str, phase: str) -> CompactEvent:
    return (PHASE_CHANGED, player, phase)


def turn_started(player: str, turn: int, reinforcements: int) -> CompactEvent:
    return (TURN_STARTED, player, turn, reinforcements)


def expand(events: Iterable[Event | CompactEvent]) -> list[Event]:
    """Event objects for events that may be in the compact form (event objects stay as they are)."""
    types = EVENT_TYPES
    out: list[Event] = []
    append = out.append
    for e in events:
        if isinstance(e, Event):
            append(e)
        elif e[0] == THROWS:
            _, attacker, defender, source, target, throws = e
            for att, de, att_loss, def_loss in throws:
                append(DiceRolled(attacker, defender, source, target, att, de, att_loss, def_loss))
        else:
            append(types[e[0]](*e[1:]))
    return out
