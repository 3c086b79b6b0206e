"""The meta-game of bots (issue 22, item 4): payoffs from seat-balanced games, the symmetric
equilibria (nashpy), replicator dynamics, best responses, the multi-player empirical game, and
why copies of a bot do not move the equilibrium while they do move a mean win-rate ranking."""

from __future__ import annotations

import itertools
import re
import sys

import numpy as np
import pandas as pd
import pytest

import riskboard as rb
from riskboard.tournaments.games import Outcome
from riskboard.tournaments.results import TournamentResult
from riskboard.tournaments.seating import seating

RPS = {
    "rock": {"rock": 0.5, "paper": 0.0, "scissors": 1.0},
    "paper": {"rock": 1.0, "paper": 0.5, "scissors": 0.0},
    "scissors": {"rock": 0.0, "paper": 1.0, "scissors": 0.5},
}
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}


def _result(outcomes: list[Outcome], names: list[str], players: int) -> TournamentResult:
    return TournamentResult(
        names=names,
        outcomes=outcomes,
        seed=0,
        ruleset="classic",
        variant=None,
        players=players,
        max_turns=0,
        elapsed=0.0,
        records=False,
    )


def _game(index: int, seats: tuple[str, ...], winners: tuple[str, ...]) -> Outcome:
    outcome = "win" if len(winners) == 1 else "shared" if winners else "draw"
    return Outcome(index=index, seed=index, seats=seats, outcome=outcome, winners=winners, turns=10, actions=50)


def rps_result(repeat: int = 2) -> TournamentResult:
    """Three tiny bots that play rock, paper and scissors: the winner of each game is fixed by
    the rule, and each pair meets in both seat orders, ``repeat`` times, plus one draw each."""
    games: list[Outcome] = []
    for _r in range(repeat):
        for a, b in itertools.permutations(RPS, 2):
            winner = a if BEATS[a] == b else b
            games.append(_game(len(games), (a, b), (winner,)))
    return _result(games, list(RPS), 2)


def _close(mix: dict[str, float], expected: dict[str, float]) -> bool:
    return set(mix) == set(expected) and all(abs(mix[b] - expected[b]) < 1e-9 for b in mix)


def test_constructed_rock_paper_scissors_results_give_the_matrix_and_the_uniform_equilibrium() -> None:
    result = rps_result()
    payoffs = result.payoffs()
    assert payoffs.to_dict(orient="index") == RPS
    game = rb.metagame(result)
    assert len(game.equilibria) == 1
    assert _close(game.equilibria[0], dict.fromkeys(RPS, 1 / 3))


def test_a_payoff_dataframe_gives_the_same_meta_game() -> None:
    frame = pd.DataFrame(RPS).T
    assert _close(rb.metagame(frame).equilibria[0], dict.fromkeys(RPS, 1 / 3))
    assert _close(rb.metagame(RPS).equilibria[0], dict.fromkeys(RPS, 1 / 3))


def test_an_unequal_cycle_of_three_has_the_known_non_uniform_equilibrium() -> None:
    # rock beats scissors by a lot (0.9), paper beats rock narrowly (0.6), scissors beats paper (0.7):
    # in the zero-sum form the margins are a = 0.4, b = 0.1, c = 0.2, and the equilibrium puts
    # weight c, a, b (normalised) on rock, paper, scissors: 2/7, 4/7, 1/7.
    lopsided = {
        "rock": {"rock": 0.5, "paper": 0.4, "scissors": 0.9},
        "paper": {"rock": 0.6, "paper": 0.5, "scissors": 0.3},
        "scissors": {"rock": 0.1, "paper": 0.7, "scissors": 0.5},
    }
    game = rb.metagame(lopsided)
    assert len(game.equilibria) == 1
    assert _close(game.equilibria[0], {"rock": 2 / 7, "paper": 4 / 7, "scissors": 1 / 7})
    # every bot does equally well against the equilibrium: all are best responses to it
    assert game.best_response(game.equilibria[0]) == ["rock", "paper", "scissors"]


