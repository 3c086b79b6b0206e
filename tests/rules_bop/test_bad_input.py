"""Bad input: every refused action raises ``rb.IllegalAction`` with a stable code and leaves the
saved game unchanged; bad scenarios raise ``rb.ConfigError``; an edited save ``rb.FormatError``."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import riskboard as rb

from .conftest import command_room, illegal, position, scenario

BOARD = {
    "sweden": ("red", 8),
    "norway": ("red", 2),
    "germany": ("blue", 3),
    "austria": ("blue", 3),
    "czechia": ("red", 6),
    "denmark": ("neutral", 5),
    "estonia": ("neutral", 1),
}


def hospital(n: int = 6, **kw: Any) -> rb.Game:
    kw.setdefault("missions", [])
    return command_room(BOARD, phase="hospital", hospital={"red": n}, **kw)


def attack(**kw: Any) -> rb.Game:
    kw.setdefault("missions", ["control_swiss_vault", "control_danish_naval_base"])
    return command_room(BOARD, phase="attack", **kw)


def reinforce(**kw: Any) -> rb.Game:
    kw.setdefault("missions", [])
    return command_room(BOARD, phase="reinforce", **kw)


def no_neutral_stack() -> rb.Game:
    return command_room(
        {**BOARD, "denmark": ("neutral", 1)}, default=("neutral", 1), phase="hospital", hospital={"red": 9}, missions=[]
    )


def with_airfield() -> rb.Game:
    return command_room(BOARD, phase="hospital", hospital={"red": 30}, airfields={"red": "sweden"}, missions=[])


def resistance() -> rb.Game:
    game = command_room(BOARD, current="blue", phase="fortify", missions=[])
    game.apply("end")
    return game


def collected_one() -> rb.Game:
    game = command_room(
        {**BOARD, "denmark": ("red", 2), "switzerland": ("red", 2)},
        phase="attack",
        missions=["control_swiss_vault", "control_danish_naval_base"],
    )
    game.apply("collect control_swiss_vault")
    return game


CASES: list[tuple[str, Callable[[], rb.Game], str, str]] = [
    ("cannot afford", lambda: hospital(5), "buy uprising denmark germany 1", "hospital/cannot_afford"),
    ("cannot afford an airfield", lambda: hospital(9), "buy build_airfield sweden", "hospital/cannot_afford"),
    ("second airfield", with_airfield, "buy build_airfield norway", "hospital/airfield_exists"),
    ("unknown command", hospital, "buy nuclear_strike", "hospital/unknown_command"),
    ("buy without command", hospital, "buy", "action/unparsable"),
    ("buy with a bad name", hospital, "buy special-forces", "action/unparsable"),
    ("buy with missing arguments", hospital, "buy starting_maneuver sweden", "action/unparsable"),
    ("buy with extra arguments", hospital, "buy recon_mission now", "action/unparsable"),
    ("buy with a word for a number", hospital, "buy uprising denmark germany three", "action/unparsable"),
    ("buy with a negative number", hospital, "buy starting_maneuver sweden norway -1", "action/unparsable"),
    ("buy on an unknown territory", lambda: hospital(10), "buy build_airfield atlantis", "action/unknown_territory"),
    ("uprising without a neutral stack", no_neutral_stack, "buy uprising estonia germany 1", "hospital/no_uprising"),
    ("uprising on own land", hospital, "buy uprising denmark sweden 1", "hospital/bad_target"),
    ("uprising with too many dice", hospital, "buy uprising denmark germany 5", "action/bad_dice"),
    ("buy in the attack step", lambda: attack(hospital={"red": 9}), "buy recon_mission", "action/wrong_phase"),
    ("buy in the reinforce step", lambda: reinforce(hospital={"red": 9}), "buy recon_mission", "action/wrong_phase"),
    ("three dice against difficult terrain", attack, "attack czechia austria 3", "action/difficult_terrain"),
    ("four dice", attack, "attack czechia germany 4", "action/bad_dice"),
    ("collect a second mission", collected_one, "collect control_danish_naval_base", "mission/one_per_turn"),
    ("collect an unfulfilled mission", attack, "collect control_swiss_vault", "mission/not_fulfilled"),
    ("collect an absent mission", attack, "collect control_region_green", "mission/not_on_board"),
    ("collect an unknown mission", attack, "collect world_peace", "mission/not_on_board"),
    ("trade one star", lambda: reinforce(hands={"red": ["sweden"]}), "trade sweden", "cards/bad_stars"),
    (
        "trade eleven stars",
        lambda: reinforce(
            hands={
                "red": [
                    "sweden",
                    "finland",
                    "poland",
                    "germany",
                    "prussia",
                    "czechia",
                    "estonia",
                    "latvia",
                    "lithuania",
                    "great_britain",
                    "ireland",
                ]
            }
        ),
        "trade sweden finland poland germany prussia czechia estonia latvia lithuania great_britain ireland",
        "cards/bad_stars",
    ),
    ("resistance on a player territory", resistance, "place 2 sweden", "action/not_neutral"),
    ("resistance on a blue territory", resistance, "place 2 germany", "action/not_neutral"),
    ("capital outside the setup", attack, "capital sweden", "action/wrong_phase"),
    ("choose outside the setup", attack, "choose keep first", "action/wrong_phase"),
    ("end with units to place", reinforce, "end", "action/armies_left"),
    ("wrong dice count injected", attack, ("attack czechia germany 2", ([6, 6, 6], [1, 1])), "dice/invalid"),
]


@pytest.mark.parametrize(("name", "make", "action", "code"), CASES, ids=[c[0] + " " + c[3] for c in CASES])
def test_bad_actions_are_refused_with_a_stable_code(
    name: str, make: Callable[[], rb.Game], action: Any, code: str
) -> None:
    game = make()
    if isinstance(action, tuple):
        illegal(game, action[0], code, dice=action[1])
    else:
        illegal(game, action, code)
        assert not game.is_legal(action)
        assert isinstance(game.check(action), rb.IllegalAction)


def test_legal_actions_are_all_legal_in_every_step() -> None:
    for make in (hospital, attack, reinforce, resistance, collected_one, with_airfield):
        game = make()
        for a in game.legal_actions()[:200]:
            assert game.is_legal(a), (make.__name__, str(a))
            assert game.parse(str(a)) == a


def test_text_forms_round_trip() -> None:
    for text in (
        "buy recon_mission",
        "buy starting_maneuver sweden norway 3",
        "buy uprising denmark germany 2",
        "buy build_airfield sweden",
        "collect control_sea_access",
        "capital ireland",
        "choose swap second",
    ):
        assert str(rb.parse_action(text, verbs=rb.get_ruleset("balance_of_power").verbs)) == text


# -- scenarios ----------------------------------------------------------------------------------------

BAD_SCENARIOS: list[tuple[str, dict[str, Any], str]] = [
    ("unknown keyword", {"wonders": 3}, "scenario/unknown_keyword"),
    ("bad phase", {"phase": "occupy"}, "scenario/bad_phase"),
    ("hospital step in basic training", {"phase": "hospital", "variant": "basic_training"}, "scenario/bad_phase"),
    ("capital on another's land", {"capitals": {"red": "germany"}}, "scenario/invalid"),
    ("capital of nobody", {"capitals": {"green": "sweden"}}, "scenario/unknown_player"),
    ("unknown city", {"cities": ["atlantis"]}, "scenario/unknown_territory"),
    ("a city twice", {"cities": ["sweden", "sweden"]}, "scenario/invalid"),
    ("unknown mission", {"missions": ["world_peace"]}, "scenario/bad_mission"),
    ("a mission twice", {"missions": ["control_swiss_vault"] * 2}, "scenario/bad_mission"),
    (
        "a mission on the board and collected",
        {"missions": ["control_swiss_vault"], "collected": {"red": ["control_swiss_vault"]}},
        "scenario/bad_mission",
    ),
    ("collected unknown", {"collected": {"red": ["world_peace"]}}, "scenario/bad_mission"),
    ("negative hospital", {"hospital": {"red": -1}}, "scenario/invalid"),
    ("fractional hospital", {"hospital": {"red": 1.5}}, "scenario/invalid"),
    ("airfield on another's land", {"airfields": {"red": "germany"}}, "scenario/invalid"),
    ("airfield in basic training", {"airfields": {"red": "sweden"}, "variant": "basic_training"}, "scenario/invalid"),
    ("unknown purchase", {"purchases": ["nuclear_strike"]}, "scenario/invalid"),
    ("unknown card", {"hands": {"red": ["atlantis"]}}, "scenario/unknown_card"),
    ("a card in two hands", {"hands": {"red": ["sweden"], "blue": ["sweden"]}}, "scenario/unknown_card"),
    ("reinforcements outside the reinforce step", {"reinforcements": 5}, "scenario/invalid"),
    ("negative reinforcements", {"reinforcements": -1, "phase": "reinforce"}, "scenario/invalid"),
    ("zero reinforcements", {"reinforcements": 0, "phase": "reinforce"}, "scenario/invalid"),
]


@pytest.mark.parametrize(("name", "kw", "code"), BAD_SCENARIOS, ids=[c[0] for c in BAD_SCENARIOS])
def test_bad_scenarios_are_refused(name: str, kw: dict[str, Any], code: str) -> None:
    kw = dict(kw)
    variant = kw.pop("variant", "command_room")
    phase = kw.pop("phase", "attack")
    with pytest.raises(rb.ConfigError) as info:
        scenario(BOARD, variant=variant, phase=phase, **kw)
    assert info.value.code == code, str(info.value)


def test_bad_positions_are_refused() -> None:
    bad = position(BOARD)
    del bad["estonia"]
    for pos in (
        bad,
        {**position(BOARD), "sweden": ("green", 3)},
        {**position(BOARD), "sweden": ("red", 0)},
        {**position(BOARD), "narnia": ("red", 3)},
    ):
        with pytest.raises(rb.ConfigError):
            rb.new_game("balance_of_power", players=["red", "blue"], position=pos, current_player="red", phase="attack")


def test_bad_options_are_refused() -> None:
    for options in (
        {"min_reinforcements": 0},
        {"missions_to_win": 0},
        {"neutral_resistance_units": -1},
        {"difficult_terrain": []},
        {"field_hospital": False, "airfields": True},
    ):
        with pytest.raises(rb.ConfigError) as info:
            rb.new_game("balance_of_power", players=["red", "blue"], variant="command_room", options=options)
        assert info.value.code == "config/bad_option", options


# -- edited saves ---------------------------------------------------------------------------------------


def saved() -> dict[str, Any]:
    game = command_room(
        BOARD,
        phase="hospital",
        hospital={"red": 9},
        airfields={"red": "sweden"},
        cities=["sweden", "germany"],
        missions=["control_swiss_vault"],
    )
    game.apply("buy recon_mission")
    return json.loads(game.to_json())


EDITS: list[tuple[str, Callable[[dict[str, Any]], None]]] = [
    ("extra missing", lambda x: x.clear()),
    ("hospital negative", lambda x: x["hospital"].update(red=-1)),
    ("hospital text", lambda x: x["hospital"].update(red="7")),
    ("hospital of a stranger", lambda x: x.update(hospital={"red": 1, "green": 1})),
    ("cities twice", lambda x: x.update(cities=["sweden", "sweden"])),
    ("unknown city", lambda x: x.update(cities=["atlantis"])),
    ("unknown mission", lambda x: x.update(board_missions=["world_peace"])),
    ("unknown purchase", lambda x: x.update(purchases=["nuclear_strike"])),
    ("airfield nowhere", lambda x: x["airfields"].update(red="atlantis")),
    ("capital nowhere", lambda x: x["capitals"].update(blue="atlantis")),
    ("collected flag not a bool", lambda x: x.update(collected_this_turn="no")),
    ("uprising malformed", lambda x: x.update(uprising=["denmark", "germany"])),
    ("hospital changed", lambda x: x["hospital"].update(red=8)),
]


@pytest.mark.parametrize(("name", "edit"), EDITS, ids=[e[0] for e in EDITS])
def test_an_edited_extra_is_refused_on_load(name: str, edit: Callable[[dict[str, Any]], None]) -> None:
    data = saved()
    edit(data["state"]["extra"])
    with pytest.raises(rb.FormatError):
        rb.Game.from_json(json.dumps(data))


def test_a_state_without_extra_is_refused() -> None:
    data = saved()
    del data["state"]["extra"]
    with pytest.raises(rb.FormatError):
        rb.Game.from_json(json.dumps(data))
    data = saved()
    data["record"]["initial"]["extra"]["hospital"]["red"] = -4
    with pytest.raises(rb.FormatError):
        rb.Game.from_json(json.dumps(data))
