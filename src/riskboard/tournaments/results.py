"""``TournamentResult``: the standings table, the per-game table, forfeits and records."""

from __future__ import annotations

import html
import os
from collections.abc import Sequence
from typing import Any

import pandas as pd

from riskboard.analysis.stats import wilson
from riskboard.i18n import _, ngettext
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
    before all of them were played (``TournamentInterrupted.result``).
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
    ) -> None:
        ordered = sorted(outcomes, key=lambda o: o.index)
        self.planned = len(ordered) if planned is None else planned
        self.interrupted = len(ordered) < self.planned
        self.seed = seed
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
