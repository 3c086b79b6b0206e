"""Liberation actions (RULES.md §1.1, §6.4–6.6, D31, D32; seed S002): what each side may commit,
the leader's d8, pairs from the highest with ties to the defender, the loser's casualty choice
(the attacker always asked, the defender when it chooses its own dice, otherwise the leader lost
last), the scrapyard, and the three outcomes, each offering exactly the choices the rules allow."""

from __future__ import annotations

import dataclasses

import pytest

from .conftest import (
    FOUR,
    THREE,
    asked,
    attack_dice_offered,
    attack_texts,
    decision,
    end_turn,
    events_of,
    illegal,
    leaders,
    scenario,
    texts,
    units,
    yard,
)
from .spec_tf import LEADER_SIDES, MOST_ATTACKERS, MOST_DEFENDERS, ROBOT_SIDES, pairs_lost

# Ada attacks scandinavia (Bo) from ukraine; Ada's leader in ukraine, Bo's in scandinavia.
BOARD = {"ukraine": ("Ada", 6), "ural": ("Ada", 4), "scandinavia": ("Bo", 3), "siberia": ("Bo", 5)}
LEADERS = {"Ada": "ukraine", "Bo": "scandinavia"}


def game(assign: dict | None = None, ask: bool = False, **kw: object):  # type: ignore[no-untyped-def]
    board = {**BOARD, **(assign or {})}
    kw.setdefault("leaders", LEADERS)
    return (asked if ask else scenario)(board, **kw)


def throw_of(events: list) -> object:
    (roll,) = events_of(events, "LeaderDiceRolled")
    return roll


# -- what each side commits -----------------------------------------------------------------------
@pytest.mark.parametrize(("units_in_origin", "most"), [(2, 1), (3, 2), (4, 3), (9, 3)])
def test_one_to_three_attackers_one_unit_stays_as_guard(units_in_origin: int, most: int) -> None:
    g = game({"ukraine": ("Ada", units_in_origin)})
    assert most == min(MOST_ATTACKERS, units_in_origin - 1)
    assert attack_dice_offered(g, "ukraine", "scandinavia") == set(range(1, most + 1))
    # the leader standing there may be one of them, never a further die
    assert attack_texts(g, "ukraine", "scandinavia") == {
        f"attack ukraine scandinavia {k}{w}" for k in range(1, most + 1) for w in ("", " leader")
    }
    illegal(g, f"attack ukraine scandinavia {most + 1}", "action/bad_dice")
    illegal(g, f"attack ukraine scandinavia {most + 1} leader", "action/bad_dice")


def test_an_origin_of_one_unit_attacks_nowhere() -> None:
    g = game({"ukraine": ("Ada", 1)})
    assert not attack_texts(g, "ukraine", "scandinavia")
    assert not [t for t in texts(g) if t.startswith("attack ukraine ")]


def test_the_leader_joins_only_from_the_zone_where_it_stands() -> None:
    g = game(leaders={"Ada": "ural", "Bo": "scandinavia"})
    assert attack_texts(g, "ukraine", "scandinavia") == {f"attack ukraine scandinavia {k}" for k in (1, 2, 3)}
    illegal(g, "attack ukraine scandinavia 2 leader", "leader/not_here")
    assert "attack ural siberia 3 leader" in texts(g)


def test_a_committed_leader_rolls_a_d8_first_the_robots_d6() -> None:
    g = game()
    roll = throw_of(g.apply("attack ukraine scandinavia 3 leader", dice=([7, 2, 1], [6, 5])))
    assert roll.attack == (7, 2, 1) and roll.attack_sides == (LEADER_SIDES, ROBOT_SIDES, ROBOT_SIDES)
    # the defender's leader stands in scandinavia: the automatic answer commits it, its d8 first
    assert roll.defend_sides == (LEADER_SIDES, ROBOT_SIDES)
    g2 = game()
    roll = throw_of(g2.apply("attack ukraine scandinavia 3 leader", dice=([1, 6, 5], [8, 2])))
    assert roll.attack == (6, 5, 1) and roll.attack_sides == (6, 6, 8)  # sorted high to low, faces kept
    assert roll.defend == (8, 2)


