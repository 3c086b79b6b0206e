"""``rb.tournament``: the standings' arithmetic, reproducible seeds and seating, the same games for
one process, a worker pool and a Dask cluster, forfeits, the kinds of bot it accepts, every
edition, CSV output and the clear errors for bad arguments; and a tournament that survives its
bots: forged and garbage actions, base exceptions, dead and hung workers, the time limit, Ctrl-C."""

from __future__ import annotations

import functools
import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import time
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

import riskboard as rb
from riskboard.bots.entrants import classify
from riskboard.tournaments import ForfeitWarning, TournamentInterrupted, TournamentResult
from riskboard.tournaments.results import TABLE_COLUMNS
from riskboard.tournaments.seating import seating

FAST = {"max_turns": 30, "progress": False}
"""Short games: classic with Aggressive bots mostly ends in a draw at 30 turns, in milliseconds."""


def first_legal(view: rb.PlayerView) -> Any:
    """A bot function: always the first legal action."""
    return view.legal_actions()[0]


class Crashing:
    """Plays like Aggressive for ``fuse`` decisions, then raises."""

    def __init__(self, seed: int | None = None, fuse: int = 20) -> None:
        self.inner = rb.bots.Aggressive(seed=seed)
        self.fuse = fuse

    def act(self, view: rb.PlayerView) -> Any:
        self.fuse -= 1
        if self.fuse < 0:
            raise ZeroDivisionError("the bot divided by zero")
        return self.inner.act(view)


class Illegal:
    """Plays like Aggressive until its first attack decision, then names a border that is not one."""

    def __init__(self, seed: int | None = None) -> None:
        self.inner = rb.bots.Aggressive(seed=seed)

    def act(self, view: rb.PlayerView) -> Any:
        if view.pending.decision == "attack":
            return "attack alaska brazil 1"
        return self.inner.act(view)


class Counting:
    """A bot instance with state: the tournament must deep-copy it per game, never mutate it."""

    def __init__(self) -> None:
        self.inner = rb.bots.Aggressive(seed=5)
        self.decisions = 0

    def act(self, view: rb.PlayerView) -> Any:
        self.decisions += 1
        return self.inner.act(view)


def without_timing(result: TournamentResult) -> pd.DataFrame:
    return result.games.drop(columns=["seconds"])


THREE = {"agg1": rb.bots.Aggressive, "agg2": rb.bots.Aggressive, "rand": rb.bots.Random}


@pytest.fixture(scope="module")
def three() -> TournamentResult:
    return rb.tournament(THREE, games=9, seed=3, workers=1, **FAST)


# -- the table ------------------------------------------------------------------------------------
def test_the_table_has_its_columns_and_adds_up(three: TournamentResult) -> None:
    table = three.table
    assert list(table.columns) == list(TABLE_COLUMNS)
    assert set(table.index) == set(THREE) and table.index.name == "bot"
    assert (table["wins"] + table["draws"] + table["losses"] + table["forfeits"] == table["games"]).all()
    assert (table["games"] == 9).all()  # three bots, three seats: everyone plays every game
    assert table["win_rate"].tolist() == sorted(table["win_rate"], reverse=True)
    assert ((table["ci_low"] <= table["win_rate"]) & (table["win_rate"] <= table["ci_high"])).all()
    games = three.games
    assert games["game"].tolist() == list(range(9))
    assert {"seed", "seat_1", "seat_2", "seat_3", "outcome", "winners", "turns", "actions"} <= set(games.columns)
    wins = Counter(games.loc[games["outcome"] == "win", "winners"])
    assert {bot: wins.get(bot, 0) for bot in THREE} == table["wins"].to_dict()
    assert (games.loc[games["outcome"] == "draw", "turns"] > 30).all()
    assert table.loc["agg1", "mean_turns"] == pytest.approx(games["turns"].mean())
    assert three.records is None and three.forfeits.empty
    assert three.seed == 3 and (three.ruleset, three.variant) == ("classic", "standard") and three.elapsed > 0


