"""Family ``tournament-bots``: tournaments with one faulty bot among good ones.

Each case seats a bot "x" that plays like ``Aggressive`` (same seed, same moves) until a trigger
(its k-th decision, or its first attack), then misbehaves: it raises anything (down to
``SystemExit`` and bare ``BaseException``), returns garbage of every type, text of illegal
actions or forged action objects (built without their constructors' checks), fails to be made,
hangs (in Python, in ``sleep``, on a lock, in ``select``; with a short ``time_limit``), blocks the
watch's signal or swallows its interruption, or ends its worker process (``os._exit``,
SIGKILL, SIGTERM). The tournament must finish, every forfeit must be x's with the reason, and
every game must be the same as in the tournament where x is a good bot unless x forfeited it
(seating and seeds depend on the names and the game index only, so the games compare one to one).

Escapes: the tournament raising (counted by type), ``ForfeitByAGoodBot``, ``WrongReason``,
``GoodGameChanged`` (a game without x differs), ``NotForfeited`` (x's game went on after its
fault, or differs without a forfeit: the engine accepted what it should have refused),
``OrphanWorker`` (a worker process outlived the tournament).
"""

from __future__ import annotations

import functools
import math
import multiprocessing
import os
import random
import select
import signal
import sys
import threading
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pandas as pd

import riskboard as rb
from fuzz.tally import Tally
from riskboard.tournaments import ForfeitWarning, TournamentInterrupted

FAMILY = "tournament-bots"
TIME_LIMIT = 0.5
"""The hanging cases' limit: the good bots decide in microseconds, so a loaded machine has a
thousandfold margin before a good bot could be timed out."""

CONFIGS = [
    {"ruleset": "classic", "players": 2},
    {"ruleset": "classic", "players": 2},
    {"ruleset": "classic", "players": 3},
    {"ruleset": "risk2010", "players": 3},
    {"ruleset": "balance_of_power", "players": 2},
    {"ruleset": "transformers", "players": 3},
]
"""Editions and bots per game; the tournament has three bots, "a", "b" and "x"."""


# -- the faults ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Fault:
    """What x does at its trigger, and the words its forfeits must hold (any of ``reasons``)."""

    name: str
    act: Callable[[Any], Any]
    reasons: tuple[str, ...]
    where: str = "anywhere"  # "anywhere", "worker" (it would end or hang the caller), "caller"


class Unprintable:
    def __str__(self) -> str:
        raise RuntimeError("no text")

    __repr__ = __str__


