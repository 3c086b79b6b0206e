"""The options of the 2010 edition (RULES.md §8: every [decision] can be overridden by name) beyond
those the other files use: undo, the maneuver switched off, a replaced list of 2-star cards."""

from __future__ import annotations

import pytest

import riskboard as rb

from .conftest import R2010, end_turn, events_of, scenario
from .spec_2010 import STAR_TABLE

BOARD = {"ukraine": ("Ada", 9), "ural": ("Ada", 3), "scandinavia": ("Bo", 2), "peru": ("Bo", 1)}


def test_the_defaults_are_the_printed_rules() -> None:
    options = rb.new_game(R2010, players=["Ada", "Bo", "Cy"], seed=1).options
    assert options["ask_defender"] is False
    assert options["game_length"] == "medium"
    assert options["ceasefire_window"] is None and options["two_star_cards"] is None
    assert options["territories_to_win"] == 0 and options["reshuffle_discards"] is True
    assert (options["attack_dice"], options["defence_dice"], options["ties"], options["fortify"]) == (
        3,
        2,
        "defender",
        "connected",
    )


def test_undo_takes_back_an_action_and_can_be_switched_off() -> None:
    game = scenario(BOARD)
    before = game.to_json()
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1, 1]))
    game.undo()
    assert game.to_json() == before
    fixed = scenario(BOARD, options={"undo": False})
    fixed.apply("attack ukraine scandinavia 3")
    with pytest.raises(rb.IllegalAction) as info:
        fixed.undo()
    assert info.value.code == "undo/disabled"


def test_without_a_maneuver_ending_the_attack_ends_the_turn() -> None:
    game = scenario(BOARD, options={"fortify": "none"})
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1, 1]))
    game.apply("occupy 3")
    events = game.apply("end", dice=["japan"])
    assert game.current_player == "Bo" and len(events_of(events, "CardDrawn")) == 1
    assert not any(isinstance(a, rb.Fortify) for a in game.legal_actions())


def test_a_replaced_list_of_two_star_cards_prices_the_trades() -> None:
    hand = ["japan", "peru", "alaska"]  # by default 1 + 1 + 2 stars
    default = scenario(BOARD, phase="reinforce", hands={"Ada": hand})
    (traded,) = events_of(default.apply("trade japan peru alaska"), "CardsTraded")
    assert traded.armies == STAR_TABLE[4]
    replaced = scenario(BOARD, phase="reinforce", hands={"Ada": hand}, options={"two_star_cards": ["japan", "peru"]})
    (traded,) = events_of(replaced.apply("trade japan peru alaska"), "CardsTraded")
    assert traded.armies == STAR_TABLE[5]
    faces = replaced.ruleset.card_faces(replaced.config)
    assert faces["japan"] == {"stars": 2} and faces["alaska"] == {"stars": 1}


def test_ask_defender_asks_a_player_for_every_throw() -> None:
    game = scenario(BOARD, options={"ask_defender": True})
    game.apply("attack ukraine scandinavia 3")
    assert (game.pending.player, game.pending.decision) == ("Bo", "defend")
    game.apply("defend 2", dice=([1, 1, 1], [6, 6]))
    assert game.pending.player == "Ada" and game.phase == "attack"
    end_turn(game)
    assert game.current_player == "Bo"
