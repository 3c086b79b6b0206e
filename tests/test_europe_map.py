"""The Balance of Power map of Europe (``europe.json``, RULES.md §5.3): its data, its features on
``Territory.features``, their validation, and its drawing (made by ``tools/make_maps.py --map europe``).

The §5.3 territory table is written out here on its own, so that a slip in the generator or the
data file shows up as a difference from the spec."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

import riskboard as rb
from riskboard.errors import MapError
from riskboard.maps import map_from_dict
from test_map_geometry import inside, parse_path  # the world's pure-Python path helpers

EUROPE = rb.load_map("europe")

# Nr., id, English, German, region, difficult terrain, sea access, building, neighbours (~ = sea route)
TABLE = [
    (1, "great_britain", "Great Britain", "Großbritannien", "yellow", 0, 1, None, "~ireland ~northern_france ~norway"),
    (2, "czechia", "Czechia", "Tschechien", "orange", 0, 0, None, "germany prussia poland slovakia austria"),
    (3, "italy", "Italy", "Italien", "purple", 1, 0, None, "southern_france switzerland austria slovenia"),
    (4, "slovakia", "Slovakia", "Slowakei", "orange", 1, 0, None, "czechia poland western_ukraine hungary austria"),
    (
        5,
        "northern_france",
        "Northern France",
        "Nord-Frankreich",
        "yellow",
        0,
        1,
        None,
        "~great_britain ~ireland belgium germany southern_france",
    ),
    (6, "estonia", "Estonia", "Estland", "brown", 0, 0, None, "latvia northern_russia"),
    (7, "prussia", "Prussia", "Preußen", "orange", 0, 0, None, "germany poland lithuania czechia"),
    (8, "slovenia", "Slovenia", "Slowenien", "purple", 1, 0, None, "italy austria hungary"),
    (
        9,
        "northern_russia",
        "Northern Russia",
        "Nord-Russland",
        "grey",
        0,
        0,
        None,
        "finland estonia latvia central_russia",
    ),
    (
        10,
        "belarus",
        "Belarus",
        "Weißrussland",
        "brown",
        0,
        0,
        None,
        "poland lithuania latvia western_ukraine eastern_ukraine central_russia",
    ),
    (11, "lithuania", "Lithuania", "Litauen", "brown", 0, 0, None, "prussia poland belarus latvia"),
    (
        12,
        "central_russia",
        "Central Russia",
        "Zentral-Russland",
        "grey",
        0,
        0,
        None,
        "northern_russia belarus eastern_ukraine southern_russia",
    ),
    (13, "ireland", "Ireland", "Irland", "yellow", 0, 1, None, "~great_britain ~northern_france"),
    (14, "hungary", "Hungary", "Ungarn", "purple", 0, 0, None, "austria slovakia slovenia romania western_ukraine"),
    (15, "sweden", "Sweden", "Schweden", "green", 0, 1, None, "norway denmark finland ~poland"),
    (16, "finland", "Finland", "Finnland", "green", 0, 0, None, "norway sweden northern_russia"),
    (
        17,
        "austria",
        "Austria",
        "Österreich",
        "purple",
        1,
        0,
        None,
        "germany czechia slovakia hungary slovenia italy switzerland",
    ),
    (
        18,
        "southern_france",
        "Southern France",
        "Süd-Frankreich",
        "yellow",
        0,
        0,
        None,
        "northern_france switzerland italy",
    ),
    (19, "denmark", "Denmark", "Dänemark", "green", 0, 0, "danish_naval_base", "germany sweden"),
    (
        20,
        "switzerland",
        "Switzerland",
        "Schweiz",
        "purple",
        1,
        0,
        "swiss_vault",
        "germany southern_france italy austria",
    ),
    (21, "norway", "Norway", "Norwegen", "green", 1, 1, "satellite_centre", "~great_britain sweden finland"),
    (
        22,
        "western_ukraine",
        "Western Ukraine",
        "West-Ukraine",
        "grey",
        0,
        0,
        "satellite_centre",
        "poland slovakia hungary romania belarus eastern_ukraine",
    ),
    (
        23,
        "eastern_ukraine",
        "Eastern Ukraine",
        "Ost-Ukraine",
        "grey",
        0,
        0,
        None,
        "western_ukraine romania belarus central_russia southern_russia",
    ),
    (24, "belgium", "Belgium", "Belgien", "yellow", 0, 0, None, "northern_france netherlands germany"),
    (25, "romania", "Romania", "Rumänien", "grey", 0, 0, None, "hungary western_ukraine eastern_ukraine"),
    (26, "latvia", "Latvia", "Lettland", "brown", 0, 0, None, "lithuania belarus estonia northern_russia"),
    (27, "netherlands", "Netherlands", "Niederlande", "yellow", 0, 0, None, "belgium germany"),
    (28, "southern_russia", "Southern Russia", "Süd-Russland", "grey", 0, 0, None, "central_russia eastern_ukraine"),
    (
        29,
        "germany",
        "Germany",
        "Deutschland",
        "orange",
        0,
        0,
        None,
        "netherlands belgium northern_france denmark switzerland austria czechia prussia",
    ),
    (
        30,
        "poland",
        "Poland",
        "Polen",
        "orange",
        0,
        1,
        None,
        "prussia czechia slovakia lithuania belarus western_ukraine ~sweden",
    ),
]
ROWS = {row[1]: row for row in TABLE}

REGIONS = {
    "yellow": ("Gelb", 3, {"great_britain", "ireland", "northern_france", "southern_france", "belgium", "netherlands"}),
    "green": ("Grün", 2, {"norway", "sweden", "finland", "denmark"}),
    "orange": ("Orange", 4, {"germany", "prussia", "poland", "czechia", "slovakia"}),
    "purple": ("Lila", 3, {"switzerland", "austria", "italy", "slovenia", "hungary"}),
    "brown": ("Braun", 2, {"estonia", "latvia", "lithuania", "belarus"}),
    "grey": (
        "Grau",
        3,
        {"northern_russia", "central_russia", "southern_russia", "western_ukraine", "eastern_ukraine", "romania"},
    ),
}
SEA_ROUTES = {
    frozenset(p)
    for p in [
        ("great_britain", "ireland"),
        ("great_britain", "northern_france"),
        ("great_britain", "norway"),
        ("ireland", "northern_france"),
        ("sweden", "poland"),
    ]
}
DIFFICULT = {"switzerland", "austria", "italy", "slovenia", "norway", "slovakia"}
SEA_ACCESS = {"great_britain", "ireland", "norway", "sweden", "poland", "northern_france"}
BUILDINGS = {
    "switzerland": "swiss_vault",
    "denmark": "danish_naval_base",
    "norway": "satellite_centre",
    "western_ukraine": "satellite_centre",
}


def raw() -> dict[str, Any]:
    return json.loads(resources.files("riskboard.maps").joinpath("europe.json").read_text(encoding="utf-8"))


# -- the §5.3 facts ---------------------------------------------------------------------------------


def test_the_map_loads_by_name() -> None:
    assert EUROPE.id == "europe"
    assert EUROPE.raw["region_kind"] == "region"
    assert rb.load_map("europe") is EUROPE  # cached like the world


def test_thirty_territories_in_nr_order() -> None:
    assert len(EUROPE) == 30
    assert EUROPE.ids == tuple(row[1] for row in TABLE)


def test_six_regions_with_members_and_bonuses() -> None:
    assert [r.id for r in EUROPE.regions] == list(REGIONS)
    for region in EUROPE.regions:
        german, bonus, members = REGIONS[region.id]
        assert region.name_in("de") == german
        assert region.bonus == bonus, region.id
        assert set(region.territories) == members, region.id
    for t in EUROPE.territories:
        assert t.region == ROWS[t.id][4]


def test_sixty_one_symmetric_connections_and_a_connected_graph() -> None:
    assert len(EUROPE.edges) == 61
    for t in EUROPE.territories:
        for n in t.neighbours:
            assert EUROPE.is_adjacent(n, t.id)
    seen, todo = {"great_britain"}, ["great_britain"]
    while todo:
        for n in EUROPE.neighbours(todo.pop()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(EUROPE.ids)


def test_neighbours_are_those_of_the_table() -> None:
    for tid, row in ROWS.items():
        listed = {n.lstrip("~") for n in row[8].split()}
        assert set(EUROPE.neighbours(tid)) == listed, tid
        assert len(EUROPE.neighbours(tid)) == len(listed)


def test_exactly_the_five_sea_routes() -> None:
    assert EUROPE.sea_routes == SEA_ROUTES
    marked = {frozenset((tid, n[1:])) for tid, row in ROWS.items() for n in row[8].split() if n.startswith("~")}
    assert marked == SEA_ROUTES
    for route in SEA_ROUTES:
        a, b = sorted(route)
        assert EUROPE.is_adjacent(a, b) and EUROPE.is_sea_route(b, a)
        assert a in SEA_ACCESS and b in SEA_ACCESS  # only between the sea-access territories


def test_the_six_difficult_territories() -> None:
    difficult = {t.id for t in EUROPE.territories if t.features.get("difficult_terrain")}
    assert difficult == DIFFICULT
    assert {tid for tid, row in ROWS.items() if row[5]} == DIFFICULT


def test_the_six_sea_access_territories() -> None:
    assert {t.id for t in EUROPE.territories if t.features.get("sea_access")} == SEA_ACCESS
    assert {tid for tid, row in ROWS.items() if row[6]} == SEA_ACCESS


def test_the_four_buildings() -> None:
    assert {t.id: t.features["building"] for t in EUROPE.territories if "building" in t.features} == BUILDINGS
    assert EUROPE["denmark"].features == {"number": 19, "building": "danish_naval_base"}


def test_finland_is_open_ground_next_to_sweden_and_northern_russia() -> None:
    finland = EUROPE["finland"]
    assert not finland.features.get("difficult_terrain", False)
    assert EUROPE.is_adjacent("finland", "sweden") and EUROPE.is_adjacent("finland", "northern_russia")
    assert not EUROPE.is_sea_route("finland", "sweden")


def test_numbers_one_to_thirty_match_the_table() -> None:
    numbers = {t.id: t.features["number"] for t in EUROPE.territories}
    assert sorted(numbers.values()) == list(range(1, 31))
    assert numbers == {tid: row[0] for tid, row in ROWS.items()}
    assert numbers["denmark"] == 19 and numbers["switzerland"] == 20


def test_english_and_german_names() -> None:
    """The map file names each territory in English; the German of §5.3 (the seed's) is the
    catalogs' (locale/de/LC_MESSAGES/maps.po), spoken by a German board."""
    for t in EUROPE.territories:
        _, _, en, de, *_ = ROWS[t.id]
        assert t.names == {"en": en}, t.id
        assert t.name == en and t.name_in("de") == de, t.id


def test_features_are_read_only_and_world_territories_have_none() -> None:
    with pytest.raises(TypeError):
        EUROPE["norway"].features["building"] = "swiss_vault"  # type: ignore[index]
    assert all(dict(t.features) == {} for t in rb.load_map("world").territories)


# -- validation of the features -----------------------------------------------------------------------


def change(territory: str, **values: Any) -> dict[str, Any]:
    data = raw()
    entry = next(t for t in data["territories"] if t["id"] == territory)
    entry.update(values)
    return data


@pytest.mark.parametrize(
    ("data", "mentions"),
    [
        (change("denmark", building="death_star"), ["denmark", "building", "death_star"]),
        (change("denmark", number=20), ["numbers appear twice", "20"]),
        (change("denmark", number="19"), ["denmark", "number"]),
        (change("denmark", number=True), ["denmark", "number"]),
        (change("denmark", number=0), ["denmark", "number"]),
        (change("italy", difficult_terrain="yes"), ["italy", "difficult_terrain"]),
        (change("poland", sea_access=1), ["poland", "sea_access"]),
    ],
    ids=["bad-building", "duplicate-number", "number-string", "number-bool", "number-zero", "difficult-str", "sea-int"],
)
def test_bad_features_are_refused(data: dict[str, Any], mentions: list[str]) -> None:
    with pytest.raises(MapError) as err:
        map_from_dict(data)
    for word in mentions:
        assert word in str(err.value)


def test_the_territory_key_may_be_continent_or_region() -> None:
    data = raw()
    for t in data["territories"]:
        t["continent"] = t.pop("region")
    assert map_from_dict(data)["ireland"].region == "yellow"


# -- the drawing ------------------------------------------------------------------------------------

GEOMETRY: dict[str, Any] = EUROPE.geometry
X0, Y0, W, H = GEOMETRY["view_box"]
SHAPES = {t: parse_path(GEOMETRY["territories"][t]["path"]) for t in EUROPE.ids}
BOXES = {
    t: (
        min(x for r in rings for x, _ in r),
        min(y for r in rings for _, y in r),
        max(x for r in rings for x, _ in r),
        max(y for r in rings for _, y in r),
    )
    for t, rings in SHAPES.items()
}


def centre(t: str) -> tuple[float, float]:
    x0, y0, x1, y1 = BOXES[t]
    return (x0 + x1) / 2, (y0 + y1) / 2


def gap(a: str, b: str) -> float:
    """The least distance between a vertex of one shape and an edge of the other (either way)."""
    (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = BOXES[a], BOXES[b]
    if ax0 > bx1 + 5 or bx0 > ax1 + 5 or ay0 > by1 + 5 or by0 > ay1 + 5:
        return 5.0
    best = 5.0
    for p, q in ((a, b), (b, a)):
        qx0, qy0, qx1, qy1 = BOXES[q]
        points = [pt for r in SHAPES[p] for pt in r if qx0 - 5 <= pt[0] <= qx1 + 5 and qy0 - 5 <= pt[1] <= qy1 + 5]
        for ring in SHAPES[q]:
            for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
                dx, dy = x2 - x1, y2 - y1
                length = dx * dx + dy * dy
                for px, py in points:
                    k = 0.0 if length == 0 else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / length))
                    best = min(best, ((px - x1 - k * dx) ** 2 + (py - y1 - k * dy) ** 2) ** 0.5)
    return best


