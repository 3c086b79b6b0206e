"""``Board``: the live, clickable board (anywidget). The Python side of the board's contract.

The contract is written down once, in ``riskboard/widget/schema/board.schema.json`` (a versioned
JSON Schema of every trait and intent; ``riskboard.widget.contract``). In short:

Python → JS traits: ``map_data`` (static, sent once), ``players``, ``edition`` (an edition's own
fixed facts, sent once: Balance of Power's missions, commands, buildings, symbols), ``view`` (the
position), ``extras`` and ``counts`` (the edition's own state: missions, cities, capitals,
airfields, purchases; and the numbers that change often: progress, cities held, field
hospitals), ``hints`` (what the pending decision allows, with exact odds
for the selected source),
``selected``, ``dice`` (the last throw of the game, ``fresh`` when the last action threw it),
``event_log`` (the last events in the edition's words; not ``log``, which is the widget library's
own logger, where ipywidgets reports its errors), ``error`` (``{"code", "message"}`` of the last
refused intent, ``{}`` after a success), ``state_id``, ``seats``, ``next_dice`` (the teacher's
dice for the next throw, ``{}`` once used), ``busy``, ``secrecy`` (the mode), ``pass_to`` (in
hot seat, the human who must take the device before their secrets are synced; ``""`` none) and
``replaying`` (``{}``, or the step a replay shows: ``riskboard.widget.replay``). Every panel is
drawn from these alone, so a reloaded page or Voila shows what the kernel knows.

JS → Python intents (custom messages, each with the ``state_id`` it was made for):
``{"kind": "action", "text": ...}`` (validated exactly like ``game.apply``), ``click``,
``select``, ``undo``, ``step``, ``finish_turn``, ``play``, ``stop``, ``set_seat``, ``set_dice``,
``clear_dice``, ``reveal`` (the pass screen's button); ``save``, ``load``, ``replay`` and ``live``
(``riskboard.widget.replay``). A malformed, stale or illegal intent never raises in the kernel and
never changes the game: it sets ``error`` to a sentence a student understands.

The kernel owns every trait: the front end writes none (``js/`` never calls ``model.set``), and
each choice it makes (a selection, a seat, the teacher's dice) is an intent the kernel checks. A
trait write from the front end (the comm's ``update``) is therefore refused: ``error`` says so and
the kernel sends its own values back, so the front end does not drift from the game.

Cells and clicks drive the same ``Game``: the board follows ``board.game.apply(...)`` from any
cell, and what a click does is at once visible to the cells.

Without a live kernel (GitHub, nbviewer, an HTML export without widget state) the board's output
shows its picture (``image/svg+xml`` beside the widget view). A displayed board keeps that
picture current: after every cell that changed the game, it updates its own display output (an
IPython display id), so a saved or executed notebook shows the game as the cells left it, not as
it was when the board first appeared. Clicks alone update it with the next cell that runs.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from contextlib import nullcontext
from typing import Any

import traitlets

from riskboard.bots import Aggressive, Random
from riskboard.engine.actions import Attack, Blitz
from riskboard.engine.events import pieces
from riskboard.engine.game import Game
from riskboard.engine.play import as_bot
from riskboard.errors import ConfigError, IllegalAction, RiskboardError
from riskboard.i18n import N_, _, checked_language, get_language, speak, unspeak, using
from riskboard.render import render_svg
from riskboard.widget.contract import INTENT_KINDS, UNDATED_INTENTS
from riskboard.widget.edition import counts_payload, extras_payload
from riskboard.widget.patches import PATCHED, PatchMixin
from riskboard.widget.payload import (
    LogWindow,
    dice_payload,
    hints_payload,
    static_payloads,
    view_payload,
)
from riskboard.widget.replay import ReplayMixin
from riskboard.widget.secrecy import Secrecy, Sight
from riskboard.widget.static import bundle_css, bundle_js

SEATS = ("human", "Aggressive", "Random")
_BOTS = {"Aggressive": Aggressive, "Random": Random}
MESSAGE_LIMIT = 400
"""The longest ``error`` message the board shows (an error quoting a hostile text is cut short)."""
QUOTE_LIMIT = 40
"""The most characters of something the front end sent that an error message quotes."""


def _quoted(value: object) -> str:
    """What the front end sent, for an error message: a short text or number quoted, anything else
    by its type (the repr of a deeply nested or huge value could fail, or fill the board)."""
    if isinstance(value, str):
        return repr(value if len(value) <= QUOTE_LIMIT else value[:QUOTE_LIMIT] + "…")
    if isinstance(value, int) and abs(value) >= 10**QUOTE_LIMIT:
        return "a number too long to quote"
    if value is None or isinstance(value, (int, float)):
        return repr(value)
    return f"a value of type {type(value).__name__}"


def _listed(names: list[str]) -> str:
    """A few names for a sentence: "seats", "seats and busy", "seats, busy, view and 2 more"."""
    shown = [name if len(name) <= QUOTE_LIMIT else name[:QUOTE_LIMIT] + "…" for name in names[:3]]
    if len(names) > 3:
        shown.append(f"{len(names) - 3} more")
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def _described(exc: Exception, *, with_type: bool) -> str:
    """An exception as a sentence for the ``error`` trait, even when its ``str`` fails."""
    try:
        text = exc.message if isinstance(exc, RiskboardError) else str(exc)
    except Exception:
        text = "(no description)"
    return f"{type(exc).__name__}: {text}" if with_type else text


def _kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop of an IPython kernel, or ``None`` outside one (scripts, tests, and
    Playwright's sync API, whose loop reports itself running but is not driven)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    if shell is None or not hasattr(shell, "kernel"):
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


_SHOWN: weakref.WeakSet[Board] = weakref.WeakSet()
"""The boards that have been displayed in this kernel, whose pictures follow their games."""
_HOOKED: list[object] = []  # the IPython shell whose post_run_cell event updates them


def _update_shown_boards(_result: object = None) -> None:
    """After each cell: every displayed board whose game changed updates its display outputs.
    (``post_run_cell``, not ``post_execute``, which the board's own messages trigger too: a click
    must not redraw the output it was made in.)"""
    for board in list(_SHOWN):
        board._update_displays()


def _follow_cells(board: Board) -> None:
    """Have ``board``'s display outputs updated after each cell (in an IPython kernel only)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    if shell is None:
        return
    if shell not in _HOOKED:
        shell.events.register("post_run_cell", _update_shown_boards)
        _HOOKED.append(shell)
    _SHOWN.add(board)