def test_robots_alone_roll_d6_only() -> None:
    g = game()
    illegal(g, "attack ukraine scandinavia 3", "dice/invalid", dice=([7, 2, 1], [1, 1]))
    illegal(g, "attack ukraine scandinavia 3 leader", "dice/invalid", dice=([2, 7, 1], [1, 1]))  # d8 first only
    far = game(leaders={"Ada": "ukraine", "Bo": "siberia"})
    illegal(far, "attack ukraine scandinavia 3", "dice/invalid", dice=([2, 2, 1], [7, 1]))  # no defending leader
    roll = throw_of(far.apply("attack ukraine scandinavia 3", dice=([2, 2, 1], [1, 1])))
    assert roll.attack_sides == (6, 6, 6) and roll.defend_sides == (6, 6)


@pytest.mark.parametrize(
    ("target_units", "defender_leader", "dice", "sides"),
    [
        (1, True, 1, (8,)),  # the leader alone defends
        (2, True, 2, (8, 6)),
        (3, True, 2, (8, 6)),
        (1, False, 1, (6,)),
        (5, False, 2, (6, 6)),
    ],
)
def test_the_automatic_defence_uses_the_most_dice_and_the_leader_where_it_stands(
    target_units: int, defender_leader: bool, dice: int, sides: tuple
) -> None:
    where = "scandinavia" if defender_leader else "siberia"
    g = game({"scandinavia": ("Bo", target_units)}, leaders={"Ada": "ural", "Bo": where})
    roll = throw_of(g.apply("attack ukraine scandinavia 3", dice=([1, 1, 1], [1] * dice)))
    assert len(roll.defend) == dice == min(MOST_DEFENDERS, target_units) and roll.defend_sides == sides


@pytest.mark.parametrize(
    ("target_units", "defender_leader", "offered"),
    [
        (1, True, {"defend 1 leader"}),  # the leader alone must defend
        (2, True, {"defend 1", "defend 1 leader", "defend 2 leader"}),  # two dice only with the leader
        (3, True, {"defend 1", "defend 2", "defend 1 leader", "defend 2 leader"}),
        (1, False, {"defend 1"}),
        (2, False, {"defend 1", "defend 2"}),  # no guard needed: both may defend
    ],
)
def test_an_asked_defender_commits_one_or_two_its_leader_only_where_it_stands(
    target_units: int, defender_leader: bool, offered: set
) -> None:
    where = "scandinavia" if defender_leader else "siberia"
    g = game({"scandinavia": ("Bo", target_units)}, ask=True, leaders={"Ada": "ural", "Bo": where})
    g.apply("attack ukraine scandinavia 3")
    assert decision(g) == ("Bo", "defend")
    assert texts(g) == offered
    if not defender_leader:
        illegal(g, "defend 1 leader", "leader/not_here")
    if target_units == 2 and defender_leader:
        illegal(g, "defend 2", "leader/must_defend")
    illegal(g, f"defend {min(target_units, 2) + 1}", "action/bad_dice")


@pytest.mark.parametrize(
    ("attack", "defend"),
    [([6, 3, 1], [5, 4]), ([5, 5, 5], [5, 5]), ([6, 2, 2], [6, 1]), ([4, 4, 4], [3, 3]), ([2, 1, 1], [6, 6])],
)
def test_pairs_from_the_highest_ties_to_the_defender(attack: list, defend: list) -> None:
    g = game(leaders={"Ada": "ural", "Bo": "siberia"}, scrapyard={"Ada": 2, "Bo": 1})
    roll = throw_of(g.apply("attack ukraine scandinavia 3", dice=(attack, defend)))
    lost = pairs_lost(attack, defend)
    assert (roll.attacker_losses, roll.defender_losses) == lost
    assert units(g, "ukraine", "scandinavia") == (6 - lost[0], 3 - lost[1])
    assert yard(g) == {"Ada": 2 + lost[0], "Bo": 1 + lost[1]}  # the robots lost go to their owners' scrapyards


