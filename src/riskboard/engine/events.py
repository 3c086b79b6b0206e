"""Events: past-tense facts that an action caused, returned by ``Game.apply``.

The widget animates them, the log prints them, tests assert on them. Each has a readable ``str``.
Events are plain slotted records, not frozen ones: a frozen dataclass costs three times as much
to create and a blitz creates one per throw. Treat them as read-only.

How every message is worded (events here and in the editions, ``Pending``, the board's prompts,
panels and errors follow the same style):

- **Any player name reads right.** A name ("Ada", "red", or "You", the quick-start's own choice)
  is followed only by a past-tense verb other than *was/were* ("You placed", "Ada conquered",
  "Bo won"), by a modal or an infinitive ("You may attack", "Ada must trade", "Ada to place"),
  or by a colon ("You: 6 armies to place"); or it is an object ("Ada eliminated You"). Never a
  present-tense verb that agrees with it (*receives, is, has, wins*) and never a possessive
  (*You's*): "the capital of You", not "You's capital".
- **Any count reads right.** Every "N thing(s)" is one counted sentence (``ngettext``), so each
  language picks its plural form: "1 army", "2 armies", "1 Einheit", "2 Einheiten", "3 軍".
- **Every language.** Each sentence is a message of the catalogs (``riskboard.i18n``), translated
  when ``str`` is called, in the language spoken then; an event stores only facts. German puts a
  name before a verb in the third person ("Ada eroberte"), prompts as "Ada: angreifen"; Swedish
  and Japanese verbs do not agree with the name at all.
- **Each edition's own words.** Pieces and the end-of-turn step are named with the words of
  ``Presentation.words`` (classic: army/armies and fortify; Balance of Power: unit/units and the
  maneuver). Events cannot know the edition, so the ``Game`` hands them its words when it returns
  or reads them (``expand(events, words)``): ``str(event)`` then speaks the edition's language, in
  the board's log and in a terminal alike. An event made by hand speaks classic (``ARMY_WORDS``).
- **Say what happened.** The event of ending the attack says so ("Cy ended the attack and may
  fortify"), not just the step's name; a move into a conquered territory counts every unit that
  moved in, the attacking ones included, as ``occupy N`` and the board's control count them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from riskboard.i18n import N_, Nn_, _, ngettext

Words = Mapping[str, str]
"""An edition's words (``Presentation.words``): ``unit``, ``units``, ``fortify`` and more."""

ARMY_WORDS: Words = MappingProxyType({"unit": N_("army"), "units": N_("armies"), "fortify": N_("fortify")})
"""The classic words, which an event uses until a game gives it its edition's."""


def plural(n: int, one: str, many: str | None = None) -> str:
    """``"1 army"``, ``"2 armies"``: ``n`` and the word that goes with it (``many`` defaults to
    ``one`` + "s"; a compound such as "neutral unit" takes the plural of its last word).
    English only: a message a person reads counts with ``ngettext`` instead; kept for the callers
    outside the engine not yet moved to the catalogs."""
    if n == 1:
        return f"{n} {one}"
    if many is None:
        many = one[:-1] + "ies" if one.endswith("y") and one[-2:-1] not in "aeiou" else one + "s"
    return f"{n} {many}"


def one_to(most: int, one: str, many: str | None = None) -> str:
    """How many may be chosen: ``"1 to 3 dice"``, or ``"only 1 die"`` when there is no choice.
    English only, like ``plural``."""
    return f"only 1 {one}" if most == 1 else f"1 to {plural(most, one, many)}"


PIECES: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "army": Nn_("{n} army", "{n} armies"),
        "unit": Nn_("{n} unit", "{n} units"),
        "troop": Nn_("{n} troop", "{n} troops"),
        "robot": Nn_("{n} robot", "{n} robots"),
    }
)
"""Each edition's pieces counted, by the English word for one (``words["unit"]``), for the catalogs."""


def pieces(n: int, words: Words) -> str:
    """``n`` of an edition's pieces in the language spoken: "1 army", "3 armies", "2 Einheiten",
    "3 trupper", "4 軍" (a word no edition uses, a house style's own, is shown as it is)."""
    forms = PIECES.get(words["unit"])
    if forms is None:
        return f"{n} {words['unit'] if n == 1 else words['units']}"
    return ngettext(*forms, n).format(n=n)


@dataclass(slots=True)
class Event:
    """Base class of every event. ``words`` are the edition's words its sentence uses, given by the
    game that caused it (``None``: the classic words); they are no part of the fact, so they take
    no part in comparisons and ``repr``."""

    words: Words | None = field(default=None, kw_only=True, compare=False, repr=False)

    def __str__(self) -> str:
        return self.describe(self.words or ARMY_WORDS)

    def describe(self, words: Words) -> str:
        """The event as a sentence in ``words`` (an edition's words, see ``Presentation.words``)."""
        return type(self).__name__


@dataclass(slots=True)
class ArmiesPlaced(Event):
    player: str
    territory: str
    count: int

    def describe(self, words: Words) -> str:
        return _("{player} placed {pieces} on {territory}").format(
            player=self.player, pieces=pieces(self.count, words), territory=self.territory
        )


