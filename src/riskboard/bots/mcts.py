"""``MCTS``: Monte-Carlo tree search over the engine's own chance, within the bot's turn.

Python plays a few thousand actions a second per core, so the search is kept to what matters
most and costs least: the searching player's decisions of its own turn. Each playout

1. draws a whole game consistent with what the player sees (``engine.sampling.sample_game``:
   the hidden cards and missions guessed, the dice to come the engine's, under a fresh key);
2. walks an open-loop tree keyed by the sequence of the player's choices: at every searched
   decision (place, attack, end-of-turn move) the Planner's few best options plus ending the step
   are the candidates, picked by UCT (their statistics pooled over every playout that reached
   that sequence, whatever the dice did); the dice and every other decision are played by the
   engine and the Planner;
3. leaves the tree at the first new decision and lets the Planner play the rest of the turn
   and ``horizon`` turns of the players after it (by default one: the reply), then values the
   position for the player with the Planner's judgement in [0, 1] (1 or 0 when the game is won
   or lost). Valued at the end of its own turn, a position cannot show what the reply will cost;
   playing the reply raised the search's wins against the Planner from 56 to 76 of 100
   two-player games at 16 playouts, at twice the time per playout.

The Planner's choices in a playout are remembered (``_Memo``): the Planner decides from what its
player sees alone, so a position seen again (every playout starts from the root, the setup and
the placements have no dice, the tree's choices repeat) gets the same answer without being read
again; so does the state an action leads to before a playout's first throw of the dice (a setup
plays the same way in every playout). The search makes the same moves as without it, only faster.

The move made is the root option tried most. Decisions with one sensible answer (defence dice,
the move-in, claiming a territory, an edition's purchases) go straight to the Planner.

Strength is ``playouts`` per decision, or ``seconds`` per decision when given. With ``playouts``
the bot is deterministic for a given ``seed``; with ``seconds`` it is not (how many playouts fit
depends on the machine and its load).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from riskboard.bots.explain import Why, say
from riskboard.bots.planner import Planner, Scored
from riskboard.engine.actions import Action
from riskboard.engine.game import Game
from riskboard.engine.ruleset import GameConfig
from riskboard.engine.sampling import sample_game
from riskboard.engine.state import GameState, stamp
from riskboard.engine.view import PlayerView
from riskboard.errors import IllegalAction

SEARCHED = frozenset({"place", "attack", "fortify"})
"""The decisions searched; every other goes to the Planner."""
REMEMBERED = SEARCHED | {"occupy", "defend", "place_neutral", "trade"}
"""The decisions whose Planner answers the memo keeps: those it settles from the view alone (a
claim and a free setup placement draw on its random generator, so they are asked every time)."""
STEP_LIMIT = 400
"""Actions a playout may take at most (a long blitz-free turn is far shorter)."""
MEMO_SIZE = 10_000
"""Answers of each kind the memo keeps at most before it starts again (about 2 kB each with the
positions they hold; a four-player classic setup fills about 9,000)."""
_HANDS, _DRAW, _MISSIONS = (GameState._fields.index(f) for f in ("hands", "draw_pile", "missions"))


class _Memo:
    """The Planner's answers by what the deciding player sees, for one game's rules.

    A Planner's ``act`` and ``candidates`` for the decisions it plans read only its player's view,
    which shows every field of the state but the other players' hands (their sizes), the draw pile
    (its size) and the other players' secret missions; an edition's own facts are kept whole. Two
    positions that look the same to the player get the same answer, so the answer is kept (the
    hidden facts a playout samples differ, and do not split the entries they cannot change).

    It also keeps the rules' answers that drew no chance: the state an action leads to from a whole
    state (the hidden facts included, since the next state holds them) when no die was thrown and
    no card drawn, as in a setup's placements; the dice to come are the sample's own, so only these
    transitions are the same in every playout."""

    __slots__ = ("config", "entries", "moves")

    def __init__(self) -> None:
        self.config: tuple[Any, ...] | None = None
        self.entries: dict[tuple[Any, ...], Any] = {}
        self.moves: dict[tuple[Any, ...], GameState] = {}

    def start(self, cfg: GameConfig, turn: int) -> None:
        """Keep the entries only if ``cfg`` plays by the same rules as the last search's game (the
        seed and the sample's key change no answer; the options, the map and the seats may) and the
        search is still in the same turn (the setup is turn 0): a later turn's playouts seldom meet
        an earlier turn's positions, so they are let go rather than kept in memory."""
        options = {k: v for k, v in cfg.options.items() if k != "undo"}
        config = (cfg.ruleset, cfg.variant, cfg.setup, cfg.map, cfg.players, cfg.neutrals, cfg.rules, options, turn)
        if self.config is None or any(a is not b and a != b for a, b in zip(config, self.config)):
            self.config = config
            self.entries, self.moves = {}, {}
        else:
            if len(self.entries) >= MEMO_SIZE:
                self.entries = {}
            if len(self.moves) >= MEMO_SIZE:
                self.moves = {}