def test_unpaired_dice_are_ignored() -> None:
    g = game(leaders={"Ada": "ural", "Bo": "siberia"})
    roll = throw_of(g.apply("attack ukraine scandinavia 1", dice=([6], [5, 5])))
    assert (roll.attacker_losses, roll.defender_losses) == (0, 1)


# -- the casualty choice --------------------------------------------------------------------------
def test_the_attacker_chooses_whether_its_committed_leader_falls() -> None:
    for choice, leader_zone, robots_lost in (("robot", "ukraine", 1), ("leader", "scrapyard", 0)):
        g = game(scrapyard={"Ada": 4})
        roll = throw_of(g.apply("attack ukraine scandinavia 3 leader", dice=([8, 2, 1], [3, 3])))
        assert (roll.attacker_losses, roll.defender_losses) == (1, 1)
        assert decision(g) == ("Ada", "casualty")  # asked even though defenders answer automatically
        assert texts(g) == {"casualty robot", "casualty leader"}
        assert units(g, "ukraine") == (6,)  # nothing removed before the choice
        events = g.apply(f"casualty {choice}")
        assert units(g, "ukraine") == (5,)
        assert leaders(g)["Ada"] == leader_zone
        assert yard(g)["Ada"] == 4 + robots_lost  # the scrapyard counts robots; the leader is apart
        assert len(events_of(events, "LeaderScrapped")) == (choice == "leader")
        assert decision(g) == ("Ada", "continue")


def test_two_losses_with_the_leader_committed_the_choice_takes_both() -> None:
    g = game()
    g.apply("attack ukraine scandinavia 3 leader", dice=([8, 2, 1], [6, 5]))  # 8 > 6, 2 < 5: one lost...
    g.apply("casualty leader")
    assert leaders(g)["Ada"] == "scrapyard" and units(g, "ukraine") == (5,)
    g = game({"ukraine": ("Ada", 8)})
    roll = throw_of(g.apply("attack ukraine scandinavia 3 leader", dice=([1, 2, 1], [6, 5])))
    assert roll.attacker_losses == 2 and decision(g) == ("Ada", "casualty")
    g.apply("casualty leader")  # the leader and one robot
    assert leaders(g)["Ada"] == "scrapyard" and units(g, "ukraine") == (6,) and yard(g)["Ada"] == 1


def test_losing_every_committed_unit_loses_the_leader_without_a_question() -> None:
    g = game()
    events = g.apply("attack ukraine scandinavia 1 leader", dice=([3], [5, 1]))
    (scrapped,) = events_of(events, "LeaderScrapped")
    assert (scrapped.player, scrapped.leader, scrapped.territory) == ("Ada", "optimus_prime", "ukraine")
    assert leaders(g)["Ada"] == "scrapyard" and units(g, "ukraine") == (5,) and yard(g)["Ada"] == 0
    assert decision(g) == ("Ada", "continue")
    g = game({"ukraine": ("Ada", 3)})
    g.apply("attack ukraine scandinavia 2 leader", dice=([3, 2], [5, 4]))
    assert leaders(g)["Ada"] == "scrapyard" and units(g, "ukraine") == (1,) and yard(g)["Ada"] == 1


def test_no_question_when_the_loser_did_not_commit_its_leader() -> None:
    g = game()
    g.apply("attack ukraine scandinavia 3", dice=([1, 1, 1], [5, 4]))  # Ada's leader stayed out
    assert decision(g) == ("Ada", "continue") and leaders(g)["Ada"] == "ukraine" and yard(g)["Ada"] == 2


