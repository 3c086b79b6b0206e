"""The dice game's solver, for ``dice_game`` and ``chain_conquest`` (``dice_game.py``, which owns
the results, their tables and displays): the arguments checked, the throws asked of
``riskboard.analysis.exact`` (never restated), and backward induction over the chain's battles and
each battle's states, in exact rationals or floats."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from riskboard.analysis.arguments import as_rules, whole
from riskboard.analysis.exact import side, throw
from riskboard.engine.combat import Rules
from riskboard.i18n import _

MOST_ARMIES = 100
"""The most armies on either side of a dice game (a 100 v 100 informed game solves in seconds)."""
MOST_CHAIN = 12
"""The most territories in a chain."""
EPSILON = 1e-12
"""In floats, a choice is better than the most dice only by more than this (rounding is not a reason)."""

Number = Fraction | float
Attack = tuple[int, ...]
Outcomes = tuple[tuple[int, int, Number], ...]
"""One throw's (attacker losses, defender losses, probability)."""

# -- the throws, from riskboard.analysis.exact ------------------------------------------------------


@lru_cache(maxsize=256)
def _attacks(k: int, rules: Rules, exact: bool) -> tuple[tuple[Attack, Number], ...]:
    """The ways ``k`` attacking dice can fall (sorted high to low, bonus and rerolls applied)."""
    return tuple((faces, _num(p, exact)) for faces, p in side(k, rules.sides, rules.attack_bonus, rules.rerolls))


@lru_cache(maxsize=256)
def _seen(k: int, most_j: int, rules: Rules, exact: bool) -> tuple[tuple[Attack, Number, tuple[Attack, ...]], ...]:
    """``_attacks`` grouped by their highest ``most_j`` dice, the only ones a defence of up to
    ``most_j`` dice is compared with (so one choice answers the whole group): (those dice, the
    group's chance, its throws)."""
    groups: dict[Attack, tuple[Fraction, list[Attack]]] = {}
    for faces, p in side(k, rules.sides, rules.attack_bonus, rules.rerolls):
        chance, throws = groups.get(faces[:most_j], (Fraction(0), []))
        groups[faces[:most_j]] = (chance + p, [*throws, faces])
    return tuple((top, _num(p, exact), tuple(throws)) for top, (p, throws) in groups.items())


@lru_cache(maxsize=8192)
def _against(attack: Attack, j: int, rules: Rules, exact: bool) -> Outcomes:
    """The losses of a throw whose attacking dice are known, ``j`` defending dice still to fall."""
    counts: dict[tuple[int, int], Fraction] = {}
    for faces, p in side(j, rules.sides, rules.defence_bonus, 0):
        losses = rules.compare(attack, faces)
        counts[losses] = counts.get(losses, Fraction(0)) + p
    return tuple((i, lost, _num(p, exact)) for (i, lost), p in sorted(counts.items()))


@lru_cache(maxsize=256)
def _blind(k: int, j: int, rules: Rules, exact: bool) -> Outcomes:
    """The losses of a throw of ``k`` against ``j`` dice, neither known (``exact.throw``)."""
    return tuple((i, lost, _num(p, exact)) for (i, lost), p in throw(k, j, rules).items())


def _num(p: Fraction, exact: bool) -> Number:
    return p if exact else float(p)


# -- the solver --------------------------------------------------------------------------------------


@dataclass
class Solution:
    """Every state of every battle of a chain solved: values and both sides' choices."""

    values: list[dict[tuple[int, int], Number]]
    attacker: dict[tuple[int, int, int], int] = field(default_factory=dict)
    defender: dict[tuple[int, int, int, Any], int] = field(default_factory=dict)
    differences: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class Setup:
    """What a game is: the chain, the rules, who knows what and what the attacker plays for."""

    attackers: int
    chain: tuple[int, ...]
    rules: Rules
    informed: bool
    at_least: int
    stop: bool
    army_cost: Number
    exact: bool


Fixed = tuple[dict[tuple[int, int, int], int], dict[tuple[int, int, int, Any], int]]


def solve(setup: Setup, mode: str, fixed: Fixed | None = None, cost: Number | None = None) -> Solution:
    """Backward induction over the chain's battles, last first, and each battle's states ``(a, d)``
    in increasing order (every throw removes an army). ``mode``: ``"optimal"`` (both choose),
    ``"naive"`` (both always roll the most dice, the attacker never stops) or ``"fixed"`` (the
    choices of ``fixed``, e.g. to read the chance of conquest of the optimal policies)."""
    exact = setup.exact
    zero: Number = Fraction(0) if exact else 0.0
    one: Number = Fraction(1) if exact else 1.0
    c = setup.army_cost if cost is None else cost
    n = len(setup.chain)
    solution = Solution(values=[{} for _ in range(n)])
    for s in range(n - 1, -1, -1):
        top_d = setup.chain[s]
        values = solution.values[s]
        for a in range(setup.attackers + 1):
            values[a, 0] = _conquered(setup, solution, s, a, zero, one)
        for d in range(1, top_d + 1):
            values[0, d] = zero
            for a in range(1, setup.attackers + 1):
                values[a, d] = _state(setup, solution, s, a, d, mode, fixed, c, zero)
    return solution


