"""Conquest and move-in (RULES.md §1.2, §2.6), fortify (§1.5 `fortify_adjacent`, §2.7) and the
card earned at the end of a turn with a conquest (§1.4, §2.3 step 4, D5)."""

from __future__ import annotations

import pytest

import riskboard as rb

from .conftest import events_of, expected_income, illegal, own, scenario

# -- conquest and move-in -----------------------------------------------------------------------


def test_conquest_moves_the_rolling_armies_in_and_offers_the_rest() -> None:
    game = scenario({"ontario": ("Ada", 10), "quebec": ("Bo", 1)})
    events = game.apply("attack ontario quebec 3", dice=([6, 2, 1], [5]))
    (conquered,) = events_of(events, "TerritoryConquered")
    assert (conquered.territory, conquered.previous_owner, conquered.moved) == ("quebec", "Bo", 3)
    assert game.owner("quebec") == "Ada"
    assert (game.armies("ontario"), game.armies("quebec")) == (7, 3)
    assert game.phase == "occupy"
    assert (game.pending.player, game.pending.decision) == ("Ada", "occupy")
    # total moved in: at least the 3 dice, at most 3 + (7 - 1) = 9
    assert set(game.legal_actions()) == {rb.Occupy(k) for k in range(3, 10)}
    illegal(game, "occupy 2", "action/bad_count")
    illegal(game, "occupy 10", "action/bad_count")
    illegal(game, "attack ontario greenland 1", "action/wrong_phase")
    illegal(game, "end", "action/must_occupy")
    game.apply("occupy 9")
    assert (game.armies("ontario"), game.armies("quebec")) == (1, 9)
    assert game.phase == "attack"


def test_occupy_with_the_minimum_moves_nothing_more() -> None:
    game = scenario({"ontario": ("Ada", 10), "quebec": ("Bo", 1)})
    game.apply("attack ontario quebec 3", dice=([6, 2, 1], [5]))
    game.apply("occupy 3")
    assert (game.armies("ontario"), game.armies("quebec")) == (7, 3)
    game.apply("end")  # the attack phase continues normally
    assert game.phase == "fortify"


def test_conquest_with_fewer_dice_sets_a_lower_minimum() -> None:
    game = scenario({"ontario": ("Ada", 6), "quebec": ("Bo", 1)})
    game.apply("attack ontario quebec 1", dice=([6], [5]))
    assert (game.armies("ontario"), game.armies("quebec")) == (5, 1)
    assert set(game.legal_actions()) == {rb.Occupy(k) for k in range(1, 6)}
    game.apply("occupy 4")
    assert (game.armies("ontario"), game.armies("quebec")) == (2, 4)


def test_occupy_step_is_skipped_when_nothing_more_can_move() -> None:
    game = scenario({"ontario": ("Ada", 3), "quebec": ("Bo", 1)})
    game.apply("attack ontario quebec 2", dice=([6, 2], [5]))
    assert (game.armies("ontario"), game.armies("quebec")) == (1, 2)
    assert game.owner("quebec") == "Ada"
    assert game.phase == "attack"
    illegal(game, "occupy 2", "action/wrong_phase")


def test_emptying_a_two_army_territory_costs_the_attacker_nothing() -> None:
    # §1.1 consequence: when the target is emptied every pair went to the attacker.
    game = scenario({"ontario": ("Ada", 4), "quebec": ("Bo", 2)})
    game.apply("attack ontario quebec 3", dice=([6, 5, 1], [4, 4]))
    assert game.owner("quebec") == "Ada"
    assert (game.armies("ontario"), game.armies("quebec")) == (1, 3)
    assert game.phase == "attack"  # 4 - 3 = 1 left in ontario: no occupy step


def test_a_split_throw_that_leaves_the_defender_alive_is_no_conquest() -> None:
    game = scenario({"ontario": ("Ada", 4), "quebec": ("Bo", 2)})
    game.apply("attack ontario quebec 3", dice=([6, 3, 1], [4, 4]))
    assert game.owner("quebec") == "Bo"
    assert (game.armies("ontario"), game.armies("quebec")) == (3, 1)
    assert not game.state.conquered


