"""The board's Python side for Transformers: what it sends about the leaders, the scrapyards, the
rounds and the alliances for 2, 3 and 4 players; the hints of every decision (the leader's start
zone, an attack and a defence with the leader, the casualty choice, continue or stop, the move-in,
a leader's return, the move with the leader), read from the legal actions; the odds overlay with
the leaders' d8 (``battle_odds`` with the leader flags); the d8 in the dice payload and the
teacher's dice; refusals that change nothing; the leaders and the round in the picture."""

from __future__ import annotations

import json
from typing import Any

import pytest

import riskboard as rb
from browser.scenarios_tf import (
    FIRST_THROW,
    SECOND_THROW,
    TF,
    casualty_pending,
    face_to_face,
    liberation,
    mid_liberation,
    position,
)
from riskboard.render.icons import LEADER_ICONS

PLAYERS = ["Ada", "Bo", "Cy", "Dee"]
TF_PARTS = {"leaders", "scrapyard", "rounds", "leader_dice", "attack_limits"}


def send(board: rb.Board, **content: Any) -> None:
    board._on_msg(board, {"state_id": board.state_id, **content}, [])


def new(players: int, **kw: Any) -> rb.Game:
    return rb.new_game(TF, players=PLAYERS[:players], seed=1, **kw)


def played(players: int, turns: int = 6, seed: int = 3) -> rb.Game:
    game = rb.new_game(TF, players=PLAYERS[:players], seed=seed)
    bots = {p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}
    while game.turn < turns and not game.is_over:
        player = game.pending.player
        assert player is not None
        game.apply(bots[player].act(game.view(player)))
    return game


# -- what the board sends, for 2, 3 and 4 players --------------------------------------------------
@pytest.mark.parametrize(
    ("players", "leaders", "alliances"),
    [
        (2, ["optimus_prime", "megatron"], []),
        (3, ["optimus_prime", "megatron", "barricade"], []),
        (4, ["optimus_prime", "megatron", "bumblebee", "barricade"], [["Ada", "Cy"], ["Bo", "Dee"]]),
    ],
)
def test_parts_and_facts(players: int, leaders: list[str], alliances: list[list[str]]) -> None:
    game = new(players)
    board = rb.Board(game)
    ed = board.edition
    assert set(ed["parts"]) == TF_PARTS | ({"alliances"} if alliances else set())
    assert [ed["leaders"][p]["id"] for p in game.players] == leaders
    assert ed["leaders"]["Ada"] == {"id": "optimus_prime", "name": "Optimus Prime", "faction": "autobots"}
    assert {ed["leaders"][p]["faction"] for p in game.players} == {"autobots", "decepticons"}
    assert ed["factions"] == {"autobots": "Autobots", "decepticons": "Decepticons"}
    assert ed["alliances"] == alliances
    assert ed["rounds"] == 6 and ed["revive_cost"] == 3 and ed["largest_die"] == 8
    assert ed["leader_icons"] == LEADER_ICONS and "icons" not in ed
    assert [s[0] for s in ed["steps"]] == ["setup", "reinforce", "attack", "fortify"]
    assert ed["verbs"]["place_leader"] == "place the leader" and ed["verbs"]["casualty"] == "choose the casualties"
    assert ed["words"]["units"] == "robots" and ed["rules"]["sides"] == 6
    assert ("alliance" in ed["goal"]) == bool(alliances)
    json.dumps(ed)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_state_and_counts_follow_game_extras(players: int) -> None:
    game = played(players)
    board = rb.Board(game)
    x = game.extras
    assert board.extras["leaders"] == x.leader_zones
    assert board.extras["scrapyard"] == x.scrapyard
    assert (board.extras["round"], board.extras["rounds"]) == (x.round, 6) and x.round >= 1
    sides = board.counts["sides"]
    teams = [list(t) for t in x.alliances] or [[p] for p in game.players]
    assert [s["players"] for s in sides] == teams
    for s in sides:
        assert s["zones"] == sum(len(game.territories(p)) for p in s["players"])
        assert s["robots"] == sum(game.armies(t) for p in s["players"] for t in game.territories(p))
    assert {" + ".join(s["players"]): s["zones"] for s in sides} == x.zones()
    json.dumps([board.extras, board.counts, board.hints])


