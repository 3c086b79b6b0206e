"""The board's patches (``riskboard.widget.delta``, ``riskboard.widget.patches``): applying a
difference to the old value gives the new one for any JSON values; after an action the board
sends one patch, valid by the schema, that makes the front end's values the kernel's traits; a
whole trait sent (a page's ``request_state``) starts the differences again from it."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

import riskboard as rb
from riskboard.widget.contract import board_schema
from riskboard.widget.delta import UNCHANGED, apply, diff
from riskboard.widget.patches import PATCHED

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.text("ab", max_size=2))
JSON = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text("abcd", max_size=2), inner, max_size=5)
    ),
    max_leaves=25,
)
SCHEMA = board_schema()
PATCH = Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": "#/$defs/message_patch"})
ENTRY = Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": "#/$defs/entry"})


def changed(old: Any, new: Any) -> Any:
    """``new``, rebuilt from ``old`` through the patch as the front end would (JSON in between)."""
    entry = diff(old, new)
    if entry is UNCHANGED:
        return old
    entry = json.loads(json.dumps(entry))
    assert list(ENTRY.iter_errors(entry)) == []
    before = copy.deepcopy(old)
    out = apply(old, entry)
    assert old == before  # the old value is not changed in place
    return out


@settings(max_examples=400, deadline=None)
@given(JSON, JSON)
def test_applying_the_difference_to_the_old_value_gives_the_new_one(old: Any, new: Any) -> None:
    assert changed(old, new) == new


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.text("abc", max_size=3), max_size=12),
    st.integers(0, 12),
    st.lists(st.text("xy", max_size=2), max_size=4),
)
def test_a_window_moving_on_sends_only_the_new_lines(old: list[str], shift: int, tail: list[str]) -> None:
    new = old[shift:] + tail
    assert changed(old, new) == new
    entry = diff(old, new)
    if new != old and old[shift:] and tail:  # the lines kept are not sent again
        assert len(json.dumps(entry)) <= len(json.dumps(tail)) + 30


def test_an_equal_value_is_unchanged_and_an_object_is_wrapped() -> None:
    assert diff({"a": [1, 2]}, {"a": [1, 2]}) is UNCHANGED
    assert diff([1], {"x": 1}) == {"value": {"x": 1}}
    assert diff({"armies": [3] * 42}, {"armies": [3] * 41 + [4]}) == {"keys": {"armies": {"items": {"41": 4}}}}
    assert diff(["a", "b", "c"], ["b", "c", "d"]) == {"tail": ["d"], "shift": 1}


def _recording(board: rb.Board) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []
    board._send = lambda msg, buffers=None: sent.append(json.loads(json.dumps(msg)))  # type: ignore[method-assign]
    return sent


def _front_end(board: rb.Board) -> dict[str, Any]:
    """What a front end holds at first: every trait."""
    return json.loads(json.dumps(board.get_state()))


def _hear(front: dict[str, Any], messages: list[dict[str, Any]]) -> None:
    """The front end's side of the comm (js/delta.js's twin): updates and patches in order."""
    for msg in messages:
        if msg["method"] == "update":
            front.update(msg["state"])
        elif msg["method"] == "custom" and msg["content"].get("kind") == "patch":
            assert list(PATCH.iter_errors(msg["content"])) == []
            for name, entry in msg["content"]["traits"].items():
                front[name] = apply(front[name], entry)


def test_after_each_action_the_board_sends_one_patch_that_gives_the_front_end_its_traits() -> None:
    for edition in ("classic", "balance_of_power", "risk2010", "transformers"):
        game = rb.new_game(
            edition,
            players=["Ada", "Bo"] if edition in ("balance_of_power", "transformers") else ["Ada", "Bo", "Cy"],
            seed=3,
        )
        board = rb.Board(game, language="de")
        front = _front_end(board)
        sent = _recording(board)
        bots = {p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}
        for _step in range(150):
            if game.is_over:
                break
            sent.clear()
            board.step(bots[game.pending.player])
            patches = [m for m in sent if m["method"] == "custom"]
            assert len(patches) == 1, (edition, sent)
            assert not any(m["method"] == "update" and set(m["state"]) & set(PATCHED) for m in sent)
            _hear(front, sent)
            kernel = json.loads(json.dumps(board.get_state(key=list(PATCHED))))
            assert {k: front[k] for k in PATCHED} == kernel, edition
            assert len(json.dumps(patches[0])) < len(json.dumps(kernel))


def test_a_selection_is_a_patch_and_a_state_request_sends_everything_again() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=3)
    game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}, max_turns=0)
    board = rb.Board(game)
    front = _front_end(board)
    sent = _recording(board)
    while game.pending.decision != "attack":
        board.step(rb.bots.Aggressive(seed=1))
    _hear(front, sent)
    source = board.hints["sources"][0]
    sent.clear()
    board._on_msg(board, {"kind": "select", "territory": source, "state_id": board.state_id}, [])
    assert [m["content"]["kind"] for m in sent if m["method"] == "custom"] == ["patch"]
    _hear(front, sent)
    assert front["selected"] == source and front["hints"] == json.loads(json.dumps(board.hints))
    # a reloaded page asks for the state: whole traits, and the next patch starts from them
    sent.clear()
    board._handle_msg({"content": {"data": {"method": "request_state"}}})
    fresh = {}
    _hear(fresh, sent)
    assert {k: fresh[k] for k in PATCHED} == json.loads(json.dumps(board.get_state(key=list(PATCHED))))
    sent.clear()
    board.step(rb.bots.Aggressive(seed=1))
    _hear(fresh, sent)
    assert {k: fresh[k] for k in PATCHED} == json.loads(json.dumps(board.get_state(key=list(PATCHED))))


def test_the_front_ends_sync_sends_the_patched_traits_whole() -> None:
    """A patch sent while the front end's module was still loading is heard by no one: once
    loaded, it asks (``sync``) and the kernel sends every patched trait whole."""
    from riskboard.widget.patches import PATCHED

    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=2)
    board = rb.Board(game)
    sent: list[dict] = []
    board._send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    board.open()
    game.apply(game.legal_actions()[0])  # a patch, which a loading front end would miss
    sent.clear()
    board._on_msg(board, {"kind": "sync"}, [])
    assert board.error == {}
    (update,) = [m for m in sent if m["method"] == "update"]
    assert set(update["state"]) == set(PATCHED)
    assert update["state"]["view"] == board.view


def test_a_new_language_sends_the_patched_traits_whole() -> None:
    """The front end keys its patches by the board's ``map_data`` object: when the names come
    again in another language, the position comes whole too, never as a patch on values the
    front end set aside."""
    from riskboard.widget.patches import PATCHED

    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=2)
    board = rb.Board(game)
    sent: list[dict] = []
    board._send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    board.open()
    sent.clear()
    try:
        rb.set_language("sv")
        game.apply(game.legal_actions()[0])
    finally:
        rb.set_language("en")
    kinds = [m["method"] if m["method"] != "custom" else m["content"]["kind"] for m in sent]
    assert "patch" not in kinds
    whole = [m for m in sent if m["method"] == "update" and "view" in m["state"]]
    assert whole and set(PATCHED) <= set(whole[-1]["state"])
    assert any(m["method"] == "update" and "map_data" in m["state"] for m in sent)