def test_the_thirty_shapes_and_no_world_ones() -> None:
    assert set(GEOMETRY["territories"]) == set(EUROPE.ids)
    assert len(GEOMETRY["territories"]) == 30
    assert not set(GEOMETRY["territories"]) & {"scandinavia", "ukraine", "northern_europe", "alaska"}
    assert GEOMETRY["projection"] == "equirectangular"
    assert W == 1000 and 800 < H < 1100  # a roughly square frame, not the wide world


def test_paths_stay_in_the_view_box() -> None:
    for t, (x0, y0, x1, y1) in BOXES.items():
        assert x0 >= X0 and x1 <= X0 + W and y0 >= Y0 and y1 <= Y0 + H, t


@pytest.mark.parametrize("key", ["label", "badge"])
def test_anchors_lie_inside_their_own_territory_only(key: str) -> None:
    for t in EUROPE.ids:
        point = tuple(GEOMETRY["territories"][t][key])
        assert inside(point, SHAPES[t]), f"the {key} of {t} is outside it"
        others = [o for o in EUROPE.ids if o != t and inside(point, SHAPES[o])]
        assert others == [], f"the {key} of {t} is also inside {others}"


def test_europe_is_laid_out_like_europe() -> None:
    x, y = {t: centre(t)[0] for t in EUROPE.ids}, {t: centre(t)[1] for t in EUROPE.ids}
    assert x["ireland"] < x["great_britain"] < x["netherlands"] < x["germany"] < x["poland"] < x["belarus"]
    assert x["belarus"] < x["central_russia"]
    assert y["norway"] < y["denmark"] < y["germany"] < y["switzerland"] < y["italy"]  # y grows southwards
    assert y["finland"] < y["estonia"] < y["latvia"] < y["lithuania"] < y["belarus"] < y["western_ukraine"]
    assert y["northern_russia"] < y["central_russia"] < y["southern_russia"]
    assert y["northern_france"] < y["southern_france"] and x["western_ukraine"] < x["eastern_ukraine"]
    area = {t: (b[2] - b[0]) * (b[3] - b[1]) for t, b in BOXES.items()}
    assert area["northern_russia"] > 10 * area["belgium"] and area["sweden"] > 10 * area["slovenia"]


