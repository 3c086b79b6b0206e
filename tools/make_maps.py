"""Generate a map's geometry (``"geometry"`` in ``src/riskboard/maps/world.json`` or ``europe.json``).

A build-time tool, not a runtime dependency: it needs the ``maps`` extra and, once, the network
(PyPI) to fetch the public-domain Natural Earth 1:110m country outlines that the geopandas 0.14.x
wheel ships. Run it after ``tools/make_world_map.py`` (which writes the territories and borders
and resets the geometry to null):

    pip install -e ".[maps]" && python tools/make_maps.py
    python tools/make_europe_map.py && python tools/make_maps.py --map europe   # Balance of Power

Each map is a ``MapConfig`` (``CONFIGS``): which countries feed which territories, the seeds, the
frame and projection, hand-placed anchors and sea lines. The world's is below; Europe's follows it.

The method (shared/MAPS.md): every territory has seed points in its heartland; every country
lists the territories that may take its land; a country shared by several territories is split
by the Voronoi cells of their seeds (its main polygon only: its islands go whole to the nearest
seed, or to an explicit polygon rule); the pieces are united per territory, clipped to the
latitudes -56..84, projected (plain equirectangular, centred so that Alaska sits at the left
edge and Chukotka, shifted across the date line, at the right edge), simplified along shared
borders so neighbours keep touching, and rounded to 0.1 in a view box 1000 wide. Each territory
gets a label anchor (the centre of its name) and an army-badge anchor (the centre of the badge,
8 units below the label where the land allows), found by a two-point pole-of-inaccessibility
search and nudged by hand where it reads badly (``LABELS``, ``BADGES``). Every border across
water (the sea routes, and land borders whose shapes do not meet, such as Bab-el-Mandeb) becomes
a dashed sea line; Alaska–Kamchatka leaves the map at both edges.

Tools to look at the result: ``python tools/preview_map.py --png`` (and ``--crop`` to zoom).

The output is deterministic: the same input wheel gives byte-identical JSON.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import subprocess
import sys
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import shapefile  # pyshp
import shapely
from shapely.geometry import MultiPolygon, Point, Polygon, box, shape
from shapely.geometry.polygon import orient
from shapely.ops import nearest_points, polylabel, unary_union

ROOT = Path(__file__).resolve().parents[1]
WORLD_JSON = ROOT / "src/riskboard/maps/world.json"
EUROPE_JSON = ROOT / "src/riskboard/maps/europe.json"
GEOPANDAS = "geopandas==0.14.4"
SHAPEFILE = "geopandas/datasets/naturalearth_lowres/naturalearth_lowres"

# -- projection ------------------------------------------------------------------------------------
LON_WEST, LON_EAST = -174.0, 196.0  # Chukotka's tip (east of 180°) is shifted by +360°
LAT_NORTH, LAT_SOUTH = 84.0, -56.0
WIDTH = 1000.0
SCALE = WIDTH / (LON_EAST - LON_WEST)  # units per degree, the same both ways (equirectangular)
HEIGHT = round((LAT_NORTH - LAT_SOUTH) * SCALE, 1)

SIMPLIFY = 0.35  # Douglas-Peucker tolerance, in view-box units
MIN_PART = 1.4  # degrees²: smaller islands are dropped, except in the island territories below
MIN_ISLAND_PART = 0.1  # degrees², for the island territories
ISLAND_TERRITORIES = {"indonesia", "japan", "iceland", "great_britain", "madagascar", "new_guinea", "greenland"}

# -- which territories may take a country's land ---------------------------------------------------
COUNTRIES: dict[str, tuple[str, ...]] = {
    # North America
    "Canada": ("northwest_territory", "alberta", "ontario", "quebec"),
    "United States of America": ("alaska", "western_united_states", "eastern_united_states"),
    "Greenland": ("greenland",),
    "Mexico": ("central_america",),
    "Guatemala": ("central_america",),
    "Belize": ("central_america",),
    "Honduras": ("central_america",),
    "El Salvador": ("central_america",),
    "Nicaragua": ("central_america",),
    "Costa Rica": ("central_america",),
    "Panama": ("central_america",),
    "Cuba": ("central_america",),
    "Haiti": ("central_america",),
    "Dominican Rep.": ("central_america",),
    "Jamaica": ("central_america",),
    "Puerto Rico": ("central_america",),
    "Bahamas": ("central_america",),
    # South America
    "Venezuela": ("venezuela",),
    "Colombia": ("venezuela",),
    "Guyana": ("venezuela",),
    "Suriname": ("venezuela",),
    "Trinidad and Tobago": ("venezuela",),
    "Ecuador": ("peru",),
    "Peru": ("peru",),
    "Bolivia": ("peru",),
    "Brazil": ("brazil",),
    "Argentina": ("argentina",),
    "Chile": ("argentina",),
    "Uruguay": ("argentina",),
    "Paraguay": ("argentina",),
    "Falkland Is.": ("argentina",),
    # Europe
    "Iceland": ("iceland",),
    "United Kingdom": ("great_britain",),
    "Ireland": ("great_britain",),
    "Norway": ("scandinavia",),
    "Sweden": ("scandinavia",),
    "Finland": ("scandinavia",),
    "Denmark": ("scandinavia",),
    "Germany": ("northern_europe",),
    "Poland": ("northern_europe",),
    "Netherlands": ("northern_europe",),
    "Belgium": ("northern_europe",),
    "Luxembourg": ("northern_europe",),
    "Czechia": ("northern_europe",),
    "Slovakia": ("northern_europe",),
    "France": ("western_europe",),
    "Spain": ("western_europe",),
    "Portugal": ("western_europe",),
    "Switzerland": ("western_europe",),
    "Italy": ("southern_europe",),
    "Austria": ("southern_europe",),
    "Hungary": ("southern_europe",),
    "Slovenia": ("southern_europe",),
    "Croatia": ("southern_europe",),
    "Bosnia and Herz.": ("southern_europe",),
    "Serbia": ("southern_europe",),
    "Montenegro": ("southern_europe",),
    "Kosovo": ("southern_europe",),
    "Albania": ("southern_europe",),
    "North Macedonia": ("southern_europe",),
    "Greece": ("southern_europe",),
    "Bulgaria": ("southern_europe",),
    "Romania": ("southern_europe",),
    "Russia": ("ukraine", "ural", "siberia", "yakutsk", "irkutsk", "kamchatka"),
    "Ukraine": ("ukraine",),
    "Belarus": ("ukraine",),
    "Moldova": ("ukraine",),
    "Lithuania": ("ukraine",),
    "Latvia": ("ukraine",),
    "Estonia": ("ukraine",),
    # Africa
    "Morocco": ("north_africa",),
    "W. Sahara": ("north_africa",),
    "Algeria": ("north_africa",),
    "Tunisia": ("north_africa",),
    "Mauritania": ("north_africa",),
    "Mali": ("north_africa",),
    "Niger": ("north_africa",),
    "Chad": ("north_africa",),
    "Senegal": ("north_africa",),
    "Gambia": ("north_africa",),
    "Guinea-Bissau": ("north_africa",),
    "Guinea": ("north_africa",),
    "Sierra Leone": ("north_africa",),
    "Liberia": ("north_africa",),
    "Côte d'Ivoire": ("north_africa",),
    "Burkina Faso": ("north_africa",),
    "Ghana": ("north_africa",),
    "Togo": ("north_africa",),
    "Benin": ("north_africa",),
    "Nigeria": ("north_africa",),
    "Egypt": ("egypt",),
    "Libya": ("egypt",),
    "Sudan": ("east_africa",),
    "S. Sudan": ("east_africa",),
    "Eritrea": ("east_africa",),
    "Ethiopia": ("east_africa",),
    "Djibouti": ("east_africa",),
    "Somalia": ("east_africa",),
    "Somaliland": ("east_africa",),
    "Kenya": ("east_africa",),
    "Uganda": ("east_africa",),
    "Rwanda": ("east_africa",),
    "Burundi": ("east_africa",),
    "Tanzania": ("east_africa",),
    "Cameroon": ("congo",),
    "Central African Rep.": ("congo",),
    "Eq. Guinea": ("congo",),
    "Gabon": ("congo",),
    "Congo": ("congo",),
    "Dem. Rep. Congo": ("congo",),
    "Angola": ("congo",),
    "Zambia": ("south_africa",),
    "Malawi": ("south_africa",),
    "Mozambique": ("south_africa",),
    "Zimbabwe": ("south_africa",),
    "Botswana": ("south_africa",),
    "Namibia": ("south_africa",),
    "South Africa": ("south_africa",),
    "Lesotho": ("south_africa",),
    "eSwatini": ("south_africa",),
    "Madagascar": ("madagascar",),
    # Asia
    "Kazakhstan": ("ural", "afghanistan"),
    "Afghanistan": ("afghanistan",),
    "Turkmenistan": ("afghanistan",),
    "Uzbekistan": ("afghanistan",),
    "Tajikistan": ("afghanistan",),
    "Kyrgyzstan": ("afghanistan",),
    "Turkey": ("middle_east",),
    "Cyprus": ("middle_east",),
    "N. Cyprus": ("middle_east",),
    "Georgia": ("middle_east",),
    "Armenia": ("middle_east",),
    "Azerbaijan": ("middle_east",),
    "Syria": ("middle_east",),
    "Lebanon": ("middle_east",),
    "Israel": ("middle_east",),
    "Palestine": ("middle_east",),
    "Jordan": ("middle_east",),
    "Iraq": ("middle_east",),
    "Iran": ("middle_east",),
    "Saudi Arabia": ("middle_east",),
    "Kuwait": ("middle_east",),
    "Qatar": ("middle_east",),
    "United Arab Emirates": ("middle_east",),
    "Oman": ("middle_east",),
    "Yemen": ("middle_east",),
    "Pakistan": ("india",),
    "India": ("india",),
    "Nepal": ("india",),
    "Bhutan": ("india",),
    "Bangladesh": ("india",),
    "Sri Lanka": ("india",),
    "China": ("china", "mongolia"),
    "Taiwan": ("china",),
    "Mongolia": ("mongolia",),
    "North Korea": ("mongolia",),
    "South Korea": ("mongolia",),
    "Japan": ("japan",),
    "Myanmar": ("siam",),
    "Thailand": ("siam",),
    "Laos": ("siam",),
    "Cambodia": ("siam",),
    "Vietnam": ("siam",),
    "Malaysia": ("siam", "indonesia"),
    # Australia (the game's continent: Australasia)
    "Indonesia": ("indonesia", "new_guinea"),
    "Timor-Leste": ("indonesia",),
    "Philippines": ("indonesia",),
    "Brunei": ("indonesia",),
    "Papua New Guinea": ("new_guinea",),
    "Australia": ("western_australia", "eastern_australia"),
}

# Countries that are on no territory of the classic board.
IGNORED = {
    "Antarctica",
    "Fr. S. Antarctic Lands",
    "New Zealand",
    "Fiji",
    "Vanuatu",
    "New Caledonia",
    "Solomon Is.",
}

# Polygons assigned whole, by a (lon, lat) point inside them: overseas parts and islands that the
# nearest seed would get wrong.
POLYGON_RULES: list[tuple[str, tuple[float, float], str]] = [
    ("France", (-53.0, 3.9), "venezuela"),  # French Guiana
    ("Canada", (-69.4, 68.0), "ontario"),  # Baffin Island: faces Greenland across Davis Strait
    ("Canada", (-84.0, 64.3), "ontario"),  # Southampton Island
    ("Canada", (-56.2, 48.9), "quebec"),  # Newfoundland
    ("United States of America", (-152.9, 62.8), "alaska"),
    ("Indonesia", (139.0, -5.0), "new_guinea"),  # the western half of New Guinea
    ("Malaysia", (114.5, 3.5), "indonesia"),  # Sabah and Sarawak, on Borneo
    ("Malaysia", (102.1, 3.8), "siam"),  # the Malay peninsula
    ("Russia", (143.1, 50.2), "kamchatka"),  # Sakhalin
    ("Russia", (148.3, 75.1), "yakutsk"),  # the New Siberian Islands
    ("Russia", (21.3, 54.7), "ukraine"),  # Kaliningrad
    ("Russia", (56.2, 74.0), "ural"),  # Novaya Zemlya, the Urals' northern end
]

# Seeds (lon, lat) per territory. Only the seeds of a split country's candidates matter, so a
# territory made of whole countries needs none. Several seeds, placed in mirrored pairs across
# the intended border, give straight borders where the real ones are (60°N in Canada, the Urals).
SEEDS: dict[str, list[tuple[float, float]]] = {
    "alaska": [(-152.0, 64.0)],
    "northwest_territory": [
        (-133.0, 65.0),
        (-124.0, 65.0),
        (-113.0, 65.0),
        (-106.0, 66.0),
        (-118.0, 72.0),
        (-100.0, 74.0),
        (-88.0, 78.0),
    ],
    "alberta": [(-124.0, 55.0), (-113.0, 55.0), (-106.0, 54.0)],
    "ontario": [(-97.0, 54.0), (-87.0, 51.0), (-94.0, 62.0), (-86.0, 67.0)],
    "quebec": [(-73.0, 50.0), (-71.0, 56.0), (-62.0, 53.0), (-66.0, 47.0)],
    "western_united_states": [(-118.0, 40.0), (-110.0, 45.0), (-108.0, 35.0), (-104.0, 47.0)],
    "eastern_united_states": [(-85.0, 37.0), (-77.0, 41.0), (-90.0, 45.0), (-96.0, 32.0)],
    "ukraine": [(40.0, 55.0), (45.0, 62.0), (52.0, 60.0), (50.0, 52.0), (52.0, 67.0)],
    "ural": [(68.0, 60.0), (68.0, 67.0), (66.0, 54.0), (75.0, 51.0), (82.0, 49.0)],
    "siberia": [(90.0, 60.0), (95.0, 70.0), (88.0, 52.0), (96.0, 54.0)],
    "yakutsk": [(125.0, 65.0), (115.0, 67.0), (135.0, 70.0)],
    "irkutsk": [(106.0, 56.0), (115.0, 54.0), (125.0, 53.0)],
    "kamchatka": [(160.0, 60.0), (172.0, 66.0), (150.0, 64.0), (137.0, 50.0), (140.0, 56.0)],
    "afghanistan": [(55.0, 46.0), (63.0, 45.0), (70.0, 44.0)],
    "china": [(103.0, 30.0), (87.0, 40.0), (85.0, 32.0), (113.0, 28.0), (111.0, 35.0), (119.0, 34.0)],
    "mongolia": [(122.0, 47.0), (127.0, 44.0), (112.0, 42.0)],
    "siam": [(101.0, 15.0)],
    "indonesia": [(114.0, 0.0), (125.0, -3.0)],
    "new_guinea": [(143.0, -6.0)],
    "western_australia": [(122.0, -25.0), (128.0, -16.0)],
    "eastern_australia": [(145.0, -25.0), (140.0, -18.0)],
}

# Hand-placed anchors (lon, lat) where the automatic ones read badly. A hand-placed label takes
# its badge 8 units below unless BADGES places that too.
LABELS: dict[str, tuple[float, float]] = {
    "western_united_states": (-113.0, 41.5),
    "eastern_united_states": (-86.0, 38.0),
    "northern_europe": (17.5, 53.2),  # off the Dover–Holland sea lines
}
BADGES: dict[str, tuple[float, float]] = {}

CONTINENT_LABELS: dict[str, tuple[float, float]] = {
    "north_america": (-150.0, 40.0),
    "south_america": (-95.0, -25.0),
    "europe": (-20.0, 47.0),
    "africa": (-5.0, -20.0),
    "asia": (155.0, 30.0),
    "australia": (170.0, -25.0),
}

# Sea lines drawn between hand-picked (lon, lat) points instead of the nearest coasts.
# Points on land, near the coast, each inside its own territory (checked).
SEA_LINE_POINTS: dict[tuple[str, str], tuple[tuple[float, float], tuple[float, float]]] = {
    ("greenland", "northwest_territory"): ((-68.0, 77.8), (-78.0, 78.5)),  # Smith Sound
    ("greenland", "ontario"): ((-51.5, 67.5), (-65.5, 66.5)),  # Davis Strait, to Baffin Island
    ("great_britain", "scandinavia"): ((-3.8, 57.2), (7.0, 60.0)),  # Scotland to Norway
    ("great_britain", "northern_europe"): ((1.0, 52.5), (5.5, 52.3)),  # East Anglia to Holland
    ("great_britain", "western_europe"): ((-1.0, 51.2), (0.5, 49.3)),  # the Channel
    ("japan", "kamchatka"): ((144.5, 43.4), (158.0, 53.0)),  # along the Kurils, Hokkaido to Kamchatka
    ("siam", "indonesia"): ((101.8, 3.4), (101.0, 0.3)),  # the Strait of Malacca
    ("indonesia", "new_guinea"): ((129.5, -3.1), (132.5, -1.5)),  # Seram to the Bird's Head
    ("new_guinea", "western_australia"): ((138.5, -6.0), (132.5, -12.8)),  # the Arafura Sea
}

TOUCH = 0.6  # view-box units: shapes of non-neighbours must stay farther apart than this
# The border across the date line: drawn as two segments leaving the map at its left and right edges.
EDGE_CROSSING = frozenset(("alaska", "kamchatka"))


@dataclass(frozen=True)
class MapConfig:
    """Everything that makes one map: its data file, frame, projection and hand-made choices."""

    json_path: Path
    countries: Mapping[str, tuple[str, ...]]
    seeds: Mapping[str, list[tuple[float, float]]]
    region_labels: Mapping[str, tuple[float, float]]
    lon_west: float
    lon_east: float
    lat_north: float
    lat_south: float
    standard_parallel: float = 0.0  # degrees; 0 is plain equirectangular (square degrees)
    width: float = 1000.0
    ignored: frozenset[str] = frozenset()
    ignore_unlisted: bool = False  # countries not in ``countries`` are simply not drawn
    polygon_rules: Sequence[tuple[str, tuple[float, float], str]] = ()
    labels: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    badges: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    sea_line_points: Mapping[tuple[str, str], tuple[tuple[float, float], tuple[float, float]]] = field(
        default_factory=dict
    )
    island_territories: frozenset[str] = frozenset()
    simplify: float = SIMPLIFY
    min_part: float = MIN_PART
    min_island_part: float = MIN_ISLAND_PART
    touch: float = TOUCH
    edge_crossing: frozenset[str] | None = None
    # Points (lon, lat) where four territories would meet at one point although two of them are
    # not neighbours (Basel: Germany, Switzerland and the two halves of France): a small round
    # lake of ``knot_radius`` view-box units keeps those two apart.
    knots: Sequence[tuple[float, float]] = ()
    knot_radius: float = 1.2
    renode: bool = False  # node the simplified, rounded arcs again before polygonizing
    source: str = "Natural Earth 1:110m countries (public domain), via tools/make_maps.py"

    @property
    def x_scale(self) -> float:
        return 1.0 if not self.standard_parallel else math.cos(math.radians(self.standard_parallel))

    @property
    def scale(self) -> float:
        """View-box units per degree of latitude."""
        return self.width / ((self.lon_east - self.lon_west) * self.x_scale)

    @property
    def height(self) -> float:
        return round((self.lat_north - self.lat_south) * self.scale, 1)


WORLD = MapConfig(
    json_path=WORLD_JSON,
    countries=COUNTRIES,
    seeds=SEEDS,
    region_labels=CONTINENT_LABELS,
    lon_west=LON_WEST,
    lon_east=LON_EAST,
    lat_north=LAT_NORTH,
    lat_south=LAT_SOUTH,
    ignored=frozenset(IGNORED),
    polygon_rules=POLYGON_RULES,
    labels=LABELS,
    badges=BADGES,
    sea_line_points=SEA_LINE_POINTS,
    island_territories=frozenset(ISLAND_TERRITORIES),
    edge_crossing=EDGE_CROSSING,
)


# -- Europe (Balance of Power, RULES.md §5.3) ------------------------------------------------------
# Northern and central Europe, from Ireland to the Volga and from Sicily to the North Cape. The
# countries outside the board (Spain, the Balkans, Turkey, ...) are not drawn.
EUROPE_COUNTRIES: dict[str, tuple[str, ...]] = {
    "United Kingdom": ("great_britain",),
    "Ireland": ("ireland",),
    "France": ("northern_france", "southern_france"),
    "Belgium": ("belgium",),
    "Luxembourg": ("belgium",),
    "Netherlands": ("netherlands",),
    "Norway": ("norway",),
    "Sweden": ("sweden",),
    "Finland": ("finland",),
    "Denmark": ("denmark",),
    "Germany": ("germany", "prussia"),
    "Poland": ("poland", "prussia"),
    "Czechia": ("czechia",),
    "Slovakia": ("slovakia",),
    "Switzerland": ("switzerland",),
    "Austria": ("austria",),
    "Italy": ("italy",),
    "Slovenia": ("slovenia",),
    "Hungary": ("hungary",),
    "Romania": ("romania",),
    "Moldova": ("romania",),
    "Estonia": ("estonia",),
    "Latvia": ("latvia",),
    "Lithuania": ("lithuania",),
    "Belarus": ("belarus",),
    # Petsamo (Finnish 1920-44) goes to Finland, so that Norway does not border Russia
    "Russia": ("northern_russia", "central_russia", "southern_russia", "finland"),
    "Ukraine": ("western_ukraine", "eastern_ukraine"),
}

EUROPE_POLYGON_RULES: list[tuple[str, tuple[float, float], str]] = [
    ("United Kingdom", (-6.7, 54.3), "ireland"),  # Northern Ireland: the island is one territory
    ("Russia", (21.3, 54.7), "prussia"),  # Kaliningrad, the old East Prussia
]

# Two knots, where a split country meets two others in one point: Basel (Germany, Switzerland,
# northern and southern France) and the Latvia-Belarus-Russia tripoint. The seeds on either side
# of each knot are a pair at the same distance from it, so the split runs through the knot.
BASEL = (7.4668, 47.6206)
DAUGAVA = (28.1767, 56.1691)  # Latvia-Belarus-Russia

EUROPE_SEEDS: dict[str, list[tuple[float, float]]] = {
    "northern_france": [(2.3, 49.0), (-1.5, 48.3), (0.5, 47.9), (4.8, 48.8), (7.5, 48.45)],
    "southern_france": [(1.5, 44.0), (4.8, 44.8), (-0.5, 45.0), (6.2, 45.8), (6.97, 46.96)],
    "germany": [(8.5, 50.0), (10.0, 48.5), (9.5, 52.5), (10.8, 50.8), (10.5, 53.8), (12.2, 48.9)],
    "prussia": [(13.4, 52.5), (13.0, 51.1), (12.0, 53.5), (14.0, 53.7), (14.3, 51.5)],
    "poland": [(16.8, 53.7), (18.5, 54.3), (17.0, 51.2), (19.5, 52.2), (22.0, 51.2), (20.0, 50.0), (22.8, 53.6)],
    "northern_russia": [(29.0, 57.3), (30.3, 59.9), (34.0, 63.0), (40.0, 63.0), (34.0, 67.5), (45.0, 64.0)],
    "central_russia": [(29.49, 55.69), (33.0, 54.0), (37.6, 55.7), (44.0, 56.0), (40.0, 52.5), (36.5, 51.5)],
    "southern_russia": [(40.0, 47.5), (44.0, 45.5), (45.0, 49.0)],
    "finland": [(30.2, 69.4)],
    "western_ukraine": [(24.5, 49.5), (27.0, 50.5), (28.0, 48.7), (26.0, 51.2)],
    "eastern_ukraine": [(31.5, 50.3), (35.5, 49.0), (31.0, 47.0), (37.5, 48.0), (34.2, 45.3)],
}

EUROPE_REGION_LABELS: dict[str, tuple[float, float]] = {
    "yellow": (-7.5, 47.0),  # Bay of Biscay
    "green": (3.0, 65.0),  # Norwegian Sea
    "orange": (18.8, 55.8),  # the southern Baltic
    "purple": (11.0, 40.0),  # Tyrrhenian Sea
    "brown": (20.2, 58.2),  # the Baltic off Latvia
    "grey": (34.5, 43.6),  # Black Sea
}

EUROPE_SEA_LINE_POINTS: dict[tuple[str, str], tuple[tuple[float, float], tuple[float, float]]] = {
    ("great_britain", "northern_france"): ((0.0, 51.0), (0.8, 49.6)),  # the Channel
    ("ireland", "northern_france"): ((-8.3, 52.0), (-4.2, 48.3)),  # west of Cornwall, to Brittany
    ("sweden", "poland"): ((15.4, 56.3), (17.3, 54.5)),  # Blekinge to Pomerania, east of Bornholm
    ("sweden", "denmark"): ((13.3, 55.8), (12.1, 55.6)),  # the Øresund, Skåne to Zealand
}

EUROPE = MapConfig(
    json_path=EUROPE_JSON,
    countries=EUROPE_COUNTRIES,
    seeds=EUROPE_SEEDS,
    region_labels=EUROPE_REGION_LABELS,
    lon_west=-11.0,
    lon_east=48.0,
    lat_north=71.5,
    lat_south=36.3,
    standard_parallel=52.0,
    ignore_unlisted=True,
    polygon_rules=EUROPE_POLYGON_RULES,
    sea_line_points=EUROPE_SEA_LINE_POINTS,
    island_territories=frozenset({"great_britain", "ireland"}),
    min_part=0.2,
    min_island_part=0.05,
    knots=(BASEL, DAUGAVA),
    renode=True,
    source="Natural Earth 1:110m countries (public domain), via tools/make_maps.py --map europe",
)

CONFIGS = {"world": WORLD, "europe": EUROPE}


# -- input -----------------------------------------------------------------------------------------


def natural_earth(cache: Path, wheel: Path | None = None) -> list[tuple[str, Polygon | MultiPolygon]]:
    """The countries of Natural Earth 1:110m as ``(name, geometry)`` in lon/lat, in file order."""
    if wheel is None:
        wheels = sorted(cache.glob("geopandas-0.14.4-*.whl"))
        if not wheels:
            cache.mkdir(parents=True, exist_ok=True)
            cmd = [sys.executable, "-m", "pip", "download", GEOPANDAS, "--no-deps", "-d", str(cache)]
            subprocess.run(cmd, check=True)
            wheels = sorted(cache.glob("geopandas-0.14.4-*.whl"))
        wheel = wheels[0]
    with zipfile.ZipFile(wheel) as z:
        files = {ext: io.BytesIO(z.read(f"{SHAPEFILE}.{ext}")) for ext in ("shp", "shx", "dbf")}
    reader = shapefile.Reader(**files, encoding="latin-1")
    return [(rec.record["name"], shape(rec.shape.__geo_interface__)) for rec in reader.iterShapeRecords()]


# -- assembling territories (lon/lat) --------------------------------------------------------------


def parts(geom: shapely.Geometry) -> list[Polygon]:
    """The polygons of a (multi)polygon or collection, largest first (ties by position)."""
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    polys = [p for g in geom.geoms for p in parts(g)]
    return sorted(polys, key=lambda p: (-p.area, p.bounds))


def shift_date_line(geom: Polygon) -> Polygon:
    """Chukotka east of 180° sits at longitudes near -180: move it next to the rest of Russia."""
    if geom.bounds[2] < -160.0:
        return shapely.transform(geom, lambda c: c + [360.0, 0.0])
    return geom


def voronoi_cells(cfg: MapConfig, territories: Sequence[str]) -> dict[str, shapely.Geometry]:
    """The union of the Voronoi cells of each territory's seeds, among ``territories`` only."""
    seeds = [(Point(xy), t) for t in territories for xy in cfg.seeds.get(t, [])]
    missing = [t for t in territories if not cfg.seeds.get(t)]
    if missing:
        raise SystemExit(f"territories {missing} share a country and need seeds")
    envelope = box(-400.0, -100.0, 400.0, 100.0)
    cells = shapely.voronoi_polygons(shapely.MultiPoint([p for p, _ in seeds]), extend_to=envelope)
    owned: dict[str, list[shapely.Geometry]] = {t: [] for t in territories}
    for cell in cells.geoms:
        for p, t in seeds:
            if cell.contains(p):
                owned[t].append(cell)
                break
    return {t: unary_union(c) for t, c in owned.items()}


