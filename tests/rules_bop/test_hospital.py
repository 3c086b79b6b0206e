"""The field hospital and its special commands (RULES.md §5.10, D15, D23, D24, BOP-4)."""

from __future__ import annotations

import pytest

import riskboard as rb

from .conftest import command_room, events_of, illegal, kinds, scenario, units
from .spec_bop import COSTS

BOARD = {
    "finland": ("red", 3),
    "sweden": ("red", 4),
    "norway": ("red", 2),
    "austria": ("red", 2),
    "germany": ("blue", 3),
    "netherlands": ("blue", 2),
    "denmark": ("neutral", 5),
}


def hospital_game(units_there: int, assign: dict | None = None, **kw) -> rb.Game:  # type: ignore[type-arg]
    kw.setdefault("missions", [])
    return command_room(assign or BOARD, phase="hospital", hospital={"red": units_there}, **kw)


def args_for(command: str) -> str:
    return {
        "starting_maneuver": " sweden finland 1",
        "uprising": " denmark germany 1",
        "build_airfield": " sweden",
    }.get(command, "")


@pytest.mark.parametrize("command", sorted(COSTS))
def test_each_command_costs_what_the_table_says(command: str) -> None:
    cost = COSTS[command]
    poor = hospital_game(cost - 1) if cost > 2 else None
    if poor is not None:
        illegal(poor, f"buy {command}{args_for(command)}", "hospital/cannot_afford")
    game = hospital_game(cost + 2)
    events = game.apply(f"buy {command}{args_for(command)}", dice=[[1], [6, 6]] if command == "uprising" else None)
    (bought,) = events_of(events, "CommandBought")
    assert (bought.player, bought.command, bought.cost, bought.hospital_left) == ("red", command, cost, 2)
    assert game.extras.hospital["red"] == 2
    assert game.extras.purchases[-1] == {"command": command, "cost": cost, "effect": bought.effect}


def test_the_same_command_may_be_bought_again_and_the_rest_is_saved() -> None:
    game = hospital_game(7, options={"neutral_resistance_units": 0})
    game.apply("buy recon_mission")
    game.apply("buy recon_mission")
    assert game.extras.hospital["red"] == 3 and game.phase == "hospital"
    game.apply("end")
    assert game.phase == "reinforce"
    assert [p["command"] for p in game.extras.purchases] == ["recon_mission", "recon_mission"]
    game.apply(f"place {game.reinforcements} sweden")
    game.apply("end")
    game.apply("end")  # blue's turn
    game.apply(f"place {game.reinforcements} germany")
    game.apply("end")
    game.apply("end")
    assert (game.current_player, game.phase) == ("red", "hospital")
    assert game.extras.hospital["red"] == 3  # saved for a later turn
    assert game.extras.purchases == []


def test_the_hospital_offers_what_is_affordable() -> None:
    game = hospital_game(6)
    offered = {str(a).split()[1] for a in game.legal_actions() if isinstance(a, rb.Buy)}
    assert offered == {"recon_mission", "starting_maneuver", "uprising"}
    assert rb.EndPhase() in game.legal_actions()
    for a in game.legal_actions()[:30]:
        assert game.is_legal(a)


def test_ending_the_hospital_step_goes_to_reinforcement() -> None:
    game = hospital_game(12)
    events = game.apply("end")
    assert kinds(events) == ["ReinforcementsCounted"]
    assert game.phase == "reinforce" and game.extras.hospital["red"] == 12


def test_starting_maneuver_moves_along_own_territories_at_once() -> None:
    game = hospital_game(3)
    illegal(game, "buy starting_maneuver sweden austria 1", "action/not_connected")
    illegal(game, "buy starting_maneuver sweden germany 1", "action/not_owner")
    illegal(game, "buy starting_maneuver sweden finland 4", "action/bad_count")
    events = game.apply("buy starting_maneuver sweden norway 3")
    assert [(e.source, e.target, e.count) for e in events_of(events, "ArmiesMoved")] == [("sweden", "norway", 3)]
    assert units(game, "sweden", "norway") == (1, 5)
    assert game.phase == "reinforce"  # 0 left: the step is over


def test_reinforce_3_adds_three_units_to_place() -> None:
    plain = hospital_game(14)
    plain.apply("end")
    base = plain.reinforcements
    game = hospital_game(14)
    game.apply("buy reinforce_3")
    game.apply("buy reinforce_3")
    assert game.phase == "reinforce"
    (counted,) = events_of(game.events(last=1), "ReinforcementsCounted")
    assert game.reinforcements == counted.total == base + 6
    assert "6 bought in the field hospital" in counted.detail
    illegal(game, "place 1 germany", "action/not_owner")  # only on territories red controls


def test_special_forces_allow_three_dice_against_difficult_terrain() -> None:
    game = hospital_game(8, {**BOARD, "switzerland": ("blue", 3), "germany": ("red", 6)})
    game.apply("buy special_forces")
    game.apply(f"place {game.reinforcements} germany")
    assert game.extras.special_forces
    game.apply("attack germany switzerland 3", dice=([6, 6, 6], [1, 1]))
    assert game.armies("switzerland") == 1