def test_the_automatic_defender_loses_its_leader_last() -> None:
    g = game({"scandinavia": ("Bo", 4)}, leaders={"Ada": "ural", "Bo": "scandinavia"})
    roll = throw_of(g.apply("attack ukraine scandinavia 3", dice=([6, 1, 1], [5, 4])))
    assert (roll.attacker_losses, roll.defender_losses) == (1, 1)
    assert leaders(g)["Bo"] == "scandinavia" and units(g, "scandinavia") == (3,) and yard(g)["Bo"] == 1
    assert decision(g) == ("Ada", "continue")  # nobody was asked


def test_an_asked_defender_chooses_its_casualty() -> None:
    for choice, where in (("robot", "scandinavia"), ("leader", "scrapyard")):
        g = game({"scandinavia": ("Bo", 4)}, ask=True, leaders={"Ada": "ural", "Bo": "scandinavia"})
        g.apply("attack ukraine scandinavia 3", dice=([6, 1, 1], [5, 4]))
        g.apply("defend 2 leader")
        assert decision(g) == ("Bo", "casualty") and texts(g) == {"casualty robot", "casualty leader"}
        g.apply(f"casualty {choice}")
        assert leaders(g)["Bo"] == where and units(g, "scandinavia") == (3,)
        assert yard(g)["Bo"] == (choice == "robot")
        assert decision(g) == ("Ada", "continue")


def test_an_asked_defender_without_its_leader_committed_loses_robots() -> None:
    g = game({"scandinavia": ("Bo", 4)}, ask=True, leaders={"Ada": "ural", "Bo": "scandinavia"})
    g.apply("attack ukraine scandinavia 3", dice=([6, 6, 1], [5, 4]))
    g.apply("defend 2")
    assert leaders(g)["Bo"] == "scandinavia" and units(g, "scandinavia") == (2,) and yard(g)["Bo"] == 2


def test_both_losers_choose_the_attacker_first() -> None:
    g = game({"scandinavia": ("Bo", 4)}, ask=True)
    g.apply("attack ukraine scandinavia 3 leader", dice=([8, 1, 1], [5, 4]))
    g.apply("defend 2 leader")
    assert decision(g) == ("Ada", "casualty")
    illegal(g, "attack ukraine scandinavia 1", "action/casualty_first")
    illegal(g, "end", "action/casualty_first")
    g.apply("casualty robot")
    assert decision(g) == ("Bo", "casualty")
    g.apply("casualty leader")
    assert leaders(g) == {"Ada": "ukraine", "Bo": "scrapyard"}
    assert units(g, "ukraine", "scandinavia") == (5, 3) and yard(g) == {"Ada": 1, "Bo": 0}
    assert decision(g) == ("Ada", "continue")


# -- outcome 1: the zone liberated ----------------------------------------------------------------
def test_liberated_the_survivors_move_in_with_the_committed_leader() -> None:
    g = game({"scandinavia": ("Bo", 2)})
    events = g.apply("attack ukraine scandinavia 3 leader", dice=([8, 6, 1], [7, 5]))
    (conquered,) = events_of(events, "TerritoryConquered")
    assert (conquered.player, conquered.previous_owner, conquered.moved) == ("Ada", "Bo", 3)
    assert g.owner("scandinavia") == "Ada" and units(g, "ukraine", "scandinavia") == (3, 3)
    assert leaders(g) == {"Ada": "scandinavia", "Bo": "scrapyard"}  # Bo's leader defended to the last
    assert g.leader_at("scandinavia") == "Ada" and g.leader_at("ukraine") is None
    # more robots may follow, one stays
    assert decision(g) == ("Ada", "occupy") and texts(g) == {"occupy 3", "occupy 4", "occupy 5"}
    illegal(g, "occupy 6", "action/bad_count")
    illegal(g, "attack ural siberia 1", "action/wrong_phase")
    illegal(g, "end", "action/must_occupy")
    g.apply("occupy 5")
    assert units(g, "ukraine", "scandinavia") == (1, 5) and decision(g) == ("Ada", "attack")