def nearest_seed(cfg: MapConfig, point: Point, territories: Sequence[str]) -> str:
    best = min((point.distance(Point(xy)), i, t) for i, t in enumerate(territories) for xy in cfg.seeds[t])
    return best[2]


def assemble(
    cfg: MapConfig, countries: Iterable[tuple[str, shapely.Geometry]], ids: Sequence[str]
) -> dict[str, shapely.Geometry]:
    """Land per territory in lon/lat, clipped to the board's latitudes."""
    pieces: dict[str, list[shapely.Geometry]] = {t: [] for t in ids}
    seen = set()
    for name, geom in countries:
        seen.add(name)
        if name in cfg.ignored or (cfg.ignore_unlisted and name not in cfg.countries):
            continue
        if name not in cfg.countries:
            raise SystemExit(f"Natural Earth country {name!r} is neither mapped nor ignored")
        candidates = cfg.countries[name]
        polys = [shift_date_line(p) for p in parts(geom)]
        cells = voronoi_cells(cfg, candidates) if len(candidates) > 1 else None
        main = polys[0]
        for poly in polys:
            rule = next((t for c, xy, t in cfg.polygon_rules if c == name and poly.contains(Point(xy))), None)
            if rule is not None:
                pieces[rule].append(poly)
            elif cells is None:
                pieces[candidates[0]].append(poly)
            elif poly is main:
                for t, cell in cells.items():
                    piece = poly.intersection(cell)
                    if not piece.is_empty:
                        pieces[t].append(piece)
            else:
                pieces[nearest_seed(cfg, poly.representative_point(), candidates)].append(poly)
    unknown = set(cfg.countries) - seen
    if unknown:
        raise SystemExit(f"countries not in the data: {sorted(unknown)}")
    clip = box(cfg.lon_west, cfg.lat_south, cfg.lon_east, cfg.lat_north)
    land = {}
    for t in ids:
        geom = unary_union(pieces[t]).intersection(clip)
        keep = cfg.min_island_part if t in cfg.island_territories else cfg.min_part
        kept = [p for p in parts(geom) if p.area >= keep]
        if not kept:
            raise SystemExit(f"territory {t!r} has no land")
        land[t] = MultiPolygon(kept)
    return land