@dataclass(slots=True)
class TerritoryClaimed(Event):
    player: str
    territory: str

    def describe(self, words: Words) -> str:
        return _("{player} claimed {territory}").format(player=self.player, territory=self.territory)


@dataclass(slots=True)
class CardsTraded(Event):
    player: str
    cards: tuple[str, ...]
    armies: int
    bonus_territory: str | None
    bonus: int = 2
    """What the card of ``bonus_territory`` put there (the game's territory bonus)."""

    def describe(self, words: Words) -> str:
        fields = {"player": self.player, "cards": ", ".join(self.cards), "pieces": pieces(self.armies, words)}
        if self.bonus_territory:
            return _("{player} traded {cards} for {pieces} (+{bonus} on {territory})").format(
                **fields, bonus=pieces(self.bonus, words), territory=self.bonus_territory
            )
        return _("{player} traded {cards} for {pieces}").format(**fields)


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

    def describe(self, words: Words) -> str:
        return _(
            "{attacker} attacked {target} from {source}: {attack} v {defend}; "
            "{attacker} lost {attacker_losses}, {defender} lost {defender_losses}"
        ).format(
            attacker=self.attacker,
            defender=self.defender,
            target=self.target,
            source=self.source,
            attack=list(self.attack),
            defend=list(self.defend),
            attacker_losses=self.attacker_losses,
            defender_losses=self.defender_losses,
        )


@dataclass(slots=True)
class AttackDeclared(Event):
    attacker: str
    defender: str
    source: str
    target: str
    dice: int

    def describe(self, words: Words) -> str:
        return ngettext(
            "{attacker} attacked {target} from {source} with {n} die; {defender} to choose the defence dice",
            "{attacker} attacked {target} from {source} with {n} dice; {defender} to choose the defence dice",
            self.dice,
        ).format(attacker=self.attacker, defender=self.defender, target=self.target, source=self.source, n=self.dice)


@dataclass(slots=True)
class TerritoryConquered(Event):
    """The target fell: it changed hands and the ``moved`` units that attacked moved in at once."""

    player: str
    previous_owner: str
    territory: str
    source: str
    moved: int

    def describe(self, words: Words) -> str:
        return _("{player} conquered {territory} from {previous_owner}, moving in the {pieces} that attacked").format(
            player=self.player,
            territory=self.territory,
            previous_owner=self.previous_owner,
            pieces=pieces(self.moved, words),
        )


@dataclass(slots=True)
class ArmiesMoved(Event):
    """Units moved between two territories of one player: the end-of-turn move (fortify or
    maneuver) or a move an edition's command allows. The move into a conquered territory is
    ``ArmiesMovedIn``."""

    player: str
    source: str
    target: str
    count: int

    def describe(self, words: Words) -> str:
        return _("{player} moved {pieces} from {source} to {target}").format(
            player=self.player, pieces=pieces(self.count, words), source=self.source, target=self.target
        )


@dataclass(slots=True)
class ArmiesMovedIn(Event):
    """The move into a conquered territory decided (``occupy N``, or a blitz's ``all``): ``count``
    units moved in in all, as ``occupy N`` counts them, of which the ``attackers`` that rolled
    moved in with the conquest (``TerritoryConquered.moved``) and ``count - attackers`` followed."""

    player: str
    source: str
    target: str
    count: int
    attackers: int

    def describe(self, words: Words) -> str:
        fields = {"player": self.player, "pieces": pieces(self.count, words), "target": self.target}
        if self.count == self.attackers:
            return _("{player} moved {pieces} into {target} from {source} (only the ones that attacked)").format(
                **fields, source=self.source
            )
        return _(
            "{player} moved {pieces} into {target} from {source} (the {attackers} that attacked and {more} more)"
        ).format(**fields, source=self.source, attackers=self.attackers, more=self.count - self.attackers)


@dataclass(slots=True)
class PlayerEliminated(Event):
    player: str
    by: str
    cards_taken: int

    def describe(self, words: Words) -> str:
        if not self.cards_taken:
            return _("{by} eliminated {player} and took no cards").format(by=self.by, player=self.player)
        return ngettext(
            "{by} eliminated {player} and took {n} card",
            "{by} eliminated {player} and took {n} cards",
            self.cards_taken,
        ).format(by=self.by, player=self.player, n=self.cards_taken)


@dataclass(slots=True)
class CardDrawn(Event):
    player: str
    card: str

    def describe(self, words: Words) -> str:
        return _("{player} drew a card").format(player=self.player)


@dataclass(slots=True)
class DiscardsReshuffled(Event):
    cards: int

    def describe(self, words: Words) -> str:
        return ngettext(
            "the {n} discarded card became the new draw pile",
            "the {n} discarded cards became the new draw pile",
            self.cards,
        ).format(n=self.cards)