def _conquered(setup: Setup, solution: Solution, s: int, a: int, zero: Number, one: Number) -> Number:
    """The value of having conquered battle ``s`` with ``a`` armies to move in: the goal if it was
    the last, else the next battle from the new territory, one army left behind."""
    if s == len(setup.chain) - 1:
        return one if a >= setup.at_least else zero
    if a < 2:  # one army to move in stays there: nothing can roll on
        return zero
    return solution.values[s + 1][a - 1, setup.chain[s + 1]]


def _state(
    setup: Setup, solution: Solution, s: int, a: int, d: int, mode: str, fixed: Fixed | None, c: Number, zero: Number
) -> Number:
    """One state's value, and (``optimal``) the choices made there."""
    rules, exact, values = setup.rules, setup.exact, solution.values[s]
    most_k, most_j = rules.attacking(a + 1), rules.defending(d)

    def worth(outcomes: Outcomes) -> Number:
        return sum((p * (values[a - i, d - lost] - c * i) for i, lost, p in outcomes), zero)

    if mode == "naive":  # what the defender sees does not matter when it always rolls the most
        return worth(_blind(most_k, most_j, rules, exact))
    if mode == "fixed":
        assert fixed is not None
        k = fixed[0][s, a, d]
        if k == 0:
            return zero
        if setup.informed:
            return sum(
                (
                    p * worth(_against(att, fixed[1][s, a, d, att], rules, exact))
                    for att, p in _attacks(k, rules, exact)
                ),
                zero,
            )
        return worth(_blind(k, fixed[1][s, a, d, k], rules, exact))
    by_k: dict[int, Number] = {}
    for k in range(most_k, 0, -1):
        if setup.informed:
            total = zero
            for top, p, throws in _seen(k, most_j, rules, exact):
                options = {j: worth(_against(top, j, rules, exact)) for j in range(most_j, 0, -1)}
                total += p * _defend(setup, solution, (s, a, d), throws, options)
            by_k[k] = total
        else:
            options = {j: worth(_blind(k, j, rules, exact)) for j in range(most_j, 0, -1)}
            by_k[k] = _defend(setup, solution, (s, a, d), (k,), options)
    best_k = most_k
    for k in by_k:
        if _above(by_k[k], by_k[best_k], exact):
            best_k = k
    best = by_k[best_k]
    if setup.stop and _above(zero, best, exact):  # stopping: nothing more gained, nothing lost
        best_k, best = 0, zero
    if best_k != most_k:
        solution.differences.append(_difference(s, a, d, None, "attacker", most_k, best_k, by_k[most_k], best))
    solution.attacker[s, a, d] = best_k
    return best


def _defend(
    setup: Setup, solution: Solution, state: tuple[int, int, int], seen: Sequence[Any], options: dict[int, Number]
) -> Number:
    """The defender's choice at ``state`` after each of ``seen`` (the throws it sees, which all
    compare alike, or the dice count it hears) among ``options`` (dice → the attacker's value, the
    most dice first): the lowest; the most dice unless fewer are strictly better."""
    most_j = next(iter(options))
    best_j = most_j
    for j, v in options.items():
        if _above(options[best_j], v, setup.exact):
            best_j = j
    s, a, d = state
    for throw_ in seen:
        solution.defender[s, a, d, throw_] = best_j
        if best_j != most_j:
            solution.differences.append(
                _difference(s, a, d, throw_, "defender", most_j, best_j, options[most_j], options[best_j])
            )
    return options[best_j]


def _above(x: Number, y: Number, exact: bool) -> bool:
    """``x`` better than ``y`` by more than rounding."""
    return x > y if exact else x > y + EPSILON


def _difference(
    s: int, a: int, d: int, seen: Any, side_: str, most: int, best: int, v_most: Number, v_best: Number
) -> dict[str, Any]:
    return {
        "territory": s,
        "side": side_,
        "attackers": a,
        "defenders": d,
        "seen": seen,
        "most dice": most,
        "best dice": best,
        "value with most dice": v_most,
        "value with best dice": v_best,
        "gain": abs(v_best - v_most),
    }


# -- arguments ---------------------------------------------------------------------------------------


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise TypeError(_("{name} must be True or False, got {value}").format(name=name, value=repr(value)))
    return value


def _cost(value: object, exact: bool) -> Number:
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)) or not 0 <= value < 1e6:
        raise ValueError(
            _("army_cost must be a number from 0 (armies are free) up, got {value}").format(value=repr(value))
        )
    if exact:
        if isinstance(value, float):
            raise TypeError(
                _("with exact=True give army_cost as a Fraction or a whole number, got {value}").format(
                    value=repr(value)
                )
            )
        return Fraction(value)
    return float(value)


def checked_setup(
    attackers: object,
    chain: Sequence[object],
    rules: object,
    informed: object,
    at_least: object,
    stop: object,
    army_cost: object,
    exact: object,
) -> Setup:
    a = whole(attackers, "attackers", 1, MOST_ARMIES)
    ds = tuple(whole(d, "defenders", 1, MOST_ARMIES) for d in chain)
    exact_ = _flag(exact, "exact")
    return Setup(
        attackers=a,
        chain=ds,
        rules=as_rules(rules),
        informed=_flag(informed, "informed"),
        at_least=whole(at_least, "at_least", 1, MOST_ARMIES),
        stop=_flag(stop, "stop"),
        army_cost=_cost(army_cost, exact_),
        exact=exact_,
    )
