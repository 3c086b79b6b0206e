"""The memory of a long tournament, and the size of every cache riskboard keeps.

Run:  python benchmarks/memory.py [--games 2000] [--workers 2] [--ruleset classic] [--varied 1000]

Four runs, each in a fresh Python process so that none inherits another's caches:

  1. ``rb.tournament(..., workers=1)``: ``--games`` lean games between Aggressive, Random and
     Planner: peak RSS, and RSS growth per game over the first and the last thousand games;
  2. the same tournament under ``tracemalloc``: traced growth per game over the first and the last
     thousand games, the lines that allocated the last thousand's growth, and each cache's entries
     at the end against its bound;
  3. the same tournament with ``--workers`` worker processes: the peak RSS of the parent and of
     the largest worker;
  4. ``--varied`` lean games in one process, every game different: all four editions in turn, new
     player names, house rules and options, seeds (what caches keyed by names, counts or rules
     meet in a long-lived notebook or server): traced growth per game and the caches at the end.

The runs measure from inside the tournament, as it is played (the default ``time_limit`` and
all): a bot factory that, when the first bot of a game is made, collects garbage and reads the
memory. One game more than ``--games`` is started, for the last mark; the forfeits are printed (a
measurement slower than the time limit would show there). Figures only, nothing is asserted:
``tests/test_memory.py`` checks that the caches keep their bounds. RSS is read from
``/proc/self/status`` (Linux).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import resource
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import riskboard as rb

WINDOW = 1000
"""Games per window of the growth figures (the first and the last of the run)."""
BOTS: tuple[type, ...] = (rb.bots.Aggressive, rb.bots.Random, rb.bots.Planner)


def rss_kib() -> int:
    """The resident set of this process now, in KiB (0 where ``/proc`` is missing)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def peak_kib(who: int = resource.RUSAGE_SELF) -> int:
    """The peak resident set (``ru_maxrss``: KiB on Linux) of this process or of its largest child."""
    return resource.getrusage(who).ru_maxrss


# -- the caches ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cache:
    """One cache: where it lives, how many entries it holds now, and its bound (``None``: bounded
    only by what it is keyed by, said in ``note``)."""

    where: str
    entries: Callable[[], int]
    bound: int | None
    note: str = ""


def _lru(where: str, function: Any, note: str = "") -> Cache:
    """A ``functools`` cache, read through ``cache_info`` (``maxsize=None``: unbounded)."""
    return Cache(where, lambda: function.cache_info().currsize, function.cache_info().maxsize, note)


def _named(module: Any, name: str, literal: int) -> int:
    """A bound: the module's named constant, or the literal its code compares with (``> 10_000``
    keeps at most 10,001) where it has none yet."""
    return int(getattr(module, name, literal))