# -- projection and simplification -----------------------------------------------------------------


def project(cfg: MapConfig, geom: shapely.Geometry) -> shapely.Geometry:
    sx, sy = cfg.scale * cfg.x_scale, cfg.scale
    return shapely.transform(geom, lambda c: (c - [cfg.lon_west, cfg.lat_north]) * [sx, -sy])


def project_xy(cfg: MapConfig, lon: float, lat: float) -> tuple[float, float]:
    return ((lon - cfg.lon_west) * cfg.scale * cfg.x_scale, (cfg.lat_north - lat) * cfg.scale)


def simplify_together(cfg: MapConfig, land: dict[str, shapely.Geometry]) -> dict[str, shapely.Geometry]:
    """Simplify all territories at once along shared arcs, so neighbours keep touching.

    The boundaries are noded into arcs between junctions; each arc is simplified (its ends stay)
    and rounded; the simplified arcs are polygonized back into faces, and each face goes to the
    territory that held it before.
    """
    ids = list(land)
    exact = {t: shapely.set_precision(land[t], 0.01) for t in ids}
    # make the coverage disjoint: a later territory loses what an earlier one already holds
    taken = Polygon()
    for t in ids:
        exact[t] = exact[t].difference(taken)
        taken = taken.union(exact[t])
    lines = unary_union([exact[t].boundary for t in ids])
    arcs = shapely.line_merge(lines)
    simple = []
    for arc in getattr(arcs, "geoms", [arcs]):
        s = arc.simplify(cfg.simplify, preserve_topology=True)
        simple.append(shapely.set_precision(s, 0.1))
    if cfg.renode:  # rounding can make two close arcs cross: node them again, so every face closes
        noded = unary_union(simple)
        simple = list(getattr(noded, "geoms", [noded]))
    faces = shapely.polygonize(simple)
    out: dict[str, list[shapely.Geometry]] = {t: [] for t in ids}
    for face in sorted(faces.geoms, key=lambda f: f.bounds):
        if face.area < 0.05:
            continue
        p = face.representative_point()
        owner = next((t for t in ids if exact[t].contains(p)), None)
        if owner is None:  # a face that is half sea and half land after simplification
            overlaps = [(exact[t].intersection(face).area, t) for t in ids]
            area, owner = max(overlaps)
            if area < 0.5 * face.area:
                continue
        out[owner].append(face)
    result = {}
    for t in ids:
        geom = shapely.set_precision(unary_union(out[t]), 0.1)
        result[t] = MultiPolygon(parts(geom))
        lost = abs(result[t].area - exact[t].area) / exact[t].area
        if lost > 0.08:
            print(f"warning: {t} changed area by {lost:.0%} in simplification", file=sys.stderr)
    return result


