"""``tournament``: check the arguments, then play every game in-process, in a pool of worker
processes or on a Dask cluster, and gather the outcomes into a ``TournamentResult``.

Every game is a pure function of (tournament seed, game index) (``seating``, ``games``), and the
outcomes are put back in game order, so the result is the same for any ``workers`` and for a
Dask ``client``; only the timing columns differ.
"""

from __future__ import annotations

import dataclasses
import math
import multiprocessing
import os
import secrets
import time
import warnings
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import Any

from riskboard.errors import ConfigError
from riskboard.registry import get_ruleset, new_game
from riskboard.tournaments.entrants import check_makes_bots, classify
from riskboard.tournaments.games import Outcome, Spec, install_spec, play_games, play_installed
from riskboard.tournaments.results import TournamentResult
from riskboard.tournaments.seating import game_seed, seating


class ForfeitWarning(UserWarning):
    """Some games of a tournament were forfeited by a bot that raised or played illegally."""


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
) -> TournamentResult:
    """Play ``games`` games of ``ruleset`` between ``bots`` (name → bot class, factory, instance
    or function of the view: see ``riskboard.tournaments.entrants``) and tabulate the results.

    Each game seats ``players`` bots (default: all of them) by the rule of
    ``riskboard.tournaments.seating``, ends with a winner or after ``max_turns`` player turns (a
    draw), and gets its seeds from ``seed`` and its index alone. ``workers=None`` uses every core,
    ``workers=1`` plays in this process; ``client`` (a ``dask.distributed.Client``) plays on its
    cluster instead. A bot that raises or plays an illegal action forfeits its game (listed in
    ``result.forfeits``, with one ``ForfeitWarning`` at the end) and the tournament goes on.
    The games are lean (``rb.new_game(..., lean=True)``): no undo history and no events kept,
    only each game's record.

    >>> import riskboard as rb
    >>> result = rb.tournament({"a": rb.bots.Aggressive, "b": rb.bots.Aggressive}, games=4,
    ...                        workers=1, max_turns=40, progress=False)
    >>> int(result.table["games"].sum())
    8
    """
    started = time.perf_counter()
    spec = _check(bots, ruleset, games, seed, players, variant, options, max_turns, records)
    n_workers = _check_workers(workers)
    indices = list(range(games))
    with _GameBar(games, spec.ruleset, progress) as bar:
        if client is not None:
            outcomes = _on_dask(client, spec, indices, bar.update)
        elif n_workers == 1 or games == 1:
            outcomes = []
            for i in indices:
                outcomes.extend(play_games(spec, [i]))
                bar.update(1)
        else:
            outcomes = _in_pool(spec, indices, min(n_workers, games), bar)
    result = TournamentResult(
        names=spec.names,
        outcomes=outcomes,
        seed=spec.seed,
        ruleset=spec.ruleset,
        variant=spec.variant,
        players=spec.players,
        max_turns=spec.max_turns,
        elapsed=time.perf_counter() - started,
        records=records,
    )
    if len(result.forfeits):
        counts = result.forfeits["bot"].value_counts()
        who = ", ".join(f"{bot} ({n})" for bot, n in counts.items())
        first = result.forfeits.iloc[0]
        warnings.warn(
            f"{len(result.forfeits)} of {games} games were forfeited by a bot that raised or played illegally: "
            f"{who}; e.g. game {first['game']}: {first['error']}. See result.forfeits.",
            ForfeitWarning,
            stacklevel=2,
        )
    return result


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
) -> Spec:
    """The tournament's ``Spec``, or ``ConfigError`` saying what to change."""
    rules = get_ruleset(ruleset)  # ConfigError for an unknown edition, with a suggestion
    if not isinstance(bots, Mapping) or not bots:
        raise ConfigError(
            "bots must be a non-empty mapping of names to bots, e.g. {'a': rb.bots.Aggressive, 'r': rb.bots.Random}",
            code="config/bots",
        )
    entrants = tuple(classify(name, source) for name, source in bots.items())
    if not _is_count(games) or games < 1:
        raise ConfigError(f"games must be a whole number ≥ 1, got {games!r}", code="config/games")
    if seed is None:
        seed = secrets.randbits(63)
    if not _is_count(seed):
        raise ConfigError(f"seed must be a whole number, got {seed!r}", code="config/seed")
    if not _is_count(max_turns) or max_turns < 0:
        raise ConfigError(f"max_turns must be a whole number ≥ 0, got {max_turns!r}", code="config/max_turns")
    k = len(entrants) if players is None else players
    if not _is_count(k) or not 1 <= k <= len(entrants):
        raise ConfigError(
            f"players (bots per game) must be a whole number from 1 to the {len(entrants)} bots given, got {players!r}"
            + (f"; {rules.name} seats {rules.min_players} to {rules.max_players}" if players is None else ""),
            code="config/players",
        )
    spec = Spec(
        entrants=entrants,
        ruleset=rules.name,
        variant=variant,
        options=dict(options or {}),
        players=k,
        seed=seed,
        max_turns=max_turns,
        records=bool(records),
    )
    # the first game's configuration checks the edition, variant, options and player count once
    try:
        first = new_game(
            spec.ruleset,
            seating(spec.names, k, seed, 0),
            variant=variant,
            options=spec.options,
            seed=game_seed(seed, 0),
        )
    except ConfigError as exc:
        if players is not None or k <= rules.max_players:
            raise
        raise ConfigError(
            f"{exc.message}; with {len(entrants)} bots give players=<bots per game> to seat some of them in each game",
            code=exc.code,
        ) from exc
    clash = sorted(set(spec.names) & set(first.config.neutrals))
    if clash:
        raise ConfigError(
            f"{', '.join(clash)} is the name of a neutral army in {rules.name}; give the bot another name",
            code="config/players",
        )
    for entrant in entrants:
        check_makes_bots(entrant)
    return dataclasses.replace(spec, variant=first.config.variant)  # the default variant named


