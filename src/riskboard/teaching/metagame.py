"""``metagame``: the game whose players choose which bot to send, and what equilibrium says of it.

**Two players per table.** The payoffs are the head-to-head matrix ``P`` (``result.payoffs()``:
the row bot's seat-balanced win rate against the column bot). Both players of the meta-game pick
a bot; the row player gets ``P``, the column player ``P``'s transpose: a symmetric game, zero-sum
up to a constant when ``P + Pᵀ = 1`` (as tournament payoffs are). ``equilibria`` are its
*symmetric* Nash equilibria (both players mixing alike; the mixes the population can rest at),
computed with nashpy by **support enumeration**: it solves the indifference equations on every
pair of supports of equal size, and a symmetric equilibrium has equal supports, so none is missed
in a nondegenerate game; it is exact linear algebra, not an iteration, and for the handful of bots
of a class it takes milliseconds. A game with copies of a bot is degenerate (a continuum of
equilibria): support enumeration then gives one equilibrium per copy, and the copies' total weight
is the same in each, the point of the cloning lesson. Past ``MOST_ENUMERATED`` bots (the work
doubles with each bot) one equilibrium is computed instead, by nashpy's linear program for
zero-sum games, which needs ``P + Pᵀ`` constant.

**Three or more players per table** (empirical game-theoretic analysis). The payoffs are
``result.table_payoffs()``: for each set of bots that shared a table, each one's mean win share.
A bot's payoff against a population mix ``x`` is its share at a table whose other seats are drawn
from the population, a set ``S`` of other bots having the weight ``∏ x_j`` (j in S), normalised:
tournament tables seat distinct bots (a player is named after its bot), so tables with two copies
of one bot are neither played nor drawn. Every set of bots must have been seen at a table
(``seating="round_robin"`` seats each in turn). ``equilibria`` are then the rest points the
replicator dynamics reach from the uniform mix and from a start favouring each bot, kept if no bot
does better against them than the mix by more than ``NASH_TOLERANCE``: found, not enumerated.

The **replicator dynamics**: each bot's share grows at the rate its payoff against the population
beats the population's mean payoff (``dx_i/dt = x_i (f_i(x) − x·f(x))``), integrated here with
fourth-order Runge–Kutta (the same curves as nashpy's ``replicator_dynamics`` for two players,
with no SciPy needed).
"""

from __future__ import annotations

import html
import itertools
import math
import numbers
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from riskboard.i18n import N_, _, format_percent
from riskboard.teaching.chart import Chart
from riskboard.teaching.replicator import replicator_chart

MOST_ENUMERATED = 8
"""Support enumeration up to this many bots (about 3 s for 8 on a laptop, 80 s for 10)."""
SYMMETRIC = 1e-9
"""Two mixes closer than this, bot by bot, are the same mix (a symmetric equilibrium)."""
NASH_TOLERANCE = 1e-3
"""How much better than the mix a bot may do against a rest point of the multi-player dynamics
for it still to count as an equilibrium (the dynamics approach rest points, never reach them)."""
REST_STEP, REST_STEPS = 0.2, 1000
"""The search for rest points: steps of 0.2 time units, 200 units at most."""
STEP = 0.05
"""The longest Runge–Kutta step (payoffs are shares, so rates are at most 1 per unit of time)."""

NEEDS_NASHPY = N_("the meta-game's equilibria need nashpy: pip install 'riskboard[gametheory]'")


def _nashpy() -> Any:
    try:
        import nashpy
    except ImportError as exc:
        raise ImportError(_(NEEDS_NASHPY)) from exc
    return nashpy