def caches() -> list[Cache]:
    """Every cache of ``src/riskboard`` a game, a bot or the odds can fill (the widget's two
    one-entry bundle caches are left out: they need the notebook stack)."""
    from riskboard.analysis import exact, sampler, table
    from riskboard.analysis import odds as analysis_odds
    from riskboard.bots import odds as bot_odds
    from riskboard.bots import reading
    from riskboard.engine import chance, combat
    from riskboard.maps import loader
    from riskboard.registry import get_ruleset
    from riskboard.rulesets.balance_of_power import missions
    from riskboard.rulesets.classic import legal as classic_legal
    from riskboard.rulesets.components import cards
    from riskboard.rulesets.risk2010 import counts

    ruleset = get_ruleset("classic")
    out = [
        Cache(
            "rulesets.classic: ClassicRuleset._pendings",
            lambda: len(ruleset._pendings),  # type: ignore[attr-defined]
            _named(classic_legal, "PENDINGS_KEPT", 10_001),
            "cleared when full",
        ),
        Cache(
            "rulesets.classic: ClassicRuleset._sets_of_hand",
            lambda: len(ruleset._sets_of_hand),  # type: ignore[attr-defined]
            _named(classic_legal, "HANDS_KEPT", 50_001),
            "cleared when full",
        ),
        Cache(
            "rulesets.components.cards: _SETS_BY_SYMBOLS",
            lambda: len(cards._SETS_BY_SYMBOLS),
            _named(cards, "PATTERNS_KEPT", 20_001),
            "cleared when full",
        ),
        Cache("engine.chance: _DRAWS", lambda: len(chance._DRAWS), 256, "cleared when full"),
        Cache("engine.chance: _LIMITS", lambda: len(chance._LIMITS), None, "one per number of outcomes drawn"),
        Cache("engine.chance: _THROWS", lambda: len(chance._THROWS), chance.MOST_THROW_TABLES, "cleared when full"),
        Cache(
            "engine.chance: _RESOLVED",
            lambda: sum(len(t) for t in chance._RESOLVED.values()),
            None,
            "one per tie rule and six-sided dice, at most 30",
        ),
        _lru("engine.combat: _changed", combat._changed),
        Cache("bots.odds: _KEPT", lambda: len(bot_odds._KEPT), bot_odds.MOST_RULES, "first in, first out"),
        Cache("bots.odds: _TABLES", lambda: len(bot_odds._TABLES), bot_odds.MOST_ALIASES, "cleared when full"),
        _lru("bots.odds: leader_p_win", bot_odds.leader_p_win),
        _lru("bots.reading: region_of", reading.region_of),
        _lru("analysis.exact: kept_side", exact.kept_side),
        _lru("analysis.exact: kept_mixed_side", exact.kept_mixed_side),
        _lru("analysis.exact: throw", exact.throw),
        _lru("analysis.exact: throw_faces", exact.throw_faces),
        _lru("analysis.exact: full_dice", exact.full_dice),
        _lru("analysis.odds: battle_odds", analysis_odds.battle_odds),
        _lru("analysis.exact: exact_p_win", exact.exact_p_win),
        _lru("analysis.odds: _leader_losses", analysis_odds._leader_losses),
        _lru("analysis.table: _dice_rules", table._dice_rules),
        _lru("analysis.table: _float_throw", table._float_throw),
        Cache("analysis.table: _TABLES", lambda: len(table._TABLES), table.MOST_TABLES, "least recently used out"),
        Cache(
            "analysis.table: _TABLES, battles",
            lambda: sum(t.p_win.size for t in table._TABLES.values()),
            table.MOST_CELLS,
            "cells of all the tables",
        ),
        Cache("analysis.sampler: _KEPT", lambda: len(sampler._KEPT), sampler.MOST_KEPT, "least recently used out"),
        _lru("maps.loader: _load_map", loader._load_map, "one per map file shipped (2)"),
        _lru(
            "rulesets.balance_of_power.missions: feature_territories", missions.feature_territories, "maps x features"
        ),
        _lru("rulesets.balance_of_power.missions: _difficult", missions._difficult, "one per difficult_terrain option"),
        _lru("rulesets.balance_of_power.missions: _region", missions._region),
        _lru("rulesets.risk2010.counts: _as_set", counts._as_set),
    ]
    return out


def cache_rows() -> list[tuple[str, int, int | None, str]]:
    return [(c.where, c.entries(), c.bound, c.note) for c in caches()]


# -- the probe ----------------------------------------------------------------------------------


class Probe:
    """Counts the games of a tournament by the bots it makes (every game makes one per seat, all
    before it is played) and reads the memory when the first bot of a marked game is made."""

    def __init__(self, players: int, marks: set[int], traced: bool) -> None:
        self.players = players
        self.marks = marks
        self.traced = traced
        self.made = 0
        self.rss: dict[int, int] = {}
        self.traced_bytes: dict[int, int] = {}
        self.snapshots: dict[int, tracemalloc.Snapshot] = {}

    def factory(self, bot: type) -> Callable[..., Any]:
        def make(seed: int | None = None) -> Any:
            game, seat = divmod(self.made, self.players)
            self.made += 1
            if seat == 0 and game in self.marks:
                self.mark(game)
            return bot(seed=seed)

        return make

    def mark(self, game: int) -> None:
        gc.collect()
        self.rss[game] = rss_kib()
        if self.traced:
            self.traced_bytes[game] = tracemalloc.get_traced_memory()[0]
            self.snapshots[game] = tracemalloc.take_snapshot()


def windows(games: int) -> tuple[int, int, int, int]:
    """The first and the last window: (start, end, start, end) in games."""
    w = min(WINDOW, games // 2)
    return 0, w, games - w, games


def top_lines(later: tracemalloc.Snapshot, earlier: tracemalloc.Snapshot, n: int = 8) -> list[tuple[str, int, int]]:
    """Where the traced memory grew from ``earlier`` to ``later``: (file:line, bytes, blocks)."""
    stats = later.filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)]).compare_to(earlier, "lineno")
    out = []
    for s in stats[:n]:
        frame = s.traceback[0]
        path = frame.filename.split("src/riskboard/")[-1] if "src/riskboard/" in frame.filename else frame.filename
        out.append((f"{path}:{frame.lineno}", s.size_diff, s.count_diff))
    return out