# -- output ----------------------------------------------------------------------------------------


def num(v: float) -> str:
    text = f"{round(v, 1):.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def ring_path(coords: Sequence[tuple[float, float]]) -> str:
    pts = list(coords)[:-1]
    head, *rest = pts
    return f"M{num(head[0])} {num(head[1])}" + "".join(f"L{num(x)} {num(y)}" for x, y in rest) + "Z"


def svg_path(geom: MultiPolygon) -> str:
    out = []
    for poly in parts(geom):
        poly = orient(poly, 1.0)  # holes turn the other way, so either fill rule works
        out.append(ring_path(poly.exterior.coords))
        out.extend(ring_path(r.coords) for r in poly.interiors)
    return "".join(out)


def xy(p: Point | tuple[float, float]) -> list[float]:
    x, y = (p.x, p.y) if isinstance(p, Point) else p
    return [round(x, 1), round(y, 1)]


BADGE_OFFSETS = ((0.0, 8.0, 0.0), (0.0, -8.0, 0.5), (16.0, 0.0, 3.0), (-16.0, 0.0, 3.0))  # dx, dy, penalty
DEEP_ENOUGH = 5.0  # view-box units from the coast: deeper does not matter more than the layout


def anchors(cfg: MapConfig, t: str, geom: MultiPolygon) -> tuple[list[float], list[float]]:
    """Label and badge anchors in the largest part: the badge 8 below the label where it fits.

    A grid search for the pair whose nearer point is farthest from the coast (a two-point pole of
    inaccessibility); hand-placed anchors (``LABELS``, ``BADGES``) win.
    """
    main = parts(geom)[0]
    x0, y0, x1, y1 = main.bounds
    step = max(0.25, min(x1 - x0, y1 - y0) / 120.0)
    xs = x0 + step * np.arange(int((x1 - x0) / step) + 1)
    ys = y0 + step * np.arange(int((y1 - y0) / step) + 1)
    gx, gy = np.meshgrid(xs, ys, indexing="ij")
    grid = shapely.points(gx, gy)
    depth = np.where(shapely.contains(main, grid), shapely.distance(grid, main.boundary), np.nan)
    best = None
    for dx, dy, penalty in BADGE_OFFSETS:
        di, dj = round(dx / step), round(dy / step)
        shifted = np.full_like(depth, np.nan)
        src = depth[max(di, 0) : depth.shape[0] + min(di, 0), max(dj, 0) : depth.shape[1] + min(dj, 0)]
        shifted[max(-di, 0) : depth.shape[0] + min(-di, 0), max(-dj, 0) : depth.shape[1] + min(-dj, 0)] = src
        both = np.fmin(depth, shifted)  # nan only where neither is land
        both[np.isnan(depth) | np.isnan(shifted)] = np.nan
        if np.all(np.isnan(both)):
            continue
        score = np.round(np.minimum(both, DEEP_ENOUGH) - penalty, 3) * 1e6 + np.round(both, 3)  # lexicographic
        k = int(np.nanargmax(score))
        i, j = divmod(k, depth.shape[1])
        if best is None or score[i, j] > best[0]:
            best = (float(score[i, j]), (float(xs[i]), float(ys[j])), (float(xs[i + di]), float(ys[j + dj])))
    if best is None:  # too small for both: share the pole
        pole = polylabel(main, tolerance=0.1)
        label, badge = (pole.x, pole.y - 2.0), (pole.x, pole.y + 2.0)
    else:
        label, badge = best[1], best[2]
    if t in cfg.labels:
        label = project_xy(cfg, *cfg.labels[t])
        badge = (label[0], label[1] + 8.0)
    if t in cfg.badges:
        badge = project_xy(cfg, *cfg.badges[t])
    for what, p in (("label", label), ("badge", badge)):
        if not geom.contains(Point(p)):
            raise SystemExit(f"the {what} anchor of {t} is outside it")
    return xy(label), xy(badge)


