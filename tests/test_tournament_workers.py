"""The tournament's worker processes (issue 22, item 8): workers started with ``spawn`` (as on
Windows and macOS) play the same games as forked ones, with bots defined in ``__main__``, in a
module made at run time and in a notebook cell; every failure of a bot costs only its games
there too; Ctrl-C is prompt, and no worker is left running when it lands while a worker is being
started, replaced or ended (the race of ``tournaments.pool._no_ctrl_c``)."""

from __future__ import annotations

import functools
import multiprocessing
import multiprocessing.context
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
import types
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cloudpickle
import pandas as pd
import pytest

import riskboard as rb
from riskboard.i18n import using
from riskboard.tournaments import ForfeitWarning, TournamentInterrupted, TournamentResult, pool

SURVIVE = {"max_turns": 30, "progress": False, "players": 2, "games": 6, "seed": 9}
"""Three bots, two a game: the faulty bot "x" sits in four of the six games."""


def _forged(cls: type) -> Any:
    return object.__new__(cls)  # an action without its fields: the engine cannot read it


def _hang_in_c(view: Any) -> Any:
    """Blocks SIGALRM, so the worker's watch cannot interrupt it: only the parent can end it."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    time.sleep(3600)


FAULTS: dict[str, Any] = {
    "none": lambda view: None,
    "int": lambda view: 5,
    "object": lambda view: object(),
    "forged": lambda view: _forged(rb.Attack),
    "raise": lambda view: 1 / 0,
    "exit": lambda view: os._exit(3),
    "sleep": lambda view: time.sleep(3600),
    "blocked": _hang_in_c,
}


class Faulty:
    """Plays like Aggressive until its first attack decision, then does ``fault``."""

    def __init__(self, seed: int | None = None, fault: str = "none") -> None:
        self.inner = rb.bots.Aggressive(seed=seed)
        self.fault = fault

    def act(self, view: rb.PlayerView) -> Any:
        if view.pending.decision != "attack":
            return self.inner.act(view)
        return FAULTS[self.fault](view)


def without_timing(result: TournamentResult) -> pd.DataFrame:
    return result.games.drop(columns=["seconds"])


def faulty(fault: str, **kwargs: Any) -> TournamentResult:
    bots = {"a": rb.bots.Aggressive, "b": rb.bots.Aggressive, "x": functools.partial(Faulty, fault=fault)}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ForfeitWarning)
        return rb.tournament(bots, **{**SURVIVE, **kwargs})


@functools.cache
def reference() -> pd.DataFrame:
    bots = {"a": rb.bots.Aggressive, "b": rb.bots.Aggressive, "x": rb.bots.Aggressive}
    return without_timing(rb.tournament(bots, workers=1, **SURVIVE))


def rows(games: pd.DataFrame) -> list[dict[str, Any]]:
    """A games table as plain rows (a table with forfeits holds strings where another holds None)."""
    return games.astype(object).where(games.notna(), None).to_dict("records")


def assert_only_x_forfeits(result: TournamentResult, reason: str) -> None:
    """Every game seating "x" is its forfeit with ``reason``; every other game is the reference's."""
    games, ref = without_timing(result), reference()
    seated = (games[["seat_1", "seat_2"]] == "x").any(axis=1)
    assert seated.sum() == 4 and len(games) == 6
    lost = games[seated]
    assert (lost["outcome"] == "forfeit").all() and (lost["forfeit_bot"] == "x").all(), lost
    assert lost["forfeit_error"].str.contains(reason, regex=False).all(), lost["forfeit_error"].tolist()
    assert rows(games[~seated]) == rows(ref[~seated])
    assert multiprocessing.active_children() == []