def _is_count(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_workers(workers: int | None) -> int:
    if workers is None:
        return os.cpu_count() or 1
    if not _is_count(workers) or workers < 1:
        raise ConfigError(
            f"workers must be a whole number ≥ 1 or None (all cores), got {workers!r}", code="config/workers"
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


def _pool_context() -> multiprocessing.context.BaseContext:
    """``fork`` where the system has it: a forked worker starts as a copy of this process, so it
    already holds the bots, including classes and functions defined in a notebook cell or in
    ``__main__`` (which ``spawn`` could not import) and lambdas (which pickle cannot send); the
    spec reaches the workers through the pool's initializer, which fork hands over without
    pickling. Elsewhere (Windows) the default start method, with picklable bots."""
    if "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def _in_pool(spec: Spec, indices: Sequence[int], workers: int, bar: Any) -> list[Outcome]:
    outcomes: list[Outcome] = []
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=_pool_context(), initializer=install_spec, initargs=(spec,)
    )
    try:
        futures: list[Future[list[Outcome]]] = [pool.submit(play_installed, c) for c in chunks(indices, workers)]
        bar.start()  # after the fork: the bar's monitor thread is not copied into the workers
        for future in as_completed(futures):
            done = future.result()
            outcomes.extend(done)
            bar.update(len(done))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return outcomes


def _on_dask(client: Any, spec: Spec, indices: Sequence[int], update: Callable[[int], None]) -> list[Outcome]:
    """Send the chunks to a Dask cluster (it pickles the spec with cloudpickle, bots defined in
    ``__main__`` included) and gather them as they finish."""
    from distributed import as_completed as dask_completed

    nthreads = sum(client.nthreads().values()) or 1
    futures = [client.submit(play_games, spec, c, pure=False) for c in chunks(indices, nthreads)]
    outcomes: list[Outcome] = []
    for future in dask_completed(futures):
        done = future.result()
        outcomes.extend(done)
        update(len(done))
    return outcomes


class _GameBar:
    """A tqdm bar over games (``tqdm.auto``: a widget in notebooks), created lazily by ``start``
    so that a worker pool can fork before tqdm starts its monitor thread; nothing when off."""

    def __init__(self, total: int, ruleset: str, enabled: bool) -> None:
        self.total = total
        self.ruleset = ruleset
        self.enabled = enabled
        self._tqdm: Any = None

    def start(self) -> None:
        if self.enabled and self._tqdm is None:
            from tqdm.auto import tqdm

            self._tqdm = tqdm(total=self.total, unit="game", desc=f"tournament ({self.ruleset})")

    def update(self, n: int) -> None:
        self.start()
        if self._tqdm is not None:
            self._tqdm.update(n)

    def __enter__(self) -> _GameBar:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._tqdm is not None:
            self._tqdm.close()
