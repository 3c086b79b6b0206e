"""The generator's shortcuts (``Chance.throw``, draws made 32 at a time) draw exactly what it draws."""

from __future__ import annotations

import random

import pytest

from riskboard.engine.chance import _M64, Chance, _first_draw, _mix, seed_key
from riskboard.engine.combat import compare_sorted


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