def test_best_responses() -> None:
    game = rb.metagame(RPS)
    assert game.best_response({"rock": 1.0}) == ["paper"]
    assert game.best_response({"rock": 0.5, "paper": 0.5}) == ["paper"]
    assert game.best_response({"scissors": 0.7, "paper": 0.3}) == ["rock"]
    assert game.best_response(None) == ["rock", "paper", "scissors"]
    assert game.payoff({"rock": 0.5, "paper": 0.5}) == {"rock": 0.25, "paper": 0.75, "scissors": 0.5}


DOMINANT = {
    "strong": {"strong": 0.5, "middle": 0.8, "weak": 0.7},
    "middle": {"strong": 0.2, "middle": 0.5, "weak": 0.6},
    "weak": {"strong": 0.3, "middle": 0.4, "weak": 0.5},
}


def test_the_replicator_dynamics_keep_a_population_and_converge_to_a_strict_equilibrium() -> None:
    game = rb.metagame(DOMINANT)
    assert game.equilibria == [{"strong": 1.0, "middle": 0.0, "weak": 0.0}]
    path = game.replicator(steps=100, duration=200.0)
    assert list(path.columns) == ["strong", "middle", "weak"]
    assert len(path) == 101 and path.index[0] == 0.0 and path.index[-1] == pytest.approx(200.0)
    assert np.allclose(path.sum(axis=1), 1.0, atol=1e-12)
    assert (path.to_numpy() >= 0).all()
    assert path.iloc[0].tolist() == pytest.approx([1 / 3] * 3)
    assert path.iloc[-1]["strong"] > 0.999
    assert path["strong"].is_monotonic_increasing


def test_the_replicator_dynamics_match_nashpy() -> None:
    import nashpy

    lopsided = {
        "a": {"a": 0.5, "b": 0.4, "c": 0.9},
        "b": {"a": 0.6, "b": 0.5, "c": 0.3},
        "c": {"a": 0.1, "b": 0.7, "c": 0.5},
    }
    game = rb.metagame(lopsided)
    ours = game.replicator({"a": 0.5, "b": 0.3, "c": 0.2}, steps=20, duration=20.0).to_numpy()
    a = game.payoffs.to_numpy()
    theirs = nashpy.Game(a, a.T).replicator_dynamics(y0=np.array([0.5, 0.3, 0.2]), timepoints=np.linspace(0, 20, 21))
    assert np.abs(ours - theirs).max() < 1e-6


def test_in_rock_paper_scissors_the_uniform_mix_is_a_rest_point_and_other_starts_cycle() -> None:
    game = rb.metagame(RPS)
    still = game.replicator(steps=10, duration=10.0)
    assert np.allclose(still.to_numpy(), 1 / 3)
    moving = game.replicator({"rock": 0.6, "paper": 0.3, "scissors": 0.1}, steps=400, duration=100.0)
    assert moving["rock"].min() < 0.2 < 0.6 < moving["rock"].max() + 1e-9  # it goes round, it does not settle
    # zero-sum replicator dynamics conserve the product of the shares (the cycle is closed)
    product = moving.prod(axis=1)
    assert product.max() - product.min() < 1e-6


def test_copies_of_a_bot_inflate_a_mean_ranking_but_not_the_equilibrium() -> None:
    clones = [f"rock_{i}" for i in range(1, 4)]
    names = [*clones, "paper", "scissors"]

    def kind(name: str) -> str:
        return "rock" if name.startswith("rock") else name

    matrix = {a: {b: RPS[kind(a)][kind(b)] for b in names} for a in names}
    cloned = rb.metagame(matrix)
    # the mean win rate ranks paper first: it beats three copies of rock
    means = cloned.payoffs.mean(axis=1)
    assert means.idxmax() == "paper" and means["paper"] > means["scissors"] + 0.3
    # the equilibria: one per copy, each giving the rock family its original third
    assert len(cloned.equilibria) == 3
    for eq in cloned.equilibria:
        assert sum(eq[c] for c in clones) == pytest.approx(1 / 3)
        assert eq["paper"] == pytest.approx(1 / 3) and eq["scissors"] == pytest.approx(1 / 3)


