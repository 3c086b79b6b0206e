"""Every cache keeps its bound (issue 19, item 8): entries are counted, never bytes or time.

A run of different lean games (all four editions, new names, house rules and seeds each game)
fills the caches a long-lived process fills; each must then hold no more than its bound. The
bounds themselves are checked at small sizes (patched), where a few calls cross them.
``benchmarks/memory.py`` prints what a long tournament's memory comes to.
"""

from __future__ import annotations

import math
import random
from collections import OrderedDict
from collections.abc import Callable
from importlib import resources
from types import ModuleType
from typing import Any

import pytest

import riskboard as rb
from riskboard.analysis import exact, sampler, table
from riskboard.analysis import odds as analysis_odds
from riskboard.bots import odds as bot_odds
from riskboard.bots import reading
from riskboard.engine import chance, combat
from riskboard.engine.combat import TIES, Rules
from riskboard.errors import MapError
from riskboard.maps import loader
from riskboard.rulesets.classic import legal as classic_legal
from riskboard.rulesets.components import cards

EDITIONS = (("classic", 2, 6), ("risk2010", 3, 5), ("balance_of_power", 2, 2), ("transformers", 2, 4))
BOTS = (rb.bots.Aggressive, rb.bots.Random, rb.bots.Planner)


def _varied_game(i: int, rng: random.Random) -> rb.Game:
    ruleset, least, most = EDITIONS[i % len(EDITIONS)]
    names = [f"p{i}.{seat}.{rng.randrange(1000)}" for seat in range(rng.randint(least, most))]
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
        options = {"difficult_terrain": rng.sample(list(rb.load_map("europe").ids), rng.randint(2, 8))}
    return rb.new_game(ruleset, players=names, options=options, seed=rng.randrange(2**32), lean=True)


@pytest.fixture(scope="module")
def varied_run() -> int:
    """Different lean games played by the bots, one after the other in this process."""
    rng = random.Random(19)
    games = 60
    for i in range(games):
        game = _varied_game(i, rng)
        bots = {p: BOTS[(i + seat) % len(BOTS)](seed=rng.randrange(2**32)) for seat, p in enumerate(game.players)}
        game.play(bots, max_turns=60)
    return games


def _entries(function: Any) -> int:
    return int(function.cache_info().currsize)


SHIPPED_MAPS = sum(1 for f in resources.files("riskboard.maps").iterdir() if f.name.endswith(".json"))

BOUNDED: list[tuple[str, Callable[[], int], Callable[[], int]]] = [
    ("bots.odds._KEPT", lambda: len(bot_odds._KEPT), lambda: bot_odds.MOST_RULES),
    ("bots.odds._TABLES", lambda: len(bot_odds._TABLES), lambda: bot_odds.MOST_ALIASES),
    ("bots.reading._holdings", lambda: len(reading._holdings), lambda: reading.HOLDINGS_KEPT),
    ("analysis.table._TABLES", lambda: len(table._TABLES), lambda: table.MOST_TABLES),
    ("analysis.sampler._KEPT", lambda: len(sampler._KEPT), lambda: sampler.MOST_KEPT),
    ("engine.chance._DRAWS", lambda: len(chance._DRAWS), lambda: 256),
    ("engine.chance._THROWS", lambda: len(chance._THROWS), lambda: chance.MOST_THROW_TABLES),
    ("engine.chance._RESOLVED", lambda: sum(map(len, chance._RESOLVED.values())), lambda: 2 * 15),
    ("maps.loader._load_map", lambda: _entries(loader._load_map), lambda: SHIPPED_MAPS),
    (
        "rulesets.classic._pendings",
        lambda: len(rb.registry.get_ruleset("classic")._pendings),  # type: ignore[attr-defined]
        lambda: classic_legal.PENDINGS_KEPT,
    ),
    (
        "rulesets.classic._sets_of_hand",
        lambda: len(rb.registry.get_ruleset("classic")._sets_of_hand),  # type: ignore[attr-defined]
        lambda: classic_legal.HANDS_KEPT,
    ),
    (
        "rulesets.components.cards._SETS_BY_SYMBOLS",
        lambda: len(cards._SETS_BY_SYMBOLS),
        lambda: cards.PATTERNS_KEPT,
    ),
]
"""(cache, its entries, its bound) for the caches that are not ``functools`` caches of a bounded size
(classic's bounds: the named constants once they are named, the literals their code compares with
until then)."""


