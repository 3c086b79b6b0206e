"""The worked examples BOP-1 … BOP-15 of RULES.md §10.1, one test each (BOP-5 and BOP-15 with
their variations)."""

from __future__ import annotations

import pytest

import riskboard as rb

from .conftest import IDS, attack_dice_offered, command_room, events_of, illegal, scenario, units
from .spec_bop import SEED_NUMBERS, SETUP_TABLE, STAR_TABLE, TWO_STARS

ONE_STAR = tuple(t for t in IDS if t not in TWO_STARS)


def test_bop_1_three_units_attack_with_at_most_two_and_the_defender_uses_at_most_two() -> None:
    game = scenario(
        {"northern_russia": ("red", 3), "finland": ("blue", 3)}, options={"ask_defender": True}, missions=[]
    )
    assert attack_dice_offered(game, "northern_russia", "finland") == {1, 2}
    illegal(game, "attack northern_russia finland 3", "action/bad_dice")
    game.apply("attack northern_russia finland 2")
    assert game.pending.player == "blue" and game.pending.decision == "defend"
    assert {a.dice for a in game.legal_actions()} == {1, 2}
    illegal(game, "defend 3", "action/bad_dice")
    events = game.apply("defend 2", dice=([6, 5], [1, 1]))
    (roll,) = events_of(events, "DiceRolled")
    assert (len(roll.attack), len(roll.defend)) == (2, 2)


def test_bop_2_ten_units_attack_with_three_at_most_and_four_is_refused() -> None:
    game = scenario({"sweden": ("red", 10), "finland": ("blue", 3)}, missions=[])
    assert "finland" not in ("switzerland", "austria", "italy", "slovenia", "norway", "slovakia")
    assert max(attack_dice_offered(game, "sweden", "finland")) == 3
    illegal(game, "attack sweden finland 4", "action/bad_dice")
    (roll,) = events_of(game.apply("attack sweden finland 3"), "DiceRolled")
    assert len(roll.attack) == 3
    assert len(roll.defend) == 2  # blue defends finland with 2


def test_bop_3_the_tie_goes_to_the_defender_and_the_unpaired_die_is_ignored() -> None:
    game = scenario({"sweden": ("red", 10), "finland": ("blue", 3)}, missions=[])
    (roll,) = events_of(game.apply("attack sweden finland 3", dice=([6, 4, 3], [5, 4])), "DiceRolled")
    assert (roll.attacker_losses, roll.defender_losses) == (1, 1)
    assert units(game, "sweden", "finland") == (9, 2)
    assert game.owner("finland") == "blue"
    assert game.phase == "attack"


def test_bop_4_hospital_12_buys_a_starting_maneuver_then_special_forces_and_keeps_1() -> None:
    game = command_room(
        {"sweden": ("red", 6), "denmark": ("red", 1), "germany": ("red", 2), "austria": ("blue", 3)},
        phase="hospital",
        hospital={"red": 12},
        missions=[],
    )
    bought = events_of(game.apply("buy starting_maneuver sweden germany 4"), "CommandBought")
    assert [(e.command, e.cost, e.hospital_left) for e in bought] == [("starting_maneuver", 3, 9)]
    assert units(game, "sweden", "denmark", "germany") == (2, 1, 6)  # the move at once, through denmark
    assert game.phase == "hospital" and game.extras.hospital["red"] == 9
    events = game.apply("buy special_forces")
    assert [(e.command, e.cost, e.hospital_left) for e in events_of(events, "CommandBought")] == [
        ("special_forces", 8, 1)
    ]
    assert game.extras.hospital["red"] == 1  # 3 + 8 = 11 units went back to the supply; the last one stays
    assert game.phase == "reinforce"  # nothing costs 1: the hospital step is over
    assert game.extras.special_forces
    for _ in range(game.reinforcements):
        game.apply("place 1 germany")
    assert attack_dice_offered(game, "germany", "austria") == {1, 2, 3}
    (roll,) = events_of(game.apply("attack germany austria 3", dice=([6, 6, 6], [1, 1])), "DiceRolled")
    assert len(roll.attack) == 3


def test_bop_5_difficult_terrain_takes_at_most_two_attackers_without_special_forces() -> None:
    assign = {"germany": ("red", 8), "austria": ("blue", 3)}
    game = command_room(assign, missions=[])
    assert attack_dice_offered(game, "germany", "austria") == {1, 2}
    illegal(game, "attack germany austria 3", "action/difficult_terrain")
    game.apply("attack germany austria 2", dice=([6, 6], [1, 1]))
    assert units(game, "germany", "austria") == (8, 1)


