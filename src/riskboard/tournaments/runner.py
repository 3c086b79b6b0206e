"""``tournament``: check the arguments, then play every game in-process, in a pool of worker
processes or on a Dask cluster, and gather the outcomes into a ``TournamentResult``.

Every game is a pure function of (tournament seed, game index) (``seating``, ``games``), and the
outcomes are put back in game order, so the result is the same for any ``workers`` and for a
Dask ``client``; only the timing columns differ (and a time-limit forfeit, which depends on the
machine's speed).

What a bad bot costs (``games``, ``pool`` and ``watch`` explain how):

- raising anything, returning garbage or a forged action, making the engine raise: that game, a
  forfeit, wherever it plays. (In this process a bot's own ``KeyboardInterrupt`` cannot be told
  from Ctrl-C: it stops the tournament.)
- running past ``time_limit`` over one decision: that game. The limit interrupts Python code and
  the blocking calls that return on a signal (``sleep``, ``select``, lock waits) in worker
  processes and in this process's main thread on POSIX; in any other thread (Dask's, a caller's
  own thread, Windows) it interrupts Python code only.
- a decision the limit cannot interrupt (blocked in C code, or swallowing the interruption): in
  worker processes, that game: the parent ends the worker, plays the game once more and forfeits
  it if it hangs again. In this process or on a Dask thread the tournament waits for it.
- ending its process (``os._exit``, a crash): in worker processes, that game: played once more
  alone, and forfeited if it kills its worker again; on Dask, Dask retries the task and then the
  game is forfeited with no bot named; in this process it ends the caller.

Ctrl-C stops the tournament at once (in this process, as soon as the bot's code lets Python run):
``TournamentInterrupted`` (a ``KeyboardInterrupt``) is raised with the finished games in its
``result``; worker processes are ended (none outlives the tournament), and on Dask the unfinished
tasks are cancelled (a task already running finishes its chunk on its worker).

Worker processes are forked on Linux and spawned elsewhere (``RISKBOARD_START_METHOD`` chooses):
a spawned worker gets the bots by cloudpickle, by value for those of a notebook or ``__main__``
(``riskboard.tournaments.pool``), so everything above holds on Windows and macOS too.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import os
import secrets
import time
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from riskboard.bots.entrants import check_makes_bots, classify
from riskboard.bots.watch import DEFAULT_TIME_LIMIT, Watch
from riskboard.errors import ConfigError
from riskboard.i18n import _, ngettext
from riskboard.registry import get_ruleset, new_game
from riskboard.tournaments.games import Outcome, Spec, lost_game, play_games, play_safely
from riskboard.tournaments.pool import run_pool
from riskboard.tournaments.results import TournamentResult
from riskboard.tournaments.seating import RULES, game_seed
from riskboard.tournaments.seating import seating as seats_of


class ForfeitWarning(UserWarning):
    """Some games of a tournament were forfeited by a bot that failed (it raised, played
    illegally, ran past the time limit or ended its worker process)."""


class TournamentInterrupted(KeyboardInterrupt):
    """Ctrl-C (or another ``KeyboardInterrupt``) stopped a tournament; ``result`` is the
    ``TournamentResult`` of the games that had finished (``result.interrupted`` is true).

    A ``KeyboardInterrupt``, so a script stops as it would anyway; to keep the finished games::

        try:
            result = rb.tournament(bots, games=10_000)
        except KeyboardInterrupt as stop:
            result = stop.result  # only if it is a TournamentInterrupted
    """

    def __init__(self, result: TournamentResult) -> None:
        self.result = result
        n, planned = len(result.games), result.planned
        super().__init__(
            ngettext(
                "the tournament was interrupted after {n} of {planned} game; the finished games are in this exception's .result",
                "the tournament was interrupted after {n} of {planned} games; the finished games are in this exception's .result",
                planned,
            ).format(n=n, planned=planned)
        )


MAX_WORKERS = 1024
"""The most worker processes a tournament starts (each is a copy of this process)."""

MAX_GAMES = 10_000_000
"""The most games one tournament plays: the result keeps a row per game (about a kilobyte each)."""


CHUNKS_PER_WORKER = 4
"""Tasks per worker: enough to even out games of different lengths, few enough that sending a
task (a few hundred microseconds) stays small beside the games in it."""

MAX_CHUNK = 50
"""At most this many games per task, so the progress bar moves."""


def tournament(
    bots: Mapping[str, Any],
    ruleset: str = "classic",
    games: int = 200,
    seed: int | None = 1,
    workers: int | None = None,
    client: Any = None,
    players: int | None = None,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
    max_turns: int = 1000,
    records: bool = False,
    progress: bool = True,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    seating: str = "rotate",
) -> TournamentResult:
    """Play ``games`` games of ``ruleset`` between ``bots`` (name → bot class, factory, instance
    or function of the view: see ``riskboard.bots.entrants``) and tabulate the results.

    Each game seats ``players`` bots (default: all of them) by the rule of
    ``riskboard.tournaments.seating`` (``seating="rotate"``: every bot in every seat equally
    often; ``"round_robin"``: every ordered arrangement of ``players`` distinct bots in turn, so
    that with two seats each pair meets in both seat orders, as ``result.payoffs()`` needs;
    ``"fixed"``: the first ``players`` bots in the order given, every game), ends with a winner or after ``max_turns`` player turns (a
    draw), and gets its seeds from ``seed`` and its index alone. ``workers=None`` uses every core,
    ``workers=1`` plays in this process; ``client`` (a ``dask.distributed.Client``) plays on its
    cluster instead. The games are lean (``rb.new_game(..., lean=True)``): no undo history and
    no events kept, only each game's record.

    One bad bot costs only its own games: a bot that raises, returns anything but a legal action,
    takes longer than ``time_limit`` seconds over one decision (default ``DEFAULT_TIME_LIMIT``,
    10 s; ``None``: no limit) or ends its worker process forfeits that game (listed in
    ``result.forfeits`` with the reason, one ``ForfeitWarning`` at the end) and the tournament
    goes on; a worker that dies or hangs is replaced and its other games played elsewhere. Ctrl-C
    raises ``TournamentInterrupted`` (a ``KeyboardInterrupt``) whose ``result`` holds the finished
    games. The module docstring of ``riskboard.tournaments.runner`` says what works where.

    >>> import riskboard as rb
    >>> result = rb.tournament({"a": rb.bots.Aggressive, "b": rb.bots.Aggressive}, games=4,
    ...                        workers=1, max_turns=40, progress=False)
    >>> int(result.table["games"].sum())
    8
    """
    started = time.perf_counter()
    spec = _check(bots, ruleset, games, seed, players, variant, options, max_turns, records, time_limit, seating)
    n_workers = _check_workers(workers)
    indices = list(range(games))
    outcomes: list[Outcome] = []

    def result() -> TournamentResult:
        return TournamentResult(
            names=spec.names,
            outcomes=outcomes,
            seed=spec.seed,
            ruleset=spec.ruleset,
            variant=spec.variant,
            players=spec.players,
            max_turns=spec.max_turns,
            elapsed=time.perf_counter() - started,
            records=records,
            planned=games,
            seating=spec.seating,
        )

    try:
        with _GameBar(games, spec.ruleset, progress) as bar:

            def report(outcome: Outcome) -> None:
                outcomes.append(outcome)
                bar.update(1)

            if client is not None:
                _on_dask(client, spec, indices, report)
            elif n_workers == 1:
                _in_process(spec, indices, report)
            else:
                n = min(n_workers, games)
                run_pool(spec, chunks(indices, n), n, report, bar.start)
    except KeyboardInterrupt:
        raise TournamentInterrupted(result()) from None
    done = result()
    if len(done.forfeits):
        counts = done.forfeits["bot"].fillna("(no bot named)").value_counts()
        who = ", ".join(f"{bot} ({n})" for bot, n in counts.items())
        first = done.forfeits.iloc[0]
        warnings.warn(
            ngettext(
                "{n} of {games} game was forfeited by a bot that failed: {bots}; e.g. game {game}: {error}. See result.forfeits.",
                "{n} of {games} games were forfeited by a bot that failed: {bots}; e.g. game {game}: {error}. See result.forfeits.",
                games,
            ).format(n=len(done.forfeits), games=games, bots=who, game=first["game"], error=first["error"]),
            ForfeitWarning,
            stacklevel=2,
        )
    return done


def _check(
    bots: Mapping[str, Any],
    ruleset: str,
    games: int,
    seed: int | None,
    players: int | None,
    variant: str | None,
    options: Mapping[str, Any] | None,
    max_turns: int,
    records: bool,
    time_limit: float | None,
    seating: str = "rotate",
) -> Spec:
    """The tournament's ``Spec``, or ``ConfigError`` saying what to change."""
    edition = get_ruleset(ruleset)  # ConfigError for an unknown edition, with a suggestion
    if not isinstance(bots, Mapping) or not bots:
        raise ConfigError(
            _("bots must be a non-empty mapping of names to bots, e.g. {'a': rb.bots.Aggressive, 'r': rb.bots.Random}"),
            code="config/bots",
        )
    entrants = tuple(classify(name, source) for name, source in bots.items())
    if not _is_count(games) or not 1 <= games <= MAX_GAMES:
        raise ConfigError(
            _("games must be a whole number from 1 to {most:,}, got {games}").format(most=MAX_GAMES, games=repr(games)),
            code="config/games",
        )
    if time_limit is not None and (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, (int, float))
        or not math.isfinite(time_limit)
        or time_limit <= 0
    ):
        raise ConfigError(
            _(
                "time_limit must be a positive number of seconds per decision, or None (no limit), got {time_limit}"
            ).format(time_limit=repr(time_limit)),
            code="config/time_limit",
        )
    if seating not in RULES:
        raise ConfigError(
            _("seating must be one of {rules}, got {seating}").format(
                rules=", ".join(repr(r) for r in RULES), seating=repr(seating)
            ),
            code="config/seating",
        )
    if seed is None:
        seed = secrets.randbits(63)
    if not _is_count(seed):
        raise ConfigError(_("seed must be a whole number, got {seed}").format(seed=repr(seed)), code="config/seed")
    if not _is_count(max_turns) or max_turns < 0:
        raise ConfigError(
            _("max_turns must be a whole number ≥ 0, got {max_turns}").format(max_turns=repr(max_turns)),
            code="config/max_turns",
        )
    k = len(entrants) if players is None else players
    if not _is_count(k) or not 1 <= k <= len(entrants):
        message = _(
            "players (bots per game) must be a whole number from 1 to the {n} bots given, got {players}"
        ).format(n=len(entrants), players=repr(players))
        if players is None:
            message += "; " + _("{ruleset} seats {least} to {most}").format(
                ruleset=edition.name, least=edition.min_players, most=edition.max_players
            )
        raise ConfigError(message, code="config/players")
    spec = Spec(
        entrants=entrants,
        ruleset=edition.name,
        variant=variant,
        options=dict(options or {}),
        players=k,
        seed=seed,
        max_turns=max_turns,
        records=bool(records),
        time_limit=None if time_limit is None else float(time_limit),
        seating=seating,
    )
    # the first game's configuration checks the edition, variant, options and player count once
    try:
        first = new_game(
            spec.ruleset,
            seats_of(spec.names, k, seed, 0, seating),
            variant=variant,
            options=spec.options,
            seed=game_seed(seed, 0),
        )
    except ConfigError as exc:
        if players is not None or k <= edition.max_players:
            raise
        raise ConfigError(
            _("{message}; with {count} bots give players=<bots per game> to seat some of them in each game").format(
                message=exc.message, count=len(entrants)
            ),
            code=exc.code,
        ) from exc
    clash = sorted(set(spec.names) & set(first.config.neutrals))
    if clash:
        raise ConfigError(
            _("{names} is the name of a neutral army in {name}; give the bot another name").format(
                names=", ".join(clash), name=edition.name
            ),
            code="config/players",
        )
    for entrant in entrants:
        check_makes_bots(entrant, spec.time_limit)
    return dataclasses.replace(spec, variant=first.config.variant)  # the default variant named


