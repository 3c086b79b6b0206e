"""Save, load and replay on the board (``riskboard.widget.replay``): a save through the board loads
back to the same game in every edition; a truncated, edited or hostile file is refused with the
``FormatError`` message on the board and changes nothing; the replay at every step of a played
game (blitzes included) shows exactly ``rb.replay(record[:step])``'s position; a replay acts on
nothing, and ``live`` returns with undo intact."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import riskboard as rb
from riskboard.engine.actions import Blitz
from riskboard.engine.events import DiceRolled
from riskboard.i18n import using
from riskboard.widget.contract import TRAITS, board_schema
from riskboard.widget.edition import counts_payload, extras_payload
from riskboard.widget.payload import dice_payload, event_log_payload, hints_payload, view_payload
from riskboard.widget.replay import LOAD_LIMIT

P = ["Ada", "Bo", "Cy"]
EDITIONS: dict[str, Callable[[], rb.Game]] = {
    "classic": lambda: rb.new_game("classic", players=P, seed=3, setup="deal"),
    "risk2010": lambda: rb.new_game("risk2010", players=P, seed=3),
    "balance_of_power": lambda: rb.new_game("balance_of_power", players=["red", "blue"], seed=3),
    "transformers": lambda: rb.new_game("transformers", players=P, seed=3),
}
SCHEMA = board_schema()


def validator(name: str) -> Draft202012Validator:
    return Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": f"#/$defs/{name}"})


def played(name: str, actions: int, *, seed: int = 1) -> tuple[rb.Game, rb.Board]:
    """A game of ``name`` on a board, ``actions`` actions into it, played by the Aggressive bots
    (who blitz)."""
    game = EDITIONS[name]()
    board = rb.Board(game, seats={p: "Aggressive" for p in game.players}, seed=seed)
    while not game.is_over and len(game.actions) < actions:
        board.step()
    return game, board


def intent(board: rb.Board, **content: Any) -> list[Any]:
    """Send one intent as the front end does; the custom messages the kernel answers with (beyond
    the patches of its redraw, ``tests/test_delta.py``)."""
    sent: list[Any] = []
    board.send = lambda content, buffers=None: sent.append(json.loads(json.dumps(content)))  # type: ignore[method-assign]
    try:
        board._on_msg(board, content, [])
    finally:
        del board.send
    return [m for m in sent if m.get("kind") != "patch"]


def traits(board: rb.Board) -> dict[str, Any]:
    return json.loads(json.dumps(board.get_state(key=list(TRAITS))))


# -- save and load ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(EDITIONS))
def test_a_save_through_the_board_loads_back_to_the_same_game(name: str) -> None:
    game, board = played(name, 60)
    [message] = intent(board, kind="save")
    assert list(validator("message_saved").iter_errors(message)) == []
    assert message["text"] == board.save() == game.to_json()
    assert message["filename"] == f"riskboard-{game.ruleset.name}-turn-{game.turn}.json"
    other = next(n for n in EDITIONS if n != name)
    fresh = rb.Board(EDITIONS[other](), language="de")  # another edition, another map
    assert intent(fresh, kind="load", text=message["text"]) == [] and fresh.error == {}
    assert fresh.game.to_json() == game.to_json() and fresh.game is not game
    # the board shows the loaded game: its map, owners, edition and position
    reference = rb.Board(rb.Game.from_json(message["text"]), language="de")
    for trait in ("map_data", "players", "edition", "view", "extras", "counts", "hints", "dice", "event_log"):
        assert getattr(fresh, trait) == getattr(reference, trait), trait
    assert fresh.save() == game.to_json()


def test_after_a_load_undo_continues_on_the_loaded_game_and_the_old_game_drives_nothing() -> None:
    game, _ = played("classic", 40)
    text = game.to_json()
    old = rb.new_game("classic", players=["Ada", "Bo"], seed=9)
    shown = rb.Board(old, seats={"Bo": "Random"})
    shown.select("")
    shown.load(text)
    loaded = shown.game
    assert loaded is not old and dict(shown.seats) == {p: "human" for p in P}
    before = traits(shown)
    old.apply(old.legal_actions()[0])  # a cell still holding the old game
    assert traits(shown) == before
    intent(shown, kind="undo", state_id=shown.state_id)
    assert shown.error == {} and len(loaded.actions) == 39
    game.undo()
    assert loaded.to_json() == game.to_json() and shown.view == view_payload(game, game.current_player)


def _edited(text: str, change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def _armies(data: dict[str, Any]) -> None:
    data["state"]["territories"]["alaska"][1] += 5


def _empty(data: dict[str, Any]) -> None:
    data["state"]["territories"]["alaska"][1] = 0


def _record(data: dict[str, Any]) -> None:
    actions = data["record"]["actions"]
    actions[10], actions[11] = actions[11], actions[10]


BAD_FILES = (
    "truncated",
    "empty",
    "invalid_json",
    "not_a_game",
    "wrong_schema",
    "edited_state",
    "impossible_position",
    "edited_record",
    "wrong_seed",
    "deeply_nested",
    "nested_in_a_game",
    "huge",
    "huge_numbers",
    "nan",
)


def bad_files(text: str) -> dict[str, str]:
    nested = "[" * 200_000 + "]" * 200_000
    return {
        "truncated": text[: len(text) // 2],
        "empty": "",
        "invalid_json": text.replace(":", "=", 3),
        "not_a_game": json.dumps({"hello": "world"}),
        "wrong_schema": _edited(text, lambda d: d.__setitem__("schema", 999)),
        "edited_state": _edited(text, _armies),
        "impossible_position": _edited(text, _empty),
        "edited_record": _edited(text, _record),
        "wrong_seed": _edited(text, lambda d: d["record"].__setitem__("seed", "seven")),
        "deeply_nested": nested,
        "nested_in_a_game": text[:-1] + ',"x":' + "[" * 5000 + "]" * 5000 + "}",
        "huge": " " * (LOAD_LIMIT + 1),
        "huge_numbers": text.replace('"seed":3', '"seed":' + "9" * 5000),
        "nan": text.replace('"seed":3', '"seed":NaN'),
    }


@pytest.mark.parametrize("kind", BAD_FILES)
def test_a_bad_file_is_refused_with_the_format_error_on_the_board_and_nothing_changes(kind: str) -> None:
    game, board = played("classic", 30)
    text = bad_files(game.to_json())[kind]
    board.select(board.hints["sources"][0] if board.hints["sources"] else "")
    before, saved = traits(board), game.to_json()
    intent(board, kind="load", text=text)
    error = board.error
    assert error["code"].startswith("format/") and error["message"]
    with pytest.raises(rb.FormatError) as raised:
        board.load(text)
    assert raised.value.code == error["code"] and raised.value.message[:200] == error["message"][:200]
    assert board.game is game and game.to_json() == saved
    assert {k: v for k, v in traits(board).items() if k != "error"} == {k: v for k, v in before.items() if k != "error"}
    if kind not in ("huge",):  # what Game.from_json says is what the board says
        with pytest.raises(rb.FormatError) as direct:
            rb.Game.from_json(text)
        assert direct.value.code == error["code"]


def test_a_load_refused_in_german_says_so_in_german_when_the_catalog_has_it() -> None:
    board = rb.Board(EDITIONS["classic"](), language="de")
    intent(board, kind="load", text=" " * (LOAD_LIMIT + 1))
    assert board.error["code"] == "format/too_large" and "16 MB" in board.error["message"]
    assert "larger than" not in board.error["message"]


def test_the_front_end_sends_no_more_than_the_kernel_reads() -> None:
    js = (Path(__file__).parents[1] / "js" / "replay.js").read_text(encoding="utf-8")
    found = re.search(r"export const LOAD_LIMIT = 16 \* 2 \*\* 20;", js)
    assert found and LOAD_LIMIT == 16 * 2**20


def test_save_is_the_teachers_in_hot_seat_play() -> None:
    game, board = played("classic", 20)
    board.secrecy = "hot_seat"
    assert intent(board, kind="save") == []
    assert board.error["code"] == "save/secret"
    assert board.save() == game.to_json()  # from a cell, the teacher's
    board.secrecy = "teacher"
    [message] = intent(board, kind="save")
    assert message["text"] == game.to_json() and board.error == {}


# -- replay ---------------------------------------------------------------------------------------
def reference(game: rb.Game, step: int) -> rb.Game:
    record = game.record()
    return rb.replay({**record, "actions": record["actions"][:step]})


def expected(ref: rb.Game, hand_owner: str | None) -> dict[str, Any]:
    return {
        "view": view_payload(ref, hand_owner),
        "extras": extras_payload(ref),
        "counts": counts_payload(ref),
        "hints": hints_payload(ref, ""),
        "dice": dice_payload(ref),
        "event_log": event_log_payload(ref),
    }


REPLAYED = ("view", "extras", "counts", "hints", "dice", "event_log")


@pytest.mark.parametrize("name", list(EDITIONS))
def test_the_replay_at_every_step_shows_exactly_the_replayed_records_position(name: str) -> None:
    game, board = played(name, 160, seed=2)
    steps = len(game.actions)
    assert any(isinstance(a, Blitz) for a, _ in game.actions), "the game has blitzes"
    check = validator("trait_replaying")
    order = list(range(steps + 1))
    random.Random(1).shuffle(order)  # forwards and backwards, far and near
    blitzes = 0
    for step in order:
        intent(board, kind="replay", step=step)
        assert board.error == {}
        ref = reference(game, step)
        owner = ref.current_player if not ref.is_over else None
        shown = {k: getattr(board, k) for k in REPLAYED}
        assert json.loads(json.dumps(shown)) == json.loads(json.dumps(expected(ref, owner))), step
        throws = [e for e in ref.events(last=1) if isinstance(e, DiceRolled)] if step else []
        assert [(t["attack"], t["defend"]) for t in board.replaying["throws"]] == [
            (list(e.attack), list(e.defend)) for e in throws
        ]
        assert board.replaying["step"] == step and board.replaying["steps"] == steps
        assert list(check.iter_errors(json.loads(json.dumps(board.replaying)))) == []
        if step and isinstance(game.actions[step - 1][0], Blitz) and len(throws) > 1:
            blitzes += 1
            assert board.dice["attack"] == list(throws[-1].attack)  # the dice panel: the blitz's last throw
    assert blitzes > 0
    intent(board, kind="live")
    owner = game.current_player if not game.is_over else None
    assert board.replaying == {} and board.view == view_payload(game, owner)


def test_replay_without_undo_and_of_the_last_step() -> None:
    game = rb.new_game("classic", players=P, seed=5, options={"undo": False})
    board = rb.Board(game, seats={p: "Aggressive" for p in P}, seed=1)
    for _ in range(80):
        board.step()
    for step in (70, 10, 55, 0, 80):
        board.replay(step)
        assert board.view == view_payload(reference(game, step), reference(game, step).current_player)
    board.replay()
    assert board.replay_step == 80 and board.view == view_payload(game, game.current_player)


def test_a_replay_acts_on_nothing_and_live_returns_with_undo_intact() -> None:
    game, board = played("classic", 50)
    for p in P:
        board.seats = {**board.seats, p: "human"}
    saved = game.to_json()
    board.replay(10)
    for content in (
        {"kind": "click", "territory": "alaska"},
        {"kind": "action", "text": str(game.legal_actions()[0])},
        {"kind": "undo"},
        {"kind": "step"},
        {"kind": "play"},
        {"kind": "select", "territory": "alaska"},
    ):
        intent(board, **content, state_id=board.state_id)
        assert board.error["code"] == "replay/active" and "Live" in board.error["message"], content
    assert game.to_json() == saved and board.replay_step == 10
    intent(board, kind="live")
    assert board.error == {} and board.replaying == {} and board.replay_step is None
    intent(board, kind="undo", state_id=board.state_id)
    assert board.error == {} and len(game.actions) == 49


def test_a_cell_driving_the_game_during_a_replay_moves_the_record_not_the_position() -> None:
    game, board = played("classic", 50)
    board.replay(20)
    shown = board.view
    board.step()  # from a cell: the live game goes on
    assert board.replaying["steps"] == 51 and board.replaying["step"] == 20 and board.view == shown
    game.undo(40)  # a cell takes back past the step shown: the replay shows the record's end
    assert board.replaying["steps"] == 11 and board.replaying["step"] == 11
    assert board.view == view_payload(game, game.current_player)


@pytest.mark.parametrize("step", [-1, 51, True, 1.5, "3"])
def test_a_replay_step_that_is_no_step_of_the_record_is_refused(step: Any) -> None:
    _, board = played("classic", 50)
    intent(board, kind="replay", step=step)
    assert board.error["code"] in ("replay/bad_step", "intent/malformed") and board.replaying == {}
    if not isinstance(step, (bool, float, str)):
        with pytest.raises(rb.IllegalAction):
            board.replay(step)


def test_a_hot_seat_replay_shows_no_hand() -> None:
    game, board = played("classic", 120)
    board.secrecy = "hot_seat"
    hands = [step for step in range(len(game.actions) + 1) if any(reference(game, step).state.hands)]
    assert hands
    for step in hands[-5:]:
        board.replay(step)
        assert board.view["hand"] == [] and board.view["hand_owner"] is None
    board.secrecy = "open"
    board.replay(hands[-1])
    assert board.view["hand_owner"] is not None


def test_a_replay_speaks_the_boards_language() -> None:
    game = EDITIONS["balance_of_power"]()
    board = rb.Board(game, seats={p: "Aggressive" for p in game.players}, seed=1, language="de")
    for _ in range(40):
        board.step()
    board.replay(30)
    with using("de"):
        assert board.event_log == event_log_payload(reference(game, 30))
