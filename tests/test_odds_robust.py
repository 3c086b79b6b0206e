"""``battle_odds``, ``throw_odds`` and ``battle_p_win`` take what a student's bot passes them: numpy
integers, rules as a dict, and any army count a game can hold (past the table: analysis/large.py)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import riskboard as rb
from riskboard.analysis.exact import MAX_ARMIES, exact_p_win, solve
from riskboard.analysis.large import large_battle, large_ends
from riskboard.analysis.table import table_lookup
from riskboard.engine.combat import Rules
from riskboard.engine.state import MAX_UNITS


def test_numpy_integers_are_whole_numbers() -> None:
    odds = rb.battle_odds(np.int64(10), 5)
    assert odds == rb.battle_odds(10, 5) and type(odds.attackers) is int
    assert rb.battle_odds(np.int32(7), np.uint8(7)).p_win == rb.battle_odds(7, 7).p_win
    assert rb.throw_odds(np.int64(3), np.int16(2)) == rb.throw_odds(3, 2)
    assert rb.analysis.odds.battle_p_win(np.int64(5), np.int64(3), max_dice=np.int64(2)) == (
        rb.analysis.odds.battle_p_win(5, 3, max_dice=2)
    )


@pytest.mark.parametrize("bad", [10.0, 10.5, True, np.bool_(True), "10", None, [10]])
def test_anything_but_a_whole_number_is_refused_in_words(bad: object) -> None:
    with pytest.raises(ValueError, match="attackers must be a whole number from 0 to 10000"):
        rb.battle_odds(bad, 5)  # type: ignore[arg-type]


def test_a_float_that_is_whole_is_told_how_to_write_it() -> None:
    with pytest.raises(ValueError, match=r"write 10 without the decimal point"):
        rb.battle_odds(10.0, 5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="defend must be a whole number"):
        rb.throw_odds(3, 2.0)  # type: ignore[arg-type]


def test_rules_as_a_dict_change_the_printed_rules() -> None:
    odds = rb.battle_odds(10, 5, rules={"defence_dice": 3})
    assert odds.rules == Rules(defence_dice=3)
    assert odds.p_win == rb.battle_odds(10, 5, rules=Rules(defence_dice=3)).p_win < rb.battle_odds(10, 5).p_win
    assert rb.battle_odds(10, 5, rules={"defence_dice": np.int64(3)}).rules == Rules(defence_dice=3)
    assert (
        rb.throw_odds(3, 3, rules={"defence_dice": 3}).outcomes
        == rb.throw_odds(3, 3, rules=Rules(defence_dice=3)).outcomes
    )
    assert rb.battle_odds(4, 4, rules={}).rules == Rules()


def test_a_wrong_rules_key_lists_the_right_ones() -> None:
    with pytest.raises(
        rb.ConfigError, match=r"'defense_dice'.*did you mean 'defence_dice'.*attack_dice, defence_dice"
    ) as info:
        rb.battle_odds(10, 5, rules={"defense_dice": 3})
    assert info.value.code == "config/unknown_option"
    with pytest.raises(rb.ConfigError):
        rb.battle_odds(10, 5, rules={"defence_dice": 9})  # out of range: the Rules' own check
    with pytest.raises(TypeError, match="a dict of the rules to change"):
        rb.battle_odds(10, 5, rules="classic")  # type: ignore[arg-type]


def test_five_thousand_against_four_thousand_answers() -> None:
    odds = rb.battle_odds(5000, 4000)
    assert 1 - 1e-12 < odds.p_win < 1.0  # the defender could still hold, so never exactly 1
    assert odds.expected_defender_losses == pytest.approx(4000, abs=1e-6)
    assert 0 < odds.expected_attacker_losses < 5000
    ends = odds.outcomes
    assert sum(ends.values()) == pytest.approx(1.0, abs=1e-12)
    assert sum(p for (a, d), p in ends.items() if d == 0) == pytest.approx(odds.p_win, abs=1e-12)
    even = rb.battle_odds(4000, 4000, rules={"defence_dice": 3})
    assert 0 < even.p_win < 1e-20  # three defending dice win a long even battle
    with pytest.raises(ValueError, match="exact fraction is solved up to 1000"):
        odds.p_win_exact  # noqa: B018
    with pytest.raises(ValueError, match="from 0 to 10000"):
        rb.battle_odds(MAX_UNITS + 1, 5)


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(defence_dice=3), Rules(attack_dice=1, defence_dice=1), Rules(ties="attacker", attack_bonus=1)],
)
def test_the_large_method_agrees_with_the_table_at_the_switch_over(rules: Rules) -> None:
    """At 1,000 a side, the table's largest, both ways give the same figures; one army more goes
    the other way and moves the answer the way one more army must."""
    for a, d in ((MAX_ARMIES, MAX_ARMIES), (MAX_ARMIES, 973), (640, MAX_ARMIES)):
        for mine, table in zip(large_battle(a, d, rules), table_lookup(a, d, rules)):
            assert mine == pytest.approx(table, rel=1e-10, abs=1e-300)
    at, past = rb.battle_odds(MAX_ARMIES, MAX_ARMIES, rules), rb.battle_odds(MAX_ARMIES + 1, MAX_ARMIES, rules)
    assert past.p_win >= at.p_win


@pytest.mark.parametrize("rules", [Rules(), Rules(defence_dice=3), Rules(rerolls=1, attack_dice=2)])
def test_the_large_method_agrees_with_the_exact_fractions(rules: Rules) -> None:
    for a, d in ((1, 1), (2, 3), (12, 9), (40, 45)):
        p, la, ld = large_battle(a, d, rules)
        exact_p, exact_la, exact_ld = solve(a, d, rules)
        assert Fraction(p) == pytest.approx(exact_p, rel=1e-12)
        assert la == pytest.approx(float(exact_la), rel=1e-12)
        assert ld == pytest.approx(float(exact_ld), rel=1e-12)
    conquered, held = large_ends(12, 9, rules)
    assert float(conquered.sum() + held.sum()) == pytest.approx(1.0, abs=1e-14)
    assert exact_p_win(12, 9, rules) == pytest.approx(float(conquered.sum()), rel=1e-12)


def test_the_odds_table_takes_the_same_arguments() -> None:
    table = rb.odds_table(np.int64(12), np.int32(9), rules={"defence_dice": 3})
    assert table.p_win.shape == (13, 10) and table.rules == Rules(defence_dice=3)
    assert table[12, 9] == pytest.approx(rb.battle_odds(12, 9, rules=Rules(defence_dice=3)).p_win)
    with pytest.raises(ValueError, match="max_attackers must be a whole number from 0 to 1000"):
        rb.odds_table(12.0, 9)  # type: ignore[arg-type]
    with pytest.raises(rb.ConfigError, match="did you mean 'ties'"):
        rb.odds_table(5, 5, rules={"tie": "attacker"})