class Metagame:
    """The meta-game of a tournament (module docstring): ``bots``, ``players`` (seats per table),
    ``payoffs`` (2 players: the square matrix) or ``tables`` (3 or more: the empirical game),
    ``equilibria``, ``replicator()``, ``best_response()``, ``payoff()`` and ``picture()``.
    Make one with ``rb.metagame``."""

    def __init__(self, bots: Sequence[str], players: int, fitness: Callable[[np.ndarray], np.ndarray]) -> None:
        self.bots = list(bots)
        self.players = players
        self._fitness = fitness
        self._equilibria: list[dict[str, float]] | None = None
        self.payoffs: Any = None
        self.tables: Any = None

    # --- the population game -------------------------------------------------------------
    def _mix(self, mix: Mapping[str, float] | None, what: str = "mix") -> np.ndarray:
        """A mapping bot → share as a vector in ``bots`` order (``None``: the uniform mix)."""
        n = len(self.bots)
        if mix is None:
            return np.full(n, 1 / n)
        if not isinstance(mix, Mapping):
            raise TypeError(
                _("{what} must be a mapping of bots to shares, e.g. {example}, got {got}").format(
                    what=what,
                    example="{" + ", ".join(f"{b!r}: {1 / n:.2f}" for b in self.bots[:3]) + "}",
                    got=repr(mix),
                )
            )
        unknown = [b for b in mix if b not in self.bots]
        if unknown:
            raise ValueError(
                _("{what} names {names}, which the meta-game does not have (its bots: {bots})").format(
                    what=what, names=", ".join(map(repr, unknown)), bots=", ".join(self.bots)
                )
            )
        for bot, share in mix.items():
            if isinstance(share, bool) or not isinstance(share, numbers.Real) or not 0 <= share <= 1:
                raise ValueError(
                    _("{what}: the share of {bot} must be a number from 0 to 1, got {share}").format(
                        what=what, bot=bot, share=repr(share)
                    )
                )
        x = np.array([float(mix.get(b, 0.0)) for b in self.bots])
        if abs(x.sum() - 1) > 1e-6:
            raise ValueError(
                _("{what}: the shares must add up to 1, and these add up to {total}").format(
                    what=what, total=f"{x.sum():.6g}"
                )
            )
        return x / x.sum()

    def payoff(self, mix: Mapping[str, float] | None = None) -> dict[str, float]:
        """Each bot's expected payoff (win share) against a population playing ``mix``."""
        return dict(zip(self.bots, map(float, self._fitness(self._mix(mix)))))

    def best_response(self, mix: Mapping[str, float] | None = None) -> list[str]:
        """Every bot that does best against a population playing ``mix`` (``None``: uniform), in
        ``bots`` order: the pure best responses (ties within 1e-9 all listed)."""
        f = self._fitness(self._mix(mix))
        best = float(f.max())
        return [b for b, v in zip(self.bots, f) if v >= best - 1e-9 * max(1.0, abs(best))]

    def replicator(self, start: Mapping[str, float] | None = None, steps: int = 200, duration: float = 100.0) -> Any:
        """The replicator dynamics from ``start`` (a mix, bot → share adding up to 1; ``None``:
        the uniform mix): a DataFrame with a row per moment (``steps`` steps after the start, up
        to time ``duration``; the index is the time) and a column per bot, each row adding up to 1.
        A bot with share 0 stays at 0: the dynamics select among the bots present, they invent none."""
        import pandas as pd

        if isinstance(steps, bool) or not isinstance(steps, numbers.Integral) or steps < 1:
            raise ValueError(_("steps must be a whole number ≥ 1, got {steps}").format(steps=repr(steps)))
        if isinstance(duration, bool) or not isinstance(duration, numbers.Real) or not 0 < duration < math.inf:
            raise ValueError(
                _("duration must be a positive number (of time units), got {duration}").format(duration=repr(duration))
            )
        x = self._mix(start, "start")
        dt = float(duration) / int(steps)
        sub = max(1, math.ceil(dt / STEP))
        h = dt / sub
        rows = [x.copy()]
        for _step in range(int(steps)):
            for _s in range(sub):
                x = self._rk4(x, h)
            rows.append(x.copy())
        frame = pd.DataFrame(
            rows, columns=self.bots, index=pd.Index([i * dt for i in range(int(steps) + 1)], name="time")
        )
        frame.columns.name = "bot"
        return frame

    def _velocity(self, x: np.ndarray) -> np.ndarray:
        f = self._fitness(x)
        return x * (f - float(x @ f))

    def _rk4(self, x: np.ndarray, h: float) -> np.ndarray:
        k1 = self._velocity(x)
        k2 = self._velocity(x + h / 2 * k1)
        k3 = self._velocity(x + h / 2 * k2)
        k4 = self._velocity(x + h * k3)
        x = np.clip(x + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4), 0.0, None)
        return x / x.sum()  # the simplex, exactly: rounding must not create or lose population

    # --- equilibria ------------------------------------------------------------------------
    @property
    def equilibria(self) -> list[dict[str, float]]:
        """The symmetric equilibria, each a dict bot → probability (every bot, 0 for those left
        out): how the module docstring finds them, for two players and for more."""
        if self._equilibria is None:
            found = self._enumerate() if self.players == 2 else self._rest_points()
            self._equilibria = [dict(zip(self.bots, (0.0 if abs(p) < 1e-12 else float(p) for p in x))) for x in found]
        return [dict(e) for e in self._equilibria]

    def _enumerate(self) -> list[np.ndarray]:
        nash = _nashpy()
        a = np.asarray(self.payoffs.to_numpy(dtype=float))
        total = a + a.T
        constant_sum = bool(np.allclose(total, total[0, 0], atol=1e-9))
        if len(self.bots) > MOST_ENUMERATED:
            if not constant_sum:
                raise ValueError(
                    _(
                        "with more than {most} bots only constant-sum meta-games are solved (payoffs[a][b] + payoffs[b][a] the same for every pair), as tournament payoffs are"
                    ).format(most=MOST_ENUMERATED)
                )
            return [self._maximin(nash, a)]
        found: list[np.ndarray] = []
        with warnings.catch_warnings():  # nashpy warns of degenerate games: copies of a bot make one
            warnings.simplefilter("ignore")
            pairs = list(nash.Game(a, a.T).support_enumeration())
        for row, col in pairs:
            if np.max(np.abs(row - col)) <= SYMMETRIC:
                x = self._clean(row)
                if not any(np.max(np.abs(x - y)) <= 1e-7 for y in found):
                    found.append(x)
        if not found and constant_sum:  # a degenerate game can hide its equilibria from the enumeration
            found.append(self._maximin(nash, a))
        return found

    def _maximin(self, nash: Any, a: np.ndarray) -> np.ndarray:
        """A maximin mix of the zero-sum form (nashpy's linear program): in a symmetric
        constant-sum game, a symmetric equilibrium."""
        row, _col = nash.Game((a - a.T) / 2).linear_program()
        return self._clean(row)

    @staticmethod
    def _clean(x: np.ndarray) -> np.ndarray:
        x = np.clip(np.asarray(x, dtype=float), 0.0, None)
        return x / x.sum()

    def _rest_points(self) -> list[np.ndarray]:
        n = len(self.bots)
        starts = [np.full(n, 1 / n)]
        for i in range(n):
            lean = np.full(n, 0.2 / max(n - 1, 1))
            lean[i] = 0.8 if n > 1 else 1.0
            starts.append(lean)
        found: list[np.ndarray] = []
        for start in starts:
            x = start
            for _s in range(REST_STEPS):
                moved = x
                x = self._rk4(x, REST_STEP)
                if np.max(np.abs(x - moved)) < 1e-12:
                    break
            x = np.where(x < 1e-4, 0.0, x)
            x = x / x.sum()
            f = self._fitness(x)
            if float(f.max() - x @ f) <= NASH_TOLERANCE and not any(np.max(np.abs(x - y)) <= 1e-3 for y in found):
                found.append(x)
        return found

    # --- showing it ------------------------------------------------------------------------
    def picture(self, start: Mapping[str, float] | None = None, steps: int = 200, duration: float = 100.0) -> Chart:
        """The replicator dynamics from ``start`` as a picture (``replicator_chart``), with the
        equilibrium's shares marked when a two-player meta-game has exactly one."""
        marks = None
        if self.players == 2:
            try:
                found = self.equilibria
            except ImportError:  # without nashpy the picture goes without the marks
                found = []
            marks = found[0] if len(found) == 1 else None
        return replicator_chart(self.replicator(start, steps, duration), equilibrium=marks)

    def _describe(self, mix: Mapping[str, float]) -> str:
        return ", ".join(f"{b} {format_percent(p)}" for b, p in mix.items() if p > 0)

    def __repr__(self) -> str:
        return f"Metagame(bots={self.bots!r}, players={self.players})"

    def _repr_html_(self) -> str:
        title = _("Meta-game of {n} bots, {players} players per table").format(n=len(self.bots), players=self.players)
        table = self.payoffs if self.players == 2 else self.tables
        body = table.to_html(float_format="{:.3f}".format, border=0, na_rep="")
        try:
            found = self.equilibria
            said = "; ".join(self._describe(e) for e in found) or _("none found")
            equilibria = _("Symmetric equilibria: {list}").format(list=said)
        except ImportError as exc:
            equilibria = str(exc)
        return f"<div><p><b>{html.escape(title)}</b></p>{body}<p>{html.escape(equilibria)}</p>{self.picture()}</div>"


