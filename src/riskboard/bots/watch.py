"""The per-decision time limit on bots: a tournament's (``rb.tournament(..., time_limit=seconds)``)
and ``rb.bots.check_bot``'s. It lives with the bots, below the tournaments, so that both can use it
(``bots`` may not import ``tournaments``).

A ``Watch`` looks at a game every ``interval`` (an eighth of the limit, from a millisecond to a
second) and asks one question: has the game's state changed since the last look? Every decision a
bot makes changes the state, so a state that has stayed the same for ``limit`` seconds means the
pending player's bot has been deciding for at least that long (never less: the clock starts when a
look first sees the state). Then the watch raises ``DecisionTimeout`` inside the game's thread,
the bot forfeits and the tournament goes on. Looking costs nothing per decision: the engine's loop
is not wrapped, and a look happens only every ``interval``.

How the watch interrupts, and what it can interrupt:

- in the main thread of a POSIX process (``workers=1``, and every worker process): a periodic
  ``SIGALRM`` (``signal.setitimer``) whose handler raises. It interrupts Python code and blocking
  calls that return on a signal (``time.sleep``, ``select``, lock waits). Not used if ``SIGALRM``
  already has a handler or a timer (then as in a thread);
- in any other thread (a Dask worker's, a caller's own thread, Windows): a watchdog thread raises
  the exception asynchronously in the game's thread (``PyThreadState_SetAsyncExc``). That reaches
  Python code only: a bot blocked in C (``time.sleep``, a socket) holds its thread until the call
  returns.

A bot that swallows ``DecisionTimeout`` (a bare ``except:``) or blocks inside C code with the GIL
held cannot be interrupted in its own process. Worker processes publish what their watch sees in
shared memory (``publish``), so the tournament's parent process can end such a worker after the
limit and a grace period (``riskboard.tournaments.pool``).
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import Any

DEFAULT_TIME_LIMIT = 10.0
"""Seconds a bot may take over one decision (``rb.tournament(..., time_limit=)``): far beyond what
any built-in bot needs (microseconds to milliseconds), short enough that a hung bot costs seconds
rather than the run."""

TICKS_PER_LIMIT = 8
"""Looks per ``limit``: a decision is stopped at most an eighth of the limit after it ran out."""
MIN_INTERVAL, MAX_INTERVAL = 0.001, 1.0
"""The looks' interval is kept between a millisecond (a tiny limit must not make looking costly)
and a second (a long limit still notices soon)."""

_NOTHING = object()


class DecisionTimeout(BaseException):
    """Raised inside a bot's decision that has run past the tournament's ``time_limit``.

    A ``BaseException``, like ``KeyboardInterrupt``, so that a bot's own ``except Exception:``
    does not swallow it; the tournament turns it into a forfeit."""


def interval_for(limit: float) -> float:
    """How often a watch with this ``limit`` looks (seconds)."""
    return min(MAX_INTERVAL, max(MIN_INTERVAL, limit / TICKS_PER_LIMIT))


def _signal_mode_available() -> bool:
    """Whether this thread may use ``SIGALRM``: the main thread of a POSIX process, with no handler
    or timer of someone else's on it."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        return False
    if signal.getsignal(signal.SIGALRM) not in (signal.SIG_DFL, None):
        return False
    return signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def _ours(frame: FrameType | None, shelter: str) -> bool:
    """Whether ``frame`` runs the code of ``shelter`` (a directory, or one file), the code that
    plays the games between decisions: the interruption waits for the bot's or the engine's
    code, where the game's ``try`` catches it."""
    if frame is None:
        return False
    name = frame.f_code.co_filename
    return name == shelter or os.path.dirname(name) == shelter


def _raise_in(thread_id: int, exc: type[BaseException] | None) -> None:
    """Make ``thread_id`` raise ``exc`` at its next Python instruction (``None``: forget a pending one)."""
    api = getattr(ctypes, "pythonapi", None)
    if api is not None:
        api.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id), ctypes.py_object(exc) if exc else None)


