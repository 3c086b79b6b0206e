"""Missions (RULES.md §5.6, D17, D18, BOP-8, BOP-9): the twelve predicates, collecting one per
turn after attacking, and collected missions staying with their player."""

from __future__ import annotations

from typing import Any

import pytest

import riskboard as rb

from .conftest import IDS, illegal, own, scenario
from .spec_bop import BUILDINGS, DIFFICULT, MISSIONS, REGIONS, SEA_ACCESS

BLUE_HOME = "southern_russia"  # blue keeps one territory outside every set used below


def mission_game(mission: str, red: list[str], **kw: Any) -> rb.Game:
    kw.setdefault("missions", [mission])
    assign = {**own("red", red, 2), BLUE_HOME: ("blue", 2)}
    assign.update(kw.pop("assign", {}))
    return scenario(assign, **kw)


def fulfilled(game: rb.Game, mission: str) -> bool:
    legal = game.is_legal(f"collect {mission}")
    assert legal == game.extras.progress("red")[mission]["done"]
    assert legal == (rb.CollectMission(mission) in game.legal_actions())
    return legal


CASES: list[tuple[str, list[str], list[str]]] = [
    # mission, territories that fulfil it, territories that fall short
    *[(f"control_region_{r}", list(REGIONS[r]), list(REGIONS[r][1:])) for r in ("yellow", "orange", "purple", "green")],
    ("control_two_regions", [*REGIONS["green"], *REGIONS["brown"]], [*REGIONS["green"], *REGIONS["brown"][:-1]]),
    ("control_sea_access", list(SEA_ACCESS), [t for t in SEA_ACCESS if t != "poland"]),
    ("control_difficult_terrain_6", list(DIFFICULT), [t for t in DIFFICULT if t != "slovakia"]),
    ("control_both_satellite_centres", ["norway", "western_ukraine"], ["norway"]),
    ("control_swiss_vault", ["switzerland"], ["austria"]),
    ("control_danish_naval_base", ["denmark"], ["sweden", "germany"]),
]


@pytest.mark.parametrize(("mission", "enough", "short"), CASES, ids=[c[0] for c in CASES])
def test_territory_missions(mission: str, enough: list[str], short: list[str]) -> None:
    assert BLUE_HOME not in enough
    assert fulfilled(mission_game(mission, enough), mission)
    game = mission_game(mission, short)
    assert not fulfilled(game, mission)
    illegal(game, f"collect {mission}", "mission/not_fulfilled")


def test_every_region_mission_needs_the_whole_region() -> None:
    for region, members in REGIONS.items():
        if f"control_region_{region}" not in MISSIONS:
            continue
        for missing in members:
            game = mission_game(f"control_region_{region}", [t for t in members if t != missing])
            assert not fulfilled(game, f"control_region_{region}"), missing


def test_one_whole_region_is_not_two() -> None:
    game = mission_game("control_two_regions", [*REGIONS["green"], "germany", "italy"])
    assert not fulfilled(game, "control_two_regions")
    assert game.extras.progress("red")["control_two_regions"]["have"] == 1


def test_the_buildings_are_where_5_3_puts_them() -> None:
    assert sorted(BUILDINGS) == sorted(["switzerland", "denmark", "norway", "western_ukraine"])
    game = mission_game("control_both_satellite_centres", ["western_ukraine"])
    assert game.extras.progress("red")["control_both_satellite_centres"]["have"] == 1