def test_a_real_tournament_is_seat_balanced_and_reproducible() -> None:
    bots = {"aggressive": rb.bots.Aggressive, "random": rb.bots.Random, "patient": rb.bots.Aggressive}
    kwargs = dict(players=2, games=12, seed=5, workers=1, max_turns=40, progress=False, seating="round_robin")
    result = rb.tournament(bots, **kwargs)
    intervals = result.payoff_intervals()
    assert (intervals["games_first"] == intervals["games_second"]).all()
    assert (intervals["games"] == 4).all()
    seen = result.games.groupby(["seat_1", "seat_2"]).size()
    assert len(seen) == 6 and (seen == 2).all()
    payoffs = result.payoffs()
    assert np.allclose(payoffs.to_numpy() + payoffs.to_numpy().T, 1.0)
    assert (np.diag(payoffs.to_numpy()) == 0.5).all()
    assert ((intervals["ci_low"] <= intervals["payoff"]) & (intervals["payoff"] <= intervals["ci_high"])).all()
    again = rb.tournament(bots, **kwargs)
    pd.testing.assert_frame_equal(again.payoffs(), payoffs)
    game = rb.metagame(result)
    assert game.bots == list(bots)
    assert all(sum(eq.values()) == pytest.approx(1.0) for eq in game.equilibria)


def test_payoffs_need_both_seat_orders() -> None:
    games = [_game(0, ("a", "b"), ("a",)), _game(1, ("a", "b"), ("b",))]
    with pytest.raises(ValueError, match=r"both seat orders.*round_robin"):
        _result(games, ["a", "b"], 2).payoffs()


def test_seat_balanced_payoffs_cancel_the_first_players_advantage() -> None:
    # "a" wins 3 of 4 games in the first seat and 1 of 2 in the second: seat-balanced 0.625, not 4/6
    games = [_game(i, ("a", "b"), ("a",) if i < 3 else ("b",)) for i in range(4)]
    games += [_game(4, ("b", "a"), ("a",)), _game(5, ("b", "a"), ())]  # a win and a draw
    result = _result(games, ["a", "b"], 2)
    assert result.payoffs().loc["a", "b"] == pytest.approx((3 / 4 + 3 / 4) / 2)
    row = result.payoff_intervals().loc[("a", "b")]
    assert (row["games"], row["games_first"], row["games_second"]) == (6, 4, 2)


def test_a_forfeit_is_lost_in_head_to_head_payoffs() -> None:
    forfeit = Outcome(
        index=2, seed=2, seats=("b", "a"), outcome="forfeit", winners=(), turns=1, actions=1, forfeit_bot="b"
    )
    games = [_game(0, ("a", "b"), ()), _game(1, ("b", "a"), ()), forfeit]
    assert _result(games, ["a", "b"], 2).payoffs().loc["a", "b"] == pytest.approx((0.5 + 0.75) / 2)


THREE = ["a", "b", "c", "d"]


def three_player_result() -> TournamentResult:
    """Every table of three of four bots, in every seat order; the first of a, b, c, d at a table
    wins it (a beats everyone, b everyone but a, ...)."""
    games = []
    rank = {n: i for i, n in enumerate(THREE)}
    for table in itertools.combinations(THREE, 3):
        for seats in itertools.permutations(table):
            games.append(_game(len(games), seats, (min(table, key=rank.__getitem__),)))
    return _result(games, THREE, 3)


def test_a_three_player_tournament_has_no_head_to_head_payoffs() -> None:
    with pytest.raises(ValueError, match=r"rb\.metagame\(result\)"):
        three_player_result().payoffs()


def test_the_multi_player_meta_game_weighs_tables_by_the_population() -> None:
    result = three_player_result()
    tables = result.table_payoffs()
    assert list(tables.index) == ["a, b, c", "a, b, d", "a, c, d", "b, c, d"]
    assert (tables["games"] == 6).all()
    assert tables.loc["b, c, d", ["b", "c", "d"]].tolist() == [1.0, 0.0, 0.0]
    game = rb.metagame(result)
    assert game.players == 3
    # b's payoff against a mix: it wins only the table without a, whose weight is x_c x_d over
    # the sum of the products of every pair of the others (a, c, d)
    x = {"a": 0.1, "b": 0.2, "c": 0.3, "d": 0.4}
    expected_b = (0.3 * 0.4) / (0.1 * 0.3 + 0.1 * 0.4 + 0.3 * 0.4)
    assert game.payoff(x)["b"] == pytest.approx(expected_b)
    assert game.payoff(x)["a"] == pytest.approx(1.0)
    assert game.best_response(x) == ["a"]
    assert game.equilibria == [{"a": 1.0, "b": 0.0, "c": 0.0, "d": 0.0}]
    path = game.replicator(steps=50, duration=50.0)
    assert np.allclose(path.sum(axis=1), 1.0) and path["a"].iloc[-1] > 0.99


