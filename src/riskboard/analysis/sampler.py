"""Many whole battles at once, drawn from their exact distribution: ``sample_battles``.

A battle in which both sides always roll the most dice allowed (as ``battle_odds`` assumes) ends in
one of a few states: the attacker conquering with 1..A armies left, or the defender holding with
1..D. Their exact probabilities are already known (``OddsTable.outcomes``, moved forwards an
anti-diagonal at a time), so a battle need not be thrown die by die: one uniform number per battle,
looked up in the cumulative distribution of the end states (``np.searchsorted``), is one battle
drawn from exactly the distribution that throw-by-throw play gives. The distribution is built once
per (attackers, defenders, rules) and kept; drawing a million 10-v-10 battles then takes tens of
milliseconds (``benchmarks/sampler.py``).

``attackers`` and ``defenders`` may be arrays: battle ``i`` is ``attackers[i]`` against
``defenders[i]`` (a number stands for every battle), drawn per distinct pair.

>>> sample = sample_battles(10, 10, 100_000, seed=1)
>>> len(sample), sample.attackers_left.shape, bool(abs(sample.p_win - sample.exact_p_win) < 0.01)
(100000, (100000,), True)
>>> int(sample.defenders_left[sample.wins].max())  # a conquest leaves no defender
0
"""

from __future__ import annotations

import html
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from riskboard.analysis.exact import MAX_ARMIES, PRINTED
from riskboard.analysis.stats import wilson, z_for
from riskboard.analysis.table import _dice_rules, _ends, odds_table
from riskboard.engine.combat import Rules

MOST_SAMPLES = 100_000_000
"""The most battles one call draws (two int32 arrays of this length take 800 MB)."""
CHUNK = 1 << 20
"""Battles drawn per step: bounds the temporary arrays (the uniform numbers and the indices)."""
MOST_KEPT = 1024
"""End-state distributions kept (one per battle and rules, the least recently used dropped first)."""

Distribution = tuple[np.ndarray, np.ndarray, np.ndarray]
"""One battle's end states: (cumulative probability, attackers left, defenders left), in one order."""

_KEPT: OrderedDict[tuple[int, int, Rules], Distribution] = OrderedDict()
_LOCK = threading.Lock()
"""Guards ``_KEPT``: threads (e.g. a Dask worker's) may draw battles at once."""


def _distribution(attackers: int, defenders: int, rules: Rules) -> Distribution:
    """The cumulative distribution of one battle's end states, built from the exact end-state
    probabilities and kept. Its last entry is exactly 1, so a uniform draw in [0, 1) always lands
    on an end state, whatever the float rounding of the sum."""
    key = (attackers, defenders, rules)
    with _LOCK:
        kept = _KEPT.get(key)
        if kept is not None:
            _KEPT.move_to_end(key)
            return kept
    ends = _ends(attackers, defenders, rules)
    p = np.fromiter(ends.values(), dtype=np.float64, count=len(ends))
    cdf = np.cumsum(p)
    cdf /= cdf[-1]
    cdf[-1] = 1.0
    left_a = np.fromiter((a for a, _ in ends), dtype=np.int32, count=len(ends))
    left_d = np.fromiter((d for _, d in ends), dtype=np.int32, count=len(ends))
    for array in (cdf, left_a, left_d):
        array.flags.writeable = False
    kept = (cdf, left_a, left_d)
    with _LOCK:
        _KEPT[key] = kept
        while len(_KEPT) > MOST_KEPT:
            _KEPT.popitem(last=False)
    return kept


def _draw(dist: Distribution, u: np.ndarray, out_a: np.ndarray, out_d: np.ndarray) -> None:
    """Fill ``out_a`` / ``out_d`` with the end states that the uniform numbers ``u`` pick."""
    cdf, left_a, left_d = dist
    idx = np.searchsorted(cdf, u, side="right")
    np.take(left_a, idx, out=out_a)
    np.take(left_d, idx, out=out_d)


