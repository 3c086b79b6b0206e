"""Star cards (RULES.md §4.6.2, D10, D12): one or more cards traded together at any time of one's
own turn for the troops of their star total (1 to 10 stars), placed at once; several trades a
turn; no hand limit and no forced trade; one card per turn with a conquest (§1.4, R10-12)."""

from __future__ import annotations

from typing import Any

import pytest

import riskboard as rb

from .conftest import IDS, end_turn, events_of, hand_of, illegal, kinds, scenario
from .spec_2010 import MOST_STARS, ONE_STAR, STAR_TABLE, TWO_STAR, TWO_STARS, stars

BOARD = {"ukraine": ("Ada", 9), "scandinavia": ("Bo", 2), "iceland": ("Ada", 2), "ural": ("Ada", 3)}


def reinforce(hand: list[str], **kw: Any) -> rb.Game:
    return scenario(BOARD, phase="reinforce", hands={"Ada": hand}, **kw)


MIXES = [(k, twos) for k in STAR_TABLE for twos in range(0, k // 2 + 1)]


@pytest.mark.parametrize(("k", "twos"), MIXES, ids=[f"{k}stars-{t}twos" for k, t in MIXES])
def test_the_star_table_prices_every_mix_of_1_to_10_stars(k: int, twos: int) -> None:
    hand = hand_of(k, twos=twos)
    assert stars(hand) == k
    game = reinforce(hand)
    before = game.reinforcements
    (traded,) = events_of(game.apply("trade " + " ".join(hand)), "CardsTraded")
    assert traded.armies == STAR_TABLE[k]
    assert game.reinforcements == before + STAR_TABLE[k]
    assert game.hand("Ada") == ()
    assert sorted(game.state.discard_pile) == sorted(hand)
    assert game.view("Ada").trade_value(tuple(hand)) == STAR_TABLE[k]


@pytest.mark.parametrize("hand", [hand_of(11), hand_of(11, twos=5), hand_of(12, twos=6), hand_of(20, twos=4)])
def test_more_than_ten_stars_in_one_trade_are_refused(hand: list[str]) -> None:
    game = reinforce(hand)
    illegal(game, "trade " + " ".join(hand), "cards/too_many_stars")
    # the same cards in two goes are fine
    first = []
    for c in hand:
        if stars([*first, c]) <= MOST_STARS:
            first.append(c)
    rest = [c for c in hand if c not in first]
    game.apply("trade " + " ".join(first))
    game.apply("trade " + " ".join(rest))
    assert game.hand("Ada") == ()


def test_several_trades_in_one_turn_add_up() -> None:
    hand = hand_of(7, twos=2)  # 2 + 2 + 1 + 1 + 1
    game = reinforce(hand)
    start = game.reinforcements
    game.apply(f"trade {hand[0]} {hand[2]}")  # 3 stars
    game.apply(f"trade {hand[1]} {hand[3]} {hand[4]}")  # 4 stars
    assert game.reinforcements == start + STAR_TABLE[3] + STAR_TABLE[4]
    assert game.state.sets_traded == 2
    game.apply(f"place {game.reinforcements} ukraine")
    assert game.phase == "attack"


def test_the_territories_on_the_cards_do_not_matter() -> None:
    # cards of the player's own territories put nothing extra on them; others' cards are worth the same
    own_cards = ["ukraine", "iceland"]
    other_cards = ["scandinavia", "japan"]
    game = reinforce(own_cards + other_cards)
    before = dict((t, game.armies(t)) for t in IDS)
    game.apply("trade ukraine iceland")
    game.apply("trade scandinavia japan")
    assert {t: game.armies(t) for t in IDS} == before
    assert game.reinforcements == game.extras.troops("Ada")[0] + 2 * STAR_TABLE[2]


def test_cards_are_traded_in_the_attack_step_and_placed_before_anything_else() -> None:
    hand = hand_of(4)
    game = scenario(BOARD, phase="attack", hands={"Ada": hand})
    game.apply("trade " + " ".join(hand))
    assert game.reinforcements == STAR_TABLE[4] and game.phase == "attack"
    assert game.pending.decision == "place"
    illegal(game, "attack ukraine scandinavia 3", "action/armies_left")
    illegal(game, "blitz ukraine scandinavia", "action/armies_left")
    illegal(game, "end", "action/armies_left")
    assert all(isinstance(a, (rb.Place, rb.TradeCards)) for a in game.legal_actions())
    game.apply("place 5 ukraine")
    game.apply("place 2 iceland")
    assert game.phase == "attack" and game.armies("ukraine") == 14
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1, 1]))
    assert game.owner("scandinavia") == "Ada"


def test_cards_are_traded_in_the_maneuver_step_and_placed_before_the_maneuver() -> None:
    hand = hand_of(3, twos=1)
    game = scenario(BOARD, phase="fortify", hands={"Ada": hand})
    game.apply("trade " + " ".join(hand))
    assert game.reinforcements == STAR_TABLE[3] and game.phase == "fortify"
    illegal(game, "fortify ukraine ural 2", "action/armies_left")
    illegal(game, "end", "action/armies_left")
    game.apply("place 4 ural")
    assert game.phase == "fortify" and game.armies("ural") == 7
    game.apply("fortify ural ukraine 6")
    assert game.armies("ukraine") == 15 and game.current_player == "Bo"


