"""The worked examples TF-1 … TF-9 of RULES.md §10.4 (seed S002), one test each, with the numbers
of the table."""

from __future__ import annotations

import riskboard as rb

from .conftest import (
    THREE,
    asked,
    attack_dice_offered,
    attack_texts,
    decision,
    events_of,
    illegal,
    leaders,
    scenario,
    texts,
    units,
    yard,
)
from .spec_tf import LEADER_SIDES, ROBOT_SIDES

LEADERS_AWAY = {"Ada": "ural", "Bo": "siberia"}  # neither leader in the zones of the example
BOARD = {"ukraine": ("Ada", 4), "ural": ("Ada", 2), "scandinavia": ("Bo", 2), "siberia": ("Bo", 2)}


def test_tf_1_four_robots_commit_one_to_three_one_stays() -> None:
    game = scenario(BOARD, leaders=LEADERS_AWAY)
    assert attack_dice_offered(game, "ukraine", "scandinavia") == {1, 2, 3}
    illegal(game, "attack ukraine scandinavia 4", "action/bad_dice")
    game.apply("attack ukraine scandinavia 3", dice=([1, 1, 1], [6, 6]))
    assert units(game, "ukraine") == (2,)  # the pairs lost 2 of the 3; the guard never fought


def test_tf_2_a_target_with_exactly_two_robots_may_defend_with_both() -> None:
    game = asked(BOARD, leaders=LEADERS_AWAY)
    game.apply("attack ukraine scandinavia 3")
    assert decision(game) == ("Bo", "defend") and texts(game) == {"defend 1", "defend 2"}
    (roll,) = events_of(game.apply("defend 2", dice=([6, 6, 1], [2, 1])), "LeaderDiceRolled")
    assert len(roll.defend) == 2
    assert game.owner("scandinavia") == "Ada"  # both fought and fell: no guard was needed
    automatic = scenario(BOARD, leaders=LEADERS_AWAY)
    (roll,) = events_of(automatic.apply("attack ukraine scandinavia 3", dice=([1, 1, 1], [2, 1])), "LeaderDiceRolled")
    assert len(roll.defend) == 2


def test_tf_3_leader_and_two_robots_roll_one_d8_and_two_d6_against_two_d6() -> None:
    game = scenario(BOARD, leaders={"Ada": "ukraine", "Bo": "siberia"})  # ukraine: the leader and 3 robots
    assert units(game, "ukraine") == (4,) and game.leader_at("ukraine") == "Ada"
    assert "attack ukraine scandinavia 3 leader" in attack_texts(game, "ukraine", "scandinavia")
    illegal(game, "attack ukraine scandinavia 4 leader", "action/bad_dice")  # the leader is no fourth die
    (roll,) = events_of(game.apply("attack ukraine scandinavia 3 leader", dice=([8, 4, 2], [5, 3])), "LeaderDiceRolled")
    assert sorted(roll.attack_sides) == sorted((LEADER_SIDES, ROBOT_SIDES, ROBOT_SIDES))
    assert roll.defend_sides == (ROBOT_SIDES, ROBOT_SIDES)
    assert (roll.attacker_losses, roll.defender_losses) == (0, 2)
    # liberated: the leader and the 2 robots move in; 1 robot stayed on guard in the origin
    assert units(game, "ukraine", "scandinavia") == (1, 3) and game.leader_at("scandinavia") == "Ada"


def test_tf_4_five_against_five_the_defender_wins_the_attacker_scraps_a_committed_robot() -> None:
    game = scenario(BOARD, leaders=LEADERS_AWAY)
    (roll,) = events_of(game.apply("attack ukraine scandinavia 1", dice=([5], [5, 2])), "LeaderDiceRolled")
    assert (roll.attacker_losses, roll.defender_losses) == (1, 0)
    assert units(game, "ukraine", "scandinavia") == (3, 2) and yard(game) == {"Ada": 1, "Bo": 0}
    # with its leader committed, the attacker chooses the robot
    game = scenario(BOARD, leaders={"Ada": "ukraine", "Bo": "siberia"})
    game.apply("attack ukraine scandinavia 2 leader", dice=([5, 4], [5, 1]))
    assert decision(game) == ("Ada", "casualty")
    game.apply("casualty robot")
    assert yard(game)["Ada"] == 1 and leaders(game)["Ada"] == "ukraine" and units(game, "ukraine") == (3,)