def test_draw_territory_card() -> None:
    game = hospital_game(9)
    events = game.apply("buy draw_territory_card", dice=["poland"])
    assert [e.card for e in events_of(events, "CardDrawn")] == ["poland"]
    assert game.hand("red") == ("poland",)
    assert "poland" not in game.state.draw_pile


def test_draw_territory_card_needs_a_card_to_draw() -> None:
    game = command_room(
        BOARD, phase="hospital", hospital={"red": 9}, hands={"blue": list(rb.load_map("europe").ids)}, missions=[]
    )
    illegal(game, "buy draw_territory_card", "cards/none_left")


def test_build_airfield_on_an_own_territory() -> None:
    game = hospital_game(10)
    illegal(game, "buy build_airfield germany", "action/not_owner")
    events = game.apply("buy build_airfield sweden")
    assert [(e.player, e.territory) for e in events_of(events, "AirfieldBuilt")] == [("red", "sweden")]
    assert game.extras.airfields == {"red": "sweden", "blue": None}


def test_airfields_can_be_switched_off() -> None:
    game = hospital_game(10, options={"airfields": False})
    illegal(game, "buy build_airfield sweden", "hospital/disabled")


def test_buying_is_refused_outside_the_hospital_step() -> None:
    game = command_room(BOARD, phase="attack", hospital={"red": 20}, missions=[])
    illegal(game, "buy special_forces", "action/wrong_phase")
    game = command_room(BOARD, phase="reinforce", hospital={"red": 20}, missions=[])
    illegal(game, "buy special_forces", "action/wrong_phase")


def test_basic_training_has_no_hospital() -> None:
    game = scenario(BOARD, missions=[])
    illegal(game, "buy special_forces", "hospital/disabled")
    with pytest.raises(rb.ConfigError) as info:
        scenario(BOARD, phase="hospital")
    assert info.value.code == "scenario/bad_phase"


# -- uprising ------------------------------------------------------------------------------------


def uprising_game(**kw) -> rb.Game:  # type: ignore[no-untyped-def]
    kw.setdefault("hospital", {"red": 6})
    kw.setdefault("missions", [])
    assign = kw.pop("assign", BOARD)
    return command_room(assign, phase="hospital", **kw)


def test_uprising_conquers_with_exactly_the_committed_units() -> None:
    game = uprising_game()
    events = game.apply("buy uprising denmark germany 2", dice=([6, 6], [1, 1], [6, 6], [1]))
    assert [(e.source, e.target, e.dice) for e in events_of(events, "UprisingStarted")] == [("denmark", "germany", 2)]
    rolls = events_of(events, "DiceRolled")
    assert [len(r.attack) for r in rolls] == [2, 2]  # the committed number is fixed for every throw
    assert all(r.attacker == "neutral" and r.defender == "blue" for r in rolls)
    assert game.owner("germany") == "neutral"
    assert units(game, "denmark", "germany") == (3, 2)
    assert [(e.player, e.count) for e in events_of(events, "UnitsToHospital")] == [("blue", 2), ("blue", 1)]
    assert game.extras.hospital == {"red": 0, "blue": 3}
    assert game.phase == "reinforce"


def test_uprising_ends_at_the_first_neutral_loss() -> None:
    game = uprising_game(assign={**BOARD, "germany": ("blue", 5)})
    events = game.apply("buy uprising denmark germany 3", dice=([6, 6, 6], [1, 1], [6, 1, 1], [5, 5]))
    assert len(events_of(events, "DiceRolled")) == 2
    assert units(game, "denmark", "germany") == (4, 2)
    assert game.owner("germany") == "blue"
    assert game.extras.hospital["blue"] == 3


def test_uprising_goes_on_while_the_neutral_units_lose_nothing() -> None:
    game = uprising_game(assign={**BOARD, "germany": ("blue", 9)})
    dice = [[6, 6, 6], [5, 5]] * 4 + [[1, 1, 1], [1]]
    events = game.apply("buy uprising denmark germany 3", dice=dice)
    assert len(events_of(events, "DiceRolled")) == 5
    assert units(game, "denmark", "germany") == (4, 1)


def test_uprising_gives_the_buyer_no_card() -> None:
    game = uprising_game()
    game.apply("buy uprising denmark germany 2", dice=([6, 6], [1, 1], [6, 6], [1]))
    game.apply(f"place {game.reinforcements} sweden")
    game.apply("end")
    events = game.apply("end")
    assert not events_of(events, "CardDrawn")
    assert game.hand("red") == ()


