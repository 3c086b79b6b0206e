"""The board's Python side for Balance of Power: what it sends about missions, cities, capitals,
buildings, the field hospital and airfields; purchases, collections, setup steps and moves by
intent; refusals; cells and bots keeping it live; the front end's files; the static picture."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import riskboard as rb
from bop_scenarios import command_room
from riskboard.bots.bop import setup_place
from riskboard.rulesets.balance_of_power.data import COMMANDS, MISSION_TITLES
from riskboard.widget.static import bundle_js, join_modules, module_order, static_folder

BOP = "balance_of_power"
EUROPE = rb.load_map("europe")
SVG = "{http://www.w3.org/2000/svg}"


def send(board: rb.Board, **content: Any) -> None:
    board._on_msg(board, {"state_id": board.state_id, **content}, [])


# -- what the board sends ------------------------------------------------------------------------
def test_edition_payload_names_commands_missions_buildings_and_terrain() -> None:
    board = rb.Board(command_room())
    ed = board.edition
    assert {"missions", "field_hospital", "airfields", "star_cards"} <= set(ed["parts"])
    assert {c["id"]: c["cost"] for c in ed["commands"]} == dict(COMMANDS)
    assert ed["missions"] == dict(MISSION_TITLES)
    difficult = sorted(t for t, f in ed["features"].items() if f.get("difficult"))
    assert difficult == sorted(["switzerland", "austria", "italy", "slovenia", "norway", "slovakia"])
    buildings = {t: f["building"] for t, f in ed["features"].items() if "building" in f}
    assert buildings == {
        "switzerland": "swiss_vault",
        "denmark": "danish_naval_base",
        "norway": "satellite_centre",
        "western_ukraine": "satellite_centre",
    }
    assert [s[0] for s in ed["steps"]] == ["setup", "neutral", "hospital", "reinforce", "attack", "missions", "fortify"]
    assert {"city", "capital", "airfield", "swiss_vault"} <= set(ed["icons"])
    assert board.map_data["marker_scale"] > 1
    # red, blue and beige pieces (RULES.md §5.2)
    assert [p["name"] for p in board.players] == ["red", "blue", "neutral"]
    assert board.players[0]["colour"] == "#D55E00" and board.players[1]["colour"] == "#0072B2"


def test_basic_training_has_no_hospital_steps() -> None:
    board = rb.Board(rb.new_game(BOP, players=["red", "blue"], seed=2))
    assert "field_hospital" not in board.edition["parts"] and board.counts["hospital"] == {}
    assert [s[0] for s in board.edition["steps"]] == ["setup", "reinforce", "attack", "missions", "fortify"]
    assert board.extras["capitals"] == {"red": "ireland", "blue": "finland"}
    assert board.counts["city_control"] == {"red": 3, "blue": 3, "neutral": 3}


def test_extras_and_counts_follow_game_extras() -> None:
    game = command_room(collected={"blue": ["control_region_yellow"]}, airfields={"red": "poland"})
    board = rb.Board(game)
    x = game.extras
    assert board.extras["cities"] == x.cities
    assert board.extras["capitals"] == {"red": "prussia", "blue": "ireland"}
    assert board.extras["board_missions"] == x.board_missions
    assert board.extras["collected"] == {"red": [], "blue": ["control_region_yellow"]}
    assert board.extras["airfields"] == {"red": "poland", "blue": None}
    assert board.extras["zones"] == {"red": x.airfield_zone("red")}
    assert "lithuania" in board.extras["zones"]["red"]
    assert board.counts["hospital"] == {"red": 12, "blue": 3}
    assert board.counts["city_control"] == {"red": 2, "blue": 1, "neutral": 1}
    for p in game.players:
        progress = x.progress(p)
        assert board.counts["progress"][p] == [[v["have"], v["need"]] for v in progress.values()]
    assert "setup" not in board.counts


def test_buy_hints_come_from_the_legal_purchases() -> None:
    game = command_room()
    board = rb.Board(game)
    buy = board.hints["buy"]
    # 12 units pay for any command
    assert set(buy) == set(COMMANDS)
    assert buy["special_forces"] is True
    assert sorted(buy["build_airfield"]) == sorted(game.territories("red"))
    # the starting maneuver reaches every connected territory, not only neighbours
    moves = buy["starting_maneuver"]
    assert "estonia" in moves["germany"]["to"] and moves["germany"]["max"] == 5
    assert "germany" not in EUROPE["estonia"].neighbours
    # an uprising: a neutral territory with 2 units next to blue, with the dice it may commit
    uprising = buy["uprising"]
    assert all(game.owner(s) == "neutral" for s in uprising)
    assert all(game.owner(t) == "blue" for targets in uprising.values() for t in targets)
    legal = {str(a) for a in game.legal_actions()}
    for src, targets in uprising.items():
        for tgt, most in targets.items():
            assert f"buy uprising {src} {tgt} {most}" in legal and f"buy uprising {src} {tgt} {most + 1}" not in legal
    assert board.hints["can_end"]


def test_a_poor_hospital_offers_only_what_it_can_pay() -> None:
    board = rb.Board(command_room(hospital=5))
    assert set(board.hints["buy"]) == {"recon_mission", "starting_maneuver"}


# -- intents ---------------------------------------------------------------------------------------
def test_buying_by_intent_changes_the_game_and_the_payload() -> None:
    game = command_room()
    board = rb.Board(game)
    before = board.state_id
    send(board, kind="action", text="buy special_forces")
    assert board.error == {}
    assert game.extras.special_forces
    assert board.state_id == game.state_id != before
    assert board.extras["purchases"] == [
        {"command": "special_forces", "cost": 8, "effect": "special forces: 3 dice against difficult terrain this turn"}
    ]
    assert board.counts["hospital"]["red"] == 4
    send(board, kind="action", text="buy starting_maneuver germany estonia 2")
    assert board.error == {} and game.armies("estonia") == 6
    assert [p["command"] for p in board.extras["purchases"]] == ["special_forces", "starting_maneuver"]
    # 1 unit left: nothing is affordable, so the game went on to the reinforcements
    assert game.phase == "reinforce" and board.view["pending"]["decision"] == "place"
    assert board.hints["buy"] == {}


def test_building_an_airfield_by_intent_shows_it_and_its_zone() -> None:
    game = command_room()
    board = rb.Board(game)
    send(board, kind="action", text="buy build_airfield poland")
    assert board.error == {}
    assert board.extras["airfields"]["red"] == "poland"
    assert set(board.extras["zones"]["red"]) == {"poland", *EUROPE["poland"].neighbours}


@pytest.mark.parametrize(
    ("text", "hospital", "code"),
    [
        ("buy special_forces", 5, "hospital/cannot_afford"),
        ("buy build_airfield ireland", 12, "action/not_owner"),
        ("buy build_airfield", 12, "action/unparsable"),
        ("buy teleport", 12, "hospital/unknown_command"),
        ("buy starting_maneuver germany great_britain 2", 12, "action/not_owner"),
        ("collect control_region_orange", 12, "action/wrong_phase"),
    ],
)
def test_illegal_buys_are_refused_and_change_nothing(text: str, hospital: int, code: str) -> None:
    game = command_room(hospital=hospital)
    board = rb.Board(game)
    before, sent = game.to_json(), (board.extras, board.counts, board.view)
    send(board, kind="action", text=text)
    assert board.error["code"] == code and board.error["message"]
    assert game.to_json() == before
    assert (board.extras, board.counts, board.view) == sent


def test_a_stale_buy_is_refused() -> None:
    game = command_room()
    board = rb.Board(game)
    old = board.state_id
    game.apply("buy recon_mission")  # a cell moved first
    before = game.to_json()
    board._on_msg(board, {"kind": "action", "text": "buy special_forces", "state_id": old}, [])
    assert board.error["code"] == "intent/stale"
    assert game.to_json() == before and not game.extras.special_forces


def test_a_click_in_the_hospital_step_points_to_the_panel() -> None:
    board = rb.Board(command_room())
    send(board, kind="click", territory="germany")
    assert board.error["code"] == "action/wrong_phase" and "field hospital" in board.error["message"]


def test_collecting_a_mission_by_intent() -> None:
    game = command_room(phase="attack", missions=["control_region_orange", "control_cities_6"])
    board = rb.Board(game)
    assert board.hints["collect"] == ["control_region_orange"]
    i = board.extras["board_missions"].index("control_region_orange")
    assert board.counts["progress"]["red"][i] == [5, 5]
    send(board, kind="action", text="collect control_region_orange")
    assert board.error == {}
    assert board.extras["collected"]["red"] == ["control_region_orange"]
    assert board.extras["board_missions"] == ["control_cities_6"]
    assert board.view["phase"] == "fortify" and board.hints["collect"] == []


def test_maneuver_hints_reach_every_connected_territory() -> None:
    game = command_room(phase="fortify")
    board = rb.Board(game)
    assert "germany" in board.hints["sources"]
    send(board, kind="click", territory="germany")
    assert board.selected == "germany"
    fortify = board.hints["fortify"]
    assert set(fortify) == set(game.territories("red")) - {"germany"}
    assert fortify["estonia"] == 5  # three borders away, through red's own territories
    send(board, kind="action", text="fortify germany estonia 5")
    assert board.error == {} and game.armies("estonia") == 9


def test_attack_odds_respect_difficult_terrain_and_airfields() -> None:
    plain = command_room(phase="attack")
    board = rb.Board(plain)
    send(board, kind="click", territory="slovakia")
    targets = board.hints["targets"]
    assert targets["austria"]["dice"] == 2 and "difficult terrain" in targets["austria"]["notes"][0]
    assert targets["hungary"]["dice"] == 3 and "notes" not in targets["hungary"]
    assert targets["austria"]["p_win"] < rb.battle_odds(3, 2).p_win
    assert targets["hungary"]["p_win"] == round(rb.battle_odds(3, 2).p_win, 4)
    helped = command_room(phase="attack", airfields={"red": "slovakia"})
    board = rb.Board(helped)
    send(board, kind="click", territory="slovakia")
    hungary = board.hints["targets"]["hungary"]
    assert hungary["p_win"] > rb.battle_odds(3, 2).p_win
    assert any("airfield" in note for note in hungary["notes"])


# -- the free setup and the neutral resistance -------------------------------------------------------
def test_free_setup_clicks_capitals_and_choosing_sides() -> None:
    game = rb.new_game(BOP, players=["red", "blue"], variant="command_room", setup="free", seed=5)
    board = rb.Board(game)
    assert board.view["pending"]["decision"] == "setup_place"
    assert board.counts["setup"] == {"owner": "red", "left": 27}
    assert board.hints["place_max"] == 27
    send(board, kind="click", territory="germany")
    assert board.error == {} and game.owner("germany") == "red"
    assert board.counts["setup"]["left"] == 26
    rng = random.Random(1)
    while game.pending.decision == "setup_place":  # the built-in bots' setup gets through it
        game.apply(setup_place(game.view("red"), rng))
    assert "setup" not in board.counts and board.view["pending"]["decision"] == "capital"
    options = board.hints["capital"]
    assert options == sorted(game.territories("red"))
    send(board, kind="click", territory=options[0])
    assert board.extras["capitals"]["red"] == options[0]
    send(board, kind="click", territory=board.hints["capital"][0])
    assert board.view["pending"] == {
        "player": "blue",
        "decision": "choose",
        "detail": "keep or swap sides, and go first or second",
    }
    assert board.hints["choose"] == ["keep first", "keep second", "swap first", "swap second"]
    send(board, kind="click", territory="germany")
    assert board.error["code"] == "action/wrong_phase"
    send(board, kind="action", text="choose swap second")
    assert board.error == {} and board.view["phase"] == "neutral"


def test_neutral_resistance_by_clicks() -> None:
    game = rb.new_game(BOP, players=["red", "blue"], variant="command_room", setup="random", seed=2)
    board = rb.Board(game)
    assert board.view["pending"]["decision"] == "place_neutral"
    target = board.hints["place"][0]
    units = game.armies(target)
    send(board, kind="click", territory=target)
    send(board, kind="click", territory=target)
    assert board.error == {} and game.armies(target) == units + 2
    assert board.view["phase"] != "neutral"


# -- cells and bots keep it live ---------------------------------------------------------------------
def test_cells_and_bots_update_extras_and_counts() -> None:
    game = command_room()
    board = rb.Board(game)
    game.apply("buy build_airfield germany")  # a cell
    assert board.extras["airfields"]["red"] == "germany" and board.counts["hospital"]["red"] == 2
    game.undo()
    assert board.extras["airfields"]["red"] is None and board.counts["hospital"]["red"] == 12
    seen: list[str] = []
    board.observe(lambda ch: seen.append(ch["name"]), names=["extras", "counts"])
    winner = board.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}, delay=0, max_turns=30)
    assert "counts" in seen and "extras" in seen
    assert board.counts["hospital"] == game.extras.hospital
    assert board.extras["collected"] == game.extras.collected
    assert winner is None or winner == board.view["winner"]


def test_a_battle_sends_the_counts_not_the_extras() -> None:
    game = command_room(phase="attack")
    board = rb.Board(game)
    sizes: dict[str, int] = {}

    def capture(msg: Any, buffers: Any = None) -> None:
        # whole traits (an update) or their differences (the patch after an action)
        for k, v in {**msg.get("state", {}), **msg.get("content", {}).get("traits", {})}.items():
            sizes[k] = len(json.dumps(v))

    board._send = capture  # type: ignore[method-assign]
    game.apply("attack germany belgium 3", dice=([1, 1, 1], [6, 6]))  # red loses 2 to the hospital
    assert "counts" in sizes and "extras" not in sizes
    assert sizes["counts"] < 300


# -- the front end's files -------------------------------------------------------------------------
def test_front_end_modules_join_into_one_es_module() -> None:
    folder = static_folder()
    assert folder is not None
    order = module_order(folder)
    assert order[-1] == "board.js" and order.index("util.js") < order.index("map.js")
    assert {"bop_map.js", "bop_panels.js", "bop_controls.js"} <= set(order)
    js = bundle_js()
    assert js.count("export default") == 1
    assert not re.search(r"^\s*import\s", js, re.M) and not re.search(r"^export (const|function|class)", js, re.M)
    for name in order:  # STYLE.md: small rooms
        assert len((folder / name).read_text().splitlines()) < 400, name
    css = rb.Board._css
    assert 0 <= css.index(".rb-board {") < css.index(".rb-ms-list")  # board.css, then bop.css


def test_broken_front_end_modules_are_reported_not_raised(tmp_path: Path) -> None:
    (tmp_path / "board.js").write_text('import { a } from "./a.js";\nexport default {};\n')
    (tmp_path / "a.js").write_text('import { b } from "./board.js";\nexport const a = 1;\n')
    with pytest.raises(ValueError, match="cycle"):
        join_modules(tmp_path)
    (tmp_path / "a.js").write_text("export const a = 1;\nimport * as x from './x.js';\n")
    with pytest.raises(ValueError, match="one line"):
        join_modules(tmp_path)


def test_the_bundle_leaves_out_whole_line_comments_but_not_template_literals(tmp_path: Path) -> None:
    """The board downloads code, not the sources' explanations; a template literal's lines stay."""
    (tmp_path / "board.js").write_text(
        "// a module comment\n"
        "const a = 1; // a trailing comment stays\n"
        "  // an indented comment\n"
        "const t = `first line\n"
        "// inside a template literal\n"
        "last line`;\n"
        "export default { a, t };\n"
    )
    js = join_modules(tmp_path)
    assert "a module comment" not in js and "an indented comment" not in js
    assert "a trailing comment stays" in js and "// inside a template literal" in js
    comments = [line for line in bundle_js().splitlines() if line.lstrip().startswith("//")]
    assert comments and all(line.startswith("// ---- js/") for line in comments)  # only the modules' names


def test_static_fallback_of_a_bop_board() -> None:
    board = rb.Board(command_room(airfields={"red": "poland"}))
    data, _ = board._repr_mimebundle_()
    svg = data["image/svg+xml"]
    assert svg.count("data-territory=") == 30 and "Poland: red's airfield" in svg
