"""Card sets and trade-ins (RULES.md §2.5, D5): what a set is, the global value counter, the +2
occupied-territory bonus (once per turn), the forced trade at 5 cards, the discard pile."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import riskboard as rb
from riskboard.rulesets.components.cards import sets_in_hand

from .conftest import ARTILLERY, CAVALRY, INFANTRY, events_of, illegal, own, scenario
from .spec_world import SYMBOL

# Territories Ada owns in these scenarios; none of them appears on a card used below
# unless a test says so.
HOME = own("Ada", ["japan"], 3) | own("Ada", ["madagascar"], 1)


def trade_game(hand: list[str], *, sets_traded: int = 0, assign=None, **kw) -> rb.Game:
    return scenario(
        HOME | (assign or {}),
        default=("Bo", 1),
        phase="reinforce",
        hands={"Ada": hand},
        sets_traded=sets_traded,
        **kw,
    )


def test_card_symbols_used_by_the_engine() -> None:
    symbols = rb.get_ruleset("classic").symbols
    assert {c: symbols[c] for c in SYMBOL} == SYMBOL
    for card in INFANTRY:
        assert symbols[card] == "infantry"
    for card in CAVALRY:
        assert symbols[card] == "cavalry"
    for card in ARTILLERY:
        assert symbols[card] == "artillery"
    assert symbols["wild_1"] == symbols["wild_2"] == "wild"
    assert len(symbols) == 44


@pytest.mark.parametrize(
    "cards",
    [
        INFANTRY[:3],  # three alike
        CAVALRY[:3],
        ARTILLERY[:3],
        (INFANTRY[0], CAVALRY[0], ARTILLERY[0]),  # one of each
        (INFANTRY[0], INFANTRY[1], "wild_1"),  # two plus a wild
        (INFANTRY[0], CAVALRY[0], "wild_2"),
        (ARTILLERY[0], "wild_1", "wild_2"),
    ],
)
def test_valid_sets_are_accepted(cards: tuple[str, ...]) -> None:
    game = trade_game(list(cards))
    reinforcements = game.reinforcements
    events = game.apply(rb.TradeCards(cards))
    (traded,) = events_of(events, "CardsTraded")
    assert traded.armies == 4
    assert game.reinforcements == reinforcements + 4
    assert game.hand("Ada") == ()


@pytest.mark.parametrize(
    "cards",
    [
        (INFANTRY[0], INFANTRY[1], CAVALRY[0]),
        (INFANTRY[0], CAVALRY[0], CAVALRY[1]),
        (ARTILLERY[0], ARTILLERY[1], INFANTRY[0]),
    ],
)
def test_two_alike_and_one_different_is_not_a_set(cards: tuple[str, ...]) -> None:
    game = trade_game(list(cards))
    illegal(game, rb.TradeCards(cards), "cards/not_a_set")
    assert rb.TradeCards(cards) not in game.legal_actions()


def test_trade_errors() -> None:
    hand = [*INFANTRY[:3], CAVALRY[0]]
    game = trade_game(hand)
    illegal(game, f"trade {INFANTRY[0]} {INFANTRY[1]}", "cards/not_a_set")
    illegal(game, f"trade {INFANTRY[0]} {INFANTRY[0]} {INFANTRY[1]}", "cards/not_a_set")
    illegal(game, f"trade {INFANTRY[0]} {INFANTRY[1]} {INFANTRY[3]}", "cards/not_in_hand")
    illegal(game, f"trade {INFANTRY[0]} {INFANTRY[1]} wild_1", "cards/not_in_hand")
    illegal(game, "trade", "action/unparsable")


def test_legal_trades_are_exactly_the_sets_in_hand() -> None:
    hand = [INFANTRY[0], INFANTRY[1], CAVALRY[0], "wild_1"]
    game = trade_game(hand)
    trades = {frozenset(a.cards) for a in game.legal_actions() if isinstance(a, rb.TradeCards)}
    assert trades == {
        frozenset((INFANTRY[0], INFANTRY[1], "wild_1")),
        frozenset((INFANTRY[0], CAVALRY[0], "wild_1")),
        frozenset((INFANTRY[1], CAVALRY[0], "wild_1")),
    }


@pytest.mark.parametrize(
    ("already", "value"),
    [(0, 4), (1, 6), (2, 8), (3, 10), (4, 12), (5, 15), (6, 20), (7, 25), (8, 30), (9, 35), (10, 40), (14, 60)],
)
def test_set_value_depends_on_the_global_count(already: int, value: int) -> None:
    game = trade_game(list(INFANTRY[:3]), sets_traded=already)
    before = game.reinforcements
    game.apply(rb.TradeCards(INFANTRY[:3]))
    assert game.reinforcements - before == value
    assert game.state.sets_traded == already + 1


def test_the_counter_is_shared_between_players() -> None:
    # Ada trades the 1st set of the game (4); Bo then trades the 2nd (6), though it is his first.
    assign = own("Ada", ["japan"], 3) | own("Bo", ["madagascar"], 1) | own("Cy", ["argentina"], 1)
    game = scenario(
        assign,
        default=("Cy", 1),
        phase="reinforce",
        hands={"Ada": list(INFANTRY[:3]), "Bo": list(CAVALRY[:3])},
    )
    game.apply(rb.TradeCards(INFANTRY[:3]))
    assert game.reinforcements == 3 + 4
    game.apply("place 7 japan")
    game.apply("end")
    game.apply("end")
    assert game.current_player == "Bo"
    events = game.apply(rb.TradeCards(CAVALRY[:3]))
    assert events_of(events, "CardsTraded")[0].armies == 6
    assert game.reinforcements == 3 + 6
    assert game.state.sets_traded == 2


def test_two_sets_in_one_turn_take_consecutive_values() -> None:
    game = trade_game([*INFANTRY[:3], *CAVALRY[:3]], sets_traded=6)
    before = game.reinforcements
    game.apply(rb.TradeCards(INFANTRY[:3]))
    game.apply(rb.TradeCards(CAVALRY[:3]))
    assert game.reinforcements - before == 20 + 25


def test_card_value_options() -> None:
    game = trade_game(list(INFANTRY[:3]), sets_traded=3, options={"card_values": [1, 2], "card_value_step": 3})
    before = game.reinforcements
    game.apply(rb.TradeCards(INFANTRY[:3]))
    assert game.reinforcements - before == 2 + 3 * 2  # the 4th set: 2 then +3 per set after the list


def test_traded_cards_go_to_the_discard_pile() -> None:
    game = trade_game([*INFANTRY[:3], CAVALRY[0]])
    pile = game.state.draw_pile
    game.apply(rb.TradeCards(INFANTRY[:3]))
    assert sorted(game.state.discard_pile) == sorted(INFANTRY[:3])
    assert game.hand("Ada") == (CAVALRY[0],)
    assert game.state.draw_pile == pile


# -- +2 armies on an owned card territory -------------------------------------------------------


def test_owned_card_territory_gets_two_armies_on_it() -> None:
    game = trade_game(list(INFANTRY[:3]), assign={"brazil": ("Ada", 1)})
    before = game.reinforcements
    events = game.apply(rb.TradeCards(INFANTRY[:3]))
    assert events_of(events, "CardsTraded")[0].bonus_territory == "brazil"
    assert game.armies("brazil") == 3  # placed there at once
    assert game.reinforcements == before + 4  # the set value only
    assert game.state.bonus_used


def test_no_bonus_for_cards_of_territories_owned_by_others() -> None:
    game = trade_game(list(INFANTRY[:3]))
    armies = game.state.armies
    events = game.apply(rb.TradeCards(INFANTRY[:3]))
    assert events_of(events, "CardsTraded")[0].bonus_territory is None
    assert game.state.armies == armies
    assert not game.state.bonus_used


def test_bonus_goes_to_the_first_owned_card_in_the_order_given() -> None:
    assign = {"brazil": ("Ada", 1), "argentina": ("Ada", 1)}
    cards = ("central_america", "argentina", "brazil")
    game = trade_game(list(cards), assign=assign)
    game.apply(rb.TradeCards(cards))
    assert (game.armies("argentina"), game.armies("brazil")) == (3, 1)
    game = trade_game(list(cards), assign=assign)
    game.apply(rb.TradeCards(("brazil", "argentina", "central_america")))
    assert (game.armies("argentina"), game.armies("brazil")) == (1, 3)


def test_bonus_at_most_once_per_turn() -> None:
    assign = {"brazil": ("Ada", 1), "greenland": ("Ada", 1)}
    game = trade_game([*INFANTRY[:3], *CAVALRY[:3]], assign=assign)
    game.apply(rb.TradeCards(INFANTRY[:3]))
    events = game.apply(rb.TradeCards(CAVALRY[:3]))
    assert events_of(events, "CardsTraded")[0].bonus_territory is None
    assert (game.armies("brazil"), game.armies("greenland")) == (3, 1)


def test_bonus_on_the_second_set_if_the_first_had_none() -> None:
    game = trade_game([*INFANTRY[:3], *CAVALRY[:3]], assign={"greenland": ("Ada", 1)})
    game.apply(rb.TradeCards(INFANTRY[:3]))
    assert not game.state.bonus_used
    game.apply(rb.TradeCards(CAVALRY[:3]))
    assert game.armies("greenland") == 3


def test_bonus_is_available_again_next_turn() -> None:
    assign = own("Ada", ["brazil"], 1) | own("Bo", ["greenland"], 1) | own("Cy", ["argentina"], 1)
    game = scenario(
        assign,
        default=("Cy", 1),
        phase="reinforce",
        hands={"Ada": list(INFANTRY[:3]), "Bo": list(CAVALRY[:3])},
    )
    game.apply(rb.TradeCards(INFANTRY[:3]))
    assert game.armies("brazil") == 3
    game.apply(f"place {game.reinforcements} brazil")
    game.apply("end")
    game.apply("end")
    assert not game.state.bonus_used
    game.apply(rb.TradeCards(CAVALRY[:3]))
    assert game.armies("greenland") == 3


# -- forced trade -----------------------------------------------------------------------------


def test_five_cards_force_a_trade_before_placing() -> None:
    hand = [*INFANTRY[:3], CAVALRY[0], ARTILLERY[0]]
    game = trade_game(hand)
    assert game.pending.decision == "trade"
    actions = game.legal_actions()
    assert actions and all(isinstance(a, rb.TradeCards) for a in actions)
    illegal(game, "place 1 japan", "cards/must_trade")
    game.apply(rb.TradeCards(INFANTRY[:3]))
    assert game.pending.decision == "place"
    game.apply("place 1 japan")
    assert game.armies("japan") == 4


def test_six_cards_force_one_trade_and_allow_a_second() -> None:
    hand = [*INFANTRY[:3], *CAVALRY[:3]]
    game = trade_game(hand, sets_traded=1)
    illegal(game, "place 1 japan", "cards/must_trade")
    game.apply(rb.TradeCards(CAVALRY[:3]))
    assert game.check("place 1 japan") is None
    assert rb.TradeCards(INFANTRY[:3]) in game.legal_actions()
    before = game.reinforcements
    game.apply(rb.TradeCards(INFANTRY[:3]))
    assert game.reinforcements - before == 8


@pytest.mark.parametrize("size", [3, 4])
def test_three_or_four_cards_trade_is_optional(size: int) -> None:
    hand = [*INFANTRY[:3], CAVALRY[0]][:size]
    game = trade_game(hand)
    assert game.pending.decision == "place"
    game.apply(f"place {game.reinforcements} japan")
    assert game.phase == "attack"
    assert len(game.hand("Ada")) == size


def test_no_trading_outside_the_reinforce_phase() -> None:
    for phase in ("attack", "fortify"):
        game = scenario(HOME, default=("Bo", 1), phase=phase, hands={"Ada": list(INFANTRY[:3])})
        illegal(game, rb.TradeCards(INFANTRY[:3]), "action/wrong_phase")


SYMBOLS = {**SYMBOL, "wild_1": "wild", "wild_2": "wild"}


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(sorted(SYMBOLS)), min_size=0, max_size=9, unique=True))
def test_the_sets_in_a_hand_are_every_set_of_three_in_hand_order(hand: list[str]) -> None:
    """§2.5 by brute force: three alike, one of each, or any two with a wild. The engine works
    each hand's sets out once per pattern of symbols, so two hands of one pattern must still get
    their own cards."""

    def a_set(three: tuple[str, ...]) -> bool:
        kinds = [SYMBOLS[c] for c in three]
        return "wild" in kinds or len(set(kinds)) in (1, 3)

    expected = [three for three in itertools.combinations(hand, 3) if a_set(three)]
    assert sets_in_hand(tuple(hand), SYMBOLS) == expected
    assert sets_in_hand(tuple(hand), SYMBOLS) == expected  # the second time from what was remembered
