"""Attacking (RULES.md §5.5, §1.1–§1.3, D14, D15): dice limits, difficult terrain, the neutral
army's defence, ties, where losses go, the move-in and blitz."""

from __future__ import annotations

import pytest

import riskboard as rb

from .conftest import EUROPE, attack_dice_offered, command_room, events_of, illegal, kinds, scenario, units
from .spec_bop import DIFFICULT

OPEN = [t for t in EUROPE.ids if t not in DIFFICULT]


def next_to(target: str) -> str:
    return EUROPE.neighbours(target)[0]


@pytest.mark.parametrize("target", DIFFICULT)
def test_difficult_terrain_allows_one_or_two_attackers(target: str) -> None:
    source = next_to(target)
    game = scenario({source: ("red", 10), target: ("blue", 5), "central_russia": ("blue", 1)}, missions=[])
    assert attack_dice_offered(game, source, target) == {1, 2}
    illegal(game, f"attack {source} {target} 3", "action/difficult_terrain")
    game.apply(f"attack {source} {target} 2", dice=([6, 6], [1, 1]))
    assert units(game, source, target) == (10, 3)


@pytest.mark.parametrize("target", ["finland", "germany", "poland", "romania", "western_ukraine", "denmark"])
def test_open_ground_allows_three_attackers(target: str) -> None:
    source = next_to(target)
    game = scenario({source: ("red", 10), target: ("blue", 5), "central_russia": ("blue", 1)}, missions=[])
    assert attack_dice_offered(game, source, target) == {1, 2, 3}


def test_the_map_has_exactly_the_six_difficult_territories_of_5_3() -> None:
    source_of = {t: next_to(t) for t in EUROPE.ids}
    limited = []
    for target in EUROPE.ids:
        game = scenario({source_of[target]: ("red", 10), target: ("blue", 3)}, default=("neutral", 1), missions=[])
        if max(attack_dice_offered(game, source_of[target], target)) == 2:
            limited.append(target)
    assert sorted(limited) == sorted(DIFFICULT)


def test_the_difficult_terrain_list_is_configurable() -> None:
    options = {"difficult_terrain": ["romania", "finland"]}
    game = scenario(
        {"sweden": ("red", 10), "finland": ("blue", 3), "austria": ("blue", 3), "germany": ("red", 9)},
        options=options,
        missions=[],
    )
    assert attack_dice_offered(game, "sweden", "finland") == {1, 2}
    assert attack_dice_offered(game, "germany", "austria") == {1, 2, 3}
    with pytest.raises(rb.ConfigError) as info:
        scenario({"sweden": ("red", 3), "finland": ("blue", 3)}, options={"difficult_terrain": ["atlantis"]})
    assert info.value.code == "config/bad_option"


def test_blitz_against_difficult_terrain_rolls_two_dice() -> None:
    game = scenario({"germany": ("red", 10), "switzerland": ("blue", 2), "finland": ("blue", 1)}, missions=[])
    events = game.apply("blitz germany switzerland", dice=([6, 6], [1, 1]))
    (roll,) = events_of(events, "DiceRolled")
    assert len(roll.attack) == 2
    assert game.phase == "occupy" and game.pending.detail.startswith("2 to 9")


def test_blitz_with_special_forces_rolls_three_dice_against_difficult_terrain() -> None:
    game = command_room(
        {"germany": ("red", 10), "switzerland": ("blue", 2), "finland": ("blue", 1)},
        purchases=["special_forces"],
        missions=[],
    )
    (roll,) = events_of(game.apply("blitz germany switzerland min", dice=([6, 6, 6], [1, 1])), "DiceRolled")
    assert len(roll.attack) == 3
    assert units(game, "germany", "switzerland") == (7, 3)


