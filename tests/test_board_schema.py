"""The board's contract, ``riskboard/widget/schema/board.schema.json``: a valid, versioned JSON
Schema; every trait of every edition's board (RISK 2010's two-player neutral game included) valid
at every step of a bot game; a payload lacking a field it requires, or carrying one it does not
name, refused; every intent the front end sends valid; and the board's message handler refusing
each intent the schema refuses (and refusing none of the others for its shape)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import anywidget
import pytest
from jsonschema import Draft202012Validator

import riskboard as rb
from riskboard.widget.contract import INTENT_KINDS, SCHEMA_FILE, SCHEMA_VERSION, TRAITS, board_schema

SCHEMA = board_schema()
STATIC = ("map_data", "players", "edition")
"""The traits sent once (checked once a game, and checked not to change)."""
SHAPE_CODES = ("intent/malformed", "intent/unknown")
"""The refusals that are about an intent's shape alone."""
P = ["Ada", "Bo", "Cy", "Dee"]


def validator(name: str) -> Draft202012Validator:
    """A validator of one definition of the schema (a trait, an intent)."""
    return Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": f"#/$defs/{name}"})


TRAIT = {name: validator(f"trait_{name}") for name in TRAITS}
INTENT = validator("intent")


def problems(name: str, value: Any) -> list[str]:
    return [f"{name}/{'/'.join(map(str, e.absolute_path))}: {e.message}"[:300] for e in TRAIT[name].iter_errors(value)]


# -- the schema itself -----------------------------------------------------------------------------
def test_the_schema_is_a_versioned_draft_2020_12_schema_shipped_in_the_package() -> None:
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert SCHEMA_VERSION.count(".") == 2 and SCHEMA["$id"].endswith(f"/{SCHEMA_VERSION}")
    assert SCHEMA_FILE.name == "board.schema.json" and SCHEMA_FILE.parent.parent.name == "widget"
    assert json.loads(SCHEMA_FILE.read_text(encoding="utf-8")) == SCHEMA


def test_the_schema_names_every_synced_trait_and_every_intent_of_the_board() -> None:
    own = set(rb.Board.class_trait_names(sync=True)) - set(anywidget.AnyWidget.class_trait_names(sync=True))
    assert set(TRAITS) == own
    handlers = {name.removeprefix("_intent_") for name in dir(rb.Board) if name.startswith("_intent_")}
    assert set(INTENT_KINDS) == handlers


# -- every edition's payloads, at every step of a bot game -----------------------------------------
GAMES: dict[str, Callable[[], rb.Game]] = {
    "classic": lambda: rb.new_game("classic", players=P[:3], seed=1),
    "classic_ask_defender": lambda: rb.new_game("classic", players=P[:2], seed=2, options={"ask_defender": True}),
    "risk2010": lambda: rb.new_game("risk2010", players=P, seed=1),
    "risk2010_classic": lambda: rb.new_game("risk2010", variant="classic", players=P[:3], seed=1),
    "risk2010_two_player": lambda: rb.new_game("risk2010", variant="two_player", players=P[:2], seed=1),
    "balance_of_power": lambda: rb.new_game("balance_of_power", players=["red", "blue"], seed=1),
    "balance_of_power_command_room": lambda: rb.new_game(
        "balance_of_power", variant="command_room", players=["red", "blue"], seed=1
    ),
    "transformers_2": lambda: rb.new_game("transformers", players=P[:2], seed=1),
    "transformers_3": lambda: rb.new_game("transformers", players=P[:3], seed=1),
    "transformers_4": lambda: rb.new_game("transformers", players=P, seed=1),
}


def synced(board: rb.Board, names: tuple[str, ...]) -> dict[str, Any]:
    """The traits as the front end receives them (serialised, then read as JSON)."""
    return json.loads(json.dumps(board.get_state(key=list(names))))


@pytest.mark.parametrize("bot", ["Aggressive", "Random"])
@pytest.mark.parametrize("name", list(GAMES))
def test_every_trait_is_valid_at_every_step_of_a_bot_game(name: str, bot: str) -> None:
    game = GAMES[name]()
    board = rb.Board(game, seats={p: bot for p in game.players}, seed=3)
    static = synced(board, STATIC)
    for trait, value in static.items():
        assert not problems(trait, value)
    dynamic = tuple(t for t in TRAITS if t not in STATIC)
    seen: set[str] = set()
    steps = 0
    while not game.is_over and steps < (2000 if bot == "Aggressive" else 400):
        seen.add(game.pending.decision)
        for trait, value in synced(board, dynamic).items():
            assert not (found := problems(trait, value)), (steps, game.pending, found)
        if board.hints["sources"]:  # a selected source's targets, odds and moves
            board.select(board.hints["sources"][0])
            assert not (found := problems("hints", synced(board, ("hints",))["hints"])), (steps, found)
            board.select("")
        board.step()
        steps += 1
    assert synced(board, STATIC) == static
    for trait, value in synced(board, TRAITS).items():  # the last position (a won game)
        assert not problems(trait, value)
    assert {"attack", "fortify"} <= seen or bot == "Random"