def test_the_same_seed_gives_the_same_tournament_and_another_seed_another(three: TournamentResult) -> None:
    again = rb.tournament(THREE, games=9, seed=3, workers=1, **FAST)
    pd.testing.assert_frame_equal(without_timing(again), without_timing(three))
    pd.testing.assert_frame_equal(again.table, three.table)
    other = rb.tournament(THREE, games=9, seed=4, workers=1, **FAST)
    assert other.games["seed"].tolist() != three.games["seed"].tolist()


def test_without_a_seed_one_is_drawn_and_reported() -> None:
    result = rb.tournament(THREE, games=3, seed=None, workers=None, **FAST)  # None: every core
    again = rb.tournament(THREE, games=3, seed=result.seed, workers=1, **FAST)
    pd.testing.assert_frame_equal(without_timing(again), without_timing(result))


def test_every_bot_sits_in_every_seat_once_per_block() -> None:
    names = ["a", "b", "c", "d", "e"]
    for k in (5, 3):
        for block in range(4):
            games = [seating(names, k, seed=11, index=block * 5 + r) for r in range(5)]
            assert all(len(set(g)) == k for g in games)
            assert Counter(name for g in games for name in g) == dict.fromkeys(names, k)
            for seat in range(k):
                assert sorted(g[seat] for g in games) == names
    firsts = [seating(names, 5, seed=11, index=i)[0] for i in range(20)]
    assert Counter(firsts) == dict.fromkeys(names, 4)


def test_players_draws_a_subset_of_the_bots_per_game() -> None:
    bots = {"a": rb.bots.Aggressive, "b": rb.bots.Aggressive, "c": rb.bots.Random, "d": rb.bots.Random}
    result = rb.tournament(bots, games=8, players=2, workers=1, **FAST)
    assert list(result.games.filter(like="seat_").columns) == ["seat_1", "seat_2"]
    assert (result.table["games"] == 4).all()  # two complete blocks of four games, two seats each


# -- where the games run --------------------------------------------------------------------------
MIXED = {"agg": rb.bots.Aggressive, "crash": functools.partial(Crashing, fuse=60), "fn": first_legal}


@pytest.fixture(scope="module")
def in_process() -> TournamentResult:
    with pytest.warns(ForfeitWarning):
        return rb.tournament(MIXED, games=6, seed=5, workers=1, **FAST)


def test_a_worker_pool_plays_the_same_games(in_process: TournamentResult) -> None:
    with pytest.warns(ForfeitWarning):
        pooled = rb.tournament(MIXED, games=6, seed=5, workers=2, **FAST)
    assert in_process.forfeits["bot"].eq("crash").all() and len(in_process.forfeits) > 0
    pd.testing.assert_frame_equal(without_timing(pooled), without_timing(in_process))
    pd.testing.assert_frame_equal(pooled.table, in_process.table)


def test_a_dask_cluster_plays_the_same_games(in_process: TournamentResult) -> None:
    import cloudpickle
    from distributed import Client, LocalCluster

    # the Dask workers cannot import this test module: send its bots by value, as for a notebook's
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        with (
            LocalCluster(
                n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
            ) as cluster,
            Client(cluster) as client,
            pytest.warns(ForfeitWarning),
        ):
            on_dask = rb.tournament(MIXED, games=6, seed=5, client=client, **FAST)
    finally:
        cloudpickle.unregister_pickle_by_value(sys.modules[__name__])
    pd.testing.assert_frame_equal(without_timing(on_dask), without_timing(in_process))
    pd.testing.assert_frame_equal(on_dask.table, in_process.table)