def test_liberated_a_leader_left_out_of_the_action_stays_in_the_origin() -> None:
    g = game({"scandinavia": ("Bo", 1)}, leaders={"Ada": "ukraine", "Bo": "siberia"})
    g.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    assert units(g, "ukraine", "scandinavia") == (3, 3) and leaders(g)["Ada"] == "ukraine"
    g.apply("occupy 5")  # every robot follows; the leader is the unit that stays
    assert units(g, "ukraine", "scandinavia") == (1, 5) and g.leader_at("ukraine") == "Ada"


def test_liberated_a_leader_that_stayed_in_the_origin_may_follow_with_a_robot_left_on_guard() -> None:
    """Seed S002, outcome 1: more robots may follow from the origin zone, the leader among them,
    provided a robot stays behind as guard: ``occupy N leader`` (N units in all, the leader one)."""
    g = game({"scandinavia": ("Bo", 1)}, leaders={"Ada": "ukraine", "Bo": "siberia"})
    g.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    assert units(g, "ukraine", "scandinavia") == (3, 3) and leaders(g)["Ada"] == "ukraine"
    # the 3 that attacked are in; the leader is one of at most 2 more, one robot staying behind
    assert texts(g) == {"occupy 3", "occupy 4", "occupy 5", "occupy 4 leader", "occupy 5 leader"}
    assert "the leader too" in g.pending.detail
    illegal(g, "occupy 6 leader", "leader/no_guard")  # nobody would guard ukraine
    illegal(g, "occupy 3 leader", "action/bad_count")  # the leader is one more than those in already
    events = g.apply("occupy 5 leader")
    (moved,) = events_of(events, "ArmiesMovedIn")
    assert (moved.source, moved.target, moved.count) == ("ukraine", "scandinavia", 5)
    assert units(g, "ukraine", "scandinavia") == (1, 5)
    assert g.leader_at("scandinavia") == "Ada" and g.leader_at("ukraine") is None
    assert decision(g) == ("Ada", "attack")


def test_liberated_the_leader_follows_only_when_named() -> None:
    g = game({"scandinavia": ("Bo", 1)}, leaders={"Ada": "ukraine", "Bo": "siberia"})
    g.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    g.apply("occupy 4")
    assert units(g, "ukraine", "scandinavia") == (2, 4) and g.leader_at("ukraine") == "Ada"


def test_liberated_a_committed_leader_is_in_already_and_cannot_follow_again() -> None:
    g = game({"scandinavia": ("Bo", 2)})
    g.apply("attack ukraine scandinavia 3 leader", dice=([8, 6, 1], [7, 5]))
    assert leaders(g)["Ada"] == "scandinavia"
    assert not [t for t in texts(g) if t.endswith("leader")]
    illegal(g, "occupy 4 leader", "leader/not_here")


def test_liberated_a_leader_alone_with_one_robot_may_follow_leaving_the_robot() -> None:
    g = game({"ukraine": ("Ada", 4), "scandinavia": ("Bo", 1)}, leaders={"Ada": "ukraine", "Bo": "siberia"})
    g.apply("attack ukraine scandinavia 2", dice=([6, 6], [1]))
    assert units(g, "ukraine", "scandinavia") == (2, 2)  # the leader and a robot stayed
    assert texts(g) == {"occupy 2", "occupy 3", "occupy 3 leader"}
    g.apply("occupy 3 leader")
    assert units(g, "ukraine", "scandinavia") == (1, 3) and g.leader_at("scandinavia") == "Ada"


def test_occupy_with_the_leader_round_trips_saves_and_replays() -> None:
    import riskboard as rb
    from riskboard.rulesets.transformers.actions import LeaderOccupy

    g = game({"scandinavia": ("Bo", 1)}, leaders={"Ada": "ukraine", "Bo": "siberia"})
    g.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    (action,) = [a for a in g.legal_actions() if str(a) == "occupy 5 leader"]
    assert isinstance(action, LeaderOccupy) and g.parse("occupy 5 leader") == action
    assert g.parse("occupy 5") != action
    g.apply(action)
    assert rb.Game.from_json(g.to_json()).to_json() == g.to_json()
    again = rb.replay(g.record())
    assert again.to_json() == g.to_json() and again.leader_at("scandinavia") == "Ada"


