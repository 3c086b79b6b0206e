"""``rb.sample_battles`` draws whole battles from their exact distribution: it agrees with battles
played throw by throw (plain dice through ``rb.resolve_battle``, and the engine's own blitz), with
the exact end states and expected losses of ``battle_odds`` under the printed and house rules, and
the same statistical tests reject a distribution that is off by a little.

Every test is seeded, so it is deterministic; the statistical tolerances are stated where used:
a chi-square test passes at p > 0.001 (and a wrong distribution must give p < 1e-6), a win rate or
mean lies within 4 standard errors of the exact value."""

from __future__ import annotations

import math
import random
from collections import Counter

import numpy as np
import pytest
from scipy import stats

import riskboard as rb
from riskboard.analysis import BattleSample, sample_battles

PASS = 1e-3
"""A chi-square test of a right distribution passes above this p-value (fixed seeds: deterministic)."""
REJECT = 1e-6
"""A wrong distribution must give a p-value below this."""
SE = 4
"""Estimates lie within this many standard errors of the exact value."""
WORLD_IDS = rb.load_map("world").ids


def throw_by_throw(attackers: int, defenders: int, n: int, rules: rb.Rules, seed: int) -> Counter[tuple[int, int]]:
    """``n`` battles played one throw at a time with Python's dice and ``rb.resolve_battle``, each
    side rolling the most dice ``rules`` allow (ties and dice counts only: no bonuses)."""
    dice = random.Random(seed)
    ends: Counter[tuple[int, int]] = Counter()
    for _ in range(n):
        a, d = attackers, defenders
        while a and d:
            attack = [dice.randint(1, rules.sides) for _ in range(rules.attacking(a + 1))]
            defend = [dice.randint(1, rules.sides) for _ in range(rules.defending(d))]
            result = rb.resolve_battle(attack, defend, rules)
            a -= result.attacker_losses
            d -= result.defender_losses
        ends[a, d] += 1
    return ends


def engine_blitz(attackers: int, defenders: int, n: int) -> Counter[tuple[int, int]]:
    """``n`` battles blitzed by the engine, Ada's alaska (``attackers`` + 1) against Bo's kamchatka,
    one scenario game (seed i) per battle; survivors counted as ``sample_battles`` counts them."""
    pos = {t: (("Bo", "Cy")[i % 2], 1) for i, t in enumerate(WORLD_IDS)}
    pos.update(alaska=("Ada", attackers + 1), kamchatka=("Bo", defenders))
    ends: Counter[tuple[int, int]] = Counter()
    for seed in range(n):
        game = rb.new_game(
            "classic", players=["Ada", "Bo", "Cy"], position=pos, current_player="Ada", phase="attack", seed=seed
        )
        game.apply("blitz alaska kamchatka")
        if game.owner("kamchatka") == "Ada":  # moved in (or waiting to): the guard stays in alaska
            ends[game.armies("alaska") + game.armies("kamchatka") - 1, 0] += 1
        else:
            ends[game.armies("alaska") - 1, game.armies("kamchatka")] += 1
    return ends


def goodness_of_fit(counts: dict[tuple[int, int], int], exact: dict[tuple[int, int], float]) -> float:
    """The chi-square p-value of observed end states against exact probabilities, the end states
    expected fewer than 5 times pooled into one cell (so the test's approximation holds)."""
    n = sum(counts.values())
    assert set(counts) <= set(exact), f"drawn end states that cannot happen: {set(counts) - set(exact)}"
    observed, expected, pooled_o, pooled_e = [], [], 0, 0.0
    for state, p in exact.items():
        if n * p >= 5:
            observed.append(counts.get(state, 0))
            expected.append(n * p)
        else:
            pooled_o += counts.get(state, 0)
            pooled_e += n * p
    if pooled_e:
        observed.append(pooled_o)
        expected.append(pooled_e)
    expected_arr = np.array(expected) * n / sum(expected)  # the float sums to n exactly
    return float(stats.chisquare(observed, expected_arr).pvalue)