# -- forfeits -------------------------------------------------------------------------------------
def test_a_crashing_and_an_illegal_bot_forfeit_and_the_rest_play_on() -> None:
    bots = {"good": rb.bots.Aggressive, "crash": Crashing, "illegal": Illegal}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = rb.tournament(bots, games=6, players=2, workers=1, **FAST)
    forfeit_warnings = [w for w in caught if issubclass(w.category, ForfeitWarning)]
    assert len(forfeit_warnings) == 1  # once, at the end
    assert "See result.forfeits" in str(forfeit_warnings[0].message)
    assert len(result.games) == 6
    forfeits = result.forfeits
    assert set(forfeits.columns) == {"game", "bot", "error"}
    crash = forfeits[forfeits["bot"] == "crash"]
    illegal = forfeits[forfeits["bot"] == "illegal"]
    assert len(crash) == 4 and len(illegal) == 2  # crash plays 4 games; illegal's 4 minus 2 against crash
    assert crash["error"].str.contains("ZeroDivisionError: the bot divided by zero").all()
    assert illegal["error"].str.contains("illegal action 'attack alaska brazil 1'").all()
    assert not forfeits["error"].str.contains(" at 0x").any()  # no memory address from a repr
    good_games = result.games[(result.games[["seat_1", "seat_2"]] == "good").any(axis=1)]
    assert (good_games["outcome"] == "forfeit").all()
    table = result.table
    assert table.loc["good", "losses"] == 0 and table.loc["good", "draws"] == 4
    assert table.loc["crash", "forfeits"] == 4 and table.loc["illegal", "forfeits"] == 2
    assert (table["wins"] + table["draws"] + table["losses"] + table["forfeits"] == table["games"]).all()
    assert table.loc["good", "elo"] > table.loc["illegal", "elo"] > table.loc["crash", "elo"]


# -- what a bot may be ----------------------------------------------------------------------------
def test_bot_classes_factories_instances_and_functions_are_told_apart() -> None:
    kinds = {
        "class": rb.bots.Random,
        "partial": functools.partial(rb.bots.Aggressive, trade_at=4),
        "no_seed": lambda: rb.bots.Random(seed=1),
        "seed_only": lambda seed: rb.bots.Random(seed=seed),
        "instance": rb.bots.Aggressive(seed=1),
        "function": first_legal,
        "lambda_of_view": lambda view: first_legal(view),
    }
    got = {name: classify(name, source).kind for name, source in kinds.items()}
    assert got == {
        "class": "seeded_factory",
        "partial": "seeded_factory",
        "no_seed": "factory",
        "seed_only": "seeded_factory",
        "instance": "instance",
        "function": "function",
        "lambda_of_view": "function",
    }


def test_a_function_a_class_and_an_instance_all_play() -> None:
    counting = Counting()
    result = rb.tournament(
        {"function": first_legal, "class": rb.bots.Aggressive, "instance": counting}, games=3, workers=1, **FAST
    )
    assert result.forfeits.empty and (result.table["games"] == 3).all()
    assert result.games["actions"].min() > 0
    assert counting.decisions == 0  # each game played a deep copy


def test_factories_get_a_seed_per_game_and_seat() -> None:
    seeds: list[int] = []

    def factory(seed: int) -> rb.bots.Aggressive:
        seeds.append(seed)
        return rb.bots.Aggressive(seed=seed)

    rb.tournament({"a": factory, "b": rb.bots.Aggressive}, games=3, workers=1, **FAST)
    assert len(seeds) == 4 and len(set(seeds[1:])) == 3  # one check before the games, then one per game


