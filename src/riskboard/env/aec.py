"""The PettingZoo AEC environment: a thin adapter that lets the engine's ``pending`` say who acts.

Whoever the engine says decides is ``agent_selection`` (the defender choosing dice, the player
placing for the neutral army, ...); an integer action is decoded through ``ActionEncoding`` into
the engine's ``Action`` and pushed; the observation is ``ObservationEncoder``'s vector of the
agent's ``PlayerView`` with the action mask. Rewards are +1 to every winner (a shared win gives
+1 to each) and -1 to every other player, given when the game ends or, for a player eliminated
before, when they are eliminated; 0 otherwise. Illegal integers raise ``ValueError``: the mask
says what is legal, and nothing is turned into a reward. Only an integral value is an action index
(``_action_index``): anything else given to ``step`` is a ``ValueError`` too, and a refused step
changes nothing.
"""

from __future__ import annotations

import operator
import reprlib
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from riskboard.engine.actions import Action
from riskboard.engine.game import Game
from riskboard.engine.ruleset import Pending
from riskboard.env.encoding import ActionEncoding, Encoded
from riskboard.env.observation import ObservationEncoder
from riskboard.errors import ConfigError
from riskboard.i18n import _
from riskboard.registry import new_game

DEFAULT_MAX_TURNS = 500
"""Player turns after which every agent is truncated (random play rarely ends a game sooner)."""

_NUMPY_INTEGERS = frozenset(np.dtype(code).type for code in np.typecodes["AllInteger"])
"""numpy's own integer scalar types (not ``np.timedelta64``, which numpy files under ``np.integer``)."""


def _action_index(action: object, size: int) -> int:
    """The action index ``action`` is, in ``0 .. size - 1``; ``ValueError`` for anything else.

    The one place that says what an index is, for ``step``, ``decode``, ``action_to_text`` and the
    Gymnasium wrapper: a Python ``int``, a numpy integer scalar of any width or sign, or a 0-d
    numpy integer array (what a policy's ``predict`` returns for one observation, and what
    Gymnasium's ``Discrete.contains`` accepts). Nothing is converted: ``int(1.5)``, ``int("1")``
    or ``int(True)`` would each play an action nobody chose, so a ``bool`` (an ``int`` to Python),
    a float of any value, a string, an ``Action``, a sequence or an array of another shape is
    refused. Types are read with ``type()``, not ``isinstance``, so an object that lies about its
    ``__class__`` is refused too.
    """
    kind = type(action)
    if issubclass(kind, int) and not issubclass(kind, bool):
        # an exact int, whatever a subclass overrides (``type(action)`` is a subclass of int)
        index = operator.index(cast(int, action))
    elif kind in _NUMPY_INTEGERS or (
        kind is np.ndarray and action.shape == () and action.dtype.kind in "iu"  # type: ignore[attr-defined]
    ):
        index = int(action)  # type: ignore[call-overload]
    else:
        raise ValueError(f"{_short(action)} is not an action index: {_why_not(action)}")
    if not 0 <= index < size:
        raise ValueError(f"action {reprlib.repr(index)} is outside Discrete({size}): an index is 0 .. {size - 1}")
    return index


def _why_not(action: object) -> str:
    """What to give instead of ``action``, for the error message."""
    kind = type(action)
    if kind in (bool, np.bool_):
        return "a bool is not an index (True would play action 1); give an int"
    if issubclass(kind, (str, Action)):
        return "step takes the action's index; play an Action or its text with step_action"
    if kind is np.ndarray:
        array: np.ndarray = action  # type: ignore[assignment]
        return f"an array of shape {array.shape} and dtype {array.dtype} is not one integer (a 0-d integer array is)"
    if issubclass(kind, (float, complex, np.floating, np.complexfloating)):
        return "a float is not rounded for you; give an int"
    return "give an int or a numpy integer"


def _short(value: object) -> str:
    """``value``'s repr, cut short (a hostile value may be huge or its repr may raise)."""
    return f"{reprlib.repr(value)} ({type(value).__name__})"


def player_names(players: int | Sequence[str]) -> list[str]:
    """``player_0 .. player_{n-1}`` for a count, the names themselves for a list."""
    if isinstance(players, bool):
        raise ConfigError(
            _("players must be a count or a list of names, e.g. 4 or ['Ada', 'Bo']"), code="config/players"
        )
    if isinstance(players, (int, np.integer)):
        return [f"player_{i}" for i in range(int(players))]
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise ConfigError(
            _("players must be a count or a list of names, e.g. 4 or ['Ada', 'Bo']"), code="config/players"
        )
    return [str(p) for p in players]