def test_liberated_with_nothing_more_to_move_there_is_no_move_in_step() -> None:
    g = game({"ukraine": ("Ada", 3), "scandinavia": ("Bo", 1)}, leaders={"Ada": "ural", "Bo": "siberia"})
    g.apply("attack ukraine scandinavia 2", dice=([6, 6], [1]))
    assert units(g, "ukraine", "scandinavia") == (1, 2) and decision(g) == ("Ada", "attack")


def test_after_a_liberation_the_next_action_starts_from_another_zone() -> None:
    g = game({"scandinavia": ("Bo", 1)}, leaders={"Ada": "ural", "Bo": "siberia"})
    g.apply("attack ukraine scandinavia 2", dice=([6, 6], [1]))
    g.apply("occupy 2")
    assert units(g, "ukraine", "scandinavia") == (4, 2)
    assert not [t for t in texts(g) if t.startswith(("attack ukraine ", "blitz ukraine "))]
    illegal(g, "attack ukraine middle_east 3", "action/same_origin")
    illegal(g, "blitz ukraine middle_east", "action/same_origin")
    # any other zone with more than one unit, the liberated one included
    assert "attack scandinavia iceland 1" in texts(g) and "attack ural siberia 3" in texts(g)
    g.apply("attack ural siberia 1", dice=([1], [6, 6]))
    g.apply("stop")
    assert "attack ukraine middle_east 3" in texts(g)  # the restriction covered the next action only


def test_the_restart_option_lets_the_next_action_start_from_the_same_origin() -> None:
    g = game(
        {"scandinavia": ("Bo", 1)}, leaders={"Ada": "ural", "Bo": "siberia"}, options={"restart_from_origin": True}
    )
    g.apply("attack ukraine scandinavia 2", dice=([6, 6], [1]))
    g.apply("occupy 2")
    assert "attack ukraine middle_east 3" in texts(g)
    g.apply("attack ukraine middle_east 3", dice=([6, 6, 6], [1]))
    assert g.owner("middle_east") == "Ada"


# -- outcome 2: continue or stop ------------------------------------------------------------------
@pytest.mark.parametrize("ask", [False, True])
def test_continue_or_stop_offers_the_same_zones_again_or_stop(ask: bool) -> None:
    g = game(ask=ask)
    g.apply("attack ukraine scandinavia 3", dice=([6, 1, 1], [5, 4]))
    if ask:
        g.apply("defend 2 leader")
        g.apply("casualty robot")
    assert units(g, "ukraine", "scandinavia") == (5, 2)
    assert decision(g) == ("Ada", "continue")
    expected = {f"attack ukraine scandinavia {k}{w}" for k in (1, 2, 3) for w in ("", " leader")} | {"stop"}
    if not ask:
        expected.add("blitz ukraine scandinavia")  # throw after throw, robots only, automatic defence
    assert texts(g) == expected
    illegal(g, "attack ural siberia 3", "action/continue_or_stop")
    illegal(g, "attack ukraine middle_east 3", "action/continue_or_stop")
    illegal(g, "end", "action/continue_or_stop")
    (ended,) = events_of(g.apply("stop"), "ActionEnded")
    assert (ended.how, ended.source, ended.target) == ("stopped", "ukraine", "scandinavia")
    assert decision(g) == ("Ada", "attack") and g.extras.fight is None
    # after stopping, a new action may start from the same zone or another
    assert "attack ukraine scandinavia 3" in texts(g) and "attack ural siberia 3" in texts(g)
    assert "end" in texts(g)