# -- every edition --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("ruleset", "variant", "n"),
    [
        ("classic", None, 2),
        ("classic", "secret_missions", 3),
        ("risk2010", None, 3),
        ("risk2010", "two_player", 2),
        ("balance_of_power", None, 2),
        ("balance_of_power", "command_room", 2),
        ("transformers", None, 3),
    ],
)
def test_every_edition_runs_a_tiny_tournament(ruleset: str, variant: str | None, n: int) -> None:
    bots = {f"bot{i}": rb.bots.Aggressive for i in range(n)}
    result = rb.tournament(bots, ruleset=ruleset, variant=variant, games=2, workers=1, records=True, **FAST)
    assert result.ruleset == rb.get_ruleset(ruleset).name
    assert result.forfeits.empty and (result.table["games"] == 2).all()
    assert result.records is not None and len(result.records) == 2
    replayed = rb.replay(result.records[1])
    assert replayed.turn == result.games.loc[1, "turns"]
    assert ", ".join(replayed.winners) == result.games.loc[1, "winners"]


# -- output ---------------------------------------------------------------------------------------
def test_the_tables_are_written_as_csv_and_read_back(three: TournamentResult, tmp_path: Path) -> None:
    three.to_csv(tmp_path / "table.csv")
    table = pd.read_csv(tmp_path / "table.csv", index_col="bot")
    pd.testing.assert_frame_equal(table, three.table, check_dtype=False)
    three.to_csv(tmp_path / "games.csv", games=True)
    games = pd.read_csv(tmp_path / "games.csv", keep_default_na=False)
    assert games["seed"].tolist() == three.games["seed"].tolist()
    assert games["winners"].tolist() == three.games["winners"].tolist()


def test_repr_and_html_show_the_standings(three: TournamentResult) -> None:
    text = repr(three)
    assert text.startswith("TournamentResult(classic (standard): 9 games of 3 players, seed 3")
    assert all(name in text for name in THREE)
    page = three._repr_html_()
    assert "<table" in page and "win_rate" in page and "agg1" in page


def test_the_progress_bar_counts_games(capsys: pytest.CaptureFixture[str]) -> None:
    rb.tournament(THREE, games=3, workers=1, max_turns=5, progress=True)
    assert "3/3" in capsys.readouterr().err


# -- bad arguments --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"ruleset": "clasic"}, "unknown ruleset 'clasic' (did you mean 'classic'?)"),
        ({"games": 0}, "games must be a whole number from 1 to 10,000,000"),
        ({"bots": {}}, "bots must be a non-empty mapping"),
        ({"bots": {"a": rb.bots.Random, "b": 42}}, "the bot 'b' is 42"),
        ({"bots": {"a": rb.bots.Random, "b": lambda x, y: None}}, "needs the arguments x, y"),
        ({"bots": {"a": rb.bots.Random, "b": lambda: 42}}, "returned 42, which has no act(view) method"),
        ({"players": 4}, "players (bots per game) must be a whole number from 1 to the 3 bots"),
        ({"ruleset": "balance_of_power"}, "balance_of_power is for 2 to 2 players, got 3"),
        ({"bots": {str(i): rb.bots.Random for i in range(7)}}, "got 7; with 7 bots give players=<bots per game>"),
        ({"ruleset": "risk2010", "bots": {"a": rb.bots.Random, "b": rb.bots.Random}}, "two players play variant="),
        ({"workers": 0}, "workers must be a whole number from 1 to 1024"),
        ({"workers": 10**6}, "workers must be a whole number from 1 to 1024"),
        ({"max_turns": -1}, "max_turns must be a whole number ≥ 0"),
        ({"bots": {"neutral": rb.bots.Random, "b": rb.bots.Random}}, "neutral is the name of a neutral army"),
        ({"games": 10**30}, "games must be a whole number from 1 to 10,000,000, got 1000"),
        ({"time_limit": 0}, "time_limit must be a positive number of seconds per decision, or None"),
        ({"time_limit": -1.5}, "time_limit must be a positive number"),
        ({"time_limit": float("nan")}, "time_limit must be a positive number"),
        ({"time_limit": float("inf")}, "time_limit must be a positive number"),
        ({"time_limit": "5"}, "time_limit must be a positive number"),
        ({"time_limit": True}, "time_limit must be a positive number"),
        ({"bots": {"a": rb.bots.Random, "b": lambda: sys.exit(3)}}, "making the bot 'b' raised SystemExit: 3"),
    ],
)
def test_bad_arguments_are_config_errors(kwargs: dict[str, Any], words: str) -> None:
    arguments: dict[str, Any] = {"bots": THREE, "games": 2, "workers": 1, "progress": False, **kwargs}
    with pytest.raises(rb.ConfigError) as info:
        rb.tournament(**arguments)
    assert words in str(info.value)


