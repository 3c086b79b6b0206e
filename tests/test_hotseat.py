"""Hot-seat secrecy (``rb.Board(game, secrecy=...)``, ``riskboard.widget.secrecy``): people at one
screen see only their own secrets. Games are played through the board as people would play them
(every seat human, each decision sent as an intent, the pass screen's ``reveal`` pressed), with
bots only choosing the moves; at every step the synced traits and every message the board sends
are searched for another player's cards and mission, the deck's order and the seed."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

import riskboard as rb
from riskboard.engine.game import Game
from riskboard.engine.notation import short_text
from riskboard.widget.contract import TRAITS
from riskboard.widget.delta import apply
from riskboard.widget.edition import counts_payload, extras_payload
from riskboard.widget.payload import hints_payload, view_payload
from riskboard.widget.secrecy import NOBODY, Secrecy, Sight

SEED = 918273647
"""A seed no payload could show by chance."""
DYNAMIC = tuple(t for t in TRAITS if t != "map_data")
"""The traits scanned for the deck's order (the static map lists neighbours, which could match)."""


def _board(game: rb.Game, **kwargs: Any) -> tuple[rb.Board, list[dict[str, Any]]]:
    """A board whose every message to the front end is recorded."""
    board = rb.Board(game, **kwargs)
    sent: list[dict[str, Any]] = []
    board._send = lambda msg, buffers=None: sent.append(json.loads(json.dumps(msg)))  # type: ignore[method-assign]
    return board, sent


def _intent(board: rb.Board, kind: str, **fields: Any) -> dict[str, Any]:
    board._on_msg(board, {"kind": kind, "state_id": board.state_id, **fields}, [])
    return dict(board.error)


def _walk(value: Any) -> Any:
    """Every dict inside a JSON value."""
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from _walk(v)
    elif isinstance(value, list):
        for v in value:
            yield from _walk(v)


def _leaks(game: rb.Game, payload: Any, seer: str | None, *, scan_deck: bool = True) -> list[str]:
    """What in ``payload`` (synced traits or a message) shows a secret ``seer`` may not see."""
    found: list[str] = []
    text = json.dumps(payload)
    over = game.is_over
    mine = set(game.view(seer).hand) if seer else set()
    for d in _walk(payload):
        if "hand_owner" in d and d["hand_owner"] not in (seer, None):
            found.append(f"the hand of {d['hand_owner']}")
        if isinstance(d.get("hand"), list) and "hand_owner" in d:
            extra = {c["id"] for c in d["hand"]} - mine
            if extra:
                found.append(f"cards {sorted(extra)} in the shown hand")
        if "secrets" in d and not over:
            found.append("every player's secrets")
        for trade in d.get("trades", []) or []:
            if set(trade["cards"]) - mine:
                found.append(f"a trade of {trade['cards']}")
        if isinstance(d.get("mission"), dict) and d.get("hand_owner") != seer and not over:
            found.append("a mission of another")
    if not over:
        for p in game.players:
            mission = game.view(p).mission
            if p != seer and mission:
                goal = game.ruleset.mission_goal(game.config, mission)
                for word in (mission, goal.text if goal else mission):
                    if json.dumps(word) in text or f"mission: {word}" in text:
                        found.append(f"{p}'s mission {word}")
    pile = game.state.draw_pile  # a pile kept sorted (each card drawn by chance) has no order to
    # hide; which cards it holds, the differential test below checks
    if scan_deck and len(pile) >= 3 and list(pile) != sorted(pile) and json.dumps(list(pile[:3]))[1:-1] in text:
        found.append("the deck's order")
    for number in (game.seed, game.config.key):
        if str(number) in text:
            found.append(f"the seed {number}")
    return found