def test_tf_5_target_held_and_two_units_in_the_origin_continue_or_stop() -> None:
    game = scenario({**BOARD, "ukraine": ("Ada", 3)}, leaders=LEADERS_AWAY)
    game.apply("attack ukraine scandinavia 2", dice=([6, 1], [5, 4]))
    assert units(game, "ukraine", "scandinavia") == (2, 1)
    assert decision(game) == ("Ada", "continue")
    assert texts(game) == {"attack ukraine scandinavia 1", "blitz ukraine scandinavia", "stop"}


def test_tf_6_one_unit_left_in_the_origin_the_action_is_lost() -> None:
    game = scenario({**BOARD, "ukraine": ("Ada", 3)}, leaders=LEADERS_AWAY)
    events = game.apply("attack ukraine scandinavia 2", dice=([1, 1], [5, 4]))
    assert units(game, "ukraine") == (1,)
    assert [e.how for e in events_of(events, "ActionEnded")] == ["lost"]
    assert decision(game) == ("Ada", "attack") and "stop" not in texts(game)
    assert not [t for t in texts(game) if t.startswith("attack ukraine ")]


def test_tf_7_target_emptied_the_survivors_move_in_more_may_follow_one_stays() -> None:
    game = scenario({**BOARD, "ukraine": ("Ada", 7)}, leaders=LEADERS_AWAY)
    events = game.apply("attack ukraine scandinavia 3", dice=([6, 6, 1], [5, 4]))
    (conquered,) = events_of(events, "TerritoryConquered")
    assert conquered.moved == 3 and units(game, "ukraine", "scandinavia") == (4, 3)
    assert texts(game) == {f"occupy {k}" for k in range(3, 7)}  # 0 to 3 more: 1 stays
    game.apply("occupy 6")
    assert units(game, "ukraine", "scandinavia") == (1, 6)


def test_tf_8_no_robots_left_the_player_is_out_its_cards_back_into_the_pile() -> None:
    board = {"ukraine": ("Ada", 4), "scandinavia": ("Bo", 1), "siberia": ("Cy", 2)}
    game = scenario(board, players=THREE, default=("Cy", 1), hands={"Bo": ["upgrade_1", "upgrade_2"]})
    pile = game.state.draw_pile
    events = game.apply("attack ukraine scandinavia 1", dice=([6], [1]))
    (destroyed,) = events_of(events, "ArmyDestroyed")
    assert destroyed.player == "Bo" and destroyed.cards == 2 and not game.is_alive("Bo")
    assert sorted(game.state.draw_pile) == sorted((*pile, "upgrade_1", "upgrade_2")) and game.hand("Bo") == ()
    assert not game.is_over  # Cy's army still stands


def test_tf_9_leader_and_robot_committed_one_lost_the_robot_goes_first() -> None:
    # the automatic defender
    game = scenario({**BOARD, "scandinavia": ("Bo", 3)}, leaders={"Ada": "ural", "Bo": "scandinavia"})
    game.apply("attack ukraine scandinavia 3", dice=([6, 1, 1], [5, 4]))
    assert leaders(game)["Bo"] == "scandinavia" and units(game, "scandinavia") == (2,) and yard(game)["Bo"] == 1
    # a bot choosing for the attacker
    game = scenario(BOARD, leaders={"Ada": "ukraine", "Bo": "siberia"})
    game.apply("attack ukraine scandinavia 2 leader", dice=([6, 1], [5, 4]))
    assert decision(game) == ("Ada", "casualty")
    for bot in (rb.bots.Aggressive(seed=1),):
        assert str(bot.act(game.view("Ada"))) == "casualty robot"
