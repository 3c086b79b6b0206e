"""Save/load and replay of command-room games with purchases, undo, and ``game.extras``."""

from __future__ import annotations

import json

import pytest

import riskboard as rb

from .conftest import BOP, PLAYERS, command_room, events_of
from .test_setup import place_all


def played() -> rb.Game:
    """A command-room game through every kind of Balance of Power action with fixed dice."""
    game = command_room(
        {
            "sweden": ("red", 8),
            "norway": ("red", 2),
            "finland": ("red", 2),
            "germany": ("blue", 6),
            "austria": ("blue", 3),
            "czechia": ("red", 6),
            "denmark": ("neutral", 5),
            "switzerland": ("red", 2),
        },
        phase="hospital",
        hospital={"red": 30, "blue": 4},
        cities=["sweden", "germany", "czechia"],
        hands={"red": ["poland", "italy"]},
        missions=["control_swiss_vault", "control_region_green", "control_sea_access"],
    )
    game.apply("buy recon_mission")
    game.apply("buy starting_maneuver sweden finland 2")
    game.apply("buy build_airfield czechia")
    game.apply("buy uprising denmark germany 3", dice=([6, 6, 6], [5, 5], [1, 1, 1], [6, 6]))
    game.apply("buy special_forces")
    assert game.phase == "reinforce"
    game.apply("trade poland italy")
    game.apply(f"place {game.reinforcements} czechia")
    game.apply("attack czechia austria 3", dice=([1, 1, 6], [5, 1]))
    game.apply("blitz czechia austria all")
    game.apply("end")
    if game.phase == "missions":
        game.apply("collect control_swiss_vault")
    game.apply("end")
    game.apply("place 2 denmark")  # blue's resistance
    return game


def test_a_command_room_game_saves_loads_and_replays_exactly() -> None:
    game = played()
    text = game.to_json()
    loaded = rb.Game.from_json(text)
    assert loaded.to_json() == text
    assert loaded.state == game.state
    assert rb.replay(game.record()).to_json() == text
    assert rb.replay(json.loads(json.dumps(game.record()))).to_json() == text
    assert loaded.extras.summary() == game.extras.summary()
    assert loaded.legal_actions() == game.legal_actions()


def test_the_loaded_game_plays_on_like_the_original() -> None:
    game = played()
    loaded = rb.Game.from_json(game.to_json())
    for g in (game, loaded):
        if g.phase == "hospital":
            g.apply("end")
        g.apply(f"place {g.reinforcements} germany")
        g.apply("end")
        g.apply("end")
    assert loaded.to_json() == game.to_json()


def test_a_free_setup_game_round_trips() -> None:
    game = rb.new_game(BOP, players=list(PLAYERS), variant="command_room", setup="free", seed=11)
    place_all(game)
    red = game.territories("red")
    blue = game.territories("blue")
    game.apply(f"capital {red[0]}")
    game.apply(f"capital {blue[0]}")
    game.apply("choose swap second")
    text = game.to_json()
    assert rb.Game.from_json(text).to_json() == text
    assert rb.replay(game.record()).to_json() == text


@pytest.mark.parametrize("seed", [2, 9])
def test_a_bot_game_in_the_command_room_round_trips(seed: int) -> None:
    game = rb.new_game(BOP, players=list(PLAYERS), variant="command_room", setup="free", seed=seed)
    game.play({"red": rb.bots.Aggressive(), "blue": rb.bots.Random(seed=seed)}, max_turns=12)
    assert any(str(a).startswith(("buy", "place")) for a, _ in game.history)
    text = game.to_json()
    assert rb.Game.from_json(text).to_json() == text
    assert rb.replay(game.record()).to_json() == text


def test_the_same_seed_and_actions_give_the_same_game() -> None:
    a = rb.new_game(BOP, players=list(PLAYERS), variant="command_room", setup="random", seed=5)
    b = rb.new_game(BOP, players=list(PLAYERS), variant="command_room", setup="random", seed=5)
    for g in (a, b):
        g.play({"red": rb.bots.Random(seed=1), "blue": rb.bots.Random(seed=2)}, max_turns=4)
    assert a.to_json() == b.to_json()


def test_undo_restores_the_hospital_and_the_purchases() -> None:
    game = command_room(
        {"sweden": ("red", 8), "germany": ("blue", 6)}, phase="hospital", hospital={"red": 20}, missions=[]
    )
    before = game.to_json()
    game.apply("buy special_forces")
    game.apply("buy build_airfield sweden")
    assert game.extras.hospital["red"] == 2 and game.extras.airfields["red"] == "sweden"
    game.undo(2)
    assert game.to_json() == before
    assert game.extras.hospital["red"] == 20 and game.extras.purchases == []


def test_extras_report_the_public_facts() -> None:
    game = command_room(
        {"sweden": ("red", 8), "ireland": ("red", 2), "germany": ("blue", 6), "poland": ("blue", 2)},
        phase="attack",
        hospital={"red": 4, "blue": 7},
        airfields={"blue": "germany"},
        cities=["sweden", "germany", "denmark"],
        capitals={"red": "ireland", "blue": "poland"},
        collected={"blue": ["control_region_yellow"]},
        purchases=["recon_mission", "special_forces"],
        missions=["control_swiss_vault", "control_cities_6"],
    )
    x = game.extras
    assert sorted(x.cities) == ["denmark", "germany", "sweden"]
    assert x.city_control() == {"red": ["sweden"], "blue": ["germany"], "neutral": ["denmark"]}
    assert x.capitals == {"red": "ireland", "blue": "poland"}
    assert x.hospital == {"red": 4, "blue": 7}
    assert x.airfields == {"red": None, "blue": "germany"}
    assert x.board_missions == ["control_swiss_vault", "control_cities_6"]
    assert x.collected == {"red": [], "blue": ["control_region_yellow"]}
    assert [p["command"] for p in x.purchases] == ["recon_mission", "special_forces"]
    assert [p["cost"] for p in x.purchases] == [2, 8]
    assert x.special_forces is True
    assert x.income("red")[0] == 3 + 1
    assert x.progress("red")["control_cities_6"]["have"] == 1
    text = x.summary()
    for word in ("red", "blue", "ireland", "germany", "control_region_yellow", "control_swiss_vault"):
        assert word in text
    assert repr(x) == text


def test_extras_of_a_basic_game_have_empty_hospitals_and_no_airfields() -> None:
    game = rb.new_game(BOP, players=list(PLAYERS), seed=3)
    assert game.extras.hospital == {"red": 0, "blue": 0}
    assert game.extras.airfields == {"red": None, "blue": None}
    assert game.extras.purchases == [] and game.extras.special_forces is False
    assert game.extras.airfield_zone("red") == []


def test_events_name_the_players() -> None:
    game = played()
    names = {type(e).__name__ for e in game.events()}
    assert {
        "CommandBought",
        "UprisingStarted",
        "AirfieldBuilt",
        "DiceModified",
        "NeutralReinforced",
        "ReinforcementsCounted",
        "CardsTraded",
    } <= names
    for e in events_of(game.events(), "CommandBought"):
        assert e.player == "red" and str(e)