class HostileText(str):
    """A str whose every method the engine might call raises."""

    def split(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("hostile split")

    def strip(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("hostile strip")

    def lower(self) -> Any:
        raise RuntimeError("hostile lower")

    def __hash__(self) -> int:
        raise RuntimeError("hostile hash")


class UnshowableError(Exception):
    def __str__(self) -> str:
        raise RuntimeError("this error cannot be shown")


class Mine(rb.Action):
    """An action class of the bot's own making."""

    def __str__(self) -> str:
        return "place 1 alaska"


class BareBase(BaseException):
    """A BaseException of a bot's own: not an Exception, not KeyboardInterrupt."""


def _forged(cls: type, fields: dict[str, Any]) -> Any:
    action = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


def _raise(exc: BaseException) -> Any:
    raise exc


def _recurse(n: int = 0) -> Any:
    return _recurse(n + 1)


def _loop(view: Any) -> Any:
    while True:
        pass


def _deadlock(view: Any) -> Any:
    lock = threading.Lock()
    lock.acquire()
    lock.acquire()


def _block_the_watch(view: Any) -> Any:
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    time.sleep(3600)


def _swallow(view: Any) -> Any:
    while True:
        try:
            while True:
                pass
        except BaseException:  # the fault: it swallows the interruption
            pass


BAD_COUNTS = [None, 1.5, float("nan"), True, False, -1, "1", [], 10**12, b"1"]
BAD_NAMES = [None, 5, "atlantis", "", ["alaska"], 1.5, b"alaska", ("a", "b")]
FIELD_KINDS = {"count": BAD_COUNTS, "dice": BAD_COUNTS, "move": BAD_COUNTS, "order": BAD_COUNTS}
ACTION_CLASSES = [
    cls for cls in (getattr(rb, n) for n in dir(rb) if n[:1].isupper()) if isinstance(cls, type)
    and issubclass(cls, rb.Action) and cls is not rb.Action and getattr(cls, "__slots__", ())
]  # fmt: skip
"""Every action class with fields (a field-less one, forged, is the real thing)."""
ILLEGAL_TEXTS = [
    "",
    "   ",
    "attack alaska brazil 1",
    "place 999999 alaska",
    "place -1 alaska",
    "place 1 atlantis",
    "fortify alaska alaska 1",
    "trade alaska alaska alaska",
    "occupy -5",
    "defend 9",
    "\x00",
    "place 1 " + "x" * 5000,
    "a" * 20_000,
    "pläce 1 ålaska",
    "buy nothing at all",
    "collect no_such_mission",
    "end end end",
]


def forged_action(rng: random.Random) -> Callable[[Any], Any]:
    """A forged object of a random action class whose every field is of a type no action has
    (so it can never be legal), some fields perhaps missing altogether."""
    cls = rng.choice(ACTION_CLASSES)
    fields = {}
    for name in cls.__slots__:
        if rng.random() < 0.2:
            continue  # missing
        fields[name] = rng.choice(FIELD_KINDS.get(name, BAD_NAMES))
    return lambda view: _forged(cls, fields)


def garbage(rng: random.Random) -> Fault:
    choices: list[tuple[str, Callable[[Any], Any]]] = [
        ("None", lambda view: None),
        ("int", lambda view: rng.choice([0, -1, 7, 10**100])),
        ("bool", lambda view: True),
        ("float", lambda view: rng.choice([1.5, float("nan"), math.inf])),
        ("bytes", lambda view: b"end"),
        ("container", lambda view: rng.choice([[], ["end"], (), {"end": 1}, {1, 2}])),
        ("object", lambda view: object()),
        ("class", lambda view: rng.choice(ACTION_CLASSES)),
        ("function", lambda view: print),
        ("the view", lambda view: view),
        ("an exception", lambda view: ValueError("returned, not raised")),
        ("generator", lambda view: (a for a in view.legal_actions())),
        ("unprintable", lambda view: Unprintable()),
        ("hostile str", lambda view: HostileText("place 1 alaska")),
        ("own action class", lambda view: Mine()),
        ("illegal text", lambda view: rng.choice(ILLEGAL_TEXTS)),
        ("forged", forged_action(rng)),
        ("forged", forged_action(rng)),
        ("forged", forged_action(rng)),
    ]
    name, act = rng.choice(choices)
    return Fault(f"returns {name}", act, ("chose",))


def raising(rng: random.Random) -> Fault:
    choices: list[tuple[BaseException, tuple[str, ...]]] = [
        (ValueError("a bad value"), ("raised ValueError: a bad value",)),
        (ZeroDivisionError(), ("raised ZeroDivisionError",)),
        (MemoryError(), ("raised MemoryError",)),
        (StopIteration(), ("raised StopIteration",)),
        (rb.IllegalAction("a bot's own refusal", code="action/mine"), ("raised IllegalAction",)),
        (rb.BotError("a bot's own BotError"), ("raised BotError",)),
        (SystemExit(rng.choice([0, 3, None, "bye"])), ("raised SystemExit",)),
        (GeneratorExit(), ("raised GeneratorExit",)),
        (BareBase("bare"), ("raised BareBase: bare",)),
        (UnshowableError(), ("UnshowableError", "RuntimeError")),
    ]
    exc, reasons = rng.choice(choices)
    if rng.random() < 0.1:
        return Fault("recurses", lambda view: _recurse(), ("raised RecursionError",))
    return Fault(f"raises {type(exc).__name__}", lambda view: _raise(exc), reasons)


def hanging(rng: random.Random, where: str) -> Fault:
    choices = [
        Fault("loops", _loop, ("took longer than time_limit",)),
        Fault("sleeps", lambda view: time.sleep(3600), ("took longer than time_limit",)),
        Fault("deadlocks", _deadlock, ("took longer than time_limit",)),
        Fault("waits in select", lambda view: select.select([], [], [], 3600), ("took longer than time_limit",)),
    ]
    if where == "worker":  # only the parent can stop these: never in the caller's process
        choices += [
            Fault("blocks the watch", _block_the_watch, ("took longer than time_limit",), "worker"),
            Fault("swallows the interruption", _swallow, ("took longer than time_limit",), "worker"),
        ]
    return rng.choice(choices)


def exiting(rng: random.Random) -> Fault:
    code = rng.choice([0, 1, 3, 127, 255])
    return rng.choice(
        [
            Fault(f"os._exit({code})", lambda view: os._exit(code), (f"(exit code {code})",), "worker"),
            Fault("SIGKILL", lambda view: os.kill(os.getpid(), signal.SIGKILL), ("killed by SIGKILL",), "worker"),
            Fault("SIGTERM", lambda view: os.kill(os.getpid(), signal.SIGTERM), ("killed by SIGTERM",), "worker"),
            Fault(
                "KeyboardInterrupt", lambda view: _raise(KeyboardInterrupt()), ("raised KeyboardInterrupt",), "worker"
            ),
        ]
    )


class Faulty:
    """Aggressive (the same moves as the good "x" of the reference) until its trigger: decision
    ``at`` (0-based), or its first attack decision if ``at`` is None; then ``fault``."""

    def __init__(self, seed: int | None = None, fault: Callable[[Any], Any] = print, at: int | None = None) -> None:
        self.inner = rb.bots.Aggressive(seed=seed)
        self.fault, self.at, self.decisions = fault, at, 0

    def act(self, view: rb.PlayerView) -> Any:
        now = self.decisions
        self.decisions += 1
        triggered = view.pending.decision == "attack" if self.at is None else now == self.at
        return self.fault(view) if triggered else self.inner.act(view)


def failing_factory(rng: random.Random) -> tuple[Fault, Callable[..., Any]]:
    """A factory that makes x for the check before the games (seed 0) and fails for every game."""
    what = rng.choice(["raises", "exits", "returns None", "returns 42"])

    def factory(seed: int) -> Any:
        if seed == 0:
            return rb.bots.Aggressive(seed=seed)
        if what == "raises":
            raise ValueError(f"no bot for seed {seed}")
        if what == "exits":
            sys.exit(2)
        return None if what == "returns None" else 42

    reasons = ("making the bot raised",) if what in ("raises", "exits") else ("has no act(view) method",)
    return Fault(f"factory {what}", print, reasons), factory


# -- running and checking a case -----------------------------------------------------------------
_REFERENCES: dict[tuple[Any, ...], pd.DataFrame] = {}


def rows(games: pd.DataFrame) -> dict[int, dict[str, Any]]:
    table = games.drop(columns=["seconds"]).astype(object)
    return {int(r["game"]): r for r in table.where(table.notna(), None).to_dict("records")}


def settings(config: dict[str, Any], seed: int, games: int) -> dict[str, Any]:
    return {**config, "games": games, "seed": seed, "max_turns": 12, "progress": False}


def reference(kwargs: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The tournament with x a good bot (in this process: any way of playing gives the same)."""
    key = tuple(sorted((k, v) for k, v in kwargs.items()))
    if key not in _REFERENCES:
        good = {"a": rb.bots.Aggressive, "b": rb.bots.Aggressive, "x": rb.bots.Aggressive}
        _REFERENCES[key] = rb.tournament(good, workers=1, **kwargs).games
    return rows(_REFERENCES[key])


def run_case(
    tally: Tally, fault: Fault, x: Any, kwargs: dict[str, Any], workers: int, time_limit: float | None
) -> None:
    what = f"x {fault.name}, workers={workers}, {kwargs}"
    expected = reference(kwargs)
    bots = {"a": rb.bots.Aggressive, "b": rb.bots.Aggressive, "x": x}
    with tally.case(what):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", ForfeitWarning)
                result = rb.tournament(bots, workers=workers, time_limit=time_limit, **kwargs)
        except Exception:
            raise  # the tally counts it under its type
        except BaseException as exc:  # KeyboardInterrupt, SystemExit: the tournament itself gave way
            tally.escape(type(exc).__name__, f"{what}: {exc!r}")
            return
        check(tally, what, rows(result.games), expected, fault)
        if multiprocessing.active_children():
            tally.escape("OrphanWorker", f"{what}: {multiprocessing.active_children()}")


def check(
    tally: Tally, what: str, got: dict[int, dict[str, Any]], expected: dict[int, dict[str, Any]], fault: Fault
) -> None:
    if set(got) != set(expected):
        tally.escape("MissingGames", f"{what}: games {sorted(set(expected) - set(got))} are missing")
        return
    for index, row in got.items():
        seats = [v for k, v in row.items() if k.startswith("seat_")]
        if row["outcome"] == "forfeit" and row != expected[index]:
            if row["forfeit_bot"] != "x":
                tally.escape("ForfeitByAGoodBot", f"{what}: game {index}: {row['forfeit_bot']}: {row['forfeit_error']}")
            elif not any(r in (row["forfeit_error"] or "") for r in fault.reasons):
                tally.escape("WrongReason", f"{what}: game {index}: {row['forfeit_error']!r}, expected {fault.reasons}")
        elif row != expected[index]:
            kind = "NotForfeited" if "x" in seats else "GoodGameChanged"
            tally.escape(kind, f"{what}: game {index}: {row} instead of {expected[index]}")


def case_settings(rng: random.Random) -> dict[str, Any]:
    return settings(rng.choice(CONFIGS), seed=rng.randrange(10**6), games=rng.choice([3, 4]))


def trigger(rng: random.Random) -> int | None:
    return None if rng.random() < 0.3 else rng.randrange(0, 12)


# -- the tests -------------------------------------------------------------------------------------
def test_garbage_raises_and_forged_actions_in_this_process(fuzz_size: int) -> None:
    tally = Tally(FAMILY)
    rng = random.Random("garbage")
    for _ in range(36 * fuzz_size):
        kind = rng.random()
        if kind < 0.6:
            fault = garbage(rng)
        elif kind < 0.9:
            fault = raising(rng)
        else:
            fault, factory = failing_factory(rng)
            run_case(tally, fault, factory, case_settings(rng), 1, None)
            continue
        x = functools.partial(Faulty, fault=fault.act, at=trigger(rng))
        run_case(tally, fault, x, case_settings(rng), 1, None)
    tally.report()


def test_every_fault_in_worker_processes(fuzz_size: int) -> None:
    """Workers=2: the garbage and the raising again (they cross a process boundary now), the
    faults that end the process, and a few hangs."""
    tally = Tally(FAMILY)
    rng = random.Random("workers")
    for _ in range(6 * fuzz_size):
        fault = rng.choice([garbage, raising])(rng)
        run_case(tally, fault, functools.partial(Faulty, fault=fault.act, at=trigger(rng)), case_settings(rng), 2, None)
    for _ in range(4 * fuzz_size):
        fault = exiting(rng)
        run_case(tally, fault, functools.partial(Faulty, fault=fault.act, at=trigger(rng)), case_settings(rng), 2, None)
    tally.report()


def test_hanging_bots_meet_the_time_limit(fuzz_size: int) -> None:
    """Each hanging case costs the limit per game of x's (more for those only the parent can
    stop), so there are few of them, with two or three games."""
    tally = Tally(FAMILY)
    rng = random.Random("hangs")
    plans = [("caller", 1), ("caller", 1), ("worker", 2), ("worker", 2)]
    for i in range(len(plans) * fuzz_size):
        where, workers = plans[i % len(plans)]
        fault = hanging(rng, where)
        kwargs = settings(rng.choice(CONFIGS[:3]), seed=rng.randrange(10**6), games=3)
        x = functools.partial(Faulty, fault=fault.act, at=rng.randrange(0, 8))
        run_case(tally, fault, x, kwargs, workers, TIME_LIMIT)
    tally.report()


def test_a_bots_keyboard_interrupt_in_this_process_stops_the_tournament_with_its_games(fuzz_size: int) -> None:
    """In the caller's process a KeyboardInterrupt cannot be told from Ctrl-C: the documented
    outcome is ``TournamentInterrupted`` with the games finished before it, all as in the reference."""
    tally = Tally(FAMILY)
    rng = random.Random("interrupt")
    for _ in range(2 * fuzz_size):
        kwargs = case_settings(rng)
        x = functools.partial(Faulty, fault=lambda view: _raise(KeyboardInterrupt()), at=trigger(rng))
        what = f"x raises KeyboardInterrupt in the caller's process, {kwargs}"
        with tally.case(what):
            try:
                rb.tournament({"a": rb.bots.Aggressive, "b": rb.bots.Aggressive, "x": x}, workers=1, **kwargs)
            except TournamentInterrupted as stop:
                got, expected = rows(stop.result.games), reference(kwargs)
                if stop.result.planned != kwargs["games"] or any(got[i] != expected[i] for i in got):
                    tally.escape("GoodGameChanged", f"{what}: {got}")
            else:
                tally.escape("NotInterrupted", what)
    tally.report()
