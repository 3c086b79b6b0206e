"""The board's Python side: traits, intents, robustness (no browser needed)."""

from __future__ import annotations

import json
import logging

import pytest

import riskboard as rb
from riskboard.analysis.odds import MAX_ARMIES
from riskboard.engine.state import MAX_UNITS
from riskboard.widget.board import MESSAGE_LIMIT
from riskboard.widget.payload import hints_payload


def _setup_done(players: list[str], seed: int = 3, **kw) -> rb.Game:  # type: ignore[no-untyped-def]
    game = rb.new_game("classic", players=players, seed=seed, **kw)
    game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(players)}, max_turns=0)
    return game


def _scenario(**kw) -> rb.Game:  # type: ignore[no-untyped-def]
    world = rb.load_map("world")
    position = {t: ("Bo", 2) for t in world.ids}
    for t in world.region("north_america").territories:
        position[t] = ("Ada", 2)
    position["alaska"] = ("Ada", 6)
    position["kamchatka"] = ("Bo", 1)
    return rb.new_game(
        "classic", players=["Ada", "Bo"], position=position, current_player="Ada", phase="attack", seed=1, **kw
    )


def send(board: rb.Board, **content) -> None:  # type: ignore[no-untyped-def]
    board._on_msg(board, {"state_id": board.state_id, **content}, [])


def test_static_map_and_players_are_sent_once() -> None:
    game = _setup_done(["Ada", "Bo", "Cy"])
    board = rb.Board(game)
    territories = board.map_data["territories"]
    assert [t["id"] for t in territories] == list(game.map.ids)
    assert all(t["path"].startswith("M") and len(t["label"]) == 2 for t in territories)
    assert [p["name"] for p in board.players] == ["Ada", "Bo", "Cy"]
    assert len({p["colour"] for p in board.players}) == 3
    assert len(json.dumps(board.map_data)) < 250_000


def test_view_follows_cells_driving_the_game() -> None:
    game = _scenario()
    board = rb.Board(game)
    before = board.state_id
    game.apply("attack alaska kamchatka 3", dice=([6, 5, 4], [1]))
    assert board.state_id == game.state_id != before
    k = game.map.index["kamchatka"]
    assert board.view["owner"][k] == 0 and board.view["armies"][k] == 3
    assert board.view["pending"]["decision"] == "occupy"
    assert board.hints["occupy"] == {"min": 3, "max": 5, "source": "alaska", "target": "kamchatka"}
    assert board.dice["attack"] == [6, 5, 4] and board.dice["defender_losses"] == 1
    assert "conquered kamchatka" in board.event_log[-1]
    game.undo()
    assert board.view["owner"][k] == 1 and board.dice == {}