PHASE_SENTENCES = {
    "attack": N_("{player} placed all reinforcements and may attack"),
    "fortify": N_("{player} ended the attack and may {fortify}"),
    "missions": N_("{player} ended the attack and must collect a fulfilled mission"),
    "neutral": N_("{player} must first {neutral}"),
    "hospital": N_("{player} may buy special commands in the field hospital"),
}
"""What entering each step means, said by ``PhaseChanged`` (``{fortify}``: the edition's word)."""

STEP_SENTENCES: Mapping[tuple[str, str], str] = MappingProxyType(
    {
        ("fortify", "fortify"): N_("{player} ended the attack and may fortify"),
        ("fortify", "maneuver"): N_("{player} ended the attack and may maneuver"),
        ("fortify", "move"): N_("{player} ended the attack and may move"),
        ("neutral", "place the neutral resistance"): N_("{player} must first place the neutral resistance"),
        ("neutral", "reinforce a neutral army"): N_("{player} must first reinforce a neutral army"),
    }
)
"""``PHASE_SENTENCES`` with each edition's word in place, whole, so that a language words the
step its own way (the verb "maneuver" is no noun to put in a German sentence); a word of no
edition's (a house style's) goes into the sentence of ``PHASE_SENTENCES`` as it is given."""


@dataclass(slots=True)
class PhaseChanged(Event):
    """The turn moved on to the step ``phase``; its sentence says what that means."""

    player: str
    phase: str

    def describe(self, words: Words) -> str:
        neutral = words.get("neutral", "place the neutral resistance")  # the edition's neutral step
        word = {"fortify": words["fortify"], "neutral": neutral}.get(self.phase)
        whole = STEP_SENTENCES.get((self.phase, word)) if word is not None else None
        if whole is not None:
            return _(whole).format(player=self.player)
        sentence = PHASE_SENTENCES.get(self.phase, N_("{player}: on to the {phase} step"))
        return _(sentence).format(player=self.player, phase=self.phase, fortify=_(words["fortify"]), neutral=_(neutral))


@dataclass(slots=True)
class TurnStarted(Event):
    player: str
    turn: int
    reinforcements: int

    def describe(self, words: Words) -> str:
        return _("turn {turn} — {player}: {pieces} to place").format(
            turn=self.turn, player=self.player, pieces=pieces(self.reinforcements, words)
        )


@dataclass(slots=True)
class TurnEnded(Event):
    """The player ended the turn without the end-of-turn move (a move ends it by itself)."""

    player: str

    def describe(self, words: Words) -> str:
        return _("{player} ended the turn without moving").format(player=self.player)


@dataclass(slots=True)
class MissionChanged(Event):
    player: str
    mission: str

    def describe(self, words: Words) -> str:
        return _("{player} got a new mission: {mission}").format(player=self.player, mission=self.mission)


@dataclass(slots=True)
class GameWon(Event):
    player: str
    reason: str

    def describe(self, words: Words) -> str:
        return _("{player} won: {reason}").format(player=self.player, reason=_(self.reason) if self.reason else "")


# -- compact events ------------------------------------------------------------------------------
# The engine's fast path, in one place. The events of the hottest actions (a blitz: a DiceRolled per
# throw) are built by the helpers below in a compact form: a plain tuple ``(code, *fields)`` whose
# ``code`` indexes ``EVENT_TYPES``. Building one costs a fraction of building an event object, and a
# tuple of strings and numbers drops out of the garbage collector's tracing, which otherwise visits
# every stored event again and again. Rule code calls the helpers and never builds these seven events
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
    ArmiesMovedIn,
    TurnEnded,
)
ARMIES_PLACED = EVENT_TYPES.index(ArmiesPlaced)
DICE_ROLLED = EVENT_TYPES.index(DiceRolled)
TERRITORY_CONQUERED = EVENT_TYPES.index(TerritoryConquered)
ARMIES_MOVED = EVENT_TYPES.index(ArmiesMoved)
ARMIES_MOVED_IN = EVENT_TYPES.index(ArmiesMovedIn)
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


def armies_moved_in(player: str, source: str, target: str, count: int, attackers: int) -> CompactEvent:
    return (ARMIES_MOVED_IN, player, source, target, count, attackers)


def phase_changed(player: str, phase: str) -> CompactEvent:
    return (PHASE_CHANGED, player, phase)


def turn_started(player: str, turn: int, reinforcements: int) -> CompactEvent:
    return (TURN_STARTED, player, turn, reinforcements)


def expand(events: Iterable[Event | CompactEvent], words: Words | None = None) -> list[Event]:
    """Event objects for events that may be in the compact form (event objects stay as they are),
    each given ``words``, the edition's words its sentence uses, unless ``None``."""
    types = EVENT_TYPES
    out: list[Event] = []
    append = out.append
    for e in events:
        if isinstance(e, Event):
            event = e
        elif e[0] == THROWS:
            _, attacker, defender, source, target, throws = e
            for att, de, att_loss, def_loss in throws:
                append(DiceRolled(attacker, defender, source, target, att, de, att_loss, def_loss, words=words))
            continue
        else:
            event = types[e[0]](*e[1:])
        if words is not None:
            event.words = words
        append(event)
    return out
