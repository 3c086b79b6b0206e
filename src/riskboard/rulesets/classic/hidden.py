"""What a classic player cannot see besides the cards: the other players' secret missions (§2.11),
drawn again for a search bot's guess at the game (``ClassicRuleset.resample_hidden``)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from riskboard.engine.chance import Chance
from riskboard.rulesets.classic import setup as setup_rules

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState

MISSION_TRIES = 200
"""Deals tried to find one that gives the player the mission they hold (about 1 in 14 does)."""


def deal_missions(cfg: GameConfig, state: GameState, player: int, rng: random.Random) -> GameState:
    """Other players' missions from the game's own opening deal with a fresh key, among deals that
    give ``player`` the mission it holds and give nobody else a mission to destroy a player
    already out (such a mission has publicly turned into another). Without such a deal in
    ``MISSION_TRIES``, the last deal, ``player``'s own mission kept."""
    mine = state.missions[player]
    out = {cfg.players[p] for p, alive in enumerate(state.alive) if not alive}
    dealt = state.missions
    for _ in range(MISSION_TRIES):
        dealt = setup_rules.initial_state(cfg, Chance(rng.getrandbits(64), 0)).missions
        if dealt[player] == mine and not any(_target(m) in out for p, m in enumerate(dealt) if p != player):
            break
    return state.evolve(missions=tuple(mine if p == player else m for p, m in enumerate(dealt)))


def _target(mission: str) -> str | None:
    """The player a ``destroy:<player>`` mission names, or ``None`` for the other missions."""
    return mission.split(":", 1)[1] if mission.startswith("destroy:") else None
