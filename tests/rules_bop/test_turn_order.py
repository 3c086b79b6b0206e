"""The turn (RULES.md §5.4): neutral resistance → hospital → reinforce → attack → missions →
fortify → card → win check, per variant; the hospital step is skipped when nothing is affordable."""

from __future__ import annotations

import pytest

import riskboard as rb

from .conftest import command_room, events_of, illegal, kinds, scenario, units

ASSIGN = {
    "germany": ("red", 6),
    "denmark": ("red", 2),
    "netherlands": ("blue", 1),
    "belgium": ("blue", 4),
    "finland": ("blue", 3),
}


def test_basic_training_turn_is_reinforce_attack_fortify() -> None:
    game = scenario(ASSIGN, current="blue", phase="fortify", missions=[])
    events = game.apply("end")
    assert kinds(events)[:3] == ["TurnEnded", "TurnStarted", "ReinforcementsCounted"]
    assert (game.current_player, game.phase) == ("red", "reinforce")
    game.apply(f"place {game.reinforcements} germany")
    assert game.phase == "attack"
    game.apply("attack germany netherlands 3", dice=([6, 6, 6], [1]))
    assert game.phase == "occupy"
    game.apply("occupy 3")
    game.apply("end")
    assert game.phase == "fortify"  # no fulfilled mission on the board: straight to the maneuver
    events = game.apply("fortify germany netherlands 1", dice=["finland"])
    names = kinds(events)
    assert names.index("ArmiesMoved") < names.index("CardDrawn") < names.index("TurnStarted")
    assert game.hand("red") == ("finland",)
    assert (game.current_player, game.phase) == ("blue", "reinforce")


def test_command_room_turn_starts_with_resistance_then_the_hospital() -> None:
    game = command_room(ASSIGN, current="blue", phase="fortify", hospital={"red": 2}, missions=[])
    events = game.apply("end")
    assert kinds(events) == ["TurnEnded", "TurnStarted", "PhaseChanged"]
    assert (game.current_player, game.phase) == ("red", "neutral")
    assert game.pending.decision == "place_neutral"
    events = game.apply("place 2 czechia")
    assert kinds(events) == ["NeutralReinforced", "PhaseChanged"]
    assert game.phase == "hospital"
    events = game.apply("end")
    assert kinds(events) == ["ReinforcementsCounted"]
    assert game.phase == "reinforce"


def test_the_hospital_step_is_skipped_when_nothing_is_affordable() -> None:
    game = command_room(ASSIGN, current="blue", phase="fortify", hospital={"red": 1}, missions=[])
    game.apply("end")
    events = game.apply("place 2 czechia")
    assert "PhaseChanged" not in kinds(events)
    assert game.phase == "reinforce"
    assert game.extras.hospital["red"] == 1


def test_the_hospital_step_is_offered_from_two_units() -> None:
    game = command_room(
        ASSIGN, current="blue", phase="fortify", hospital={"red": 2}, options={"neutral_resistance_units": 0}
    )
    game.apply("end")
    assert game.phase == "hospital"
    assert {str(a) for a in game.legal_actions()} == {"buy recon_mission", "end"}


def test_the_missions_step_comes_after_attacking_and_before_the_maneuver() -> None:
    game = scenario(ASSIGN, missions=["control_danish_naval_base"])
    game.apply("end")
    assert game.phase == "missions"
    illegal(game, "end", "mission/must_collect")
    illegal(game, "fortify germany denmark 1", "action/wrong_phase")
    game.apply("collect control_danish_naval_base")
    assert game.phase == "fortify"


def test_no_card_without_a_conquest() -> None:
    game = scenario(ASSIGN, missions=[])
    game.apply("attack germany netherlands 1", dice=([1], [6]))
    game.apply("end")
    events = game.apply("end")
    assert not events_of(events, "CardDrawn")
    assert game.hand("red") == ()


def test_one_card_for_several_conquests() -> None:
    game = scenario({**ASSIGN, "czechia": ("blue", 1)}, missions=[])
    game.apply("attack germany netherlands 1", dice=([6], [1]))
    game.apply("occupy 1")
    game.apply("attack germany czechia 1", dice=([6], [1]))
    game.apply("occupy 1")
    game.apply("end")
    events = game.apply("end", dice=["italy"])
    assert [e.card for e in events_of(events, "CardDrawn")] == ["italy"]
    assert game.hand("red") == ("italy",)