@pytest.fixture
def spawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Workers started as on Windows and macOS; this module's bots sent by value, as a notebook's."""
    monkeypatch.setenv(pool.START_METHOD_VARIABLE, "spawn")
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        yield
    finally:
        cloudpickle.unregister_pickle_by_value(sys.modules[__name__])


# -- how the workers start ------------------------------------------------------------------------
def test_the_start_method_is_fork_on_linux_spawn_elsewhere_or_as_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(pool.START_METHOD_VARIABLE, raising=False)
    expected = "fork" if sys.platform.startswith("linux") else "spawn"
    assert pool.start_context().get_start_method() == expected
    monkeypatch.setenv(pool.START_METHOD_VARIABLE, " Spawn ")
    assert pool.start_context().get_start_method() == "spawn"
    monkeypatch.setenv(pool.START_METHOD_VARIABLE, "threads")
    with pytest.raises(rb.ConfigError) as info:
        rb.tournament({"a": rb.bots.Aggressive, "b": rb.bots.Aggressive}, games=2, workers=2, progress=False)
    assert info.value.code == "config/start_method"
    assert "RISKBOARD_START_METHOD='threads' is not a way to start processes here; use one of" in str(info.value)


DYNAMIC = '''
import riskboard as rb

class Cautious:
    """Aggressive, from a module of its own."""

    def __init__(self, seed=None):
        self.inner = rb.bots.Aggressive(seed=seed)

    def act(self, view):
        return self.inner.act(view)
'''


def test_spawned_workers_play_the_same_games_with_bots_made_at_run_time(spawn: None) -> None:
    """A class of a module that no process can import (made at run time, as a notebook cell's
    classes are) and a lambda reach spawned workers, and the games are those of one process."""
    module = types.ModuleType("riskboard_test_bots_made_at_run_time")
    exec(DYNAMIC, module.__dict__)
    assert module.__name__ not in sys.modules  # so cloudpickle sends its class by value
    bots = {"cautious": module.Cautious, "agg": rb.bots.Aggressive, "fn": lambda view: view.legal_actions()[0]}
    common = {"games": 6, "seed": 4, "max_turns": 30, "progress": False}
    spawned = rb.tournament(bots, workers=2, **common)
    alone = rb.tournament(bots, workers=1, **common)
    pd.testing.assert_frame_equal(without_timing(spawned), without_timing(alone))
    assert spawned.forfeits.empty and (spawned.table["games"] == 6).all()
    assert multiprocessing.active_children() == []


def test_a_bot_that_does_not_pickle_is_a_clear_error_under_spawn(spawn: None) -> None:
    class Holding(rb.bots.Aggressive):
        def __init__(self, seed: int | None = None, lock: Any = None) -> None:
            super().__init__(seed=seed)
            self.lock = lock

    bots = {"a": rb.bots.Aggressive, "lock": functools.partial(Holding, lock=threading.Lock())}
    with pytest.raises(rb.ConfigError) as info:
        rb.tournament(bots, games=2, workers=2, progress=False)
    assert info.value.code == "config/bots"
    assert "cannot be sent to worker processes started with spawn" in str(info.value)
    assert "TypeError" in str(info.value) and "workers=1" in str(info.value)
    # the same bots play where nothing is pickled
    assert rb.tournament(bots, games=2, workers=1, max_turns=10, progress=False).forfeits.empty


def test_a_spawned_worker_that_cannot_load_the_bots_says_so(spawn: None) -> None:
    """A bot from a module the workers cannot import stops the tournament with that reason, not
    with workers that 'keep ending': a module in ``sys.modules`` is sent by reference."""
    module = types.ModuleType("riskboard_test_module_no_worker_can_import")
    exec(DYNAMIC, module.__dict__)
    sys.modules[module.__name__] = module  # imported here (so, to cloudpickle, importable anywhere)
    try:
        with pytest.raises(RuntimeError, match=r"(?s)could not unpickle the bots .*ModuleNotFoundError"):
            rb.tournament({"c": module.Cautious, "a": rb.bots.Aggressive}, games=2, workers=2, progress=False)
    finally:
        del sys.modules[module.__name__]
    assert multiprocessing.active_children() == []


# -- a bad bot costs its games only, under spawn too ----------------------------------------------
@pytest.mark.parametrize(
    ("fault", "reason"),
    [
        ("none", "playing x, chose the illegal action 'None'"),
        ("object", "chose"),
        ("forged", "chose"),
        ("raise", "ZeroDivisionError"),
        ("exit", "ended its worker process while deciding, twice (exit code 3)"),
        ("sleep", "took longer than time_limit=1 s to decide"),
        ("blocked", "took longer than time_limit=1 s to decide, twice, and could not be interrupted"),
    ],
)
def test_under_spawn_a_bad_bot_forfeits_only_its_games(spawn: None, fault: str, reason: str) -> None:
    assert_only_x_forfeits(faulty(fault, workers=2, time_limit=1.0), reason)


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_the_time_limit_holds_with_any_number_of_workers(workers: int) -> None:
    started = time.perf_counter()
    result = faulty("sleep", workers=workers, time_limit=0.3)
    assert_only_x_forfeits(result, "took longer than time_limit=0.3 s to decide")
    # four games of "x", each stopped after 0.3 s (in parallel with more workers): not an hour
    assert time.perf_counter() - started < 60


def test_returning_garbage_and_forged_actions_forfeit_in_process_and_in_workers() -> None:
    for workers in (1, 2):
        for fault in ("int", "object", "forged"):
            assert_only_x_forfeits(faulty(fault, workers=workers), "chose")


# -- Ctrl-C -----------------------------------------------------------------------------------------
def _ctrl_c_after(delay: float, sent: list[float]) -> threading.Thread:
    """Ctrl-C to the main thread after ``delay`` seconds, as a terminal sends it."""

    def send() -> None:
        time.sleep(delay)
        sent.append(time.perf_counter())
        signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)

    thread = threading.Thread(target=send, daemon=True)
    thread.start()
    return thread


@pytest.mark.parametrize("method", ["fork", "spawn", "in-process"])
def test_ctrl_c_is_prompt_and_keeps_the_finished_games(method: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot that sleeps for an hour with no time limit: Ctrl-C ends the tournament within
    seconds, with the games that had finished, and no worker is left."""
    workers = 1 if method == "in-process" else 2
    if method != "in-process":
        monkeypatch.setenv(pool.START_METHOD_VARIABLE, method)
        cloudpickle.register_pickle_by_value(sys.modules[__name__])
    sent: list[float] = []
    try:
        thread = _ctrl_c_after(4.0 if method == "spawn" else 1.5, sent)  # spawned workers start slowly
        with pytest.raises(TournamentInterrupted) as info:
            faulty("sleep", workers=workers, time_limit=None)
        stopped = time.perf_counter()
        thread.join()
    finally:
        if method != "in-process":
            cloudpickle.unregister_pickle_by_value(sys.modules[__name__])
    assert sent, "the tournament ended before Ctrl-C was sent"
    assert stopped - sent[0] < 5.0, f"Ctrl-C took {stopped - sent[0]:.2f} s to stop the tournament"
    played = without_timing(info.value.result)
    assert not (played[["seat_1", "seat_2"]] == "x").any(axis=None)
    ref = reference()
    assert rows(played) == rows(ref[ref["game"].isin(played["game"])])
    assert multiprocessing.active_children() == []