def _seen(state: GameState, player: int, what: object) -> tuple[Any, ...]:
    """What ``player`` sees of ``state`` (and what is asked of it): the memo's key."""
    values = list(state[2:])  # the action and chance counts change no answer
    hands = state.hands
    values[_HANDS - 2] = (hands[player], tuple(map(len, hands)))
    values[_DRAW - 2] = len(state.draw_pile)
    missions = state.missions
    values[_MISSIONS - 2] = missions[player] if missions else ()
    values.append(player)
    values.append(what)
    return tuple(values)


class _Node:
    """Statistics of the options tried after one sequence of the player's choices."""

    __slots__ = ("children", "stats", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.stats: dict[Action, list[float]] = {}
        """option -> [playouts, total value]"""
        self.children: dict[Action, _Node] = {}


class MCTS:
    """Monte-Carlo tree search over the engine's chance outcomes (see the module docstring).

    ``playouts`` per decision (or ``seconds`` per decision, if given: then not reproducible);
    ``width`` options per searched decision (the Planner's best, ending the step among them);
    ``exploration`` is UCT's constant on values in [0, 1]; ``horizon`` turns of the players after
    this one each playout plays before it values the position (1: the next player's reply; 0: the
    end of this turn, about twice as fast and weaker)."""

    def __init__(
        self,
        playouts: int = 200,
        seconds: float | None = None,
        seed: int | None = None,
        *,
        width: int = 4,
        exploration: float = 0.1,
        horizon: int = 1,
    ) -> None:
        if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
            raise ValueError(f"playouts must be a whole number ≥ 1, got {playouts!r}")
        if seconds is not None and (not isinstance(seconds, (int, float)) or seconds <= 0):
            raise ValueError(f"seconds must be a positive number of seconds per decision, or None, got {seconds!r}")
        if isinstance(width, bool) or not isinstance(width, int) or width < 2:
            raise ValueError(f"width must be a whole number ≥ 2 (options tried per decision), got {width!r}")
        if isinstance(horizon, bool) or not isinstance(horizon, int) or horizon < 0:
            raise ValueError(f"horizon must be a whole number of turns ≥ 0, got {horizon!r}")
        self.playouts = playouts
        self.seconds = seconds
        self.seed = seed
        self.width = width
        self.exploration = float(exploration)
        self.horizon = horizon
        self._rng = random.Random(seed)
        self._planner = Planner(seed)
        self._why: Why | None = None
        self._memo = _Memo()
        self.last_playouts = 0
        """Playouts made for the last decision (0 when it was not searched)."""

    def __repr__(self) -> str:
        strength = f"seconds={self.seconds}" if self.seconds is not None else f"playouts={self.playouts}"
        return f"MCTS({strength}, seed={self.seed})"

    def explain(self) -> str:
        """Why the last decision was made, in one sentence."""
        return say(self._why, "MCTS")

    def act(self, view: PlayerView) -> Action:
        pending = view.pending
        options = self._planner.candidates(view, self.width) if pending.decision in SEARCHED else []
        if len(options) < 2:
            action = self._planner.act(view)
            self.last_playouts = 0
            self._why = ("unsearched", action, self._planner._why)
            return action
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            self._playout(view, root, options)
            done += 1
            if deadline is None:
                if done >= self.playouts:
                    break
            elif time.perf_counter() >= deadline:
                break
        self.last_playouts = done
        ranked = sorted(root.stats.items(), key=lambda kv: (-kv[1][0], -kv[1][1]))
        best, (n, total) = ranked[0]
        # the next best by the same criterion as the choice: visits (its value may be higher)
        runner, (rn, rtotal) = ranked[1] if len(ranked) > 1 else (None, (1.0, 0.0))
        self._why = ("search", best, done, int(n), total / n, runner, int(rn), rtotal / rn)
        return best

    # -- one playout -----------------------------------------------------------------------------
    def _playout(self, view: PlayerView, root: _Node, root_options: list[Scored]) -> None:
        sampled = sample_game(view, self._rng)
        game: Game | None = sampled
        state = sampled.state
        me = view.player
        planner = self._planner
        cfg = sampled.config
        pending_of = cfg.ruleset.pending
        last_turn = state.turn + self.horizon
        unthrown = state.chance
        node: _Node | None = root
        path: list[tuple[_Node, Action]] = []
        options: list[Scored] | None = root_options
        self._memo.start(cfg, state.turn)  # a few comparisons: the sample's rules are the view's
        memo, moves = self._memo.entries, self._memo.moves
        width = self.width
        remembered = REMEMBERED
        for _ in range(STEP_LIMIT):
            if state.phase == "over" or state.turn > last_turn:
                break
            pending = pending_of(cfg, state)
            player = pending.player
            here = PlayerView(cfg, state, player, pending)  # type: ignore[arg-type]
            action: Action | None = None
            decision = pending.decision
            planned = decision in SEARCHED
            if node is not None and player == me and planned:
                if options is None:
                    key = _seen(state, here.me, width)
                    options = memo.get(key)
                    if options is None:
                        options = memo[key] = planner.candidates(here, width)
                if len(options) > 1:
                    action = self._select(node, options)
                    path.append((node, action))
                    child = node.children.get(action)
                    if child is None:  # a new sequence: from here on the Planner plays
                        node.children[action] = _Node()
                        node = None
                    else:
                        node = child
                options = None
            if action is None:
                if decision in remembered:
                    key = _seen(state, here.me, None)
                    action = memo.get(key)
                    if action is None:
                        action = memo[key] = planner.act(here)
                else:
                    action = planner.act(here)
            move = (state[2:], action) if state.chance == unthrown else None
            if move is not None:  # no die thrown in this playout yet: others may have been here
                known = moves.get(move)
                if known is not None:  # the rules' answer without a throw: no game needed
                    state = stamp(known, state.seq + 1, state.chance)
                    game = None
                    continue
            if game is None:  # a lean game at this state: the dice to come depend on its counter
                game = Game(cfg, state, lean=True)
            try:
                new = game.push(action)
            except IllegalAction:
                new = game.push(here.legal_actions()[0])
            else:
                if move is not None and new.chance == state.chance:
                    moves[move] = new
            state = new
        value = _value(PlayerView(cfg, state, me), me, planner)
        for visited, action in path:
            visited.visits += 1
            stat = visited.stats.setdefault(action, [0.0, 0.0])
            stat[0] += 1
            stat[1] += value

    def _select(self, node: _Node, options: list[Scored]) -> Action:
        """UCT among ``options``: each untried option first (best scored first), then the one with
        the best mean value plus its exploration bonus."""
        stats = node.stats
        best: Action = options[0].action
        best_ucb = -math.inf
        log_n = math.log(max(node.visits, 1))
        c = self.exploration
        for option in options:
            stat = stats.get(option.action)
            if stat is None or not stat[0]:
                return option.action
            ucb = stat[1] / stat[0] + c * math.sqrt(log_n / stat[0])
            if ucb > best_ucb:
                best, best_ucb = option.action, ucb
        return best


def _value(view: PlayerView, me: str, planner: Planner) -> float:
    """1 for a win (shared among the winners), 0 for a loss, else the Planner's judgement."""
    winners = view.winners
    if winners:
        return 1.0 / len(winners) if me in winners else 0.0
    return planner.evaluate(view)
