"""Setting up (RULES.md §5.7 basic-training setups, D19, D20; §5.13 command-room setup, D27)."""

from __future__ import annotations

from collections import Counter

import pytest

import riskboard as rb

from .conftest import BOP, EUROPE, IDS, PLAYERS, events_of, illegal, kinds
from .spec_bop import BUILDINGS, MISSIONS, SETUP_MISSIONS, SETUP_TABLE, setup_facts


def basic(setup: str = "setup_1", seed: int = 1) -> rb.Game:
    return rb.new_game(BOP, players=list(PLAYERS), setup=setup, seed=seed)


def room(setup: str = "free", seed: int = 1, **options: object) -> rb.Game:
    return rb.new_game(BOP, players=list(PLAYERS), variant="command_room", setup=setup, seed=seed, options=options)


# -- §5.7 basic training ------------------------------------------------------------------------


def test_the_map_numbers_are_the_nr_column_of_the_setup_table() -> None:
    assert [(EUROPE[t].features["number"], t) for t in IDS] == [(row[0], row[1]) for row in SETUP_TABLE]


@pytest.mark.parametrize("name", ["setup_1", "setup_2"])
def test_basic_setup_matches_the_table_of_5_7(name: str) -> None:
    game = basic(name)
    facts = setup_facts(name)
    assert {t: (game.owner(t), game.armies(t)) for t in IDS} == {t: (o, u) for t, (o, u, _, _) in facts.items()}
    assert sorted(game.extras.cities) == sorted(t for t, f in facts.items() if f[2])
    assert len(game.extras.cities) == 9
    capitals = {f[0]: t for t, f in facts.items() if f[3]}
    assert game.extras.capitals == capitals
    assert game.extras.board_missions == list(SETUP_MISSIONS[name])
    assert set(game.extras.board_missions) <= set(MISSIONS)
    assert game.extras.collected == {"red": [], "blue": []}
    assert game.extras.hospital == {"red": 0, "blue": 0}
    assert game.extras.airfields == {"red": None, "blue": None}


@pytest.mark.parametrize("name", ["setup_1", "setup_2"])
def test_basic_setup_totals_27_27_60_and_three_cities_each(name: str) -> None:
    game = basic(name)
    stats = game.stats()
    assert [stats[o]["armies"] for o in ("red", "blue", "neutral")] == [27, 27, 60]
    expected_territories = {"setup_1": [7, 7, 16], "setup_2": [8, 8, 14]}[name]
    assert [stats[o]["territories"] for o in ("red", "blue", "neutral")] == expected_territories
    assert {o: len(c) for o, c in game.extras.city_control().items()} == {"red": 3, "blue": 3, "neutral": 3}
    red = sorted(game.armies(t) for t in game.territories("red"))
    blue = sorted(game.armies(t) for t in game.territories("blue"))
    assert red == blue  # the same stack sizes on both sides


@pytest.mark.parametrize("name", ["setup_1", "setup_2"])
def test_the_four_building_territories_start_neutral(name: str) -> None:
    game = basic(name)
    assert {game.owner(t) for t in BUILDINGS} == {"neutral"}


@pytest.mark.parametrize("name", ["setup_1", "setup_2"])
def test_capitals_are_not_on_cities_and_on_their_owners_land(name: str) -> None:
    game = basic(name)
    for player, t in game.extras.capitals.items():
        assert game.owner(t) == player
        assert t not in game.extras.cities  # D18


def test_setup_1_keeps_red_and_blue_apart() -> None:
    game = basic("setup_1")
    for t in game.territories("red"):
        assert not set(EUROPE.neighbours(t)) & set(game.territories("blue")), t


def test_a_basic_game_starts_with_reds_reinforcement_and_no_hospital() -> None:
    game = basic()
    assert (game.phase, game.current_player, game.turn) == ("reinforce", "red", 1)
    # setup_1: red has 7 territories + 3 cities = 10 → 3, plus its capital
    assert game.reinforcements == 3 + 1
    illegal(game, "buy recon_mission", "hospital/disabled")


def test_setup_names_belong_to_their_variant() -> None:
    with pytest.raises(rb.ConfigError) as info:
        rb.new_game(BOP, players=list(PLAYERS), setup="free")
    assert info.value.code == "config/bad_setup"
    with pytest.raises(rb.ConfigError) as info:
        rb.new_game(BOP, players=list(PLAYERS), variant="command_room", setup="setup_1")
    assert info.value.code == "config/bad_setup"