def _hear(front: dict[str, Any], msg: dict[str, Any]) -> None:
    """The front end's values after one message: a trait update, or a patch (``js/delta.js``)."""
    if msg["method"] == "update":
        front.update(msg["state"])
    elif msg["method"] == "custom" and msg["content"].get("kind") == "patch":
        for name, entry in msg["content"]["traits"].items():
            front[name] = apply(front[name], entry)


def _play_hot_seat(game: rb.Game, bot: type, steps: int) -> dict[str, int]:
    """Play ``game`` on a hot-seat board as its humans would, checking every message and the
    traits at every step; returns what happened (pass screens, reveals, steps)."""
    board, sent = _board(game, secrecy="hot_seat")
    bots = {p: bot(seed=i) for i, p in enumerate(game.players)}
    counted = {"passes": 0, "steps": 0, "same_player": 0, "hands_shown": 0}
    holder: str | None = None
    state = board.get_state(key=list(TRAITS))
    assert not _leaks(game, {k: state[k] for k in DYNAMIC}, None)
    front = json.loads(json.dumps(state))  # what the front end holds, from the messages alone
    while not game.is_over and counted["steps"] < steps:
        player = game.pending.player
        assert player is not None
        if player != holder:  # another human decides: the pass screen, with nothing secret
            assert board.pass_to == player, (counted, game.pending)
            assert board.view["hand_owner"] is None and "mission" not in board.view
            assert _intent(board, "click", territory=game.map.ids[0])["code"] == "secrecy/pass_first"
            assert not (leak := _leaks(game, board.get_state(key=list(DYNAMIC)), None)), leak
            assert _intent(board, "reveal") == {}
            holder = player
            counted["passes"] += 1
        else:
            assert board.pass_to == "", (counted, game.pending)
            assert _intent(board, "reveal")["code"] == "secrecy/nothing_hidden"
            counted["same_player"] += 1
        assert board.view["hand_owner"] == player
        assert [c["id"] for c in board.view["hand"]] == list(game.view(player).hand)
        counted["hands_shown"] += bool(board.view["hand"])
        mission = game.view(player).mission
        assert board.view.get("mission", {}).get("id") == mission
        assert not (leak := _leaks(game, board.get_state(key=list(DYNAMIC)), player)), leak
        action = bots[player].act(game.view(player))
        for msg in sent:  # the pass screen's messages
            _hear(front, msg)
        sent.clear()
        assert _intent(board, "action", text=short_text(action, game.map)) == {}, action
        for msg in sent:  # each message as it was sent, against the position it was sent for
            assert not (leak := _leaks(game, msg, player if board.pass_to == "" else None)), (leak, msg)
            _hear(front, msg)
        sent.clear()
        # a patch holds only pieces of the traits' new values: the front end knows what they say
        assert front == json.loads(json.dumps(board.get_state(key=list(TRAITS))))
        counted["steps"] += 1
    return counted


def test_a_three_human_secret_missions_game_never_shows_another_players_cards_or_mission() -> None:
    game = rb.new_game("classic", variant="secret_missions", players=["Ada", "Bo", "Cy"], seed=SEED)
    counted = _play_hot_seat(game, rb.bots.Aggressive, steps=2000)
    assert counted["passes"] > 100 and counted["same_player"] > 100 and counted["hands_shown"] > 50
    assert game.is_over and game.turn > 10


def test_a_balance_of_power_game_never_shows_the_other_players_hand() -> None:
    game = rb.new_game("balance_of_power", players=["red", "blue"], seed=SEED)
    counted = _play_hot_seat(game, rb.bots.Aggressive, steps=2000)
    assert counted["passes"] > 10 and counted["hands_shown"] > 10 and game.is_over