def same_distribution(first: dict[tuple[int, int], int], second: dict[tuple[int, int], int]) -> float:
    """The p-value of a chi-square test that two samples of end states come from one distribution
    (a 2 × k contingency table; states seen fewer than 10 times in both together are pooled)."""
    states = sorted(set(first) | set(second))
    rows: list[list[int]] = [[], []]
    rare = [0, 0]
    for s in states:
        pair = (first.get(s, 0), second.get(s, 0))
        if sum(pair) >= 10:
            rows[0].append(pair[0])
            rows[1].append(pair[1])
        else:
            rare = [rare[0] + pair[0], rare[1] + pair[1]]
    if sum(rare):
        rows[0].append(rare[0])
        rows[1].append(rare[1])
    return float(stats.chi2_contingency(np.array(rows)).pvalue)


def within_se(estimate: float, exact: float, sd: float, n: int) -> bool:
    return abs(estimate - exact) <= SE * sd / math.sqrt(n)


# -- against battles played throw by throw ------------------------------------------------------


def test_ten_against_ten_agrees_with_throw_by_throw_play() -> None:
    rules = rb.Rules()
    played = throw_by_throw(10, 10, 20_000, rules, seed=11)
    sample = sample_battles(10, 10, 200_000, seed=12)
    assert same_distribution(sample.counts(), played) > PASS
    exact = rb.battle_odds(10, 10)
    assert goodness_of_fit(played, exact.outcomes) > PASS
    assert goodness_of_fit(sample.counts(), exact.outcomes) > PASS
    p = exact.p_win
    played_wins = sum(c for (_, d), c in played.items() if d == 0) / 20_000
    assert within_se(played_wins, p, math.sqrt(p * (1 - p)), 20_000)
    assert within_se(sample.p_win, p, math.sqrt(p * (1 - p)), 200_000)


def test_a_house_rule_battle_agrees_with_throw_by_throw_play() -> None:
    """Three defending dice, ties to the attacker: the sampler follows ``rules`` as the dice do."""
    rules = rb.Rules(defence_dice=3, ties="attacker")
    played = throw_by_throw(8, 6, 10_000, rules, seed=3)
    sample = sample_battles(8, 6, 100_000, rules=rules, seed=4)
    assert same_distribution(sample.counts(), played) > PASS
    assert goodness_of_fit(played, rb.battle_odds(8, 6, rules=rules).outcomes) > PASS
    # and the printed rules' sampler is told apart from these dice
    assert same_distribution(sample_battles(8, 6, 100_000, seed=4).counts(), played) < REJECT


def test_ten_against_ten_agrees_with_the_engines_blitz() -> None:
    blitzed = engine_blitz(10, 10, 3_000)
    assert same_distribution(sample_battles(10, 10, 100_000, seed=5).counts(), blitzed) > PASS
    assert goodness_of_fit(blitzed, rb.battle_odds(10, 10).outcomes) > PASS


# -- against the exact odds -----------------------------------------------------------------------

RULES = [
    rb.Rules(),
    rb.Rules(defence_dice=3),
    rb.Rules(ties="attacker"),
    rb.Rules(attack_dice=2, attack_bonus=1),
    rb.Rules(rerolls=1, defence_bonus=1),
    rb.Rules(sides=8),
]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.describe())
@pytest.mark.parametrize(("attackers", "defenders"), [(1, 1), (3, 2), (5, 5), (20, 15)])
def test_end_states_and_means_match_the_exact_odds(rules: rb.Rules, attackers: int, defenders: int) -> None:
    n = 50_000
    sample = sample_battles(attackers, defenders, n, rules=rules, seed=attackers * 100 + defenders)
    exact = rb.battle_odds(attackers, defenders, rules=rules)
    assert goodness_of_fit(sample.counts(), exact.outcomes) > PASS
    p = exact.p_win
    assert within_se(sample.p_win, p, math.sqrt(p * (1 - p)), n)
    for attacker, drawn, mean in (
        (True, sample.attacker_losses, exact.expected_attacker_losses),
        (False, sample.defender_losses, exact.expected_defender_losses),
    ):
        sd = math.sqrt(sum(pr * (lost - mean) ** 2 for lost, pr in _losses(exact, attacker)))
        assert within_se(float(np.mean(drawn)), mean, sd, n), (attacker, float(np.mean(drawn)), mean)


