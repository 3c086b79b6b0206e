"""Actions: small frozen values with a text form, and the parser for that text form.

``str(action)`` is the notation (``"attack alaska kamchatka 3"``) and ``parse_action`` reads it
back, so ``parse_action(str(a)) == a`` for every action. Given the map, ``parse_action`` also reads
territory codes for ids (``"attack ala kam 3"``), the short form records use. Actions say what a
player wants; whether it is legal is the ruleset's business (``Game.check`` / ``Game.apply``).
"""

from __future__ import annotations

import numbers
import reprlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, fields
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from riskboard.errors import IllegalAction
from riskboard.i18n import N_, _
from riskboard.i18n.hints import did_you_mean

if TYPE_CHECKING:
    from riskboard.maps import GameMap


def checked_count(value: object, what: str) -> int:
    """A count as an action holds it: a Python ``int``. Other integers (numpy's, a bot's arithmetic)
    are read as their value; ``bool``, floats and text are refused."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise IllegalAction(
            _("{what} must be a whole number, got {value}").format(what=_(what), value=reprlib.repr(value)),
            code="action/bad_count",
        )
    return int(value)


def _name(value: object, what: str) -> str:
    if type(value) is not str or not value.isidentifier():
        raise IllegalAction(
            _("{what} must be a territory or card id, got {value}").format(what=_(what), value=reprlib.repr(value)),
            code="action/unparsable",
        )
    return value


@dataclass(frozen=True, slots=True)
class Action:
    """Base class of every action; ``verb`` is the first word of the text form."""

    verb: ClassVar[str] = ""
    checks_types_only: ClassVar[bool] = False
    """Whether the constructor checks only its fields' types (counts are ints, names are strings
    the rules then look up): ``validated`` may then accept an action whose fields have those exact
    types without building it again. An action whose constructor checks values too leaves it false."""


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place ``count`` armies from your reinforcements (or setup supply) on ``territory``."""

    count: int
    territory: str
    verb: ClassVar[str] = "place"
    checks_types_only: ClassVar[bool] = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "count", checked_count(self.count, N_("the number of armies")))
        _name(self.territory, N_("the territory"))

    def __str__(self) -> str:
        return f"place {self.count} {self.territory}"