def every_card_in_reds_hand(reshuffle: bool) -> rb.Game:
    """Red holds all 30 cards (the pile is empty), trades 2 of them and conquers netherlands."""
    game = scenario(
        ASSIGN,
        phase="reinforce",
        hands={"red": list(rb.load_map("europe").ids)},
        options={"reshuffle_discards": reshuffle},
        missions=[],
    )
    assert game.state.draw_pile == ()
    game.apply("trade belgium netherlands")
    assert game.state.discard_pile == ("belgium", "netherlands")
    game.apply(f"place {game.reinforcements} germany")
    game.apply("attack germany netherlands 3", dice=([6, 6, 6], [1]))
    game.apply("occupy 3")
    game.apply("end")
    return game


def test_discards_are_reshuffled_when_the_pile_is_empty() -> None:
    game = every_card_in_reds_hand(reshuffle=True)
    events = game.apply("end", dice=["netherlands"])
    assert kinds(events)[:3] == ["TurnEnded", "DiscardsReshuffled", "CardDrawn"]
    assert game.hand("red")[-1] == "netherlands"
    assert game.state.draw_pile == ("belgium",) and game.state.discard_pile == ()


def test_no_card_when_the_pile_is_empty_and_reshuffling_is_off() -> None:
    game = every_card_in_reds_hand(reshuffle=False)
    events = game.apply("end")
    assert not events_of(events, "CardDrawn")
    assert len(game.hand("red")) == 28
    assert game.current_player == "blue"


@pytest.mark.parametrize("phase", ["reinforce", "neutral", "occupy"])
def test_end_is_refused_while_units_wait(phase: str) -> None:
    if phase == "reinforce":
        game = scenario(ASSIGN, phase="reinforce", missions=[])
        illegal(game, "end", "action/armies_left")
    elif phase == "neutral":
        game = command_room(ASSIGN, current="blue", phase="fortify", missions=[])
        game.apply("end")
        illegal(game, "end", "action/armies_left")
    else:
        game = scenario(ASSIGN, missions=[])
        game.apply("attack germany netherlands 3", dice=([6, 6, 6], [1]))
        illegal(game, "end", "action/must_occupy")


# -- §1.5 maneuver_connected -----------------------------------------------------------------------

CHAIN = {
    "ireland": ("red", 5),
    "great_britain": ("red", 1),
    "norway": ("red", 1),
    "sweden": ("red", 1),
    "poland": ("red", 1),
    "finland": ("blue", 3),
    "germany": ("blue", 3),
}


def test_the_maneuver_follows_a_chain_of_own_territories_over_sea_routes() -> None:
    game = scenario(CHAIN, phase="fortify", missions=[])
    events = game.apply("fortify ireland poland 4")
    assert [(e.source, e.target, e.count) for e in events_of(events, "ArmiesMoved")] == [("ireland", "poland", 4)]
    assert units(game, "ireland", "poland") == (1, 5)
    assert game.current_player == "blue"  # one maneuver ends the turn


def test_the_maneuver_cannot_cross_other_territories() -> None:
    game = scenario({**CHAIN, "sweden": ("blue", 1)}, phase="fortify", missions=[])
    illegal(game, "fortify ireland poland 1", "action/not_connected")
    illegal(game, "fortify ireland germany 1", "action/not_owner")
    illegal(game, "fortify ireland norway 5", "action/bad_count")
    illegal(game, "fortify ireland ireland 1", "action/same_territory")
    targets = {a.target for a in game.legal_actions() if isinstance(a, rb.Fortify)}
    assert targets == {"great_britain", "norway"}


def test_the_maneuver_is_optional() -> None:
    game = scenario(CHAIN, phase="fortify", missions=[])
    game.apply("end")
    assert game.current_player == "blue" and game.armies("ireland") == 5


def test_the_maneuver_is_not_allowed_during_attacks() -> None:
    game = scenario(CHAIN, phase="attack", missions=[])
    illegal(game, "fortify ireland poland 1", "action/wrong_phase")


def test_a_starting_maneuver_does_not_use_up_the_end_of_turn_maneuver() -> None:
    game = command_room(CHAIN, phase="hospital", hospital={"red": 3}, missions=[])
    game.apply("buy starting_maneuver ireland great_britain 2")
    game.apply(f"place {game.reinforcements} ireland")
    game.apply("end")
    assert game.phase == "fortify"
    game.apply("fortify great_britain sweden 2")
    assert units(game, "ireland", "great_britain", "sweden") == (3 + 4, 1, 3)
