"""The tournament table's statistics against hand-computed values: Wilson intervals, the
Bradley–Terry (Elo-scale) fit, how a game becomes pairwise comparisons, and how shared wins,
draws and forfeits are scored."""

from __future__ import annotations

import math

import pytest

from riskboard.analysis.stats import wilson
from riskboard.tournaments.games import Outcome
from riskboard.tournaments.ratings import ELO_BASE, bradley_terry, expected_score, pairwise
from riskboard.tournaments.results import seat_results, standings


def test_wilson_matches_the_hand_computed_interval() -> None:
    # 7 of 10: the published interval (0.3968, 0.8922), whose ends q solve (0.7 - q)² = z² q (1 - q) / 10
    low, high = wilson(7, 10)
    assert (round(low, 4), round(high, 4)) == (0.3968, 0.8922)
    for q in (low, high):
        assert (0.7 - q) ** 2 == pytest.approx(1.959963984540054**2 * q * (1 - q) / 10)
    z2 = 1.959963984540054**2
    assert wilson(0, 5) == pytest.approx((0.0, z2 / (5 + z2)))
    assert wilson(5, 5) == pytest.approx((5 / (5 + z2), 1.0))
    assert wilson(0, 0) == (0.0, 1.0)


def test_two_bots_without_prior_are_400_log10_of_their_odds_apart() -> None:
    pairs = [("a", "b", 1.0)] * 3 + [("a", "b", 0.0)]
    elo = bradley_terry(["a", "b"], pairs, prior=0)
    assert elo["a"] - elo["b"] == pytest.approx(400 * math.log10(3))
    assert (elo["a"] + elo["b"]) / 2 == pytest.approx(ELO_BASE)


def test_draws_count_half_a_win() -> None:
    # two wins and two draws for a: 3 of 4 points, the same odds as 3 wins to 1
    pairs = [("a", "b", 1.0)] * 2 + [("a", "b", 0.5)] * 2
    elo = bradley_terry(["a", "b"], pairs, prior=0)
    assert elo["a"] - elo["b"] == pytest.approx(400 * math.log10(3))


def test_the_fit_satisfies_the_likelihood_equations_with_the_prior() -> None:
    """At the maximum each bot's expected score equals its score (the prior's draw included)."""
    names = ["a", "b", "c"]
    pairs = [("a", "b", 1.0), ("a", "b", 1.0), ("b", "a", 1.0), ("b", "c", 1.0), ("c", "a", 0.5), ("a", "c", 1.0)]
    elo = bradley_terry(names, pairs, prior=1.0)
    for n in names:
        scored = 0.5 + sum(s if a == n else 1 - s for a, b, s in pairs if n in (a, b))
        expected = expected_score(elo[n], ELO_BASE) + sum(
            expected_score(elo[n], elo[b if a == n else a]) for a, b, _ in pairs if n in (a, b)
        )
        assert expected == pytest.approx(scored, abs=1e-8)


def test_one_win_with_the_prior_solves_by_hand() -> None:
    # a beat b once; by symmetry s_b = 1/s_a = 1/x and x²/(x²+1) + x/(x+1) = 1.5 (x ≈ 2.1304)
    elo = bradley_terry(["a", "b"], [("a", "b", 1.0)])
    x = 10 ** ((elo["a"] - ELO_BASE) / 400)
    assert x * x / (x * x + 1) + x / (x + 1) == pytest.approx(1.5)
    assert x == pytest.approx(2.1304, abs=1e-4)
    assert elo["a"] - ELO_BASE == pytest.approx(ELO_BASE - elo["b"])


def test_a_bot_that_never_wins_stays_finite() -> None:
    elo = bradley_terry(["a", "b"], [("a", "b", 1.0)] * 20)
    assert math.isfinite(elo["b"]) and elo["a"] > elo["b"]


def test_pairwise_comparisons_of_a_game() -> None:
    assert pairwise({"a": 2, "b": 0, "c": 0}) == [("a", "b", 1.0), ("a", "c", 1.0)]  # losers not compared
    assert pairwise({"a": 1, "b": 1}) == [("a", "b", 0.5)]
    assert pairwise({"a": 2, "b": 2, "c": 0}) == [("a", "b", 0.5), ("a", "c", 1.0), ("b", "c", 1.0)]
    assert pairwise({"a": 1, "b": 0, "c": 1}) == [("a", "b", 1.0), ("a", "c", 0.5), ("b", "c", 0.0)]


def outcome(index: int, outcome: str, winners: tuple[str, ...] = (), forfeit: str | None = None) -> Outcome:
    return Outcome(
        index, index, ("a", "b", "c"), outcome, winners, 10 + index, 100, forfeit, "boom" if forfeit else None
    )


def test_shared_wins_draws_and_forfeits_are_scored_as_documented() -> None:
    assert seat_results(outcome(0, "win", ("b",))) == {"a": "loss", "b": "win", "c": "loss"}
    assert seat_results(outcome(0, "shared", ("a", "b"))) == {"a": "draw", "b": "draw", "c": "loss"}
    assert seat_results(outcome(0, "draw")) == {"a": "draw", "b": "draw", "c": "draw"}
    assert seat_results(outcome(0, "forfeit", forfeit="c")) == {"a": "draw", "b": "draw", "c": "forfeit"}


def test_standings_count_and_sort() -> None:
    games = [
        outcome(0, "win", ("b",)),
        outcome(1, "win", ("b",)),
        outcome(2, "shared", ("a", "b")),
        outcome(3, "forfeit", forfeit="c"),
    ]
    table = standings(["a", "b", "c"], games)
    assert table.index.tolist() == ["b", "a", "c"]
    assert table.loc["b", ["games", "wins", "draws", "losses", "forfeits"]].tolist() == [4, 2, 2, 0, 0]
    assert table.loc["a", ["wins", "draws", "losses"]].tolist() == [0, 2, 2]
    assert table.loc["c", ["wins", "draws", "losses", "forfeits"]].tolist() == [0, 0, 3, 1]
    assert table.loc["b", "win_rate"] == 0.5
    assert table.loc["b", ["ci_low", "ci_high"]].tolist() == pytest.approx(list(wilson(2, 4)))
    assert table.loc["a", "mean_turns"] == pytest.approx((10 + 11 + 12 + 13) / 4)
    assert table.loc["a", "elo"] > table.loc["c", "elo"]  # a shared a win c lost and drew nothing c won


def test_the_interval_holds_the_rate_at_its_ends() -> None:
    """At 0 or every game won, rounding must not leave the rate a hair outside its interval."""
    from riskboard.analysis.stats import wilson

    for games in range(1, 200):
        assert wilson(0, games)[0] == 0.0 and wilson(games, games)[1] == 1.0
        for wins in (0, games // 3, games):
            low, high = wilson(wins, games)
            assert low <= wins / games <= high
