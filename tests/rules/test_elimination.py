"""Elimination and winning (RULES.md §2.8, §2.10): the conqueror takes the loser's cards, trades
down to 4 or fewer at once with 6 or more and places those armies before attacking again; the
last opponent eliminated ends the game."""

from __future__ import annotations

import pytest

import riskboard as rb

from .conftest import ARTILLERY, CAVALRY, INFANTRY, events_of, illegal, own, scenario


def elimination_game(ada_hand: list[str], bo_hand: list[str], *, bo_keeps: bool = False, **kw) -> rb.Game:
    """Bo's last territory is quebec (1 army) unless ``bo_keeps`` greenland too; Ada attacks from
    ontario (10). Cy owns the rest."""
    greenland = ("Bo", 1) if bo_keeps else ("Cy", 1)
    return scenario(
        {"ontario": ("Ada", 10), "quebec": ("Bo", 1), "greenland": greenland},
        default=("Cy", 1),
        hands={"Ada": ada_hand, "Bo": bo_hand},
        **kw,
    )


def test_the_conqueror_takes_the_losers_cards() -> None:
    game = elimination_game([ARTILLERY[0]], [INFANTRY[0], CAVALRY[0]])
    events = game.apply("attack ontario quebec 3", dice=([6, 6, 6], [1]))
    (out,) = events_of(events, "PlayerEliminated")
    assert (out.player, out.by, out.cards_taken) == ("Bo", "Ada", 2)
    assert not game.is_alive("Bo")
    assert game.state.alive == (True, False, True)
    assert sorted(game.hand("Ada")) == sorted([ARTILLERY[0], INFANTRY[0], CAVALRY[0]])
    assert game.hand("Bo") == ()
    assert not game.state.must_trade
    assert game.winner is None
    game.apply("occupy 5")
    assert game.pending.decision == "attack"  # fewer than 6 cards: keep attacking, trade next turn


def test_not_eliminated_while_a_territory_remains() -> None:
    game = elimination_game([], [INFANTRY[0]], bo_keeps=True)
    events = game.apply("attack ontario quebec 3", dice=([6, 6, 6], [1]))
    assert not events_of(events, "PlayerEliminated")
    assert game.is_alive("Bo")
    assert game.hand("Bo") == (INFANTRY[0],)
    assert game.hand("Ada") == ()


def test_six_or_more_cards_force_trading_down_to_four_then_placing() -> None:
    ada = [INFANTRY[0], INFANTRY[1], INFANTRY[2]]
    bo = [CAVALRY[0], CAVALRY[1], CAVALRY[2], ARTILLERY[0]]
    game = elimination_game(ada, bo, sets_traded=4)
    game.apply("attack ontario quebec 3", dice=([6, 6, 6], [1]))
    assert len(game.hand("Ada")) == 7
    assert game.state.must_trade
    game.apply("occupy 3")  # the move-in belongs to the conquest
    assert game.phase == "attack"
    assert game.pending.decision == "trade"
    assert all(isinstance(a, rb.TradeCards) for a in game.legal_actions())
    illegal(game, "attack quebec greenland 1", "action/armies_left")
    assert game.check("place 1 ontario") is not None  # nothing to place before a trade
    illegal(game, "end", "action/armies_left")
    game.apply(rb.TradeCards(INFANTRY[:3]))  # the 5th set: 12
    assert len(game.hand("Ada")) == 4
    assert not game.state.must_trade
    assert game.phase == "attack"
    assert game.reinforcements == 12
    assert game.pending.decision == "place"
    illegal(game, "attack quebec greenland 1", "action/armies_left")
    illegal(game, "end", "action/armies_left")
    illegal(game, rb.TradeCards(CAVALRY[:3]), "action/wrong_phase")  # down to 4: no more trading now
    game.apply("place 10 quebec")
    assert game.phase == "attack"
    game.apply("place 2 ontario")
    assert game.pending.decision == "attack"
    assert (game.armies("quebec"), game.armies("ontario")) == (13, 9)
    game.apply("attack quebec greenland 3", dice=([6, 6, 6], [1]))
    assert game.owner("greenland") == "Ada"


def test_exactly_six_cards_force_one_trade() -> None:
    game = elimination_game(list(INFANTRY[:3]), list(CAVALRY[:3]))
    game.apply("attack ontario quebec 3", dice=([6, 6, 6], [1]))
    assert game.state.must_trade
    game.apply("occupy 3")
    game.apply(rb.TradeCards(CAVALRY[:3]))
    assert not game.state.must_trade
    assert len(game.hand("Ada")) == 3
    assert game.reinforcements == 4


