"""Bad input: every refused Transformers action raises ``rb.IllegalAction`` with a stable code and
leaves the game exactly unchanged (state and saved form); bad scenarios raise ``rb.ConfigError``.
Also: dice injected with an attack that waits for an asked defender are checked when the attack is
declared, so no accepted attack can leave the defender without a legal answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import riskboard as rb

from .conftest import DUEL, FOUR, TF, asked, decision, illegal, position, scenario, texts

BOARD = {
    "ukraine": ("Ada", 6),
    "ural": ("Ada", 3),
    "scandinavia": ("Bo", 3),
    "siberia": ("Bo", 4),
    "afghanistan": ("Ada", 1),
}
LEADERS = {"Ada": "ukraine", "Bo": "scandinavia"}


def attack(**kw: Any) -> rb.Game:
    return scenario(BOARD, leaders=LEADERS, **kw)


def defending() -> rb.Game:
    game = asked(BOARD, leaders=LEADERS)
    game.apply("attack ukraine scandinavia 3")
    return game


def defending_without_leader() -> rb.Game:
    game = asked(BOARD, leaders={"Ada": "ukraine", "Bo": "siberia"})
    game.apply("attack ukraine scandinavia 3")
    return game


def defending_two() -> rb.Game:
    """The leader and 1 robot defend scandinavia."""
    game = asked({**BOARD, "scandinavia": ("Bo", 2)}, leaders=LEADERS)
    game.apply("attack ukraine scandinavia 3")
    return game


def casualty() -> rb.Game:
    game = attack()
    game.apply("attack ukraine scandinavia 3 leader", dice=([8, 1, 1], [5, 4]))
    assert decision(game) == ("Ada", "casualty")
    return game


def defender_casualty() -> rb.Game:
    game = asked(BOARD, leaders={"Ada": "ural", "Bo": "scandinavia"})
    game.apply("attack ukraine scandinavia 3", dice=([6, 1, 1], [5, 4]))
    game.apply("defend 2 leader")
    assert decision(game) == ("Bo", "casualty")
    return game


def going_on() -> rb.Game:
    game = attack()
    game.apply("attack ukraine scandinavia 3", dice=([6, 1, 1], [5, 4]))
    assert decision(game) == ("Ada", "continue")
    return game


def lost() -> rb.Game:
    game = scenario({**BOARD, "ural": ("Ada", 3)}, leaders={"Ada": "ukraine", "Bo": "siberia"})
    game.apply("attack ural siberia 2", dice=([1, 1], [5, 4]))
    assert game.armies("ural") == 1 and game.extras.fight is None
    return game


def occupying() -> rb.Game:
    game = scenario({**BOARD, "scandinavia": ("Bo", 1)}, leaders={"Ada": "ukraine", "Bo": "siberia"})
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    assert decision(game) == ("Ada", "occupy")
    return game


def liberated() -> rb.Game:
    game = occupying()
    game.apply("occupy 3")
    return game


def reinforce(**kw: Any) -> rb.Game:
    return scenario(BOARD, phase="reinforce", leaders=LEADERS, **kw)


def scrapped(reinforcements: int) -> rb.Game:
    return scenario(
        BOARD, phase="reinforce", leaders={"Ada": "scrapyard", "Bo": "scandinavia"}, reinforcements=reinforcements
    )


def fortify() -> rb.Game:
    return scenario(BOARD, phase="fortify", leaders={"Ada": "ural", "Bo": "scandinavia"})


def allies() -> rb.Game:
    board = {"ukraine": ("Ada", 6), "scandinavia": ("Cy", 3), "ural": ("Bo", 3)}
    return scenario(board, players=FOUR, default=("Di", 1), leaders={"Ada": "ukraine"})


def setup_leader() -> rb.Game:
    game = rb.new_game(TF, players=list(DUEL), seed=2)
    game.apply("place 1 alaska")
    return game


def over() -> rb.Game:
    game = scenario({"ukraine": ("Ada", 6), "scandinavia": ("Bo", 1)}, default=("Ada", 1))
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    assert game.is_over
    return game


CASES: list[tuple[str, Callable[[], rb.Game], Any, str, dict[str, Any]]] = [
    # the leader
    ("leader committed where it does not stand", attack, "attack ural siberia 2 leader", "leader/not_here", {}),
    ("leader defends where it does not stand", defending_without_leader, "defend 1 leader", "leader/not_here", {}),
    ("leader moved where it does not stand", fortify, "fortify ukraine ural 2 leader", "leader/not_here", {}),
    ("two robots defend beside the leader with one", defending_two, "defend 2", "leader/must_defend", {}),
    # how many
    ("4 attackers", attack, "attack ukraine scandinavia 4", "action/bad_dice", {}),
    ("4 attackers, the leader one of them", attack, "attack ukraine scandinavia 4 leader", "action/bad_dice", {}),
    ("0 attackers", attack, "attack ukraine scandinavia 0", "action/bad_dice", {}),
    ("3 defenders", defending, "defend 3 leader", "action/bad_dice", {}),
    ("attack from a zone of one unit", attack, "attack afghanistan middle_east 1", "action/too_few_armies", {}),
    ("attack an own zone", attack, "attack ukraine ural 1", "action/own_territory", {}),
    ("attack a zone not bordering", attack, "attack ukraine siberia 1", "action/not_adjacent", {}),
    ("attack an ally", allies, "attack ukraine scandinavia 3", "action/ally", {}),
    ("attack an ally with the leader", allies, "attack ukraine scandinavia 3 leader", "action/ally", {}),
    # the course of an action
    ("continue after the action was lost", lost, "attack ural siberia 1", "action/too_few_armies", {}),
    ("stop after the action was lost", lost, "stop", "action/nothing_to_stop", {}),
    ("stop with nothing to stop", attack, "stop", "action/nothing_to_stop", {}),
    ("stop in the move step", fortify, "stop", "action/nothing_to_stop", {}),
    ("stop while the casualty is chosen", casualty, "stop", "action/nothing_to_stop", {}),
    ("another action while one goes on", going_on, "attack ural siberia 2", "action/continue_or_stop", {}),
    ("another target while one goes on", going_on, "attack ukraine middle_east 3", "action/continue_or_stop", {}),
    ("end while an action goes on", going_on, "end", "action/continue_or_stop", {}),
    ("a throw before the casualty", casualty, "attack ukraine scandinavia 3", "action/casualty_first", {}),
    ("end before the casualty", casualty, "end", "action/casualty_first", {}),
    ("the same origin after a liberation", liberated, "attack ukraine middle_east 2", "action/same_origin", {}),
    ("blitz from the same origin", liberated, "blitz ukraine middle_east", "action/same_origin", {}),
    (
        "blitz with asked defenders",
        lambda: asked(BOARD),
        "blitz ukraine scandinavia",
        "action/blitz_needs_auto_defence",
        {},
    ),
    ("attack before moving in", occupying, "attack ural siberia 2", "action/wrong_phase", {}),
    ("end before moving in", occupying, "end", "action/must_occupy", {}),
    ("all robots move in", occupying, "occupy 6", "action/bad_count", {}),
    # casualties
    ("casualty when none is due", attack, "casualty robot", "action/no_casualty", {}),
    ("leader casualty when none is due", going_on, "casualty leader", "action/no_casualty", {}),
    ("leader casualty without a committed leader", lost, "casualty leader", "action/no_casualty", {}),
    ("casualty in the move step", fortify, "casualty leader", "action/no_casualty", {}),
    ("a casualty that is no unit", casualty, "casualty vehicle", "action/unparsable", {}),
    (
        "the attacker answers the defender's casualty",
        defender_casualty,
        "casualty robot",
        "action/not_your_turn",
        {"player": "Ada"},
    ),
    # a leader's return
    ("revive without a scrapped leader", reinforce, "revive ural", "leader/not_scrapped", {}),
    ("revive with two robots", lambda: scrapped(2), "revive ural", "leader/too_few_robots", {}),
    ("revive onto another's zone", lambda: scrapped(5), "revive siberia", "action/not_owner", {}),
    (
        "revive in the attack step",
        lambda: scenario(BOARD, leaders={"Ada": "scrapyard"}),
        "revive ural",
        "action/wrong_phase",
        {},
    ),
    # the setup and the turn
    ("a leader on a taken zone", setup_leader, "place 1 alaska", "action/already_claimed", {}),
    ("a leader with two robots", setup_leader, "place 2 peru", "action/bad_count", {}),
    ("robots on another's zone", reinforce, "place 1 siberia", "action/not_owner", {}),
    ("end with robots to place", reinforce, "end", "action/armies_left", {}),
    ("the other player acts", attack, "end", "action/not_your_turn", {"player": "Bo"}),
    ("anything after the end", over, "end", "game/over", {}),
    # dice
    ("a leader's die of 9", attack, "attack ukraine scandinavia 2 leader", "dice/invalid", {"dice": ([9, 1], [1, 1])}),
    ("a robot's die of 7", attack, "attack ukraine scandinavia 2", "dice/invalid", {"dice": ([7, 1], [1, 1])}),
    (
        "a d8 value after the first die",
        attack,
        "attack ukraine scandinavia 2 leader",
        "dice/invalid",
        {"dice": ([1, 7], [1, 1])},
    ),
    ("too few dice", attack, "attack ukraine scandinavia 3", "dice/invalid", {"dice": ([6, 6], [1, 1])}),
    ("a third list of dice", attack, "attack ukraine scandinavia 3", "dice/unused", {"dice": ([6, 6, 6], [1, 1], [1])}),
    ("the defender's dice wrong", defending, "defend 2 leader", "dice/invalid", {"dice": ([1, 1, 1], [1, 7])}),
]

MALFORMED = [
    "attack ukraine scandinavia 3 leaders",
    "attack ukraine scandinavia leader",
    "attack ukraine scandinavia 3 leader leader",
    "defend leader",
    "defend 1 leader x",
    "casualty",
    "casualty leader robot",
    "casualty 1",
    "stop now",
    "revive",
    "revive ural siberia",
    "revive 3",
    "fortify ukraine ural 1 leader x",
    "fortify ukraine ural leader",
    "blitz ukraine scandinavia now",
    "place leader ukraine",
]


@pytest.mark.parametrize(("what", "make", "action", "code", "kwargs"), CASES, ids=[c[0] for c in CASES])
def test_refused_with_its_code_and_nothing_changed(
    what: str, make: Callable[[], rb.Game], action: Any, code: str, kwargs: dict[str, Any]
) -> None:
    game = make()
    assert action not in texts(game) or kwargs, f"{what}: {action!r} is offered as legal"
    illegal(game, action, code, **kwargs)


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_texts(text: str) -> None:
    for make in (attack, defending, casualty, going_on, fortify, reinforce):
        illegal(make(), text, "action/unparsable")


# -- dice given with an attack that waits for an asked defender ----------------------------------
@pytest.mark.parametrize(
    ("what", "board", "bo_leader", "action", "dice"),
    [
        (
            "two defending dice against one unit",
            {"scandinavia": ("Bo", 1)},
            "siberia",
            "attack ukraine scandinavia 3",
            ([6, 6, 6], [1, 1]),
        ),
        ("a defender's 7 without its leader", {}, "siberia", "attack ukraine scandinavia 3", ([6, 6, 6], [7, 1])),
        ("a defender's 7 on its second die", {}, "scandinavia", "attack ukraine scandinavia 3", ([6, 6, 6], [1, 7])),
        (
            "a robot's 7 beside the attacking leader",
            {},
            "siberia",
            "attack ukraine scandinavia 3 leader",
            ([1, 7, 1], [1, 1]),
        ),
        ("an attacker's 7 without the leader", {}, "siberia", "attack ukraine scandinavia 3", ([7, 1, 1], [1, 1])),
        ("three defending dice", {}, "siberia", "attack ukraine scandinavia 3", ([6, 6, 6], [1, 1, 1])),
    ],
)
def test_dice_for_an_asked_defender_are_checked_with_the_attack(
    what: str, board: dict, bo_leader: str, action: str, dice: tuple
) -> None:
    game = asked({**BOARD, **board}, leaders={"Ada": "ukraine", "Bo": bo_leader})
    illegal(game, action, "dice/invalid", dice=dice)


def test_a_defenders_d8_given_with_the_attack_leaves_only_the_leaders_defence() -> None:
    game = asked(BOARD, leaders=LEADERS)
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [8, 1]))
    assert texts(game) == {"defend 2 leader"}  # the 8 can only be the leader's
    illegal(game, "defend 2", "dice/invalid")
    game.apply("defend 2 leader")  # 8 > 6, 1 < 6: one lost, the leader or a robot
    assert decision(game) == ("Bo", "casualty")
    game.apply("casualty robot")
    assert game.armies("scandinavia") == 2 and game.leader_at("scandinavia") == "Bo"


def test_every_accepted_attack_leaves_the_defender_an_answer() -> None:
    """Whatever dice come with an attack on an asked defender, either the attack is refused or
    each defence ``legal_actions`` then offers applies."""
    values = ([1, 1], [1], [8, 1], [1, 8], [7], [8], [1, 1, 1], [6, 6])
    for target, bo_leader in ((1, "scandinavia"), (1, "siberia"), (2, "scandinavia"), (3, "siberia")):
        for defend in values:
            game = asked({**BOARD, "scandinavia": ("Bo", target)}, leaders={"Ada": "ukraine", "Bo": bo_leader})
            try:
                game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], defend))
            except rb.IllegalAction as exc:
                assert exc.code == "dice/invalid"
                continue
            offered = game.legal_actions()
            assert offered, (target, bo_leader, defend)
            for action in offered:
                copy = rb.Game.from_json(game.to_json())
                copy.apply(action)


# -- scenarios ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("what", "extras", "code"),
    [
        ("a leader on another player's zone", {"leaders": {"Ada": "scandinavia"}}, "scenario/invalid"),
        ("a leader on no zone", {"leaders": {"Ada": "atlantis"}}, "scenario/invalid"),
        ("a leader of nobody", {"leaders": {"Zed": "ukraine"}}, "scenario/unknown_player"),
        ("round 7", {"round": 7}, "scenario/invalid"),
        ("round 0", {"round": 0}, "scenario/invalid"),
        ("a negative scrapyard", {"scrapyard": {"Ada": -1}}, "scenario/invalid"),
        ("a card that is none", {"hands": {"Ada": ["upgrade_43"]}}, "scenario/unknown_card"),
        ("a card twice", {"hands": {"Ada": ["upgrade_1"], "Bo": ["upgrade_1"]}}, "scenario/unknown_card"),
        ("an unknown keyword", {"airfields": {"Ada": "ukraine"}}, "scenario/unknown_keyword"),
        ("negative robots to place", {"reinforcements": -1}, "scenario/invalid"),
    ],
)
def test_bad_scenarios(what: str, extras: dict, code: str) -> None:
    with pytest.raises(rb.ConfigError) as info:
        rb.new_game(
            TF, players=list(DUEL), position=position(BOARD), current_player="Ada", phase="attack", seed=1, **extras
        )
    assert info.value.code == code, (what, info.value)


def test_two_leaders_on_one_zone_cannot_be_given() -> None:
    with pytest.raises(rb.ConfigError):
        rb.new_game(
            TF,
            players=list(DUEL),
            position=position(BOARD),
            current_player="Ada",
            leaders={"Ada": "ukraine", "Bo": "ukraine"},
            seed=1,
        )


def test_a_scenario_starts_in_a_turn_step() -> None:
    with pytest.raises(rb.ConfigError) as info:
        rb.new_game(TF, players=list(DUEL), position=position(BOARD), current_player="Ada", phase="occupy", seed=1)
    assert info.value.code == "scenario/bad_phase"


def test_bad_options() -> None:
    for options in ({"rounds": 0}, {"setup_robots": 10}, {"revive_cost": -1}, {"min_reinforcements": 0}):
        with pytest.raises(rb.ConfigError):
            rb.new_game(TF, players=list(DUEL), seed=1, options=options)