def test_clicks_select_a_source_show_exact_odds_and_attack() -> None:
    game = _scenario()
    board = rb.Board(game)
    send(board, kind="click", territory="alaska")
    assert board.error == {} and board.selected == "alaska"
    targets = board.hints["targets"]
    assert set(targets) == {"kamchatka"}  # alaska's other neighbours are Ada's
    assert targets["kamchatka"]["dice"] == 3
    assert targets["kamchatka"]["p_win"] == round(rb.battle_odds(5, 1).p_win, 4)
    send(board, kind="set_dice", attack=[6, 6, 2], defend=[3, 3])
    assert board.next_dice == {"attack": [6, 6, 2], "defend": [3, 3]}
    send(board, kind="click", territory="kamchatka")
    assert board.error == {}
    assert game.owner("kamchatka") == "Ada"  # 6 > 3 with the teacher's dice
    assert board.next_dice == {}  # used once
    send(board, kind="action", text="occupy 5")
    assert game.armies("kamchatka") == 5 and game.armies("alaska") == 1


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("not a dict", "intent/malformed"),
        ({"kind": 3}, "intent/unknown"),
        ({"kind": "fly", "state_id": 0}, "intent/unknown"),
        ({"kind": "click", "territory": "alaska"}, "intent/malformed"),
        ({"kind": "click", "territory": "alaska", "state_id": True}, "intent/malformed"),
        ({"kind": "click", "territory": "alaska", "state_id": -5}, "intent/stale"),
        ({"kind": "click", "territory": 7, "state_id": None}, "intent/malformed"),
        ({"kind": "action", "text": None, "state_id": None}, "intent/malformed"),
        ({"kind": "action", "text": "attack alaska japan 3", "state_id": None}, "action/not_adjacent"),
        ({"kind": "action", "text": "launch missiles", "state_id": None}, "action/unparsable"),
        ({"kind": "click", "territory": "atlantis", "state_id": None}, "action/unknown_territory"),
        ({"kind": "click", "territory": "japan", "state_id": None}, "action/no_source"),
        ({"kind": "set_dice", "attack": [7], "defend": [1], "state_id": None}, "dice/invalid"),
        ({"kind": "set_seat", "player": "Zed", "seat": "Random", "state_id": None}, "intent/unknown_player"),
        ({"kind": "set_seat", "player": "Bo", "seat": "Genius", "state_id": None}, "intent/bad_seat"),
        ({"kind": "step", "state_id": None}, "intent/human_seat"),
    ],
)
def test_bad_intents_never_raise_and_change_nothing(message: object, code: str) -> None:
    game = _scenario()
    board = rb.Board(game)
    if isinstance(message, dict) and message.get("state_id", 1) is None:
        message = {**message, "state_id": board.state_id}
    before = game.to_json()
    board._on_msg(board, message, [])
    assert board.error["code"] == code
    assert board.error["message"]
    assert game.to_json() == before


def test_a_successful_intent_clears_the_error() -> None:
    board = rb.Board(_scenario())
    send(board, kind="click", territory="japan")
    assert board.error
    send(board, kind="click", territory="alaska")
    assert board.error == {}


def test_bots_answer_a_human_move_and_seats_can_change() -> None:
    game = _setup_done(["Ada", "Bo", "Cy"], seed=5)
    first = game.current_player
    seats = {p: ("human" if p == first else "Aggressive") for p in game.players}
    board = rb.Board(game, seats=seats, delay=0, seed=1)
    send(board, kind="action", text=f"place {game.reinforcements} {game.territories(first)[0]}")
    send(board, kind="action", text="end")
    send(board, kind="action", text="end")
    assert board.error == {}
    # the bots played their turns; now it is the human's turn again (or the game is over)
    assert game.is_over or game.current_player == first
    assert game.turn >= 4
    # a human cannot move for a bot's seat
    bot = next(p for p in game.players if p != first)
    send(board, kind="set_seat", player=first, seat="Random")
    assert board.seats[first] == "Random" and board.error == {}
    assert bot in board.seats


def test_step_play_and_finish_turn_with_bots() -> None:
    game = _setup_done(["Ada", "Bo", "Cy", "Di"], seed=8)
    board = rb.Board(game, seats={p: "Aggressive" for p in game.players}, delay=0, seed=2)
    n = len(game.history)
    send(board, kind="step")
    assert len(game.history) == n + 1
    turn = game.turn
    send(board, kind="finish_turn")
    assert game.turn == turn + 1
    send(board, kind="play")
    assert game.is_over and board.view["winner"] == game.winner and not board.busy
    send(board, kind="click", territory="alaska")
    assert board.error["code"] in ("game/over", "intent/bot_seat")


def test_board_play_from_a_cell() -> None:
    game = _setup_done(["Ada", "Bo", "Cy"], seed=9)
    board = rb.Board(game)
    winner = board.play({p: rb.bots.Aggressive(seed=1) for p in game.players}, delay=0)
    assert winner == game.winner and winner is not None
    assert board.view["stats"][winner]["territories"] == 42