def _losses(exact: rb.BattleOdds, attacker: bool) -> list[tuple[int, float]]:
    """(losses, probability) of one side over the end states, for the standard deviation."""
    start = exact.attackers if attacker else exact.defenders
    return [(start - (a if attacker else d), p) for (a, d), p in exact.outcomes.items()]


# -- the same tests reject what is wrong ----------------------------------------------------------


def test_a_distribution_off_by_one_army_is_rejected() -> None:
    """Each check above fails when the distribution is slightly wrong: one more attacker left after
    a conquest, or a battle of 10 v 9 passed off as 10 v 10, or ties given to the attacker."""
    exact = rb.battle_odds(10, 10).outcomes
    sample = sample_battles(10, 10, 20_000, seed=21)
    shifted: Counter[tuple[int, int]] = Counter()
    for (a, d), c in sample.counts().items():
        shifted[(min(a + 1, 10), 0) if d == 0 else (a, d)] += c
    assert goodness_of_fit(sample.counts(), exact) > PASS
    assert goodness_of_fit(shifted, exact) < REJECT
    smaller = sample_battles(10, 9, 20_000, seed=21).counts()
    assert same_distribution(smaller, sample.counts()) < REJECT
    played = throw_by_throw(10, 10, 20_000, rb.Rules(ties="attacker"), seed=11)
    assert same_distribution(sample.counts(), played) < REJECT
    p = rb.battle_odds(10, 10).p_win
    wins = sum(c for (_, d), c in smaller.items() if d == 0) / 20_000
    assert not within_se(wins, p, math.sqrt(p * (1 - p)), 20_000)


def test_the_95_percent_interval_covers_the_exact_value_about_95_times_in_100() -> None:
    rng = np.random.default_rng(8)
    covered = 0
    for _ in range(400):
        s = sample_battles(6, 4, 500, rng=rng)
        lo, hi = s.interval()
        covered += lo <= s.exact_p_win <= hi
    assert 0.92 <= covered / 400 <= 0.98  # binomial(400, 0.95): sd ≈ 1.1 %
    lo99, hi99 = s.interval(0.99)
    lo95, hi95 = s.interval()
    assert lo99 < lo95 < hi95 < hi99


# -- arrays of battles, seeds, the result object ----------------------------------------------------


def test_arrays_draw_each_battle_from_its_own_distribution() -> None:
    sizes = np.array([3, 10, 0, 7, 3, 25] * 10_000)
    against = np.array([2, 10, 4, 0, 2, 1] * 10_000)
    s = sample_battles(sizes, against, seed=2)
    assert len(s) == 60_000 and s.attackers_left.shape == (60_000,)
    assert np.all(s.attackers_left <= sizes) and np.all(s.defenders_left <= against)
    assert np.all((s.attackers_left == 0) | (s.defenders_left == 0))
    assert not s.wins[2::6].any() and s.attackers_left[2::6].sum() == 0  # nothing attacks
    assert s.wins[3::6].all() and np.array_equal(s.attackers_left[3::6], sizes[3::6])  # nothing defends
    for k in (0, 1, 5):
        battle = BattleSample(int(sizes[k]), int(against[k]), s.attackers_left[k::6], s.defenders_left[k::6])
        assert goodness_of_fit(battle.counts(), rb.battle_odds(int(sizes[k]), int(against[k])).outcomes) > PASS
    assert np.array_equal(s.attacker_losses, sizes - s.attackers_left)
    table = rb.odds_table(25, 10)
    assert s.exact_p_win == pytest.approx(float(np.mean([table[a, d] for a, d in zip(sizes[:6], against[:6])])))
    # a number stands for every battle
    mixed = sample_battles(np.array([1, 5, 9]), 3, seed=1)
    assert mixed.defenders == 3 and np.array_equal(mixed.defender_losses, 3 - mixed.defenders_left)