def test_land_borders_touch_or_are_drawn_as_sea_lines() -> None:
    drawn = {frozenset(line["between"]) for line in GEOMETRY["sea_lines"]}
    for a, b in EUROPE.edges:
        if frozenset((a, b)) in drawn:
            continue
        assert gap(a, b) == 0.0, f"{a} and {b} are neighbours but their shapes do not meet"
    assert drawn - SEA_ROUTES == {frozenset(("sweden", "denmark"))}  # the Øresund is the only strait


def test_territories_that_are_not_neighbours_do_not_meet() -> None:
    for i, a in enumerate(EUROPE.ids):
        for b in EUROPE.ids[i + 1 :]:
            if not EUROPE.is_adjacent(a, b):
                assert gap(a, b) > 0.3, f"{a} and {b} meet on the map but are not neighbours"


def test_the_sea_routes_are_drawn_from_land_to_land() -> None:
    lines = {frozenset(line["between"]): line for line in GEOMETRY["sea_lines"]}
    assert len(lines) == len(GEOMETRY["sea_lines"])
    assert set(lines) >= SEA_ROUTES
    for line in lines.values():
        a, b = line["between"]
        first, last = (tuple(p) for p in (line["points"][0], line["points"][-1]))
        assert inside(first, SHAPES[a]), (a, b, first)
        assert inside(last, SHAPES[b]), (a, b, last)


def test_region_labels_sit_on_the_sea() -> None:
    labels = GEOMETRY["continents"]
    assert set(labels) == set(REGIONS)
    for region, entry in labels.items():
        x, y = entry["label"]
        assert X0 <= x <= X0 + W and Y0 <= y <= Y0 + H
        assert not any(inside((x, y), SHAPES[t]) for t in EUROPE.ids), region


def test_the_drawing_is_refused_when_a_shape_is_missing() -> None:
    data = raw()
    broken = copy.deepcopy(data)
    del broken["geometry"]["territories"]["prussia"]
    with pytest.raises(MapError, match="prussia"):
        map_from_dict(broken)
    broken = copy.deepcopy(data)
    broken["geometry"]["sea_lines"].append({"between": ["ireland", "norway"], "points": [[1, 1], [2, 2]]})
    with pytest.raises(MapError, match="ireland–norway"):
        map_from_dict(broken)
