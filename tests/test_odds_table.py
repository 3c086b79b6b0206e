"""``rb.odds_table``: every battle up to a size in floats, checked against the exact solver
(``battle_odds(...).p_win_exact`` / ``OddsTable.exact``), the throw fixtures of TEACHING.md and
the table's own shape (edges, monotone rows and columns, outcomes summing to 1); and
``battle_odds``' float ``p_win`` read from the same tables."""

from __future__ import annotations

import math
from fractions import Fraction as F

import numpy as np
import pytest

import riskboard as rb
from riskboard.analysis.exact import solve as _solve

HOUSE_RULES = [
    rb.Rules(defence_dice=3),
    rb.Rules(ties="attacker"),
    rb.Rules(attack_bonus=1),
    rb.Rules(attack_dice=2, defence_bonus=1, rerolls=1),
]


def test_one_throw_of_three_dice_against_two() -> None:
    throw = rb.throw_odds(3, 2)
    assert throw.outcomes == {(0, 2): F(2890, 7776), (1, 1): F(2611, 7776), (2, 0): F(2275, 7776)}


def test_whole_battle_fixtures() -> None:
    table = rb.odds_table(100, 100)
    assert table.exact(1, 1) == F(5, 12)
    assert table.exact(2, 2) == F(235, 648)
    assert table[1, 1] == pytest.approx(5 / 12, abs=1e-15)
    assert table[2, 2] == pytest.approx(235 / 648, abs=1e-15)
    assert table[10, 10] == pytest.approx(0.567593, abs=5e-7)
    assert table[100, 100] == pytest.approx(0.824363, abs=5e-7)
    assert table.p_win_at(10, 10) == table[10, 10] == float(table.p_win[10, 10])
    assert isinstance(table[10, 10], float)


def test_the_float_table_is_the_exact_solution_to_1e_12() -> None:
    table = rb.odds_table(20, 20)
    assert table.p_win.shape == (21, 21)
    for a in range(21):
        for d in range(21):
            assert table[a, d] == pytest.approx(float(table.exact(a, d)), abs=1e-12), (a, d)
    losses = rb.odds_table(12, 12)
    for a, d in [(1, 1), (3, 2), (5, 7), (12, 12)]:
        _, att, dfd = _solve(a, d, rb.Rules())
        assert losses.expected_losses(a, d) == pytest.approx((float(att), float(dfd)), abs=1e-12)


@pytest.mark.parametrize(("a", "d"), [(100, 37), (63, 100), (100, 100)])
def test_spot_cells_up_to_100(a: int, d: int) -> None:
    assert rb.odds_table(100, 100)[a, d] == pytest.approx(float(_solve(a, d, rb.Rules())[0]), abs=1e-12)


@pytest.mark.parametrize("rules", HOUSE_RULES, ids=lambda r: r.describe())
def test_house_rules_against_the_exact_solver(rules: rb.Rules) -> None:
    table = rb.odds_table(9, 9, rules=rules)
    for a in range(10):
        for d in range(10):
            assert table[a, d] == pytest.approx(float(table.exact(a, d)), abs=1e-12), (a, d)
            odds = rb.battle_odds(a, d, rules)
            assert odds.p_win == table[a, d]
            if a and d:
                assert table.expected_losses(a, d) == pytest.approx(
                    (odds.expected_attacker_losses, odds.expected_defender_losses), abs=1e-12
                )
    assert table.rules.ties == rules.ties and table.rules.defence_dice == rules.defence_dice


def test_edges_and_monotone_rows_and_columns() -> None:
    for rules in [rb.Rules(), *HOUSE_RULES]:
        p = rb.odds_table(120, 90, rules=rules).p_win
        assert (p[:, 0] == 1.0).all() and (p[0, 1:] == 0.0).all()
        # (up to rounding: next to 1, neighbouring cells may be an ulp or so out of order)
        assert (np.diff(p, axis=0) >= -1e-15).all(), "more attackers never lower the odds"
        assert (np.diff(p, axis=1) <= 1e-15).all(), "more defenders never raise them"
        assert (np.diff(p[:30, :30], axis=0) >= 0).all() and (np.diff(p[:30, :30], axis=1) <= 0).all()
        assert ((p >= 0) & (p <= 1)).all()
        assert (p[:, 1:] < 1.0).all(), "only a battle without defenders is certain under these rules"