# -- surviving the bots (issue 19, item 7) ----------------------------------------------------------
PARENT = os.getpid()
"""The test process: a bot in a forked worker still sees this value and can signal it."""


def _forged(cls: type, **fields: Any) -> Any:
    """An action object built without its constructor's checks, as a buggy bot might return."""
    action = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


class Unprintable:
    """An object whose text form raises: the engine's message about it fails too."""

    def __str__(self) -> str:
        raise RuntimeError("no text")

    __repr__ = __str__


def _sleep_forever(view: Any) -> Any:
    time.sleep(3600)


def _loop_forever(view: Any) -> Any:
    while True:
        pass


def _blocked_forever(view: Any) -> Any:
    """Blocks SIGALRM, so the worker's watch cannot interrupt it: only the parent can end it."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    time.sleep(3600)


def _interrupt_the_tournament(view: Any) -> Any:
    """Ctrl-C, as the terminal would send it to the tournament's process, then a long think."""
    os.kill(PARENT, signal.SIGINT)
    time.sleep(3600)


def _raise(exc: BaseException) -> Any:
    raise exc


FAULTS: dict[str, Any] = {
    "forged_empty": lambda view: _forged(rb.Place),
    "forged_attack": lambda view: _forged(rb.Attack, source=None, target=[], dice="3"),
    "int": lambda view: 5,
    "none": lambda view: None,
    "list": lambda view: ["end"],
    "unprintable": lambda view: Unprintable(),
    "illegal_text": lambda view: "attack alaska brazil 1",
    "system_exit": lambda view: sys.exit(4),
    "base_exception": lambda view: _raise(BaseException("a bare BaseException")),
    "worker_keyboard_interrupt": lambda view: _raise(KeyboardInterrupt()),
    "exit": lambda view: os._exit(3),
    "sigkill": lambda view: os.kill(os.getpid(), signal.SIGKILL),
    "sleep": _sleep_forever,
    "loop": _loop_forever,
    "blocked": _blocked_forever,
    "interrupt": _interrupt_the_tournament,
}


class Faulty:
    """Plays like Aggressive (with the same seed, so it plays the same moves) until its first
    attack decision, which every seated bot reaches in its first turn; then does ``fault``."""

    def __init__(self, seed: int | None = None, fault: str = "none") -> None:
        self.inner = rb.bots.Aggressive(seed=seed)
        self.fault = fault

    def act(self, view: rb.PlayerView) -> Any:
        if view.pending.decision != "attack":
            return self.inner.act(view)
        return FAULTS[self.fault](view)


SURVIVE = {"max_turns": 30, "progress": False, "players": 2, "games": 6, "seed": 9}
"""Three bots, two a game: the faulty bot "x" sits in four of the six games, the other two are
between good bots only."""


@functools.cache
def reference() -> pd.DataFrame:
    """The same tournament with "x" a good bot: the games without it must not change."""
    bots = {"a": rb.bots.Aggressive, "b": rb.bots.Aggressive, "x": rb.bots.Aggressive}
    return without_timing(rb.tournament(bots, workers=1, **SURVIVE))


def rows(games: pd.DataFrame) -> list[dict[str, Any]]:
    """A games table as plain rows (a table with forfeits holds strings where another holds None)."""
    return games.astype(object).where(games.notna(), None).to_dict("records")


def faulty_tournament(fault: str, **kwargs: Any) -> TournamentResult:
    bots = {"a": rb.bots.Aggressive, "b": rb.bots.Aggressive, "x": functools.partial(Faulty, fault=fault)}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ForfeitWarning)
        return rb.tournament(bots, **{**SURVIVE, **kwargs})