def test_conquered_territory_can_attack_onwards() -> None:
    game = scenario({"ontario": ("Ada", 10), "quebec": ("Bo", 1), "greenland": ("Bo", 1)})
    game.apply("attack ontario quebec 3", dice=([6, 6, 6], [1]))
    game.apply("occupy 6")
    game.apply("attack quebec greenland 3", dice=([6, 6, 6], [1]))
    assert game.owner("greenland") == "Ada"
    assert game.phase == "occupy"


# -- fortify --------------------------------------------------------------------------------


def fortify_game(**kw) -> rb.Game:
    assign = own("Ada", ["ontario"], 6) | own("Ada", ["quebec", "greenland"], 1) | own("Ada", ["alaska"], 3)
    return scenario(assign, default=("Bo", 1), phase="fortify", **kw)


def test_fortify_moves_armies_to_an_adjacent_own_territory_and_ends_the_turn() -> None:
    game = fortify_game()
    events = game.apply("fortify ontario quebec 5")
    assert (game.armies("ontario"), game.armies("quebec")) == (1, 6)
    assert events_of(events, "ArmiesMoved")[0].count == 5
    assert game.current_player == "Bo"
    assert game.phase == "reinforce"
    assert game.reinforcements == expected_income(t for t in game.map.ids if game.owner(t) == "Bo")


def test_fortify_errors() -> None:
    game = fortify_game()
    illegal(game, "fortify ontario alaska 1", "action/not_adjacent")  # own, but not adjacent
    illegal(game, "fortify ontario western_united_states 1", "action/not_owner")
    illegal(game, "fortify western_united_states ontario 1", "action/not_owner")
    illegal(game, "fortify ontario ontario 1", "action/same_territory")
    illegal(game, "fortify ontario quebec 6", "action/bad_count")  # one must stay
    illegal(game, "fortify ontario quebec 0", "action/bad_count")
    illegal(game, "fortify quebec greenland 1", "action/bad_count")  # only 1 army there
    illegal(game, "fortify ontario atlantis 1", "action/unknown_territory")


def test_fortify_offers_exactly_the_adjacent_moves() -> None:
    game = fortify_game()
    moves = {(a.source, a.target, a.count) for a in game.legal_actions() if isinstance(a, rb.Fortify)}
    expected = {("ontario", t, k) for t in ("quebec", "greenland") for k in range(1, 6)}
    assert moves == expected  # alaska (3) borders none of Ada's territories
    assert rb.EndPhase() in game.legal_actions()


def test_fortify_is_only_one_move() -> None:
    game = fortify_game()
    game.apply("fortify ontario greenland 2")
    assert game.current_player == "Bo"
    illegal(game, "fortify ontario quebec 1", "action/not_your_turn", player="Ada")
    assert game.phase == "reinforce"


def test_fortify_in_the_attack_phase_is_wrong_phase_and_end_leads_to_fortify() -> None:
    game = scenario(own("Ada", ["ontario"], 6) | own("Ada", ["quebec"], 1), default=("Bo", 1))
    illegal(game, "fortify ontario quebec 1", "action/wrong_phase")
    events = game.apply("end")
    assert game.phase == "fortify"
    assert events_of(events, "PhaseChanged")[0].phase == "fortify"
    game.apply("fortify ontario quebec 5")  # optional even without attacking
    assert game.armies("quebec") == 6


def test_end_in_fortify_ends_the_turn_without_moving() -> None:
    game = fortify_game()
    armies = game.state.armies
    game.apply("end")
    assert game.state.armies == armies
    assert (game.current_player, game.phase) == ("Bo", "reinforce")


# -- §1.4 one card per turn with a conquest ----------------------------------------------------


