"""``Chance.throw`` (the blitz loop's shortcut) must draw exactly what ``roll_battle`` draws."""

from __future__ import annotations

import pytest

from riskboard.engine.chance import Chance, seed_key
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