def test_the_setup_places_each_leader_by_a_click() -> None:
    game = new(2)
    board = rb.Board(game)
    first = game.pending.player
    assert board.view["pending"]["decision"] == "place_leader"
    assert board.hints["place"] == sorted(game.map.ids)  # every zone is empty
    assert board.extras["leaders"] == {"Ada": None, "Bo": None}
    send(board, kind="click", territory="japan")
    assert board.error == {} and game.leader_at("japan") == first and game.armies("japan") == 2
    assert board.extras["leaders"][first] == "japan"
    assert board.view["pending"]["decision"] == "place_leader"  # the other player's leader
    assert "japan" not in board.hints["place"]
    send(board, kind="click", territory="japan")  # taken: refused
    assert board.error["code"] == "action/already_claimed"
    send(board, kind="click", territory="peru")
    assert board.view["pending"]["decision"] == "claim" and len(board.hints["place"]) == 40


# -- a liberation action by intents ----------------------------------------------------------------
def test_attack_hints_and_the_odds_overlay_with_the_leaders() -> None:
    game = liberation()
    board = rb.Board(game)
    assert board.hints["leader"] == {"attack": ["ontario"], "fortify": [], "defend": []}
    send(board, kind="click", territory="ontario")
    target = board.hints["targets"]["greenland"]
    assert target["dice"] == 3
    assert target["p_win"] == round(rb.battle_odds(6, 3, attacker_leader=True).p_win, 4)
    assert target["p_win_no_leader"] == round(rb.battle_odds(6, 3).p_win, 4)
    assert any("d8" in note for note in target["notes"])
    # a source without the leader: plain odds, no leader to commit
    send(board, kind="click", territory="quebec")
    assert board.selected == "quebec" and "p_win_no_leader" not in board.hints["targets"]["greenland"]
    assert board.hints["targets"]["greenland"]["p_win"] == round(rb.battle_odds(1, 3).p_win, 4)


def test_the_odds_overlay_counts_the_defending_leader_too() -> None:
    game = face_to_face()
    board = rb.Board(game)
    send(board, kind="select", territory="ontario")
    target = board.hints["targets"]["greenland"]
    exact = rb.battle_odds(6, 3, attacker_leader=True, defender_leader=True).p_win
    assert target["p_win"] == round(exact, 4) != round(rb.battle_odds(6, 3, attacker_leader=True).p_win, 4)
    assert target["p_win_no_leader"] == round(rb.battle_odds(6, 3, defender_leader=True).p_win, 4)


def test_a_liberation_with_the_leader_clicked_through() -> None:
    game = liberation()
    board = rb.Board(game)
    send(board, kind="set_dice", attack=FIRST_THROW[0], defend=FIRST_THROW[1])  # the d8 first
    assert board.error == {} and board.next_dice == {"attack": [2, 6, 1], "defend": [5, 4]}
    send(board, kind="action", text="attack ontario greenland 3 leader")
    assert board.error == {} and board.next_dice == {}
    # the throw: Ada's d8 showed 2 (the middle die once sorted), pairs 6 > 5 and 2 < 4
    assert board.dice["attack"] == [6, 2, 1] and board.dice["attack_sides"] == [6, 8, 6]
    assert board.dice["defend"] == [5, 4] and board.dice["defend_sides"] == [6, 6]
    assert board.dice["pair_winners"] == ["attacker", "defender"]
    # the casualty: Ada lost 1 of the 3 she committed, Optimus Prime one of them
    assert board.view["pending"]["decision"] == "casualty" and board.view["pending"]["player"] == "Ada"
    assert board.hints["casualty"] == {
        "player": "Ada",
        "side": "attacker",
        "zone": "ontario",
        "units": 1,
        "committed": 3,
        "leader": "Optimus Prime",
    }
    assert board.extras["fight"]["stage"] == "casualty" and board.extras["fight"]["leader"] is True
    send(board, kind="click", territory="greenland")  # a click on the map does not choose it
    assert board.error["code"] == "action/wrong_phase" and "buttons below the map" in board.error["message"]
    send(board, kind="action", text="casualty robot")
    assert board.error == {} and game.leader_at("ontario") == "Ada" and game.extras.scrapyard["Ada"] == 5
    # outcome 2: continue (the dice and the leader again) or stop
    assert board.view["pending"]["decision"] == "continue"
    go = board.hints["continue"]
    assert go == {
        "source": "ontario",
        "target": "greenland",
        "dice": 3,
        "leader": True,
        "last": {"dice": 3, "leader": True},
        "p_win": round(rb.battle_odds(5, 2, attacker_leader=True).p_win, 4),
        "p_win_no_leader": round(rb.battle_odds(5, 2).p_win, 4),
    }
    legal = {str(a) for a in game.legal_actions()}
    assert {"stop", "attack ontario greenland 3 leader", "attack ontario greenland 1"} <= legal
    send(board, kind="set_dice", attack=SECOND_THROW[0], defend=SECOND_THROW[1])
    send(board, kind="action", text="attack ontario greenland 3 leader")
    # liberated: the three attackers, Optimus Prime among them, moved in; more may follow
    assert board.error == {} and game.owner("greenland") == "Ada" and game.leader_at("greenland") == "Ada"
    assert board.extras["leaders"]["Ada"] == "greenland" and board.extras["fight"] is None
    assert board.view["pending"]["decision"] == "occupy"
    assert board.hints["occupy"] == {"min": 3, "max": 5, "source": "ontario", "target": "greenland"}
    send(board, kind="action", text="occupy 5")
    assert game.armies("greenland") == 5 and game.armies("ontario") == 1
    assert board.view["pending"]["decision"] == "attack" and board.extras["blocked"] == "ontario"