def test_nine_cards_need_two_trades() -> None:
    ada = [*INFANTRY[:3], ARTILLERY[0], ARTILLERY[1]]
    bo = [*CAVALRY[:3], ARTILLERY[2]]
    game = elimination_game(ada, bo)
    game.apply("attack ontario quebec 3", dice=([6, 6, 6], [1]))
    game.apply("occupy 3")
    game.apply(rb.TradeCards(INFANTRY[:3]))
    assert len(game.hand("Ada")) == 6
    assert game.state.must_trade
    illegal(game, "place 1 ontario", "cards/must_trade")
    game.apply(rb.TradeCards(CAVALRY[:3]))
    assert len(game.hand("Ada")) == 3
    assert not game.state.must_trade
    assert game.reinforcements == 4 + 6


def test_five_cards_after_elimination_wait_for_the_next_turn() -> None:
    game = elimination_game(list(INFANTRY[:3]), [CAVALRY[0], CAVALRY[1]])
    game.apply("attack ontario quebec 3", dice=([6, 6, 6], [1]))
    assert len(game.hand("Ada")) == 5
    assert not game.state.must_trade
    game.apply("occupy 3")
    illegal(game, rb.TradeCards(INFANTRY[:3]), "action/wrong_phase")


def test_eliminated_players_are_skipped_in_turn_order() -> None:
    game = elimination_game([], [])
    game.apply("attack ontario quebec 3", dice=([6, 6, 6], [1]))
    game.apply("occupy 3")
    game.apply("end")
    game.apply("end")
    assert game.current_player == "Cy"  # Bo, next in seating order, is out
    assert game.phase == "reinforce"


def test_eliminating_the_last_opponent_wins() -> None:
    game = scenario(own("Ada", [t for t in rb.load_map("world").ids if t != "quebec"], 2) | {"quebec": ("Bo", 1)})
    game.apply("attack ontario quebec 1", dice=([6], [3]))
    assert game.phase == "over"
    assert game.winner == "Ada"
    assert game.is_over
    assert game.pending.player is None
    assert game.legal_actions() == []
    assert game.owner("quebec") == "Ada"
    illegal(game, "end", "game/over")
    illegal(game, "attack ontario greenland 1", "game/over")


def test_won_game_reports_the_win_event() -> None:
    game = scenario(own("Ada", [t for t in rb.load_map("world").ids if t != "quebec"], 2) | {"quebec": ("Cy", 1)})
    events = game.apply("attack ontario quebec 1", dice=([6], [3]))
    (won,) = events_of(events, "GameWon")
    assert won.player == "Ada"
    assert game.stats()["Ada"]["territories"] == 42


def test_eliminating_one_of_two_opponents_does_not_win() -> None:
    game = elimination_game([], [])
    game.apply("attack ontario quebec 3", dice=([6, 6, 6], [1]))
    assert game.winner is None
    assert game.phase == "occupy"


ELIMINATING_ATTACKS = {
    "attack, then occupy": (["attack ontario quebec 3", "occupy 5"], {}),
    "blitz, then occupy": (["blitz ontario quebec", "occupy 5"], {}),
    "blitz moving all in": (["blitz ontario quebec all"], {}),
    "blitz moving the least in": (["blitz ontario quebec min"], {}),
    "the defender chooses dice": (["attack ontario quebec 3", "defend 1", "occupy 5"], {"ask_defender": True}),
}


@pytest.mark.parametrize("how", ELIMINATING_ATTACKS)
def test_eliminating_a_player_by_conquest_still_earns_the_turns_card(how: str) -> None:
    """§1.4: a conquest earns one card at the end of the turn, also the one that puts a player out
    (whichever way the attack was made and the move-in decided)."""
    actions, options = ELIMINATING_ATTACKS[how]
    game = elimination_game([], [INFANTRY[0]], options=options)
    for text in actions:
        game.apply(text, dice=([6, 6, 6], [1]) if text.startswith(("attack", "blitz")) else None)
    assert not game.is_alive("Bo")
    assert game.hand("Ada") == (INFANTRY[0],)
    game.apply("end")
    events = game.apply("end")  # no fortify move: the turn ends
    (drawn,) = events_of(events, "CardDrawn")
    assert drawn.player == "Ada"
    assert len(game.hand("Ada")) == 2