def bounds_x(geom: shapely.Geometry) -> float:
    return geom.bounds[0]


def sea_lines(cfg: MapConfig, shapes: dict[str, MultiPolygon], pairs: Iterable[Sequence[str]]) -> list[dict]:
    """A dashed line per border across water: hand-placed, or coast to nearest coast."""
    lines = []
    for a, b in pairs:
        sa, sb = shapes[a], shapes[b]
        if frozenset((a, b)) == cfg.edge_crossing:
            if bounds_x(sa) > bounds_x(sb):
                sa, sb = sb, sa  # sa is the western one (Alaska), at the left edge
            west = min(shapely.get_coordinates(sa).tolist(), key=lambda c: (c[0], c[1]))
            east = max(shapely.get_coordinates(sb).tolist(), key=lambda c: (c[0], -c[1]))
            segs = [[xy(tuple(west)), [0.0, round(west[1], 1)]], [xy(tuple(east)), [cfg.width, round(east[1], 1)]]]
            lines.append({"between": [a, b], "segments": segs})
            continue
        hand = cfg.sea_line_points.get((a, b)) or tuple(reversed(cfg.sea_line_points.get((b, a), ())))
        if hand:
            pa, pb = (Point(project_xy(cfg, *p)) for p in hand)
            if not (sa.contains(pa) and sb.contains(pb)):
                raise SystemExit(f"the hand-placed sea line {a}–{b} does not start and end on their land")
            lines.append({"between": [a, b], "points": [xy(pa), xy(pb)]})
            continue
        if sa.distance(sb) == 0.0:  # a shared land border: no line needed
            continue
        pa, pb = nearest_points(sa, sb)
        # reach a little into both shapes (as far as they are land), so the line reads as joining them
        d = pa.distance(pb)
        ux, uy = (pb.x - pa.x) / d, (pb.y - pa.y) / d
        start = next(q for e in (3.0, 2.0, 1.0, 0.0) if sa.contains(q := Point(pa.x - ux * e, pa.y - uy * e)) or e == 0)
        end = next(q for e in (3.0, 2.0, 1.0, 0.0) if sb.contains(q := Point(pb.x + ux * e, pb.y + uy * e)) or e == 0)
        lines.append({"between": [a, b], "points": [xy(start), xy(end)]})
    return lines


