"""Balance of Power facts as RULES.md §5 states them, typed in from the document (not read from
the engine's data), so the tests compare the engine against the specification."""

from __future__ import annotations

# §5.3 regions and their bonuses.
REGIONS: dict[str, tuple[str, ...]] = {
    "yellow": ("great_britain", "ireland", "northern_france", "southern_france", "belgium", "netherlands"),
    "green": ("norway", "sweden", "finland", "denmark"),
    "orange": ("germany", "prussia", "poland", "czechia", "slovakia"),
    "purple": ("switzerland", "austria", "italy", "slovenia", "hungary"),
    "brown": ("estonia", "latvia", "lithuania", "belarus"),
    "grey": ("northern_russia", "central_russia", "southern_russia", "western_ukraine", "eastern_ukraine", "romania"),
}
BONUS: dict[str, int] = {"yellow": 3, "green": 2, "orange": 4, "purple": 3, "brown": 2, "grey": 3}

DIFFICULT = ("switzerland", "austria", "italy", "slovenia", "norway", "slovakia")
SEA_ACCESS = ("great_britain", "ireland", "norway", "sweden", "poland", "northern_france")
BUILDINGS = {
    "switzerland": "swiss_vault",
    "denmark": "danish_naval_base",
    "norway": "satellite_centre",
    "western_ukraine": "satellite_centre",
}

# §5.9, D22: the twelve 2-star cards; the star table.
TWO_STARS = frozenset(
    DIFFICULT + ("denmark", "western_ukraine", "romania", "southern_france", "northern_russia", "belarus")
)
STAR_TABLE = {2: 2, 3: 4, 4: 7, 5: 10, 6: 13, 7: 17, 8: 21, 9: 25, 10: 30}

# §5.10: command costs.
COSTS = {
    "recon_mission": 2,
    "starting_maneuver": 3,
    "uprising": 6,
    "reinforce_3": 7,
    "special_forces": 8,
    "draw_territory_card": 9,
    "build_airfield": 10,
}

# §5.6: the twelve missions.
MISSIONS = (
    "control_region_yellow",
    "control_region_orange",
    "control_region_purple",
    "control_region_green",
    "control_two_regions",
    "control_sea_access",
    "defeat_neutral_army",
    "control_difficult_terrain_6",
    "control_cities_6",
    "control_both_satellite_centres",
    "control_swiss_vault",
    "control_danish_naval_base",
)

# §5.7 table: Nr., territory, SPIEL 1 (owner, units, city), SPIEL 2 (owner, units, city).
# Owners: r = red, b = blue, n = neutral; a capital is written "R" or "B".
SETUP_TABLE = [
    (1, "great_britain", "r", 4, True, "n", 4, False),
    (2, "czechia", "n", 4, False, "R", 7, False),
    (3, "italy", "r", 4, False, "n", 7, True),
    (4, "slovakia", "r", 5, True, "n", 7, False),
    (5, "northern_france", "r", 2, True, "B", 7, False),
    (6, "estonia", "n", 5, False, "n", 4, False),
    (7, "prussia", "n", 3, True, "b", 4, False),
    (8, "slovenia", "n", 4, False, "r", 4, True),
    (9, "northern_russia", "b", 4, True, "n", 4, True),
    (10, "belarus", "b", 4, False, "r", 5, False),
    (11, "lithuania", "n", 4, True, "b", 5, False),
    (12, "central_russia", "n", 4, False, "n", 8, False),
    (13, "ireland", "R", 5, False, "n", 8, False),
    (14, "hungary", "n", 5, False, "n", 8, True),
    (15, "sweden", "b", 5, True, "r", 3, False),
    (16, "finland", "B", 5, False, "n", 3, False),
    (17, "austria", "r", 5, False, "r", 3, False),
    (18, "southern_france", "r", 2, False, "b", 1, True),
    (19, "denmark", "n", 8, False, "n", 1, False),
    (20, "switzerland", "n", 8, False, "n", 1, False),
    (21, "norway", "n", 2, False, "n", 1, False),
    (22, "western_ukraine", "n", 2, False, "n", 1, False),
    (23, "eastern_ukraine", "b", 2, False, "r", 1, True),
    (24, "belgium", "n", 2, False, "b", 3, False),
    (25, "romania", "b", 2, False, "n", 3, False),
    (26, "latvia", "b", 5, True, "b", 3, False),
    (27, "netherlands", "n", 2, False, "b", 2, True),
    (28, "southern_russia", "n", 3, False, "r", 2, False),
    (29, "germany", "n", 2, True, "b", 2, True),
    (30, "poland", "n", 2, False, "r", 2, True),
]

# The seed's 60 numbers (S000), in the order printed.
SEED_TEXT = (
    "4 4 4 5 2 5 3 4 4 4 4 4 5 5 5 5 5 2 8 8 2 2 2 2 2 5 2 3 2 2 "
    "4 7 7 7 7 4 4 4 4 5 5 8 8 8 3 3 3 1 1 1 1 1 1 3 3 3 2 2 2 2"
)
SEED_NUMBERS = [int(n) for n in SEED_TEXT.split()]

SETUP_MISSIONS = {
    "setup_1": (
        "control_swiss_vault",
        "control_danish_naval_base",
        "defeat_neutral_army",
        "control_both_satellite_centres",
        "control_difficult_terrain_6",
        "control_region_green",
        "control_sea_access",
        "control_region_purple",
    ),
    "setup_2": (
        "control_two_regions",
        "control_cities_6",
        "control_swiss_vault",
        "control_danish_naval_base",
        "control_both_satellite_centres",
        "control_difficult_terrain_6",
        "control_region_green",
        "defeat_neutral_army",
    ),
}

OWNER = {"r": "red", "R": "red", "b": "blue", "B": "blue", "n": "neutral"}


def setup_facts(name: str) -> dict[str, tuple[str, int, bool, bool]]:
    """``{territory: (owner, units, city, capital)}`` of a basic-training setup from the table."""
    out = {}
    for _nr, t, o1, u1, c1, o2, u2, c2 in SETUP_TABLE:
        o, u, c = (o1, u1, c1) if name == "setup_1" else (o2, u2, c2)
        out[t] = (OWNER[o], u, c, o.isupper())
    return out
