"""The printed facts of Balance of Power as data (RULES.md §5): stars, star table, command costs,
missions and the basic-training setups. Kept apart from the rules so setups can be added."""

from __future__ import annotations

from types import MappingProxyType

from riskboard.i18n import N_

NEUTRAL = "neutral"

# §5.9, D22: cards with 2 stars; every other territory card has 1.
TWO_STAR_CARDS = frozenset(
    {
        "switzerland",
        "austria",
        "italy",
        "slovenia",
        "norway",
        "slovakia",
        "denmark",
        "western_ukraine",
        "romania",
        "southern_france",
        "northern_russia",
        "belarus",
    }
)

# §5.9: stars traded together → units.
STAR_TABLE = MappingProxyType({2: 2, 3: 4, 4: 7, 5: 10, 6: 13, 7: 17, 8: 21, 9: 25, 10: 30})

# §5.10: special commands and their cost in field-hospital units, cheapest first.
COMMANDS = MappingProxyType(
    {
        "recon_mission": 2,
        "starting_maneuver": 3,
        "uprising": 6,
        "reinforce_3": 7,
        "special_forces": 8,
        "draw_territory_card": 9,
        "build_airfield": 10,
    }
)

BOUGHT_REINFORCEMENTS = 3
"""§5.10: the units one "3 reinforcements" command (``reinforce_3``) adds to the turn's."""

COMMAND_TEXT = MappingProxyType(
    {
        "recon_mission": N_("recon mission: one more attacking 1 rerolled against building territories this turn"),
        "starting_maneuver": N_("starting maneuver: one troop movement now"),
        "uprising": N_("uprising: neutral units attack an opponent territory"),
        "reinforce_3": N_("{n} reinforcements to place this turn"),
        "special_forces": N_("special forces: 3 dice against difficult terrain this turn"),
        "draw_territory_card": N_("a territory card drawn"),
        "build_airfield": N_("airfield built"),
    }
)
"""What each purchase did, English ids (``{n}``: ``BOUGHT_REINFORCEMENTS``); ``words.command_effect``
says one in the language spoken."""

# §5.6: the twelve missions, in the order of the table.
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

MISSION_TITLES = MappingProxyType(
    {
        "control_region_yellow": N_("Region yellow"),
        "control_region_orange": N_("Region orange"),
        "control_region_purple": N_("Region purple"),
        "control_region_green": N_("Region green"),
        "control_two_regions": N_("Two whole regions"),
        "control_sea_access": N_("The 6 sea-access territories"),
        "defeat_neutral_army": N_("Defeat the neutral army"),
        "control_difficult_terrain_6": N_("The 6 difficult-terrain territories"),
        "control_cities_6": N_("6 cities"),
        "control_both_satellite_centres": N_("Both satellite centres"),
        "control_swiss_vault": N_("The Swiss vault"),
        "control_danish_naval_base": N_("The Danish naval base"),
    }
)

# §5.7: the basic-training setups. Units are the seed's 60 numbers (1–30 and 31–60) in the map's
# Nr. order; owners ("r" red = first player, "b" blue = second player, "n" neutral), cities,
# capitals and missions as decided in RULES.md §5.7 (D19, D20).
_SETUPS: dict[str, dict] = dict(
    {
        "setup_1": {
            "units": "4 4 4 5 2 5 3 4 4 4 4 4 5 5 5 5 5 2 8 8 2 2 2 2 2 5 2 3 2 2",
            "owners": "r n r r r n n n b b n n r n b b r r n n n n b n b b n n n n",
            "cities": (
                "great_britain",
                "northern_france",
                "germany",
                "sweden",
                "slovakia",
                "prussia",
                "lithuania",
                "latvia",
                "northern_russia",
            ),
            "capitals": ("ireland", "finland"),
            "missions": (
                "control_swiss_vault",
                "control_danish_naval_base",
                "defeat_neutral_army",
                "control_both_satellite_centres",
                "control_difficult_terrain_6",
                "control_region_green",
                "control_sea_access",
                "control_region_purple",
            ),
        },
        "setup_2": {
            "units": "4 7 7 7 7 4 4 4 4 5 5 8 8 8 3 3 3 1 1 1 1 1 1 3 3 3 2 2 2 2",
            "owners": "n r n n b n b r n r b n n n r n r b n n n n r b n b b r b r",
            "cities": (
                "netherlands",
                "germany",
                "southern_france",
                "slovenia",
                "northern_russia",
                "poland",
                "italy",
                "hungary",
                "eastern_ukraine",
            ),
            "capitals": ("czechia", "northern_france"),
            "missions": (
                "control_two_regions",
                "control_cities_6",
                "control_swiss_vault",
                "control_danish_naval_base",
                "control_both_satellite_centres",
                "control_difficult_terrain_6",
                "control_region_green",
                "defeat_neutral_army",
            ),
        },
    }
)
SETUPS = MappingProxyType(_SETUPS)
"""The basic-training setups by name; ``add_setup`` registers more (the printed Spiel 3 and 4)."""

# §5.13: the command-room starting forces.
START_UNITS = 27
NEUTRAL_START_UNITS = 60
CITY_COUNT = 9
MISSIONS_ON_BOARD = 8