def _two_player(payoffs: Any) -> Metagame:
    import pandas as pd

    frame = pd.DataFrame.from_dict(payoffs, orient="index") if isinstance(payoffs, Mapping) else pd.DataFrame(payoffs)
    if frame.shape[0] != frame.shape[1] or frame.shape[0] < 1:
        raise ValueError(
            _("a payoff matrix must be square, a row and a column per bot; this one is {rows} × {cols}").format(
                rows=frame.shape[0], cols=frame.shape[1]
            )
        )
    rows, cols = [str(b) for b in frame.index], [str(b) for b in frame.columns]
    if len(set(rows)) != len(rows) or set(rows) != set(cols):
        raise ValueError(_("a payoff matrix's rows and columns must name the same bots, once each"))
    frame.index, frame.columns = rows, cols
    frame = frame.loc[rows, rows]
    try:
        a = frame.to_numpy(dtype=float)
    except (TypeError, ValueError):
        raise ValueError(_("a payoff matrix holds numbers (win rates) only")) from None
    if not np.isfinite(a).all():
        raise ValueError(_("a payoff matrix holds finite numbers only (no NaN: every pair must have played)"))
    frame = pd.DataFrame(a, index=pd.Index(rows, name="bot"), columns=pd.Index(rows, name="opponent"))
    game = Metagame(rows, 2, lambda x: a @ x)
    game.payoffs = frame
    return game


