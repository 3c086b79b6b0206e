"""The legal placements and attacks most editions share, as count ranges (``engine/legal.py``):
``place 1..N T`` on each own territory, and ``attack S T 1..D`` (with ``blitz S T`` where the
defender's dice are automatic) on each enemy neighbour, in map order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.engine.actions import Attack, Blitz, Place
from riskboard.engine.legal import LegalActions, counted, placing

if TYPE_CHECKING:
    from riskboard.engine.combat import Rules
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState


def place_ranges(out: LegalActions, cfg: GameConfig, s: GameState, most: int) -> LegalActions:
    """Add ``place 1..most T`` for each territory of the current player; returns ``out``."""
    ids = cfg.map.ids
    p = s.current
    counts = range(1, most + 1)
    for t, o in enumerate(s.owner):
        if o == p:
            out.add_range(placing(Place, ids[t]), counts)
    return out


def attack_ranges(out: LegalActions, cfg: GameConfig, s: GameState, rules: Rules) -> LegalActions:
    """Add every attack of the current player: each dice count, then the blitz unless the defender
    chooses dice (option ``ask_defender``); returns ``out``."""
    ids = cfg.map.ids
    p = s.current
    owner = s.owner
    armies = s.armies
    adjacency = cfg.map.adjacency
    blitz = not cfg.options["ask_defender"]
    for src, o in enumerate(owner):
        if o == p and armies[src] > 1:
            dice = range(1, rules.attacking(armies[src]) + 1)
            for tgt in adjacency[src]:
                if owner[tgt] != p:
                    out.add_range(counted(Attack, ids[src], ids[tgt]), dice)
                    if blitz:
                        out.append(Blitz(ids[src], ids[tgt]))
    return out