def test_bop_5_with_special_forces_three_attackers_are_accepted() -> None:
    game = command_room({"germany": ("red", 8), "austria": ("blue", 3)}, purchases=["special_forces"], missions=[])
    assert attack_dice_offered(game, "germany", "austria") == {1, 2, 3}
    game.apply("attack germany austria 3", dice=([6, 6, 6], [1, 1]))
    assert units(game, "germany", "austria") == (8, 1)


def test_bop_6_three_cards_with_four_stars_give_seven_units() -> None:
    hand = ["norway", "great_britain", "ireland"]  # 2 + 1 + 1 stars
    game = scenario(
        {"great_britain": ("red", 3), "finland": ("blue", 3)}, phase="reinforce", hands={"red": hand}, missions=[]
    )
    before = game.reinforcements
    (traded,) = events_of(game.apply("trade norway great_britain ireland"), "CardsTraded")
    assert traded.armies == 7
    assert game.reinforcements == before + 7
    assert game.hand("red") == ()


def test_bop_7_units_are_counted_as_integers() -> None:
    # 2 short arrows (1 unit each) and 1 long arrow (3 units) are the integer 5 (§0.3: pieces are cosmetic)
    game = scenario({"romania": ("blue", 2 * 1 + 1 * 3), "finland": ("red", 3)}, missions=[])
    assert game.armies("romania") == 5
    assert game.stats()["blue"]["armies"] == 5


def test_bop_8_holding_the_six_sea_access_territories_collects_that_mission() -> None:
    sea = ["great_britain", "ireland", "norway", "sweden", "poland", "northern_france"]
    game = scenario(
        {**{t: ("red", 2) for t in sea}, "finland": ("blue", 3)},
        missions=["control_sea_access", "control_region_yellow"],
    )
    assert rb.CollectMission("control_sea_access") in game.legal_actions()
    events = game.apply("end")
    assert game.phase == "missions"
    assert [str(a) for a in game.legal_actions()] == ["collect control_sea_access"]
    events = game.apply("collect control_sea_access")
    assert events_of(events, "MissionCollected")[0].mission == "control_sea_access"
    assert game.extras.collected["red"] == ["control_sea_access"]
    assert game.extras.board_missions == ["control_region_yellow"]


def test_bop_9_two_fulfilled_missions_give_one_and_the_other_stays_on_the_board() -> None:
    game = scenario(
        {"switzerland": ("red", 2), "denmark": ("red", 2), "finland": ("blue", 3)},
        missions=["control_swiss_vault", "control_danish_naval_base", "control_region_green"],
    )
    game.apply("end")
    assert game.phase == "missions"
    assert {str(a) for a in game.legal_actions()} == {
        "collect control_swiss_vault",
        "collect control_danish_naval_base",
    }
    game.apply("collect control_danish_naval_base")  # red's choice
    assert game.extras.collected["red"] == ["control_danish_naval_base"]
    assert game.extras.board_missions == ["control_swiss_vault", "control_region_green"]  # not replaced
    assert game.phase == "fortify"
    illegal(game, "collect control_swiss_vault", "mission/one_per_turn")


def test_bop_10_both_capitals_give_two_units() -> None:
    game = scenario(
        {"ireland": ("red", 5), "sweden": ("red", 4), "finland": ("blue", 2), "estonia": ("blue", 1)},
        capitals={"red": "ireland", "blue": "finland"},
        missions=[],
    )
    assert game.extras.income("red")[0] == 3 + 1  # minimum 3, plus red's own capital
    game.apply("attack sweden finland 2", dice=([6, 6], [1, 1]))
    game.apply("occupy 2")
    assert game.owner("finland") == "red" and game.extras.capitals["blue"] == "finland"
    assert game.extras.income("blue")[0] == 3  # blue lost its capital: no capital unit
    game.apply("end")
    game.apply("end", dice=["norway"])  # red's card for the conquest
    game.apply("place 3 estonia")
    game.apply("end")
    game.apply("end")
    assert game.current_player == "red" and game.phase == "reinforce"
    (counted,) = events_of(game.events(last=1), "ReinforcementsCounted")
    assert counted.total == game.reinforcements == 3 + 2  # 3 territories → 3, +1 per capital, blue's included
    assert "both capitals" in counted.detail


