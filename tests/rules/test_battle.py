"""One throw of the dice (RULES.md §1.1, §2.6): sort, compare pairwise, ties to the defender,
unpaired dice ignored; pinned by exact enumeration against TEACHING.md Table 1a."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

import riskboard as rb
from riskboard.engine.combat import compare

from .conftest import events_of, illegal, scenario

FACES = range(1, 7)

# TEACHING.md Table 1a, as (attacker takes every pair, split 1-1, defender takes every pair)
# out of 6**(a + d) equally likely cases, plus E[attacker loss] and E[defender loss].
TABLE_1A = {
    (1, 1): (Fraction(5, 12), None, Fraction(7, 12), Fraction(7, 12), Fraction(5, 12)),
    (1, 2): (Fraction(55, 216), None, Fraction(161, 216), Fraction(161, 216), Fraction(55, 216)),
    (2, 1): (Fraction(125, 216), None, Fraction(91, 216), Fraction(91, 216), Fraction(125, 216)),
    (2, 2): (Fraction(295, 1296), Fraction(35, 108), Fraction(581, 1296), Fraction(791, 648), Fraction(505, 648)),
    (3, 1): (Fraction(95, 144), None, Fraction(49, 144), Fraction(49, 144), Fraction(95, 144)),
    (3, 2): (
        Fraction(1445, 3888),
        Fraction(2611, 7776),
        Fraction(2275, 7776),
        Fraction(2387, 2592),
        Fraction(2797, 2592),
    ),
}


def enumerate_throws(a: int, d: int) -> tuple[Counter, int]:
    """Counter of (attacker loss, defender loss) over every face of every die."""
    outcomes: Counter = Counter()
    total = 0
    for faces in product(FACES, repeat=a + d):
        outcomes[compare(faces[:a], faces[a:])] += 1
        total += 1
    return outcomes, total


@pytest.mark.parametrize(("a", "d"), sorted(TABLE_1A))
def test_compare_reproduces_teaching_table_1a(a: int, d: int) -> None:
    outcomes, total = enumerate_throws(a, d)
    assert total == 6 ** (a + d)
    pairs = min(a, d)
    att_all, split, def_all, e_att, e_def = TABLE_1A[(a, d)]
    assert Fraction(outcomes[(0, pairs)], total) == att_all
    assert Fraction(outcomes[(pairs, 0)], total) == def_all
    if split is None:
        assert set(outcomes) == {(0, pairs), (pairs, 0)}
    else:
        assert Fraction(outcomes[(1, 1)], total) == split
        assert set(outcomes) == {(0, 2), (1, 1), (2, 0)}
    assert sum(Fraction(n * al, total) for (al, _), n in outcomes.items()) == e_att
    assert sum(Fraction(n * dl, total) for (_, dl), n in outcomes.items()) == e_def


def test_textbook_counts_3v2_and_1v1() -> None:
    outcomes, total = enumerate_throws(3, 2)
    assert total == 7776
    assert (outcomes[(0, 2)], outcomes[(1, 1)], outcomes[(2, 0)]) == (2890, 2611, 2275)
    outcomes, total = enumerate_throws(1, 1)
    assert (outcomes[(0, 1)], total) == (15, 36)
    outcomes, total = enumerate_throws(2, 2)
    assert (outcomes[(0, 2)], outcomes[(1, 1)], outcomes[(2, 0)]) == (295, 420, 581)
    outcomes, total = enumerate_throws(3, 1)
    assert outcomes[(0, 1)] == 855


def test_losses_never_exceed_the_compared_pairs() -> None:
    # §2.6 consequence: at most min(a, d) armies are lost in all, so the attacker never loses more than 2.
    for a in (1, 2, 3):
        for d in (1, 2):
            outcomes, _ = enumerate_throws(a, d)
            for al, dl in outcomes:
                assert al + dl == min(a, d)
                assert al <= 2


def test_section_1_1_example_with_resolve_battle() -> None:
    r = rb.resolve_battle([6, 4, 3], [5, 4])
    assert (r.attacker_losses, r.defender_losses) == (1, 1)
    assert r.pairs == [(6, 5), (4, 4)]  # the attacker's 3 is unpaired and ignored


def test_dice_are_sorted_before_comparing() -> None:
    r = rb.resolve_battle([3, 6, 4], [4, 5])
    assert r.attack == (6, 4, 3)
    assert r.defend == (5, 4)
    assert (r.attacker_losses, r.defender_losses) == (1, 1)
    # unsorted: 2 v 6 and 6 v 1 would be a split; sorted it is 6 v 6 (tie) and 2 v 1
    assert compare([2, 6], [6, 1]) == (1, 1)
    assert compare([1, 6], [5, 2]) == (1, 1)
    assert compare([5, 1, 6], [4, 3]) == (0, 2)


def test_ties_go_to_the_defender() -> None:
    for v in FACES:
        assert compare([v], [v]) == (1, 0)
    assert compare([6, 6], [6, 6]) == (2, 0)
    assert compare([6, 5], [6, 4]) == (1, 1)


def test_unpaired_dice_are_ignored() -> None:
    assert compare([6, 6, 6], [1]) == (0, 1)  # only one pair: the defender loses 1, not 3
    assert compare([1], [6, 6]) == (1, 0)  # only one pair: the attacker loses 1, not 2
    assert compare([5, 5, 1], [6, 6]) == (2, 0)  # the 1 is unpaired: no third loss


def test_resolve_battle_rejects_missing_or_bad_dice() -> None:
    for attack, defend in (([], [3]), ([3], []), ([0], [3]), ([3], [-1]), ([True], [3])):
        with pytest.raises(ValueError):
            rb.resolve_battle(attack, defend)


def test_section_1_1_example_in_a_game() -> None:
    # Attacker 10 in ontario, defender 3 in quebec; 3 v 2 with 6,4,3 against 5,4.
    game = scenario({"ontario": ("Ada", 10), "quebec": ("Bo", 3)})
    events = game.apply("attack ontario quebec 3", dice=([6, 4, 3], [5, 4]))
    assert game.armies("ontario") == 9
    assert game.armies("quebec") == 2
    assert game.owner("quebec") == "Bo"
    (rolled,) = events_of(events, "DiceRolled")
    assert rolled.attack == (6, 4, 3)
    assert rolled.defend == (5, 4)
    assert (rolled.attacker_losses, rolled.defender_losses) == (1, 1)
    assert not events_of(events, "TerritoryConquered")
    assert game.phase == "attack"


def test_tie_in_a_game_costs_the_attacker() -> None:
    game = scenario({"ontario": ("Ada", 2), "quebec": ("Bo", 1)})
    game.apply("attack ontario quebec 1", dice=([4], [4]))
    assert (game.armies("ontario"), game.armies("quebec")) == (1, 1)
    assert game.owner("quebec") == "Bo"


def test_attacker_loses_at_most_two_per_throw_in_a_game() -> None:
    game = scenario({"ontario": ("Ada", 10), "quebec": ("Bo", 5)})
    game.apply("attack ontario quebec 3", dice=([1, 1, 1], [6, 6]))
    assert game.armies("ontario") == 8
    assert game.armies("quebec") == 5


def test_defender_rolls_two_dice_automatically_when_it_can() -> None:
    game = scenario({"ontario": ("Ada", 10), "quebec": ("Bo", 2)})
    illegal(game, "attack ontario quebec 3", "dice/invalid", dice=([6, 5, 4], [3]))
    game.apply("attack ontario quebec 3", dice=([6, 5, 4], [3, 3]))
    assert game.owner("quebec") == "Ada"


def test_defender_with_one_army_rolls_one_die() -> None:
    game = scenario({"ontario": ("Ada", 10), "quebec": ("Bo", 1)})
    illegal(game, "attack ontario quebec 3", "dice/invalid", dice=([6, 5, 4], [3, 3]))
    game.apply("attack ontario quebec 3", dice=([2, 2, 1], [3]))
    assert (game.armies("ontario"), game.armies("quebec")) == (9, 1)


def test_attacker_dice_count_must_match_the_declared_dice() -> None:
    game = scenario({"ontario": ("Ada", 10), "quebec": ("Bo", 4)})
    illegal(game, "attack ontario quebec 2", "dice/invalid", dice=([6, 5, 4], [1, 1]))
    illegal(game, "attack ontario quebec 3", "dice/invalid", dice=([6, 5, 7], [1, 1]))
    illegal(game, "attack ontario quebec 3", "dice/unused", dice=([6, 5, 4], [1, 1], [2, 2]))


def test_seeded_dice_obey_the_limits() -> None:
    # Without injected dice, the engine rolls d6s itself: one die per committed army, losses as compared.
    game = scenario({"ontario": ("Ada", 50), "quebec": ("Bo", 50)}, seed=5)
    for _ in range(15):
        events = game.apply("attack ontario quebec 3")
        (rolled,) = events_of(events, "DiceRolled")
        assert len(rolled.attack) == 3 and len(rolled.defend) == 2
        assert all(1 <= v <= 6 for v in rolled.attack + rolled.defend)
        assert (rolled.attacker_losses, rolled.defender_losses) == compare(rolled.attack, rolled.defend)
    assert game.armies("ontario") + game.armies("quebec") == 100 - 2 * 15
