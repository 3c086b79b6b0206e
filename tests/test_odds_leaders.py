"""Exact odds with a leader's d8 among d6 (the Transformers edition, RULES.md §6.4): single throws
(``rb.throw_odds(..., attacker_sides=..., defender_sides=...)``) against a brute-force count of
every roll written here, and whole battles (``rb.battle_odds(..., attacker_leader=...,
defender_leader=...)``) against an independent recursion and a seeded Monte-Carlo run."""

from __future__ import annotations

import random
from fractions import Fraction as F
from functools import cache
from itertools import product

import pytest

import riskboard as rb

# --- independent references ---------------------------------------------------------------------


def brute_throw(att_faces: tuple[int, ...], def_faces: tuple[int, ...], ties: str = "defender") -> dict:
    """(attacker losses, defender losses) → probability, by counting every ordered roll."""
    counts: dict[tuple[int, int], int] = {}
    total = 0
    for att in product(*(range(1, f + 1) for f in att_faces)):
        for de in product(*(range(1, f + 1) for f in def_faces)):
            total += 1
            lost_a = lost_d = 0
            for x, y in zip(sorted(att, reverse=True), sorted(de, reverse=True)):
                if x > y or (ties == "attacker" and x == y):
                    lost_d += 1
                else:
                    lost_a += 1
            counts[lost_a, lost_d] = counts.get((lost_a, lost_d), 0) + 1
    return {k: F(v, total) for k, v in counts.items()}


@cache
def reference_p_win(a: int, a_leader: bool, d: int, d_leader: bool, leader: int = 8) -> F:
    """P(attacker conquers): up to 3 attacking dice (a units may roll), up to 2 defending, a
    living leader rolls a d``leader`` as one of them and is lost only when its side loses every
    unit it committed in the throw."""
    if d == 0:
        return F(1)
    if a == 0:
        return F(0)
    m, n = min(3, a), min(2, d)
    att = (leader,) * a_leader + (6,) * (m - a_leader)
    de = (leader,) * d_leader + (6,) * (n - d_leader)
    p = F(0)
    for (i, j), q in brute_throw(att, de).items():
        p += q * reference_p_win(a - i, a_leader and i < m, d - j, d_leader and j < n, leader)
    return p


def simulate(a: int, a_leader: bool, d: int, d_leader: bool, rng: random.Random) -> bool:
    """One battle rolled out die by die; True if the attacker conquers."""
    while a and d:
        m, n = min(3, a), min(2, d)
        att = sorted([rng.randint(1, 8 if a_leader and k == 0 else 6) for k in range(m)], reverse=True)
        de = sorted([rng.randint(1, 8 if d_leader and k == 0 else 6) for k in range(n)], reverse=True)
        lost_a = sum(x <= y for x, y in zip(att, de))
        lost_d = min(m, n) - lost_a
        a_leader = a_leader and lost_a < m
        d_leader = d_leader and lost_d < n
        a, d = a - lost_a, d - lost_d
    return d == 0


# --- single throws ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("att", "de"),
    [
        ((8,), (6,)),  # 1 v 1, attacker's leader
        ((6,), (8,)),  # 1 v 1, defender's leader
        ((8,), (8,)),  # leaders on both sides
        ((8, 6), (6,)),  # 2 v 1
        ((6, 6), (8,)),
        ((8, 6, 6), (6, 6)),  # 3 v 2
        ((6, 6, 6), (8, 6)),
        ((8, 6, 6), (8, 6)),
        ((8,), (6, 6)),  # 1 v 2
        ((6,), (8, 6)),
        ((8,), (8, 6)),
        ((6, 8), (6, 8)),  # the order the faces are given in does not matter
    ],
)
def test_a_throw_with_a_leader_is_every_roll_counted(att: tuple[int, ...], de: tuple[int, ...]) -> None:
    odds = rb.throw_odds(len(att), len(de), attacker_sides=att, defender_sides=de)
    assert odds.outcomes == {k: v for k, v in brute_throw(att, de).items() if v}
    assert sum(odds.outcomes.values()) == 1
    assert (odds.attack, odds.defend) == (len(att), len(de))


def test_ties_to_the_attacker_hold_for_mixed_dice_too() -> None:
    rules = rb.Rules(ties="attacker")
    odds = rb.throw_odds(3, 2, rules=rules, attacker_sides=(8, 6, 6))
    assert odds.outcomes == brute_throw((8, 6, 6), (6, 6), ties="attacker")