def tournament_part(args: argparse.Namespace, traced: bool, workers: int) -> dict[str, Any]:
    """One tournament, measured by a probe; with worker processes only the peak RSS is read (the
    parent's, and its largest child's once the workers are gone)."""
    players = args.players or len(BOTS)
    marks = set(windows(args.games)) if workers == 1 else set()
    probe = Probe(players, marks, traced)
    bots = {bot.__name__.lower(): probe.factory(bot) for bot in BOTS}
    if traced:
        tracemalloc.start(1)
    started = time.perf_counter()
    result = rb.tournament(
        bots,
        ruleset=args.ruleset,
        games=args.games + 1,
        seed=args.seed,
        workers=workers,
        players=players,
        max_turns=args.max_turns,
        progress=False,
    )
    seconds = time.perf_counter() - started
    out: dict[str, Any] = {
        "games": args.games,
        "seconds": seconds,
        "turns": int(result.games["turns"].sum()),
        "forfeits": len(result.forfeits),
        "peak_kib": peak_kib(),
        "children_peak_kib": peak_kib(resource.RUSAGE_CHILDREN) if workers > 1 else None,
        "rss": probe.rss,
    }
    if traced:
        a, b, c, d = windows(args.games)
        out["traced"] = probe.traced_bytes
        out["top_first"] = top_lines(probe.snapshots[b], probe.snapshots[a])
        out["top_last"] = top_lines(probe.snapshots[d], probe.snapshots[c])
        tracemalloc.stop()
    if workers == 1:
        out["caches"] = cache_rows()
    return out


# -- many different games -------------------------------------------------------------------------

EDITIONS = (("classic", 2, 6), ("risk2010", 3, 5), ("balance_of_power", 2, 2), ("transformers", 2, 4))


def varied_game(i: int, rng: random.Random) -> rb.Game:
    """Game ``i`` of the varied run: the editions in turn, new names, seeds and house rules."""
    ruleset, least, most = EDITIONS[i % len(EDITIONS)]
    names = [f"player {i}.{seat} {rng.randrange(10**6)}" for seat in range(rng.randint(least, most))]
    options: dict[str, Any] = {}
    if ruleset in ("classic", "risk2010"):
        options = {
            "attack_dice": rng.randint(1, 3),
            "defence_dice": rng.randint(1, 2),
            "ties": rng.choice(["defender", "attacker"]),
        }
    if ruleset == "classic":
        options["territory_bonus"] = rng.randint(0, 3)
    if ruleset == "balance_of_power":
        hospital = rng.random() < 0.5
        options = {
            "difficult_terrain": rng.sample(list(rb.load_map("europe").ids), rng.randint(2, 8)),
            "field_hospital": hospital,
            "airfields": hospital and rng.random() < 0.5,
        }
    if ruleset == "transformers":
        options = {"rounds": rng.randint(3, 8)}
    return rb.new_game(ruleset, players=names, options=options, seed=rng.randrange(2**62), lean=True)