def test_attack_targets_are_opponent_and_neutral_neighbours_from_two_units() -> None:
    game = scenario(
        {"germany": ("red", 3), "denmark": ("red", 1), "netherlands": ("blue", 2), "belgium": ("red", 2)},
        default=("neutral", 2),
        missions=[],
    )
    targets = {a.target for a in game.legal_actions() if isinstance(a, rb.Attack) and a.source == "germany"}
    assert targets == {"netherlands", "northern_france", "switzerland", "austria", "czechia", "prussia"}
    assert not {a for a in game.legal_actions() if isinstance(a, rb.Attack) and a.source == "denmark"}
    illegal(game, "attack denmark sweden 1", "action/too_few_armies")
    illegal(game, "attack germany belgium 1", "action/own_territory")
    illegal(game, "attack germany italy 1", "action/not_adjacent")
    illegal(game, "attack netherlands germany 1", "action/not_owner")
    illegal(game, "attack germany narnia 1", "action/unknown_territory")


def test_sea_routes_are_ordinary_connections() -> None:
    game = scenario({"great_britain": ("red", 4), "norway": ("blue", 1), "finland": ("blue", 1)}, missions=[])
    game.apply("attack great_britain norway 2", dice=([6, 6], [1]))  # norway: difficult terrain, over the sea
    assert game.owner("norway") == "red"


def test_a_tie_goes_to_the_defender() -> None:
    game = scenario({"sweden": ("red", 5), "finland": ("blue", 3)}, missions=[])
    game.apply("attack sweden finland 1", dice=([4], [4, 1]))
    assert units(game, "sweden", "finland") == (4, 3)
    game.apply("attack sweden finland 2", dice=([6, 6], [6, 6]))
    assert units(game, "sweden", "finland") == (2, 3)


def test_unpaired_dice_are_ignored() -> None:
    game = scenario({"sweden": ("red", 5), "finland": ("blue", 1), "central_russia": ("blue", 1)}, missions=[])
    (roll,) = events_of(game.apply("attack sweden finland 3", dice=([1, 1, 6], [5])), "DiceRolled")
    assert (roll.attacker_losses, roll.defender_losses) == (0, 1)


def test_a_player_defender_is_asked_only_with_ask_defender() -> None:
    assign = {"sweden": ("red", 5), "finland": ("blue", 3)}
    game = scenario(assign, options={"ask_defender": True}, missions=[])
    game.apply("attack sweden finland 3")
    assert game.pending.player == "blue"
    illegal(game, "attack sweden finland 3", "action/awaiting_defender")
    illegal(game, "end", "action/awaiting_defender")
    (roll,) = events_of(game.apply("defend 1", dice=([6, 5, 4], [3])), "DiceRolled")
    assert roll.defend == (3,)
    assert units(game, "sweden", "finland") == (5, 2)
    illegal(game, "blitz sweden finland", "action/blitz_needs_auto_defence")
    auto = scenario(assign, missions=[])
    (roll,) = events_of(auto.apply("attack sweden finland 3"), "DiceRolled")
    assert len(roll.defend) == 2  # without asking, a player defends with the most dice allowed


def test_a_defender_with_one_unit_rolls_one_die() -> None:
    game = scenario(
        {"sweden": ("red", 5), "finland": ("blue", 1), "estonia": ("blue", 1)},
        options={"ask_defender": True},
        missions=[],
    )
    game.apply("attack sweden finland 3")
    assert [str(a) for a in game.legal_actions()] == ["defend 1"]
    illegal(game, "defend 2", "action/bad_dice")


def test_losses_go_to_the_field_hospital_in_the_command_room() -> None:
    game = command_room({"sweden": ("red", 8), "finland": ("blue", 5)}, hospital={"red": 1, "blue": 2}, missions=[])
    events = game.apply("attack sweden finland 3", dice=([6, 2, 1], [5, 4]))
    assert [(e.player, e.count, e.total) for e in events_of(events, "UnitsToHospital")] == [
        ("red", 1, 2),
        ("blue", 1, 3),
    ]
    assert game.extras.hospital == {"red": 2, "blue": 3}
    assert units(game, "sweden", "finland") == (7, 4)


def test_losses_return_to_the_supply_in_basic_training() -> None:
    game = scenario({"sweden": ("red", 8), "finland": ("blue", 5)}, missions=[])
    events = game.apply("attack sweden finland 3", dice=([6, 2, 1], [5, 4]))
    assert "UnitsToHospital" not in kinds(events)
    assert game.extras.hospital == {"red": 0, "blue": 0}