def assert_only_x_forfeits(result: TournamentResult, reason: str) -> None:
    """Every game seating "x" is its forfeit with ``reason``; every other game is the reference's."""
    games, ref = without_timing(result), reference()
    seated = (games[["seat_1", "seat_2"]] == "x").any(axis=1)
    assert seated.sum() == 4 and len(games) == 6
    lost = games[seated]
    assert (lost["outcome"] == "forfeit").all() and (lost["forfeit_bot"] == "x").all(), lost
    assert lost["forfeit_error"].str.contains(reason, regex=False).all(), lost["forfeit_error"].tolist()
    assert rows(games[~seated]) == rows(ref[~seated])
    assert result.table.loc["x", "forfeits"] == 4 and result.table.loc[["a", "b"], "forfeits"].eq(0).all()


@pytest.mark.parametrize(
    ("fault", "reason"),
    [
        # the engine's own words for a forged action may change (to IllegalAction): the forfeit may not
        ("forged_empty", "chose"),
        ("forged_attack", "chose"),
        ("int", "playing x, chose the illegal action '5'"),
        ("none", "playing x, chose the illegal action 'None'"),
        ("list", "chose"),
        ("unprintable", "chose"),
        ("illegal_text", "illegal action 'attack alaska brazil 1'"),
        ("system_exit", "raised SystemExit: 4"),
        ("base_exception", "raised BaseException: a bare BaseException"),
    ],
)
def test_a_bot_returning_garbage_or_raising_anything_forfeits_only_its_games(fault: str, reason: str) -> None:
    assert_only_x_forfeits(faulty_tournament(fault, workers=1), reason)


def test_in_a_worker_every_failure_of_a_bot_is_its_forfeit() -> None:
    """In a worker process even a bot's KeyboardInterrupt is the bot's (Ctrl-C is the parent's)."""
    assert_only_x_forfeits(faulty_tournament("forged_empty", workers=2), "chose")
    assert_only_x_forfeits(faulty_tournament("worker_keyboard_interrupt", workers=2), "raised KeyboardInterrupt")


@pytest.mark.parametrize(
    ("fault", "reason"),
    [("exit", "ended its worker process while deciding, twice (exit code 3)"), ("sigkill", "killed by SIGKILL")],
)
def test_a_dead_workers_games_are_played_again_and_the_killer_forfeits(fault: str, reason: str) -> None:
    result = faulty_tournament(fault, workers=2)
    assert_only_x_forfeits(result, reason)
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize(("fault", "workers"), [("loop", 1), ("sleep", 1), ("loop", 2), ("sleep", 2)])
def test_a_hanging_bot_forfeits_at_the_time_limit(fault: str, workers: int) -> None:
    result = faulty_tournament(fault, workers=workers, time_limit=0.5)
    assert_only_x_forfeits(result, "took longer than time_limit=0.5 s to decide")


def test_a_bot_the_worker_cannot_interrupt_is_ended_by_the_parent() -> None:
    result = faulty_tournament("blocked", workers=2, time_limit=0.5)
    assert_only_x_forfeits(result, "took longer than time_limit=0.5 s to decide, twice, and could not be interrupted")
    assert multiprocessing.active_children() == []