def varied_part(args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    n = args.varied
    marks = set(windows(n))
    rss: dict[int, int] = {}
    traced: dict[int, int] = {}
    snapshots: dict[int, tracemalloc.Snapshot] = {}
    tracemalloc.start(1)
    started = time.perf_counter()
    for i in range(n + 1):
        if i in marks:
            gc.collect()
            rss[i], traced[i], snapshots[i] = rss_kib(), tracemalloc.get_traced_memory()[0], tracemalloc.take_snapshot()
        if i == n:
            break
        game = varied_game(i, rng)
        bots = {p: BOTS[(i + seat) % len(BOTS)](seed=rng.randrange(2**32)) for seat, p in enumerate(game.players)}
        game.play(bots, max_turns=args.max_turns)
    seconds = time.perf_counter() - started
    a, b, c, d = windows(n)
    out = {
        "games": n,
        "seconds": seconds,
        "peak_kib": peak_kib(),
        "rss": rss,
        "traced": traced,
        "top_first": top_lines(snapshots[b], snapshots[a]),
        "top_last": top_lines(snapshots[d], snapshots[c]),
        "caches": cache_rows(),
    }
    tracemalloc.stop()
    return out


# -- printing -----------------------------------------------------------------------------------


def _growth(marks: dict[Any, int], games: int, unit: int) -> tuple[float, float]:
    """Growth per game (bytes) over the first and the last window."""
    marks = {int(k): v for k, v in marks.items()}
    a, b, c, d = windows(games)
    return (marks[b] - marks[a]) * unit / (b - a), (marks[d] - marks[c]) * unit / (d - c)


def _mib(kib: int | None) -> str:
    return "n/a" if not kib else f"{kib / 1024:,.0f} MiB"


def print_growth(run: dict[str, Any], rss: bool) -> None:
    """The growth per game over the first and the last window: RSS (not under tracemalloc, whose
    own tables grow with what it traces) or traced, with the lines that allocated it."""
    games = run["games"]
    a, b, c, d = windows(games)
    if rss and any(run["rss"].values()):
        first, last = _growth(run["rss"], games, 1024)
        print(f"  RSS growth per game      games {a}-{b}: {first:>9,.0f} B    games {c}-{d}: {last:>9,.0f} B")
    if "traced" in run:
        first, last = _growth(run["traced"], games, 1)
        print(f"  traced growth per game   games {a}-{b}: {first:>9,.0f} B    games {c}-{d}: {last:>9,.0f} B")
        for title, key in ((f"games {a}-{b}", "top_first"), (f"games {c}-{d}", "top_last")):
            print(f"  where the traced memory grew, {title}:")
            for where, size, count in run[key]:
                print(f"    {size / 1024:>+10,.1f} KiB {count:>+8,} blocks  {where}")


def print_caches(rows: list[list[Any]]) -> None:
    print(f"  {'cache':<58} {'entries':>8} {'bound':>8}  note")
    for where, entries, bound, note in rows:
        bound_text = "none" if bound is None else f"{bound:,}"
        print(f"  {where:<58} {entries:>8,} {bound_text:>8}  {note}")


def run_part(part: str, argv: list[str]) -> dict[str, Any]:
    """Run one part in a fresh interpreter and read its figures (JSON on its last line)."""
    done = subprocess.run([sys.executable, __file__, "--part", part, *argv], capture_output=True, text=True)
    if done.returncode:
        sys.stderr.write(done.stderr)
        raise SystemExit(f"part {part} failed")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="games of each tournament (default 2000)")
    parser.add_argument("--workers", type=int, default=2, help="workers of the pooled run (default 2)")
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--players", type=int, default=0, help="players a game (default: the three bots)")
    parser.add_argument("--max-turns", type=int, default=1000)
    parser.add_argument("--varied", type=int, default=1000, help="games of the varied run (0: skip it)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--part", choices=("rss", "traced", "pool", "varied"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.part:
        part = {
            "rss": lambda: tournament_part(args, traced=False, workers=1),
            "traced": lambda: tournament_part(args, traced=True, workers=1),
            "pool": lambda: tournament_part(args, traced=False, workers=args.workers),
            "varied": lambda: varied_part(args),
        }[args.part]()
        print(json.dumps(part))
        return
    argv = [a for a in sys.argv[1:]]
    what = f"{args.games:,} lean {args.ruleset} games (max_turns={args.max_turns}), Aggressive, Random and Planner"
    print(f"Memory of a long tournament: {what}; Python {sys.version.split()[0]}, {os.cpu_count()} cores")

    rss = run_part("rss", argv)
    print(
        f"\n1. in-process (workers=1), {rss['seconds']:,.0f} s, {rss['games'] / rss['seconds']:,.1f} games/s, "
        f"{rss['turns'] / rss['games']:,.0f} player turns a game, {rss['forfeits']} forfeits"
    )
    print(f"  peak RSS                 {_mib(rss['peak_kib'])}")
    print_growth(rss, rss=True)

    traced = run_part("traced", argv)
    print(f"\n2. in-process under tracemalloc, {traced['seconds']:,.0f} s, {traced['forfeits']} forfeits")
    print(f"  peak RSS                 {_mib(traced['peak_kib'])} (tracemalloc's own tables included)")
    print_growth(traced, rss=False)
    print("  the caches at the end:")
    print_caches(traced["caches"])

    pool = run_part("pool", argv)
    print(
        f"\n3. {args.workers} worker processes, {pool['seconds']:,.0f} s, {pool['games'] / pool['seconds']:,.1f} games/s, "
        f"{pool['forfeits']} forfeits"
    )
    print(
        f"  peak RSS                 parent {_mib(pool['peak_kib'])}, largest worker {_mib(pool['children_peak_kib'])}"
    )

    if args.varied:
        varied = run_part("varied", argv)
        print(
            f"\n4. {varied['games']:,} varied lean games (four editions in turn; new names, house rules, options "
            f"and seeds every game), {varied['seconds']:,.0f} s"
        )
        print(f"  peak RSS                 {_mib(varied['peak_kib'])} (under tracemalloc)")
        print_growth(varied, rss=False)
        print("  the caches at the end:")
        print_caches(varied["caches"])


if __name__ == "__main__":
    main()