@pytest.mark.parametrize(("name", "entries", "bound"), BOUNDED, ids=[b[0] for b in BOUNDED])
def test_a_long_run_keeps_each_cache_within_its_bound(
    varied_run: int, name: str, entries: Callable[[], int], bound: Callable[[], int]
) -> None:
    assert entries() <= bound(), name


def test_the_kept_odds_hold_no_more_battles_than_their_budget(varied_run: int) -> None:
    cells = sum(t.p_win.size for t in table._TABLES.values())
    assert cells <= table.MOST_CELLS or len(table._TABLES) == 1
    assert all(size <= bot_odds.LIST_SIZE for size, _ in bot_odds._KEPT.values())


@pytest.mark.parametrize("module", [bot_odds, reading, analysis_odds, exact, table, combat], ids=lambda m: m.__name__)
def test_every_functools_cache_of_the_bots_and_the_odds_has_a_size(module: ModuleType) -> None:
    for name, value in vars(module).items():
        if callable(getattr(value, "cache_info", None)) and getattr(value, "__module__", None) == module.__name__:
            info = value.cache_info()
            assert info.maxsize is not None, f"{module.__name__}.{name} is unbounded"
            assert info.currsize <= info.maxsize


def test_the_bots_keep_lists_for_few_dice_rules_and_share_them(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot_odds, "_KEPT", {})
    monkeypatch.setattr(bot_odds, "_TABLES", {})
    monkeypatch.setattr(bot_odds, "MOST_RULES", 2)
    monkeypatch.setattr(bot_odds, "MOST_ALIASES", 3)
    every = [Rules(attack_dice=a, ties=t, territory_bonus=b) for a in (1, 2, 3) for t in TIES for b in (0, 2)]
    for rules in every * 2:
        assert bot_odds.p_win(9, 7, rules) == rb.odds_table(9, 7, rules=rules)[9, 7]
        assert len(bot_odds._KEPT) <= 2 and len(bot_odds._TABLES) <= 3
        kept = [id(k) for k in bot_odds._KEPT.values()]
        assert all(id(alias) in kept for alias in bot_odds._TABLES.values())  # no list outlives _KEPT
    # rules that differ only where the dice do not look read the same lists
    assert bot_odds._lists(Rules(), 5) is bot_odds._lists(Rules(territory_bonus=2, fortify="connected"), 5)


def test_big_battles_are_read_from_the_analysis_tables_not_kept_as_lists(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot_odds, "_KEPT", {})
    monkeypatch.setattr(bot_odds, "_TABLES", {})
    rules = Rules()
    big = rb.odds_table(300, 250, rules=rules)
    assert bot_odds.p_win(300, 250, rules) == big[300, 250]
    assert bot_odds.battle(300, 5, rules) == (
        big[300, 5],
        float(big.expected_attacker_losses[300, 5]),
        float(big.expected_defender_losses[300, 5]),
    )
    assert bot_odds.p_win(20, 3, rules) == big[20, 3]
    assert all(size <= bot_odds.LIST_SIZE for size, _ in bot_odds._KEPT.values())


def test_the_analysis_tables_drop_the_least_recently_used_past_their_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table, "_TABLES", OrderedDict())
    monkeypatch.setattr(table, "MOST_CELLS", 2 * 65 * 65)
    for sides in range(4, 10):
        rb.odds_table(64, 64, rules=Rules(sides=sides))
        assert sum(t.p_win.size for t in table._TABLES.values()) <= table.MOST_CELLS
    assert [r.sides for r in table._TABLES] == [8, 9]
    rb.odds_table(200, 200, rules=Rules(sides=6))  # one table past the budget is still kept: it was asked for
    assert [r.sides for r in table._TABLES] == [6]
    monkeypatch.setattr(table, "MOST_CELLS", 10**9)
    monkeypatch.setattr(table, "MOST_TABLES", 3)
    for sides in range(4, 10):
        rb.odds_table(8, 8, rules=Rules(sides=sides))
    assert len(table._TABLES) == 3