def test_a_factory_that_fails_in_some_games_forfeits_those() -> None:
    def fussy(seed: int) -> rb.bots.Aggressive:
        if seed != 0:  # the check before the games makes one with seed 0
            raise ValueError(f"no bot for seed {seed}")
        return rb.bots.Aggressive(seed=seed)

    bots = {"a": rb.bots.Aggressive, "b": rb.bots.Aggressive, "x": fussy}
    with pytest.warns(ForfeitWarning, match="forfeited by a bot that failed: x"):
        result = rb.tournament(bots, workers=1, **SURVIVE)
    assert_only_x_forfeits(result, "making the bot raised ValueError: no bot for")


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_the_tournament_and_keeps_the_finished_games(workers: int) -> None:
    with pytest.raises(TournamentInterrupted) as info:
        faulty_tournament("interrupt", workers=workers, time_limit=None)
    partial = info.value.result
    assert isinstance(info.value, KeyboardInterrupt) and partial.interrupted and partial.planned == 6
    assert "interrupted after" in str(info.value) and "interrupted" in repr(partial)
    played = without_timing(partial)
    assert len(played) < 6 and not (played[["seat_1", "seat_2"]] == "x").any(axis=None)
    ref = reference()
    assert rows(played) == rows(ref[ref["game"].isin(played["game"])])
    assert multiprocessing.active_children() == []  # the workers were ended, the sleeping one too


def test_the_time_limit_holds_on_dask_threads() -> None:
    from distributed import Client, LocalCluster

    with (
        LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        result = faulty_tournament("loop", client=client, time_limit=0.5)
        assert_only_x_forfeits(result, "took longer than time_limit=0.5 s to decide")
        forged = faulty_tournament("forged_empty", client=client)
        assert_only_x_forfeits(forged, "chose")


def test_a_dask_worker_that_dies_costs_only_the_game_it_was_playing() -> None:
    """Dask reruns a dead worker's task elsewhere, then says ``KilledWorker``: the chunk's games are
    sent one by one, and the one that kills again is forfeited (no bot named: Dask cannot say)."""
    import cloudpickle
    import dask
    from distributed import Client, LocalCluster

    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        with (
            dask.config.set({"distributed.scheduler.allowed-failures": 0}),  # one death is enough here
            LocalCluster(
                n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
            ) as cluster,
            Client(cluster) as client,
        ):
            result = faulty_tournament("exit", client=client)
    finally:
        cloudpickle.unregister_pickle_by_value(sys.modules[__name__])
    games, ref = without_timing(result), reference()
    seated = (games[["seat_1", "seat_2"]] == "x").any(axis=1)
    lost = games[seated]
    assert (lost["outcome"] == "forfeit").all() and lost["forfeit_bot"].isna().all()
    assert lost["forfeit_error"].str.contains("ended its Dask worker on every try").all()
    assert rows(games[~seated]) == rows(ref[~seated])
    assert result.table["forfeits"].sum() == 0 and (result.table.loc["x", "draws"] == 4)


INTERRUPTED_SCRIPT = """
import os, signal, sys, time
import riskboard as rb

PARENT = os.getpid()


class Stuck:
    def __init__(self, seed=None):
        self.inner = rb.bots.Aggressive(seed=seed)

    def act(self, view):
        if view.pending.decision == "attack":
            with open(sys.argv[1], "a") as f:
                f.write(f"{os.getpid()}\\n")
            os.kill(PARENT, signal.SIGINT)
            time.sleep(3600)  # no time limit: only the tournament ending its worker stops this
        return self.inner.act(view)


rb.tournament({"a": rb.bots.Aggressive, "stuck": Stuck}, games=4, workers=2, time_limit=None, progress=False)
"""


def test_ctrl_c_ends_the_program_and_every_worker(tmp_path: Path) -> None:
    """Uncaught, the interruption ends the program (exit code 130 for SIGINT is not Python's:
    it exits with 1 and the KeyboardInterrupt's message), and no worker outlives it."""
    script, pids = tmp_path / "interrupted.py", tmp_path / "pids.txt"
    script.write_text(textwrap.dedent(INTERRUPTED_SCRIPT), encoding="utf-8")
    done = subprocess.run([sys.executable, str(script), str(pids)], capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and "TournamentInterrupted: the tournament was interrupted after" in done.stderr
    stuck = [int(line) for line in pids.read_text().split()]
    assert stuck
    for pid in stuck:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