def test_stop_ends_the_action_and_the_next_may_start_from_the_same_zone() -> None:
    board = rb.Board(mid_liberation())
    send(board, kind="action", text="attack quebec greenland 1")  # not the action that goes on
    assert board.error["code"] == "action/continue_or_stop"
    send(board, kind="action", text="stop")
    assert board.error == {} and board.view["pending"]["decision"] == "attack"
    assert board.hints["continue"] == {} and board.extras["fight"] is None
    send(board, kind="click", territory="ontario")
    assert board.selected == "ontario" and "greenland" in board.hints["targets"]


def test_a_defence_with_the_leader_and_the_defenders_casualty() -> None:
    game = face_to_face(ask_defender=True)
    board = rb.Board(game)
    send(board, kind="select", territory="ontario")
    assert "blitz" in board.hints and board.hints["blitz"] is False  # the defender answers each throw
    free = game.copy()  # without the teacher's dice Bo chooses 1 or 2 dice, Megatron among them or not
    free.apply("attack ontario greenland 3 leader")
    assert rb.Board(free).hints["leader"]["defend"] == [[1, False], [1, True], [2, False], [2, True]]
    send(board, kind="set_dice", attack=[6, 6, 5], defend=[3, 6])  # Megatron's d8 first: 3
    send(board, kind="action", text="attack ontario greenland 3")
    assert board.view["pending"]["player"] == "Bo" and board.view["pending"]["decision"] == "defend"
    assert board.hints["defend"] == {"max": 2, "target": "greenland"}
    assert board.hints["leader"]["defend"] == [[2, False], [2, True]]  # the teacher's dice say how many
    send(board, kind="action", text="defend 2 leader")
    assert board.error == {}
    assert board.dice["defend"] == [6, 3] and board.dice["defend_sides"] == [6, 8]
    # one pair each (6 = 6 to the defender, 6 > 3): Bo lost 1 of 2 and chooses, Megatron one of them
    assert board.view["pending"]["player"] == "Bo" and board.view["pending"]["decision"] == "casualty"
    assert board.hints["casualty"]["side"] == "defender" and board.hints["casualty"]["leader"] == "Megatron"
    assert board.hints["casualty"]["zone"] == "greenland" and board.hints["casualty"]["committed"] is None
    send(board, kind="action", text="casualty leader")
    assert board.error == {} and board.extras["leaders"]["Bo"] == "scrapyard"