def test_hand_trade_sets_and_defence_hints() -> None:
    world = rb.load_map("world")
    position = {t: ("Bo", 3) for t in world.ids}
    position["alaska"] = ("Ada", 6)
    game = rb.new_game(
        "classic",
        players=["Ada", "Bo"],
        position=position,
        current_player="Ada",
        phase="reinforce",
        seed=1,
        hands={"Ada": ["alaska", "kamchatka", "wild_1"]},
        options={"ask_defender": True},
    )
    board = rb.Board(game)
    assert [c["id"] for c in board.view["hand"]] == ["alaska", "kamchatka", "wild_1"]
    assert board.view["hand"][2]["symbol"] == "wild"
    assert board.hints["trades"] == [{"cards": ["alaska", "kamchatka", "wild_1"], "value": 4}]
    assert board.view["cards_note"].startswith("Next set: 4 armies")
    assert board.view["hand"][0]["bonus"] == 2 and "bonus" not in board.view["hand"][1]  # Ada holds alaska only
    send(board, kind="action", text="trade alaska kamchatka wild_1")
    assert board.error == {} and board.view["hand"] == []
    send(board, kind="action", text=f"place {game.reinforcements} alaska")
    send(board, kind="action", text="attack alaska kamchatka 3")
    assert board.view["pending"] == {"player": "Bo", "decision": "defend", "detail": "kamchatka against 3 dice"}
    assert board.hints["defend"] == {"max": 2, "target": "kamchatka"}
    send(board, kind="action", text="defend 2")
    assert board.error == {} and board.dice["defend"]


def test_static_fallback_is_in_the_mime_bundle() -> None:
    board = rb.Board(_scenario())
    data, _ = board._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["image/svg+xml"].count("data-territory=") == 42
    send(board, kind="click", territory="alaska")
    assert 'stroke-width="2"' in board.to_svg()


def test_board_needs_a_game_with_geometry() -> None:
    with pytest.raises(TypeError):
        rb.Board("classic")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        rb.Board(_scenario(), viewer="Zed")
    with pytest.raises(rb.IllegalAction):
        rb.Board(_scenario(), seats={"Ada": "Genius"})


def test_front_end_files_are_found() -> None:
    from riskboard.widget.static import static_folder

    folder = static_folder()
    assert folder is not None and (folder / "board.js").exists()


def test_the_action_intent_reads_territory_codes_as_game_apply_does() -> None:
    position = {t: ("Bo", 3) for t in rb.load_map("world").ids}
    position["japan"] = ("Ada", 6)
    game = rb.new_game(
        "classic", players=["Ada", "Bo"], position=position, current_player="Ada", phase="attack", seed=2
    )
    board = rb.Board(game)
    send(board, kind="action", text="attack jap kam 3")
    assert board.error == {} and game.history[-1][0] == rb.Attack("japan", "kamchatka", 3)
    send(board, kind="action", text="place ３ japan")
    assert board.error["code"] == "action/unparsable"


# -- a source larger than the battles the exact odds are worked out for (issue 19) -------------
def _big_stack(armies: int) -> rb.Game:
    """Ada's ``armies`` in alaska against one of Bo's in kamchatka (the rest of her North America on 1)."""
    world = rb.load_map("world")
    position = {t: ("Bo", 2) for t in world.ids}
    for t in world.region("north_america").territories:
        position[t] = ("Ada", 1)
    position["alaska"] = ("Ada", armies)
    position["kamchatka"] = ("Bo", 1)
    return rb.new_game(
        "classic", players=["Ada", "Bo"], position=position, current_player="Ada", phase="attack", seed=1
    )


# up to the engine's bound (MAX_UNITS for a player, whose 8 other territories hold 1 each)
@pytest.mark.parametrize("armies", [1002, 5000, MAX_UNITS - 8])
def test_a_source_of_any_size_the_engine_allows_can_be_selected_and_attack(armies: int) -> None:
    """The exact odds are worked out for battles up to ``MAX_ARMIES`` a side; a larger source is
    selected all the same, its target's odds shown as not worked out (a note says why)."""
    game = _big_stack(armies)
    board = rb.Board(game)
    send(board, kind="click", territory="alaska")
    assert board.error == {} and board.selected == "alaska"
    assert board.hints == hints_payload(game, "alaska")
    target = board.hints["targets"]["kamchatka"]
    assert target["dice"] == 3 and target["p_win"] is None and f"{MAX_ARMIES:,}" in target["notes"][-1]
    send(board, kind="click", territory="kamchatka")
    assert board.error == {} and game.history[-1][0] == rb.Attack("alaska", "kamchatka", 3)