def _is_count(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_workers(workers: int | None) -> int:
    if workers is None:
        return os.cpu_count() or 1
    if not _is_count(workers) or not 1 <= workers <= MAX_WORKERS:
        raise ConfigError(
            _("workers must be a whole number from 1 to {most} or None (all cores), got {workers}").format(
                most=MAX_WORKERS, workers=repr(workers)
            ),
            code="config/workers",
        )
    return workers


def chunks(indices: Sequence[int], workers: int) -> list[list[int]]:
    """Split the games into about ``CHUNKS_PER_WORKER`` tasks per worker (at most ``MAX_CHUNK``
    games each).

    >>> chunks(list(range(10)), 2)
    [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9]]
    """
    size = max(1, min(MAX_CHUNK, math.ceil(len(indices) / (workers * CHUNKS_PER_WORKER))))
    return [list(indices[i : i + size]) for i in range(0, len(indices), size)]


def _in_process(spec: Spec, indices: Sequence[int], report: Callable[[Outcome], None]) -> None:
    """Play the games in this thread, one after the other; Ctrl-C here stops the tournament."""
    with Watch(spec.time_limit) as watch:
        for i in indices:
            report(play_safely(spec, i, watch, interruptible=True))


def _on_dask(client: Any, spec: Spec, indices: Sequence[int], report: Callable[[Outcome], None]) -> None:
    """Send the chunks to a Dask cluster (it pickles the spec with cloudpickle, bots defined in
    ``__main__`` included) and report the games as their chunks finish.

    A worker that dies is Dask's to handle: it runs the task again elsewhere, and after
    ``distributed.scheduler.allowed-failures`` deaths reports ``KilledWorker``, for every task the
    worker held, not only the one it was running. So the games of such chunks wait until the other
    chunks are done, then are played one at a time, each alone on the cluster: one that is
    ``KilledWorker`` then is forfeited with no bot named (Dask does not say which decision was
    running), and no other game can be blamed for it. Ctrl-C cancels what has not finished.
    """
    from distributed import KilledWorker
    from distributed import as_completed as dask_completed

    nthreads = sum(client.nthreads().values()) or 1
    sent = {client.submit(play_games, spec, c, pure=False): c for c in chunks(indices, nthreads)}
    suspects: list[int] = []
    try:
        for future in dask_completed(list(sent)):
            chunk = sent.pop(future)
            try:
                done = future.result()
            except KilledWorker:
                suspects.extend(chunk)
                continue
            for outcome in done:
                report(outcome)
        for i in sorted(suspects):
            alone = client.submit(play_games, spec, [i], pure=False)
            sent[alone] = [i]
            try:
                done = alone.result()
            except KilledWorker:
                why = "the game ended its Dask worker on every try (KilledWorker: Dask does not say which bot was deciding)"
                done = [lost_game(spec, i, None, why)]
            del sent[alone]
            for outcome in done:
                report(outcome)
    except BaseException:
        with contextlib.suppress(Exception):
            client.cancel(list(sent))
        raise


class _GameBar:
    """A tqdm bar over games (``tqdm.auto``: a widget in notebooks), created lazily by ``start``
    so that the worker pool forks before tqdm starts its monitor thread; nothing when off."""

    def __init__(self, total: int, ruleset: str, enabled: bool) -> None:
        self.total = total
        self.ruleset = ruleset
        self.enabled = enabled
        self._tqdm: Any = None

    def start(self) -> None:
        if self.enabled and self._tqdm is None:
            from tqdm.auto import tqdm

            self._tqdm = tqdm(
                total=self.total, unit="game", desc=_("tournament ({ruleset})").format(ruleset=self.ruleset)
            )

    def update(self, n: int) -> None:
        self.start()
        if self._tqdm is not None:
            self._tqdm.update(n)

    def __enter__(self) -> _GameBar:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._tqdm is not None:
            self._tqdm.close()