def test_one_d8_against_one_d6_worked_by_hand() -> None:
    # P(d8 > d6) = sum over the d6's face y of 1/6 * (8 - y)/8 = (7+6+5+4+3+2)/48 = 27/48 = 9/16
    assert rb.throw_odds(1, 1, attacker_sides=(8,)).attacker_takes_all == F(27, 48) == F(9, 16)
    # the defender's d8: P(d6 > d8) = sum over the d6's face x of 1/6 * (x - 1)/8 = (0+1+2+3+4+5)/48 = 5/16
    assert rb.throw_odds(1, 1, defender_sides=(8,)).attacker_takes_all == F(15, 48)
    # d8 v d8: P(x > y) = (64 - 8)/2/64 = 28/64; d6 v d6 (TEACHING.md) 15/36
    assert rb.throw_odds(1, 1, attacker_sides=(8,), defender_sides=(8,)).attacker_takes_all == F(28, 64)
    assert rb.throw_odds(1, 1).attacker_takes_all == F(15, 36)
    # a whole 1 v 1 battle is one throw
    assert rb.battle_odds(1, 1, attacker_leader=True).p_win_exact == F(9, 16)
    assert rb.battle_odds(1, 1, defender_leader=True).p_win_exact == F(5, 16)


@pytest.mark.parametrize(("a", "d"), [(1, 1), (2, 1), (3, 1), (1, 2), (2, 2), (3, 2)])
def test_a_d8_that_shows_7_or_8_wins_its_pair(a: int, d: int) -> None:
    # a d8 is a d6 three times in four and otherwise (7 or 8) beats every d6: so the chance that
    # the leader's side loses every compared pair is 3/4 of the all-d6 chance
    plain = rb.throw_odds(a, d)
    attacker = rb.throw_odds(a, d, attacker_sides=(8,) + (6,) * (a - 1))
    defender = rb.throw_odds(a, d, defender_sides=(8,) + (6,) * (d - 1))
    assert attacker.defender_takes_all == F(3, 4) * plain.defender_takes_all
    assert defender.attacker_takes_all == F(3, 4) * plain.attacker_takes_all


def test_all_d6_faces_are_the_throws_of_before() -> None:
    for a, d in product((1, 2, 3), (1, 2)):
        given = rb.throw_odds(a, d, attacker_sides=[6] * a, defender_sides=[6] * d)
        assert given == rb.throw_odds(a, d)
        assert rb.throw_odds(a, d, sides=8, attacker_sides=(8,) * a) == rb.throw_odds(a, d, sides=8)


def test_bonuses_hold_for_mixed_dice_and_rerolls_are_refused() -> None:
    # an airfield's +1 on the attacker's highest die: a d8 + 1 v a d6 wins unless 1 + x <= y
    odds = rb.throw_odds(1, 1, rules=rb.Rules(attack_bonus=1), attacker_sides=(8,))
    assert odds.attacker_takes_all == 1 - F(sum(max(0, y - 1) for y in range(1, 7)), 48)  # 1 - 15/48
    with pytest.raises(ValueError, match="rerolls"):
        rb.throw_odds(2, 1, rules=rb.Rules(rerolls=1), attacker_sides=(8, 6))
    with pytest.raises(ValueError, match="rerolls"):
        rb.battle_odds(4, 4, rb.Rules(rerolls=1), attacker_leader=True)
    # dice of one size, and a defending leader, keep their rerolls
    # a recon reroll makes a lone d8 uniform on 2..8: P(x > y) = (7+6+5+4+3+2) / (7 * 6) = 27/42
    assert rb.throw_odds(1, 1, rules=rb.Rules(rerolls=1), attacker_sides=(8,)).attacker_takes_all == F(27, 42)
    assert rb.battle_odds(3, 3, rb.Rules(rerolls=1), defender_leader=True).p_win > 0


@pytest.mark.parametrize(
    "bad",
    [
        {"attacker_sides": (8, 6)},  # 3 dice, 2 faces
        {"attacker_sides": (8, 6, 6, 6)},
        {"defender_sides": (8,)},  # 2 dice
        {"defender_sides": ()},
        {"attacker_sides": (8, 6, 1)},  # a die has 2 to 20 faces
        {"attacker_sides": (8, 6, 21)},
        {"attacker_sides": (8, 6, 6.0)},
        {"attacker_sides": (8, True, 6)},
        {"attacker_sides": 8},
        {"attacker_sides": "866"},
    ],
)
def test_faces_that_do_not_fit_the_throw_are_refused(bad: dict) -> None:
    with pytest.raises(ValueError):
        rb.throw_odds(3, 2, **bad)


# --- whole battles ---------------------------------------------------------------------------


LEADERS = [(True, False), (False, True), (True, True)]


@pytest.mark.parametrize(("a_leader", "d_leader"), LEADERS)
def test_battles_with_leaders_are_the_independent_recursion(a_leader: bool, d_leader: bool) -> None:
    for a, d in product(range(1, 6), range(1, 5)):
        odds = rb.battle_odds(a, d, attacker_leader=a_leader, defender_leader=d_leader)
        assert odds.p_win_exact == reference_p_win(a, a_leader, d, d_leader), (a, d)


