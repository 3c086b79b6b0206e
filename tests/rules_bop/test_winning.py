"""Winning and elimination (RULES.md §5.14, §5.4 step 7): three missions and the own capital at
the end of the own turn, or the opponent without territory at once."""

from __future__ import annotations

from typing import Any

import riskboard as rb

from .conftest import events_of, illegal, kinds, scenario

TWO = ["control_region_yellow", "control_region_orange"]


def near_win(**kw: Any) -> rb.Game:
    kw.setdefault("collected", {"red": TWO})
    kw.setdefault("missions", ["control_swiss_vault", "control_danish_naval_base"])
    assign = {
        "ireland": ("red", 3),
        "switzerland": ("red", 3),
        "germany": ("red", 5),
        "netherlands": ("blue", 1),
        "finland": ("blue", 4),
    }
    assign.update(kw.pop("assign", {}))
    return scenario(assign, capitals={"red": "ireland", "blue": "finland"}, **kw)


def test_three_missions_and_the_capital_win_at_the_end_of_the_turn() -> None:
    game = near_win()
    game.apply("collect control_swiss_vault")
    assert game.winner is None and game.phase == "fortify"  # not before the end of the turn
    events = game.apply("end")
    (won,) = events_of(events, "GameWon")
    assert won.player == "red" and "ireland" in won.reason
    assert (game.phase, game.winner, game.is_over) == ("over", "red", True)
    assert game.legal_actions() == []
    illegal(game, "end", "game/over")


def test_the_win_check_comes_after_the_maneuver_and_the_card() -> None:
    game = near_win()
    game.apply("attack germany netherlands 3", dice=([6, 6, 6], [1]))
    game.apply("occupy 3")
    game.apply("collect control_swiss_vault")
    events = game.apply("fortify germany netherlands 1", dice=["poland"])
    names = kinds(events)
    assert names.index("ArmiesMoved") < names.index("CardDrawn") < names.index("GameWon")
    assert game.winner == "red"


def test_three_missions_without_the_capital_do_not_win() -> None:
    game = near_win(
        current="blue",
        phase="attack",
        collected={"red": [*TWO, "control_region_purple"]},
        missions=[],
        assign={"finland": ("blue", 4), "norway": ("blue", 9), "ireland": ("red", 1), "great_britain": ("blue", 9)},
    )
    game.apply("attack great_britain ireland 1", dice=([6], [1]))
    game.apply("occupy 1")
    assert game.owner("ireland") == "blue"
    game.apply("end")
    game.apply("end", dice=["poland"])  # blue's turn ends; nobody wins
    assert game.winner is None and game.current_player == "red"
    game.apply(f"place {game.reinforcements} germany")
    game.apply("end")
    game.apply("end")
    assert game.winner is None and game.current_player == "blue"  # red lacks its capital


def test_the_opponents_turn_end_does_not_make_the_player_win() -> None:
    game = near_win(current="blue", phase="fortify", collected={"red": [*TWO, "control_region_purple"]}, missions=[])
    game.apply("end")
    assert game.winner is None and (game.current_player, game.phase) == ("red", "reinforce")
    game.apply(f"place {game.reinforcements} germany")
    game.apply("end")
    game.apply("end")
    assert game.winner == "red"  # at the end of red's own turn


def test_two_missions_do_not_win() -> None:
    game = near_win(missions=[])
    game.apply("end")
    game.apply("end")
    assert game.winner is None and game.current_player == "blue"


def test_missions_to_win_is_an_option() -> None:
    game = near_win(options={"missions_to_win": 2}, missions=[])
    game.apply("end")
    game.apply("end")
    assert game.winner == "red"


def test_blue_wins_the_same_way() -> None:
    game = near_win(current="blue", collected={"blue": [*TWO, "control_region_purple"]}, missions=[])
    game.apply("end")
    game.apply("end")
    assert game.winner == "blue"


def test_eliminating_the_opponent_wins_at_once() -> None:
    game = scenario({"sweden": ("red", 5), "finland": ("blue", 1)}, missions=[])
    events = game.apply("attack sweden finland 3", dice=([6, 6, 6], [1]))
    assert [(e.player, e.by) for e in events_of(events, "PlayerEliminated")] == [("blue", "red")]
    assert [e.player for e in events_of(events, "GameWon")] == ["red"]
    assert (game.phase, game.winner) == ("over", "red")
    assert not game.is_alive("blue")
    assert game.owner("finland") == "red" and game.armies("finland") == 3
    illegal(game, "end", "game/over")


def test_the_neutral_army_wiped_out_does_not_end_the_game() -> None:
    game = scenario({"germany": ("red", 5), "denmark": ("neutral", 1)}, default=("blue", 1), missions=[])
    game.apply("attack germany denmark 1", dice=([6], [1]))
    game.apply("occupy 1")
    assert game.territories("neutral") == [] and not game.is_over
    game.apply("end")
    game.apply("end")
    assert game.current_player == "blue" and game.phase == "reinforce"  # no resistance step in basic training
