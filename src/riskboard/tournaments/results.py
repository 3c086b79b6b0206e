"""``TournamentResult``: the standings table, the per-game table, forfeits and records."""

from __future__ import annotations

import html
import os
from collections.abc import Sequence
from typing import Any

import pandas as pd

from riskboard.analysis.stats import wilson
from riskboard.i18n import _, ngettext
from riskboard.tournaments import payoffs as _payoffs
from riskboard.tournaments.games import Outcome
from riskboard.tournaments.ratings import bradley_terry, pairwise

TABLE_COLUMNS = (
    "games",
    "wins",
    "draws",
    "losses",
    "forfeits",
    "win_rate",
    "ci_low",
    "ci_high",
    "elo",
    "mean_turns",
)

_RANK = {"win": 2, "draw": 1, "loss": 0, "forfeit": 0}
"""A seat's result as a rank for the pairwise ratings (``ratings`` module docstring)."""


def seat_results(outcome: Outcome) -> dict[str, str]:
    """Each seated bot's result in one game: ``win``, ``draw``, ``loss`` or ``forfeit``
    (a shared win is a draw for the sharers; see ``games`` for the rules)."""
    if outcome.outcome == "forfeit":
        return {s: "forfeit" if s == outcome.forfeit_bot else "draw" for s in outcome.seats}
    if outcome.outcome == "win":
        return {s: "win" if s in outcome.winners else "loss" for s in outcome.seats}
    if outcome.outcome == "shared":
        return {s: "draw" if s in outcome.winners else "loss" for s in outcome.seats}
    return dict.fromkeys(outcome.seats, "draw")


def _ranks(outcome: Outcome) -> dict[str, int]:
    results = seat_results(outcome)
    if outcome.outcome == "shared":  # sharers beat the rest and draw among themselves
        return {s: 2 if r == "draw" else 0 for s, r in results.items()}
    return {s: _RANK[r] for s, r in results.items()}


def standings(names: Sequence[str], outcomes: Sequence[Outcome]) -> pd.DataFrame:
    """One row per bot (columns ``TABLE_COLUMNS``), best win rate first, then best rating."""
    counts = {n: dict.fromkeys(("games", "win", "draw", "loss", "forfeit", "turns"), 0) for n in names}
    pairs = []
    for o in outcomes:
        for name, result in seat_results(o).items():
            row = counts[name]
            row["games"] += 1
            row[result] += 1
            row["turns"] += o.turns
        pairs.extend(pairwise(_ranks(o)))
    elo = bradley_terry(list(names), pairs)
    rows = []
    for n in names:
        c = counts[n]
        low, high = wilson(c["win"], c["games"])
        rows.append(
            {
                "bot": n,
                "games": c["games"],
                "wins": c["win"],
                "draws": c["draw"],
                "losses": c["loss"],
                "forfeits": c["forfeit"],
                "win_rate": c["win"] / c["games"] if c["games"] else float("nan"),
                "ci_low": low,
                "ci_high": high,
                "elo": elo[n],
                "mean_turns": c["turns"] / c["games"] if c["games"] else float("nan"),
            }
        )
    table = pd.DataFrame(rows).set_index("bot")
    return table.sort_values(["win_rate", "elo"], ascending=False, kind="stable", na_position="last")


def games_frame(outcomes: Sequence[Outcome], players: int) -> pd.DataFrame:
    """One row per game, in game order: ``game``, ``seed``, ``seat_1..seat_k`` (bots in seat
    order), ``outcome``, ``winners`` (names joined by ``", "``; empty when nobody won), ``turns``,
    ``actions``, ``forfeit_bot``, ``forfeit_error`` and ``seconds`` (wall time of the game: the
    only column that varies between runs)."""
    rows = []
    for o in sorted(outcomes, key=lambda o: o.index):
        row: dict[str, Any] = {"game": o.index, "seed": o.seed}
        row.update({f"seat_{i + 1}": name for i, name in enumerate(o.seats)})
        row.update(
            outcome=o.outcome,
            winners=", ".join(o.winners),
            turns=o.turns,
            actions=o.actions,
            forfeit_bot=o.forfeit_bot,
            forfeit_error=o.forfeit_error,
            seconds=o.seconds,
        )
        rows.append(row)
    columns = ["game", "seed", *(f"seat_{i + 1}" for i in range(players))]
    columns += ["outcome", "winners", "turns", "actions", "forfeit_bot", "forfeit_error", "seconds"]
    return pd.DataFrame(rows, columns=columns)