def test_the_pass_screen_comes_between_humans_and_never_before_a_bot() -> None:
    game = rb.new_game("classic", variant="secret_missions", players=["Ada", "Bo", "Cy"], seed=SEED)
    board, sent = _board(game, secrecy="hot_seat", seats={"Bo": "Aggressive"}, seed=1)
    bot = rb.bots.Aggressive(seed=5)
    reveals: list[str] = []
    while game.turn < 6:
        player = game.pending.player
        assert player is not None
        if board.seats[player] != "human":  # a bot decides: nobody's secrets, no pass screen
            assert board.pass_to == "" and board.view["hand_owner"] is None
            assert _intent(board, "reveal")["code"] == "secrecy/nothing_hidden"
            assert _intent(board, "step") == {}
            continue
        if board.pass_to:
            assert board.pass_to == player and board.view["hand_owner"] is None
            reveals.append(player)
            assert _intent(board, "reveal") == {}
        assert board.view["hand_owner"] == player
        assert _intent(board, "action", text=short_text(bot.act(game.view(player)), game.map)) == {}
        # the board's bot answered at once: whatever it sent showed none of its secrets
        assert all(not _leaks(game, m, None) for m in sent if m.get("state", {}).get("pass_to"))
        sent.clear()
    assert "Bo" not in reveals and {"Ada", "Cy"} <= set(reveals)
    assert all(a != b for a, b in itertools.pairwise(reveals))  # the same human is never asked twice in a row


def test_a_stale_reveal_is_refused_and_changes_nothing() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=SEED)
    board, _sent = _board(game, secrecy="hot_seat")
    board._on_msg(board, {"kind": "reveal", "state_id": board.state_id + 1}, [])
    assert board.error["code"] == "intent/stale" and board.pass_to == "Ada" and board.view["hand_owner"] is None
    assert _intent(board, "reveal") == {} and board.pass_to == "" and board.view["hand_owner"] == "Ada"


def test_undo_to_another_humans_decision_asks_for_the_device_again() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=SEED)
    board, _sent = _board(game, secrecy="hot_seat")
    _intent(board, "reveal")
    _intent(board, "click", territory=board.hints["place"][0])
    assert board.pass_to == "Bo"
    assert _intent(board, "undo") == {} and board.pass_to == "Ada" and board.view["hand_owner"] is None


def test_a_seat_given_to_a_human_asks_for_the_device_first() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo"], seed=SEED)
    board, _sent = _board(game, secrecy="hot_seat", seats={"Ada": "Random"})
    assert board.pass_to == "" and board.view["hand_owner"] is None
    assert _intent(board, "set_seat", player="Ada", seat="human") == {}
    assert board.pass_to == "Ada"


def test_teacher_shows_every_hand_and_mission() -> None:
    game = rb.new_game("classic", variant="secret_missions", players=["Ada", "Bo", "Cy"], seed=SEED)
    bots = {p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}
    while game.turn < 8:
        game.apply(bots[game.pending.player].act(game.view(game.pending.player)))  # type: ignore[index]
    board, _sent = _board(game, secrecy="teacher")
    assert board.secrecy == "teacher" and board.pass_to == ""
    secrets = board.view["secrets"]
    for p in game.players:
        assert [c["id"] for c in secrets[p]["hand"]] == list(game.view(p).hand)
        assert secrets[p]["mission"]["id"] == game.view(p).mission
    assert _intent(board, "reveal")["code"] == "secrecy/nothing_hidden"


def test_open_is_the_default_and_keeps_the_viewer() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=SEED)
    board = rb.Board(game)
    assert board.secrecy == "open" and board.pass_to == "" and "secrets" not in board.view
    assert board.view["hand_owner"] == "Ada"
    assert rb.Board(game, viewer="Cy").view["hand_owner"] == "Cy"
    assert _intent(board, "reveal")["code"] == "secrecy/nothing_hidden"


@pytest.mark.parametrize("mode", ["secret", "", None, 1, "Hot_seat"])
def test_an_unknown_mode_is_a_config_error_naming_the_modes(mode: Any) -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=SEED)
    with pytest.raises(rb.ConfigError, match="'open', 'hot_seat', 'teacher'"):
        rb.Board(game, secrecy=mode)