def test_continuing_commits_anew_the_leader_may_join_now() -> None:
    g = game({"scandinavia": ("Bo", 2)})
    g.apply("attack ukraine scandinavia 3", dice=([1, 1, 1], [5, 4]))
    assert units(g, "ukraine") == (4,) and decision(g) == ("Ada", "continue")
    g.apply("attack ukraine scandinavia 3 leader", dice=([8, 6, 6], [7, 5]))
    assert g.owner("scandinavia") == "Ada" and g.leader_at("scandinavia") == "Ada"


# -- outcome 3: the action lost -------------------------------------------------------------------
def test_lost_when_one_unit_is_left_in_the_origin() -> None:
    g = game({"ukraine": ("Ada", 3)}, leaders={"Ada": "ural", "Bo": "scandinavia"})
    events = g.apply("attack ukraine scandinavia 2", dice=([1, 1], [5, 4]))
    (ended,) = events_of(events, "ActionEnded")
    assert (ended.player, ended.how, ended.source, ended.target) == ("Ada", "lost", "ukraine", "scandinavia")
    assert units(g, "ukraine") == (1,) and g.extras.fight is None
    assert decision(g) == ("Ada", "attack")
    assert "stop" not in texts(g) and not [t for t in texts(g) if t.startswith("attack ukraine ")]
    illegal(g, "stop", "action/nothing_to_stop")
    assert "attack ural siberia 3" in texts(g)  # a new action from another zone


def test_lost_with_the_leader_as_the_last_unit_in_the_origin() -> None:
    g = game({"ukraine": ("Ada", 3)})
    events = g.apply("attack ukraine scandinavia 2", dice=([1, 1], [5, 4]))  # robots only: the leader guards
    assert units(g, "ukraine") == (1,) and g.leader_at("ukraine") == "Ada"
    assert [e.how for e in events_of(events, "ActionEnded")] == ["lost"]


# -- blitz ----------------------------------------------------------------------------------------
def test_blitz_throws_with_robots_until_liberated_or_lost() -> None:
    g = game({"ukraine": ("Ada", 12), "scandinavia": ("Bo", 4)}, seed=3)
    events = g.apply("blitz ukraine scandinavia")
    rolls = events_of(events, "LeaderDiceRolled")
    assert rolls and all(r.attack_sides == (6,) * len(r.attack) for r in rolls)  # never the leader
    assert g.leader_at("ukraine") == "Ada"
    assert g.owner("scandinavia") == "Ada" or units(g, "ukraine") == (1,)


def test_blitz_moves_all_or_the_fewest_in() -> None:
    for move, moved in (("all", (1, 6)), ("min", (4, 3))):
        g = game({"ukraine": ("Ada", 9), "scandinavia": ("Bo", 2)}, leaders={"Ada": "ukraine", "Bo": "siberia"})
        g.apply(f"blitz ukraine scandinavia {move}", dice=([4, 2, 1], [6, 6], [6, 6, 1], [1, 1]))
        assert g.owner("scandinavia") == "Ada" and units(g, "ukraine", "scandinavia") == moved
        assert g.leader_at("ukraine") == "Ada"  # the leader stays out of a blitz
        assert yard(g) == {"Ada": 2, "Bo": 2} and decision(g) == ("Ada", "attack")


def test_blitz_needs_the_automatic_defence() -> None:
    g = game(ask=True)
    assert not [t for t in texts(g) if t.startswith("blitz")]
    illegal(g, "blitz ukraine scandinavia", "action/blitz_needs_auto_defence")


# -- allies ---------------------------------------------------------------------------------------
def test_allies_never_attack_each_other() -> None:
    """D36: no attack on an ally's zone is listed, and one named is refused (``action/ally``)."""
    board = {"ukraine": ("Ada", 6), "scandinavia": ("Cy", 3), "ural": ("Bo", 3), "afghanistan": ("Di", 2)}
    g = scenario(board, players=FOUR, default=("Bo", 1), leaders={"Ada": "ukraine", "Cy": "scandinavia"})
    assert g.extras.alliances == [("Ada", "Cy"), ("Bo", "Di")]
    assert not attack_texts(g, "ukraine", "scandinavia")
    assert attack_texts(g, "ukraine", "ural") and attack_texts(g, "ukraine", "afghanistan")
    illegal(g, "attack ukraine scandinavia 3", "action/ally")
    illegal(g, "attack ukraine scandinavia 3 leader", "action/ally")