def test_the_same_seed_gives_the_same_battles() -> None:
    first, again = sample_battles(10, 10, 5_000, seed=9), sample_battles(10, 10, 5_000, seed=9)
    assert np.array_equal(first.attackers_left, again.attackers_left)
    assert np.array_equal(first.defenders_left, again.defenders_left)
    other = sample_battles(10, 10, 5_000, seed=10)
    assert not np.array_equal(first.attackers_left, other.attackers_left)
    rng = np.random.default_rng(9)
    from_rng = sample_battles(10, 10, 5_000, rng=rng)
    assert np.array_equal(from_rng.attackers_left, first.attackers_left)  # default_rng(seed) is what seed makes
    assert not np.array_equal(sample_battles(10, 10, 5_000, rng=rng).attackers_left, first.attackers_left)
    # more battles than one step draws: the same whether drawn in steps or at once
    big = sample_battles(np.full(1_500_000, 4), 3, seed=1)
    assert np.array_equal(big.attackers_left, sample_battles(4, 3, 1_500_000, seed=1).attackers_left)


def test_the_result_reads_as_a_sentence() -> None:
    s = sample_battles(10, 10, 100_000, seed=1, rules=rb.Rules(defence_dice=3))
    lo, hi = s.interval()
    assert lo < s.p_win < hi and lo < s.exact_p_win < hi
    text = s.summary()
    assert "100,000 battles of 10 v 10" in text and "defender up to 3" in text
    assert f"{s.exact_p_win:.2%}" in text and f"{lo:.2%} to {hi:.2%}" in text
    assert repr(s) == f"<BattleSample 100,000 battles of 10 v 10, p_win {s.p_win:.4f}>"
    assert "95 % interval" in s._repr_html_()
    assert "different sizes" in repr(sample_battles(np.array([2, 3]), np.array([1, 1]), seed=1))
    assert sum(s.counts().values()) == 100_000


@pytest.mark.parametrize(
    ("args", "kw", "words"),
    [
        ((-1, 3, 10), {}, "attackers must be from 0 to 1000"),
        ((3, 1001, 10), {}, "defenders must be from 0 to 1000"),
        ((3.5, 3, 10), {}, "attackers must be a whole number"),
        ((True, 3, 10), {}, "attackers must be a whole number"),
        ((np.array([2.0, 3.0]), 3), {}, "integer array"),
        ((np.array([[2, 3]]), 3), {}, "1-d array"),
        ((np.array([2, -3]), 3), {}, "from -3 to 2"),
        ((np.array([2, 3]), np.array([1, 1, 1])), {}, "different lengths"),
        ((np.array([2, 3]), 1, 5), {}, "n = 5 battles"),
        ((3, 2), {}, "n (how many battles to draw) is needed"),
        ((3, 2, 0), {}, "n must be from 1"),
        ((3, 2, 10**9), {}, "n must be from 1"),
        ((3, 2, 2.5), {}, "n must be a whole number"),
        ((3, 2, 10), {"seed": -1}, "seed must be a whole number"),
        ((3, 2, 10), {"seed": 1, "rng": np.random.default_rng(1)}, "not both"),
    ],
)
def test_bad_input_is_refused_with_a_message(args: tuple, kw: dict, words: str) -> None:
    with pytest.raises(ValueError) as info:
        sample_battles(*args, **kw)
    assert words in str(info.value)


def test_wrong_kinds_of_rules_and_generators_are_type_errors() -> None:
    with pytest.raises(TypeError, match=r"game\.rules"):
        sample_battles(3, 2, 10, rules={"defence_dice": 3})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="default_rng"):
        sample_battles(3, 2, 10, rng=random.Random(1))  # type: ignore[arg-type]


def test_a_games_house_rules_are_the_dice_rules() -> None:
    """``rules=game.rules`` (which also holds the game's fortify and card rules) draws as the same
    dice rules given alone, and the sample reports the dice rules it followed."""
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], options={"defence_dice": 3, "fortify": "connected"})
    from_game = sample_battles(7, 5, 2_000, rules=game.rules, seed=3)
    alone = sample_battles(7, 5, 2_000, rules=rb.Rules(defence_dice=3), seed=3)
    assert np.array_equal(from_game.attackers_left, alone.attackers_left)
    assert from_game.rules == rb.Rules(defence_dice=3)
    assert not np.array_equal(sample_battles(7, 5, 2_000, seed=3).attackers_left, alone.attackers_left)


def test_it_is_the_public_name() -> None:
    assert rb.sample_battles is sample_battles
    assert "sample_battles" in rb.analysis.__all__ and "BattleSample" in rb.analysis.__all__