def test_the_multi_player_meta_game_needs_every_table() -> None:
    games = [_game(0, ("a", "b", "c"), ("a",)), _game(1, ("b", "c", "d"), ("b",))]
    with pytest.raises(ValueError, match="no game seated a, b, d together"):
        rb.metagame(_result(games, THREE, 3))


@pytest.mark.parametrize(
    ("start", "message"),
    [
        ({"rock": 0.5}, "add up to 1"),
        ({"lizard": 1.0}, "lizard"),
        ({"rock": -0.5, "paper": 1.5}, "from 0 to 1"),
        ([0.5, 0.5, 0.0], "mapping of bots to shares"),
        ({"rock": True}, "from 0 to 1"),
    ],
)
def test_a_bad_start_is_refused_with_a_sentence(start: object, message: str) -> None:
    game = rb.metagame(RPS)
    with pytest.raises((ValueError, TypeError), match=message):
        game.replicator(start)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("payoffs", "message"),
    [
        (pd.DataFrame([[0.5, 0.2]], index=["a"], columns=["a", "b"]), "square"),
        (pd.DataFrame([[0.5, 0.2], [0.8, 0.5]], index=["a", "b"], columns=["a", "c"]), "same bots"),
        (pd.DataFrame([[0.5, float("nan")], [0.8, 0.5]], index=["a", "b"], columns=["a", "b"]), "NaN"),
        (42, "tournament result"),
    ],
)
def test_a_bad_payoff_matrix_is_refused_with_a_sentence(payoffs: object, message: str) -> None:
    with pytest.raises((ValueError, TypeError), match=message):
        rb.metagame(payoffs)


def test_replicator_steps_and_duration_are_checked() -> None:
    game = rb.metagame(RPS)
    with pytest.raises(ValueError, match="steps"):
        game.replicator(steps=0)
    with pytest.raises(ValueError, match="duration"):
        game.replicator(duration=-1.0)


def test_without_nashpy_the_equilibria_say_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "nashpy", None)  # import nashpy now raises ImportError
    game = rb.metagame(RPS)
    with pytest.raises(ImportError, match=r"need nashpy: pip install 'riskboard\[gametheory\]'"):
        _ = game.equilibria
    assert game.best_response({"rock": 1.0}) == ["paper"]  # the rest needs no nashpy
    assert "riskboard[gametheory]" in game._repr_html_()


def _lines(svg: str) -> dict[str, dict[str, str]]:
    """Each drawn line's data- attributes, by bot."""
    found = {}
    for element in re.findall(r"<path [^>]*class=\"share\"[^>]*>", svg):
        attributes = dict(re.findall(r'(data-[a-z]+)="([^"]*)"', element))
        found[attributes["data-bot"]] = attributes
    return found


def test_the_picture_and_the_notebook_display() -> None:
    game = rb.metagame(DOMINANT)
    svg = str(game.picture({"strong": 0.1, "middle": 0.6, "weak": 0.3}, steps=20, duration=50.0))
    assert svg.count('class="share"') == 3
    assert _lines(svg)["middle"]["data-start"] == "0.6"
    html = game._repr_html_()
    assert "Meta-game of 3 bots" in html and "strong 100.0%" in html and "<svg" in html


def test_the_picture_marks_a_single_equilibrium() -> None:
    svg = str(rb.metagame(RPS).picture({"rock": 0.5, "paper": 0.3, "scissors": 0.2}, steps=20))
    marks = re.findall(r'<line [^>]*class="equilibrium"[^>]*>', svg)
    assert len(marks) == 3 and all('data-equilibrium="0.333' in m for m in marks)
    assert "dotted: its share in the equilibrium" in svg