def _armies(value: Any, name: str) -> int | np.ndarray:
    """A side's armies checked: a whole number (or an array of them) from 0 to ``MAX_ARMIES``."""
    if isinstance(value, (bool, np.bool_)):
        raise ValueError(f"{name} must be a whole number of armies from 0 to {MAX_ARMIES}, got {value!r}")
    if isinstance(value, (int, np.integer)):
        if not 0 <= value <= MAX_ARMIES:
            raise ValueError(f"{name} must be from 0 to {MAX_ARMIES} armies, got {value}")
        return int(value)
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__"):
        raise ValueError(
            f"{name} must be a whole number of armies or an array of them (e.g. 10 or np.array([10, 5])), got {value!r}"
        )
    array = np.asarray(value)
    if array.ndim != 1:
        raise ValueError(f"{name} must be one number per battle (a 1-d array), got shape {array.shape}")
    if array.dtype.kind not in "iu":
        raise ValueError(f"{name} must hold whole numbers of armies (an integer array), got dtype {array.dtype}")
    if array.size and (array.min() < 0 or array.max() > MAX_ARMIES):
        raise ValueError(
            f"{name} must be from 0 to {MAX_ARMIES} armies, got values from {array.min()} to {array.max()}"
        )
    return array.astype(np.int32)


def _count(n: Any, attackers: int | np.ndarray, defenders: int | np.ndarray) -> int:
    """How many battles: ``n``, or the arrays' length when ``n`` is left out; all must agree."""
    lengths = {len(x) for x in (attackers, defenders) if isinstance(x, np.ndarray)}
    if len(lengths) > 1:
        raise ValueError(
            f"attackers and defenders are arrays of different lengths {sorted(lengths)}: give one per battle"
        )
    if n is None:
        if not lengths:
            raise ValueError("n (how many battles to draw) is needed when attackers and defenders are numbers")
        n = lengths.pop()
    elif isinstance(n, (bool, np.bool_)) or not isinstance(n, (int, np.integer)):
        raise ValueError(f"n must be a whole number of battles, got {n!r}")
    elif lengths and n != next(iter(lengths)):
        raise ValueError(f"n = {n} battles, but attackers / defenders give {next(iter(lengths))}: leave n out or match")
    if not 1 <= n <= MOST_SAMPLES:
        raise ValueError(f"n must be from 1 to {MOST_SAMPLES:,} battles, got {n}")
    return int(n)


def _generator(seed: Any, rng: Any) -> np.random.Generator:
    if rng is not None:
        if seed is not None:
            raise ValueError("give seed or rng, not both: a seed makes a new generator, rng uses yours")
        if not isinstance(rng, np.random.Generator):
            raise TypeError(f"rng must be a numpy Generator (np.random.default_rng(...)), got {type(rng).__name__}")
        return rng
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0):
        raise ValueError(f"seed must be a whole number ≥ 0, got {seed!r}")
    return np.random.default_rng(seed)


