"""The world map's facts (RULES.md §3.1) and the validation of map data (DESIGN.md: maps are data
files validated on load)."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

import riskboard as rb
from riskboard.maps import map_from_dict

WORLD = rb.load_map("world")

CONTINENTS = {
    "north_america": (9, 5),
    "south_america": (4, 2),
    "europe": (7, 5),
    "africa": (6, 3),
    "asia": (12, 7),
    "australia": (4, 2),
}


def test_world_has_42_territories_and_6_continents() -> None:
    assert isinstance(WORLD, rb.GameMap)
    assert WORLD.id == "world"
    assert len(WORLD) == len(WORLD.ids) == len(set(WORLD.ids)) == 42
    assert {r.id: (len(r.territories), r.bonus) for r in WORLD.regions} == CONTINENTS
    assert sum(len(r.territories) for r in WORLD.regions) == 42


def test_every_territory_is_in_exactly_one_continent() -> None:
    membership = Counter(t for r in WORLD.regions for t in r.territories)
    assert set(membership) == set(WORLD.ids)
    assert set(membership.values()) == {1}
    for r in WORLD.regions:
        for t in r.territories:
            assert WORLD[t].region == r.id
    assert WORLD.region("asia").bonus == 7


def test_83_symmetric_borders() -> None:
    edges = WORLD.edges
    assert len(edges) == 83 == len(set(edges))
    assert sum(len(WORLD.neighbours(t)) for t in WORLD.ids) == 2 * 83
    for t in WORLD.ids:
        neighbours = WORLD.neighbours(t)
        assert len(neighbours) == len(set(neighbours)) >= 1
        assert t not in neighbours
        for n in neighbours:
            assert t in WORLD.neighbours(n), (t, n)
            assert WORLD.is_adjacent(t, n) and WORLD.is_adjacent(n, t)
    # index adjacency agrees with the names
    for i, t in enumerate(WORLD.ids):
        assert {WORLD.ids[j] for j in WORLD.adjacency[i]} == set(WORLD.neighbours(t))
        assert WORLD.index[t] == i


def test_the_world_is_connected() -> None:
    seen = {"alaska"}
    todo = ["alaska"]
    while todo:
        for n in WORLD.neighbours(todo.pop()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(WORLD.ids)


def test_continents_meet_where_the_rules_say() -> None:
    crossings = {e for e in WORLD.edges if WORLD[e[0]].region != WORLD[e[1]].region}
    assert len(crossings) == 14
    for a, b in [("alaska", "kamchatka"), ("brazil", "north_africa"), ("greenland", "iceland"), ("siam", "indonesia")]:
        assert tuple(sorted((a, b))) in crossings


def test_card_symbols_are_14_14_14() -> None:
    symbols = Counter(t.card_symbol for t in WORLD.territories)
    assert symbols == {"infantry": 14, "cavalry": 14, "artillery": 14}


def test_alaska_kamchatka_is_a_border_and_a_sea_route() -> None:
    assert WORLD.is_adjacent("alaska", "kamchatka")
    assert WORLD.is_sea_route("alaska", "kamchatka") and WORLD.is_sea_route("kamchatka", "alaska")
    assert not WORLD.is_sea_route("alaska", "alberta")
    for route in WORLD.sea_routes:
        a, b = sorted(route)
        assert WORLD.is_adjacent(a, b)


def test_lookups_name_the_missing_territory() -> None:
    assert "alaska" in WORLD and "atlantis" not in WORLD
    assert WORLD["alaska"].name == "Alaska"
    with pytest.raises(KeyError, match="atlantis"):
        WORLD["atlantis"]
    with pytest.raises(KeyError, match="atlantis"):
        WORLD.region("atlantis")


def test_load_map_unknown_name() -> None:
    with pytest.raises(rb.MapError) as info:
        rb.load_map("nope")
    assert isinstance(info.value, ValueError)
    assert info.value.code == "map/unknown"
    assert "nope" in str(info.value)


def test_the_raw_data_builds_the_same_map() -> None:
    again = map_from_dict(copy.deepcopy(dict(WORLD.raw)))
    assert again.ids == WORLD.ids
    assert again.codes == WORLD.codes and again.by_code == WORLD.by_code
    assert again.edges == WORLD.edges
    assert again.sea_routes == WORLD.sea_routes
    assert [(r.id, r.bonus, r.territories) for r in again.regions] == [
        (r.id, r.bonus, r.territories) for r in WORLD.regions
    ]


# -- validation ----------------------------------------------------------------------------------


def raw() -> dict[str, Any]:
    return copy.deepcopy(dict(WORLD.raw))


def territory(data: dict[str, Any], tid: str) -> dict[str, Any]:
    return next(t for t in data["territories"] if t["id"] == tid)


def unlink(data: dict[str, Any], a: str, b: str) -> None:
    territory(data, a)["neighbours"].remove(b)
    territory(data, b)["neighbours"].remove(a)


def asymmetric(d: dict[str, Any]) -> None:
    territory(d, "alaska")["neighbours"].append("iceland")


def unknown_neighbour(d: dict[str, Any]) -> None:
    territory(d, "alaska")["neighbours"].append("atlantis")


def self_border(d: dict[str, Any]) -> None:
    territory(d, "alaska")["neighbours"].append("alaska")


def twice(d: dict[str, Any]) -> None:
    territory(d, "alaska")["neighbours"].append("alberta")


def duplicate_id(d: dict[str, Any]) -> None:
    d["territories"].append(copy.deepcopy(territory(d, "peru")))


def unknown_region(d: dict[str, Any]) -> None:
    territory(d, "peru")["continent"] = "lemuria"


def empty_region(d: dict[str, Any]) -> None:
    d["regions"].append({"id": "antarctica", "bonus": 1})


def disconnected(d: dict[str, Any]) -> None:
    unlink(d, "siam", "indonesia")
    d["sea_routes"] = [r for r in d["sea_routes"] if sorted(r) != ["indonesia", "siam"]]


def bad_symbol(d: dict[str, Any]) -> None:
    territory(d, "peru")["card_symbol"] = "cannon"


def sea_route_not_a_border(d: dict[str, Any]) -> None:
    d["sea_routes"].append(["alaska", "iceland"])


def sea_route_unknown(d: dict[str, Any]) -> None:
    d["sea_routes"].append(["alaska", "atlantis"])


def sea_route_malformed(d: dict[str, Any]) -> None:
    d["sea_routes"].append(["alaska"])


def bad_bonus(d: dict[str, Any]) -> None:
    d["regions"][0]["bonus"] = -5


def duplicate_region(d: dict[str, Any]) -> None:
    d["regions"].append(copy.deepcopy(d["regions"][0]))


def no_territories(d: dict[str, Any]) -> None:
    d["territories"] = []


def territory_without_id(d: dict[str, Any]) -> None:
    d["territories"][0].pop("id")


def missing_regions(d: dict[str, Any]) -> None:
    d.pop("regions")


def code_missing(d: dict[str, Any]) -> None:
    territory(d, "peru").pop("code")


def code_twice(d: dict[str, Any]) -> None:
    territory(d, "peru")["code"] = "bra"


def code_uppercase(d: dict[str, Any]) -> None:
    territory(d, "peru")["code"] = "PER"


def code_too_long(d: dict[str, Any]) -> None:
    territory(d, "peru")["code"] = "perus"


def code_number(d: dict[str, Any]) -> None:
    territory(d, "peru")["code"] = "123"


def code_is_an_id(d: dict[str, Any]) -> None:
    territory(d, "peru")["code"] = "ural"


def code_is_a_verb(d: dict[str, Any]) -> None:
    territory(d, "peru")["code"] = "end"


def code_is_a_blitz_move(d: dict[str, Any]) -> None:
    territory(d, "peru")["code"] = "all"


@pytest.mark.parametrize(
    ("change", "mentions"),
    [
        (asymmetric, ["symmetric", "alaska", "iceland"]),
        (unknown_neighbour, ["atlantis"]),
        (self_border, ["alaska", "itself"]),
        (twice, ["alaska", "twice"]),
        (duplicate_id, ["peru", "twice"]),
        (unknown_region, ["peru", "lemuria"]),
        (empty_region, ["antarctica"]),
        (disconnected, ["connected", "indonesia", "new_guinea", "western_australia", "eastern_australia"]),
        (bad_symbol, ["peru", "cannon"]),
        (sea_route_not_a_border, ["alaska", "iceland"]),
        (sea_route_unknown, ["atlantis"]),
        (sea_route_malformed, ["sea route"]),
        (bad_bonus, ["north_america", "-5"]),
        (duplicate_region, ["regions"]),
        (no_territories, ["no territories"]),
        (territory_without_id, ["id"]),
        (missing_regions, ["regions"]),
        (code_missing, ["peru", "code"]),
        (code_twice, ["codes appear twice", "bra"]),
        (code_uppercase, ["peru", "PER"]),
        (code_too_long, ["peru", "perus"]),
        (code_number, ["peru", "123"]),
        (code_is_an_id, ["peru", "ural", "territory id"]),
        (code_is_a_verb, ["peru", "end", "action notation"]),
        (code_is_a_blitz_move, ["peru", "all", "action notation"]),
    ],
)
def test_bad_map_data_is_refused(change: Callable[[dict[str, Any]], None], mentions: list[str]) -> None:
    data = raw()
    change(data)
    with pytest.raises(rb.MapError) as info:
        map_from_dict(data)
    error = info.value
    assert isinstance(error, ValueError)
    assert error.code.startswith("map/")
    for word in mentions:
        assert word in str(error), (word, str(error))


@pytest.mark.parametrize("junk", [None, [], "world", 42])
def test_a_map_must_be_an_object(junk: Any) -> None:
    with pytest.raises(rb.MapError):
        map_from_dict(junk)