def test_a_leader_comes_back_from_the_scrapyard() -> None:
    game = rb.new_game(
        TF,
        players=["Ada", "Bo"],
        position=position(),
        current_player="Ada",
        phase="reinforce",
        leaders={"Ada": "scrapyard", "Bo": "ukraine"},
        reinforcements=8,
        seed=2,
    )
    board = rb.Board(game)
    assert board.extras["leaders"]["Ada"] == "scrapyard"
    assert board.hints["revive"] == sorted(game.territories("Ada"))
    send(board, kind="click", territory="alaska")  # a click places a robot, as always
    assert game.armies("alaska") == 3 and game.leader_at("alaska") is None
    send(board, kind="action", text="revive greenland")  # Bo's zone: refused
    assert board.error["code"] == "action/not_owner"
    send(board, kind="action", text="revive alaska")
    assert board.error == {} and game.leader_at("alaska") == "Ada" and game.armies("alaska") == 4
    assert board.extras["scrapyard"]["Ada"] == 3 and board.hints["revive"] == []
    assert game.reinforcements == 4  # 8, less the robot placed and the 3 the return cost


def test_the_move_may_take_the_leader() -> None:
    game = rb.new_game(
        TF,
        players=["Ada", "Bo"],
        position=position(),
        current_player="Ada",
        phase="fortify",
        leaders=dict(zip(["Ada", "Bo"], ["ontario", "ukraine"])),
        seed=2,
    )
    board = rb.Board(game)
    assert board.hints["leader"]["fortify"] == ["ontario"]
    send(board, kind="action", text="fortify ontario quebec 3 leader")
    assert board.error == {} and game.leader_at("quebec") == "Ada"


# -- refusals --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("make", "message", "code"),
    [
        (liberation, {"kind": "action", "text": "attack quebec greenland 1 leader"}, "leader/not_here"),
        (liberation, {"kind": "action", "text": "attack ontario greenland 3 leaders"}, "action/unparsable"),
        (liberation, {"kind": "action", "text": "casualty leader"}, "action/no_casualty"),
        (liberation, {"kind": "action", "text": "stop"}, "action/nothing_to_stop"),
        (liberation, {"kind": "action", "text": "revive ontario"}, "action/wrong_phase"),
        (liberation, {"kind": "action", "text": 5}, "intent/malformed"),
        (liberation, {"kind": "set_dice", "attack": [9], "defend": [1]}, "dice/invalid"),
        (casualty_pending, {"kind": "action", "text": "casualty everyone"}, "action/unparsable"),
        (casualty_pending, {"kind": "action", "text": "end"}, "action/casualty_first"),
        (casualty_pending, {"kind": "click", "territory": "ontario"}, "action/wrong_phase"),
        (mid_liberation, {"kind": "action", "text": "end"}, "action/continue_or_stop"),
        (mid_liberation, {"kind": "action", "text": "attack ontario greenland 4 leader"}, "action/bad_dice"),
    ],
)
def test_illegal_intents_are_refused_and_change_nothing(make: Any, message: dict[str, Any], code: str) -> None:
    game = make()
    board = rb.Board(game)
    before = game.to_json()
    send(board, **message)
    assert board.error["code"] == code and board.error["message"]
    assert game.to_json() == before


def test_the_teacher_dice_take_a_leaders_d8_only_where_a_leader_rolls() -> None:
    game = liberation()
    board = rb.Board(game)
    send(board, kind="set_dice", attack=[8, 6, 6], defend=[1, 1])
    assert board.error == {}
    before = game.to_json()
    send(board, kind="action", text="attack ontario greenland 3")  # no leader: an 8 on a d6
    assert board.error["code"] == "dice/invalid" and game.to_json() == before


# -- the picture -----------------------------------------------------------------------------------
def test_the_picture_draws_the_leaders_and_the_round() -> None:
    svg = str(rb.render_svg(mid_liberation()))
    assert svg.count('class="symbol leader autobots"') == 1 and svg.count('class="symbol leader decepticons"') == 1
    assert "Ontario: Optimus Prime, leader of Ada" in svg and "Ukraine: Megatron, leader of Bo" in svg
    assert "(round 2 of 6)" in svg
    assert "Ada: 8 territories, 20 robots, 0 cards, Optimus Prime on Ontario, scrapyard 5" in svg
    four = str(rb.render_svg(played(4)))
    assert "allied with Cy" in four and "allied with Ada" in four and four.count('class="symbol leader ') >= 1
    assert "leader" not in str(rb.render_svg(rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=1)))