def conquest_turn(conquests: int) -> tuple[rb.Game, list[rb.Event]]:
    """Ada conquers ``conquests`` territories, then ends attack and fortify; returns the end events."""
    targets = ["quebec", "greenland", "northwest_territory"][:conquests]
    game = scenario({"ontario": ("Ada", 20), "argentina": ("Bo", 1), **own("Bo", targets, 1)}, default=("Cy", 1))
    for t in targets:
        game.apply(f"attack ontario {t} 1", dice=([6], [1]))
        game.apply("occupy 1")
    game.apply("end")
    return game, game.apply("end")


@pytest.mark.parametrize("conquests", [1, 2, 3])
def test_a_turn_with_conquests_earns_exactly_one_card(conquests: int) -> None:
    game, events = conquest_turn(conquests)
    assert len(game.hand("Ada")) == 1
    assert len(game.state.draw_pile) == 43
    (drawn,) = events_of(events, "CardDrawn")
    assert drawn.player == "Ada"
    assert game.hand("Ada") == (drawn.card,)
    assert drawn.card not in game.state.draw_pile


def test_a_turn_without_conquest_earns_no_card() -> None:
    game, events = conquest_turn(0)
    assert game.hand("Ada") == ()
    assert len(game.state.draw_pile) == 44
    assert not events_of(events, "CardDrawn")


def test_a_turn_ending_with_fortify_also_draws_the_card() -> None:
    game = scenario({"ontario": ("Ada", 20), "quebec": ("Bo", 1), "argentina": ("Bo", 1)}, default=("Cy", 1))
    game.apply("attack ontario quebec 1", dice=([6], [1]))
    game.apply("occupy 5")
    game.apply("end")
    game.apply("fortify ontario quebec 2")
    assert len(game.hand("Ada")) == 1
    assert game.state.conquered is False  # reset for Bo's turn
    assert game.current_player == "Bo"


def test_failed_attacks_earn_no_card() -> None:
    game = scenario({"ontario": ("Ada", 20), "quebec": ("Bo", 3)})
    game.apply("attack ontario quebec 3", dice=([6, 6, 1], [1, 1]))
    game.apply("end")
    game.apply("end")
    assert game.hand("Ada") == ()


def test_empty_draw_pile_takes_the_discard_pile() -> None:
    # Every card is in a hand; Ada trades a set (3 discards) and then conquers: her card comes
    # from the former discard pile.
    deck = sorted(rb.load_map("world").ids) + ["wild_1", "wild_2"]
    traded = ["central_america", "brazil", "argentina"]  # three infantry
    rest = [c for c in deck if c not in traded]
    game = scenario(
        {"ontario": ("Ada", 20), "quebec": ("Bo", 1), "argentina": ("Bo", 1)},
        phase="reinforce",
        hands={"Ada": traded, "Bo": rest},
    )
    assert game.state.draw_pile == ()
    game.apply("trade " + " ".join(traded))
    assert sorted(game.state.discard_pile) == sorted(traded)
    game.apply(f"place {game.reinforcements} ontario")
    game.apply("attack ontario quebec 1", dice=([6], [1]))
    game.apply("occupy 1")
    game.apply("end")
    events = game.apply("end")
    assert events_of(events, "DiscardsReshuffled")[0].cards == 3
    (card,) = game.hand("Ada")
    assert card in traded
    assert sorted(game.state.draw_pile) == sorted(c for c in traded if c != card)
    assert game.state.discard_pile == ()


def test_no_card_and_no_error_when_both_piles_are_empty() -> None:
    deck = sorted(rb.load_map("world").ids) + ["wild_1", "wild_2"]
    game = scenario(
        {"ontario": ("Ada", 20), "quebec": ("Bo", 1), "argentina": ("Bo", 1)},
        hands={"Ada": deck[:20], "Bo": deck[20:]},
    )
    game.apply("attack ontario quebec 1", dice=([6], [1]))
    game.apply("occupy 1")
    game.apply("end")
    events = game.apply("end")
    assert not events_of(events, "CardDrawn")
    assert len(game.hand("Ada")) == 20
    assert game.current_player == "Bo"