def _many_players(tables: Any, players: int) -> Metagame:
    bots = [c for c in tables.columns if c != "games"]
    if players > len(bots):
        raise ValueError(_("{players} seats per table need at least {players} bots").format(players=players))
    seen: dict[frozenset[str], dict[str, float]] = {}
    for _key, row in tables.iterrows():
        at: dict[str, float] = {
            b: float(row[b]) for b in bots if not (isinstance(row[b], float) and math.isnan(row[b]))
        }
        if len(at) != players:
            raise ValueError(_("each table of the payoff table must seat {players} bots").format(players=players))
        seen[frozenset(at)] = at
    index = {b: i for i, b in enumerate(bots)}
    plan: list[list[tuple[list[int], float]]] = []
    for bot in bots:
        mine = []
        for others in itertools.combinations([b for b in bots if b != bot], players - 1):
            table = seen.get(frozenset((bot, *others)))
            if table is None:
                raise ValueError(
                    _(
                        "no game seated {table} together, so the meta-game cannot say what {bot} wins there: "
                        "play every table, e.g. rb.tournament(..., players={players}, seating='round_robin')"
                    ).format(table=", ".join(sorted((bot, *others))), bot=bot, players=players)
                )
            mine.append(([index[o] for o in others], table[bot]))
        plan.append(mine)

    seats = [np.array([o for o, _share in mine], dtype=int).reshape(len(mine), players - 1) for mine in plan]
    shares = [np.array([share for _o, share in mine]) for mine in plan]

    def fitness(x: np.ndarray) -> np.ndarray:
        weight = np.maximum(x, 1e-12)  # a bot died out still meets the rest (rest points are limits)
        out = np.empty(len(bots))
        for i in range(len(bots)):
            w = np.prod(weight[seats[i]], axis=1)
            out[i] = float(w @ shares[i] / w.sum())
        return out

    game = Metagame(bots, players, fitness)
    game.tables = tables
    return game


def metagame(result_or_payoffs: Any) -> Metagame:
    """The meta-game of a tournament (``rb.tournament(...)``: 2 players per table uses
    ``result.payoffs()``, 3 or more ``result.table_payoffs()``) or of a square payoff matrix (a
    DataFrame or a mapping ``{bot: {opponent: payoff}}``). The module docstring says what is
    computed, and how.

    >>> import riskboard as rb
    >>> rps = {"rock": {"rock": 0.5, "paper": 0, "scissors": 1},
    ...        "paper": {"rock": 1, "paper": 0.5, "scissors": 0},
    ...        "scissors": {"rock": 0, "paper": 1, "scissors": 0.5}}
    >>> game = rb.metagame(rps)
    >>> [round(p, 3) for p in game.equilibria[0].values()]
    [0.333, 0.333, 0.333]
    >>> game.best_response({"rock": 1.0})
    ['paper']
    """
    source = result_or_payoffs
    if hasattr(source, "table_payoffs") and hasattr(source, "players"):
        if source.players == 2:
            return _two_player(source.payoffs())
        return _many_players(source.table_payoffs(), int(source.players))
    if hasattr(source, "columns") and "games" in getattr(source, "columns", ()):
        names = [str(t) for t in source.index]
        return _many_players(source, len(names[0].split(", ")) if names else 0)
    if hasattr(source, "columns") or isinstance(source, Mapping):
        return _two_player(source)
    raise TypeError(
        _(
            "metagame needs a tournament result (rb.tournament(...)), its payoffs() or a square payoff matrix {{bot: {{opponent: win rate}}}}, got {kind}"
        ).format(kind=type(source).__name__)
    )