def test_sides_of_many_outcomes_are_made_again_not_kept() -> None:
    exact.kept_side.cache_clear()
    assert math.comb(5 + 12 - 1, 5) > exact.BIG_SIDE
    big = exact.side(5, 12, 0, 0)
    assert exact.kept_side.cache_info().currsize == 0
    assert sum(p for _, p in big) == 1
    exact.side(3, 6, 0, 0)
    assert exact.kept_side.cache_info().currsize == 1
    exact.kept_mixed_side.cache_clear()
    exact.mixed_side((20, 20, 12), 0, 0)  # 4,800 ordered rolls
    assert exact.kept_mixed_side.cache_info().currsize == 0
    exact.mixed_side((8, 6, 6), 0, 0)
    assert exact.kept_mixed_side.cache_info().currsize == 1


def test_a_map_is_one_object_however_it_is_asked_for() -> None:
    assert rb.load_map("world") is rb.load_map(name="world") is loader.load_map("world")
    for name in ("./world", "world.json", "../maps/world", "", 5):
        with pytest.raises(MapError):
            rb.load_map(name)  # type: ignore[arg-type]
    assert _entries(loader._load_map) <= SHIPPED_MAPS


def _record(ruleset: str, players: int, seed: int) -> dict[str, Any]:
    game = rb.new_game(ruleset, players=[f"p{i}" for i in range(players)], seed=seed, lean=True)
    bots = {p: BOTS[(seed + seat) % len(BOTS)](seed=seed + seat) for seat, p in enumerate(game.players)}
    game.play(bots, max_turns=60)
    return game.record()


@pytest.mark.parametrize(("ruleset", "players", "seed"), [("classic", 3, 5), ("balance_of_power", 2, 7)])
def test_the_smallest_bounds_change_no_game(
    monkeypatch: pytest.MonkeyPatch, ruleset: str, players: int, seed: int
) -> None:
    """What a cache forgets is made again, the same: a game is the same with every bound at its
    smallest (the bots' lists at 8 armies a side, so most battles are read from the tables)."""
    usual = _record(ruleset, players, seed)
    for name, value in {"FIRST_SIZE": 8, "LIST_SIZE": 8, "MOST_RULES": 1, "MOST_ALIASES": 1}.items():
        monkeypatch.setattr(bot_odds, name, value)
    monkeypatch.setattr(bot_odds, "_KEPT", {})
    monkeypatch.setattr(bot_odds, "_TABLES", {})
    monkeypatch.setattr(table, "_TABLES", OrderedDict())
    monkeypatch.setattr(table, "MOST_TABLES", 1)
    monkeypatch.setattr(table, "MOST_CELLS", 1)
    for module, name in _LEADS_BOUNDS:
        monkeypatch.setattr(module, name, 1)
    assert _record(ruleset, players, seed) == usual


_LEADS_BOUNDS = [
    (classic_legal, "PENDINGS_KEPT"),
    (classic_legal, "HANDS_KEPT"),
    (cards, "PATTERNS_KEPT"),
    (reading, "HOLDINGS_KEPT"),
]
"""The classic edition's bounds, and the Planner's counts of holdings."""


def test_classic_remembers_few_pending_decisions_hands_and_patterns(monkeypatch: pytest.MonkeyPatch) -> None:
    ruleset = rb.registry.get_ruleset("classic")
    monkeypatch.setattr(ruleset, "_pendings", {})
    monkeypatch.setattr(ruleset, "_sets_of_hand", {})
    monkeypatch.setattr(cards, "_SETS_BY_SYMBOLS", {})
    for module, name in _LEADS_BOUNDS:
        monkeypatch.setattr(module, name, 8)
    for seed in range(3):
        _record("classic", 4, seed)
        assert len(ruleset._pendings) <= 8
        assert len(ruleset._sets_of_hand) <= 8
        assert len(cards._SETS_BY_SYMBOLS) <= 8
