"""The world map's drawing (``"geometry"`` in world.json, made by tools/make_maps.py) and its
validation on load. Pure Python: the paths are parsed and tested here without shapely."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

import pytest

import riskboard as rb
from riskboard.maps import map_from_dict

WORLD = rb.load_map("world")
GEOMETRY: dict[str, Any] = WORLD.geometry
X0, Y0, W, H = GEOMETRY["view_box"]

Point = tuple[float, float]
Ring = list[Point]

TOKEN = re.compile(r"[MLZ]|-?\d+(?:\.\d+)?")


def parse_path(d: str) -> list[Ring]:
    """The subpaths of an SVG path made of absolute M/L/Z commands only; raises on anything else."""
    leftover = TOKEN.sub("", d).strip()
    assert leftover == "", f"unexpected characters in path: {leftover[:20]!r}"
    tokens = TOKEN.findall(d)
    rings: list[Ring] = []
    i = 0
    while i < len(tokens):
        command = tokens[i]
        if command == "Z":
            assert rings and len(rings[-1]) >= 3, "Z closes a subpath of fewer than 3 points"
            i += 1
            continue
        assert command in ("M", "L"), f"unexpected token {command!r}"
        point = (float(tokens[i + 1]), float(tokens[i + 2]))
        if command == "M":
            rings.append([point])
        else:
            assert rings, "L before M"
            rings[-1].append(point)
        i += 3
    assert d.startswith("M") and d.endswith("Z")
    return rings


SHAPES: dict[str, list[Ring]] = {t: parse_path(GEOMETRY["territories"][t]["path"]) for t in WORLD.ids}


def inside(point: Point, rings: list[Ring]) -> bool:
    """Even-odd point in polygon over all subpaths (so holes count as outside)."""
    x, y = point
    crossings = 0
    for ring in rings:
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                crossings += 1
    return crossings % 2 == 1


def bbox(t: str) -> tuple[float, float, float, float]:
    xs = [x for ring in SHAPES[t] for x, _ in ring]
    ys = [y for ring in SHAPES[t] for _, y in ring]
    return min(xs), min(ys), max(xs), max(ys)


def centre(t: str) -> Point:
    x0, y0, x1, y1 = bbox(t)
    return (x0 + x1) / 2, (y0 + y1) / 2


def members(continent: str) -> tuple[str, ...]:
    return WORLD.region(continent).territories


def near_vertices(a: str, b: str, within: float) -> list[Point]:
    """The vertices of ``a`` that lie within ``within`` (per axis) of a vertex of ``b``."""
    ax0, ay0, ax1, ay1 = bbox(a)
    grid: dict[tuple[int, int], list[Point]] = {}
    for ring in SHAPES[b]:
        for x, y in ring:
            if ax0 - 5 <= x <= ax1 + 5 and ay0 - 5 <= y <= ay1 + 5:
                grid.setdefault((int(x // 5), int(y // 5)), []).append((x, y))
    found = []
    for ring in SHAPES[a]:
        for x, y in ring:
            cx, cy = int(x // 5), int(y // 5)
            candidates = [q for i in (-1, 0, 1) for j in (-1, 0, 1) for q in grid.get((cx + i, cy + j), [])]
            if any(abs(x - qx) <= within and abs(y - qy) <= within for qx, qy in candidates):
                found.append((x, y))
    return found


def bboxes_meet(a: str, b: str, margin: float = 1.0) -> bool:
    ax0, ay0, ax1, ay1 = bbox(a)
    bx0, by0, bx1, by1 = bbox(b)
    return ax0 <= bx1 + margin and bx0 <= ax1 + margin and ay0 <= by1 + margin and by0 <= ay1 + margin


# -- the data ------------------------------------------------------------------------------------


def test_every_territory_has_a_shape_and_nothing_else_does() -> None:
    assert WORLD.has_geometry
    assert GEOMETRY["projection"] == "equirectangular"
    assert set(GEOMETRY["territories"]) == set(WORLD.ids)
    assert len(SHAPES) == 42
    for t, rings in SHAPES.items():
        assert rings, t
        assert all(len(ring) >= 3 for ring in rings), t


def test_view_box_is_a_wide_world() -> None:
    assert (X0, Y0) == (0, 0)
    assert 900 <= W <= 1200
    assert 0.3 < H / W < 0.6  # equirectangular, about -56..84 degrees of 360


def test_paths_stay_in_the_view_box() -> None:
    for t, rings in SHAPES.items():
        for ring in rings:
            for x, y in ring:
                assert X0 <= x <= X0 + W and Y0 <= y <= Y0 + H, (t, x, y)


@pytest.mark.parametrize("key", ["label", "badge"])
def test_anchors_lie_inside_their_own_territory_only(key: str) -> None:
    for t in WORLD.ids:
        point = tuple(GEOMETRY["territories"][t][key])
        assert X0 <= point[0] <= X0 + W and Y0 <= point[1] <= Y0 + H, (t, point)
        assert inside(point, SHAPES[t]), f"the {key} of {t} at {point} is outside it"
        others = [o for o in WORLD.ids if o != t and inside(point, SHAPES[o])]
        assert others == [], f"the {key} of {t} lies in {others}"


def test_label_and_badge_do_not_sit_on_each_other() -> None:
    for t in WORLD.ids:
        (lx, ly), (bx, by) = GEOMETRY["territories"][t]["label"], GEOMETRY["territories"][t]["badge"]
        assert ((lx - bx) ** 2 + (ly - by) ** 2) ** 0.5 >= 6.0, t


def test_continents_are_where_the_world_has_them() -> None:
    c = {t: centre(t) for t in WORLD.ids}

    def xs(continent: str) -> list[float]:
        return [c[t][0] for t in members(continent)]

    def ys(continent: str) -> list[float]:
        return [c[t][1] for t in members(continent)]

    # west to east: the Americas, then Europe and Africa, then Asia and Australia
    assert max(xs("north_america")) < min(xs("europe"))
    assert max(xs("south_america")) < min(xs("africa"))
    assert max(xs("europe")) < min(x for t, (x, _) in c.items() if t in members("asia") and t != "middle_east")
    assert max(xs("africa")) < min(xs("australia"))
    # north to south (y grows downwards)
    assert max(ys("north_america")) < min(ys("south_america"))
    assert max(ys("europe")) < min(ys("africa"))
    assert max(ys("asia")) < min(ys("australia"))
    # Australia is lower right of Asia's heart
    for t in members("australia"):
        assert c[t][0] > c["india"][0] and c[t][1] > c["siam"][1], t
    # the date line: Alaska at the left edge, Kamchatka at the right
    assert bbox("alaska")[0] == min(bbox(t)[0] for t in WORLD.ids)
    assert bbox("kamchatka")[2] == max(bbox(t)[2] for t in WORLD.ids)


def test_shapes_are_not_mirrored_or_swapped() -> None:
    c = {t: centre(t) for t in WORLD.ids}
    west_of = [
        ("western_united_states", "eastern_united_states"),
        ("alberta", "ontario"),
        ("ontario", "quebec"),
        ("peru", "brazil"),
        ("western_europe", "ukraine"),
        ("great_britain", "scandinavia"),
        ("north_africa", "east_africa"),
        ("middle_east", "india"),
        ("ural", "yakutsk"),
        ("western_australia", "eastern_australia"),
        ("mongolia", "japan"),
        ("indonesia", "new_guinea"),
    ]
    for a, b in west_of:
        assert c[a][0] < c[b][0], (a, b)
    north_of = [
        ("northwest_territory", "alberta"),
        ("alberta", "western_united_states"),
        ("eastern_united_states", "central_america"),
        ("venezuela", "argentina"),
        ("scandinavia", "southern_europe"),
        ("egypt", "congo"),
        ("congo", "south_africa"),
        ("yakutsk", "irkutsk"),
        ("irkutsk", "mongolia"),
        ("china", "siam"),
        ("siam", "indonesia"),
        ("new_guinea", "eastern_australia"),
    ]
    for a, b in north_of:
        assert c[a][1] < c[b][1], (a, b)


def test_big_territories_are_bigger_than_small_ones() -> None:
    def area(t: str) -> float:
        total = 0.0
        for ring in SHAPES[t]:
            total += abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]))) / 2
        return total

    for big, small in [
        ("brazil", "venezuela"),
        ("greenland", "iceland"),
        ("china", "japan"),
        ("ukraine", "great_britain"),
    ]:
        assert area(big) > 2 * area(small), (big, small)
    for t in ("japan", "madagascar", "iceland", "great_britain", "indonesia", "new_guinea"):
        assert area(t) > 50, t  # visible islands, not specks


def land_borders() -> list[tuple[str, str]]:
    drawn = {frozenset(line["between"]) for line in GEOMETRY["sea_lines"]}
    return [(a, b) for a, b in WORLD.edges if not WORLD.is_sea_route(a, b) and frozenset((a, b)) not in drawn]


def test_land_borders_touch() -> None:
    borders = land_borders()
    assert len(borders) >= 55
    for a, b in borders:
        assert bboxes_meet(a, b), (a, b)
        # the generator simplifies shared borders once, so neighbours share vertices exactly
        shared = near_vertices(a, b, within=0.05)
        assert len(shared) >= 2, f"{a} and {b} share a border but their shapes do not meet"


def test_territories_that_are_not_neighbours_do_not_meet() -> None:
    for i, a in enumerate(WORLD.ids):
        for b in WORLD.ids[i + 1 :]:
            if not WORLD.is_adjacent(a, b) and bboxes_meet(a, b):
                assert near_vertices(a, b, within=0.3) == [], f"{a} and {b} meet on the map but are not neighbours"


def test_territories_do_not_overlap() -> None:
    for a in WORLD.ids:
        for b in WORLD.ids:
            if a == b or not bboxes_meet(a, b, margin=0.0):
                continue
            shared = set(near_vertices(a, b, within=0.05))
            for ring in SHAPES[a]:
                for point in ring[::2]:
                    if point not in shared:
                        assert not inside(point, SHAPES[b]), f"{a} reaches into {b} at {point}"


def test_sea_lines_join_the_territories_they_name() -> None:
    lines = GEOMETRY["sea_lines"]
    named = [frozenset(line["between"]) for line in lines]
    assert len(named) == len(set(named))
    for route in WORLD.sea_routes:
        a, b = sorted(route)
        if len(near_vertices(a, b, within=0.05)) < 2:  # a sea route across water is drawn
            assert route in named, (a, b)
    for line in lines:
        a, b = line["between"]
        assert WORLD.is_adjacent(a, b)
        if "segments" in line:
            continue
        first, last = (tuple(p) for p in (line["points"][0], line["points"][-1]))
        assert inside(first, SHAPES[a]) or distance_to(first, a) < 0.2, (a, b, first)
        assert inside(last, SHAPES[b]) or distance_to(last, b) < 0.2, (a, b, last)


def distance_to(point: Point, t: str) -> float:
    """The distance from ``point`` to the outline of ``t``."""
    px, py = point
    best = float("inf")
    for ring in SHAPES[t]:
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
            dx, dy = x2 - x1, y2 - y1
            k = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)))
            best = min(best, ((px - x1 - k * dx) ** 2 + (py - y1 - k * dy) ** 2) ** 0.5)
    return best


def test_alaska_kamchatka_leaves_the_map_at_both_edges() -> None:
    line = next(line for line in GEOMETRY["sea_lines"] if set(line["between"]) == {"alaska", "kamchatka"})
    segments = line["segments"]
    assert len(segments) == 2
    ends_x = sorted(p[0] for segment in segments for p in segment)
    assert ends_x[0] == X0 and ends_x[-1] == X0 + W
    for segment in segments:
        start = tuple(segment[0])
        owner = "alaska" if segment[-1][0] == X0 else "kamchatka"
        assert inside(start, SHAPES[owner]) or distance_to(start, owner) < 0.2, (owner, start)


def test_continent_labels_are_in_the_view_box() -> None:
    assert set(GEOMETRY["continents"]) == {r.id for r in WORLD.regions}
    for entry in GEOMETRY["continents"].values():
        x, y = entry["label"]
        assert X0 <= x <= X0 + W and Y0 <= y <= Y0 + H


def test_shape_helper() -> None:
    shape = WORLD.shape("madagascar")
    assert shape.id == "madagascar"
    assert shape.path == GEOMETRY["territories"]["madagascar"]["path"]
    assert shape.label == tuple(GEOMETRY["territories"]["madagascar"]["label"])
    assert inside(shape.badge, SHAPES["madagascar"])
    assert WORLD.view_box == (X0, Y0, W, H)
    with pytest.raises(KeyError, match="atlantis"):
        WORLD.shape("atlantis")
    bare = copy.deepcopy(dict(WORLD.raw))
    bare["geometry"] = None
    plain = map_from_dict(bare)
    assert not plain.has_geometry
    with pytest.raises(rb.MapError, match="no geometry"):
        plain.shape("alaska")


def test_the_geometry_is_compact() -> None:
    from importlib import resources

    size = len(resources.files("riskboard.maps").joinpath("world.json").read_bytes())
    assert size < 120_000


# -- validation ----------------------------------------------------------------------------------


def raw() -> dict[str, Any]:
    return copy.deepcopy(dict(WORLD.raw))


def drop_shape(d: dict[str, Any]) -> None:
    del d["geometry"]["territories"]["peru"]


def extra_shape(d: dict[str, Any]) -> None:
    d["geometry"]["territories"]["atlantis"] = copy.deepcopy(d["geometry"]["territories"]["peru"])


def label_outside(d: dict[str, Any]) -> None:
    d["geometry"]["territories"]["peru"]["label"] = [X0 + W + 10, 100]


def badge_outside(d: dict[str, Any]) -> None:
    d["geometry"]["territories"]["japan"]["badge"] = [500, -3]


def label_not_numbers(d: dict[str, Any]) -> None:
    d["geometry"]["territories"]["peru"]["label"] = ["left", 3]


def badge_missing(d: dict[str, Any]) -> None:
    del d["geometry"]["territories"]["peru"]["badge"]


def path_missing(d: dict[str, Any]) -> None:
    d["geometry"]["territories"]["peru"]["path"] = ""


def path_junk(d: dict[str, Any]) -> None:
    d["geometry"]["territories"]["peru"]["path"] = "<svg>peru</svg>"


def sea_line_not_a_border(d: dict[str, Any]) -> None:
    d["geometry"]["sea_lines"].append({"between": ["alaska", "iceland"], "points": [[1, 1], [2, 2]]})


def sea_line_outside(d: dict[str, Any]) -> None:
    d["geometry"]["sea_lines"][1]["points"] = [[1, 1], [2, 9999]]


def bad_view_box(d: dict[str, Any]) -> None:
    d["geometry"]["view_box"] = [0, 0, 1000]


def geometry_not_an_object(d: dict[str, Any]) -> None:
    d["geometry"] = "a map"


def unknown_continent(d: dict[str, Any]) -> None:
    d["geometry"]["continents"]["lemuria"] = {"label": [10, 10]}


@pytest.mark.parametrize(
    ("change", "mentions"),
    [
        (drop_shape, ["peru", "no geometry"]),
        (extra_shape, ["atlantis", "unknown"]),
        (label_outside, ["peru", "label", "view box"]),
        (badge_outside, ["japan", "badge", "view box"]),
        (label_not_numbers, ["peru", "label", "numbers"]),
        (badge_missing, ["peru", "badge"]),
        (path_missing, ["peru", "path"]),
        (path_junk, ["peru", "path"]),
        (sea_line_not_a_border, ["alaska", "iceland", "not a border"]),
        (sea_line_outside, ["sea line", "view box"]),
        (bad_view_box, ["view_box"]),
        (geometry_not_an_object, ["geometry"]),
        (unknown_continent, ["lemuria"]),
    ],
)
def test_bad_geometry_is_refused(change: Callable[[dict[str, Any]], None], mentions: list[str]) -> None:
    data = raw()
    change(data)
    with pytest.raises(rb.MapError) as info:
        map_from_dict(data)
    assert isinstance(info.value, ValueError)
    assert info.value.code.startswith("map/")
    for word in mentions:
        assert word in str(info.value), (word, str(info.value))


def test_the_parser_and_point_test_catch_mistakes() -> None:
    square = parse_path("M0 0L10 0L10 10L0 10Z")
    assert inside((5, 5), square) and not inside((15, 5), square)
    holed = parse_path("M0 0L10 0L10 10L0 10ZM3 3L3 7L7 7L7 3Z")
    assert inside((1, 1), holed) and not inside((5, 5), holed)
    for bad in ("M0 0C1 1 2 2 3 3Z", "L0 0L1 1L2 0Z", "M0 0L1 1Z", "m0 0l1 0l0 1z"):
        with pytest.raises(AssertionError):
            parse_path(bad)
