"""Secret missions for the classic ``secret_missions`` variant (RULES.md §2.11, D6).

A mission is an id and a predicate over the state. Ids: ``conquer_<continent>_<continent>[_plus_one]``,
``occupy_24``, ``occupy_18_with_2`` and ``destroy:<player>``. A "destroy" mission whose target is
the holder, or whose target another player eliminates, becomes ``occupy_24``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.engine.ruleset import MissionGoal
from riskboard.i18n import N_
from riskboard.rulesets.components.said import Said

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState

CONTINENT_MISSIONS: dict[str, tuple[tuple[str, ...], bool]] = {
    "conquer_north_america_africa": (("north_america", "africa"), False),
    "conquer_north_america_australia": (("north_america", "australia"), False),
    "conquer_asia_south_america": (("asia", "south_america"), False),
    "conquer_asia_africa": (("asia", "africa"), False),
    "conquer_europe_south_america_plus_one": (("europe", "south_america"), True),
    "conquer_europe_australia_plus_one": (("europe", "australia"), True),
}
FALLBACK = "occupy_24"

DESCRIPTIONS = {
    "conquer_north_america_africa": N_("Conquer North America and Africa"),
    "conquer_north_america_australia": N_("Conquer North America and Australia"),
    "conquer_asia_south_america": N_("Conquer Asia and South America"),
    "conquer_asia_africa": N_("Conquer Asia and Africa"),
    "conquer_europe_south_america_plus_one": N_("Conquer Europe, South America and one more continent"),
    "conquer_europe_australia_plus_one": N_("Conquer Europe, Australia and one more continent"),
    "occupy_24": N_("Occupy 24 territories"),
    "occupy_18_with_2": N_("Occupy 18 territories with at least 2 armies in each"),
}
"""Each mission's card in words (English ids: ``describe`` says them in the language spoken)."""
DESTROY = N_("Destroy all armies of {player}")


def mission_deck(players: tuple[str, ...]) -> list[str]:
    """The missions in play: the eight fixed ones and one "destroy" per player colour."""
    return [*CONTINENT_MISSIONS, "occupy_24", "occupy_18_with_2", *(f"destroy:{p}" for p in players)]


def describe(mission: str) -> str:
    """What ``mission`` asks, in the language spoken."""
    return said(mission).say()


def said(mission: str) -> Said:
    """What ``mission`` asks, as an event keeps it (said in the language of whoever reads it)."""
    if mission.startswith("destroy:"):
        return Said(DESTROY, player=mission.split(":", 1)[1])
    return Said(DESCRIPTIONS.get(mission, mission))


def named(mission: str) -> Said:
    """The id ``mission`` as an event keeps it, shown as what it asks (no log shows ``occupy_24``)."""
    return Said.naming(mission, said(mission))


OCCUPY = {"occupy_24": (24, 1), "occupy_18_with_2": (18, 2)}
"""The territory missions: territories to occupy, and armies at least on each."""


def goal(mission: str) -> MissionGoal | None:
    """What ``mission`` asks, for a planner (``None`` for an id not in the deck)."""
    if mission.startswith("destroy:"):
        return MissionGoal(describe(mission), rival=mission.split(":", 1)[1])
    if mission in OCCUPY:
        territories, each = OCCUPY[mission]
        return MissionGoal(describe(mission), territories=territories, units_each=each)
    if mission in CONTINENT_MISSIONS:
        continents, plus_one = CONTINENT_MISSIONS[mission]
        return MissionGoal(describe(mission), regions=continents, more_regions=int(plus_one))
    return None


def initial_mission(mission: str, holder: str) -> str:
    """A holder who drew their own colour plays for the fallback instead."""
    return FALLBACK if mission == f"destroy:{holder}" else mission


def is_fulfilled(cfg: GameConfig, state: GameState, player: int) -> bool:
    """Whether ``player`` has completed their mission in ``state``."""
    mission = state.missions[player]
    owner = state.owner
    if mission.startswith("destroy:"):
        target = cfg.players.index(mission.split(":", 1)[1])
        return not state.alive[target]
    if mission in OCCUPY:
        territories, each = OCCUPY[mission]
        armies = state.armies
        return sum(1 for i, o in enumerate(owner) if o == player and armies[i] >= each) >= territories
    continents, plus_one = CONTINENT_MISSIONS[mission]
    gm = cfg.map
    held = [r.id for r, members in zip(gm.regions, gm.region_members) if all(owner[i] == player for i in members)]
    if not all(c in held for c in continents):
        return False
    return not plus_one or len(held) >= len(continents) + 1
