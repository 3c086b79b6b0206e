"""Exact battle odds against the fixtures of TEACHING.md (sections 1 and 2)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

import riskboard as rb

# TEACHING.md Table 2a: P(attacker conquers), A attacking armies (rows 1..10) v D defenders (1..10)
TABLE_2A = """
0.416667 0.106096 0.027015 0.006879 0.001752 0.000446 0.000114 0.000029 0.000007 0.000002
0.754244 0.362654 0.206066 0.091304 0.049135 0.021350 0.011329 0.004897 0.002588 0.001117
0.916375 0.655954 0.470251 0.314994 0.205942 0.133698 0.083742 0.053502 0.032770 0.020754
0.971544 0.785454 0.641623 0.476531 0.358606 0.252503 0.181486 0.123395 0.086172 0.057191
0.990317 0.889789 0.769375 0.638295 0.506203 0.396754 0.297418 0.224048 0.161558 0.118275
0.996705 0.933980 0.856920 0.744875 0.637720 0.520683 0.423330 0.329482 0.257775 0.193434
0.998879 0.966649 0.909942 0.833739 0.736396 0.640073 0.535534 0.445581 0.356934 0.286761
0.999618 0.980308 0.946799 0.887801 0.818410 0.729556 0.642941 0.547360 0.463985 0.379872
0.999870 0.990115 0.966992 0.929820 0.872936 0.807641 0.726080 0.646412 0.558070 0.479935
0.999956 0.994195 0.981100 0.953933 0.916284 0.861091 0.799833 0.723970 0.650060 0.567593
"""


def test_whole_battle_table_2a() -> None:
    rows = [list(map(float, line.split())) for line in TABLE_2A.strip().splitlines()]
    for a, row in enumerate(rows, 1):
        for d, expected in enumerate(row, 1):
            assert rb.battle_odds(a, d).p_win == pytest.approx(expected, abs=5e-7), (a, d)


@pytest.mark.parametrize(
    ("a", "d", "exact"),
    [
        (1, 1, F(5, 12)),
        (1, 2, F(275, 2592)),
        (1, 3, F(15125, 559872)),
        (2, 1, F(1955, 2592)),
        (2, 2, F(235, 648)),
        (2, 3, F(692225, 3359232)),
        (3, 1, F(342035, 373248)),
        (3, 2, F(6610505, 10077696)),
        (3, 3, F(511817135, 1088391168)),
    ],
)
def test_whole_battle_exact_table_2b(a: int, d: int, exact: F) -> None:
    assert rb.battle_odds(a, d).p_win_exact == exact


@pytest.mark.parametrize(
    ("a", "d", "att", "dfd"),
    [
        (1, 1, 0.5833, 0.4167),
        (2, 2, 1.4097, 0.9144),
        (3, 5, 2.5388, 2.2278),
        (5, 3, 2.1794, 2.5374),
        (10, 10, 7.3078, 8.2370),
    ],
)
def test_expected_losses_table_2c(a: int, d: int, att: float, dfd: float) -> None:
    odds = rb.battle_odds(a, d)
    assert odds.expected_attacker_losses == pytest.approx(att, abs=5e-5)
    assert odds.expected_defender_losses == pytest.approx(dfd, abs=5e-5)


def test_published_value_to_sixteen_digits() -> None:
    # TEACHING.md: a 10-army territory (A = 9) against 10 defenders, as quoted from a public calculator
    assert rb.battle_odds(9, 10).p_win == pytest.approx(0.47993525647768026, rel=1e-15)


@pytest.mark.parametrize(
    ("a", "d", "all_att", "split", "all_def"),
    [
        (1, 1, F(15, 36), None, F(21, 36)),
        (1, 2, F(55, 216), None, F(161, 216)),
        (2, 1, F(125, 216), None, F(91, 216)),
        (2, 2, F(295, 1296), F(420, 1296), F(581, 1296)),
        (3, 1, F(855, 1296), None, F(441, 1296)),
        (3, 2, F(2890, 7776), F(2611, 7776), F(2275, 7776)),
    ],
)
def test_single_throw_table_1a(a: int, d: int, all_att: F, split: F | None, all_def: F) -> None:
    odds = rb.throw_odds(a, d)
    assert odds.attacker_takes_all == all_att
    assert odds.defender_takes_all == all_def
    assert odds.split == (split or 0)
    assert sum(odds.outcomes.values()) == 1


def test_expected_throw_losses_3v2() -> None:
    odds = rb.throw_odds(3, 2)
    assert odds.expected_attacker_loss == F(2387, 2592)
    assert odds.expected_defender_loss == F(2797, 2592)


def test_edges_and_bad_input() -> None:
    assert rb.battle_odds(0, 3).p_win == 0
    assert rb.battle_odds(4, 0).p_win == 1
    assert rb.battle_odds(5, 5).p_win > 0.5 > rb.battle_odds(4, 4).p_win  # TEACHING.md: the 5-army threshold
    for bad in (-1, 1.5, True, "3"):
        with pytest.raises(ValueError):
            rb.battle_odds(bad, 2)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        rb.throw_odds(4, 2)


def test_the_engines_own_dice_give_the_teaching_numbers() -> None:
    """The throws the engine rolls in a game (Chance.throw's table of every equally likely throw,
    each with the losses the rules give it) count up to TEACHING.md Table 1a's numbers: 2,275 of
    7,776 throws cost the attacker two armies, 2,611 one each, 2,890 the defender two."""
    from collections import Counter

    from riskboard.engine.chance import Chance, _resolved_table

    table, _limit = _resolved_table(3, 2, "defender")
    counts = Counter((lost_att, lost_def) for _att, _de, lost_att, lost_def in table)
    assert len(table) == 7776
    assert counts == {(2, 0): 2275, (1, 1): 2611, (0, 2): 2890}
    # and a sample of real throws lands near those shares (the generator draws from that table)
    chance = Chance(12345, 0)
    sample = Counter(chance.throw(3, 2)[2:] for _ in range(7776 * 4))
    for key, expected in {(2, 0): 2275, (1, 1): 2611, (0, 2): 2890}.items():
        assert abs(sample[key] / 4 - expected) < 150, (key, sample[key] / 4)
