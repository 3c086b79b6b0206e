"""Save, load and replay on the board: the part of ``Board`` that keeps, reads and looks back.

``board.save()`` is ``game.to_json()``; the Save button asks for it with a ``save`` intent, which
the kernel answers with a custom message ``{"kind": "saved", "text", "filename"}`` (the schema's
``message_saved``): the file is the kernel's text, the front end only hands it to the browser.
In hot-seat play the file holds every hidden card and the seed, so Save is the teacher's: the
intent is refused (``save/secret``) and the front end hides the button; ``board.save()`` from a
cell still works.

``board.load(text)`` reads a saved game with ``Game.from_json`` (every part checked) and only then
shows it: the board's static traits are sent again (it may be another edition or map), the
selection and the teacher's dice are cleared, every seat is human again (a file holds no seats),
and undo continues on the loaded game. A bad file
raises ``FormatError`` and changes nothing; the Load button's ``load`` intent shows its message
in ``error``. After a load ``board.game`` is the NEW game object: the old one is let go (the
board no longer follows it, so a cell still holding it drives nothing on this board; read
``board.game`` again).

``board.replay(step)`` shows the position after the first ``step`` entries of the game's record
(a blitz is one entry, its throws listed in ``replaying["throws"]``), drawn by the same payload
functions from a game replayed with the record's own outcomes, so it is exactly
``rb.replay(record[:step])``'s position. While replaying, intents that would act are refused
(``replay/active``); cells may still drive ``board.game``, whose growing record the slider
follows. ``board.live()`` returns to the game as it stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets

from riskboard.engine.actions import Action
from riskboard.engine.events import DiceRolled
from riskboard.engine.game import Game
from riskboard.errors import FormatError, IllegalAction
from riskboard.i18n import _, get_language, using
from riskboard.widget.payload import (
    static_payloads,
)
from riskboard.widget.secrecy import NOBODY, Secrecy

if TYPE_CHECKING:
    from collections.abc import Callable

LOAD_LIMIT = 16 * 2**20
"""The longest text the board loads (16 Mi characters, some 600,000 actions of a record, far
above a class's game): a bigger file is refused before it is read. ``js/replay.js`` sends at most
one character more (its ``LOAD_LIMIT``), so a huge file never crosses the comm whole."""

REPLAY_INTENTS = frozenset({"replay", "live", "save", "load", "stop", "sync"})
"""The intents a board in replay answers; every other one would act and is refused."""

Entry = tuple[Action, Sequence[Any]]


class Replay:
    """A game replayed from a live game's record, moved to any step: forwards by replaying the
    record's entries with their recorded outcomes, backwards by undo (or anew where undo is off).
    It follows the live game's record as it grows or is taken back."""

    def __init__(self, live: Game) -> None:
        self.live = live
        self.game = Game(live.config, live.initial_state)
        self._applied: list[Entry] = []
        self.step = 0

    @property
    def steps(self) -> int:
        return len(self.live.actions)

    def go(self, step: int) -> Game:
        """The game after the first ``step`` entries of the live record (kept as ``self.step``)."""
        self.step = step
        entries = self.live.actions[:step]
        same = 0
        for mine, theirs in zip(self._applied, entries):
            if mine[0] != theirs[0] or list(mine[1]) != list(theirs[1]):
                break
            same += 1
        if same < len(self._applied):
            self._back(len(self._applied) - same)
        for action, outcomes in entries[same:]:
            self.game.replay_entry(action, list(outcomes))
            self._applied.append((action, outcomes))
        return self.game

    def _back(self, n: int) -> None:
        try:
            self.game.undo(n)
        except IllegalAction:  # undo is off for this game: replay the kept entries anew
            kept = self._applied[: len(self._applied) - n]
            self.game = Game(self.live.config, self.live.initial_state)
            self._applied = []
            for action, outcomes in kept:
                self.game.replay_entry(action, list(outcomes))
                self._applied.append((action, outcomes))
            return
        del self._applied[len(self._applied) - n :]


def throws_payload(game: Game) -> list[dict[str, Any]]:
    """Every throw of the last action (one for an attack, all of a blitz), oldest first."""
    if not game.actions:
        return []
    return [
        {
            "attack": list(e.attack),
            "defend": list(e.defend),
            "attacker_losses": e.attacker_losses,
            "defender_losses": e.defender_losses,
        }
        for e in game.events(last=1)
        if isinstance(e, DiceRolled)
    ]


def saved_filename(game: Game) -> str:
    """The Save button's file name: the edition and the turn (``riskboard-classic-turn-12.json``)."""
    return f"riskboard-{game.ruleset.name}-turn-{game.turn}.json"


class ReplayMixin(anywidget.AnyWidget):
    """Save, load and replay for ``Board`` (see the module docstring). The board calls
    ``_redraw_replay`` instead of its own redraw while replaying, and refuses in ``handle`` the
    intents outside ``REPLAY_INTENTS``."""

    replaying = traitlets.Dict().tag(sync=True)
    """``{}`` when live; in replay ``{"step", "steps", "action", "throws"}``."""

    _replayed: Replay | None = None

    if TYPE_CHECKING:  # what Board provides
        _game: Game
        _unsubscribe: Callable[[], None]
        _stop: bool
        _bots: dict[str, Any]
        _selected_in: tuple[int, str | None, str] | None
        language: str | None
        viewer: str | None
        secrecy: str
        pass_to: str
        _secrets: Secrecy
        map_data: dict[str, Any]
        players: list[dict[str, Any]]
        edition: dict[str, Any]
        view: dict[str, Any]
        extras: dict[str, Any]
        counts: dict[str, Any]
        hints: dict[str, Any]
        selected: str
        dice: dict[str, Any]
        event_log: list[str]
        state_id: int
        seats: dict[str, str]
        next_dice: dict[str, Any]
        error: dict[str, Any]

    def _refresh(self, *, whole: bool = False) -> None:
        raise NotImplementedError  # the board's redraw

    # -- save and load ---------------------------------------------------------------------------
    def save(self) -> str:
        """The live game as JSON text (``game.to_json()``), whatever the board shows."""
        return self._game.to_json()

    def load(self, text: str | bytes) -> None:
        """Show the game saved in ``text`` (see the module docstring); a bad file raises
        ``FormatError`` and changes nothing."""
        with using(self.language):
            game = self._read(text)
            self._unsubscribe()
            self._stop = True  # the old game's bots stop
            self._replayed = None
            self._game = game
            self._bots = {}
            self._selected_in = None
            self._secrets = Secrecy(self.secrecy)  # nobody holds the new game's device yet
            if self.viewer not in game.players:
                self.viewer = None
            with self.hold_sync():
                for name, value in static_payloads(game, get_language()).items():
                    setattr(self, name, value)
                self.seats = {p: "human" for p in game.players}  # a file holds no seats
                self.next_dice = {}
                self.selected = ""
                self.replaying = {}
                # the new game's position in the same message as its map and edition (a front end
                # that builds the board anew for them draws it at once), whole traits, no patch
                self._refresh(whole=True)
            self._unsubscribe = game.subscribe(lambda _g: self._refresh())

    @staticmethod
    def _read(text: Any) -> Game:
        if isinstance(text, (str, bytes, bytearray)) and len(text) > LOAD_LIMIT:
            raise FormatError(
                _("the file is larger than {size} MB, far larger than any saved game").format(size=LOAD_LIMIT // 2**20),
                code="format/too_large",
            )
        game = Game.from_json(text)
        if not game.map.has_geometry:
            raise FormatError(
                _("the saved game is played on the {map} map, which has no picture to draw").format(map=game.map.id),
                code="format/no_geometry",
            )
        return game

    # -- replay ----------------------------------------------------------------------------------
    def replay(self, step: int | None = None) -> None:
        """Show the position after the first ``step`` entries of the game's record (``None``: all
        of them), until ``live()``."""
        steps = len(self._game.actions)
        if step is None:
            step = steps
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= steps:
            raise IllegalAction(
                _("a replay step is a whole number from 0 to {steps}, not {step}").format(
                    steps=steps, step=_short(step)
                ),
                code="replay/bad_step",
            )
        if self._replayed is None or self._replayed.live is not self._game:
            self._replayed = Replay(self._game)
            self._stop = True  # looking back pauses the bots
        self._replayed.go(step)
        with self.hold_sync():
            self.selected = ""
            self._refresh()

    def live(self) -> None:
        """Back to the game as it stands."""
        self._replayed = None
        with self.hold_sync():
            self.replaying = {}
            self._refresh()

    @property
    def replay_step(self) -> int | None:
        """The step shown in replay, or ``None`` when the board shows the live game."""
        return None if self._replayed is None else self._replayed.step

    def _redraw_replay(self) -> None:
        """The replayed position, drawn as the board draws a live one (no selection). In hot-seat
        play no hand is shown: a replay is for everyone at the screen."""
        replayed = self._replayed
        assert replayed is not None
        step = min(replayed.step, replayed.steps)  # a cell may have taken back the last entries
        game = replayed.go(step)
        # what may be synced, as secrecy.py says for a live position; in hot seat nobody's
        sight = NOBODY if self.secrecy == "hot_seat" else self._secrets.sight(game, self.seats, self.viewer)
        last = game.actions[-1][0] if game.actions else None
        with self.hold_sync():
            self._show_position(game, sight, "", "")
            self.replaying = {
                "step": step,
                "steps": replayed.steps,
                "action": "" if last is None else str(last),
                "throws": throws_payload(game),
            }

    # -- intents ---------------------------------------------------------------------------------
    def _intent_save(self, content: dict[str, Any]) -> None:
        if getattr(self, "secrecy", "open") == "hot_seat":
            raise IllegalAction(
                _("in hot-seat play the saved file would show every hidden card: the teacher saves with board.save()"),
                code="save/secret",
            )
        self.send({"kind": "saved", "text": self.save(), "filename": saved_filename(self._game)})

    def _intent_load(self, content: dict[str, Any]) -> None:
        text = content.get("text")
        if not isinstance(text, str):
            raise IllegalAction(_("the request needs the file's text"), code="intent/malformed")
        self.load(text)

    def _intent_replay(self, content: dict[str, Any]) -> None:
        step = content.get("step")
        if "step" not in content or (step is not None and (isinstance(step, bool) or not isinstance(step, int))):
            raise IllegalAction(_("a replay step is a whole number, or null for the last"), code="intent/malformed")
        self.replay(step)

    def _intent_live(self, content: dict[str, Any]) -> None:
        self.live()

    def _refuse_in_replay(self, kind: str) -> None:
        """Raise if the board is replaying and ``kind`` would act."""
        if self._replayed is not None and kind not in REPLAY_INTENTS:
            raise IllegalAction(
                _("the board shows a replay: press Live to return to the game before playing"),
                code="replay/active",
            )


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"