def check_borders(
    cfg: MapConfig, data: dict, shapes: dict[str, MultiPolygon], sea: set[frozenset[str]]
) -> list[tuple[str, str]]:
    """Report land borders whose shapes do not touch and touching shapes that are not borders."""
    borders = {frozenset((t["id"], n)) for t in data["territories"] for n in t["neighbours"]}
    ids = [t["id"] for t in data["territories"]]
    apart = []
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            d = shapes[a].distance(shapes[b])
            pair = frozenset((a, b))
            if pair in borders and pair not in sea and d > 0.0:
                print(f"note: {a}–{b} is a land border but the shapes are {d:.1f} apart", file=sys.stderr)
                apart.append((a, b))
            if pair not in borders and d <= cfg.touch:
                print(f"warning: {a} and {b} touch but are not neighbours", file=sys.stderr)
    return apart


def untie_knots(cfg: MapConfig, shapes: dict[str, MultiPolygon]) -> dict[str, MultiPolygon]:
    """Cut a small round lake at each knot, so that no two non-neighbours meet in one point."""
    if not cfg.knots:
        return shapes
    lakes = unary_union([Point(project_xy(cfg, *ll)).buffer(cfg.knot_radius, quad_segs=4) for ll in cfg.knots])
    lakes = shapely.set_precision(lakes, 0.1)
    out = {}
    for t, geom in shapes.items():
        out[t] = (
            MultiPolygon(parts(shapely.set_precision(geom.difference(lakes), 0.1))) if geom.intersects(lakes) else geom
        )
    return out


