"""Determinization: a whole game consistent with what one player sees, the hidden rest drawn at random.

A search bot receives a ``PlayerView``, but to look ahead it needs a ``Game`` to copy and push.
``sample_game(view, rng)`` builds one whose public facts and whose player's own facts are the
view's, and whose hidden facts are one random guess consistent with them:

- other players' hands are dealt from the cards this player cannot see (the draw pile, other hands
  and, in the 2010 two-player game, the cards face down under the neutral armies), each hand and
  reserve keeping its size; the draw pile is what is left (it is kept sorted: it is drawn at random);
- other players' secret missions are dealt again by the edition's own deal, given this player's;
- the 2010 ceasefire card lies anywhere in the window the players know (``ceasefire_range``);
- the dice and draws to come are the game's chance with a new key: the sample knows nothing of
  the real game's future outcomes (same key, same actions would give the same dice).

The sample keeps no undo history (option ``undo=False``), so simulations push fast. This module
may read a view's private fields: it is the engine's own room for hidden information; bots call
``sample_game`` and nothing else of it.
"""

from __future__ import annotations

import random
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from riskboard.engine.chance import Chance
from riskboard.engine.game import Game
from riskboard.engine.ruleset import GameConfig
from riskboard.engine.state import GameState
from riskboard.engine.view import PlayerView

MISSION_TRIES = 200
"""Deals tried to find one that gives this player the mission they hold (about 1 in 14 does)."""


def sample_game(view: PlayerView, rng: random.Random) -> Game:
    """A ``Game`` that shows ``view.player`` exactly what ``view`` shows, with everything hidden from
    that player drawn at random from ``rng`` (see the module docstring).

    >>> import random, riskboard as rb
    >>> game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=3)
    >>> _ = game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}, max_turns=2)
    >>> guess = sample_game(game.view("Ada"), random.Random(1))
    >>> guess.hand("Ada") == game.hand("Ada"), guess.state.owner == game.state.owner
    (True, True)
    """
    if not isinstance(view, PlayerView):
        raise TypeError(f"sample_game needs a PlayerView (game.view(player)), got {type(view).__name__}")
    if not isinstance(rng, random.Random):
        raise TypeError(f"sample_game needs a random.Random for the hidden facts, got {type(rng).__name__}")
    cfg: GameConfig = view._cfg
    state: GameState = view._state
    me = cfg.players.index(view.player)
    fresh = replace(cfg, key=rng.getrandbits(64), options=MappingProxyType({**cfg.options, "undo": False}))
    state = _deal_cards(state, me, rng)
    state = _place_ceasefire(view, state, rng)
    if state.missions:
        state = state._replace(missions=_deal_missions(cfg, state, me, rng))
    return Game(fresh, state, lean=True)


def _deal_cards(state: GameState, me: int, rng: random.Random) -> GameState:
    """Other hands, the draw pile and face-down reserves dealt again from the cards ``me`` cannot see."""
    others = [p for p in range(len(state.hands)) if p != me]
    extra = state.extra
    reserved: tuple[tuple[str, ...], ...] = getattr(extra, "reserved", ()) or ()
    unseen = [*state.draw_pile, *(c for p in others for c in state.hands[p]), *(c for r in reserved for c in r)]
    if not unseen:
        return state
    rng.shuffle(unseen)
    hands = list(state.hands)
    taken = 0
    for p in others:
        size = len(state.hands[p])
        hands[p] = tuple(sorted(unseen[taken : taken + size]))
        taken += size
    if reserved:
        again = []
        for cards in reserved:
            again.append(tuple(sorted(unseen[taken : taken + len(cards)])))
            taken += len(cards)
        extra = extra._replace(reserved=tuple(again))
    return state._replace(hands=tuple(hands), draw_pile=tuple(sorted(unseen[taken:])), extra=extra)


def _place_ceasefire(view: PlayerView, state: GameState, rng: random.Random) -> GameState:
    """The 2010 ceasefire card anywhere the players know it may lie (uniform: every earlier draw that
    missed it only narrowed the window it was shuffled into)."""
    extra = state.extra
    if extra is None or getattr(extra, "ceasefire", -1) < 0:
        return state
    known = getattr(view.extras, "ceasefire_range", None)
    where = known() if known is not None else None
    if where is None:
        return state
    earliest, latest = where
    low, high = earliest - 1, min(latest - 1, len(state.draw_pile))  # cards above it
    return state._replace(extra=extra._replace(ceasefire=rng.randint(low, max(low, high))))


def _deal_missions(cfg: GameConfig, state: GameState, me: int, rng: random.Random) -> tuple[str, ...]:
    """Other players' missions from the edition's own deal (``initial_state`` with a fresh key),
    among deals that give ``me`` the mission it holds and give nobody a mission against a player
    already out (such a mission has publicly turned into another). Without such a deal in
    ``MISSION_TRIES``, the last deal, ``me``'s mission kept."""
    mine = state.missions[me]
    out_names = {cfg.players[p] for p, alive in enumerate(state.alive) if not alive}
    dealt: tuple[str, ...] = state.missions
    for _ in range(MISSION_TRIES):
        dealt = cfg.ruleset.initial_state(cfg, Chance(rng.getrandbits(64), 0)).missions
        if len(dealt) != len(state.missions):
            return state.missions
        if dealt[me] == mine and not any(_names_one_of(m, out_names) for p, m in enumerate(dealt) if p != me):
            break
    return tuple(mine if p == me else m for p, m in enumerate(dealt))


def _names_one_of(mission: Any, names: set[str]) -> bool:
    """Whether a mission id ends in ``:<player>`` for one of ``names`` (``destroy:Bo``)."""
    return isinstance(mission, str) and ":" in mission and mission.rsplit(":", 1)[1] in names