@dataclass(frozen=True, eq=False)
class BattleSample:
    """``n`` battles drawn by ``sample_battles``: what each side had and has left.

    ``attackers`` / ``defenders`` are numbers when every battle was the same one, else an array
    with one entry per battle; ``attackers_left`` / ``defenders_left`` are int32 arrays of length n
    (one side is 0 in every battle)."""

    attackers: int | np.ndarray
    defenders: int | np.ndarray
    attackers_left: np.ndarray
    defenders_left: np.ndarray
    rules: Rules = field(default=PRINTED)

    def __len__(self) -> int:
        return len(self.attackers_left)

    @property
    def wins(self) -> np.ndarray:
        """Whether the attacker conquered, battle by battle (no defender left)."""
        return self.defenders_left == 0

    @property
    def p_win(self) -> float:
        """The share of battles the attacker won: an estimate of ``exact_p_win``."""
        return float(np.count_nonzero(self.wins)) / len(self)

    @property
    def attacker_losses(self) -> np.ndarray:
        return self.attackers - self.attackers_left

    @property
    def defender_losses(self) -> np.ndarray:
        return self.defenders - self.defenders_left

    @property
    def exact_p_win(self) -> float:
        """The exact probability the estimate ``p_win`` aims at: ``battle_odds(...).p_win``,
        averaged over the battles when they differ."""
        if not isinstance(self.attackers, np.ndarray) and not isinstance(self.defenders, np.ndarray):
            a, d = self.attackers, self.defenders
            return odds_table(a, d, self.rules).p_win_at(a, d)
        each_a = np.broadcast_to(self.attackers, (len(self),))
        each_d = np.broadcast_to(self.defenders, (len(self),))
        table = odds_table(int(each_a.max()), int(each_d.max()), self.rules)
        return float(table.p_win[each_a, each_d].mean())

    def interval(self, level: float = 0.95) -> tuple[float, float]:
        """The Wilson score interval for the attacker's chance of winning at ``level`` (95 % by
        default): it contains the exact value in about that share of samples, even near 0 or 1."""
        return wilson(int(self.wins.sum()), len(self), z_for(level))

    def counts(self) -> dict[tuple[int, int], int]:
        """How often each end state ``(attackers left, defenders left)`` was drawn."""
        keys, counts = np.unique(
            self.attackers_left.astype(np.int64) * (MAX_ARMIES + 1) + self.defenders_left, return_counts=True
        )
        return {(int(k) // (MAX_ARMIES + 1), int(k) % (MAX_ARMIES + 1)): int(c) for k, c in zip(keys, counts)}

    def _battle(self) -> str:
        if isinstance(self.attackers, np.ndarray) or isinstance(self.defenders, np.ndarray):
            return "different sizes"
        return f"{self.attackers} v {self.defenders}"

    def summary(self) -> str:
        """The estimate, its 95 % interval and the exact value in one sentence."""
        lo, hi = self.interval()
        rules = "" if self.rules == PRINTED else f" ({self.rules.describe()})"
        return (
            f"{len(self):,} battles of {self._battle()}{rules}: the attacker won {self.p_win:.2%} "
            f"(95 % interval {lo:.2%} to {hi:.2%}; exact {self.exact_p_win:.2%}); mean losses "
            f"{float(np.mean(self.attacker_losses)):.2f} attacking, {float(np.mean(self.defender_losses)):.2f} defending"
        )

    def __repr__(self) -> str:
        return f"<BattleSample {len(self):,} battles of {self._battle()}, p_win {self.p_win:.4f}>"

    def _repr_html_(self) -> str:
        return f'<div class="riskboard-sample"><p>{html.escape(self.summary())}.</p></div>'


def sample_battles(
    attackers: int | np.ndarray,
    defenders: int | np.ndarray,
    n: int | None = None,
    *,
    rules: Rules | None = None,
    seed: int | None = None,
    rng: np.random.Generator | None = None,
) -> BattleSample:
    """Draw ``n`` whole battles of ``attackers`` (armies that may roll: the source keeps one more)
    against ``defenders`` from their exact distribution, each side always rolling the most dice
    ``rules`` allow (the printed rules by default; ``rules=game.rules`` for a game's house rules).

    ``attackers`` / ``defenders`` may be integer arrays, one entry per battle (``n`` may then be
    left out). ``seed`` makes a new generator (the same seed gives the same arrays); ``rng`` uses
    yours (it advances). One uniform number is drawn per battle, in order.

    >>> s = sample_battles(5, 3, 10, seed=7)
    >>> s.attackers_left.tolist() == sample_battles(5, 3, 10, seed=7).attackers_left.tolist()
    True
    >>> mixed = sample_battles(np.array([20, 1]), 1, seed=1, rules=Rules(ties="attacker"))
    >>> mixed.defenders_left.tolist()[0]  # 20 armies against 1 with ties to the attacker: never lost
    0
    """
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError(f"rules must be riskboard Rules (e.g. game.rules), got {type(rules).__name__}")
    key = _dice_rules(rules or PRINTED)
    att = _armies(attackers, "attackers")
    de = _armies(defenders, "defenders")
    count = _count(n, att, de)
    generator = _generator(seed, rng)
    out_a = np.empty(count, dtype=np.int32)
    out_d = np.empty(count, dtype=np.int32)
    if not isinstance(att, np.ndarray) and not isinstance(de, np.ndarray):
        dist = _distribution(att, de, key)
        for start in range(0, count, CHUNK):
            stop = min(count, start + CHUNK)
            _draw(dist, generator.random(stop - start), out_a[start:stop], out_d[start:stop])
    else:
        u = generator.random(count)
        pairs = np.broadcast_to(att, (count,)).astype(np.int64) * (MAX_ARMIES + 1) + np.broadcast_to(de, (count,))
        distinct, where = np.unique(pairs, return_inverse=True)
        order = np.argsort(where, kind="stable")
        bounds = np.searchsorted(where[order], np.arange(len(distinct) + 1))
        for k, pair in enumerate(distinct.tolist()):
            idx = order[bounds[k] : bounds[k + 1]]
            a_left, d_left = np.empty(len(idx), np.int32), np.empty(len(idx), np.int32)
            _draw(_distribution(pair // (MAX_ARMIES + 1), pair % (MAX_ARMIES + 1), key), u[idx], a_left, d_left)
            out_a[idx], out_d[idx] = a_left, d_left
    return BattleSample(att, de, out_a, out_d, key)
