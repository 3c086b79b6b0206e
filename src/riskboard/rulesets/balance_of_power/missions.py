"""The twelve missions of §5.6 as data-driven predicates, with progress for the board's panel.

Each mission reduces to "hold every territory of a set" or "hold N of a set"; ``progress``
returns (have, need) so the same code answers "is it fulfilled?" and "4 of 6 cities".
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING

from riskboard.rulesets.balance_of_power.data import MISSION_TITLES

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState
    from riskboard.maps import GameMap

BUILDINGS = {
    "control_both_satellite_centres": "satellite_centre",
    "control_swiss_vault": "swiss_vault",
    "control_danish_naval_base": "danish_naval_base",
}


@cache
def feature_territories(gm: GameMap, feature: str, value: object = True) -> tuple[int, ...]:
    """Indices of the territories whose map feature ``feature`` equals ``value`` (cached: maps
    are immutable and loaded once)."""
    return tuple(t.index for t in gm.territories if t.features.get(feature) == value)


def progress(cfg: GameConfig, s: GameState, player: int, mission: str) -> tuple[int, int, str]:
    """``(have, need, unit)`` for ``player`` toward ``mission``; fulfilled when have ≥ need."""
    gm = cfg.map
    owner = s.owner
    if mission.startswith("control_region_"):
        region = gm.region(mission.removeprefix("control_region_"))
        members = tuple(gm.index[t] for t in region.territories)
        return sum(owner[t] == player for t in members), len(members), f"territories of {region.id}"
    if mission == "control_two_regions":
        full = sum(all(owner[t] == player for t in members) for members in gm.region_members)
        return min(full, 2), 2, "whole regions"
    if mission == "control_sea_access":
        members = feature_territories(gm, "sea_access")
        return sum(owner[t] == player for t in members), len(members), "sea-access territories"
    if mission == "control_difficult_terrain_6":
        members = tuple(sorted(difficult_terrain(cfg)))
        return sum(owner[t] == player for t in members), len(members), "difficult-terrain territories"
    if mission == "defeat_neutral_army":
        neutral = len(cfg.players)
        left = sum(a for o, a in zip(owner, s.armies) if o == neutral)
        return (1, 1, "neutral units left: 0") if left == 0 else (0, 1, f"neutral units left: {left}")
    if mission == "control_cities_6":
        cities = s.extra.cities
        return min(sum(owner[t] == player for t in cities), 6), 6, "cities"
    if mission in BUILDINGS:
        members = feature_territories(gm, "building", BUILDINGS[mission])
        return sum(owner[t] == player for t in members), len(members), "building territories"
    raise KeyError(mission)


def is_fulfilled(cfg: GameConfig, s: GameState, player: int, mission: str) -> bool:
    have, need, _ = progress(cfg, s, player, mission)
    return have >= need


def fulfilled(cfg: GameConfig, s: GameState, player: int) -> list[str]:
    """The face-up missions ``player`` fulfils now, in board order."""
    return [m for m in s.extra.board_missions if is_fulfilled(cfg, s, player, m)]


def difficult_terrain(cfg: GameConfig) -> frozenset[int]:
    """D17: the configured difficult-terrain territories (the map's six unless overridden)."""
    return _difficult(cfg.map, cfg.options["difficult_terrain"])


@lru_cache(maxsize=16)  # one per difficult_terrain option: options vary from game to game
def _difficult(gm: GameMap, listed: tuple[str, ...] | None) -> frozenset[int]:
    if listed is None:
        return frozenset(feature_territories(gm, "difficult_terrain"))
    return frozenset(gm.index[t] for t in listed)


def describe(mission: str) -> str:
    return MISSION_TITLES[mission]
