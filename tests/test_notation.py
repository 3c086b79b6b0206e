"""The record's compact notation (``riskboard.engine.notation``) and the territory codes it uses:
codes on both maps, action text naming territories by code, and round trips of every action type
and every kind of chance outcome, alone and in whole recorded games on both maps."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import re
from collections import Counter
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any

import pytest

import riskboard as rb
from riskboard.engine.actions import Action, trusted
from riskboard.engine.notation import decode_entry, decode_outcomes, encode_outcomes, short_text
from riskboard.maps.loader import RESERVED_WORDS
from riskboard.rulesets.balance_of_power.actions import Buy, ChooseSide, CollectMission, PlaceCapital

WORLD = rb.load_map("world")
EUROPE = rb.load_map("europe")
MAPS = [WORLD, EUROPE]
VERBS = {verb for name in rb.available_rulesets() for verb in rb.get_ruleset(name).verbs}


@pytest.mark.parametrize("gm", MAPS, ids=["world", "europe"])
def test_every_territory_has_a_short_unique_code(gm: rb.GameMap) -> None:
    assert len(set(gm.codes)) == len(gm.codes) == len(gm)
    assert all(re.fullmatch("[a-z]{3}", c) for c in gm.codes)
    assert not set(gm.codes) & set(gm.ids)
    assert not set(gm.codes) & (RESERVED_WORDS | VERBS | {"wild_1", "wild_2"})
    for t in gm.territories:
        assert gm.codes[t.index] == t.code and gm.by_code[t.code] == t.id


def test_codes_read_like_their_territories() -> None:
    codes = {t: WORLD[t].code for t in ("alaska", "kamchatka", "north_africa", "brazil", "egypt", "india")}
    assert codes == {"alaska": "ala", "kamchatka": "kam", "north_africa": "naf", "brazil": "bra", "egypt": "egy"} | {
        "india": "ind"
    }
    assert [EUROPE[t].code for t in ("ireland", "great_britain", "germany")] == ["ire", "gbr", "ger"]


def test_action_text_may_name_territories_by_code() -> None:
    assert rb.parse_action("attack ala kam 3", WORLD) == rb.Attack("alaska", "kamchatka", 3)
    assert rb.parse_action("  ATTACK Ala kamchatka 3 ", WORLD) == rb.Attack("alaska", "kamchatka", 3)
    assert rb.parse_action("attack ala kam 3") == rb.Attack("ala", "kam", 3)  # without a map: words as written
    assert rb.parse_action("blitz bra naf a", WORLD) == rb.Blitz("brazil", "north_africa", "all")
    assert rb.parse_action("blitz bra naf m", WORLD) == rb.Blitz("brazil", "north_africa", "min")
    assert rb.parse_action("trade ala kam wild_1", WORLD) == rb.TradeCards(("alaska", "kamchatka", "wild_1"))
    assert rb.parse_action("attack ire gbr 2", EUROPE) == rb.Attack("ireland", "great_britain", 2)

    pos = {t: (("Bo", "Cy")[i % 2], 2) for i, t in enumerate(WORLD.ids)}
    pos.update(alaska=("Ada", 8), kamchatka=("Bo", 3))
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], position=pos, current_player="Ada", phase="attack")
    assert game.is_legal("attack ala kam 3") and game.check("attack ala kam 3") is None
    events = game.apply("attack ala kam 3", dice=([6, 6, 6], [1, 1]))
    assert events[0].source == "alaska" and events[0].target == "kamchatka"
    assert str(game.history[-1][0]) == "attack alaska kamchatka 3"  # the action holds the ids
    error = game.check("attack ala xyz 3")
    assert error is not None and "xyz" in str(error)


def every_action(gm: rb.GameMap) -> list[Action]:
    """One action of every type, naming territories (and cards) of ``gm``; every territory once."""
    a, b, c = gm.ids[0], gm.ids[1], gm.ids[-1]
    actions: list[Action] = [
        rb.Place(3, a),
        rb.TradeCards((a, b, c)),
        rb.TradeCards((a, "wild_1", "wild_2")),
        rb.Attack(a, b, 3),
        rb.Blitz(a, b),
        rb.Blitz(a, b, "all"),
        rb.Blitz(a, b, "min"),
        rb.Defend(2),
        rb.Occupy(5),
        rb.Fortify(a, b, 4),
        rb.EndPhase(),
        *(rb.Place(1, t) for t in gm.ids),  # the setup's claims
    ]
    if gm is EUROPE:
        actions += [
            Buy("starting_maneuver", (a, b, "3")),
            Buy("reinforce_3"),
            PlaceCapital(c),
            CollectMission("control_region_yellow"),
            ChooseSide("keep", "first"),
        ]
    return actions


@pytest.mark.parametrize("gm", MAPS, ids=["world", "europe"])
def test_every_action_type_round_trips_through_the_short_text(gm: rb.GameMap) -> None:
    verbs = rb.get_ruleset("classic" if gm is WORLD else "balance_of_power").verbs
    for action in every_action(gm):
        text = short_text(action, gm)
        assert rb.parse_action(text, gm, verbs) == action, text
        assert rb.parse_action(text.upper(), gm, verbs) == action, text
        assert rb.parse_action(str(action), gm, verbs) == action  # the ids still read
        assert not set(text.split()) & set(gm.ids), text
        assert len(text) <= len(str(action))
        assert decode_entry(text, gm) == (text, [])


def test_short_texts() -> None:
    assert short_text(rb.Place(3, "egypt"), WORLD) == "place 3 egy"
    assert short_text(rb.Blitz("brazil", "north_africa", "all"), WORLD) == "blitz bra naf a"
    assert short_text(rb.Blitz("brazil", "north_africa"), WORLD) == "blitz bra naf"
    assert short_text(rb.TradeCards(("alaska", "kamchatka", "wild_1")), WORLD) == "trade ala kam wild_1"
    assert short_text(rb.Fortify("ural", "siberia", 4), WORLD) == "fortify ura sib 4"
    assert short_text(rb.EndPhase(), WORLD) == "end"


def test_every_throw_packs_into_two_characters() -> None:
    seen = set()
    for attack in range(1, 4):
        for defend in range(1, 3):
            for att in combinations_with_replacement(range(6, 0, -1), attack):
                for de in combinations_with_replacement(range(6, 0, -1), defend):
                    text = encode_outcomes([att, de])
                    assert re.fullmatch("=[0-9A-Za-z]{2}", text), text
                    assert decode_outcomes(text) == [list(att), list(de)]
                    seen.add(text)
    assert len(seen) == 83 * 27


OUTCOMES: list[list[Any]] = [
    [],
    [(6, 6, 2), (1, 1)],
    [[5, 3, 1], [5, 4], (4, 3, 2), (6,), [2, 1], [1]],  # a blitz: throws of shrinking size
    ["alaska"],  # a card draw
    ["wild_2"],
    [["kamchatka", "alaska", "wild_1"]],  # a shuffle of cards
    [["destroy:Ada", "occupy_24"]],  # a shuffle of other things
    [[]],
    [[3, 5]],  # dice that are not one side of a throw (unsorted)
    [[6, 5, 4, 3]],  # more dice than a throw has
    [[6], [1], [2]],  # a throw and one die
    [[4], [6, 5, 5], [3, 2]],  # one die, then a throw
    [[6, 6, 6], [1, 1], "brazil", [2, 1], [3], ["peru", "congo"]],  # everything, mixed
]


@pytest.mark.parametrize("outcomes", OUTCOMES)
def test_every_kind_of_outcome_round_trips(outcomes: list[Any]) -> None:
    expected = json.loads(json.dumps(outcomes))  # tuples as lists
    text = encode_outcomes(outcomes, WORLD)
    assert decode_outcomes(text, WORLD) == expected, text
    assert not re.search(r"alaska|kamchatka|brazil|peru|congo", text)
    assert encode_outcomes(outcomes) == "" if not outcomes else decode_outcomes(encode_outcomes(outcomes)) == expected


def test_outcome_texts() -> None:
    assert encode_outcomes(["alaska"], WORLD) == "/ala"
    assert encode_outcomes([["ural", "siam"]], WORLD) == "/ura,sia,"
    assert encode_outcomes([[3, 5]], WORLD) == "/35"
    assert encode_outcomes([[6, 6, 6], [1, 1], "wild_1"], WORLD) == encode_outcomes([[6, 6, 6], [1, 1]]) + "/wild_1"
    assert encode_outcomes(["ireland"], EUROPE) == "/ire"


def verbs(record: dict[str, Any]) -> Counter[str]:
    return Counter(re.split("[ =/]", entry)[0] for entry in record["actions"])


def replays(game: rb.Game) -> dict[str, Any]:
    record = json.loads(json.dumps(game.record()))
    again = rb.replay(record)
    assert again.to_json() == game.to_json()
    assert again.history == game.history
    ids = set(game.map.ids)
    for entry in record["actions"]:
        assert not set(re.split("[ =/,]", entry)) & ids, entry
    return record


def test_whole_classic_games_round_trip_on_the_world_map() -> None:
    # claims, blitzes moving all or min in, trades (with wilds), card draws, fortifying
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy", "Di"], seed=6)
    game.play({p: rb.bots.Aggressive(seed=60 + i) for i, p in enumerate(game.players)}, max_turns=1500)
    record = replays(game)
    entries = record["actions"]
    assert verbs(record).keys() >= {"place", "blitz", "trade", "end", "fortify"}
    assert any(re.fullmatch(r"blitz \w+ \w+ a=\w+", e) for e in entries)
    assert any(re.fullmatch(r"blitz \w+ \w+ m=\w+", e) for e in entries)
    assert any(e.startswith("trade ") and "wild_" in e for e in entries)
    assert any(re.fullmatch(r"end/[a-z]{3}", e) for e in entries)
    # single throws, the defender's choice and moving in
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=4, options={"ask_defender": True})
    game.play({p: rb.bots.Random(seed=i) for i, p in enumerate(game.players)}, max_turns=40)
    assert verbs(replays(game)).keys() >= {"attack", "defend", "occupy"}
    # a blitz that asks how many move in
    pos = {t: (("Bo", "Cy")[i % 2], 2) for i, t in enumerate(WORLD.ids)}
    pos.update(alaska=("Ada", 30), kamchatka=("Bo", 1))
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], position=pos, current_player="Ada", phase="attack")
    game.apply("blitz ala kam")
    game.apply("occupy 4")
    assert replays(game)["actions"][0].startswith("blitz ala kam=")


def test_whole_balance_of_power_games_round_trip_on_the_europe_map() -> None:
    seen: Counter[str] = Counter()
    for setup in ("free", "random"):
        game = rb.new_game("balance_of_power", players=["Ada", "Bo"], variant="command_room", setup=setup, seed=2)
        game.play({"Ada": rb.bots.Random(seed=2), "Bo": rb.bots.Aggressive(seed=2)}, max_turns=40)
        seen += verbs(replays(game))
    assert seen.keys() >= {"place", "capital", "choose", "buy", "collect", "trade", "attack", "blitz", "occupy"}


@pytest.mark.parametrize(("gm", "tool"), [(WORLD, "make_world_map.py"), (EUROPE, "make_europe_map.py")])
def test_the_map_generators_write_the_codes(gm: rb.GameMap, tool: str) -> None:
    """The codes live in the generators' tables, so regenerating a map file keeps them."""
    path = Path(__file__).resolve().parents[1] / "tools" / tool
    spec = importlib.util.spec_from_file_location(tool[:-3], path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert dict(zip(gm.ids, gm.codes)) == module.CODES


def test_game_lookups_accept_codes_as_actions_do() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=7)
    game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}, max_turns=2)
    code = game.map["alaska"].code
    assert game.owner(code) == game.owner("alaska") and game.armies(code) == game.armies("alaska")
    with pytest.raises(KeyError):
        game.owner("atlantis")


@pytest.mark.parametrize("gm", MAPS, ids=["world", "europe"])
def test_actions_the_engine_builds_unchecked_equal_the_checked_ones(gm: rb.GameMap) -> None:
    """``trusted`` (the rules' fast maker of their own actions) skips the checks but must make the
    same value: equal, with the same hash, text and repr, for every action type."""
    for action in every_action(gm):
        values = [getattr(action, f.name) for f in dataclasses.fields(action)]
        made = trusted(type(action))(*values)
        assert type(made) is type(action)
        assert made == action and hash(made) == hash(action)
        assert str(made) == str(action) and repr(made) == repr(action)