def test_replicator_chart_draws_any_table_like_it() -> None:
    frame = pd.DataFrame({"a": [0.5, 0.25, 0.0], "b": [0.5, 0.75, 1.0]}, index=[0.0, 1.0, 2.0])
    svg = str(rb.teaching.replicator_chart(frame))
    assert _lines(svg)["a"] == {"data-bot": "a", "data-start": "0.5", "data-end": "0.0"}
    assert _lines(svg)["b"]["data-end"] == "1.0"
    with pytest.raises(ValueError, match="from 0 to 1"):
        rb.teaching.replicator_chart(frame * 2)
    with pytest.raises(TypeError, match="a row per moment"):
        rb.teaching.replicator_chart([0.5, 0.5])


def test_seating_rules() -> None:
    names = ["a", "b", "c"]
    one_round = [seating(names, 2, 1, i, "round_robin") for i in range(6)]
    assert sorted(one_round) == sorted(itertools.permutations(names, 2))
    assert seating(names, 2, 1, 6, "round_robin") == one_round[0]
    assert {seating(names, 3, 1, i, "fixed") for i in range(10)} == {("a", "b", "c")}
    with pytest.raises(rb.ConfigError, match="seating must be one of") as info:
        rb.tournament({"a": rb.bots.Random, "b": rb.bots.Random}, games=1, workers=1, seating="shuffle", progress=False)
    assert info.value.code == "config/seating"


def test_a_fixed_seating_tournament_keeps_the_seats() -> None:
    bots = {"first": rb.bots.Aggressive, "second": rb.bots.Random, "third": rb.bots.Random}
    result = rb.tournament(bots, games=3, workers=1, max_turns=5, progress=False, seating="fixed")
    assert set(zip(result.games["seat_1"], result.games["seat_2"], result.games["seat_3"])) == {
        ("first", "second", "third")
    }
    assert result.seating == "fixed"


def test_worker_processes_play_the_same_seat_balanced_games() -> None:
    bots = {"aggressive": rb.bots.Aggressive, "random": rb.bots.Random}
    kwargs = dict(players=2, games=6, seed=9, max_turns=40, progress=False, seating="round_robin")
    here = rb.tournament(bots, workers=1, **kwargs)
    pooled = rb.tournament(bots, workers=2, **kwargs)
    pd.testing.assert_frame_equal(here.payoffs(), pooled.payoffs())
    assert list(pooled.games["seat_1"]) == ["aggressive", "random"] * 3


def test_a_real_three_player_tournament_has_a_meta_game_over_its_tables() -> None:
    bots = {"a1": rb.bots.Aggressive, "a2": rb.bots.Aggressive, "r1": rb.bots.Random, "r2": rb.bots.Random}
    result = rb.tournament(
        bots, players=3, games=24, seed=4, workers=1, max_turns=30, progress=False, seating="round_robin"
    )
    tables = result.table_payoffs()
    assert len(tables) == 4 and (tables["games"] == 6).all()
    assert np.allclose(tables[list(bots)].sum(axis=1), 1.0)  # each table's shares add up to 1
    game = rb.metagame(result)
    assert game.players == 3 and game.bots == list(bots)
    assert all(abs(sum(eq.values()) - 1) < 1e-9 for eq in game.equilibria)
    path = game.replicator(steps=10, duration=10.0)
    assert np.allclose(path.sum(axis=1), 1.0)
    from_table = rb.metagame(tables)  # the table alone makes the same meta-game
    assert from_table.players == 3
    assert from_table.payoff({"a1": 0.4, "r1": 0.6}) == pytest.approx(game.payoff({"a1": 0.4, "r1": 0.6}))


def test_many_bots_are_solved_by_linear_programming() -> None:
    copies = [f"rock_{i}" for i in range(1, 8)]  # nine bots: past what support enumeration is given
    names = [*copies, "paper", "scissors"]
    matrix = pd.DataFrame(
        {b: {a: RPS[a if a in RPS else "rock"][b if b in RPS else "rock"] for a in names} for b in names}
    )
    (eq,) = rb.metagame(matrix).equilibria
    assert sum(eq[c] for c in copies) == pytest.approx(1 / 3, abs=1e-6)
    assert eq["paper"] == pytest.approx(1 / 3, abs=1e-6)
    unequal = matrix.copy()
    unequal.loc["paper", "rock_1"] = 0.9  # paper vs rock_1 and rock_1 vs paper no longer add up to 1
    with pytest.raises(ValueError, match="constant-sum"):
        _ = rb.metagame(unequal).equilibria