class Watch:
    """Times the decisions of the games played in the thread that enters it (see the module
    docstring). ``limit=None``: no limit, and the watch does nothing.

    ``follow(progress, culprit)`` starts timing: ``progress()`` returns an object that changes
    whenever a decision is made (the game's state), ``culprit()`` names who is deciding;
    ``unfollow()`` stops. After a ``DecisionTimeout``, ``late`` names who ran out of time.
    ``publish(since)``, if given, receives at every look when the followed progress last changed
    (``0.0`` while nothing is followed): the pool's worker processes put it in shared memory.
    ``shelter``: the directory (or one file) of the code that plays the games, which is never
    interrupted (by default the directory of the module that makes the watch: the tournament's).
    """

    def __init__(
        self, limit: float | None, publish: Callable[[float], None] | None = None, shelter: str | None = None
    ) -> None:
        self.limit = limit
        self.shelter = shelter if shelter is not None else os.path.dirname(sys._getframe(1).f_code.co_filename)
        self.interval = interval_for(limit) if limit is not None else 0.0
        self.late: str | None = None
        self.mode: str | None = None  # "signal", "thread" or None (no limit)
        self._publish = publish
        self._progress: Callable[[], object] | None = None
        self._culprit: Callable[[], str | None] = lambda: None
        self._seen: object = _NOTHING
        self._since = 0.0
        self._armed = False
        self._lock = threading.Lock()
        self._target = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._previous: Any = None

    # -- entering and leaving ------------------------------------------------------------------
    def __enter__(self) -> Watch:
        if self.limit is None:
            return self
        if _signal_mode_available():
            self.mode = "signal"
            self._previous = signal.signal(signal.SIGALRM, self._on_alarm)
            signal.setitimer(signal.ITIMER_REAL, self.interval, self.interval)
        else:
            self.mode = "thread"
            self._target = threading.get_ident()
            self._stop.clear()
            self._thread = threading.Thread(target=self._watchdog, name="riskboard-time-limit", daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._armed = False
        if self.mode == "signal":
            signal.setitimer(signal.ITIMER_REAL, 0.0)
            signal.signal(signal.SIGALRM, self._previous if self._previous is not None else signal.SIG_DFL)
        elif self.mode == "thread" and self._thread is not None:
            self._stop.set()
            self._thread.join()
            self._thread = None
            self._clear_pending()
        self.mode = None

    # -- following one game (or one bot being made) --------------------------------------------
    def follow(self, progress: Callable[[], object], culprit: Callable[[], str | None]) -> None:
        """Start timing: from now, ``progress()`` must change within every ``limit`` seconds."""
        if self.mode is None:
            return
        self._armed = False
        with self._lock:
            self._progress, self._culprit = progress, culprit
            self._seen, self._since = progress(), time.monotonic()
            self.late = None
            self._armed = True
        if self._publish is not None:
            self._publish(self._since)

    def unfollow(self) -> None:
        """Stop timing; in thread mode, also forget an interruption that was sent but has not
        arrived, so that it cannot land after the game. Safe to call when not following."""
        if self.mode is None:
            return
        self._armed = False  # first: from here the signal handler raises nothing
        while True:  # an interruption may land while this runs: then disarm again
            try:
                with self._lock:
                    self._armed = False
                    self._progress = None
                    if self.mode == "thread":
                        _raise_in(self._target, None)
                if self._publish is not None:
                    self._publish(0.0)
                return
            except DecisionTimeout:
                continue

    # -- looking ---------------------------------------------------------------------------------
    def _overdue(self) -> bool:
        """One look: ``True`` if the followed progress has not changed for ``limit`` seconds."""
        now = time.monotonic()
        progress = self._progress
        if not self._armed or progress is None:
            if self._publish is not None:
                self._publish(0.0)
            return False
        seen = progress()
        if seen is not self._seen:
            self._seen, self._since = seen, now
        if self._publish is not None:
            self._publish(self._since)
        assert self.limit is not None
        if now - self._since < self.limit:
            return False
        if self.late is None:
            try:
                self.late = self._culprit()
            except Exception:  # the culprit is only for the message
                self.late = None
        return True

    def _on_alarm(self, signum: int, frame: FrameType | None) -> None:
        if not self._armed:
            if self._publish is not None:
                self._publish(0.0)
            return
        if self._overdue() and not _ours(frame, self.shelter):
            raise DecisionTimeout

    def _watchdog(self) -> None:
        while not self._stop.wait(self.interval):
            with self._lock:
                if self._overdue() and not _ours(sys._current_frames().get(self._target), self.shelter):
                    _raise_in(self._target, DecisionTimeout)

    def _clear_pending(self) -> None:
        while True:
            try:
                _raise_in(self._target, None)
                return
            except DecisionTimeout:
                continue