def test_bop_11_the_neutral_army_defends_with_two_dice_and_with_one_when_it_has_one_unit() -> None:
    game = scenario(
        {"germany": ("red", 9), "czechia": ("neutral", 5), "denmark": ("neutral", 1), "finland": ("blue", 3)},
        options={"ask_defender": True},
        missions=[],
    )
    (roll,) = events_of(game.apply("attack germany czechia 3", dice=([1, 1, 1], [6, 6])), "DiceRolled")
    assert len(roll.defend) == 2 and roll.defender == "neutral"
    assert game.pending.decision == "attack"  # never asked, even with ask_defender
    (roll,) = events_of(game.apply("attack germany denmark 3", dice=([1, 1, 1], [6])), "DiceRolled")
    assert len(roll.defend) == 1
    assert units(game, "germany", "czechia", "denmark") == (6, 5, 1)


def test_bop_12_the_airfield_raises_the_highest_attacking_die() -> None:
    assign = {"germany": ("red", 5), "czechia": ("blue", 4), "finland": ("blue", 1)}
    game = command_room(assign, airfields={"red": "germany"}, missions=[])
    events = game.apply("attack germany czechia 3", dice=([5, 3, 2], [5, 1]))
    (mod,) = events_of(events, "DiceModified")
    assert (mod.player, mod.reason, mod.before, mod.after) == ("red", "airfield", (5, 3, 2), (6, 3, 2))
    (roll,) = events_of(events, "DiceRolled")
    assert (roll.attacker_losses, roll.defender_losses) == (0, 2)
    assert units(game, "germany", "czechia") == (5, 2)

    without = command_room(assign, missions=[])
    events = without.apply("attack germany czechia 3", dice=([5, 3, 2], [5, 1]))
    assert not events_of(events, "DiceModified")
    assert units(without, "germany", "czechia") == (4, 3)


def test_bop_13_one_recon_mission_rerolls_one_of_two_ones_against_a_building() -> None:
    game = command_room(
        {"germany": ("red", 6), "denmark": ("neutral", 8), "finland": ("blue", 1)},
        purchases=["recon_mission"],
        missions=[],
    )
    events = game.apply("attack germany denmark 3", dice=([1, 1, 5], [6, 6], [1], [4]))
    (mod,) = events_of(events, "DiceModified")
    assert (mod.reason, mod.before, mod.after) == ("recon mission", (5, 1, 1), (5, 4, 1))
    (roll,) = events_of(events, "DiceRolled")
    assert roll.attack == (5, 4, 1) and roll.defend == (6, 6)
    assert (roll.attacker_losses, roll.defender_losses) == (2, 0)


def test_bop_14_the_sixty_numbers_are_the_two_setups_unit_counts() -> None:
    first, second = SEED_NUMBERS[:30], SEED_NUMBERS[30:]
    assert sum(first) == sum(second) == 114 == 27 + 27 + 60
    for name, block in (("setup_1", first), ("setup_2", second)):
        game = rb.new_game("balance_of_power", players=["red", "blue"], setup=name, seed=1)
        by_nr = {row[0]: row[1] for row in SETUP_TABLE}
        assert [game.armies(by_nr[nr]) for nr in range(1, 31)] == block
        stats = game.stats()
        assert [stats[o]["armies"] for o in ("red", "blue", "neutral")] == [27, 27, 60]
    game = rb.new_game("balance_of_power", players=["red", "blue"], setup="setup_1", seed=1)
    assert [(game.owner(t), game.armies(t)) for t in ("denmark", "switzerland")] == [("neutral", 8)] * 2


@pytest.mark.parametrize("stars", sorted(STAR_TABLE))
def test_bop_15_the_star_table(stars: int) -> None:
    hand = list(ONE_STAR[:stars])
    game = scenario(
        {"great_britain": ("red", 3), "finland": ("blue", 3)}, phase="reinforce", hands={"red": hand}, missions=[]
    )
    before = game.reinforcements
    (traded,) = events_of(game.apply("trade " + " ".join(hand)), "CardsTraded")
    assert traded.armies == STAR_TABLE[stars] == {2: 2, 3: 4, 4: 7, 5: 10, 6: 13, 7: 17, 8: 21, 9: 25, 10: 30}[stars]
    assert game.reinforcements == before + STAR_TABLE[stars]
