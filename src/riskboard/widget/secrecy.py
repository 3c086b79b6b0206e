"""Who may see which secrets on a board, stated once: the board's ``secrecy`` mode decides, from the
position and the seats, whose hidden information (``game.view(player)``: the hand, the secret
mission) the synced traits may carry. The payload functions read a ``Sight`` and show what it
allows; nothing else decides.

Modes (``rb.Board(game, secrecy=...)``):

* ``"open"``: today's board, one hand shown: the ``viewer``'s, or the current player's.
* ``"hot_seat"``: people share one screen. Only the human who decides now sees their own secrets,
  and only after they said they hold the device (the pass screen's ``reveal`` intent): when the
  decision passes from one human to another (a defender asked for dice too), the board syncs a
  position with no secrets and ``pass_to`` naming who takes the device. While a bot decides
  nobody's secrets are synced, and a bot's seat never reveals anything. Once the game is over
  every secret is shown, as players show their cards and missions at the end.
* ``"teacher"``: the teacher's own screen: every player's hand and mission.

The game's seed, the generator's state and the deck's order are hidden too (with them every
future throw and card can be worked out); no payload carries them in any mode.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from riskboard.engine.events import Event, MissionChanged
from riskboard.errors import ConfigError, IllegalAction
from riskboard.i18n import _

if TYPE_CHECKING:
    from riskboard.engine.game import Game

MODES = ("open", "hot_seat", "teacher")
"""The board's secrecy modes."""

PRIVATE_EVENTS: dict[type[Event], str] = {MissionChanged: "player"}
"""The events whose sentence names a player's secret, by the field naming that player: shown in
the log only to whoever sees that player's secrets (a new mission reveals the old one too)."""


def checked_secrecy(mode: object) -> str:
    """``mode`` if it is a secrecy mode, else a ``ConfigError`` naming the modes."""
    if not isinstance(mode, str) or mode not in MODES:
        raise ConfigError(
            _("secrecy is one of {modes}, not {mode}").format(modes=", ".join(repr(m) for m in MODES), mode=repr(mode)),
            code="config/bad_secrecy",
        )
    return mode


@dataclass(frozen=True, slots=True)
class Sight:
    """Whose secrets the synced traits may carry now: ``players`` (a hand, a mission), with
    ``shown`` the player whose hand the hand panel shows (``None``: no hand). ``everyone``: every
    player's secrets (the teacher's screen, a finished hot-seat game), sent as ``view.secrets``."""

    shown: str | None
    players: frozenset[str]
    everyone: bool = False
    open: bool = False
    """An open board (today's): one hand in the hand panel, and nothing else withheld (the pending
    player's trades, every event)."""

    def sees(self, player: str | None) -> bool:
        """Whether ``player``'s secrets may be synced."""
        return player is not None and player in self.players

    def may_show(self, player: str | None) -> bool:
        """Whether what names ``player``'s secrets beyond the hand panel (their trades, an event
        naming their mission) may be synced: on an open board, or where ``player`` is seen."""
        return self.open or self.sees(player)

    @classmethod
    def of(cls, player: str | None) -> Sight:
        """One player's secrets (``None``: nobody's)."""
        return cls(player, frozenset() if player is None else frozenset({player}))

    @classmethod
    def all(cls, game: Game, shown: str | None) -> Sight:
        """Every player's secrets, ``shown``'s hand in the hand panel."""
        return cls(shown, frozenset(game.players), everyone=True)


NOBODY = Sight.of(None)
"""No secret at all: the pass screen, a bot's decision."""


def sight_of(value: Sight | str | None) -> Sight:
    """A ``Sight``, or the one player's (``None``: nobody's) whose hand an older caller names."""
    return value if isinstance(value, Sight) else Sight.of(value)


def secrets_of(game: Game, player: str) -> tuple[tuple[str, ...], str | None]:
    """``player``'s hidden information as the rules state it (``game.view``): hand and mission."""
    view = game.view(player)
    return view.hand, view.mission


def mission_payload(game: Game, mission: str | None) -> dict[str, Any] | None:
    """A secret mission for the front end: its id and its words (``None`` without one)."""
    if not mission:
        return None
    goal = game.ruleset.mission_goal(game.config, mission)
    return {"id": mission, "text": goal.text if goal is not None else mission.replace("_", " ")}


def visible_event(event: Event, sight: Sight) -> bool:
    """Whether ``event``'s sentence may be synced to ``sight`` (``PRIVATE_EVENTS``)."""
    field = PRIVATE_EVENTS.get(type(event))
    return field is None or sight.may_show(getattr(event, field))


class Secrecy:
    """One board's secrecy: its mode and, in hot seat, the human who last took the device."""

    def __init__(self, mode: object) -> None:
        self.mode = checked_secrecy(mode)
        self.holder: str | None = None
        """The human who revealed their secrets last (hot seat): they keep seeing them while the
        decisions are theirs or a bot's answer to them, until another human must decide."""

    def follow(self, game: Game, seats: dict[str, str]) -> None:
        """Called with every position the board shows: once another human must decide, the device
        is going to them, so the last holder's secrets stay hidden even if the game comes back to
        them (an undo pressed on the pass screen) until they take the device again."""
        human = self.decider(game, seats)
        if human is not None and human != self.holder:
            self.holder = None

    def decider(self, game: Game, seats: dict[str, str]) -> str | None:
        """The human who decides now, or ``None`` (a bot's decision, the game over)."""
        player = game.pending.player
        return player if player is not None and seats.get(player, "human") == "human" else None

    def pass_to(self, game: Game, seats: dict[str, str]) -> str:
        """Whom the device must go to before anything secret is shown (hot seat), else ``""``."""
        if self.mode != "hot_seat":
            return ""
        human = self.decider(game, seats)
        return human if human is not None and human != self.holder else ""

    def sight(self, game: Game, seats: dict[str, str], viewer: str | None) -> Sight:
        """What the synced traits may carry now."""
        current = game.current_player if not game.is_over else None
        if self.mode == "open":
            shown = viewer or current
            return Sight(shown, frozenset() if shown is None else frozenset({shown}), open=True)
        if self.mode == "teacher":
            return Sight.all(game, viewer or game.pending.player or current)
        if game.is_over:
            return Sight.all(game, None)
        human = self.decider(game, seats)
        return Sight.of(human) if human is not None and human == self.holder else NOBODY

    def reveal(self, game: Game, seats: dict[str, str]) -> str:
        """The pass screen's button: the player it names holds the device now. Refused (a stable
        code, nothing changed) when nothing waits to be revealed."""
        player = self.pass_to(game, seats)
        if not player:
            if self.mode != "hot_seat":
                raise IllegalAction(_("nothing is hidden on this board"), code="secrecy/nothing_hidden")
            raise IllegalAction(
                _("nothing is hidden now: no one needs to take the device"), code="secrecy/nothing_hidden"
            )
        self.holder = player
        return player