class _Recorder:
    """Every worker process the pool starts, and a Ctrl-C at the ``at``-th call of ``when``."""

    def __init__(self, when: str, at: int) -> None:
        self.when, self.at, self.calls = when, at, 0
        self.started: list[Any] = []

    def hit(self, what: str) -> None:
        if what == self.when:
            self.calls += 1
            if self.calls == self.at:
                os.kill(os.getpid(), signal.SIGINT)  # to the process: any thread not blocking it takes it


@pytest.mark.parametrize("repeat", range(3))
@pytest.mark.parametrize(("when", "at"), [("start", 1), ("start", 2), ("start", 3), ("start", 4), ("terminate", 1)])
def test_ctrl_c_while_a_worker_starts_is_replaced_or_is_ended_leaves_no_worker(
    when: str, at: int, repeat: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The known race: a Ctrl-C that another thread of this process receives (a progress bar's, a
    notebook kernel's) is raised in the main thread at its next instruction, e.g. between starting
    a worker and recording it, or halfway through ending them. Here it lands just after the first,
    second (the first two workers), third and fourth start (workers replacing ones that a bot
    killed), or, a second Ctrl-C, just after the first worker is told to end; every worker
    started must be reaped."""
    recorder = _Recorder(when, at)
    fork_process: Any = multiprocessing.context.ForkProcess
    real_start, real_terminate = fork_process.start, fork_process.terminate

    def start(self: Any) -> None:
        real_start(self)
        recorder.started.append(self)
        recorder.hit("start")

    def terminate(self: Any) -> None:
        real_terminate(self)
        recorder.hit("terminate")

    monkeypatch.setenv(pool.START_METHOD_VARIABLE, "fork")
    monkeypatch.setattr(fork_process, "start", start)
    monkeypatch.setattr(fork_process, "terminate", terminate)
    other = threading.Event()
    listener = threading.Thread(target=other.wait, daemon=True)  # a thread that does not block SIGINT
    listener.start()
    sent: list[float] = []
    if when == "terminate":  # a first Ctrl-C ends the sleeping workers; the second lands as it does
        first = _ctrl_c_after(1.0, sent)
    try:
        with pytest.raises(KeyboardInterrupt):
            faulty("sleep" if when == "terminate" else "exit", workers=2, time_limit=None)
    finally:
        other.set()
        listener.join()
        if when == "terminate":
            first.join()
    assert len(recorder.started) >= min(at, 2) and recorder.calls >= at
    for process in recorder.started:
        assert not process.is_alive() and process.exitcode is not None, process
    assert multiprocessing.active_children() == []


# -- bots of __main__ and of a notebook cell ------------------------------------------------------
MAIN_SCRIPT = """
import multiprocessing
import riskboard as rb


class Mine:
    def __init__(self, seed=None):
        self.inner = rb.bots.Aggressive(seed=seed)

    def act(self, view):
        return self.inner.act(view)


if __name__ == "__main__":
    bots = {"mine": Mine, "agg": rb.bots.Aggressive, "fn": lambda view: view.legal_actions()[0]}
    spawned = rb.tournament(bots, games=6, workers=2, max_turns=30, progress=False)
    alone = rb.tournament(bots, games=6, workers=1, max_turns=30, progress=False)
    assert spawned.games.drop(columns="seconds").equals(alone.games.drop(columns="seconds"))
    assert spawned.forfeits.empty and multiprocessing.active_children() == []
    print("same games", int(spawned.table["games"].sum()))
"""


def test_bots_defined_in_main_play_in_spawned_workers(tmp_path: Path) -> None:
    script = tmp_path / "my_tournament.py"
    script.write_text(textwrap.dedent(MAIN_SCRIPT), encoding="utf-8")
    env = {**os.environ, pool.START_METHOD_VARIABLE: "spawn"}
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert "same games 18" in done.stdout


UNGUARDED_SCRIPT = """
import riskboard as rb

rb.tournament({"a": rb.bots.Aggressive, "b": rb.bots.Aggressive}, games=2, workers=2, progress=False)
"""


def test_a_script_without_the_main_guard_is_told_what_spawn_needs(tmp_path: Path) -> None:
    """A spawned worker runs the script again to start: without ``if __name__ == "__main__":``
    every worker dies at once, and the tournament says why instead of retrying for ever."""
    script = tmp_path / "unguarded.py"
    script.write_text(UNGUARDED_SCRIPT, encoding="utf-8")
    env = {**os.environ, pool.START_METHOD_VARIABLE: "spawn"}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("RuntimeError: the tournament's worker processes keep ending between games")
    assert 'must start it under if __name__ == "__main__":' in last


def test_the_start_method_error_speaks_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(pool.START_METHOD_VARIABLE, "threads")
    with using("de"), pytest.raises(rb.ConfigError) as info:
        pool.start_context()
    assert "RISKBOARD_START_METHOD='threads' ist hier keine Art, Prozesse zu starten" in str(info.value)


NOTEBOOK_CELLS = [
    "import multiprocessing\nimport riskboard as rb\nfrom riskboard.tournaments import pool\n"
    "assert pool.start_context().get_start_method() == 'spawn'",
    "class CellBot:\n"
    "    def __init__(self, seed=None):\n"
    "        self.inner = rb.bots.Aggressive(seed=seed)\n"
    "        self.decisions = 0\n\n"
    "    def act(self, view):\n"
    "        self.decisions += 1\n"
    "        return self.inner.act(view)",
    "bots = {'cell': CellBot, 'agg': rb.bots.Aggressive}\n"
    "result = rb.tournament(bots, games=4, workers=2, max_turns=30, progress=False)\n"
    "alone = rb.tournament(bots, games=4, workers=1, max_turns=30, progress=False)\n"
    "assert result.forfeits.empty and (result.table['games'] == 4).all()\n"
    "assert result.games.drop(columns='seconds').equals(alone.games.drop(columns='seconds'))\n"
    "assert multiprocessing.active_children() == []\n"
    "print('played', len(result.games))",
]


def test_a_bot_defined_in_a_notebook_cell_plays_in_spawned_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    monkeypatch.setenv(pool.START_METHOD_VARIABLE, "spawn")  # the kernel inherits this environment
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in NOTEBOOK_CELLS]
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3").execute()
    printed = "".join(o.get("text", "") for o in nb.cells[-1].outputs)
    assert "played 4" in printed