def test_trading_is_refused_during_a_move_in() -> None:
    game = scenario(BOARD, hands={"Ada": hand_of(2)})
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1, 1]))
    assert game.phase == "occupy"
    illegal(game, "trade " + " ".join(hand_of(2)), "action/wrong_phase")
    game.apply("occupy 3")
    game.apply("trade " + " ".join(hand_of(2)))  # back in the attack step: fine


def test_trade_errors_for_cards_not_held_twice_or_none() -> None:
    game = reinforce(["japan", "peru"])
    illegal(game, "trade japan brazil", "cards/not_in_hand")
    illegal(game, "trade japan japan", "cards/duplicate")
    illegal(game, rb.TradeCards(()), "cards/no_cards")


def test_the_legal_trades_are_one_per_star_mix_and_all_priced() -> None:
    hand = [*TWO_STAR[:3], *ONE_STAR[:4]]  # 3 twos and 4 ones
    game = reinforce(hand)
    trades = [a for a in game.legal_actions() if isinstance(a, rb.TradeCards)]
    mixes = {(sum(c in TWO_STARS for c in a.cards), sum(c not in TWO_STARS for c in a.cards)) for a in trades}
    expected = {(t, o) for t in range(4) for o in range(5) if 1 <= 2 * t + o <= MOST_STARS}
    assert mixes == expected and len(trades) == len(expected)
    for a in trades:
        assert game.is_legal(a)


# -- no hand limit, no forced trade ------------------------------------------------------------


def test_a_big_hand_need_not_be_traded() -> None:
    hand = hand_of(16, twos=2)  # 14 cards
    game = reinforce(hand)
    troops = game.reinforcements
    assert troops == game.extras.troops("Ada")[0]
    game.apply(f"place {troops} ukraine")
    assert game.phase == "attack"
    end_turn(game)
    assert game.hand("Ada") == tuple(hand)


def test_no_trade_is_forced_after_taking_an_eliminated_players_cards() -> None:
    bo_hand = hand_of(12)
    game = scenario({**BOARD, "scandinavia": ("Bo", 1)}, hands={"Bo": bo_hand})
    assert game.territories("Bo") == ["scandinavia"]
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    assert not game.is_alive("Bo")
    assert game.hand("Ada") == tuple(bo_hand)
    assert game.phase == "occupy" and game.reinforcements == 0
    game.apply("occupy 3")
    end_turn(game, dice=["japan"])
    assert game.current_player == "Cy"


# -- drawing a card (§1.4, R10-12) ---------------------------------------------------------------


def test_one_card_for_a_turn_with_conquests_however_many() -> None:
    game = scenario({**BOARD, "northern_europe": ("Bo", 1), "ukraine": ("Ada", 20)})
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1, 1]))
    game.apply("occupy 3")
    game.apply("attack ukraine northern_europe 3", dice=([6, 6, 6], [1]))
    game.apply("occupy 3")
    events = end_turn(game)
    assert len(events_of(events, "CardDrawn")) == 1
    assert len(game.hand("Ada")) == 1 and len(game.state.draw_pile) == 41


def test_no_card_without_a_conquest() -> None:
    game = scenario(BOARD)
    game.apply("attack ukraine scandinavia 3", dice=([1, 1, 1], [6, 6]))
    events = end_turn(game)
    assert events_of(events, "CardDrawn") == []
    assert game.hand("Ada") == () and len(game.state.draw_pile) == 42


@pytest.mark.parametrize("variant", ["simple", "classic"])
def test_an_empty_pile_is_refilled_from_the_traded_cards(variant: str) -> None:
    hands = {"Ada": list(IDS[:21]), "Bo": list(IDS[21:])}
    game = scenario({**BOARD, "peru": ("Bo", 1)}, variant=variant, hands=hands, drawn=17)
    assert game.state.draw_pile == ()
    game.apply("trade " + " ".join(hand_of(2, skip=IDS[21:])))
    game.apply("place 2 ukraine")
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1, 1]))
    game.apply("occupy 3")
    if variant == "simple":  # the ceasefire card lay at the bottom of the empty pile: it comes now
        assert game.state.extra.ceasefire == 0
        events = end_turn(game)
        assert "CeasefireDrawn" in kinds(events) and game.is_over
        return
    events = end_turn(game)
    assert kinds(events)[:4] == ["PhaseChanged", "TurnEnded", "DiscardsReshuffled", "CardDrawn"]
    assert len(game.hand("Ada")) == 20 and game.state.discard_pile == () and len(game.state.draw_pile) == 1


def test_without_the_reshuffle_an_empty_pile_gives_no_card() -> None:
    hands = {"Ada": list(IDS[:21]), "Bo": list(IDS[21:])}
    game = scenario({**BOARD, "peru": ("Bo", 1)}, variant="classic", hands=hands, options={"reshuffle_discards": False})
    game.apply("trade " + " ".join(hand_of(2, skip=IDS[21:])))
    game.apply("place 2 ukraine")
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1, 1]))
    game.apply("occupy 3")
    events = end_turn(game)
    assert events_of(events, "CardDrawn") == [] and len(game.hand("Ada")) == 19