class Board(ReplayMixin, PatchMixin):
    """The live board for ``game``. ``seats`` maps players to ``"human"``, ``"Aggressive"`` or
    ``"Random"`` (default: everyone human); ``viewer`` is whose hand is shown (default: the player
    whose turn it is); ``delay`` is the pause between bot actions when playing; ``language``
    ("en", "de", "sv" or "ja") is the language of everything on this board, whatever the global
    one (``None``: the global one, ``rb.set_language``, followed when it changes); ``secrecy``
    ("open", "hot_seat" or "teacher", see ``riskboard.widget.secrecy``) is whose secrets it shows:
    one hand, each human their own after a pass screen, or everyone's."""

    _esm = bundle_js()
    _css = bundle_css()

    map_data = traitlets.Dict().tag(sync=True)
    players: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    edition = traitlets.Dict().tag(sync=True)
    view = traitlets.Dict().tag(sync=True)
    extras = traitlets.Dict().tag(sync=True)
    counts = traitlets.Dict().tag(sync=True)
    hints = traitlets.Dict().tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    dice = traitlets.Dict().tag(sync=True)
    event_log: traitlets.List[str] = traitlets.List().tag(sync=True)
    error = traitlets.Dict().tag(sync=True)
    state_id = traitlets.Int(0).tag(sync=True)
    seats = traitlets.Dict().tag(sync=True)
    next_dice = traitlets.Dict().tag(sync=True)
    busy = traitlets.Bool(False).tag(sync=True)
    texts = traitlets.Dict().tag(sync=True)
    secrecy = traitlets.Unicode("open").tag(sync=True)
    pass_to = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        game: Game,
        *,
        seats: dict[str, str] | None = None,
        viewer: str | None = None,
        delay: float = 0.3,
        seed: int | None = None,
        language: str | None = None,
        secrecy: str = "open",
        **kwargs: Any,
    ) -> None:
        if language is not None:
            checked_language(language)
        secrets = Secrecy(secrecy)  # an unknown mode: ConfigError, before anything is built
        if not isinstance(game, Game):
            raise TypeError(f"Board needs a riskboard Game, got {type(game).__name__}")
        if not game.map.has_geometry:
            raise ValueError(f"the {game.map.id} map has no geometry to draw")
        seat_map = {p: "human" for p in game.players}
        for player, seat in (seats or {}).items():
            self._check_seat(game, player, seat)
            seat_map[player] = seat
        if viewer is not None and viewer not in game.players:
            raise ValueError(_("viewer {viewer} is not a player").format(viewer=repr(viewer)))
        if viewer is not None and secrets.mode == "hot_seat":
            raise ConfigError(
                _(
                    "a hot-seat board shows each player only their own secrets: viewer= is for secrecy='open' or 'teacher'"
                ),
                code="config/bad_secrecy",
            )
        self.language = language
        with using(language) as spoken:
            super().__init__(
                **static_payloads(game, spoken),
                seats=seat_map,
                secrecy=secrets.mode,
                **kwargs,
            )
        self._spoken = spoken  # the language of the static payloads
        self._log = LogWindow()  # the event log's lines, carried from one position to the next
        self._game = game
        self._secrets = secrets
        self._selected_in: tuple[int, str | None, str] | None = None  # the moment of the selection
        self.viewer = viewer
        self.delay = delay
        self._seed = seed
        self._bots: dict[str, Any] = {}
        self._stop = False
        self._displays: list[Any] = []  # IPython DisplayHandles of this board's outputs
        self._displayed_state = -1  # the state_id their picture shows
        self._unsubscribe = game.subscribe(lambda _g: self._refresh())
        self.on_msg(self._on_msg)
        self._refresh(whole=True)  # the first values whole: no patch before the front end hears

    # -- the game --------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self._game

    def close(self) -> None:
        unsubscribe = getattr(self, "_unsubscribe", None)  # None if __init__ failed half-way
        if unsubscribe is not None:
            unsubscribe()
        _SHOWN.discard(self)
        super().close()

    def _refresh(self, *, whole: bool = False) -> None:
        """Redraw: the changes go as one patch (``riskboard.widget.patches``), or with ``whole`` as
        whole traits, as ipywidgets sends them."""
        if whole:
            with using(self.language):
                self._redraw()
            return
        # (the context managers spelt out: a redraw follows every action, and two generator-based
        # ``with`` blocks cost as much as building a payload)
        language = self.language
        token = speak(language) if language is not None else None
        self._patch_depth += 1
        try:
            self._redraw()
        finally:
            self._patch_depth -= 1
            try:
                if not self._patch_depth:
                    self._send_patch()
            finally:
                if token is not None:
                    unspeak(token)

    def _redraw(self) -> None:
        game = self._game
        spoken = get_language()
        if spoken != self._spoken:  # the global language changed: the names and words too
            self._spoken = spoken
            with self.hold_sync():
                for name, value in static_payloads(game, spoken).items():
                    setattr(self, name, value)
            self._whole_next = True  # the front end keys its patches by map_data: these go whole
        if self._replayed is not None:  # a replay shows its own position (widget/replay.py)
            self._redraw_replay()
            return
        self._secrets.follow(game, self.seats)
        sight = self._secrets.sight(game, self.seats, self.viewer)  # what may be synced (secrecy.py)
        pass_to = self._secrets.pass_to(game, self.seats)
        if self.selected and (pass_to or not self._selection_still_useful()):
            self.selected = ""
        self._show_position(game, sight, self.selected, pass_to)

    def _show_position(self, game: Game, sight: Sight, selected: str, pass_to: str) -> None:
        """Set the traits of a position (the live one, or a replay's) as ``sight`` may see it."""
        put = self._put
        # inside a patch nothing is sent trait by trait, so there is nothing to hold back
        with nullcontext() if self._patch_depth else self.hold_sync():
            put("view", view_payload(game, sight))
            put("extras", extras_payload(game))
            put("counts", counts_payload(game))
            put("hints", hints_payload(game, selected, sight))
            put("dice", dice_payload(game))
            put("event_log", self._log.sentences(game, sight))
            put("pass_to", pass_to)
            put("state_id", self._game.state_id)  # the live game's: what an intent must name

    def _selection_still_useful(self) -> bool:
        """A source stays selected only within the step and turn it was picked in: after a fortify,
        an end of the step or another player's turn, the old attack source is no longer a choice."""
        game = self._game
        try:
            mine = game.owner(self.selected) == game.current_player
        except KeyError:
            return False
        return mine and game.phase in ("attack", "fortify") and self._selected_in == self._moment()

    def _moment(self) -> tuple[int, str | None, str]:
        """The turn, the player and the step: what a selection belongs to."""
        game = self._game
        return game.turn, game.current_player, game.phase

    # -- messages from the front end --------------------------------------------------------------
    def _handle_msg(self, msg: Any) -> None:
        """Every comm message from the front end, read without trusting its shape (ipywidgets' own
        reader indexes it blindly): an intent goes to the message callbacks (``_on_msg``), a trait
        write to ``set_state`` (its buffers are not unpacked: no write is accepted), a state
        request is answered; a method of a later protocol is left to ipywidgets, which logs it."""
        content = msg.get("content") if isinstance(msg, dict) else None
        data = content.get("data") if isinstance(content, dict) else None
        if not isinstance(data, dict):
            data = {}  # no method: refused below
        method = data.get("method")
        if method == "custom":
            buffers = msg.get("buffers")
            self._handle_custom_msg(data.get("content"), buffers if isinstance(buffers, list) else [])
        elif method == "update":
            self.set_state(data.get("state"))
        elif method == "request_state":
            self.send_state()
        elif isinstance(method, str):
            super()._handle_msg(msg)
        else:
            self._refuse("intent/malformed", _("the board received a message it cannot read"))

    def set_state(self, sync_data: Any) -> None:
        """A trait write from the front end, refused: the kernel owns every trait (see the module
        docstring; a seat changes by the ``set_seat`` intent, which checks it). ``error`` says
        why, and the kernel's values of the traits named are sent back so the front end shows
        them again. Nothing else changes."""
        names = [name for name in sync_data if isinstance(name, str)] if isinstance(sync_data, dict) else []
        owned = [name for name in names if name in self.keys]
        if owned:
            self.send_state(owned)
            self._refuse(
                "trait/kernel_owned",
                _(
                    "the front end may not change the board's {traits}: the kernel owns "
                    "them and changes them only for a request it has checked"
                ).format(traits=_listed(owned)),
            )
        elif names:
            self._refuse("trait/unknown", _("the board has no trait called {names}").format(names=_listed(names)))
        else:
            self._refuse("trait/malformed", _("the front end sent a trait change the board cannot read"))

    def _refuse(self, code: str, message: str) -> None:
        """Answer a refused message in the ``error`` trait (its message kept short enough to show)."""
        if len(message) > MESSAGE_LIMIT:
            message = message[: MESSAGE_LIMIT - 1] + "…"
        self.error = {"code": code, "message": message}

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Every intent from the front end lands here; nothing may escape into the kernel. Its
        answer (an error's message included) is in the board's language."""
        with using(self.language):
            self._answer(content)

    def _answer(self, content: Any) -> None:
        try:
            self.handle(content)
        except RiskboardError as exc:
            self._refuse(str(exc.code), _described(exc, with_type=False))
        except Exception as exc:  # a bug must not break the notebook: report it on the board
            self._refuse("board/internal", _described(exc, with_type=True))

    def handle(self, content: Any) -> None:
        """Validate and carry out one intent; a malformed, stale or illegal one raises
        ``IllegalAction`` (which ``_on_msg`` shows in ``error``) and changes nothing."""
        if not isinstance(content, dict):
            raise IllegalAction(_("the board sent a message that is not an object"), code="intent/malformed")
        kind = content.get("kind")
        handler = getattr(self, f"_intent_{kind}") if isinstance(kind, str) and kind in INTENT_KINDS else None
        if handler is None:
            if not isinstance(kind, str):
                raise IllegalAction(_("the request's kind is not a name"), code="intent/unknown")
            raise IllegalAction(
                _("the board does not know the request {kind}").format(kind=_quoted(kind)), code="intent/unknown"
            )
        self._refuse_in_replay(str(kind))
        if kind not in UNDATED_INTENTS:
            state_id = content.get("state_id")
            if isinstance(state_id, bool) or not isinstance(state_id, int):
                raise IllegalAction(_("the request carries no state id"), code="intent/malformed")
            if state_id != self._game.state_id:
                raise IllegalAction(
                    _("the board changed since that click (someone else moved); look again and retry"),
                    code="intent/stale",
                )
        if kind in ("action", "click", "select") and self.pass_to:
            raise IllegalAction(
                _("first pass the device to {player}, who presses the button on the screen").format(
                    player=self.pass_to
                ),
                code="secrecy/pass_first",
            )
        if kind in ("action", "click"):
            player = self._game.pending.player
            if player is not None and self.seats.get(player, "human") != "human":
                raise IllegalAction(
                    _("a bot ({bot}) plays {player}, who must decide now: press Step or Play to end").format(
                        bot=_(self.seats[player]), player=player
                    ),
                    code="intent/bot_seat",
                )
        handler(content)
        if kind != "sync":  # (a page that loads again keeps the error it shows)
            self.error = {}
        if kind in ("action", "click") and not self.busy:
            self._start_playing(until_human=True)  # the bots answer a human's move

    @staticmethod
    def _text(content: dict[str, Any], key: str) -> str:
        value = content.get(key)
        if not isinstance(value, str):
            raise IllegalAction(_("the request needs a text {key}").format(key=repr(key)), code="intent/malformed")
        return value

    def _intent_action(self, content: dict[str, Any]) -> None:
        self.apply(self._text(content, "text"))

    def _intent_click(self, content: dict[str, Any]) -> None:
        self.click(self._text(content, "territory"))

    def _intent_select(self, content: dict[str, Any]) -> None:
        self.select(self._text(content, "territory"))

    def _intent_undo(self, content: dict[str, Any]) -> None:
        self._game.undo()

    def _intent_step(self, content: dict[str, Any]) -> None:
        self.step()

    def _intent_finish_turn(self, content: dict[str, Any]) -> None:
        """The bots play on to the end of the turn, stopping early where a human must decide (a
        defender's dice): refused, with nothing done, only when a human must decide now."""
        game = self._game
        turn = game.turn
        self.step()
        while not game.is_over and game.turn == turn and self.seats.get(game.pending.player or "") != "human":
            self.step()

    def _intent_play(self, content: dict[str, Any]) -> None:
        self._start_playing(until_human=True)

    def _intent_stop(self, content: dict[str, Any]) -> None:
        self._stop = True

    def _intent_sync(self, content: dict[str, Any]) -> None:
        """The front end's module is loaded (js/board.js ``initialize``): the patched traits go
        whole, so that a patch sent while the module was still loading is not missed."""
        self.send_state(list(PATCHED))

    def _intent_set_seat(self, content: dict[str, Any]) -> None:
        player, seat = self._text(content, "player"), self._text(content, "seat")
        self._check_seat(self._game, player, seat)
        self.seats = {**self.seats, player: seat}
        self._bots.pop(player, None)
        self._refresh()  # a seat decides what may be seen (a hot seat's pass screen)

    def _intent_reveal(self, content: dict[str, Any]) -> None:
        """The pass screen's button: the player it names holds the device, and sees their secrets."""
        self._secrets.reveal(self._game, self.seats)
        self._refresh()

    def _intent_set_dice(self, content: dict[str, Any]) -> None:
        if self._secrets.mode == "hot_seat":  # whoever holds the device would fix their own throws
            raise IllegalAction(
                _("on a hot-seat board only the teacher fixes the dice, from a cell: board.game.apply(..., dice=...)"),
                code="secrecy/teacher_dice",
            )
        attack, defend = content.get("attack"), content.get("defend")
        rules = self._game.rules
        # the largest die of the edition (a Transformers leader's d8), else the rules' dice
        sides = max(rules.sides, int(self.edition.get("largest_die", 0)))
        for name, dice, most in (("attack", attack, rules.attack_dice), ("defend", defend, rules.defence_dice)):
            if (
                not isinstance(dice, list)
                or not 1 <= len(dice) <= most
                or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= sides for v in dice)
            ):
                raise IllegalAction(
                    (
                        _("attack dice must be 1 to {most} numbers from 1 to {sides}")
                        if name == "attack"
                        else _("defence dice must be 1 to {most} numbers from 1 to {sides}")
                    ).format(most=most, sides=sides),
                    code="dice/invalid",
                )
        self.next_dice = {"attack": attack, "defend": defend}

    def _intent_clear_dice(self, content: dict[str, Any]) -> None:
        self.next_dice = {}

    @staticmethod
    def _check_seat(game: Game, player: str, seat: str) -> None:
        if player not in game.players:
            raise IllegalAction(
                _("{player} is not a player").format(player=_quoted(player)), code="intent/unknown_player"
            )
        if seat not in SEATS:
            raise IllegalAction(
                _("a seat is one of {seats}, not {seat}").format(seats=", ".join(SEATS), seat=_quoted(seat)),
                code="intent/bad_seat",
            )

    # -- what clicks and cells do ----------------------------------------------------------------
    def apply(self, action: Any) -> list[Any]:
        """Apply an action (or its text, territory codes included) for the pending player; a
        teacher's next dice are used by an attack."""
        act = self._game.parse(action)
        dice = None
        if self.next_dice and isinstance(act, (Attack, Blitz)):
            dice = self._fixed_dice(act)
        events = self._game.apply(act, dice=dice)
        if dice is not None:
            self.next_dice = {}
        return events

    def _fixed_dice(self, act: Attack | Blitz) -> tuple[list[int], list[int]]:
        """The teacher's dice for this throw: as many as it rolls on each side (the rules say how many)."""
        game = self._game
        cfg = game.config
        s = game.state
        index = game.map.index
        if act.source not in index or act.target not in index:
            raise IllegalAction(_("unknown territory"), code="action/unknown_territory")
        src, tgt = index[act.source], index[act.target]
        rules = cfg.ruleset.battle_rules(cfg, s, s.current, tgt)
        n_att = act.dice if isinstance(act, Attack) else rules.attacking(s.armies[src])
        n_def = rules.defending(s.armies[tgt])
        attack, defend = self.next_dice["attack"], self.next_dice["defend"]
        if len(attack) < n_att or len(defend) < n_def:
            raise IllegalAction(
                _("the set dice are {attack} v {defend}, but this throw needs {needs_attack} v {needs_defend}").format(
                    attack=len(attack), defend=len(defend), needs_attack=n_att, needs_defend=n_def
                ),
                code="dice/invalid",
            )
        return attack[:n_att], defend[:n_def]

    def click(self, territory: str) -> None:
        """What a click on ``territory`` means now: place or claim, pick a source, or attack."""
        game = self._game
        if territory not in game.map.index:
            raise IllegalAction(
                _("there is no territory called {name}").format(name=_quoted(territory))
                + game.map.did_you_mean(territory),
                code="action/unknown_territory",
            )
        pending = game.pending
        decision = pending.decision
        if decision in ("claim", "place", "place_neutral", "setup_place", "place_leader"):
            self.apply(f"place 1 {territory}")
            return
        if decision == "capital":
            self.apply(f"capital {territory}")
            return
        if decision in ("attack", "fortify"):
            if territory == self.selected:
                self.select("")
            elif territory in self.hints.get("sources", []):
                self.select(territory)
            elif decision == "fortify":
                return  # a fortify target opens the count control in the front end
            elif self.selected and territory in self.hints.get("targets", {}):
                dice = self.hints["targets"][territory]["dice"]
                self.apply(f"attack {self.selected} {territory} {dice}")
            elif game.owner(territory) == pending.player:
                raise IllegalAction(
                    _("{territory} cannot attack: it needs {pieces} and an enemy neighbour").format(
                        territory=game.map[territory].name,
                        pieces=pieces(2, game.ruleset.presentation.words(game.config)),
                    ),
                    code="action/too_few_armies",
                )
            elif self.selected:  # a source is picked: say why this is not one of its targets
                source, target = game.map[self.selected].name, game.map[territory].name
                if territory in game.map.neighbours(self.selected):
                    raise IllegalAction(
                        _("{target} cannot be attacked from {source} now").format(target=target, source=source),
                        code="action/not_a_target",
                    )
                raise IllegalAction(
                    _("{source} does not border {target}, so it cannot attack it").format(source=source, target=target),
                    code="action/not_adjacent",
                )
            else:
                raise IllegalAction(
                    _("first click one of your territories to attack {territory} from").format(
                        territory=game.map[territory].name
                    ),
                    code="action/no_source",
                )
            return
        if decision == "none":
            raise IllegalAction(_("the game is over"), code="game/over")
        panel = {
            "neutral": N_(
                "{player} must first add the neutral troops to one neutral army: click its territories, then press Confirm"
            ),
            "buy": N_("{player} must first buy a special command in the field hospital panel, or press Done buying"),
            "collect": N_("{player} must first collect a fulfilled mission in the missions panel"),
            "choose": N_("{player} must first choose sides with the buttons below the map"),
            "continue": N_("{player} must first continue the attack or stop it with the buttons below the map"),
            "casualty": N_("{player} must first choose the casualty with the buttons below the map"),
        }
        if decision in panel:
            raise IllegalAction(_(panel[decision]).format(player=pending.player), code="action/wrong_phase")
        raise IllegalAction(
            _("{player} must first {decision} (use the panel)").format(player=pending.player, decision=decision),
            code="action/wrong_phase",
        )

    def select(self, territory: str) -> None:
        """Select a source territory ("" clears), recomputing the hints and odds for it (first, so
        that a selection never stands beside the hints of another)."""
        game = self._game
        if territory and territory not in game.map.index:
            raise IllegalAction(
                _("there is no territory called {name}").format(name=_quoted(territory))
                + game.map.did_you_mean(territory),
                code="action/unknown_territory",
            )
        hints = hints_payload(game, territory, self._secrets.sight(game, self.seats, self.viewer))
        with self._patching():
            self.selected = territory
            self.hints = hints
        self._selected_in = self._moment()

    def _bot_for(self, player: str) -> Any:
        seat = self.seats.get(player, "human")
        if seat == "human":
            raise IllegalAction(
                _("a human plays {player}: choose a bot for this seat").format(player=player), code="intent/human_seat"
            )
        if player not in self._bots:
            seed = None if self._seed is None else self._seed + self._game.players.index(player)
            self._bots[player] = _BOTS[seat](seed=seed)
        return self._bots[player]

    def step(self, bot: Any = None) -> list[Any]:
        """One action by ``bot`` (default: the bot in the pending player's seat); a bot is anything
        with ``act(view)`` or a plain function of the view."""
        game = self._game
        player = game.pending.player
        if player is None:
            raise IllegalAction(_("the game is over"), code="game/over")
        bot = as_bot(bot, player) if bot is not None else self._bot_for(player)
        return game.apply(bot.act(game.view(player)), player=player)

    def play(
        self,
        bots: dict[str, Any] | None = None,
        *,
        delay: float | None = None,
        max_turns: int = 1000,
        until_human: bool = False,
    ) -> str | None:
        """Let bots play (``bots`` per player, else the bot in each seat) until the game ends or
        the turn limit, pausing ``delay`` seconds between actions so the map animates. With
        ``until_human`` it stops when a human seat without a bot must decide. Returns the winner."""
        game = self._game
        delay = self.delay if delay is None else delay
        limit = game.turn + max_turns
        self.busy = True
        try:
            while not game.is_over and game.turn <= limit:
                player = game.pending.player or ""
                bot = bots.get(player) if bots else None
                if bot is None and until_human and self.seats.get(player, "human") == "human":
                    break
                self.step(bot)
                if delay:
                    time.sleep(delay)
        finally:
            self.busy = False
        return game.winner

    def _start_playing(self, until_human: bool = False) -> None:
        """Bots take their seats' decisions on the kernel's event loop (so "stop" gets through and
        the map animates): to the end, or with ``until_human`` until a human must decide."""
        self._stop = False
        loop = _kernel_loop()

        def tick() -> bool:
            with using(self.language):  # the loop's callbacks run outside the intent's block
                return tick_here()

        def tick_here() -> bool:
            game = self._game
            if self._stop or game.is_over:
                return False
            player = game.pending.player or ""
            if self.seats.get(player, "human") == "human":
                if not until_human:
                    self.error = {
                        "code": "intent/human_seat",
                        "message": _("a human plays {player}: choose a bot for this seat").format(player=player),
                    }
                return False
            try:
                self.step()
            except RiskboardError as exc:
                self.error = {"code": exc.code, "message": exc.message}
                return False
            return True

        if loop is None:  # plain Python (tests, scripts): no animation
            self.busy = True
            try:
                while tick():
                    pass
            finally:
                self.busy = False
            return

        def scheduled() -> None:
            if tick():
                loop.call_later(self.delay, scheduled)
            else:
                self.busy = False

        self.busy = True
        loop.call_soon(scheduled)

    # -- static picture --------------------------------------------------------------------------
    def to_svg(self) -> str:
        """The board as a static SVG (the same picture ``rb.render_svg`` draws)."""
        return render_svg(self._game, highlight=self.selected or None)

    def __repr__(self) -> str:
        game = self._game if hasattr(self, "_game") else None
        if game is None:
            return "<Board>"
        status = f"won by {game.winner}" if game.winner else f"turn {game.turn}, {game.pending}"
        return f"<Board of a {game.ruleset.name} game: {status}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        data["image/svg+xml"] = str(self.to_svg())
        return data, metadata

    def _ipython_display_(self) -> None:
        """Show the board as an output with a display id, so that its picture can follow the game
        (see the module docstring); IPython calls this for ``board`` at the end of a cell and for
        ``display(board)``."""
        from IPython.display import display

        bundle = self._repr_mimebundle_()
        if bundle is None:  # closed
            return
        data, metadata = bundle
        handle = display(data, metadata=metadata, raw=True, display_id=True)
        if handle is not None:
            self._displays.append(handle)
            self._displayed_state = self._game.state_id
            _follow_cells(self)

    def _update_displays(self) -> None:
        """Bring this board's display outputs up to the game's position, if it changed since."""
        if not self._displays or self._displayed_state == self._game.state_id:
            return
        bundle = self._repr_mimebundle_()
        if bundle is None:
            return
        data, metadata = bundle
        for handle in self._displays:
            handle.update(data, metadata=metadata, raw=True)
        self._displayed_state = self._game.state_id