def build(data: dict, countries: list[tuple[str, shapely.Geometry]], cfg: MapConfig = WORLD) -> dict:
    ids = [t["id"] for t in data["territories"]]
    land = assemble(cfg, countries, ids)
    shapes = untie_knots(cfg, simplify_together(cfg, {t: project(cfg, g) for t, g in land.items()}))
    sea = {frozenset(p) for p in data.get("sea_routes", [])}
    apart = check_borders(cfg, data, shapes, sea)
    territories = {}
    for t in ids:
        label, badge = anchors(cfg, t, shapes[t])
        territories[t] = {"path": svg_path(shapes[t]), "label": label, "badge": badge}
    pairs = [tuple(p) for p in data.get("sea_routes", [])] + apart
    continents = {c: {"label": xy(project_xy(cfg, *ll))} for c, ll in cfg.region_labels.items()}
    projection: dict = {"projection": "equirectangular"}
    if cfg.standard_parallel:
        projection["standard_parallel"] = cfg.standard_parallel
    return {
        **projection,
        "source": cfg.source,
        "view_box": [0, 0, cfg.width, cfg.height],
        "territories": territories,
        "sea_lines": sea_lines(cfg, shapes, pairs),
        "continents": continents,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--map", choices=sorted(CONFIGS), default="world")
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache/riskboard-maps")
    parser.add_argument("--wheel", type=Path, help="a geopandas 0.14.x wheel already on disk")
    parser.add_argument("--out", type=Path, help="where to write (default: the map's own file)")
    args = parser.parse_args(argv)
    cfg = CONFIGS[args.map]
    out = args.out or cfg.json_path
    data = json.loads(cfg.json_path.read_text(encoding="utf-8"))
    data["geometry"] = build(data, natural_earth(args.cache, args.wheel), cfg)
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out} ({len(text.encode()) / 1024:.1f} KiB)")


if __name__ == "__main__":
    main()