@dataclass(frozen=True, slots=True)
class TradeCards(Action):
    """Trade in a set of three cards (card ids are territory ids, wilds ``wild_1``/``wild_2``).

    If a card shows a territory you own, its +2 bonus goes there; the first such card in the
    order given wins, so the order is how you choose.
    """

    cards: tuple[str, ...]
    verb: ClassVar[str] = "trade"

    def __post_init__(self) -> None:
        if not isinstance(self.cards, (tuple, list)) or len(self.cards) > MOST_CARDS:
            raise IllegalAction(
                _("the cards must be a list of at most {most} card ids, got {value}").format(
                    most=MOST_CARDS, value=reprlib.repr(self.cards)
                ),
                code="action/unparsable",
            )
        object.__setattr__(self, "cards", tuple(_name(c, N_("a card")) for c in self.cards))

    def __str__(self) -> str:
        return "trade " + " ".join(self.cards)


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Attack ``target`` from ``source`` rolling ``dice`` dice (one throw)."""

    source: str
    target: str
    dice: int
    verb: ClassVar[str] = "attack"
    checks_types_only: ClassVar[bool] = True

    def __post_init__(self) -> None:
        _name(self.source, N_("the attacking territory"))
        _name(self.target, N_("the attacked territory"))
        object.__setattr__(self, "dice", checked_count(self.dice, N_("the number of dice")))

    def __str__(self) -> str:
        return f"attack {self.source} {self.target} {self.dice}"


@dataclass(frozen=True, slots=True)
class Blitz(Action):
    """Attack ``target`` from ``source`` throw after throw with the most dice allowed, until it
    falls or ``source`` is down to one army (a shortcut for repeated ``Attack``).
    Text form: ``blitz S T`` or ``blitz S T all`` / ``blitz S T min`` (short: ``a`` / ``m``)."""

    source: str
    target: str
    move: str | None = None
    """After a conquest: ``None`` asks (``occupy N``), ``"all"`` moves in everything but one army,
    ``"min"`` only the armies that rolled the last throw."""
    verb: ClassVar[str] = "blitz"

    def __post_init__(self) -> None:
        _name(self.source, N_("the attacking territory"))
        _name(self.target, N_("the attacked territory"))
        if not (self.move is None or (type(self.move) is str and self.move in ("all", "min"))):
            raise IllegalAction(
                _("blitz can move in 'all' or 'min' after a conquest, not {value}").format(
                    value=reprlib.repr(self.move)
                ),
                code="action/unparsable",
            )

    def __str__(self) -> str:
        return f"blitz {self.source} {self.target}" + (f" {self.move}" if self.move else "")


@dataclass(frozen=True, slots=True)
class Defend(Action):
    """Defend the attacked territory rolling ``dice`` dice."""

    dice: int
    verb: ClassVar[str] = "defend"
    checks_types_only: ClassVar[bool] = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", checked_count(self.dice, N_("the number of dice")))

    def __str__(self) -> str:
        return f"defend {self.dice}"


@dataclass(frozen=True, slots=True)
class Occupy(Action):
    """Move ``count`` armies in total (the attacking ones included) into the conquered territory."""

    count: int
    verb: ClassVar[str] = "occupy"
    checks_types_only: ClassVar[bool] = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "count", checked_count(self.count, N_("the number of armies")))

    def __str__(self) -> str:
        return f"occupy {self.count}"


@dataclass(frozen=True, slots=True)
class Fortify(Action):
    """The end-of-turn move: ``count`` armies from ``source`` to ``target``."""

    source: str
    target: str
    count: int
    verb: ClassVar[str] = "fortify"
    checks_types_only: ClassVar[bool] = True

    def __post_init__(self) -> None:
        _name(self.source, N_("the territory to move from"))
        _name(self.target, N_("the territory to move to"))
        object.__setattr__(self, "count", checked_count(self.count, N_("the number of armies")))

    def __str__(self) -> str:
        return f"fortify {self.source} {self.target} {self.count}"


@dataclass(frozen=True, slots=True)
class EndPhase(Action):
    """End the current phase (attack → fortify, fortify → next player's turn)."""

    verb: ClassVar[str] = "end"
    checks_types_only: ClassVar[bool] = True

    def __str__(self) -> str:
        return "end"


MOST_CARDS = 100
"""The most cards one action names (a deck has 44 to 56): a longer list is no action of any edition."""

_CHECKS: dict[type, tuple[Callable[[Any], tuple[Any, ...]], tuple[type | None, ...], tuple[str, ...]]] = {}
"""Per action type: a getter of its fields' values, the exact type each checked value has (``None``
for a field whose value always goes through the constructor, such as a tuple of names), and the
fields' names. One entry per action class (at most ``MOST_ACTION_TYPES``)."""
MOST_ACTION_TYPES = 1000


def validated(action: object) -> Action:
    """``action`` as its constructor would have made it, or ``IllegalAction``: what ``apply`` and
    ``push`` hold every action to, however it was made (a bot may build one without its checks,
    with ``object.__new__`` or by setting a field). An action whose fields already have their exact
    types costs one look-up and a tuple comparison; any other is rebuilt through its constructor,
    which reads other integers as ints and refuses what no action holds."""
    cls = type(action)
    check = _CHECKS.get(cls) or _checker(cls)
    getter, kinds, names = check
    try:
        values = getter(action)
    except AttributeError:
        raise IllegalAction(
            _("this {kind} lacks one of its fields ({fields}): it was not made by {kind}(...)").format(
                kind=cls.__name__, fields=", ".join(names)
            ),
            code="action/malformed",
        ) from None
    if tuple(map(type, values)) == kinds:
        return action  # type: ignore[return-value]
    try:
        made = cls(*values)
    except IllegalAction:
        raise
    except Exception as exc:  # a constructor's own checks met a value no action holds
        raise IllegalAction(
            _("this {kind} holds values no action takes ({error}: {message})").format(
                kind=cls.__name__, error=type(exc).__name__, message=reprlib.repr(str(exc))
            ),
            code="action/malformed",
        ) from None
    # the action itself where the constructor kept every value as it was (callers may rely on
    # ``parse_action(a) is a``), else what the constructor made of it
    same = made == action and tuple(map(type, getter(made))) == tuple(map(type, values))
    return action if same else made  # type: ignore[return-value]


def _checker(cls: type) -> tuple[Callable[[Any], tuple[Any, ...]], tuple[type | None, ...], tuple[str, ...]]:
    if not (isinstance(cls, type) and issubclass(cls, Action)):
        raise IllegalAction(
            _("an action must be an Action or its text form, got {kind}").format(kind=cls.__name__),
            code="action/unparsable",
        )
    names = tuple(f.name for f in fields(cls))
    # a field is checked by its exact type only where the constructor checks nothing more
    exact = {"int": int, "str": str} if cls.checks_types_only else {}
    kinds = tuple(exact.get(str(f.type)) for f in fields(cls))
    getter: Callable[[Any], tuple[Any, ...]]
    if len(names) > 1:
        getter = attrgetter(*names)
    elif names:
        one = attrgetter(names[0])
        getter = lambda a: (one(a),)  # noqa: E731
    else:
        getter = lambda a: ()  # noqa: E731
    check = (getter, kinds, names)
    if len(_CHECKS) < MOST_ACTION_TYPES:
        _CHECKS[cls] = check
    return check


A = TypeVar("A", bound=Action)
_new = object.__new__


def trusted(cls: type[A]) -> Callable[..., A]:
    """A maker of ``cls(*values)`` for values the engine made itself (ids from the map or the deck,
    counts from a ``range``) that skips the checks ``__post_init__`` makes of a user's values: a
    fraction of the cost, for the actions the rules list again and again (a hand's trades). What
    it makes is equal, and hashes equal, to the checked action. Never for values a user or a bot
    gave."""
    setters = [getattr(cls, f.name).__set__ for f in fields(cls)]

    def make(*values: Any) -> A:
        action = _new(cls)
        for setter, value in zip(setters, values, strict=True):
            setter(action, value)
        return action

    return make


Parser = Callable[[list[str], str], Action]
"""Reads the words after a verb (and the whole text, for messages) into an action."""


def number(token: str, text: str) -> int:
    """A count in action text: plain ASCII digits, perhaps after a minus sign (``3``, ``-1``; not
    ``+3``, ``1_0`` or ``３``); whether the count is allowed is the rules' business."""
    digits = token[1:] if token.startswith("-") else token
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 9:
        raise IllegalAction(
            _("{token} is not a number in {text}").format(token=repr(token), text=repr(text)), code="action/unparsable"
        )
    return int(token)


def expected(form: str, text: str) -> str:
    """The message for action text that does not fit its verb's ``form`` (``"place N TERRITORY"``:
    the notation, which stays as it is in every language)."""
    return _("expected '{form}', got {text}").format(form=form, text=repr(text))


def _parse_place(w: list[str], text: str) -> Action:
    if len(w) != 2:
        raise IllegalAction(expected("place N TERRITORY", text), code="action/unparsable")
    return Place(number(w[0], text), w[1])


def _parse_trade(w: list[str], text: str) -> Action:
    if not w:
        raise IllegalAction(expected("trade CARD CARD CARD", text), code="action/unparsable")
    return TradeCards(tuple(w))


def _parse_attack(w: list[str], text: str) -> Action:
    if len(w) != 3:
        raise IllegalAction(expected("attack FROM TO DICE", text), code="action/unparsable")
    return Attack(w[0], w[1], number(w[2], text))


# A blitz's move policy by every spelling the parser reads; records write the one-letter forms.
BLITZ_MOVES = {"all": "all", "min": "min", "a": "all", "m": "min"}


def _parse_blitz(w: list[str], text: str) -> Action:
    if len(w) not in (2, 3):
        raise IllegalAction(expected("blitz FROM TO [all|min]", text), code="action/unparsable")
    return Blitz(w[0], w[1], BLITZ_MOVES.get(w[2], w[2]) if len(w) == 3 else None)


def _parse_defend(w: list[str], text: str) -> Action:
    if len(w) != 1:
        raise IllegalAction(expected("defend DICE", text), code="action/unparsable")
    return Defend(number(w[0], text))


def _parse_occupy(w: list[str], text: str) -> Action:
    if len(w) != 1:
        raise IllegalAction(expected("occupy N", text), code="action/unparsable")
    return Occupy(number(w[0], text))


def _parse_fortify(w: list[str], text: str) -> Action:
    if len(w) != 3:
        raise IllegalAction(expected("fortify FROM TO N", text), code="action/unparsable")
    return Fortify(w[0], w[1], number(w[2], text))


def _parse_end(w: list[str], text: str) -> Action:
    if w:
        raise IllegalAction(
            _("'{verb}' takes nothing after it, got {text}").format(verb="end", text=repr(text)),
            code="action/unparsable",
        )
    return EndPhase()


class Verbs:
    """A table of action words and their parsers: every edition has its own (the shared verbs
    plus its own, ``SHARED.extend({...})``), so an unknown word lists the verbs of the game in play."""

    __slots__ = ("_parsers",)

    def __init__(self, parsers: Mapping[str, Parser]) -> None:
        self._parsers: dict[str, Parser] = dict(parsers)

    def extend(self, more: Mapping[str, Parser]) -> Verbs:
        """A new table with ``more`` verbs (an edition's own)."""
        clash = sorted(set(more) & set(self._parsers))
        if clash:
            raise ValueError(f"verbs already taken: {', '.join(clash)}")
        return Verbs({**self._parsers, **more})

    def override(self, more: Mapping[str, Parser]) -> Verbs:
        """A new table where ``more`` replaces some verbs' parsers (an edition that reads more in a
        shared verb: Transformers' ``attack S T N leader``)."""
        unknown = sorted(set(more) - set(self._parsers))
        if unknown:
            raise ValueError(f"no such verbs to override: {', '.join(unknown)}")
        return Verbs({**self._parsers, **more})

    def __contains__(self, verb: object) -> bool:
        return verb in self._parsers

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._parsers))

    def parse(self, text: str | Action, game_map: GameMap | None = None) -> Action:
        """Read the text form of an action (see ``parse_action``)."""
        if isinstance(text, Action):
            return validated(text)
        if not isinstance(text, str):
            raise IllegalAction(
                _("an action must be an Action or its text form, got {kind}").format(kind=type(text).__name__),
                code="action/unparsable",
            )
        words = text.strip().lower().split()
        if not words:
            raise IllegalAction(_("an empty string is not an action"), code="action/unparsable")
        parser = self._parsers.get(words[0])
        if parser is None:
            known = ", ".join(self)
            hint = did_you_mean(words[0], list(self))
            raise IllegalAction(
                _("unknown action {verb} in {text}{hint}; actions are: {known}").format(
                    verb=repr(words[0]), text=repr(text), hint=hint, known=known
                ),
                code="action/unparsable",
            )
        args = words[1:]
        if game_map is not None:  # a territory by its id, its code or its name in any language
            args = [game_map.territory_word(w) for w in args]
        return parser(args, text)


SHARED = Verbs(
    {
        "place": _parse_place,
        "trade": _parse_trade,
        "attack": _parse_attack,
        "blitz": _parse_blitz,
        "defend": _parse_defend,
        "occupy": _parse_occupy,
        "fortify": _parse_fortify,
        "end": _parse_end,
    }
)
"""The verbs every edition shares."""


def parse_action(text: str | Action, game_map: GameMap | None = None, verbs: Verbs = SHARED) -> Action:
    """Read the text form of an action, e.g. ``parse_action("attack alaska kamchatka 3")``.

    With ``game_map`` a territory (or card) may also be named by its code or its name in any
    language (spaces as ``_``): ``"attack ala kam 3"`` and ``"attack alaska kamtjatka 3"`` read as
    the same ``Attack("alaska", "kamchatka", 3)``; the action always holds the ids.
    ``verbs`` is the table to read with (an edition's: ``game.ruleset.verbs``; ``game.parse``
    reads with the game's own). The shared verbs by default.
    """
    return verbs.parse(text, game_map)