def test_a_refused_intent_and_the_teachers_dice_are_valid_traits() -> None:
    board = rb.Board(GAMES["classic"]())
    board._on_msg(board, {"kind": "set_dice", "attack": [6, 5], "defend": [1], "state_id": board.state_id}, [])
    board._on_msg(board, {"kind": "click", "territory": "atlantis", "state_id": board.state_id}, [])
    state = synced(board, TRAITS)
    assert state["error"]["code"] == "action/unknown_territory" and state["next_dice"]["attack"] == [6, 5]
    for trait, value in state.items():
        assert not problems(trait, value)


# -- what the schema refuses ---------------------------------------------------------------------
def _traits(game: rb.Game) -> dict[str, Any]:
    return synced(rb.Board(game), TRAITS)


@pytest.mark.parametrize(
    ("name", "trait", "path", "why"),
    [
        ("balance_of_power", "edition", ["missions_to_win"], "is a required property"),
        ("transformers_3", "edition", ["revive_cost"], "is a required property"),
        ("transformers_3", "edition", ["rules", "sides"], "is a required property"),
        ("risk2010", "edition", ["star_table"], "is a required property"),
        ("classic", "view", ["reinforcements"], "is a required property"),
        ("classic", "hints", ["place_max"], "is a required property"),
        ("classic", "map_data", ["territories", 0, "neighbours"], "is a required property"),
    ],
)
def test_a_payload_without_a_field_it_requires_is_refused(name: str, trait: str, path: list[Any], why: str) -> None:
    value = copy.deepcopy(_traits(GAMES[name]())[trait])
    assert not problems(trait, value)
    holder = value
    for key in path[:-1]:
        holder = holder[key]
    del holder[path[-1]]
    assert any(why in p for p in problems(trait, value))


@pytest.mark.parametrize("trait", ["view", "hints", "edition", "extras", "counts", "map_data"])
def test_a_payload_with_a_field_the_schema_does_not_name_is_refused(trait: str) -> None:
    value = copy.deepcopy(_traits(GAMES["balance_of_power"]())[trait])
    value["unheard_of"] = 1
    assert any("unheard_of" in p for p in problems(trait, value))


def test_the_defenders_dice_and_the_attack_dice_are_required() -> None:
    assert problems("hints", {**_traits(GAMES["classic"]())["hints"], "defend": {"target": "alaska"}})
    target = {"p_win": 0.5}
    assert problems("hints", {**_traits(GAMES["classic"]())["hints"], "targets": {"alaska": target}})


# -- the intents -----------------------------------------------------------------------------------
FRONT_END_INTENTS = [
    {"kind": "action", "text": "place 3 alaska"},
    {"kind": "click", "territory": "alaska"},
    {"kind": "select", "territory": ""},
    {"kind": "undo"},
    {"kind": "step"},
    {"kind": "finish_turn"},
    {"kind": "play"},
    {"kind": "stop"},
    {"kind": "set_seat", "player": "Bo", "seat": "Random"},
    {"kind": "set_dice", "attack": [6, 5, 4], "defend": [2, 1]},
    {"kind": "clear_dice"},
    {"kind": "reveal"},
    {"kind": "save"},
    {"kind": "load", "text": "{}"},
    {"kind": "replay", "step": 0},
    {"kind": "live"},
    {"kind": "sync"},
]
"""One intent of each kind, as js/ sends them (``BoardView.send`` adds the ``state_id``)."""


def test_every_intent_the_front_end_sends_is_valid() -> None:
    assert sorted(i["kind"] for i in FRONT_END_INTENTS) == sorted(INTENT_KINDS)
    for intent in FRONT_END_INTENTS:
        assert INTENT.is_valid({**intent, "state_id": 0}), intent
    assert INTENT.is_valid({"kind": "stop"})  # good in any position


BROKEN_VALUES: list[Any] = [None, 5, -1, 1.5, True, "", "alaska", [], [6], [0], [True], ["6"], {}, {"kind": "x"}]


def _variants() -> list[dict[str, Any]]:
    """Each front-end intent, then with each field dropped or replaced by a value of another kind,
    with the state id missing, wrong in kind, stale or negative, and with a field no intent has."""
    out: list[dict[str, Any]] = []
    for intent in FRONT_END_INTENTS:
        base = {**intent, "state_id": 0}
        out.append(base)
        for field in base:
            out.append({k: v for k, v in base.items() if k != field})
            out.extend({**base, field: value} for value in BROKEN_VALUES)
        out.append({**base, "state_id": 1})
        out.append({**base, "extra": [1, 2]})
    out.extend([{"kind": kind, "state_id": 0} for kind in ("fly", "Action", "_intent_action", "log", "")])
    return out


@pytest.mark.parametrize("content", _variants(), ids=lambda c: json.dumps(c)[:60])
def test_the_message_handler_refuses_what_the_schema_refuses(content: dict[str, Any]) -> None:
    """Schema and handler agree: an intent the schema refuses is refused and changes nothing; one
    it accepts is never refused for its shape (the handler checks more: the position, the rules)."""
    game = rb.new_game("classic", players=["Ada", "Bo"], seed=4, setup="deal")
    board = rb.Board(game, seats={"Ada": "human", "Bo": "Random"}, seed=1)
    before = game.to_json()
    board._on_msg(board, content, [])
    code = board.error.get("code")
    if INTENT.is_valid(content):
        assert code not in SHAPE_CODES, board.error
    else:
        assert code is not None, content
        assert game.to_json() == before and board.next_dice == {} and dict(board.seats)["Bo"] == "Random"
