"""Eliminations (RULES.md §4.8, D9): a player who loses their last territory is out and hands every
card to the player who took it (no forced trade); in the two-player game the conqueror of a
neutral army's last territory takes its 3 reserved cards, and with no neutral army left the
neutral step is skipped."""

from __future__ import annotations

import pytest

from .conftest import IDS, duel, end_turn, events_of, hand_of, own, scenario
from .spec_2010 import NEUTRALS, RESERVED_CARDS


def test_the_eliminator_takes_every_card_of_the_eliminated_player() -> None:
    bo_hand = hand_of(4, twos=1, skip=("ukraine",))
    ada_hand = ["ukraine"]
    game = scenario({"ukraine": ("Ada", 9), "scandinavia": ("Bo", 1)}, hands={"Ada": ada_hand, "Bo": bo_hand})
    events = game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    (out,) = events_of(events, "PlayerEliminated")
    assert (out.player, out.by, out.cards_taken) == ("Bo", "Ada", len(bo_hand))
    assert not game.is_alive("Bo")
    assert game.hand("Bo") == () and game.hand("Ada") == (*ada_hand, *bo_hand)
    assert not game.is_over  # Cy is still in


def test_an_eliminated_player_is_skipped_in_turn_order() -> None:
    game = scenario({"ukraine": ("Ada", 9), "scandinavia": ("Bo", 1)}, options={"territories_to_win": 42})
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    game.apply("occupy 3")
    end_turn(game, dice=["japan"])
    assert game.current_player == "Cy"
    game.apply(f"place {game.reinforcements} japan")
    end_turn(game)
    assert game.current_player == "Ada"


def test_a_neutral_armys_last_territory_brings_its_reserved_cards() -> None:
    game = duel(
        {"ukraine": ("Ada", 9), "scandinavia": ("neutral_2", 1), "siberia": ("Bo", 3), "japan": ("neutral_3", 1)},
        phase="attack",
        reserved={
            "neutral_1": ["peru", "brazil", "argentina"],
            "neutral_2": ["alaska", "iceland", "china"],
            "neutral_3": ["egypt", "congo", "ural"],
        },
    )
    assert game.extras.neutral_armies == dict.fromkeys(NEUTRALS, RESERVED_CARDS)
    events = game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    (fell,) = events_of(events, "NeutralArmyEliminated")
    assert (fell.army, fell.conqueror, fell.cards) == ("neutral_2", "Ada", 3)
    assert game.hand("Ada") == ("alaska", "iceland", "china")
    assert game.state.extra.reserved[1] == ()
    assert game.extras.neutral_armies == {"neutral_1": 3, "neutral_3": 3}
    assert not game.is_over
    # the cards are Ada's to trade at once, in this very turn
    game.apply("occupy 3")
    game.apply("trade alaska iceland china")  # 2 + 1 + 2 = 5 stars
    assert game.reinforcements == 10


def test_a_neutral_territory_that_is_not_the_last_brings_no_cards() -> None:
    game = duel(
        {"ukraine": ("Ada", 9), "scandinavia": ("neutral_2", 1), "iceland": ("neutral_2", 1), "siberia": ("Bo", 3)},
        phase="attack",
    )
    events = game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    assert events_of(events, "NeutralArmyEliminated") == [] and game.hand("Ada") == ()
    assert len(game.state.extra.reserved[1]) == 3


def test_with_the_last_neutral_army_gone_the_next_turn_has_no_neutral_step() -> None:
    board = {
        **own("Ada", IDS[:21], 1),
        **own("Bo", IDS[21:], 1),
        "ukraine": ("Ada", 9),
        "scandinavia": ("neutral_3", 1),
    }
    game = duel(board, phase="attack")
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    assert game.extras.neutral_armies == {} and len(game.hand("Ada")) == 3
    game.apply("occupy 3")
    end_turn(game)
    assert game.current_player == "Bo" and game.phase == "reinforce"


ELIMINATING_ATTACKS = {
    "attack, then occupy": (["attack ukraine scandinavia 3", "occupy 5"], {}),
    "blitz, then occupy": (["blitz ukraine scandinavia", "occupy 5"], {}),
    "blitz moving all in": (["blitz ukraine scandinavia all"], {}),
    "blitz moving the least in": (["blitz ukraine scandinavia min"], {}),
    "the defender chooses dice": (["attack ukraine scandinavia 3", "defend 1", "occupy 5"], {"ask_defender": True}),
}


@pytest.mark.parametrize("how", ELIMINATING_ATTACKS)
def test_eliminating_a_player_by_conquest_still_earns_the_turns_card(how: str) -> None:
    """§4.5 step 4: a conquest earns one card at the end of the turn, also the one that puts a
    player out (whichever way the attack was made and the move-in decided)."""
    actions, options = ELIMINATING_ATTACKS[how]
    game = scenario({"ukraine": ("Ada", 9), "scandinavia": ("Bo", 1)}, options=options)
    for text in actions:
        game.apply(text, dice=([6, 6, 6], [1]) if text.startswith(("attack", "blitz")) else None)
    assert not game.is_alive("Bo")
    assert game.hand("Ada") == ()
    events = end_turn(game, dice=["japan"])
    (drawn,) = events_of(events, "CardDrawn")
    assert drawn.player == "Ada"
    assert game.hand("Ada") == ("japan",)