def test_a_hot_seat_board_takes_no_viewer() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=SEED)
    with pytest.raises(rb.ConfigError):
        rb.Board(game, secrecy="hot_seat", viewer="Bo")


def test_a_new_mission_shows_in_the_log_only_to_its_holder(monkeypatch: pytest.MonkeyPatch) -> None:
    from riskboard.engine.events import MissionChanged, TurnEnded
    from riskboard.widget.payload import event_log_payload

    game = rb.new_game("classic", variant="secret_missions", players=["Ada", "Bo", "Cy"], seed=SEED)
    events = [TurnEnded("Ada"), MissionChanged("Bo", "occupy_24")]  # the one event naming a mission
    monkeypatch.setattr(game, "events", lambda last=None: events)
    assert event_log_payload(game, sight=Sight.of("Bo"))[-1] == "Bo got a new mission: occupy_24"
    assert event_log_payload(game, sight=Sight.of("Ada")) == ["Ada ended the turn without moving"]
    assert event_log_payload(game, sight=NOBODY) == ["Ada ended the turn without moving"]
    assert len(event_log_payload(game)) == 2  # an open board's log, as before


@pytest.mark.parametrize(
    ("name", "variant", "players"),
    [
        ("classic", "secret_missions", 3),
        ("risk2010", "simple", 3),
        ("balance_of_power", "basic_training", 2),
        ("transformers", "standard", 3),
    ],
)
def test_what_a_sight_is_shown_does_not_depend_on_what_it_may_not_see(name: str, variant: str, players: int) -> None:
    """The payloads for one player (or nobody) are the same when every other player's hand and
    mission, the draw pile and (2010) the ceasefire card are dealt anew as the rules allow
    (``resample_hidden``): nothing they carry comes from another's secrets."""
    game = rb.new_game(name, variant=variant, players=["Ada", "Bo", "Cy"][:players], seed=SEED)
    bots = {p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}
    rng = random.Random(4)
    checked = 0
    for step in range(600):
        if game.is_over:
            break
        player = game.pending.player
        assert player is not None
        if step % 7 == 0:
            cfg = game.config
            for sight in (Sight.of(player), NOBODY):
                # nobody's sight: dealt anew from another's side, so the decider's hand changes too
                seer = sight.shown or next(p for p in cfg.players if p != player)
                other = Game(cfg, cfg.ruleset.resample_hidden(cfg, game.state, cfg.players.index(seer), rng))
                for build in (
                    lambda g, sight=sight: view_payload(g, sight),
                    lambda g, sight=sight: hints_payload(g, "", sight),
                    extras_payload,
                    counts_payload,
                ):
                    assert build(game) == build(other), (step, build)
            checked += 1
        game.apply(bots[player].act(game.view(player)))
    assert checked >= 10


def test_the_secrecy_of_a_finished_game_is_over() -> None:
    secrecy = Secrecy("hot_seat")
    game = rb.new_game("classic", players=["Ada", "Bo"], seed=SEED)
    bots = {p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}
    while not game.is_over:
        game.apply(bots[game.pending.player].act(game.view(game.pending.player)))  # type: ignore[index]
    seats = dict.fromkeys(game.players, "human")
    assert secrecy.pass_to(game, seats) == "" and secrecy.sight(game, seats, None).everyone


def test_a_hot_seat_board_has_no_teachers_dice_for_whoever_holds_the_device() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo"], seed=3)
    board, _sent = _board(game, secrecy="hot_seat")
    error = _intent(board, "set_dice", attack=[6, 6, 6], defend=[1, 1])
    assert error["code"] == "secrecy/teacher_dice"
    assert board.next_dice == {}
    open_board, _ = _board(rb.new_game("classic", players=["Ada", "Bo"], seed=3))
    assert _intent(open_board, "set_dice", attack=[6, 6, 6], defend=[1, 1]) == {}
    assert open_board.next_dice == {"attack": [6, 6, 6], "defend": [1, 1]}