def test_in_the_free_for_all_everybody_attacks_everybody() -> None:
    board = {"ukraine": ("Ada", 6), "scandinavia": ("Cy", 3), "ural": ("Bo", 3)}
    g = scenario(board, players=THREE, default=("Bo", 1), current="Bo")
    assert g.extras.alliances == []
    end_turn(g)
    assert g.current_player == "Cy"
    g.apply(f"place {g.reinforcements} scandinavia")
    assert attack_texts(g, "scandinavia", "ukraine")  # the two Decepticons too could meet
    bo_zone = "northern_europe"
    assert attack_texts(g, "scandinavia", bo_zone)
    end_turn(g)
    assert g.current_player == "Ada"
    g.apply(f"place {g.reinforcements} ukraine")
    assert attack_texts(g, "ukraine", "scandinavia")


# -- the leader's die, stated once ------------------------------------------------------------------
def test_the_leaders_die_is_the_rules_leader_sides(monkeypatch: pytest.MonkeyPatch) -> None:
    """§6.4: a leader rolls a d8, stated once (``Rules.leader_sides``): the edition's throws, the
    dice it accepts and its board read it there, so changing it there changes them all."""
    import riskboard as rb
    from riskboard.rulesets.transformers import TransformersRuleset

    assert rb.Rules().leader_sides == LEADER_SIDES == game().rules.leader_sides
    printed = TransformersRuleset.rules
    monkeypatch.setattr(
        TransformersRuleset, "rules", lambda self, v, o: dataclasses.replace(printed(self, v, o), leader_sides=10)
    )
    g = game({"scandinavia": ("Bo", 2)}, leaders={"Ada": "ukraine", "Bo": "siberia"})
    assert g.rules.leader_sides == 10
    events = g.apply("attack ukraine scandinavia 3 leader", dice=([10, 1, 1], [5, 4]))
    assert throw_of(events).attack_sides == (10, ROBOT_SIDES, ROBOT_SIDES)  # type: ignore[attr-defined]
    assert g.config.ruleset.board_facts(g.config, g.state)["largest_die"] == 10  # the board says it too


def test_the_robots_die_is_the_rules_sides(monkeypatch: pytest.MonkeyPatch) -> None:
    """§6.4 step 5: a robot rolls a d6, stated once (``Rules.sides``): with the ruleset's Rules
    changed to a d4, the robots' throws, the dice accepted, and the defender's die that only a
    leader could show follow."""
    from riskboard.rulesets.transformers import TransformersRuleset

    assert game().rules.sides == ROBOT_SIDES
    printed = TransformersRuleset.rules
    monkeypatch.setattr(
        TransformersRuleset, "rules", lambda self, v, o: dataclasses.replace(printed(self, v, o), sides=4)
    )
    g = game({"scandinavia": ("Bo", 2)}, leaders={"Ada": "ukraine", "Bo": "siberia"})
    illegal(g, "attack ukraine scandinavia 3", "dice/invalid", dice=([5, 1, 1], [1, 1]))  # no robot shows a 5
    events = g.apply("attack ukraine scandinavia 3 leader", dice=([8, 4, 1], [4, 3]))
    assert throw_of(events).attack_sides == (LEADER_SIDES, 4, 4)  # type: ignore[attr-defined]
    assert throw_of(events).defend_sides == (4, 4)  # type: ignore[attr-defined]
    # a defender's 5, given with the attack, is a leader's die: only the leader may defend with it
    g = game(ask=True)
    g.apply("attack ukraine scandinavia 3", dice=([4, 4, 4], [5, 1]))
    assert {type(a).__name__ for a in g.legal_actions()} == {"LeaderDefend"}
