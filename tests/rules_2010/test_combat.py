"""Attacks in the 2010 edition (RULES.md §1.1–1.3 as §4.6 uses them): up to 3 attackers with one
troop standing guard, the defender with 1 or 2 (its last troop too), ties to the defender,
unpaired dice ignored, the move-in; the exact odds of ``rb.battle_odds`` hold for ``game.rules``."""

from __future__ import annotations

from fractions import Fraction

import pytest

import riskboard as rb

from .conftest import attack_dice_offered, events_of, illegal, scenario, troops


@pytest.mark.parametrize(("source", "most"), [(2, 1), (3, 2), (4, 3), (15, 3)])
def test_attackers_are_one_to_three_with_one_troop_on_guard(source: int, most: int) -> None:
    game = scenario({"ukraine": ("Ada", source), "scandinavia": ("Bo", 5)})
    assert attack_dice_offered(game, "ukraine", "scandinavia") == set(range(1, most + 1))
    illegal(game, f"attack ukraine scandinavia {most + 1}", "action/bad_dice")
    illegal(game, "attack ukraine scandinavia 0", "action/bad_dice")


def test_a_territory_with_one_troop_cannot_attack() -> None:
    game = scenario(
        {"ukraine": ("Ada", 1), "iceland": ("Ada", 3), "great_britain": ("Ada", 1), "scandinavia": ("Bo", 5)}
    )
    illegal(game, "attack ukraine scandinavia 1", "action/too_few_armies")
    illegal(game, "attack iceland great_britain 1", "action/own_territory")
    illegal(game, "attack iceland japan 1", "action/not_adjacent")
    illegal(game, "attack scandinavia iceland 1", "action/not_owner")


@pytest.mark.parametrize(("defending", "dice"), [(1, 1), (2, 2), (7, 2)])
def test_the_defender_rolls_up_to_two_dice_its_last_troop_included(defending: int, dice: int) -> None:
    game = scenario({"ukraine": ("Ada", 9), "scandinavia": ("Bo", defending)})
    (roll,) = events_of(game.apply("attack ukraine scandinavia 3"), "DiceRolled")
    assert len(roll.defend) == dice
    asked = scenario({"ukraine": ("Ada", 9), "scandinavia": ("Bo", defending)}, options={"ask_defender": True})
    asked.apply("attack ukraine scandinavia 3")
    assert asked.pending.player == "Bo" and asked.pending.decision == "defend"
    assert {a.dice for a in asked.legal_actions()} == set(range(1, dice + 1))
    illegal(asked, f"defend {dice + 1}", "action/bad_dice")


def test_ties_go_to_the_defender_and_unpaired_dice_are_ignored() -> None:
    game = scenario({"ukraine": ("Ada", 9), "scandinavia": ("Bo", 5)})
    (roll,) = events_of(game.apply("attack ukraine scandinavia 3", dice=([5, 4, 6], [4, 6])), "DiceRolled")
    assert roll.attack == (6, 5, 4) and roll.defend == (6, 4)  # each side sorted high to low
    assert (roll.attacker_losses, roll.defender_losses) == (1, 1)  # 6 = 6 to the defender; 5 > 4
    assert troops(game, "ukraine", "scandinavia") == (8, 4)
    (roll,) = events_of(game.apply("attack ukraine scandinavia 3", dice=([4, 4, 6], [6, 4])), "DiceRolled")
    # pairs (6, 6) and (4, 4): both ties, both to the defender; the third die (4) is ignored
    assert (roll.attacker_losses, roll.defender_losses) == (2, 0)
    assert troops(game, "ukraine", "scandinavia") == (6, 4)


def test_one_attacker_against_two_defenders_compares_one_pair() -> None:
    game = scenario({"ukraine": ("Ada", 2), "scandinavia": ("Bo", 5)})
    (roll,) = events_of(game.apply("attack ukraine scandinavia 1", dice=([3], [2, 6])), "DiceRolled")
    assert (roll.attacker_losses, roll.defender_losses) == (1, 0)  # 3 against the defender's highest, 6


