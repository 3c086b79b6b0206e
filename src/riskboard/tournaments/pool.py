"""The tournament's worker processes, built to survive their bots.

``run_pool`` starts ``workers`` processes and hands each chunks of game indices, the next one
waiting in its pipe (``PREFETCH``); a worker sends back each game's ``Outcome`` as soon as it is
played. The parent knows at every
moment which games each worker still owes, so nothing is lost when one dies:

- **a worker that dies** (a bot called ``os._exit``, crashed the interpreter, was killed by the
  system) takes only the game it was playing (the index it wrote in shared memory); the rest of
  its chunk goes back to the queue and a fresh worker takes its place. The game it was playing
  is played once more, alone and traced (each bot's step written to shared memory): if it kills
  its worker again it is forfeited by the bot whose step it was, with the reason; if it finishes,
  its outcome counts (a game is a pure function of its index, so nothing else changes). No game
  is played more than twice, so a deterministic killer cannot loop.
- **a worker that hangs**: each worker's ``Watch`` interrupts a decision that runs past
  ``time_limit`` (a forfeit, and the worker goes on) and writes in shared memory when its game
  last moved. A bot the watch cannot interrupt (blocked in C code, or catching the interruption)
  leaves that time behind: after the limit plus a grace period the parent ends the worker and the
  game is handled as for a worker that died (played once more, traced; forfeited if it hangs again).
- **Ctrl-C** reaches the parent alone (the workers ignore SIGINT): the parent ends every worker
  (SIGTERM, then SIGKILL), waits for them, and lets ``KeyboardInterrupt`` go up with the outcomes
  it has. While it starts or ends a worker, Ctrl-C is held back (``_no_ctrl_c``) and raised just
  after, so that no worker is left running unrecorded. Workers are daemonic, and on Linux are
  killed if the parent dies (``PR_SET_PDEATHSIG``), so none outlives the tournament, and none can
  make the interpreter hang at exit.

How the workers start (``start_method``): ``fork`` on Linux, where a worker starts as a copy of
this process and holds the bots without pickling (so any bot works, even one holding a lock or
an open file) and in milliseconds; ``spawn`` elsewhere (Windows, and macOS, where forking a
process that uses the system's frameworks is unsafe). A spawned worker is a fresh interpreter: it
gets the tournament's ``Spec`` pickled with ``cloudpickle``, which sends classes and functions
defined in a notebook cell or in ``__main__`` (and lambdas) by value, as Dask does; bots from an
importable module go by reference. ``RISKBOARD_START_METHOD=spawn`` (or ``fork``,
``forkserver``) chooses, e.g. to try on Linux what Windows and macOS will do.

Why not ``concurrent.futures`` or ``loky``: both report a dead worker as a broken pool, failing
every unfinished task without saying which game was running, and neither can end a worker that
hangs in one task; what the tournament needs is the per-game bookkeeping above, which is small.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import multiprocessing.connection
import os
import pickle
import signal
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from riskboard.bots.watch import Watch
from riskboard.errors import ConfigError
from riskboard.i18n import _
from riskboard.tournaments.games import (
    APPLYING,
    DECIDING,
    MAKING,
    Outcome,
    Spec,
    lost_game,
    play_safely,
)
from riskboard.tournaments.seating import seating

FIELDS = 4
GAME, SINCE, SEAT, STEP = range(FIELDS)
"""Each worker's slot in shared memory: the game it is playing (-1: none), when its game last
moved (its watch's ``publish``; 0: not timing), and in a traced game the seat and the step
(``MAKING``, ``DECIDING``, ``APPLYING``) of the bot it is waiting for."""

GRACE = 1.0
"""The parent ends a worker whose game has not moved for ``time_limit + max(GRACE, time_limit)``
seconds: by then the worker's own watch has had every chance to interrupt the bot."""

PREFETCH = 2
"""Chunks a worker holds at once: the next one waits in its pipe while it plays the current one
(on a loaded machine the parent may take milliseconds to be scheduled and send it)."""

STOP_WAIT = 2.0
"""Seconds a worker is given to exit when asked (then it is terminated, then killed)."""

POLL = 0.5
"""The longest the parent waits for its workers without looking up, even with no time limit: a
Ctrl-C that the system handed to another of its threads is raised when the main thread runs."""

START_METHOD_VARIABLE = "RISKBOARD_START_METHOD"
"""The environment variable that chooses how workers start (``fork``, ``spawn``, ``forkserver``)."""


@dataclass(frozen=True)
class _Failure:
    """A worker's report that the tournament itself failed in a game (not a bot: that is a
    forfeit), or, with ``index`` -1, that a spawned worker could not unpickle the tournament."""

    index: int
    text: str


@dataclass(eq=False)
class _Worker:
    slot: int
    process: Any
    conn: Any
    tasks: deque[list[int]] = field(default_factory=deque)
    """The chunks sent to this worker, each with its games not yet reported, in the order it plays
    them: up to ``PREFETCH``, so that it never waits for the parent between two chunks."""
    traced: set[int] = field(default_factory=set)
    """Games sent to it to be played traced."""
    gone: bool = False

    @property
    def games(self) -> list[int]:
        """Every game sent to this worker and not yet reported, in the order it plays them."""
        return [i for task in self.tasks for i in task]

    def done(self, index: int) -> None:
        for task in self.tasks:
            if index in task:
                task.remove(index)
                break
        while self.tasks and not self.tasks[0]:
            self.tasks.popleft()


def run_pool(
    spec: Spec,
    tasks: Sequence[list[int]],
    workers: int,
    report: Callable[[Outcome], None],
    started: Callable[[], None] = lambda: None,
) -> None:
    """Play every game of ``tasks`` (chunks of indices) in ``workers`` processes, calling
    ``report`` with each outcome as it arrives (in no particular order) and ``started`` once the
    first workers are running (the progress bar starts after the fork)."""
    pool = _Pool(spec, workers, report)
    try:
        pool.run(tasks, started)
    except BaseException:
        pool.close(polite=False)
        raise
    pool.close(polite=True)


class _Pool:
    def __init__(self, spec: Spec, workers: int, report: Callable[[Outcome], None]) -> None:
        self.spec = spec
        self.report = report
        self.context = start_context()
        self.forks = self.context.get_start_method() == "fork"
        self.payload: Spec | bytes = spec if self.forks else _pickled(spec)
        self.board: Any = self.context.RawArray("d", workers * FIELDS)
        self.workers: list[_Worker | None] = [None] * workers
        self.queue: deque[tuple[list[int], bool]] = deque()
        self.suspects: dict[int, str] = {}
        """Games that ended or hung a worker once, and how."""
        self.idle_losses = 0
        self.reported: set[int] = set()
        limit = spec.time_limit
        self.hard_limit = None if limit is None else limit + max(GRACE, limit)
        self.tick = POLL if limit is None else max(0.05, min(POLL, limit / 2))

    # -- the loop --------------------------------------------------------------------------------
    def run(self, tasks: Sequence[list[int]], started: Callable[[], None]) -> None:
        self.queue.extend((list(t), False) for t in tasks if t)
        self._dispatch()
        started()
        while True:
            busy = [w for w in self.workers if w is not None and w.tasks]
            if not busy:
                if not self.queue:
                    return
                self._dispatch()
                continue
            waiting: dict[Any, _Worker] = {}
            for w in busy:
                waiting[w.conn] = w
                waiting[w.process.sentinel] = w
            ready = multiprocessing.connection.wait(list(waiting), timeout=self.tick)
            for w in dict.fromkeys(waiting[r] for r in ready):
                self._drain(w)
                if w.gone or not w.process.is_alive():
                    self._lost(w, hung=False)
            self._police()
            self._dispatch()

    def _dispatch(self) -> None:
        """Give tasks to the workers, the idle ones first, up to ``PREFETCH`` each (starting
        workers as needed); a traced game goes to an idle worker, to be played alone."""
        for depth in range(PREFETCH):
            for slot in range(len(self.workers)):
                if not self.queue:
                    return
                w = self.workers[slot]
                if w is None:
                    w = self._spawn(slot)
                    if w is None:
                        continue
                if len(w.tasks) != depth or (depth and (self.queue[0][1] or w.traced & set(w.games))):
                    continue
                games, traced = self.queue.popleft()
                w.tasks.append(list(games))
                if traced:
                    w.traced.update(games)
                with contextlib.suppress(OSError):  # it has just died: its sentinel says so, _lost requeues
                    w.conn.send((games, traced))
        if self.queue and not any(self.workers):
            raise RuntimeError("the tournament could not start any worker process")

    def _spawn(self, slot: int) -> _Worker | None:
        base = slot * FIELDS
        self.board[base + GAME] = -1.0
        self.board[base + SINCE] = 0.0
        parent_end, child_end = self.context.Pipe(duplex=True)
        inherited = [w.conn for w in self.workers if w is not None] if self.forks else []
        # a forkserver's workers are its children, not this process's: they cannot check their parent
        parent = None if self.context.get_start_method() == "forkserver" else os.getpid()
        process = self.context.Process(
            target=_serve,
            args=(child_end, self.payload, self.board, slot, inherited, parent),
            name=f"riskboard-tournament-{slot}",
            daemon=True,
        )
        with _no_ctrl_c():  # Ctrl-C now would orphan the worker: started, but not in self.workers
            try:
                process.start()
            except OSError:  # no more processes: go on with the workers there are
                parent_end.close()
                child_end.close()
                return None
            child_end.close()
            worker = _Worker(slot, process, parent_end)
            self.workers[slot] = worker
        return worker

    def _drain(self, w: _Worker) -> None:
        """Take every outcome the worker has sent."""
        while not w.gone:
            try:
                if not w.conn.poll():
                    return
                message = w.conn.recv()
            except Exception:  # EOF, or a message torn by the worker's death
                w.gone = True
                return
            if isinstance(message, _Failure) and message.index < 0:
                raise RuntimeError(
                    _(
                        "a tournament worker process started with {method} could not unpickle the bots "
                        "(a bot from a module it cannot import?): {error}"
                    ).format(method=self.context.get_start_method(), error=message.text)
                )
            if isinstance(message, _Failure):
                raise RuntimeError(f"game {message.index} of the tournament failed in its worker:\n{message.text}")
            w.done(message.index)
            self._report(message)

    def _report(self, outcome: Outcome) -> None:
        """Pass an outcome on, once per game whatever happened to the workers that played it."""
        if outcome.index not in self.reported:
            self.reported.add(outcome.index)
            self.report(outcome)

    def _police(self) -> None:
        """End the workers whose game has not moved for longer than the hard limit."""
        if self.hard_limit is None:
            return
        now = time.monotonic()
        for w in self.workers:
            if w is None or not w.tasks:
                continue
            since = self.board[w.slot * FIELDS + SINCE]
            if since > 0 and now - since > self.hard_limit:
                self._drain(w)  # it may have just finished the game
                if w.tasks and not w.gone and self.board[w.slot * FIELDS + SINCE] == since:
                    w.process.kill()
                    self._lost(w, hung=True)

    def _lost(self, w: _Worker, hung: bool) -> None:
        """A worker died or was ended: requeue what it owed; play its game once more, traced, or
        forfeit it if this was that second time."""
        w.process.join(STOP_WAIT)
        if w.process.is_alive():
            w.process.kill()
            w.process.join()
        with contextlib.suppress(OSError):
            w.conn.close()
        self.workers[w.slot] = None
        base = w.slot * FIELDS
        playing = int(self.board[base + GAME])
        owed = w.games
        culprit = playing if playing in owed else None
        rest = [i for i in owed if i != culprit]
        if rest:
            self.queue.appendleft((rest, False))
        how = "hung" if hung else _exit_text(w.process.exitcode)
        if culprit is None:  # it died between games: nothing to blame, but do not loop for ever
            self.idle_losses += 1
            if self.idle_losses > 2 * len(self.workers) + 2:
                if not self.forks:  # most often a script without the guard that spawn needs
                    raise RuntimeError(
                        _(
                            "the tournament's worker processes keep ending between games ({how}); a script "
                            "whose tournament runs in spawned workers (Windows, macOS) must start it under "
                            'if __name__ == "__main__":'
                        ).format(how=how)
                    )
                raise RuntimeError(f"the tournament's worker processes keep ending between games ({how})")
            return
        if culprit not in self.suspects:
            self.suspects[culprit] = how
            self.queue.appendleft(([culprit], True))
            return
        seat, step = int(self.board[base + SEAT]), int(self.board[base + STEP])
        if culprit not in w.traced:
            seat, step = -1, 0
        seats = seating(self.spec.names, self.spec.players, self.spec.seed, culprit, self.spec.seating)
        bot = seats[seat] if 0 <= seat < len(seats) and step else None
        self._report(lost_game(self.spec, culprit, bot, self._reason(step, hung, how)))

    def _reason(self, step: int, hung: bool, how: str) -> str:
        if hung:
            limit = f"time_limit={self.spec.time_limit:g} s"
            if step == MAKING:
                return f"took longer than {limit} to be made, twice, and could not be interrupted: its worker was ended"
            if step == APPLYING:
                return f"the engine took longer than {limit} on its choice, twice: its worker was ended"
            return (
                f"took longer than {limit} to decide, twice, and could not be interrupted (blocked outside Python, "
                "or catching the interruption): its worker process was ended"
            )
        if step == MAKING:
            return f"ended its worker process while being made, twice ({how})"
        if step == DECIDING:
            return f"ended its worker process while deciding, twice ({how})"
        if step == APPLYING:
            return f"its choice made the engine end the worker process, twice ({how})"
        return f"the game ended its worker process twice before any bot decided ({how})"

    # -- the end ---------------------------------------------------------------------------------
    def close(self, polite: bool) -> None:
        """Stop every worker: ask them (``polite``: all games are done), else terminate them, and
        kill whichever is still there; wait for each, so that no process outlives the tournament."""
        with _no_ctrl_c():  # a second Ctrl-C arrives once every worker is gone
            self._close(polite)

    def _close(self, polite: bool) -> None:
        alive = [w for w in self.workers if w is not None]
        if polite:
            for w in alive:
                with contextlib.suppress(OSError):
                    w.conn.send(None)
            deadline = time.monotonic() + STOP_WAIT
            for w in alive:
                w.process.join(max(0.0, deadline - time.monotonic()))
        for w in alive:
            if w.process.is_alive():
                w.process.terminate()
        deadline = time.monotonic() + STOP_WAIT
        for w in alive:
            w.process.join(max(0.0, deadline - time.monotonic()))
            if w.process.is_alive():
                w.process.kill()
                w.process.join()
            with contextlib.suppress(OSError):
                w.conn.close()
            self.workers[w.slot] = None  # forgotten only once reaped


@contextlib.contextmanager
def _no_ctrl_c() -> Iterator[None]:
    """Hold Ctrl-C back while this runs (in the main thread) and raise it as soon as it is done.

    Blocking SIGINT in this thread is not enough: the system hands a process's signal to any
    thread that does not block it (a progress bar's, a notebook kernel's), and Python then raises
    ``KeyboardInterrupt`` in the main thread at its next instruction, e.g. between starting a
    worker and recording it. So the handler is swapped for one that only notes the signal; the
    mask also keeps the signal out of a fork (a forked child inherits it, and unblocks it once it
    ignores SIGINT)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []

    def note(signum: int, frame: Any) -> None:
        caught.append(signum)

    previous = signal.signal(signal.SIGINT, note)
    mask = hasattr(signal, "pthread_sigmask")
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if mask else set()
    try:
        yield
    finally:
        if mask:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)  # a held-back SIGINT is noted now
        signal.signal(signal.SIGINT, previous)  # runs the pending handlers (note) first
    if caught:
        _deliver(previous)


def _deliver(handler: Any) -> None:
    """Do what ``handler`` (SIGINT's handler before ``_no_ctrl_c``) does with a Ctrl-C."""
    if handler == signal.SIG_IGN:
        return
    if callable(handler):
        handler(signal.SIGINT, None)
        return
    raise KeyboardInterrupt  # SIG_DFL or a handler set outside Python: Ctrl-C stops the tournament


def _exit_text(code: int | None) -> str:
    if code is None:
        return "it did not exit"
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"


def start_context() -> Any:
    """How the workers start (module docstring): ``RISKBOARD_START_METHOD`` if it is set, else
    ``fork`` on Linux and ``spawn`` elsewhere."""
    methods = multiprocessing.get_all_start_methods()
    wanted = os.environ.get(START_METHOD_VARIABLE, "").strip().lower()
    if wanted:
        if wanted not in methods:
            raise ConfigError(
                _("{variable}={wanted} is not a way to start processes here; use one of {methods}").format(
                    variable=START_METHOD_VARIABLE, wanted=repr(wanted), methods=", ".join(methods)
                ),
                code="config/start_method",
            )
        return multiprocessing.get_context(wanted)
    if sys.platform.startswith("linux") and "fork" in methods:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def _pickled(spec: Spec) -> bytes:
    """The spec as a spawned worker gets it: by cloudpickle, which sends by value what a fresh
    interpreter could not import (classes and functions of a notebook or of ``__main__``)."""
    import cloudpickle

    try:
        return bytes(cloudpickle.dumps(spec))
    except Exception as exc:
        raise ConfigError(
            _(
                "the bots cannot be sent to worker processes started with spawn, because pickling them "
                "raised {error}: {shown}; play with workers=1, or make the bot hold only what pickles"
            ).format(error=type(exc).__name__, shown=str(exc)[:300]),
            code="config/bots",
        ) from exc


# -- in the worker ---------------------------------------------------------------------------------


def _serve(conn: Any, payload: Spec | bytes, board: Any, slot: int, inherited: list[Any], parent: int | None) -> None:
    """A worker's life: play the chunks it is sent, reporting each game, until told to stop."""
    for other in inherited:  # the other workers' pipe ends, copied by fork: not this worker's
        other.close()
    _die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's: it ends the workers
    if hasattr(signal, "pthread_sigmask"):  # held back by the parent while it started this worker
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:
        spec = payload if isinstance(payload, Spec) else pickle.loads(payload)
    except BaseException:
        with contextlib.suppress(Exception):
            conn.send(_Failure(-1, traceback.format_exc(limit=-3)))
        return
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "SIGALRM"):
        signal.signal(signal.SIGALRM, signal.SIG_DFL)  # free for this worker's watch
    base = slot * FIELDS

    def publish(since: float) -> None:
        board[base + SINCE] = since

    def trace(seat: int, step: int) -> None:
        board[base + SEAT] = seat
        board[base + STEP] = step

    with Watch(spec.time_limit, publish) as watch:
        while True:
            try:
                task = conn.recv()
            except (EOFError, OSError):
                return
            if task is None:
                return
            games, traced = task
            for index in games:
                board[base + SEAT] = -1
                board[base + STEP] = 0
                board[base + GAME] = index
                try:
                    outcome: Outcome | _Failure = play_safely(spec, index, watch, trace if traced else None)
                except BaseException:  # the tournament's own failure (a bot's is a forfeit)
                    outcome = _Failure(index, traceback.format_exc())
                board[base + GAME] = -1
                try:
                    conn.send(outcome)
                except (OSError, ValueError):  # the parent is gone
                    return
                except Exception:  # an outcome that does not pickle
                    try:
                        conn.send(_Failure(index, traceback.format_exc()))
                    except Exception:
                        return


def _die_with_parent(parent: int | None) -> None:
    """On Linux, ask the kernel to kill this worker when the process that started it dies."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if parent is not None and os.getppid() != parent:  # it died before the request was made
        os._exit(0)