def test_a_larger_battle_against_a_seeded_monte_carlo_run() -> None:
    rng = random.Random(20260607)
    runs = 20_000
    wins = sum(simulate(8, True, 7, True, rng) for _ in range(runs))
    exact = rb.battle_odds(8, 7, attacker_leader=True, defender_leader=True).p_win
    assert abs(wins / runs - exact) < 0.02  # the standard error is about 0.0035
    # and the leaders make a difference the sampling would see
    assert abs(wins / runs - rb.battle_odds(8, 7).p_win) > 0.05


def test_without_leaders_the_battles_are_those_of_before() -> None:
    for a, d in product(range(0, 8), range(0, 8)):
        assert rb.battle_odds(a, d, attacker_leader=False, defender_leader=False) == rb.battle_odds(a, d)
    assert rb.battle_odds(10, 10, leader_sides=12).p_win == pytest.approx(0.567593, abs=5e-7)
    # a leader rolling a d6 like the rest changes nothing (who goes first among equal dice is moot)
    for a, d in ((3, 2), (6, 4), (9, 10)):
        same = rb.battle_odds(a, d, attacker_leader=True, defender_leader=True, leader_sides=6)
        assert same.p_win_exact == rb.battle_odds(a, d).p_win_exact
        assert same.expected_attacker_losses == pytest.approx(rb.battle_odds(a, d).expected_attacker_losses)


def test_a_leader_always_helps_its_side() -> None:
    for a, d in product(range(1, 13), range(1, 13)):
        plain = rb.battle_odds(a, d).p_win_exact
        att = rb.battle_odds(a, d, attacker_leader=True).p_win_exact
        dfd = rb.battle_odds(a, d, defender_leader=True).p_win_exact
        both = rb.battle_odds(a, d, attacker_leader=True, defender_leader=True).p_win_exact
        assert dfd < plain < att, (a, d)
        assert dfd < both < att, (a, d)
    # a bigger die helps more
    assert (
        rb.battle_odds(5, 5, attacker_leader=True, leader_sides=10).p_win
        > rb.battle_odds(5, 5, attacker_leader=True).p_win
    )


def test_the_end_states_and_losses_add_up() -> None:
    odds = rb.battle_odds(6, 5, attacker_leader=True, defender_leader=True)
    ends = odds.outcomes
    assert abs(sum(ends.values()) - 1) < 1e-12 and all(a == 0 or d == 0 for a, d in ends)
    assert abs(sum(p for (a, d), p in ends.items() if d == 0) - odds.p_win) < 1e-12
    # expected losses from the end states: the loser loses everything, the winner what it lacks
    lost_a = sum(p * (6 - a) for (a, _d), p in ends.items())
    lost_d = sum(p * (5 - d) for (_a, d), p in ends.items())
    assert odds.expected_attacker_losses == pytest.approx(lost_a, abs=1e-12)
    assert odds.expected_defender_losses == pytest.approx(lost_d, abs=1e-12)


def test_the_odds_say_a_leader_took_part() -> None:
    plain = rb.battle_odds(10, 10)
    assert "leader" not in str(plain) + repr(plain) + plain._repr_html_()
    att = rb.battle_odds(10, 10, attacker_leader=True)
    assert str(att).startswith("10 attacking (a d8 leader among them) v 10 defending:")
    assert "leader" in repr(att) and len(repr(att)) < 160
    assert "attacking armies (a d8 leader among them) against" in att._repr_html_()
    dfd = rb.battle_odds(10, 10, defender_leader=True)
    assert "v 10 defending (a d8 leader among them):" in str(dfd)
    assert "defending (a d8 leader among them):" in dfd._repr_html_()
    assert att.attacker_leader and not att.defender_leader and att.leader_sides == 8


def test_leaders_need_a_unit_and_flags_and_faces_are_checked() -> None:
    with pytest.raises(ValueError):
        rb.battle_odds(0, 3, attacker_leader=True)
    with pytest.raises(ValueError):
        rb.battle_odds(3, 0, defender_leader=True)
    with pytest.raises(ValueError):
        rb.battle_odds(3, 3, attacker_leader=1)  # type: ignore[arg-type]
    for bad in (1, 21, 8.0, True):
        with pytest.raises(ValueError):
            rb.battle_odds(3, 3, attacker_leader=True, leader_sides=bad)  # type: ignore[arg-type]
    assert rb.battle_odds(3, 0, attacker_leader=True).p_win == 1
    assert rb.battle_odds(0, 3, defender_leader=True).p_win == 0


def test_a_large_battle_with_leaders_is_solved() -> None:
    """30 against 29 with both leaders (its speed is a benchmark's business, not a test's)."""
    odds = rb.battle_odds(30, 29, attacker_leader=True, defender_leader=True)
    assert 0.5 < odds.p_win < 1
    assert abs(sum(odds.outcomes.values()) - 1) < 1e-9