def test_defeat_neutral_army() -> None:
    half = IDS[: len(IDS) // 2]
    none_left = scenario({**own("red", half, 2)}, default=("blue", 1), missions=["defeat_neutral_army"])
    assert fulfilled(none_left, "defeat_neutral_army")
    one_left = scenario(
        {**own("red", half, 2), IDS[-1]: ("neutral", 1)}, default=("blue", 1), missions=["defeat_neutral_army"]
    )
    assert not fulfilled(one_left, "defeat_neutral_army")
    assert one_left.extras.progress("red")["defeat_neutral_army"]["text"] == "neutral units left: 1"


def test_defeat_neutral_army_by_taking_the_last_neutral_territory() -> None:
    game = scenario(
        {"germany": ("red", 4), "denmark": ("neutral", 1)}, default=("blue", 1), missions=["defeat_neutral_army"]
    )
    assert not fulfilled(game, "defeat_neutral_army")
    game.apply("attack germany denmark 1", dice=([6], [1]))
    game.apply("occupy 1")
    assert game.territories("neutral") == []
    assert not game.is_over  # the game goes on without the neutral army (§5.14)
    assert fulfilled(game, "defeat_neutral_army")
    game.apply("collect defeat_neutral_army")
    assert game.extras.collected["red"] == ["defeat_neutral_army"]


CITIES = [
    "great_britain",
    "northern_france",
    "germany",
    "sweden",
    "slovakia",
    "prussia",
    "lithuania",
    "latvia",
    "poland",
]


def test_six_cities_anywhere() -> None:
    red = ["great_britain", "germany", "slovakia", "lithuania", "latvia", "poland"]
    game = mission_game("control_cities_6", red, cities=CITIES)
    assert fulfilled(game, "control_cities_6")
    five = mission_game("control_cities_6", red[:5] + ["finland"], cities=CITIES)
    assert not fulfilled(five, "control_cities_6")
    assert five.extras.progress("red")["control_cities_6"]["text"] == "5 of 6 cities"


def test_a_capital_is_not_a_city_for_the_six_cities() -> None:
    # D18: five cities and the capital on a sixth territory without a city are not six cities
    red = ["great_britain", "germany", "slovakia", "lithuania", "latvia", "ireland"]
    game = mission_game("control_cities_6", red, cities=CITIES, capitals={"red": "ireland"})
    assert game.extras.capitals["red"] == "ireland"
    assert not fulfilled(game, "control_cities_6")


def test_a_configured_difficult_terrain_list_changes_the_mission() -> None:
    # D17: with a longer list the mission means every listed territory
    longer = [*DIFFICULT, "romania"]
    game = mission_game("control_difficult_terrain_6", list(DIFFICULT), options={"difficult_terrain": longer})
    assert not fulfilled(game, "control_difficult_terrain_6")
    game = mission_game("control_difficult_terrain_6", longer, options={"difficult_terrain": longer})
    assert fulfilled(game, "control_difficult_terrain_6")


def test_collect_during_the_attack_step_ends_the_attacks() -> None:
    game = mission_game("control_swiss_vault", ["switzerland", "germany"])
    events = game.apply("collect control_swiss_vault")
    assert [type(e).__name__ for e in events] == ["MissionCollected", "PhaseChanged"]
    assert game.phase == "fortify"
    illegal(game, "attack germany denmark 1", "action/wrong_phase")


def test_collect_only_fulfilled_face_up_missions() -> None:
    game = mission_game("control_swiss_vault", ["switzerland", "denmark"], missions=["control_swiss_vault"])
    illegal(game, "collect control_danish_naval_base", "mission/not_on_board")  # fulfilled but not face up
    illegal(game, "collect conquer_the_moon", "mission/not_on_board")
    illegal(game, "collect control_swiss_vault now", "action/unparsable")


def test_missions_are_collected_only_after_attacking() -> None:
    game = mission_game("control_swiss_vault", ["switzerland"], phase="reinforce")
    illegal(game, "collect control_swiss_vault", "action/wrong_phase")


def test_with_several_fulfilled_the_player_chooses() -> None:
    board = ["control_swiss_vault", "control_danish_naval_base", "control_region_green"]
    game = mission_game("x", ["switzerland", "denmark", "norway", "sweden", "finland"], missions=board)
    game.apply("end")
    assert {str(a) for a in game.legal_actions()} == {
        "collect control_swiss_vault",
        "collect control_danish_naval_base",
        "collect control_region_green",
    }
    game.apply("collect control_region_green")
    assert game.extras.board_missions == ["control_swiss_vault", "control_danish_naval_base"]


def test_without_a_fulfilled_mission_end_goes_straight_to_the_maneuver() -> None:
    game = mission_game("control_swiss_vault", ["germany"])
    game.apply("end")
    assert game.phase == "fortify"


def test_a_collected_mission_stays_with_its_player_after_the_territory_is_lost() -> None:
    game = scenario(
        {"switzerland": ("red", 2), "germany": ("blue", 9), "finland": ("red", 2)},
        missions=["control_swiss_vault", "control_danish_naval_base"],
    )
    game.apply("collect control_swiss_vault")
    game.apply("end")
    game.apply(f"place {game.reinforcements} germany")  # blue's turn
    game.apply("attack germany switzerland 2", dice=([6, 6], [1, 1]))
    game.apply("occupy 2")
    assert game.owner("switzerland") == "blue"
    assert game.extras.collected == {"red": ["control_swiss_vault"], "blue": []}
    assert "control_swiss_vault" not in game.extras.board_missions  # and blue cannot take it again
    illegal(game, "collect control_swiss_vault", "mission/not_on_board")


def test_the_next_turn_allows_the_next_mission() -> None:
    game = scenario(
        {"switzerland": ("red", 2), "denmark": ("red", 2), "germany": ("blue", 3)},
        missions=["control_swiss_vault", "control_danish_naval_base"],
    )
    game.apply("collect control_swiss_vault")
    game.apply("end")
    game.apply(f"place {game.reinforcements} germany")
    game.apply("end")
    game.apply("end")
    game.apply(f"place {game.reinforcements} denmark")
    game.apply("end")
    assert game.phase == "missions"
    game.apply("collect control_danish_naval_base")
    assert game.extras.collected["red"] == ["control_swiss_vault", "control_danish_naval_base"]
    assert game.extras.board_missions == []


def test_progress_reports_have_and_need() -> None:
    game = mission_game(
        "control_sea_access",
        ["great_britain", "ireland", "norway"],
        missions=["control_sea_access", "control_region_green", "defeat_neutral_army"],
    )
    progress = game.extras.progress("red")
    assert progress["control_sea_access"] == {
        "title": "The 6 sea-access territories",
        "have": 3,
        "need": 6,
        "text": "3 of 6 sea-access territories",
        "done": False,
    }
    assert (progress["control_region_green"]["have"], progress["control_region_green"]["need"]) == (1, 4)
    assert list(progress) == ["control_sea_access", "control_region_green", "defeat_neutral_army"]


def test_progress_texts_for_cells_and_the_board() -> None:
    game = rb.new_game("balance_of_power", players=["red", "blue"], setup="setup_1", seed=1)
    progress = game.extras.progress("red")
    assert progress["control_swiss_vault"]["text"] == "Switzerland not held"
    assert progress["control_both_satellite_centres"]["text"] == "0 of 2 satellite centres"
    assert progress["control_sea_access"]["text"] == "3 of 6 sea-access territories"
    assert progress["defeat_neutral_army"]["text"] == "neutral units left: 60"
    assert not any(p["done"] for p in progress.values())