def test_a_certain_battle_reads_exactly_one_and_a_near_certain_one_does_not() -> None:
    # the attacker's highest die +6 beats any defending die: its last army never loses, so it cannot lose
    sure = rb.odds_table(50, 40, rules=rb.Rules(attack_bonus=6))
    assert (sure.p_win[1:] == 1.0).all()
    assert sure.exact(1, 1) == 1 == sure.exact(7, 5)
    # +5: the last army loses only a 1 against a 6
    almost = rb.odds_table(50, 40, rules=rb.Rules(attack_bonus=5))
    assert (almost.p_win[1:, 1:] < 1.0).all() and almost[1, 1] == pytest.approx(35 / 36, abs=1e-15)
    table = rb.odds_table(500, 5)
    assert 0.0 < 1.0 - table[500, 1] <= 2**-53  # 1 - P(defender holds ~1e-234): not rounded to 1
    assert rb.battle_odds(500, 1).p_win < 1.0
    assert rb.battle_odds(1, 1, rb.Rules(attack_bonus=6)).p_win == 1.0


@pytest.mark.parametrize(("a", "d"), [(1, 1), (3, 2), (2, 5), (7, 4), (12, 9)])
@pytest.mark.parametrize("rules", [rb.Rules(), *HOUSE_RULES], ids=lambda r: r.describe())
def test_outcomes_match_battle_odds(a: int, d: int, rules: rb.Rules) -> None:
    table = rb.odds_table(12, 12, rules=rules)
    ends = table.outcomes(a, d)
    assert math.fsum(ends.values()) == pytest.approx(1.0, abs=1e-12)
    assert math.fsum(p for (_, left), p in ends.items() if left == 0) == pytest.approx(table[a, d], abs=1e-12)
    expected = rb.battle_odds(a, d, rules).outcomes
    assert list(ends) == list(expected)
    for state, p in expected.items():
        assert ends[state] == pytest.approx(p, abs=1e-12), state
    att, dfd = table.expected_losses(a, d)
    assert att == pytest.approx(a - math.fsum(k * p for (k, _), p in ends.items()), abs=1e-12)
    assert dfd == pytest.approx(d - math.fsum(k * p for (_, k), p in ends.items()), abs=1e-12)


def test_outcomes_of_a_large_battle_sum_to_one() -> None:
    table = rb.odds_table(300, 300)
    ends = table.outcomes(300, 250)
    assert math.fsum(ends.values()) == pytest.approx(1.0, abs=1e-12)
    assert math.fsum(p for (_, left), p in ends.items() if left == 0) == pytest.approx(table[300, 250], abs=1e-12)
    assert table.outcomes(4, 0) == {(4, 0): 1.0} and table.outcomes(0, 4) == {(0, 4): 1.0}


def test_tables_are_kept_grown_and_shared_with_battle_odds() -> None:
    rules = rb.Rules(defence_dice=3, attack_bonus=2)  # rules no other test uses
    small = rb.odds_table(30, 20, rules=rules)
    assert small.p_win.shape == (31, 21)
    big = rb.odds_table(200, 150, rules=rules)
    assert big.p_win.shape == (201, 151)
    again = rb.odds_table(30, 20, rules=rules)  # inside the bigger table: a view of it
    assert again.p_win.shape == (31, 21) and np.shares_memory(again.p_win, big.p_win)
    assert (again.p_win == small.p_win).all()  # growing does not change a battle's odds
    assert rb.odds_table(200, 150, rules=rules) is big
    # the game's other rules do not change the odds: the same table
    assert rb.odds_table(200, 150, rules=rules.with_changes(fortify="connected")) is big
    assert rb.battle_odds(123, 45, rules).p_win == big[123, 45]
    with pytest.raises(ValueError, match="read-only"):
        big.p_win[1, 1] = 0.5


def test_battle_odds_p_win_is_the_tables_and_p_win_exact_is_exact() -> None:
    odds = rb.battle_odds(60, 40)
    assert odds.p_win == rb.odds_table(60, 40)[60, 40]
    assert odds._exact is None  # not solved until asked for
    assert odds.p_win_exact == _solve(60, 40, rb.Rules())[0]
    assert odds.p_win == pytest.approx(float(odds.p_win_exact), abs=1e-12)
    assert rb.battle_odds(3, 0).p_win == 1.0 and rb.battle_odds(0, 3).p_win == 0.0


def test_bad_input() -> None:
    for bad in (-1, 1001, 2.5, True, "3"):
        with pytest.raises(ValueError):
            rb.odds_table(bad, 3)  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            rb.odds_table(3, bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        rb.odds_table(3, 3, rules="printed")  # type: ignore[arg-type]
    table = rb.odds_table(5, 5)
    with pytest.raises(IndexError, match="outside this table"):
        table[6, 1]
    with pytest.raises(IndexError):
        table.exact(1, -1)
    with pytest.raises(TypeError):
        table[1]  # type: ignore[index]
    assert "OddsTable" in repr(table) and len(table) == 36
