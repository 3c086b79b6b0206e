"""``Game``: the mutable façade over immutable states — history, undo, checked and fast paths.

Notebook users, bots, the widget and tests all drive a game through ``apply`` (text or actions,
injected dice, the player checked) or, for bots choosing legal actions, ``push`` (python-chess's
fast path beside the checked one). The ruleset decides what is legal and what happens; the engine
stamps every new state with its sequence number and chance counter. An illegal action raises
``IllegalAction`` and changes nothing: the next state is only installed once the whole transition
has succeeded. Records and files are ``riskboard.engine.records``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from riskboard.engine import records
from riskboard.engine.actions import Action, validated
from riskboard.engine.chance import Chance
from riskboard.engine.combat import Rules
from riskboard.engine.events import CompactEvent, Event, expand, pieces
from riskboard.engine.legal import LegalActions
from riskboard.engine.ruleset import GameConfig, Pending, Ruleset
from riskboard.engine.state import GameState, stamp
from riskboard.engine.view import PlayerView
from riskboard.errors import IllegalAction
from riskboard.i18n import _, get_language, ngettext
from riskboard.i18n.hints import did_you_mean
from riskboard.maps import GameMap

if TYPE_CHECKING:
    from riskboard.engine.play import Bot

E = TypeVar("E", bound=Event)


class Game:
    """One game in progress. Create it with ``riskboard.new_game``.

    In a notebook a game left at the end of a cell shows as its picture and a paragraph about it;
    ``repr(game)`` is one line."""

    picture: ClassVar[Callable[[Game], str] | None] = None
    """Draws a game for its notebook display; ``riskboard.render`` installs ``render_svg`` here
    (the engine draws nothing itself)."""

    def __init__(self, config: GameConfig, state: GameState, *, lean: bool = False) -> None:
        self._cfg = config
        self._state = state
        self._initial = state
        self._history: list[GameState] = []
        self._actions: list[Action] = []
        self._outcomes: list[Sequence[Any]] = []
        self._events: list[list[Event] | tuple[Event | CompactEvent, ...]] = []  # tuples: see _expanded
        self._keep_history = bool(config.options.get("undo", True)) and not lean
        self._lean = lean
        self._version = 0
        self._pending: tuple[GameState, str, Pending] | None = None  # the last position's, in its language
        self._listeners: list[Callable[[Game], None]] = []
        self._chance = Chance(config.key, 0)  # reused by push, reset for every action
        self._ruleset_apply = config.ruleset.apply
        self._words = config.ruleset.presentation.words(config)  # the events' sentences speak the edition's words

    # -- facts -----------------------------------------------------------------------------------
    @property
    def config(self) -> GameConfig:
        return self._cfg

    @property
    def ruleset(self) -> Ruleset:
        return self._cfg.ruleset

    @property
    def rules(self) -> Rules:
        """The rules this game follows, house rules included: ``rb.battle_odds(10, 10, rules=game.rules)``."""
        return self._cfg.rules

    @property
    def map(self) -> GameMap:
        return self._cfg.map

    @property
    def players(self) -> tuple[str, ...]:
        return self._cfg.players

    @property
    def variant(self) -> str:
        return self._cfg.variant

    @property
    def options(self) -> Mapping[str, Any]:
        return self._cfg.options

    @property
    def seed(self) -> int:
        return self._cfg.seed

    @property
    def state(self) -> GameState:
        """The current immutable state value."""
        return self._state

    @property
    def initial_state(self) -> GameState:
        """The state the game started from (its record replays from here)."""
        return self._initial

    @property
    def state_id(self) -> int:
        """Changes with every applied action and every undo, and never repeats within this game
        object: a widget intent that carries an older one is stale."""
        return self._version

    def subscribe(self, listener: Callable[[Game], None]) -> Callable[[], None]:
        """Call ``listener(game)`` after every change (apply, undo, bots playing); returns a
        function that unsubscribes. The live board uses this to follow cells that drive the game."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def _changed(self) -> None:
        self._version += 1
        for listener in list(self._listeners):
            listener(self)

    @property
    def phase(self) -> str:
        return self._state.phase

    @property
    def turn(self) -> int:
        return self._state.turn

    @property
    def current_player(self) -> str:
        return self._cfg.players[self._state.current]

    @property
    def pending(self) -> Pending:
        """Who must decide what now (the defender choosing dice is not the player whose turn it is).
        Kept for the position and language it was said in: the board, its secrecy and a bot's loop
        ask several times for each position."""
        state = self._state
        language = get_language()
        known = self._pending
        if known is not None and known[0] is state and known[1] == language:
            return known[2]
        pending = self._cfg.ruleset.pending(self._cfg, state)
        self._pending = (state, language, pending)
        return pending

    @property
    def winner(self) -> str | None:
        w = self._state.winner
        return self._cfg.players[w] if w >= 0 else None

    @property
    def winners(self) -> tuple[str, ...]:
        """Every winner: one, or two and more in a shared win (the 2010 ceasefire's tie); ``()``
        while the game goes on. ``winner`` names the first of them."""
        return tuple(self._cfg.players[w] for w in self._cfg.ruleset.winners(self._cfg, self._state))

    @property
    def is_over(self) -> bool:
        return self._state.phase == "over"

    @property
    def reinforcements(self) -> int:
        return self._state.reinforcements

    def _territory(self, territory: str) -> int:
        """The index of a territory given by id or by its three-letter code (as actions accept)."""
        gm = self._cfg.map
        i = gm.index.get(territory)
        if i is None:
            if territory in gm.codes:
                return gm.codes.index(territory)
            raise KeyError(f"there is no territory called {territory!r} on the {gm.id} map{gm.did_you_mean(territory)}")
        return i

    def owner(self, territory: str) -> str | None:
        o = self._state.owner[self._territory(territory)]
        return self._cfg.owners[o] if o >= 0 else None

    def armies(self, territory: str) -> int:
        return self._state.armies[self._territory(territory)]

    def leader_at(self, territory: str) -> str | None:
        """The player whose leader stands on ``territory`` (Transformers: a leader is one of the
        units ``armies`` counts there), or ``None``."""
        who = self._cfg.ruleset.leader_at(self._cfg, self._state, self._territory(territory))
        return None if who is None else self._cfg.players[who]

    def territories(self, player: str) -> list[str]:
        """The territories ``player`` (or ``"neutral"``) owns, in map order."""
        o = self._owner_index(player)
        return [t for t, w in zip(self._cfg.map.ids, self._state.owner) if w == o]

    @property
    def extras(self) -> Any:
        """The edition's own public facts, readable in a cell: for Balance of Power the missions and
        each player's progress, cities and capitals, field hospitals, airfields and this turn's
        purchases (``game.extras.progress("red")``); ``None`` for editions without any."""
        return self._cfg.ruleset.extras(self._cfg, self._state)

    def hand(self, player: str) -> tuple[str, ...]:
        return self._state.hands[self._player_index(player)]

    def mission(self, player: str) -> str | None:
        m = self._state.missions
        return m[self._player_index(player)] if m else None

    def is_alive(self, player: str) -> bool:
        return self._state.alive[self._player_index(player)]

    def _player_index(self, player: str) -> int:
        try:
            return self._cfg.players.index(player)
        except ValueError:
            hint = did_you_mean(player, self._cfg.players)
            raise KeyError(f"{player!r} is not a player{hint}; players are {', '.join(self._cfg.players)}") from None

    def _owner_index(self, owner: str) -> int:
        try:
            return self._cfg.owners.index(owner)
        except ValueError:
            raise KeyError(f"{owner!r} owns nothing in this game; owners are {', '.join(self._cfg.owners)}") from None

    def stats(self) -> dict[str, dict[str, int]]:
        """Per owner: territories, armies and cards held."""
        s = self._state
        owners = self._cfg.owners
        held, armies = [0] * len(owners), [0] * len(owners)
        for w, a in zip(s.owner, s.armies):  # one pass (the board asks after every action)
            if w >= 0:  # (an unclaimed territory)
                held[w] += 1
                armies[w] += a
        players = len(self._cfg.players)
        return {
            name: {"territories": held[o], "armies": armies[o], "cards": len(s.hands[o]) if o < players else 0}
            for o, name in enumerate(owners)
        }

    # -- acting ----------------------------------------------------------------------------------
    def parse(self, action: Action | str) -> Action:
        """An action from its text form, read with this edition's verbs and the map's codes."""
        return self._cfg.ruleset.verbs.parse(action, self._cfg.map)

    def legal_actions(self) -> LegalActions:
        """Every action the pending player may take now."""
        return self._cfg.ruleset.legal_actions(self._cfg, self._state)

    def _transition(
        self, action: Action | str, player: str | None, queue: Iterable[Any] | None
    ) -> tuple[Action, GameState, list[Event], list[Any]]:
        act = self.parse(action)
        cfg = self._cfg
        state = self._state
        if player is not None:
            pending = cfg.ruleset.pending(cfg, state)
            if player != pending.player:
                if player not in cfg.players:
                    hint = did_you_mean(player, cfg.players)
                    raise IllegalAction(
                        _("{player} is not a player in this game{hint}").format(player=repr(player), hint=hint),
                        code="action/unknown_player",
                    )
                if pending.player is None:
                    raise IllegalAction(_("the game is over"), code="game/over")
                raise IllegalAction(
                    _("{player} may not decide now: {pending}").format(player=player, pending=pending),
                    code="action/not_your_turn",
                )
        chance = Chance(cfg.key, state.chance, queue)
        new, events = cfg.ruleset.apply(cfg, state, act, chance)
        if chance.queue:
            raise IllegalAction(
                _("'{action}' did not use the given outcomes {outcomes}").format(
                    action=act, outcomes=repr(list(chance.queue))
                ),
                code="dice/unused",
            )
        return act, stamp(new, state.seq + 1, chance.counter), expand(events, self._words), chance.outcomes

    def apply(
        self, action: Action | str, *, dice: Sequence[Sequence[int]] | None = None, player: str | None = None
    ) -> list[Event]:
        """Apply an action (or its text form) and return the events it caused.

        ``dice=(attacker_dice, defender_dice)`` fixes the next throw instead of rolling (tests,
        demonstrations). ``player`` (optional) must be the one whose decision it is.
        Raises ``IllegalAction`` and leaves the game unchanged if the action is not legal.
        """
        queue = None
        if dice is not None:
            if isinstance(dice, (str, bytes)) or not isinstance(dice, Sequence):
                raise IllegalAction(
                    _("dice must be (attacker_dice, defender_dice), got {dice}").format(dice=repr(dice)),
                    code="dice/invalid",
                )
            queue = list(dice)
        act, new, events, outcomes = self._transition(action, player, queue)
        self._commit(act, new, events, outcomes)
        return events

    def replay_entry(self, action: Action | str, outcomes: Sequence[Any]) -> None:
        """Apply an action with every chance outcome it needs given (a record's entry); raises
        ``IllegalAction`` if it is not legal or the outcomes do not fit."""
        act, new, events, used = self._transition(action, None, outcomes)
        if len(used) != len(outcomes):  # the generator filled in: the entry lacks outcomes
            raise IllegalAction(_("it needs chance outcomes the record does not give"), code="chance/missing")
        self._commit(act, new, events, used)

    def push(self, action: Action) -> GameState:
        """The fast path for bots: apply an ``Action`` value for whoever is pending, with no text to
        read, no dice to inject and no player to check, keeping its events compact (``Game.events``
        expands them when read); returns the new state. Still raises ``IllegalAction``, changing
        nothing, if the action is illegal."""
        action = validated(action)  # however it was made (a bot may forge one), or IllegalAction
        state = self._state
        chance = self._chance
        chance.counter = state.chance
        chance.queue = None
        outcomes: list[Any] = []
        chance.outcomes = outcomes
        new, events = self._ruleset_apply(self._cfg, state, action, chance)
        if self._keep_history:
            self._history.append(state)
        self._actions.append(action)
        # most actions draw nothing: one shared empty tuple, not a list per action for the collector
        self._outcomes.append(tuple(outcomes) if outcomes else ())
        if not self._lean:
            self._events.append(tuple(events))  # a tuple: _expanded knows it may hold compact events
        new = self._state = stamp(new, state.seq + 1, chance.counter)
        if self._listeners:
            self._changed()
        else:
            self._version += 1
        return new

    def _commit(self, act: Action, new: GameState, events: list[Event], outcomes: list[Any]) -> None:
        if self._keep_history:
            self._history.append(self._state)
        self._actions.append(act)
        self._outcomes.append(outcomes)
        if not self._lean:
            self._events.append(events)
        self._state = new
        self._changed()

    def check(self, action: Action | str, *, player: str | None = None) -> IllegalAction | None:
        """``None`` if ``action`` is legal now, else the ``IllegalAction`` that ``apply`` would raise."""
        try:
            self._transition(action, player, None)
        except IllegalAction as exc:
            return exc
        return None

    def is_legal(self, action: Action | str) -> bool:
        return self.check(action) is None

    def undo(self, steps: int = 1) -> None:
        """Take back the last ``steps`` actions, dice and card draws included."""
        if not self._keep_history:
            raise IllegalAction(
                _("undo is disabled for this game (lean=True or option undo=False)"), code="undo/disabled"
            )
        if not isinstance(steps, int) or steps < 1:
            raise ValueError("steps must be a whole number ≥ 1")
        if steps > len(self._history):
            raise IllegalAction(
                ngettext("only {n} action can be undone", "only {n} actions can be undone", len(self._history)).format(
                    n=len(self._history)
                ),
                code="undo/nothing",
            )
        for _step in range(steps):
            self._state = self._history.pop()
            self._actions.pop()
            self._outcomes.pop()
            self._events.pop()
        self._changed()

    @property
    def history(self) -> list[tuple[Action, list[Event]]]:
        """Every applied action with the events it caused, oldest first."""
        return list(zip(self._actions, self._expanded(0)))

    @property
    def actions(self) -> list[tuple[Action, Sequence[Any]]]:
        """Every applied action with the chance outcomes it used, oldest first (what a record keeps)."""
        return list(zip(self._actions, self._outcomes))

    def events(self, last: int | None = None) -> list[Event]:
        """The events of the game so far (or of the ``last`` actions), oldest first."""
        start = 0 if last is None else slice(-last, None).indices(len(self._actions))[0]  # [-last:]
        chunks = self._expanded(start)
        return [e for chunk in chunks for e in chunk]

    def event_mark(self) -> tuple[int, GameState]:
        """Where the record stands now: what ``events_since`` reads on from."""
        return len(self._actions), self._state

    def events_since(self, mark: tuple[int, GameState]) -> list[Event] | None:
        """The events of the actions applied since ``mark`` (``event_mark``), oldest first; ``None``
        if the record no longer goes on from it (an undo went back past it) or keeps no events (a
        lean game). A reader of the latest events (the board's log) then formats only the new ones."""
        n, state = mark
        count = len(self._actions)
        if self._lean or n > count:
            return None
        if n == count:
            at = self._state
        elif self._keep_history:
            at = self._history[n]  # the state before action n: the one after the first n
        else:
            at = state  # without undo the record only grows
        if at is not state:
            return None
        return [e for chunk in self._expanded(n) for e in chunk]

    def last_event(self, kind: type[E]) -> tuple[int, E] | None:
        """The latest event of type ``kind`` with how many actions came after the one that caused
        it (0: the last action did), or ``None`` if no action caused one. Reads back from the end,
        expanding only what it reads (the board asks for the last throw after every action)."""
        chunks = self._event_chunks()
        for back in range(len(chunks)):
            i = len(chunks) - 1 - back
            chunk = chunks[i]
            if isinstance(chunk, tuple):
                chunk = chunks[i] = expand(chunk, self._words)
            for event in reversed(chunk):
                if isinstance(event, kind):
                    return back, event
        return None

    def _expanded(self, start: int) -> list[list[Event]]:
        """The events of every action from ``start`` on. ``push`` stores them as tuples that may
        hold compact events (``riskboard.engine.events``); they are expanded once, here."""
        chunks = self._event_chunks()
        out: list[list[Event]] = []
        for i in range(start, len(chunks)):
            chunk = chunks[i]
            if isinstance(chunk, tuple):
                chunk = chunks[i] = expand(chunk, self._words)
            out.append(chunk)
        return out

    @property
    def lean(self) -> bool:
        """A lean game (``rb.new_game(..., lean=True)``, for bulk play) keeps no undo history and
        no events: ``events()`` and ``history`` rebuild them from the record when read."""
        return self._lean

    def _event_chunks(self) -> list[list[Event] | tuple[Event | CompactEvent, ...]]:
        """The events of every action: kept as they happened, or for a lean game replayed from
        the initial state with the recorded chance outcomes (the same events, built only now)."""
        if not self._lean:
            return self._events
        return [events for _state, events in self._replayed()]

    def states(self) -> Iterator[GameState]:
        """Every state of the game, the initial one first and the current one last, rebuilt from
        the record (so a lean game, which keeps none, has them too)."""
        yield self._initial
        for state, _events in self._replayed():
            yield state

    def _replayed(self) -> Iterator[tuple[GameState, tuple[Event | CompactEvent, ...]]]:
        """Each action applied again to the state before it with the chance outcomes it used:
        the state after it and its events (compact, as ``push`` keeps them)."""
        cfg = self._cfg
        apply = cfg.ruleset.apply
        state = self._initial
        for action, outcomes in zip(self._actions, self._outcomes):
            chance = Chance(cfg.key, state.chance, outcomes)
            new, events = apply(cfg, state, action, chance)
            state = stamp(new, state.seq + 1, chance.counter)
            yield state, tuple(events)

    def copy(self) -> Game:
        """An independent game with the same state and history: a what-if branch."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._history = list(self._history)
        other._actions = list(self._actions)
        other._outcomes = list(self._outcomes)
        other._events = list(self._events)
        other._listeners = []
        other._chance = Chance(self._cfg.key, 0)
        return other

    def view(self, player: str) -> PlayerView:
        """What ``player`` may see: bots receive this."""
        self._player_index(player)
        return PlayerView(self._cfg, self._state, player)

    def play(self, bots: Mapping[str, Bot], *, max_turns: int = 1000, progress: bool = False) -> str | None:
        """Let bots decide every pending decision until someone wins or the turn limit.

        The current turn (or the setup) is played out, then at most ``max_turns`` further player
        turns; ``max_turns=0`` therefore plays just the setup of a new game. Returns the winner, or
        ``None`` at the limit. A bot that raises or chooses an illegal action stops the game with
        ``BotError`` (the game keeps every action applied before it)."""
        from riskboard.engine.play import play

        return play(self, bots, max_turns=max_turns, progress=progress)

    # -- records and files -----------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The game as a JSON-ready record: configuration, initial state, and every action with its
        chance outcomes, enough to replay it exactly without a random generator. Each action is
        one string in the compact notation of ``riskboard.engine.notation``
        (``"blitz bra naf a=DvOR"``), so that even a long game's record stays small."""
        return records.record(self)

    def to_json(self, indent: int | None = None) -> str:
        """The game as JSON text (record plus current state); ``Game.from_json`` reads it back."""
        return records.to_json(self, indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a game saved with ``to_json``. A malformed, truncated, edited or impossible file
        raises ``FormatError`` saying what is wrong, and nothing else."""
        return records.load(text)

    def save(self, path: str) -> None:
        """Write ``to_json()`` to a file."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.to_json())

    @classmethod
    def load(cls, path: str) -> Game:
        with open(path, encoding="utf-8") as f:
            return cls.from_json(f.read())

    def __repr__(self) -> str:
        s = self._state
        status = f"won by {self.winner}" if self.winner else f"turn {s.turn}, {self.pending}"
        return f"<Game {self._cfg.ruleset.name}/{self._cfg.variant} {', '.join(self._cfg.players)}: {status}>"

    def _repr_html_(self) -> str:
        """The notebook display: the picture of the position and a paragraph about the game."""
        draw = type(self).picture
        try:
            svg = str(draw(self)) if draw is not None else ""
        except Exception:  # a map without geometry: the paragraph alone
            svg = ""
        paragraph = html.escape(self.describe())
        return f'<div class="riskboard-game">{svg}<p style="max-width: 60em">{paragraph}</p></div>'

    def describe(self) -> str:
        """One paragraph about the game: the edition, the players, the turn and who decides what,
        and what each owner holds.

        >>> import riskboard as rb
        >>> text = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=7).describe()
        >>> text.startswith("Classic RISK"), "for Ada, Bo and Cy" in text, text.endswith("hold nothing yet.")
        (True, True, True)
        """
        cfg = self._cfg
        players = list(cfg.players)
        who = (
            _("{players} and {last}").format(players=", ".join(players[:-1]), last=players[-1])
            if len(players) > 1
            else players[0]
        )
        title = cfg.ruleset.presentation.title
        head = _("{title}, {variant}, {setup} setup, for {players} (seed {seed}).").format(
            title=_(title) if title else cfg.ruleset.name,
            variant=cfg.variant,
            setup=cfg.setup,
            players=who,
            seed=cfg.seed,
        )
        turns, actions = self._state.turn, len(self._actions)
        if self.winner:
            now = _("{player} won after {turns} and {actions}.").format(
                player=self.winner,
                turns=ngettext("{n} turn", "{n} turns", turns).format(n=turns),
                actions=ngettext("{n} action", "{n} actions", actions).format(n=actions),
            )
        else:
            now = _("Turn {turn}: {pending}.").format(turn=turns, pending=self.pending)
        held = []
        words = {"unit": "army", "units": "armies", **cfg.ruleset.presentation.words(cfg)}
        for name, st in self.stats().items():
            if st["territories"] == 0:
                continue
            counts = [_territories(st["territories"]), pieces(st["armies"], words)]
            if name in cfg.players and st["cards"]:
                counts.append(_cards(st["cards"]))
            held.append(_("{owner}: {counts}").format(owner=name, counts=", ".join(counts)))
        holdings = "; ".join(held) + "." if held else _("{players} hold nothing yet.").format(players=who)
        return f"{head} {now} {holdings}"

    def summary(self) -> str:
        """A few lines of text: whose turn, the phase, and each owner's territories, armies, cards."""
        lines = [repr(self)]
        words = {"unit": "army", "units": "armies", **self._cfg.ruleset.presentation.words(self._cfg)}
        for name, st in self.stats().items():
            counts = [_territories(st["territories"]), pieces(st["armies"], words), _cards(st["cards"])]
            lines.append(f"  {name:<12} {', '.join(counts)}")
        return "\n".join(lines)


def _territories(n: int) -> str:
    return ngettext("{n} territory", "{n} territories", n).format(n=n)


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)
