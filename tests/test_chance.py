"""The generator's shortcuts (``Chance.throw``, draws made 32 at a time) draw exactly what it draws."""

from __future__ import annotations

import random

import pytest

from riskboard.engine.chance import _M64, Chance, _first_draw, _mix, seed_key
from riskboard.engine.combat import Rules, compare_sorted


@pytest.mark.parametrize("attack", [1, 2, 3])
@pytest.mark.parametrize("defend", [1, 2])
def test_throw_is_roll_battle_with_losses(attack: int, defend: int) -> None:
    key = seed_key(2024)
    for counter in range(300):
        fast, slow = Chance(key, counter), Chance(key, counter)
        att, de = slow.roll_battle(attack, defend)
        assert fast.throw(attack, defend) == (att, de, *compare_sorted(att, de))
        assert fast.outcomes == slow.outcomes
        assert fast.counter == slow.counter == counter + 1


@pytest.mark.parametrize("rules", [Rules(), Rules(ties="attacker"), Rules(attack_dice=2, defence_dice=3)])
def test_a_battle_in_one_call_is_throw_after_throw(rules: Rules) -> None:
    """``Chance.battle`` (the blitz's whole battle) draws exactly what a loop of ``throw`` draws:
    the same throws, record and counter, the same survivors and the dice of the last throw."""
    rng = random.Random(7)
    key = seed_key(99)
    for _ in range(400):
        attacking, defending, counter = rng.randint(2, 60), rng.randint(1, 60), rng.randrange(10_000)
        until_decided = rng.random() < 0.8
        fast, slow = Chance(key, counter), Chance(key, counter)
        fast_throws: list = []
        got = fast.battle(
            attacking,
            defending,
            rules.attacking(attacking),
            rules.defending(defending),
            rules,
            until_decided,
            fast_throws,
        )
        a, d, slow_throws = attacking, defending, []
        while True:  # the loop it replaces, spelled out
            adice = rules.attacking(a)
            throw = slow.throw(adice, rules.defending(d), rules.ties)
            slow_throws.append(throw)
            a, d = a - throw[2], d - throw[3]
            if not until_decided or d == 0 or rules.attacking(a) < 1:
                break
        assert got == (a, d, adice)
        assert fast_throws == slow_throws
        assert fast.outcomes == slow.outcomes and fast.counter == slow.counter


def test_a_battle_uses_injected_dice_throw_by_throw() -> None:
    chance = Chance(seed_key(1), 5, [[6, 6, 6], [1, 1], [6, 6, 5], [2, 1]])
    throws: list = []
    assert chance.battle(10, 4, 3, 2, Rules(), True, throws) == (10, 0, 3)
    assert [t[:2] for t in throws] == [((6, 6, 6), (1, 1)), ((6, 6, 5), (2, 1))]
    assert chance.counter == 7 and not chance.queue


def test_throw_uses_injected_dice() -> None:
    chance = Chance(seed_key(1), 5, [[2, 6, 4], [5, 4]])
    assert chance.throw(3, 2) == ((6, 4, 2), (5, 4), 1, 1)
    assert chance.outcomes == [(6, 4, 2), (5, 4)]
    assert chance.counter == 6
    assert not chance.queue


def test_the_first_draws_made_lane_parallel_are_the_generators() -> None:
    rng = random.Random(5)
    keys = [0, 1, _M64, seed_key(3)] + [rng.getrandbits(64) for _ in range(20)]
    counters = list(range(70)) + [rng.getrandbits(40) for _ in range(50)] + [(1 << 56) - 1, 1 << 56]
    for key in keys:
        for counter in counters:
            assert _first_draw(key, counter) == _mix((key + (counter << 8)) & _M64)