def test_a_source_at_the_odds_bound_has_exact_odds() -> None:
    board = rb.Board(_big_stack(MAX_ARMIES + 1))
    send(board, kind="click", territory="alaska")
    assert board.hints["targets"]["kamchatka"]["p_win"] == 0.9999  # 1,000 v 1: all but certain


# -- the widget library's logger, trait writes, messages that must not escape (issue 19) ------
def test_the_board_log_is_the_widget_librarys_logger_and_the_events_are_event_log() -> None:
    """``log`` is ipywidgets' own logger, where its message handling reports errors: a synced
    trait of that name made a list of it, and ipywidgets' error path raised ``AttributeError``."""
    game = _scenario()
    board = rb.Board(game)
    assert isinstance(board.log, logging.Logger)
    assert "log" not in board.keys and board.trait_metadata("event_log", "sync")
    game.apply("attack alaska kamchatka 3", dice=([6, 5, 4], [1]))
    assert board.event_log == [str(e) for e in game.events(last=12)]
    before = game.to_json()
    board._handle_msg({"content": {"data": {"method": "a later protocol's"}}, "buffers": []})  # ipywidgets logs it
    assert isinstance(board.log, logging.Logger) and game.to_json() == before


@pytest.mark.parametrize(
    "message",
    [
        None,
        [],
        {"content": None},
        {"content": {"data": []}},
        {"content": {"data": {"method": 7}}},
        {"content": {"data": {"method": "custom"}}, "buffers": None},
        {"content": {"data": {"method": "custom", "content": {"kind": "undo"}}}},
        {"content": {"data": {"method": "update", "state": {"state_id": "x"}, "buffer_paths": [["x", 9]]}}},
    ],
)
def test_a_malformed_comm_message_is_refused_not_raised(message: object) -> None:
    game = _scenario()
    board = rb.Board(game)
    before, state_id = game.to_json(), board.state_id
    board._handle_msg(message)
    assert board.error["code"].startswith(("intent/", "trait/")) and board.error["message"]
    assert game.to_json() == before and board.state_id == state_id == game.state_id


@pytest.mark.parametrize(
    "write",
    [
        {"seats": {"Ada": "Aggressive", "Bo": "Genius"}},  # any bot name: its turns would then fail
        {"seats": {"Ada": "Random"}},  # even a valid seat: seats change by the set_seat intent only
        {"state_id": 99},
        {"selected": "kamchatka"},
        {"view": {}},
        {"error": {}},
        {"busy": True},
        {"next_dice": {"attack": [6, 6, 6], "defend": [1, 1]}},
        {"_esm": "export default {}"},
    ],
)
def test_the_front_end_may_not_change_a_trait_the_kernel_owns(write: dict[str, object]) -> None:
    game = _scenario()
    board = rb.Board(game)
    sent: list[dict[str, object]] = []
    board._send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    before, state = game.to_json(), board.get_state()
    board._handle_msg({"content": {"data": {"method": "update", "state": write, "buffer_paths": []}}, "buffers": []})
    assert board.error["code"] == "trait/kernel_owned"
    assert next(iter(write)) in board.error["message"]
    assert board.get_state() == {**state, "error": board.error}
    assert game.to_json() == before
    # the kernel's own values go back, so that the front end does not drift from them
    assert {"method": "update", "state": {k: state[k] for k in write}, "buffer_paths": []} in sent


def test_a_seat_changes_by_its_intent_and_the_bot_then_plays() -> None:
    game = _scenario()
    board = rb.Board(game, delay=0, seed=1)
    board.set_state({"seats": {"Ada": "Genius"}})
    assert board.seats == {"Ada": "human", "Bo": "human"} and board.error["code"] == "trait/kernel_owned"
    send(board, kind="set_seat", player="Ada", seat="Aggressive")
    assert board.error == {} and board.seats["Ada"] == "Aggressive"
    n = len(game.history)
    send(board, kind="step")
    assert board.error == {} and len(game.history) == n + 1