def test_attacks_may_repeat_and_switch_targets_without_limit() -> None:
    game = scenario({"ukraine": ("Ada", 30), "scandinavia": ("Bo", 9), "northern_europe": ("Bo", 9)})
    for _ in range(4):
        game.apply("attack ukraine scandinavia 3", dice=([1, 1, 1], [6, 6]))
        game.apply("attack ukraine northern_europe 2", dice=([1, 1], [6, 6]))
    assert troops(game, "ukraine", "scandinavia", "northern_europe") == (30 - 16, 9, 9)
    assert game.phase == "attack"


def test_a_conquest_moves_the_attackers_in_and_offers_more_leaving_one_behind() -> None:
    game = scenario({"ukraine": ("Ada", 10), "scandinavia": ("Bo", 1)})
    events = game.apply("attack ukraine scandinavia 2", dice=([6, 1], [1]))
    (conquered,) = events_of(events, "TerritoryConquered")
    assert conquered.moved == 2
    assert game.owner("scandinavia") == "Ada" and troops(game, "ukraine", "scandinavia") == (8, 2)
    assert [a.count for a in game.legal_actions()] == list(range(2, 10))
    illegal(game, "occupy 1", "action/bad_count")
    illegal(game, "occupy 10", "action/bad_count")
    illegal(game, "attack ukraine northern_europe 1", "action/wrong_phase")
    game.apply("occupy 9")
    assert troops(game, "ukraine", "scandinavia") == (1, 9)


def test_a_conquest_with_nothing_more_to_move_needs_no_move_in() -> None:
    game = scenario({"ukraine": ("Ada", 3), "scandinavia": ("Bo", 1)})
    game.apply("attack ukraine scandinavia 2", dice=([6, 6], [1]))
    assert game.phase == "attack" and troops(game, "ukraine", "scandinavia") == (1, 2)


def test_blitz_throws_until_the_target_falls() -> None:
    game = scenario({"ukraine": ("Ada", 40), "scandinavia": ("Bo", 3)}, seed=4)
    game.apply("blitz ukraine scandinavia all")
    assert game.owner("scandinavia") == "Ada" and game.armies("ukraine") == 1
    asked = scenario({"ukraine": ("Ada", 40), "scandinavia": ("Bo", 3)}, options={"ask_defender": True})
    illegal(asked, "blitz ukraine scandinavia", "action/blitz_needs_auto_defence")


def test_battle_odds_are_the_classic_dice_for_the_game_rules() -> None:
    game = scenario({"ukraine": ("Ada", 9), "scandinavia": ("Bo", 5)})
    rules = game.rules
    assert (rules.attack_dice, rules.defence_dice, rules.ties, rules.fortify) == (3, 2, "defender", "connected")
    throw = rb.throw_odds(3, 2, rules=rules)
    assert throw.defender_takes_all == Fraction(2275, 7776)
    assert throw.attacker_takes_all == Fraction(2890, 7776)
    assert throw.split == Fraction(2611, 7776)
    for a, d in ((2, 1), (5, 3), (10, 10), (20, 7)):
        assert rb.battle_odds(a, d, rules=rules).p_win == rb.battle_odds(a, d).p_win


def test_house_rules_reach_the_battle() -> None:
    options = {"attack_dice": 2, "defence_dice": 3, "ties": "attacker"}
    game = scenario({"ukraine": ("Ada", 9), "scandinavia": ("Bo", 5)}, options=options)
    assert attack_dice_offered(game, "ukraine", "scandinavia") == {1, 2}
    (roll,) = events_of(game.apply("attack ukraine scandinavia 2", dice=([4, 4], [4, 4, 1])), "DiceRolled")
    assert (roll.attacker_losses, roll.defender_losses) == (0, 2)
    assert rb.battle_odds(5, 5, rules=game.rules).p_win != rb.battle_odds(5, 5).p_win