class RiskboardEnv(AECEnv):
    """One game of any edition for any allowed number of players, as a PettingZoo AEC env.

    >>> from riskboard.env import raw_env
    >>> e = raw_env("classic", players=3)
    >>> e.reset(seed=1)
    >>> e.agent_selection in e.agents
    True
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "riskboard_v0",
        "render_modes": ["ansi", "svg"],
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(
        self,
        ruleset: str = "classic",
        players: int | Sequence[str] = 4,
        *,
        variant: str | None = None,
        setup: str | None = None,
        options: Mapping[str, Any] | None = None,
        max_turns: int = DEFAULT_MAX_TURNS,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(
                _("render_mode must be None, 'ansi' or 'svg', got {render_mode}").format(render_mode=repr(render_mode)),
                code="config/render_mode",
            )
        if isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 1:
            raise ConfigError(
                _("max_turns must be a whole number ≥ 1, got {max_turns}").format(max_turns=repr(max_turns)),
                code="config/max_turns",
            )
        names = player_names(players)
        self._game_args: dict[str, Any] = {
            "ruleset": ruleset,
            "players": names,
            "variant": variant,
            "setup": setup,
            "options": dict(options or {}),  # the games are lean (see reset): a long game stays small
        }
        probe = new_game(**self._game_args, seed=0)  # checks the configuration: ConfigError says what is wrong
        self.encoding = ActionEncoding(probe.config)
        self.observer = ObservationEncoder(probe.config, probe.state)
        self.max_turns = max_turns
        self.render_mode = render_mode
        self.possible_agents: list[str] = list(names)
        self._seat = {name: i for i, name in enumerate(probe.config.players)}
        """Each agent's seat (its index in the game's players)."""
        n = self.encoding.size
        self.action_spaces = {a: spaces.Discrete(n) for a in names}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, self.observer.high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
                }
            )
            for a in names
        }
        self.game: Game | None = None
        self._rng = np.random.default_rng()
        self._cache_id = -1
        self._cache: tuple[Pending, Encoded] | None = None
        self.agents: list[str] = []

    # -- spaces --------------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- the AEC protocol ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``seed`` seeds the generator that picks each game's seed, so the same seed
        gives the same game and the same next games; without one the generator goes on (or, the
        first time, starts from fresh entropy)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.game = new_game(**self._game_args, seed=int(self._rng.integers(2**31)), lean=True)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._cache_id = -1
        self.agent_selection = self._decider()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        game = self._require_game()
        pending, encoded = self._position()
        observation = self.observer.encode(game.view(agent), pending)
        alive = agent in self.terminations and not (self.terminations[agent] or self.truncations[agent])
        if alive and pending.player == agent:
            mask = encoded.mask.copy()
        else:
            mask = np.zeros(self.encoding.size, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | np.integer | None) -> None:
        """Play action index ``action`` for the selected agent, or ``None`` for one out of the game.

        ``ValueError``, changing nothing, for a masked-out index or anything that is not an index
        (``_action_index``); ``RuntimeError`` before ``reset()`` or once every agent has left."""
        agent = self._selected()
        if self.terminations[agent] or self.truncations[agent]:
            self._dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is still in the game: step it with an action, not None")
        self._play(agent, self.decode(action))  # an action of the table: no text to read

    def step_action(self, action: Action | str) -> None:
        """Play an engine action (or its text form) for the agent to decide now: what ``step`` does
        after decoding, and how a bot's choice enters the env. ``IllegalAction`` (a ``ValueError``),
        changing nothing, if it is illegal or is neither an ``Action`` nor a string (the engine's
        ``parse`` refuses those); ``ValueError`` for an agent out of the game."""
        game = self._require_game()
        agent = self._selected()
        if self.terminations[agent] or self.truncations[agent]:
            raise ValueError(f"{agent} is out of the game: step it with None")
        self._play(agent, game.parse(action))

    def _play(self, agent: str, action: Action) -> None:
        """Push ``action`` for ``agent`` (``Game.push`` validates it, whoever made it) and settle."""
        game = self._require_game()
        game.push(action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._settle(game)
        self._accumulate_rewards()
        self.agent_selection = self._decider()

    def render(self) -> str | None:
        """``ansi``: the game's summary; ``svg``: the picture of the position (an SVG string)."""
        if self.render_mode is None:
            from gymnasium import logger

            logger.warn("render() was called without a render_mode; pass render_mode='ansi' or 'svg'")
            return None
        game = self._require_game()
        if self.render_mode == "svg":
            from riskboard.render import render_svg

            return str(render_svg(game))
        return game.summary()

    def close(self) -> None:
        """Nothing to release: a game holds no outside resources."""

    # -- help for learners ---------------------------------------------------------------------------
    def decode(self, action: int | np.integer) -> Action:
        """The engine action that index ``action`` stands for now; ``ValueError`` if masked out or
        not an index (``_action_index``)."""
        action = _action_index(action, self.encoding.size)
        chosen = self._position()[1].action(action)
        if chosen is None:
            raise ValueError(
                f"action {action} ({self.encoding.slot_name(action)}) is not legal now: "
                f"{self._position()[0]}; choose an action whose action_mask entry is 1"
            )
        return chosen

    def encode(self, action: Action | str) -> int:
        """The integer that stands for a legal ``action`` (or its text) now; ``ValueError`` if none does."""
        wanted = self._require_game().parse(action)  # IllegalAction (a ValueError) for a non-action
        for slot, act in self._position()[1].table.items():
            if act == wanted:
                return slot
        raise ValueError(f"no action integer stands for '{wanted}' now (illegal, or a count between the buckets)")

    def legal_text(self) -> dict[int, str]:
        """Every masked-in integer with the text form of the action it stands for now."""
        return {slot: str(act) for slot, act in sorted(self._position()[1].table.items())}

    def action_to_text(self, action: int | np.integer) -> str:
        """What index ``action`` does now (its action's text), or what it means in general if masked
        out; ``ValueError`` if it is not an index (``_action_index``)."""
        slot = _action_index(action, self.encoding.size)
        act = self._position()[1].table.get(slot) if self.game is not None else None
        return str(act) if act is not None else f"{self.encoding.slot_name(slot)} (not legal now)"

    def describe(self) -> str:
        """The action encoding and the observation layout of this configuration, in words."""
        return f"actions {self.encoding.describe()}\n\nobservation {self.observer.describe()}"

    # -- bookkeeping ---------------------------------------------------------------------------------
    def _require_game(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game

    def _selected(self) -> str:
        """The agent to step now; ``RuntimeError`` before ``reset()`` and once every agent has left
        (PettingZoo's wrapper warns and ignores such a step instead)."""
        self._require_game()
        if not self.agents:
            raise RuntimeError("every agent has left the game: call reset() to play another")
        return self.agent_selection

    def _position(self) -> tuple[Pending, Encoded]:
        """Who decides what now, and the mask and table, computed once per position."""
        game = self._require_game()
        if self._cache is None or self._cache_id != game.state_id:
            pending = game.pending
            if pending.player is None:
                encoded = Encoded(np.zeros(self.encoding.size, dtype=np.int8), {})
            else:
                player = pending.player

                def trade_value(cards: tuple[str, ...]) -> int:  # a view is made only where trades are
                    return game.view(player).trade_value(cards)

                encoded = self.encoding.encode(game.legal_actions(), trade_value)
            self._cache = (pending, encoded)
            self._cache_id = game.state_id
        return self._cache

    def _settle(self, game: Game) -> None:
        """Rewards, terminations and truncations after an action."""
        if game.is_over:
            winners = set(game.winners)
            for a in self.agents:
                if not self.terminations[a]:
                    self.rewards[a] = 1.0 if a in winners else -1.0
                    self.terminations[a] = True
            return
        alive, seat = game.state.alive, self._seat  # game.is_alive of each, read at once
        for a in self.agents:
            if not self.terminations[a] and not alive[seat[a]]:
                self.rewards[a] = -1.0
                self.terminations[a] = True
        if game.turn > self.max_turns:
            for a in self.agents:
                self.truncations[a] = not self.terminations[a]

    def _decider(self) -> str:
        """The next agent to step: an agent out of the game first (to be stepped with None), else
        the engine's pending player."""
        for a in self.agents:
            if self.terminations[a] or self.truncations[a]:
                return a
        player = self._require_game().pending.player
        return player if player is not None else self.agent_selection

    def _dead_step(self, action: Any) -> None:
        """Remove the selected agent, out of the game, and select the next one."""
        if action is not None:
            raise ValueError("an agent out of the game can only be stepped with None")
        agent = self.agent_selection
        for table in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos):
            del table[agent]
        self.agents.remove(agent)
        self._clear_rewards()
        if self.agents:
            self.agent_selection = self._decider()