def test_a_write_of_no_trait_is_refused_too() -> None:
    board = rb.Board(_scenario())
    board.set_state({"armies": 5})
    assert board.error["code"] == "trait/unknown" and "armies" in board.error["message"]
    board.set_state("seats")  # type: ignore[arg-type]
    assert board.error["code"] == "trait/malformed"


def test_the_front_end_writes_no_trait() -> None:
    """The rule above holds for the board's own front end: ``js/`` never writes a trait."""
    from riskboard.widget.static import static_folder

    folder = static_folder()
    assert folder is not None
    for path in folder.glob("*.js"):
        text = path.read_text()
        assert "model.set(" not in text and "save_changes" not in text and ".touch(" not in text, path.name


def test_finish_turn_stops_where_a_human_must_decide_without_an_error() -> None:
    """A bot's turn that reaches a human defender's dice stops there: the intent was carried out as
    far as the bots decide, so no refusal is reported beside a game that changed."""
    world = rb.load_map("world")
    position = {t: ("Bo", 3) for t in world.ids}
    position["alaska"] = ("Ada", 9)
    game = rb.new_game(
        "classic",
        players=["Ada", "Bo"],
        position=position,
        current_player="Ada",
        phase="attack",
        seed=1,
        options={"ask_defender": True},
    )
    board = rb.Board(game, seats={"Ada": "Aggressive"}, delay=0, seed=1)
    send(board, kind="finish_turn")
    assert board.error == {} and game.pending.decision == "defend" and game.pending.player == "Bo"
    before = game.to_json()
    send(board, kind="finish_turn")  # now a human must decide: refused, nothing done
    assert board.error["code"] == "intent/human_seat" and game.to_json() == before


def test_an_error_quoting_a_huge_text_stays_short() -> None:
    game = _scenario()
    board = rb.Board(game)
    before = game.to_json()
    for content in (
        {"kind": "action", "text": "attack " + "alaska " * 50_000},
        {"kind": "click", "territory": "x" * 100_000},
        {"kind": "set_seat", "player": "Ada" * 10_000, "seat": "human"},
        {"kind": "k" * 100_000},
    ):
        send(board, **content)
        assert board.error["code"] and len(board.error["message"]) <= MESSAGE_LIMIT
    assert game.to_json() == before


def test_a_refused_click_with_a_source_selected_says_why_about_that_source() -> None:
    """Issue 21, item 5: with Alaska selected, a click on a territory it cannot attack said "first
    click one of your territories", as if nothing were selected."""
    game = _scenario()
    board = rb.Board(game)
    send(board, kind="click", territory="alaska")
    assert board.selected == "alaska"
    send(board, kind="click", territory="japan")  # Bo's, not next to Alaska
    assert board.error["code"] == "action/not_adjacent"
    assert "Alaska does not border Japan" in board.error["message"]
    send(board, kind="select", territory="")
    send(board, kind="click", territory="japan")  # nothing selected: pick a source first
    assert board.error["code"] == "action/no_source"


def test_a_selection_belongs_to_its_step_and_turn() -> None:
    """Issue 21, item 5: after fortifying, the attack source stayed selected; a source is only
    a choice in the step and the turn it was picked in."""
    game = _scenario()
    board = rb.Board(game)
    send(board, kind="click", territory="alaska")
    game.apply("attack alaska kamchatka 1", dice=([1], [6]))  # a lost throw: still the attack step
    assert board.selected == "alaska"
    game.apply("end")  # to the fortify step
    assert game.phase == "fortify" and board.selected == ""
    send(board, kind="select", territory="alaska")
    assert board.selected == "alaska"
    game.apply("fortify alaska alberta 2")
    assert game.current_player == "Bo" and board.selected == ""
    bo = rb.bots.Aggressive(seed=1)
    while game.pending.player == "Bo":  # Bo's turn, then Ada's again
        game.apply(bo.act(game.view("Bo")))
    assert game.current_player == "Ada" and game.owner("alaska") == "Ada" and board.selected == ""
