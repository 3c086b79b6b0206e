"""What a 2010 player cannot see besides the hands and the draw pile: the cards face down under the
neutral armies (§4.5) and where the ceasefire card lies (§4.3), drawn again for a search bot's
guess at the game (``Risk2010Ruleset.resample_hidden``)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from riskboard.rulesets.risk2010.extras import Risk2010Extras

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState


def place_ceasefire(cfg: GameConfig, state: GameState, rng: random.Random) -> GameState:
    """The ceasefire card anywhere the players know it may lie (``ceasefire_range``), uniformly:
    it was shuffled uniformly into its window, and every draw that missed it only narrowed it."""
    x = state.extra
    if x.ceasefire < 0:
        return state
    where = Risk2010Extras(cfg, state).ceasefire_range()
    if where is None:
        return state
    earliest, latest = where
    low, high = earliest - 1, min(latest - 1, len(state.draw_pile))  # cards above it
    return state.evolve(extra=x._replace(ceasefire=rng.randint(low, max(low, high))))
