"""The twelve missions of §5.6 as data-driven predicates, with progress for the board's panel.

Each mission reduces to "hold every territory of a set" or "hold N of a set"; ``progress``
returns (have, need) so the same code answers "is it fulfilled?" and "4 of 6 cities".
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING

from riskboard.i18n import N_, _
from riskboard.rulesets.balance_of_power.data import MISSION_TITLES
from riskboard.rulesets.balance_of_power.events import region_name

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


CITIES_NEEDED = 6
"""§5.6: the cities mission needs six of the cities in play."""

UNITS = {
    "control_two_regions": N_("whole regions"),
    "control_sea_access": N_("sea-access territories"),
    "control_difficult_terrain_6": N_("difficult-terrain territories"),
    "control_cities_6": N_("cities"),
    **dict.fromkeys(BUILDINGS, N_("building territories")),
}
"""What a mission's "4 of 6 ..." counts (a region's mission says which region); English ids,
translated where shown."""


def goal(cfg: GameConfig, s: GameState, mission: str) -> tuple[tuple[int, ...], int] | None:
    """The territories ``mission`` is about now and how many of them must be held: a region's, the
    sea-access or building territories, this game's difficult terrain (D17), 6 of the cities in
    play, every territory the neutral army still holds; ``None`` for two whole regions (any two
    count). The one statement the progress, the bots' goals and the board all read."""
    gm = cfg.map
    if mission.startswith("control_region_"):
        members = _region(gm, mission.removeprefix("control_region_"))
    elif mission == "control_sea_access":
        members = feature_territories(gm, "sea_access")
    elif mission == "control_difficult_terrain_6":
        members = tuple(sorted(difficult_terrain(cfg)))
    elif mission == "control_cities_6":
        return tuple(s.extra.cities), CITIES_NEEDED
    elif mission == "defeat_neutral_army":
        neutral = len(cfg.players)
        members = tuple(t for t, o in enumerate(s.owner) if o == neutral)
    elif mission in BUILDINGS:
        members = feature_territories(gm, "building", BUILDINGS[mission])
    elif mission == "control_two_regions":
        return None
    else:
        raise KeyError(mission)
    return members, len(members)


def territories(cfg: GameConfig, s: GameState, mission: str) -> tuple[int, ...]:
    """The territories ``mission`` is about now (``goal``'s; none for two whole regions)."""
    target = goal(cfg, s, mission)
    return () if target is None else target[0]


@lru_cache(maxsize=16)  # one per map and region: few maps, a handful of regions each
def _region(gm: GameMap, region: str) -> tuple[int, ...]:
    return tuple(gm.index[t] for t in gm.region(region).territories)


def held(cfg: GameConfig, s: GameState, player: int, mission: str) -> tuple[int, int]:
    """``(have, need)`` for ``player`` toward ``mission``; fulfilled when have ≥ need. The neutral
    army's mission counts whether its units are all gone, two whole regions the regions held. The
    numbers alone, without ``progress``'s words, read from who holds what (the board asks after
    every action)."""
    owner = s.owner
    if mission == "control_two_regions":
        full = sum(all(owner[t] == player for t in members) for members in cfg.map.region_members)
        return min(full, 2), 2
    if mission == "defeat_neutral_army":  # no unit left: no territory left (one holds at least one)
        return int(len(cfg.players) not in owner), 1
    target = goal(cfg, s, mission)
    assert target is not None  # only two whole regions has no territories, handled above
    members, need = target
    return min(sum(owner[t] == player for t in members), need), need


def progress(cfg: GameConfig, s: GameState, player: int, mission: str) -> tuple[int, int, str]:
    """``(have, need, unit)`` for ``player`` toward ``mission`` (``held``'s numbers). ``unit`` is
    an English id (translate it with ``_``), or already in the language spoken where it names a
    count or a region."""
    have, need = held(cfg, s, player, mission)
    if mission == "defeat_neutral_army":
        neutral = len(cfg.players)
        left = sum(a for o, a in zip(s.owner, s.armies) if o == neutral)
        return have, need, _("neutral units left: {n}").format(n=left)
    unit = UNITS.get(mission) or _("territories of {region}").format(
        region=region_name(mission.removeprefix("control_region_"))
    )
    return have, need, unit


def is_fulfilled(cfg: GameConfig, s: GameState, player: int, mission: str) -> bool:
    have, need = held(cfg, s, player, mission)  # (the numbers: the legal actions ask in every attack step)
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