def test_exactly_two_players() -> None:
    with pytest.raises(rb.ConfigError):
        rb.new_game(BOP, players=["red", "blue", "green"])
    with pytest.raises(rb.ConfigError):
        rb.new_game(BOP, players=["red"])


# -- §5.13 command room: the random start ---------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_command_room_start(seed: int) -> None:
    game = room("random", seed)
    stats = game.stats()
    assert [stats[o]["armies"] for o in ("red", "blue", "neutral")] == [27, 27, 60]
    assert all(game.armies(t) >= 1 for t in IDS)
    assert {game.owner(t) for t in BUILDINGS} == {"neutral"}
    cities = game.extras.cities
    assert len(cities) == len(set(cities)) == 9
    board = game.extras.board_missions
    assert len(board) == len(set(board)) == 8 and set(board) <= set(MISSIONS)
    for player, t in game.extras.capitals.items():
        assert game.owner(t) == player
    assert game.extras.hospital == {"red": 0, "blue": 0}
    assert (game.current_player, game.phase) == ("red", "neutral")  # step 1: neutral resistance


def test_random_starts_differ_by_seed_and_repeat_with_it() -> None:
    assert room("random", 5).to_json() == room("random", 5).to_json()
    draws = {tuple(room("random", s).extras.cities) for s in range(6)}
    assert len(draws) > 1
    boards = {tuple(room("random", s).extras.board_missions) for s in range(6)}
    assert len(boards) > 1


# -- §5.13 command room: the free setup as actions ----------------------------------------------


def test_free_setup_starts_with_the_neutral_army_on_the_four_buildings() -> None:
    game = room()
    assert game.phase == "setup"
    assert sorted(game.territories("neutral")) == sorted(BUILDINGS)
    assert all(game.armies(t) == 1 for t in BUILDINGS)
    assert game.territories("red") == game.territories("blue") == []
    assert len(game.extras.cities) == len(set(game.extras.cities)) == 9
    assert len(set(game.extras.board_missions)) == 8
    assert game.extras.capitals == {"red": None, "blue": None}
    assert game.pending.player == "red" and game.pending.decision == "setup_place"


def free_setup_positions() -> dict[str, list[tuple[int, str]]]:
    """A legal free setup: red 27 on 9 territories, blue 27 on 9, neutral 60 (56 more) on the
    other 8 and the 4 buildings."""
    free = [t for t in IDS if t not in BUILDINGS]
    red, blue, neutral = free[:9], free[9:18], free[18:]
    return {
        "red": [(3, t) for t in red],
        "blue": [(3, t) for t in blue],
        "neutral": [(6, t) for t in neutral] + [(2, t) for t in BUILDINGS],  # 8 * 6 + 4 * 2 = 56
    }


def place_all(game: rb.Game) -> None:
    plan = free_setup_positions()
    for owner in ("red", "blue"):
        for n, t in plan[owner]:
            game.apply(f"place {n} {t}")
    for n, t in plan["neutral"]:
        game.apply(f"place {n} {t}")


def test_free_setup_places_red_then_blue_then_neutral() -> None:
    game = room()
    plan = free_setup_positions()
    assert "27 units of red" in game.pending.detail
    for n, t in plan["red"]:
        game.apply(f"place {n} {t}")
    assert "27 units of blue" in game.pending.detail
    illegal(game, f"place 1 {plan['red'][0][1]}", "action/not_owner")  # red's land is not blue's
    for n, t in plan["blue"]:
        game.apply(f"place {n} {t}")
    assert "56 units of neutral" in game.pending.detail
    illegal(game, "place 1 " + plan["red"][0][1], "action/not_owner")
    assert game.pending.player == "red"  # one player sets up the whole board
    for n, t in plan["neutral"]:
        game.apply(f"place {n} {t}")
    stats = game.stats()
    assert [stats[o]["armies"] for o in ("red", "blue", "neutral")] == [27, 27, 60]
    assert all(game.armies(t) >= 1 for t in IDS)
    assert game.pending.decision == "capital"


def test_free_setup_keeps_a_unit_for_every_empty_territory() -> None:
    game = room()
    plan = free_setup_positions()
    for n, t in plan["red"] + plan["blue"]:
        game.apply(f"place {n} {t}")
    # 8 territories are still empty and the neutral army has 56 units: 50 on one would leave 6 for 7
    first = plan["neutral"][0][1]
    illegal(game, f"place 50 {first}", "setup/territories_left_empty")
    assert rb.Place(50, first) not in game.legal_actions()
    assert rb.Place(49, first) in game.legal_actions()
    game.apply(f"place 49 {first}")
    illegal(game, f"place 2 {plan['neutral'][1][1]}", "setup/territories_left_empty")  # 5 left for 6
    for _, t in plan["neutral"][1:8]:
        game.apply(f"place 1 {t}")
    assert all(game.armies(t) >= 1 for t in IDS)
    assert game.pending.decision == "capital"


