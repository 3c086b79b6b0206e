"""``Game``: the mutable façade over immutable states — history, undo, record, save and load.

Notebook users, bots, the widget and tests all drive a game through ``apply``; the ruleset decides
what is legal and what happens. An illegal action raises ``IllegalAction`` and changes nothing,
because the next state is only installed once the whole transition has succeeded.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from riskboard.engine.actions import Action, parse_action
from riskboard.engine.chance import Chance, seed_key
from riskboard.engine.events import CompactEvent, Event, expand
from riskboard.engine.notation import decode_entry, encode_entry
from riskboard.engine.serialize import GAME_FORMAT, RECORD_FORMAT, SCHEMA, state_from_dict, state_to_dict
from riskboard.engine.state import GameState
from riskboard.engine.view import PlayerView
from riskboard.errors import ConfigError, FormatError, IllegalAction
from riskboard.maps import GameMap, load_map
from riskboard.rulesets import get_ruleset
from riskboard.rulesets.base import GameConfig, Pending, Ruleset

if TYPE_CHECKING:
    from riskboard.bots import Bot


class Game:
    """One game in progress. Create it with ``riskboard.new_game``."""

    def __init__(self, config: GameConfig, state: GameState) -> None:
        self._cfg = config
        self._state = state
        self._initial = state
        self._history: list[GameState] = []
        self._actions: list[Action] = []
        self._outcomes: list[list[Any]] = []
        self._events: list[list[Event] | tuple[Event | CompactEvent, ...]] = []  # tuples: see _expanded
        self._keep_history = bool(config.options.get("undo", True))
        self._version = 0
        self._listeners: list[Callable[[Game], None]] = []

    # -- facts -----------------------------------------------------------------------------------
    @property
    def config(self) -> GameConfig:
        return self._cfg

    @property
    def ruleset(self) -> Ruleset:
        return self._cfg.ruleset

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
        """Who must decide what now (the defender choosing dice is not the player whose turn it is)."""
        return self._cfg.ruleset.pending(self._cfg, self._state)

    @property
    def winner(self) -> str | None:
        w = self._state.winner
        return self._cfg.players[w] if w >= 0 else None

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
            raise KeyError(f"there is no territory called {territory!r} on the {gm.id} map")
        return i

    def owner(self, territory: str) -> str | None:
        o = self._state.owner[self._territory(territory)]
        return self._cfg.owners[o] if o >= 0 else None

    def armies(self, territory: str) -> int:
        return self._state.armies[self._territory(territory)]

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
            raise KeyError(f"{player!r} is not a player; players are {', '.join(self._cfg.players)}") from None

    def _owner_index(self, owner: str) -> int:
        try:
            return self._cfg.owners.index(owner)
        except ValueError:
            raise KeyError(f"{owner!r} owns nothing in this game; owners are {', '.join(self._cfg.owners)}") from None

    def stats(self) -> dict[str, dict[str, int]]:
        """Per owner: territories, armies and cards held."""
        s = self._state
        out = {}
        for o, name in enumerate(self._cfg.owners):
            out[name] = {
                "territories": s.owner.count(o),
                "armies": sum(a for w, a in zip(s.owner, s.armies) if w == o),
                "cards": len(s.hands[o]) if o < len(self._cfg.players) else 0,
            }
        return out

    # -- acting ----------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every action the pending player may take now."""
        return self._cfg.ruleset.legal_actions(self._cfg, self._state)

    def _transition(
        self, action: Action | str, player: str | None, queue: Iterable[Any] | None
    ) -> tuple[Action, GameState, list[Event], list[Any]]:
        act = parse_action(action, self._cfg.map)
        cfg = self._cfg
        state = self._state
        if player is not None:
            pending = cfg.ruleset.pending(cfg, state)
            if player != pending.player:
                if player not in cfg.players:
                    raise IllegalAction(f"{player!r} is not a player in this game", code="action/unknown_player")
                if pending.player is None:
                    raise IllegalAction("the game is over", code="game/over")
                raise IllegalAction(f"it is not {player}'s decision: {pending}", code="action/not_your_turn")
        chance = Chance(cfg.key, state.chance, queue)
        new, events = cfg.ruleset.apply(cfg, state, act, chance)
        if chance.queue:
            raise IllegalAction(f"'{act}' did not use the given outcomes {list(chance.queue)!r}", code="dice/unused")
        return act, new, events, chance.outcomes

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
                raise IllegalAction(f"dice must be (attacker_dice, defender_dice), got {dice!r}", code="dice/invalid")
            queue = list(dice)
        act, new, events, outcomes = self._transition(action, player, queue)
        self._commit(act, new, events, outcomes)
        return events

    def _commit(self, act: Action, new: GameState, events: list[Event], outcomes: list[Any]) -> None:
        if self._keep_history:
            self._history.append(self._state)
        self._actions.append(act)
        self._outcomes.append(outcomes)
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
            raise IllegalAction("undo is disabled for this game (option undo=False)", code="undo/disabled")
        if not isinstance(steps, int) or steps < 1:
            raise ValueError("steps must be a whole number ≥ 1")
        if steps > len(self._history):
            raise IllegalAction(f"only {len(self._history)} actions can be undone", code="undo/nothing")
        for _ in range(steps):
            self._state = self._history.pop()
            self._actions.pop()
            self._outcomes.pop()
            self._events.pop()
        self._changed()

    @property
    def history(self) -> list[tuple[Action, list[Event]]]:
        """Every applied action with the events it caused, oldest first."""
        return list(zip(self._actions, self._expanded(0)))

    def events(self, last: int | None = None) -> list[Event]:
        """The events of the game so far (or of the ``last`` actions), oldest first."""
        start = 0 if last is None else slice(-last, None).indices(len(self._events))[0]  # [-last:]
        chunks = self._expanded(start)
        return [e for chunk in chunks for e in chunk]

    def _expanded(self, start: int) -> list[list[Event]]:
        """The events of every action from ``start`` on. ``Game.play`` stores them as tuples that
        may hold compact events (``riskboard.engine.events.expand``); they are expanded once, here."""
        chunks = self._events
        out: list[list[Event]] = []
        for i in range(start, len(chunks)):
            chunk = chunks[i]
            if isinstance(chunk, tuple):
                chunk = chunks[i] = expand(chunk)
            out.append(chunk)
        return out

    def copy(self) -> Game:
        """An independent game with the same state and history: a what-if branch."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._history = list(self._history)
        other._actions = list(self._actions)
        other._outcomes = list(self._outcomes)
        other._events = list(self._events)
        other._listeners = []
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
    def _header(self) -> dict[str, Any]:
        cfg = self._cfg
        return {
            "ruleset": cfg.ruleset.name,
            "ruleset_version": cfg.ruleset.version,
            "variant": cfg.variant,
            "setup": cfg.setup,
            "players": list(cfg.players),
            "options": dict(cfg.options),
            "seed": cfg.seed,
        }

    def record(self) -> dict[str, Any]:
        """The game as a JSON-ready record: configuration, initial state, and every action with its
        chance outcomes, enough to replay it exactly without a random generator. Each action is
        one string in the compact notation of ``riskboard.engine.notation``
        (``"blitz bra naf a=DvOR"``), so that even a long game's record stays small."""
        game_map = self._cfg.map
        actions = [encode_entry(act, outcomes, game_map) for act, outcomes in zip(self._actions, self._outcomes)]
        return {
            "format": RECORD_FORMAT,
            "schema": SCHEMA,
            **self._header(),
            "initial": state_to_dict(self._cfg, self._initial),
            "actions": actions,
        }

    def to_json(self, indent: int | None = None) -> str:
        """The game as JSON text (record plus current state); ``Game.from_json`` reads it back."""
        data = {
            "format": GAME_FORMAT,
            "schema": SCHEMA,
            "record": self.record(),
            "state": state_to_dict(self._cfg, self._state),
        }
        return json.dumps(data, indent=indent, ensure_ascii=False, separators=None if indent else (",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a game saved with ``to_json``; a malformed, truncated or edited file raises ``FormatError``."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as exc:
            raise FormatError(f"not a riskboard game: the text is not valid JSON ({exc})", code="format/json") from None
        if not isinstance(data, dict) or data.get("format") != GAME_FORMAT:
            raise FormatError(f"not a riskboard game file (expected format {GAME_FORMAT!r})", code="format/kind")
        _check_schema(data)
        game = replay(data.get("record"))  # type: ignore[arg-type]  # replay validates it
        stored = data.get("state")
        if not isinstance(stored, dict):
            raise FormatError("the game file has no state", code="format/missing_field")
        state = state_from_dict(game._cfg, stored)
        if state != game._state:
            raise FormatError(
                "the saved state does not match what its record produces: the file was edited or is corrupt",
                code="format/inconsistent",
            )
        return game

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

    def summary(self) -> str:
        """A few lines of text: whose turn, the phase, and each owner's territories, armies, cards."""
        lines = [repr(self)]
        for name, st in self.stats().items():
            lines.append(
                f"  {name:<12} {st['territories']:>3} territories {st['armies']:>4} armies {st['cards']:>2} cards"
            )
        return "\n".join(lines)


def _check_schema(data: Mapping[str, Any]) -> None:
    schema = data.get("schema")
    if schema != SCHEMA:
        raise FormatError(
            f"this file has schema version {schema!r}; this riskboard reads version {SCHEMA}", code="format/version"
        )


def make_config(
    ruleset: str | Ruleset,
    players: Sequence[str],
    variant: str | None,
    setup: str | None,
    options: Mapping[str, Any] | None,
    seed: int | None,
) -> GameConfig:
    rules = get_ruleset(ruleset)
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise ConfigError("players must be a list of names, e.g. ['Ada', 'Bo', 'Cy']", code="config/players")
    players = tuple(players)
    if not rules.min_players <= len(players) <= rules.max_players:
        raise ConfigError(
            f"{rules.name} is for {rules.min_players} to {rules.max_players} players, got {len(players)}",
            code="config/players",
        )
    for p in players:
        if not isinstance(p, str) or not p.strip():
            raise ConfigError(f"player names must be non-empty strings, got {p!r}", code="config/players")
    if len(set(players)) != len(players):
        raise ConfigError("player names must be different", code="config/players")
    variant = variant or rules.variants[0]
    if variant not in rules.variants:
        raise ConfigError(
            f"{rules.name} has no variant {variant!r}; variants: {', '.join(rules.variants)}", code="config/bad_variant"
        )
    neutrals = rules.neutrals_for(variant, players)
    clash = sorted(set(players) & set(neutrals))
    if clash:
        raise ConfigError(
            f"{', '.join(clash)} is the name of a neutral army; choose another player name", code="config/players"
        )
    if setup is not None and setup not in rules.setups:
        raise ConfigError(
            f"{rules.name} has no setup {setup!r}; setups: {', '.join(rules.setups)}", code="config/bad_setup"
        )
    setup = rules.check_setup(variant, setup, players) if hasattr(rules, "check_setup") else (setup or rules.setups[0])
    resolved = rules.resolve_options(variant, options)
    if seed is None:
        seed = secrets.randbits(63)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError(f"seed must be a whole number, got {seed!r}", code="config/seed")
    return GameConfig(
        ruleset=rules,
        variant=variant,
        setup=setup,
        map=load_map(rules.map_name),
        players=players,
        neutrals=neutrals,
        options=resolved,
        seed=seed,
        key=seed_key(seed),
    )


def new_game(
    ruleset: str | Ruleset = "classic",
    players: Sequence[str] = ("Ada", "Bo", "Cy"),
    *,
    variant: str | None = None,
    setup: str | None = None,
    position: Mapping[str, Any] | None = None,
    current_player: str | None = None,
    phase: str | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    **extras: Any,
) -> Game:
    """Start a game of ``ruleset`` for ``players``.

    Without ``position`` the game starts at the beginning of its setup. With ``position`` (a
    scenario: ``{territory: (owner, armies)}`` for every territory) it starts at
    ``current_player``'s turn in ``phase``; editions accept further keywords for their extras
    (classic: ``hands``, ``sets_traded``, ``reinforcements``, ``conquered``, ``missions``, ``turn``).

    >>> game = new_game("classic", players=["Ada", "Bo", "Cy"], seed=7)
    >>> game.phase
    'setup'
    """
    cfg = make_config(ruleset, players, variant, setup, options, seed)
    chance = Chance(cfg.key, 0)
    if position is None:
        if current_player is not None or phase is not None or extras:
            given = [k for k, v in (("current_player", current_player), ("phase", phase)) if v is not None] + sorted(
                extras
            )
            raise ConfigError(f"{', '.join(given)} only make sense with a position= scenario", code="config/scenario")
        state = cfg.ruleset.initial_state(cfg, chance)
    else:
        state = cfg.ruleset.scenario_state(cfg, position, current_player, phase, extras, chance)
    return Game(cfg, state._replace(chance=chance.counter))


def replay(record: Mapping[str, Any]) -> Game:
    """Rebuild a game from ``game.record()``: ``replay(g.record()).to_json() == g.to_json()``."""
    if isinstance(record, (str, bytes)):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as exc:
            raise FormatError(f"the record is not valid JSON ({exc})", code="format/json") from None
    if not isinstance(record, Mapping) or record.get("format") != RECORD_FORMAT:
        raise FormatError(f"not a riskboard record (expected format {RECORD_FORMAT!r})", code="format/kind")
    _check_schema(record)
    seed = record.get("seed")
    if "seed" in record and (isinstance(seed, bool) or not isinstance(seed, int)):
        # make_config would pick a random seed for None: the loaded game would then roll other dice
        raise FormatError(f"the record's seed must be a whole number, got {seed!r}", code="format/bad_field")
    try:
        cfg = make_config(
            record["ruleset"], record["players"], record["variant"], record["setup"], record["options"], record["seed"]
        )
    except KeyError as exc:
        raise FormatError(f"the record has no {exc.args[0]!r} entry", code="format/missing_field") from None
    except ConfigError as exc:
        raise FormatError(f"the record's configuration is invalid: {exc}", code="format/config") from None
    if str(record.get("ruleset_version")) != cfg.ruleset.version:
        raise FormatError(
            f"the record was made with {cfg.ruleset.name} rules version {record.get('ruleset_version')!r}; "
            f"this riskboard has version {cfg.ruleset.version}",
            code="format/version",
        )
    game = Game(cfg, state_from_dict(cfg, record.get("initial")))
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise FormatError("the record has no list of actions", code="format/missing_field")
    for n, entry in enumerate(actions, 1):
        if not isinstance(entry, str):
            raise FormatError(f"action {n} of the record is malformed: {entry!r}", code="format/bad_action")
        try:
            text, outcomes = decode_entry(entry, cfg.map)
            act, new, events, used = game._transition(text, None, outcomes)
        except (FormatError, IllegalAction) as exc:
            raise FormatError(
                f"action {n} of the record ({entry!r}) cannot be replayed: {exc}", code="format/bad_action"
            ) from None
        if len(used) != len(outcomes):  # the generator filled in: the record lacks outcomes
            raise FormatError(
                f"action {n} of the record ({entry!r}) needs chance outcomes the record does not give",
                code="format/bad_action",
            )
        game._commit(act, new, events, used)
    return game