def test_neutral_losses_leave_the_game() -> None:
    game = command_room({"germany": ("red", 8), "denmark": ("neutral", 4), "finland": ("blue", 1)}, missions=[])
    events = game.apply("attack germany denmark 3", dice=([6, 6, 1], [5, 5]))
    assert [(e.player, e.count) for e in events_of(events, "UnitsToHospital")] == []
    assert game.extras.hospital == {"red": 0, "blue": 0}
    events = game.apply("attack germany denmark 3", dice=([1, 1, 1], [5, 5]))
    assert [(e.player, e.count) for e in events_of(events, "UnitsToHospital")] == [("red", 2)]
    assert game.stats()["neutral"]["armies"] == sum(game.armies(t) for t in game.territories("neutral"))


def test_conquest_moves_in_at_least_the_attacking_units() -> None:
    game = scenario({"sweden": ("red", 8), "finland": ("blue", 1), "estonia": ("blue", 1)}, missions=[])
    events = game.apply("attack sweden finland 2", dice=([6, 6], [1]))
    (taken,) = events_of(events, "TerritoryConquered")
    assert (taken.territory, taken.moved) == ("finland", 2)
    assert game.phase == "occupy"
    assert [str(a) for a in game.legal_actions()] == [f"occupy {k}" for k in range(2, 8)]
    illegal(game, "occupy 1", "action/bad_count")
    illegal(game, "occupy 8", "action/bad_count")
    illegal(game, "attack sweden norway 1", "action/wrong_phase")
    game.apply("occupy 5")
    assert units(game, "sweden", "finland") == (3, 5)
    assert game.owner("finland") == "red" and game.phase == "attack"


def test_no_move_in_question_when_nothing_more_can_move() -> None:
    game = scenario({"sweden": ("red", 4), "finland": ("blue", 1), "estonia": ("blue", 1)}, missions=[])
    game.apply("attack sweden finland 3", dice=([6, 6, 6], [1]))
    assert game.phase == "attack"
    assert units(game, "sweden", "finland") == (1, 3)


def test_a_neutral_territory_can_be_conquered() -> None:
    game = scenario({"germany": ("red", 5), "finland": ("blue", 1)}, default=("neutral", 1), missions=[])
    game.apply("attack germany denmark 1", dice=([6], [5]))
    assert game.owner("denmark") == "red"


def test_blitz_runs_until_the_target_falls() -> None:
    game = scenario({"sweden": ("red", 10), "finland": ("blue", 4), "estonia": ("blue", 1)}, missions=[])
    events = game.apply("blitz sweden finland all", dice=([6, 6, 1], [5, 5], [6, 1, 1], [5, 5], [6, 6, 6], [1]))
    assert len(events_of(events, "DiceRolled")) == 3
    # throws: blue -2; red -1 blue -1; blue -1; then everything but one moves in
    assert game.owner("finland") == "red"
    assert units(game, "sweden", "finland") == (1, 8)
    (moved_in,) = events_of(events, "ArmiesMovedIn")  # 8 in all, as ``occupy 8`` would count them
    assert (moved_in.count, moved_in.attackers) == (8, 3)


def test_blitz_stops_when_the_source_is_down_to_one_unit() -> None:
    game = scenario({"sweden": ("red", 3), "finland": ("blue", 4)}, missions=[])
    events = game.apply("blitz sweden finland", dice=([1, 1], [6, 6]))
    assert len(events_of(events, "DiceRolled")) == 1
    assert units(game, "sweden", "finland") == (1, 4)
    assert game.phase == "attack"


def test_blitz_without_a_move_asks_for_the_move_in() -> None:
    game = scenario({"sweden": ("red", 6), "finland": ("blue", 1), "estonia": ("blue", 1)}, missions=[])
    game.apply("blitz sweden finland", dice=([6, 6, 6], [1]))
    assert game.phase == "occupy"
    game.apply("occupy 4")
    assert units(game, "sweden", "finland") == (2, 4)