def test_uprising_follows_the_attack_limits() -> None:
    game = uprising_game(assign={**BOARD, "denmark": ("neutral", 2)})
    illegal(game, "buy uprising denmark germany 2", "action/bad_dice")  # one unit stays behind
    offered = {str(a) for a in game.legal_actions() if str(a).startswith("buy uprising")}
    assert offered == {"buy uprising denmark germany 1"}
    alps = uprising_game(
        assign={**BOARD, "switzerland": ("neutral", 8), "austria": ("blue", 3), "czechia": ("red", 1)},
        purchases=["special_forces"],
    )
    illegal(alps, "buy uprising switzerland austria 3", "action/bad_dice")  # difficult terrain: at most 2
    alps.apply("buy uprising switzerland austria 2", dice=([1, 1], [6, 6]))


def test_uprising_needs_a_neutral_stack_of_two_next_to_an_opponent_territory() -> None:
    game = uprising_game()
    illegal(game, "buy uprising estonia latvia 1", "hospital/no_uprising")  # 1 neutral unit only
    illegal(game, "buy uprising germany netherlands 1", "hospital/no_uprising")  # not neutral
    illegal(game, "buy uprising denmark sweden 1", "hospital/bad_target")  # the buyer's own land
    illegal(game, "buy uprising denmark norway 1", "hospital/bad_target")  # not a neighbour
    none = uprising_game(assign={**BOARD, "denmark": ("neutral", 1)})
    illegal(none, "buy uprising denmark germany 1", "hospital/no_uprising")
    assert not [a for a in none.legal_actions() if str(a).startswith("buy uprising")]


def test_uprising_against_the_opponents_airfield_helps_the_defender() -> None:
    game = uprising_game(airfields={"blue": "germany", "red": "sweden"})
    events = game.apply("buy uprising denmark germany 2", dice=([5, 5], [5, 4]))
    mods = [(e.player, e.before, e.after) for e in events_of(events, "DiceModified")]
    assert mods == [("blue", (5, 4), (6, 4))]  # red's airfield (sweden borders denmark) does not help
    assert units(game, "denmark", "germany") == (4, 2)


def test_uprising_dice_get_no_bonus_from_the_buyers_airfield_next_to_the_target() -> None:
    game = uprising_game(
        assign={**BOARD, "netherlands": ("red", 2), "finland": ("blue", 3)}, airfields={"red": "netherlands"}
    )
    events = game.apply("buy uprising denmark germany 1", dice=([5], [5, 1]))
    assert events_of(events, "DiceModified") == []
    assert units(game, "denmark", "germany") == (4, 3)


def test_uprising_dice_get_no_recon_reroll() -> None:
    game = uprising_game(
        assign={**BOARD, "western_ukraine": ("blue", 3), "romania": ("neutral", 4)}, hospital={"red": 8}
    )
    game.apply("buy recon_mission")
    events = game.apply("buy uprising romania western_ukraine 2", dice=([1, 1], [3, 3]))
    assert events_of(events, "DiceModified") == []


def test_uprising_destroys_an_airfield_it_conquers() -> None:
    game = uprising_game(airfields={"blue": "germany"})
    events = game.apply("buy uprising denmark germany 3", dice=([6, 6, 6], [1, 1], [6, 6, 6], [1]))
    assert [(e.player, e.territory) for e in events_of(events, "AirfieldDestroyed")] == [("blue", "germany")]
    assert game.extras.airfields["blue"] is None


def test_uprising_that_takes_the_last_opponent_territory_wins_at_once() -> None:
    assign = {**BOARD, "netherlands": ("red", 2)}
    game = uprising_game(assign=assign)
    events = game.apply("buy uprising denmark germany 3", dice=([6, 6, 6], [1, 1], [6, 6, 6], [1]))
    assert "PlayerEliminated" in kinds(events) and "GameWon" in kinds(events)
    assert (game.phase, game.winner) == ("over", "red")
    assert game.legal_actions() == []


def test_uprising_with_ask_defender_asks_before_each_throw() -> None:
    game = uprising_game(options={"ask_defender": True})
    events = game.apply("buy uprising denmark germany 3")
    assert "DiceRolled" not in kinds(events)
    assert game.pending.player == "blue" and game.pending.decision == "defend"
    assert game.phase == "hospital"
    illegal(game, "end", "action/awaiting_defender")
    illegal(game, "buy recon_mission", "action/wrong_phase")
    game.apply("defend 1", dice=([6, 6, 6], [1]))
    assert game.pending.player == "blue" and game.armies("germany") == 2
    game.apply("defend 2", dice=([6, 2, 2], [5, 5]))
    assert game.owner("germany") == "blue" and units(game, "denmark", "germany") == (4, 1)
    assert game.pending.player == "red" and game.phase == "reinforce"
    assert game.extras.hospital["blue"] == 2


def test_uprising_with_ask_defender_ends_with_a_conquest() -> None:
    game = uprising_game(options={"ask_defender": True}, hospital={"red": 9})
    game.apply("buy uprising denmark germany 2")
    game.apply("defend 2", dice=([6, 6], [1, 1]))
    game.apply("defend 1", dice=([6, 6], [1]))
    assert game.owner("germany") == "neutral" and units(game, "denmark", "germany") == (3, 2)
    assert (game.pending.player, game.phase) == ("red", "hospital")  # 3 units left: still shopping