class TournamentResult:
    """What ``rb.tournament`` returns.

    ``table``: the standings (one row per bot, best first; columns ``TABLE_COLUMNS``);
    ``games``: one row per game (``games_frame``); ``forfeits``: the forfeited games' ``game``,
    ``bot`` and ``error``; ``records``: each game's record (``rb.replay`` reads them) when asked
    for with ``records=True``, else ``None``; ``seed``, ``ruleset``, ``variant``, ``players`` (per
    game), ``max_turns`` and ``elapsed`` (wall seconds) say how it was run; ``planned`` is the
    number of games asked for, and ``interrupted`` is true when Ctrl-C stopped the tournament
    before all of them were played (``TournamentInterrupted.result``); ``seating`` is the seating
    rule (``riskboard.tournaments.seating``).

    The meta-game: ``payoffs()`` (2-player games: who beats whom, seat-balanced),
    ``payoff_intervals()`` (its games and 95 % intervals per pair) and ``table_payoffs()`` (3 or
    more players per game: each bot's win share at each table); ``rb.metagame(result)`` reads them.
    """

    def __init__(
        self,
        *,
        names: Sequence[str],
        outcomes: Sequence[Outcome],
        seed: int,
        ruleset: str,
        variant: str | None,
        players: int,
        max_turns: int,
        elapsed: float,
        records: bool,
        planned: int | None = None,
        seating: str = "rotate",
    ) -> None:
        ordered = sorted(outcomes, key=lambda o: o.index)
        self.planned = len(ordered) if planned is None else planned
        self.interrupted = len(ordered) < self.planned
        self.seed = seed
        self.seating = seating
        self._names = tuple(names)
        self.ruleset = ruleset
        self.variant = variant
        self.players = players
        self.max_turns = max_turns
        self.elapsed = elapsed
        self.table = standings(names, ordered)
        self.games = games_frame(ordered, players)
        lost = self.games[self.games["outcome"] == "forfeit"]
        self.forfeits = pd.DataFrame(
            {"game": lost["game"], "bot": lost["forfeit_bot"], "error": lost["forfeit_error"]}
        ).reset_index(drop=True)
        self.records: list[dict[str, Any]] | None = [o.record for o in ordered] if records else None  # type: ignore[misc]

    def payoffs(self) -> pd.DataFrame:
        """The head-to-head payoff matrix: rows and columns the bots, each entry the row bot's win
        rate against the column bot (a draw counts half, a forfeit is lost), the mean of its rate in
        the first and in the second seat, so that the first player's advantage cancels; 0.5 on the
        diagonal, and ``p[a][b] + p[b][a] == 1``. ``riskboard.tournaments.payoffs`` says how each
        game counts. Needs 2-player games in which every pair met in both seat orders
        (``seating="round_robin"``).

        >>> import riskboard as rb
        >>> r = rb.tournament({"a": rb.bots.Aggressive, "b": rb.bots.Random}, games=2, workers=1,
        ...                   max_turns=30, progress=False)
        >>> float(r.payoffs().loc["a", "b"] + r.payoffs().loc["b", "a"])
        1.0
        """
        return _payoffs.head_to_head(self._head_to_head_games(), self._names)[0]

    def payoff_intervals(self) -> pd.DataFrame:
        """One row per ordered pair ``(bot, opponent)``: ``games`` (``games_first`` with the bot in
        the first seat, ``games_second`` in the second), ``payoff`` (as ``payoffs()``) and the Wilson
        95 % interval ``ci_low``..``ci_high`` of the bot's share of those games."""
        return _payoffs.head_to_head(self._head_to_head_games(), self._names)[1]

    def table_payoffs(self) -> pd.DataFrame:
        """The empirical game of any tournament: one row per set of bots that shared a table
        (index ``"a, b, c"``), with ``games`` and each bot's mean win share at that table (NaN for
        bots not at it); each row's shares add up to 1. ``rb.metagame`` builds the meta-game of
        3- and 4-player tournaments on it."""
        return _payoffs.tables(self.games, self._names, self.players)

    def _head_to_head_games(self) -> pd.DataFrame:
        if self.players != 2:
            raise ValueError(
                _(
                    "payoffs() is the head-to-head table of 2-player games, and these games seated {players} "
                    "players: rb.metagame(result) builds their meta-game over the tables of bots instead "
                    "(its multi-player path, from result.table_payoffs())"
                ).format(players=self.players)
            )
        if not len(self.games):
            raise ValueError(_("the tournament has no finished games, so it has no payoffs"))
        return self.games

    def to_csv(self, path: str | os.PathLike[str], *, games: bool = False) -> None:
        """Write the standings (or, with ``games=True``, the per-game table) as CSV."""
        if games:
            self.games.to_csv(path, index=False)
        else:
            self.table.to_csv(path, index=True)

    def _title(self) -> str:
        n = len(self.games)
        variant = f" ({self.variant})" if self.variant else ""
        title = ngettext(
            "{ruleset}: {n} game of {players} players, seed {seed}, {seconds} s",
            "{ruleset}: {n} games of {players} players, seed {seed}, {seconds} s",
            n,
        ).format(
            ruleset=f"{self.ruleset}{variant}", n=n, players=self.players, seed=self.seed, seconds=f"{self.elapsed:.1f}"
        )
        if len(self.forfeits):
            title += ", " + _("{n} forfeited").format(n=len(self.forfeits))
        if self.interrupted:
            title += ", " + _("interrupted: {n} of {planned} games played").format(n=n, planned=self.planned)
        return title

    def __repr__(self) -> str:
        with pd.option_context("display.float_format", "{:.3f}".format, "display.width", 120):
            return f"TournamentResult({self._title()})\n{self.table.to_string()}"

    def _repr_html_(self) -> str:
        body = self.table.to_html(float_format="{:.3f}".format, border=0)
        name = html.escape(_("Tournament"))
        return f"<div><p><b>{name}</b>: {html.escape(self._title())}</p>{body}</div>"
