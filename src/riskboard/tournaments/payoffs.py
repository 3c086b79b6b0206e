"""A tournament's games as the payoffs of a meta-game, whose players choose a bot.

Each game gives every seated bot a **win share**, so that a table's shares add up to 1 (the
meta-game is constant-sum): the winner gets 1; several winners (a ceasefire) share it; a game
nobody won (``max_turns`` reached) gives each seat ``1/k``; a bot that forfeits gets 0 and the
others share its game (in a head-to-head game: the opponent wins it). A forfeit with no bot to
blame counts as a game nobody won.

- ``head_to_head`` (2-player games): the row bot's mean share against the column bot, **seat
  balanced**: the mean of its rate when it sat first and its rate when it sat second, so that
  the first player's advantage cancels whatever the mixture of seat orders. Both orders must have
  been played for every pair (``rb.tournament(..., seating="round_robin")`` plays them in turn).
- ``tables`` (3 or more seats): for each set of bots that shared a table, each one's mean share:
  the empirical game of empirical game-theoretic analysis (OpenSpiel's ``from_match_results``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pandas as pd

from riskboard.analysis.stats import wilson
from riskboard.i18n import _


def shares(row: pd.Series, players: int) -> dict[str, float]:
    """Each seated bot's win share in one game (a row of ``TournamentResult.games``)."""
    seats = [row[f"seat_{i + 1}"] for i in range(players)]
    outcome = row["outcome"]
    if outcome in ("win", "shared"):
        winners = [w for w in str(row["winners"]).split(", ") if w]
        return {s: (1 / len(winners) if s in winners else 0.0) for s in seats}
    culprit = row["forfeit_bot"] if outcome == "forfeit" else None
    if isinstance(culprit, str) and culprit in seats:
        return {s: 0.0 if s == culprit else 1 / (players - 1) for s in seats}
    return dict.fromkeys(seats, 1 / players)


def head_to_head(games: pd.DataFrame, names: Sequence[str]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The seat-balanced payoff matrix of 2-player games and, per ordered pair, its games and its
    Wilson 95 % interval (module docstring); ``ValueError`` for a pair not met in both orders."""
    total: dict[tuple[str, str], float] = {}
    count: dict[tuple[str, str], int] = {}
    for _i, row in games.iterrows():
        first, second = row["seat_1"], row["seat_2"]
        score = shares(row, 2)[first]
        total[first, second] = total.get((first, second), 0.0) + score
        count[first, second] = count.get((first, second), 0) + 1
    matrix = pd.DataFrame(0.5, index=list(names), columns=list(names), dtype=float)
    rows = []
    for a, b in itertools.permutations(names, 2):
        as_first, as_second = count.get((a, b), 0), count.get((b, a), 0)
        if not as_first or not as_second:
            raise ValueError(
                _(
                    "{a} and {b} did not meet in both seat orders, so their payoffs cannot be seat-balanced: "
                    "play rb.tournament(..., seating='round_robin', games=<a multiple of {round}>)"
                ).format(a=a, b=b, round=len(names) * (len(names) - 1))
            )
        first_rate = total[a, b] / as_first
        second_rate = 1 - total[b, a] / as_second  # a's share of the games where b sat first
        matrix.loc[a, b] = (first_rate + second_rate) / 2
        games_played = as_first + as_second
        score = total[a, b] + as_second - total[b, a]
        low, high = wilson(score, games_played)
        rows.append(
            {
                "bot": a,
                "opponent": b,
                "games": games_played,
                "games_first": as_first,
                "games_second": as_second,
                "payoff": matrix.loc[a, b],
                "ci_low": low,
                "ci_high": high,
            }
        )
    matrix.index.name = "bot"
    matrix.columns.name = "opponent"
    intervals = pd.DataFrame(rows).set_index(["bot", "opponent"])
    return matrix, intervals


def tables(games: pd.DataFrame, names: Sequence[str], players: int) -> pd.DataFrame:
    """One row per set of bots that shared a table (index: their names sorted and joined by
    ``", "``): ``games`` and a column per bot, its mean win share at that table (NaN for a bot not
    at it). Sets of bots, not seat orders: seat order averages out under a balanced seating."""
    total: dict[tuple[str, ...], dict[str, float]] = {}
    count: dict[tuple[str, ...], int] = {}
    for _i, game in games.iterrows():
        got = shares(game, players)
        key = tuple(sorted(got))
        sums = total.setdefault(key, dict.fromkeys(key, 0.0))
        for bot, share in got.items():
            sums[bot] += share
        count[key] = count.get(key, 0) + 1
    rows: list[dict[str, object]] = []
    for key in sorted(total):
        row: dict[str, object] = {"table": ", ".join(key), "games": count[key]}
        row.update({n: total[key][n] / count[key] if n in key else float("nan") for n in names})
        rows.append(row)
    return pd.DataFrame(rows, columns=["table", "games", *names]).set_index("table")
