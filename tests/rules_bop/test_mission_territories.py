"""Which territories each mission is about (RULES.md §5.6), stated once in ``missions.goal`` and
sent to the board as ``board_state``'s ``mission_territories`` for every mission in play, from the
current state: the cities in play and the neutral army's territories follow the game."""

from __future__ import annotations

import riskboard as rb
from riskboard.bots.bop import mission_targets

from .conftest import IDS, own, scenario
from .spec_bop import BUILDINGS, DIFFICULT, REGIONS, SEA_ACCESS

MISSIONS = [
    "control_region_orange",
    "control_cities_6",
    "defeat_neutral_army",
    "control_sea_access",
    "control_difficult_terrain_6",
    "control_swiss_vault",
    "control_two_regions",
]
CITIES = ["germany", "poland", "great_britain", "italy", "sweden", "finland", "latvia", "hungary", "norway"]


def board_territories(game: rb.Game) -> dict[str, list[str]]:
    return game.ruleset.board_state(game.config, game.state)["mission_territories"]


def game_with(missions: list[str], **kw: object) -> rb.Game:
    assign = {**own("red", REGIONS["orange"], 3), **own("blue", ["ireland", "great_britain"], 3)}
    return scenario(assign, missions=missions, cities=CITIES, **kw)


def test_every_face_up_mission_names_its_territories_from_the_state() -> None:
    game = game_with(MISSIONS)
    sent = board_territories(game)
    assert list(sent) == MISSIONS  # board order, every mission in play
    assert sorted(sent["control_region_orange"]) == sorted(REGIONS["orange"])
    assert sent["control_cities_6"] == game.extras.cities
    neutral = [t for t in IDS if game.owner(t) == "neutral"]
    assert sent["defeat_neutral_army"] == neutral
    assert sorted(sent["control_sea_access"]) == sorted(SEA_ACCESS)
    assert sorted(sent["control_difficult_terrain_6"]) == sorted(DIFFICULT)
    assert sent["control_swiss_vault"] == [t for t, b in BUILDINGS.items() if b == "swiss_vault"]
    assert sent["control_two_regions"] == []  # any two whole regions: no territories of its own


def test_the_neutral_armys_territories_follow_a_conquest() -> None:
    game = game_with(["defeat_neutral_army"])
    # red attacks a neutral territory next to orange and takes it
    target = next(t for t in IDS if game.owner(t) == "neutral" and game.is_legal(f"attack germany {t} 2"))
    before = board_territories(game)["defeat_neutral_army"]
    assert target in before
    game.apply(f"attack germany {target} 2", dice=([6, 6], [1]))
    assert game.owner(target) == "red"
    after = board_territories(game)["defeat_neutral_army"]
    assert after == [t for t in before if t != target]
    # the bots read the same statement
    goal = dict((m, (members, need)) for m, members, need in mission_targets(game.view("red")))
    members, need = goal["defeat_neutral_army"]
    assert {IDS[t] for t in members} == set(after) and need == len(after)


def test_the_cities_mission_counts_the_cities_in_play_and_needs_six() -> None:
    game = game_with(["control_cities_6"])
    sent = board_territories(game)["control_cities_6"]
    assert sent == game.extras.cities
    assert game.extras.mission_territories("control_cities_6") == (game.extras.cities, 6)
    (mission, members, need), *_ = mission_targets(game.view("red"))
    assert mission == "control_cities_6" and need == 6
    assert {IDS[t] for t in members} == set(game.extras.cities)


def test_collected_missions_are_still_named() -> None:
    game = game_with(["control_sea_access"], collected={"blue": ["control_region_green"]})
    sent = board_territories(game)
    assert set(sent) == {"control_sea_access", "control_region_green"}
    assert sorted(sent["control_region_green"]) == sorted(REGIONS["green"])


def test_the_board_payload_carries_the_key_and_facts_no_longer_restate_it() -> None:
    game = game_with(MISSIONS)
    board = rb.Board(game)
    assert board.extras["mission_territories"] == board_territories(game)
    assert "mission_territories" not in board.edition
    assert board.edition["airfield_bonus"] == 1
