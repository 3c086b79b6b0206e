"""``rb.battle_chain``: the battle as an absorbing Markov chain agrees with ``rb.battle_odds`` for
every battle up to 30 v 30 (classic, house and Transformers rules), its expected throws with an
independent recursion, and its numbers with the published tables (TEACHING.md: Osborne 2003)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import numpy as np
import pytest

import riskboard as rb

HOUSE = rb.Rules(defence_dice=3, ties="attacker")
TRANSFORMERS = rb.new_game("transformers", players=["Ada", "Bo", "Cy"], seed=1).rules
RULES = {"classic": rb.Rules(), "house": HOUSE, "transformers": TRANSFORMERS, "d8 and airfield": None}
RULES["d8 and airfield"] = rb.Rules(sides=8, attack_bonus=1)


@pytest.mark.parametrize("name", RULES)
def test_p_win_equals_battle_odds_for_every_battle_up_to_30_v_30(name: str) -> None:
    rules = RULES[name]
    for a in range(1, 31):
        for d in range(1, 31):
            chain = rb.battle_chain(a, d, rules=rules)
            assert chain.p_win == pytest.approx(rb.battle_odds(a, d, rules).p_win, abs=1e-12), (name, a, d)


@pytest.mark.parametrize("name", RULES)
def test_exact_p_win_and_losses_equal_battle_odds_exactly_for_small_battles(name: str) -> None:
    rules = RULES[name]
    for a in range(1, 7):
        for d in range(1, 7):
            chain = rb.battle_chain(a, d, rules=rules, exact=True)
            odds = rb.battle_odds(a, d, rules)
            assert isinstance(chain.p_win, Fraction) and chain.p_win == odds.p_win_exact, (name, a, d)
            lost_a, lost_d = chain.expected_losses
            assert float(lost_a) == pytest.approx(odds.expected_attacker_losses, abs=1e-12)
            assert float(lost_d) == pytest.approx(odds.expected_defender_losses, abs=1e-12)


@pytest.mark.parametrize(("attacker_leader", "defender_leader"), [(True, False), (False, True), (True, True)])
def test_with_transformers_leaders_the_chain_equals_battle_odds(attacker_leader: bool, defender_leader: bool) -> None:
    leaders = {"attacker_leader": attacker_leader, "defender_leader": defender_leader}
    for a in range(1, 11):
        for d in range(1, 11):
            chain = rb.battle_chain(a, d, rules=TRANSFORMERS, **leaders)
            odds = rb.battle_odds(a, d, TRANSFORMERS, **leaders)
            assert chain.p_win == pytest.approx(odds.p_win, abs=1e-12), (a, d)
            assert chain.expected_losses[0] == pytest.approx(odds.expected_attacker_losses, abs=1e-9)
            assert chain.expected_losses[1] == pytest.approx(odds.expected_defender_losses, abs=1e-9)
    for a, d in [(1, 1), (3, 2), (4, 4)]:
        exact = rb.battle_chain(a, d, rules=TRANSFORMERS, exact=True, **leaders)
        assert exact.p_win == rb.battle_odds(a, d, TRANSFORMERS, **leaders).p_win_exact
    big = rb.battle_chain(30, 30, rules=TRANSFORMERS, **leaders)
    assert big.p_win == pytest.approx(rb.battle_odds(30, 30, TRANSFORMERS, **leaders).p_win, abs=1e-12)


def test_a_leaders_throw_is_teaching_mds_table_1d_and_a_leader_can_fall_under_three_defending_dice() -> None:
    chain = rb.battle_chain(3, 2, exact=True, attacker_leader=True)
    assert chain.states[0] == (3, 2, True, False)
    row = chain.transition_frame().loc["3★ v 2"]
    assert [row["3★ v 0"], row["2★ v 1"], row["1★ v 2"]] == [
        Fraction(305, 648),
        Fraction(119, 384),
        Fraction(2275, 10368),
    ]
    assert list(chain.absorption.index.names) == ["attackers", "defenders", "attacker_leader", "defender_leader"]
    # with three defending dice an attack of 3 can lose all 3, its leader with them, and fight on with the rest
    house = rb.battle_chain(5, 3, rules=rb.Rules(defence_dice=3), exact=True, attacker_leader=True)
    assert (2, 3, False, False) in house.transient and (2, 3, True, False) not in house.transient
    assert house.p_win == rb.battle_odds(5, 3, rb.Rules(defence_dice=3), attacker_leader=True).p_win_exact
    assert all(sum(r) == 1 for r in house.transition)


def test_every_row_of_the_absorption_matrix_is_the_odds_of_the_battle_from_that_state() -> None:
    chain = rb.battle_chain(30, 30)
    conquests = [s for s in chain.absorbing if s[1] == 0]
    for (a, d), row in chain.absorption.iterrows():
        assert row[conquests].sum() == pytest.approx(rb.battle_odds(a, d).p_win, abs=1e-12)


@cache
def throws_by_recursion(a: int, d: int, rules: rb.Rules) -> Fraction:
    """E(a, d) = 1 + sum p E(next), from the public one-throw odds: independent of the chain."""
    if a == 0 or d == 0:
        return Fraction(0)
    odds = rb.throw_odds(min(a, rules.attack_dice), min(d, rules.defence_dice), rules=rules)
    return 1 + sum((p * throws_by_recursion(a - i, d - j, rules) for (i, j), p in odds.outcomes.items()), Fraction(0))


@pytest.mark.parametrize("name", ["classic", "house"])
def test_expected_throws_equal_an_independent_recursion(name: str) -> None:
    rules = RULES[name]
    for a, d in [(1, 1), (2, 3), (5, 5), (7, 2), (10, 10), (12, 4)]:
        exact = rb.battle_chain(a, d, rules=rules, exact=True)
        assert exact.expected_throws == throws_by_recursion(a, d, rules)
        assert rb.battle_chain(a, d, rules=rules).expected_throws == pytest.approx(float(exact.expected_throws))
    for a, d in [(20, 20), (30, 30), (30, 7)]:
        assert rb.battle_chain(a, d, rules=rules).expected_throws == pytest.approx(
            float(throws_by_recursion(a, d, rules)), rel=1e-12
        )


def test_expected_throws_match_teaching_md() -> None:
    assert round(rb.battle_chain(5, 5).expected_throws, 2) == 3.92
    assert round(rb.battle_chain(10, 10).expected_throws, 2) == 8.21


def test_the_fundamental_matrix_inverts_i_minus_q_exactly() -> None:
    chain = rb.battle_chain(6, 5, exact=True)
    t = len(chain.transient)
    q = chain.transition[:t, :t]
    identity = np.array([[Fraction(int(i == j)) for j in range(t)] for i in range(t)], dtype=object)
    assert ((identity - q).dot(chain.fundamental) == identity).all()
    assert all(isinstance(x, Fraction) for x in chain.fundamental.flat)
    # B = N R and N 1 = the expected throws, from the fundamental matrix itself
    b = chain.fundamental.dot(chain.transition[:t, t:])
    assert (b == chain.absorption.to_numpy()).all()
    assert chain.fundamental.dot(np.ones(t, dtype=object))[0] == chain.expected_throws
    floats = rb.battle_chain(6, 5)
    assert np.allclose((np.eye(t) - floats.transition[:t, :t]) @ floats.fundamental, np.eye(t), atol=1e-12)


def test_states_are_transient_first_and_the_matrix_is_row_stochastic_with_identity_absorbing_rows() -> None:
    chain = rb.battle_chain(7, 4, exact=True)
    t = len(chain.transient)
    assert chain.states[0] == (7, 4) and chain.states == [*chain.transient, *chain.absorbing]
    assert all(a > 0 and d > 0 for a, d in chain.states[:t])
    assert all(a == 0 or d == 0 for a, d in chain.states[t:])
    assert all(sum(row) == 1 for row in chain.transition)
    assert (chain.transition[t:, t:] == np.eye(len(chain.absorbing), dtype=int)).all()
    assert not chain.transition[t:, :t].any()
    assert not np.tril(chain.transition[:t, :t].astype(float)).any()  # acyclic: Q strictly upper triangular
    assert all(sum(row) == 1 for row in chain.absorption.to_numpy())
    assert list(chain.absorption.index) == chain.transient and list(chain.absorption.columns) == chain.absorbing


def test_absorption_rows_sum_to_one_in_floats() -> None:
    chain = rb.battle_chain(25, 18, rules=HOUSE)
    assert np.allclose(chain.absorption.to_numpy().sum(axis=1), 1.0, atol=1e-12)
    assert np.allclose(chain.transition.sum(axis=1), 1.0, atol=1e-12)


def test_one_three_v_two_throw_is_osbornes_2275_2611_2890_out_of_7776() -> None:
    """The published row (Osborne 2003, Table 2): from any state with 3 or more attackers and 2 or
    more defenders the defender loses 0, 1, 2 armies with 2275, 2611, 2890 chances in 7776."""
    for a, d in [(3, 2), (5, 2), (9, 6)]:
        frame = rb.battle_chain(a, d, exact=True).transition_frame()
        row = frame.loc[f"{a} v {d}"]
        assert [row[f"{a - 2} v {d}"] * 7776, row[f"{a - 1} v {d - 1}"] * 7776, row[f"{a} v {d - 2}"] * 7776] == [
            2275,
            2611,
            2890,
        ]
        assert sum(1 for p in row if p) == 3


def test_whole_battles_match_osbornes_table_in_teaching_md() -> None:
    exact = {
        (1, 1): Fraction(5, 12),
        (1, 2): Fraction(275, 2592),
        (1, 3): Fraction(15125, 559872),
        (2, 1): Fraction(1955, 2592),
        (2, 2): Fraction(235, 648),
        (2, 3): Fraction(692225, 3359232),
        (3, 1): Fraction(342035, 373248),
        (3, 2): Fraction(6610505, 10077696),
        (3, 3): Fraction(511817135, 1088391168),
    }
    for (a, d), p in exact.items():
        assert rb.battle_chain(a, d, exact=True).p_win == p
    table_2a = {(5, 3): 0.769375, (10, 10): 0.567593, (4, 4): 0.476531, (5, 5): 0.506203, (7, 9): 0.356934}
    for (a, d), p in table_2a.items():
        assert round(rb.battle_chain(a, d).p_win, 6) == p
    losses = {(2, 2): (1.4097, 0.9144), (5, 3): (2.1794, 2.5374), (10, 10): (7.3078, 8.2370)}
    for (a, d), (la, ld) in losses.items():
        got = rb.battle_chain(a, d).expected_losses
        assert (round(got[0], 4), round(got[1], 4)) == (la, ld)


def test_the_distribution_of_throws_sums_to_one_and_its_mean_is_the_expected_throws() -> None:
    chain = rb.battle_chain(8, 6, exact=True)
    dist = chain.throws_distribution()
    assert sum(dist) == 1 and all(p > 0 for p in dist)
    assert sum(k * p for k, p in dist.items()) == chain.expected_throws
    assert dist.index.min() == 3 and dist.index.max() <= 8 + 6 - 1  # 6 defenders fall in 3 throws at best
    one = rb.battle_chain(1, 1, exact=True).throws_distribution()
    assert one.to_dict() == {1: Fraction(1)}
    floats = rb.battle_chain(20, 15).throws_distribution()
    assert floats.sum() == pytest.approx(1.0) and floats.dtype == float


def test_the_game_rules_reach_the_chain() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], options={"defence_dice": 3}, seed=1)
    chain = rb.battle_chain(9, 10, rules=game.rules)
    assert chain.p_win == pytest.approx(rb.battle_odds(9, 10, rules=rb.Rules(defence_dice=3)).p_win, abs=1e-12)
    assert round(chain.p_win, 4) == 0.1453


def test_numpy_integers_are_armies_too() -> None:
    assert rb.battle_chain(np.int64(4), np.int32(3)).p_win == rb.battle_chain(4, 3).p_win


@pytest.mark.parametrize(
    ("attackers", "defenders"),
    [(0, 3), (3, 0), (-1, 2), (True, 2), (3, False), (2.0, 3), (3, 2.5), ("3", 2), (None, 2)],
)
def test_bad_armies_are_refused_with_a_sentence(attackers: object, defenders: object) -> None:
    # (checked as the odds check them: riskboard.analysis.arguments)
    with pytest.raises(ValueError, match="must be a whole number from 1 to"):
        rb.battle_chain(attackers, defenders)  # type: ignore[arg-type]


def test_bad_leaders_are_refused() -> None:
    with pytest.raises(TypeError, match="attacker_leader must be True or False"):
        rb.battle_chain(3, 2, attacker_leader=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="leader_sides must be a whole number from 2 to 20"):
        rb.battle_chain(3, 2, attacker_leader=True, leader_sides=1)
    with pytest.raises(ValueError, match="not defined"):
        rb.battle_chain(3, 2, rules=rb.Rules(rerolls=1), attacker_leader=True)


def test_bad_rules_and_exact_are_refused() -> None:
    with pytest.raises(TypeError, match="rules must be a game's rules"):
        rb.battle_chain(3, 2, rules="classic")  # type: ignore[arg-type]
    # a mapping of the rules to change, as battle_odds takes it
    assert (
        rb.battle_chain(3, 2, rules={"defence_dice": 3}).p_win == rb.battle_odds(3, 2, rules={"defence_dice": 3}).p_win
    )
    with pytest.raises(TypeError, match="exact must be True or False"):
        rb.battle_chain(3, 2, exact=1)  # type: ignore[arg-type]


def test_a_battle_too_big_for_dense_matrices_says_what_to_use() -> None:
    with pytest.raises(ValueError, match=r"rb\.battle_odds"):
        rb.battle_chain(100, 100)


def test_the_transition_frame_has_readable_labels_and_translates() -> None:
    frame = rb.battle_chain(2, 1).transition_frame()
    assert list(frame.index) == ["2 v 1", "1 v 1", "2 v 0", "1 v 0", "0 v 1"]
    assert list(frame.columns) == list(frame.index)
    assert frame.loc["2 v 1", "2 v 0"] == pytest.approx(125 / 216)
    with rb.i18n.using("de"):
        assert rb.battle_chain(2, 1).transition_frame().index[0] != "2 v 1"


def test_the_notebook_display_shows_the_matrix_of_a_small_chain_and_a_note_for_a_big_one() -> None:
    small = rb.battle_chain(2, 2, exact=True)._repr_html_()
    assert "<table" in small and "2611" not in small and "295/1296" in small and "36,3" not in small
    assert "36.3%" in small or "36.3 %" in small
    big = rb.battle_chain(10, 10)._repr_html_()
    assert "<table" not in big and "transition_frame()" in big
    with rb.i18n.using("de"):
        assert "36,3" in rb.battle_chain(2, 2)._repr_html_()
    assert "house" in repr(rb.battle_chain(3, 3, rules=HOUSE)) and "exact" in repr(rb.battle_chain(1, 1, exact=True))


def test_no_chance_below_one_reads_as_certain() -> None:
    chain = rb.battle_chain(12, 1)
    assert 0.9999 < chain.p_win < 1
    page = chain._repr_html_()
    assert "100.0%" not in page and "99.99" in page
    picture = str(rb.chain_picture(chain))
    assert "100.0%" not in picture and "99.99" in picture
    assert "rb.chain_picture(chain)" in page and "rb.chain_picture" not in rb.battle_chain(13, 1)._repr_html_()