def test_red_may_not_take_every_free_territory_and_leave_blue_none() -> None:
    game = room()
    free = [t for t in IDS if game.owner(t) is None]
    for t in free[:-1]:
        game.apply(f"place 1 {t}")
    illegal(game, f"place 1 {free[-1]}", "setup/no_territory")
    assert rb.Place(1, free[-1]) not in game.legal_actions()
    game.apply(f"place 2 {free[0]}")  # red's last units go onto its own land
    assert "27 units of blue" in game.pending.detail
    assert game.legal_actions() == [rb.Place(k, free[-1]) for k in range(1, 28)]


def test_capitals_go_on_own_territories_then_the_other_player_chooses() -> None:
    game = room()
    place_all(game)
    plan = free_setup_positions()
    red_land, blue_land = plan["red"][0][1], plan["blue"][0][1]
    assert game.pending.player == "red" and "capital of red" in game.pending.detail
    illegal(game, f"capital {blue_land}", "action/not_owner")
    game.apply(f"capital {red_land}")
    assert "capital of blue" in game.pending.detail
    illegal(game, f"capital {red_land}", "action/not_owner")
    game.apply(f"capital {blue_land}")
    assert game.extras.capitals == {"red": red_land, "blue": blue_land}
    assert game.pending.player == "blue" and game.pending.decision == "choose"
    assert {str(a) for a in game.legal_actions()} == {
        "choose keep first",
        "choose keep second",
        "choose swap first",
        "choose swap second",
    }


@pytest.mark.parametrize(
    ("side", "order", "first"),
    [("keep", "first", "blue"), ("keep", "second", "red"), ("swap", "first", "blue"), ("swap", "second", "red")],
)
def test_choose_keep_or_swap_and_who_goes_first(side: str, order: str, first: str) -> None:
    game = room()
    place_all(game)
    plan = free_setup_positions()
    red_land = [t for _, t in plan["red"]]
    blue_land = [t for _, t in plan["blue"]]
    game.apply(f"capital {red_land[0]}")
    game.apply(f"capital {blue_land[0]}")
    events = game.apply(f"choose {side} {order}")
    (chosen,) = events_of(events, "SidesChosen")
    assert (chosen.player, chosen.swapped, chosen.first) == ("blue", side == "swap", first)
    if side == "swap":
        red_land, blue_land = blue_land, red_land
    assert sorted(game.territories("red")) == sorted(red_land)
    assert sorted(game.territories("blue")) == sorted(blue_land)
    assert game.extras.capitals == {"red": red_land[0], "blue": blue_land[0]}
    assert game.current_player == first
    assert game.phase == "neutral"  # the first turn begins with neutral resistance
    assert "TurnStarted" in kinds(events)


def test_choose_is_refused_before_the_capitals() -> None:
    game = room()
    place_all(game)
    illegal(game, "choose keep first", "action/wrong_phase")
    illegal(game, "choose maybe first", "action/unparsable")


def test_the_free_setup_offers_only_legal_placements() -> None:
    game = room()
    offered = game.legal_actions()
    assert offered and all(isinstance(a, rb.Place) for a in offered)
    assert not any(a.territory in BUILDINGS for a in offered)
    assert max(a.count for a in offered) == 27
    for a in offered[:40]:
        assert game.is_legal(a)


def test_each_setup_has_nine_distinct_cities_and_northern_russia_in_both() -> None:
    one, two = setup_facts("setup_1"), setup_facts("setup_2")
    c1 = {t for t, f in one.items() if f[2]}
    c2 = {t for t, f in two.items() if f[2]}
    assert len(c1) == len(c2) == 9
    assert "northern_russia" in c1 & c2
    assert Counter(f[0] for f in one.values())["neutral"] == 16


def test_cities_on_unclaimed_land_belong_to_nobody_during_a_free_setup() -> None:
    game = rb.new_game("balance_of_power", players=["red", "blue"], variant="command_room", setup="free", seed=5)
    control = game.extras.city_control()
    held = sum(len(v) for v in control.values())
    unclaimed_cities = [c for c in game.extras.cities if game.owner(c) is None]
    assert held + len(unclaimed_cities) == 9
    assert all(game.owner(c) == "neutral" for c in control["neutral"])
