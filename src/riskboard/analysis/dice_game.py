"""The battle as a game between two people: ``dice_game`` and ``chain_conquest``.

In a battle both sides choose how many dice to roll. The naive rule is "always the most", but a
defender who sees the attacker's dice first (a house rule: classic's ``ask_defender`` asks before
the throw, the number of attacking dice known, which is ``informed=False``) can do better: against
a throw of 6-6 one die loses at most one army. ``dice_game`` solves the
battle as a zero-sum game by backward induction over the states ``(a, d)`` in increasing order:
the attacker maximises, the defender minimises the chance of conquest. ``informed=True``: the
attacker picks ``k`` dice and throws, the defender sees the faces and picks ``j``; ``False``: the
defender picks ``j`` knowing ``k`` only (before the throw). The dice, their faces and how they are
compared are asked of ``Rules`` through ``riskboard.analysis.exact``, never restated.

Goals: ``at_least=k`` counts a conquest only if at least ``k`` armies move in (the attacking
armies left that could roll); ``army_cost=c`` charges the attacker ``c`` for every army it loses,
in units of the conquest (worth 1); ``stop=True`` lets the attacker stop before any throw, which
ends the battle with nothing more gained or lost. With ``army_cost=0`` stopping never raises the
chance of conquest, so it matters only with a cost: then ``.value`` is the expected payoff
(the chance of the goal minus the expected cost) and ``.p_conquer`` the chance under the policies.

``chain_conquest(attackers, [d1, d2, ...])``: a line of territories conquered one after the other,
one army left behind in each ("can I reach Kamchatka from Alaska with 20 armies?"), with the same
choices and goals at every battle: the optimal-stopping exercise.

>>> game = dice_game(3, 2, exact=True)
>>> game.naive_value == battle_odds(3, 2).p_win_exact, game.value < game.naive_value
(True, True)
>>> game.defender_policy[3, 2, (6, 6, 1)]  # two armies facing 6-6: roll one die
1
"""

from __future__ import annotations

import html
import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from riskboard.analysis.exact import PRINTED, side, throw
from riskboard.analysis.odds import battle_odds
from riskboard.engine.combat import Rules
from riskboard.errors import ConfigError
from riskboard.i18n import N_, _, format_percent

if TYPE_CHECKING:
    import pandas as pd

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

HEADERS = {
    "attackers": N_("attackers"),
    "defenders": N_("defenders"),
    "value": N_("value"),
    "naive value": N_("naive value"),
    "attacker's dice": N_("attacker's dice"),
    "defender rolls fewer dice against": N_("defender rolls fewer dice against"),
    "territory": N_("territory"),
    "best play": N_("best play"),
    "always the most dice": N_("always the most dice"),
}
"""The tables' column names (English identifiers, as a tournament's) and their words in a notebook."""

__all__ = ["ChainConquest", "DiceGame", "chain_conquest", "dice_game"]


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
class _Solution:
    """Every state of every battle of a chain solved: values and both sides' choices."""

    values: list[dict[tuple[int, int], Number]]
    attacker: dict[tuple[int, int, int], int] = field(default_factory=dict)
    defender: dict[tuple[int, int, int, Any], int] = field(default_factory=dict)
    differences: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class _Setup:
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


def _solve(setup: _Setup, mode: str, fixed: Fixed | None = None, cost: Number | None = None) -> _Solution:
    """Backward induction over the chain's battles, last first, and each battle's states ``(a, d)``
    in increasing order (every throw removes an army). ``mode``: ``"optimal"`` (both choose),
    ``"naive"`` (both always roll the most dice, the attacker never stops) or ``"fixed"`` (the
    choices of ``fixed``, e.g. to read the chance of conquest of the optimal policies)."""
    exact = setup.exact
    zero: Number = Fraction(0) if exact else 0.0
    one: Number = Fraction(1) if exact else 1.0
    c = setup.army_cost if cost is None else cost
    n = len(setup.chain)
    solution = _Solution(values=[{} for _ in range(n)])
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


def _conquered(setup: _Setup, solution: _Solution, s: int, a: int, zero: Number, one: Number) -> Number:
    """The value of having conquered battle ``s`` with ``a`` armies to move in: the goal if it was
    the last, else the next battle from the new territory, one army left behind."""
    if s == len(setup.chain) - 1:
        return one if a >= setup.at_least else zero
    if a < 2:  # one army to move in stays there: nothing can roll on
        return zero
    return solution.values[s + 1][a - 1, setup.chain[s + 1]]


def _state(
    setup: _Setup, solution: _Solution, s: int, a: int, d: int, mode: str, fixed: Fixed | None, c: Number, zero: Number
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
    setup: _Setup, solution: _Solution, state: tuple[int, int, int], seen: Sequence[Any], options: dict[int, Number]
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


def _count(value: object, name: str, least: int, most: int) -> int:
    """A whole number (numpy's too, never a bool) from ``least`` to ``most``, or a sentence."""
    if isinstance(value, bool):
        raise TypeError(_("{name} must be a whole number, got {value}").format(name=name, value=repr(value)))
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(_("{name} must be a whole number, got {value}").format(name=name, value=repr(value))) from None
    if not least <= number <= most:
        raise ValueError(
            _("{name} must be a whole number from {least} to {most}, got {value}").format(
                name=name, least=least, most=most, value=number
            )
        )
    return number


def _rules(rules: object) -> Rules:
    """``rules`` as ``Rules``: ``None`` for the printed ones, ``Rules`` (``game.rules``) or a mapping
    of their fields (``{"defence_dice": 3}``)."""
    if rules is None:
        return PRINTED
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, Mapping):
        fields = set(Rules.__dataclass_fields__) - {"modified", "attacking_by_units", "defending_by_units"}
        unknown = sorted(str(k) for k in rules if k not in fields)
        if unknown:
            raise ConfigError(
                _("rules has no option {unknown}: the options are {options}").format(
                    unknown=", ".join(unknown), options=", ".join(sorted(fields))
                ),
                code="config/bad_option",
            )
        return Rules(**rules)
    raise TypeError(
        _("rules must be riskboard Rules (e.g. game.rules), a mapping such as {example} or None, got {kind}").format(
            example="{'defence_dice': 3}", kind=type(rules).__name__
        )
    )


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


def _setup(
    attackers: object,
    chain: Sequence[object],
    rules: object,
    informed: object,
    at_least: object,
    stop: object,
    army_cost: object,
    exact: object,
) -> _Setup:
    a = _count(attackers, "attackers", 1, MOST_ARMIES)
    ds = tuple(_count(d, "defenders", 1, MOST_ARMIES) for d in chain)
    exact_ = _flag(exact, "exact")
    return _Setup(
        attackers=a,
        chain=ds,
        rules=_rules(rules),
        informed=_flag(informed, "informed"),
        at_least=_count(at_least, "at_least", 1, MOST_ARMIES),
        stop=_flag(stop, "stop"),
        army_cost=_cost(army_cost, exact_),
        exact=exact_,
    )


# -- the results ---------------------------------------------------------------------------------------


def _faces_label(faces: Attack) -> str:
    return "-".join(str(f) for f in faces)


class _Solved:
    """What a solved dice game and a solved chain share: values, policies, tables."""

    _setup: _Setup
    _optimal: _Solution
    _naive: _Solution

    @property
    def rules(self) -> Rules:
        return self._setup.rules

    @property
    def informed(self) -> bool:
        return self._setup.informed

    @property
    def value(self) -> Number:
        """The attacker's chance of the goal under optimal play of both (minus the expected cost of
        its losses, with ``army_cost``)."""
        return self._optimal.values[0][self._setup.attackers, self._setup.chain[0]]

    @property
    def naive_value(self) -> Number:
        """The same, both sides always rolling the most dice and the attacker never stopping."""
        return self._naive.values[0][self._setup.attackers, self._setup.chain[0]]

    @property
    def p_conquer(self) -> Number:
        """The chance of the goal (without costs) when both play the optimal policies: ``value``
        itself unless armies cost something."""
        if not self._setup.army_cost:
            return self.value
        zero: Number = Fraction(0) if self._setup.exact else 0.0
        policies = (self._policy_attacker(), self._policy_defender())
        chance = _solve(self._setup, "fixed", policies, cost=zero)
        return chance.values[0][self._setup.attackers, self._setup.chain[0]]

    def _policy_attacker(self) -> dict[tuple[int, int, int], int]:
        return self._optimal.attacker

    def _policy_defender(self) -> dict[tuple[int, int, int, Any], int]:
        return self._optimal.defender

    def _differences(self, keep_territory: bool) -> pd.DataFrame:
        import pandas as pd

        rows = []
        for row in self._optimal.differences:
            row = dict(row)
            seen = row.pop("seen")
            row["attack"] = _faces_label(seen) if isinstance(seen, tuple) else "" if seen is None else f"{seen} dice"
            for key in ("value with most dice", "value with best dice", "gain"):
                row[key] = float(row[key])
            if not keep_territory:
                row.pop("territory")
            rows.append(row)
        columns = ["territory"] if keep_territory else []
        columns += [
            "side",
            "attackers",
            "defenders",
            "attack",
            "most dice",
            "best dice",
            "value with most dice",
            "value with best dice",
            "gain",
        ]
        frame = pd.DataFrame(rows, columns=columns)
        return frame.sort_values(["gain", "attackers", "defenders"], ascending=[False, True, True], ignore_index=True)


class DiceGame(_Solved):
    """A battle solved as a game (``dice_game``): its ``value``, ``naive_value`` and both sides'
    policies, over every state ``(a, d)`` up to the battle's."""

    def __init__(self, setup: _Setup) -> None:
        self._setup = setup
        self._optimal = _solve(setup, "optimal")
        self._naive = _solve(setup, "naive")
        self.attackers = setup.attackers
        self.defenders = setup.chain[0]
        self.attacker_policy: dict[tuple[int, int], int] = {
            (a, d): k for (_s, a, d), k in self._optimal.attacker.items()
        }
        """``(a, d)`` → the attacker's dice (0: stop), for every state up to the battle's."""
        self.defender_policy: dict[tuple[int, int, Any], int] = {
            (a, d, seen): j for (_s, a, d, seen), j in self._optimal.defender.items()
        }
        """Informed: ``(a, d, attack)`` → the defender's dice, ``attack`` the attacker's thrown dice
        sorted high to low; ``informed=False``: ``(a, d, attack_count)`` → dice."""

    @property
    def naive_value(self) -> Number:
        """Both sides always rolling the most dice, the attacker never stopping: for the plain
        goal (``at_least=1``, no ``army_cost``) the battle's ``rb.battle_odds(...).p_win`` itself
        (``p_win_exact`` with ``exact=True``, which the solver's own naive battle equals), else the
        solver's."""
        setup = self._setup
        if setup.at_least == 1 and not setup.army_cost and not setup.exact:
            return battle_odds(self.attackers, self.defenders, setup.rules).p_win
        return super().naive_value

    def values(self) -> pd.DataFrame:
        """The value of every state under optimal play: attackers down, defenders across."""
        return self._grid(lambda a, d: float(self._optimal.values[0][a, d]), "value")

    def naive_values(self) -> pd.DataFrame:
        """The value of every state when both always roll the most dice."""
        return self._grid(lambda a, d: float(self._naive.values[0][a, d]), "naive value")

    def attacker_table(self) -> pd.DataFrame:
        """The attacker's dice in every state (0: stop): attackers down, defenders across."""
        return self._grid(lambda a, d: self.attacker_policy[a, d], "attacker's dice")

    def _grid(self, cell: Any, name: str) -> pd.DataFrame:
        import pandas as pd

        index = pd.Index(range(1, self.attackers + 1), name="attackers")
        columns = pd.Index(range(1, self.defenders + 1), name="defenders")
        frame = pd.DataFrame([[cell(a, d) for d in columns] for a in index], index=index, columns=columns)
        frame.attrs["title"] = name
        return frame

    def defender_table(self) -> pd.DataFrame:
        """The defender's dice where it has a choice: a row per state and attack seen (informed:
        the attacker's dice, e.g. ``"6-6-1"``; else the number of attacking dice)."""
        import pandas as pd

        rows = []
        for (a, d, seen), j in self.defender_policy.items():
            if self.rules.defending(d) > 1:
                label = _faces_label(seen) if self.informed else seen
                rows.append((a, d, label, j))
        names = ["attackers", "defenders", "attack"]
        index = pd.MultiIndex.from_tuples([r[:3] for r in rows], names=names)
        return pd.DataFrame({"defender's dice": [r[3] for r in rows]}, index=index).sort_index()

    def fewer_dice(self, a: int, d: int) -> list[Any]:
        """The attacks after which the defender rolls fewer than the most dice at ``(a, d)``."""
        most = self.rules.defending(d)
        return sorted(
            (seen for (a2, d2, seen), j in self.defender_policy.items() if (a2, d2) == (a, d) and j < most),
            reverse=True,
        )

    def policy_table(self) -> pd.DataFrame:
        """A row per state: its value and naive value, the attacker's dice and the attacks after
        which the defender rolls fewer dice than it may."""
        import pandas as pd

        rows = []
        for a in range(1, self.attackers + 1):
            for d in range(1, self.defenders + 1):
                fewer = self.fewer_dice(a, d)
                rows.append(
                    (
                        a,
                        d,
                        float(self._optimal.values[0][a, d]),
                        float(self._naive.values[0][a, d]),
                        self.attacker_policy[a, d],
                        ", ".join(_faces_label(f) if isinstance(f, tuple) else str(f) for f in fewer),
                    )
                )
        frame = pd.DataFrame(
            rows,
            columns=[
                "attackers",
                "defenders",
                "value",
                "naive value",
                "attacker's dice",
                "defender rolls fewer dice against",
            ],
        )
        return frame.set_index(["attackers", "defenders"])

    def differences(self) -> pd.DataFrame:
        """Where "always roll the most dice" is wrong and by how much: a row per choice where the
        best differs from the most dice, with the chooser's value of each (the rest of the game
        played optimally) and the ``gain`` of choosing right, largest first. ``best dice`` 0 is
        the attacker stopping."""
        return self._differences(keep_territory=False)

    def _repr_html_(self) -> str:
        if self.informed:
            who = _("the defender choosing its dice after seeing the attacker's")
        else:
            who = _("the defender choosing its dice knowing only how many the attacker rolls")
        sentence = _(
            "{attackers} attacking armies against {defenders} defending, {who}: the attacker conquers with "
            "probability {value} when both play their best, {naive} when both always roll the most dice."
        ).format(
            attackers=f"<b>{self.attackers}</b>",
            defenders=f"<b>{self.defenders}</b>",
            who=who,
            value=f"<b>{format_percent(float(self.value), 2)}</b>",
            naive=format_percent(float(self.naive_value), 2),
        )
        if self._setup.army_cost or self._setup.at_least > 1:
            sentence += " " + _("Goal: at least {k} armies move in; each army lost costs {c}.").format(
                k=self._setup.at_least, c=float(self._setup.army_cost)
            )
        table = self.policy_table().tail(12)
        rows = "".join(
            f"<tr><td>{a}</td><td>{d}</td><td>{html.escape(format_percent(r.iloc[0], 2))}</td>"
            f"<td>{html.escape(format_percent(r.iloc[1], 2))}</td><td>{r.iloc[2]}</td>"
            f"<td>{html.escape(str(r.iloc[3]))}</td></tr>"
            for (a, d), r in table.iterrows()
        )
        heads = "".join(f"<th>{html.escape(_(HEADERS[h]))}</th>" for h in (*table.index.names, *table.columns))
        return (
            f'<div class="riskboard-dice-game"><p>{sentence}</p>'
            f"<table><thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table></div>"
        )

    def __repr__(self) -> str:
        kind = "informed" if self.informed else "uninformed"
        return (
            f"<DiceGame {self.attackers} v {self.defenders} ({kind}): value {float(self.value):.6f}, "
            f"naive {float(self.naive_value):.6f}>"
        )


def dice_game(
    attackers: int,
    defenders: int,
    rules: Rules | Mapping[str, Any] | None = None,
    informed: bool = True,
    *,
    at_least: int = 1,
    stop: bool = False,
    army_cost: float | Fraction = 0,
    exact: bool = False,
) -> DiceGame:
    """Solve a battle of ``attackers`` (armies that may roll: the territory holds one more) against
    ``defenders`` as a zero-sum game in which both sides choose their dice, by backward induction
    (see the module docstring). ``rules``: as ``battle_odds`` (``game.rules``; the printed rules by
    default; a mapping of their fields is accepted too). ``informed``: the defender sees the
    attacker's dice before choosing (else only their number). ``at_least``: a conquest counts
    only with at least that many armies to move in. ``stop``: the attacker may stop before any
    throw. ``army_cost``: what each army the attacker loses costs, a conquest being worth 1.
    ``exact``: Fractions throughout (else floats).

    >>> round(dice_game(3, 2).value, 6), round(dice_game(3, 2).naive_value, 6)
    (0.6391, 0.655954)
    """
    setup = _setup(attackers, (defenders,), rules, informed, at_least, stop, army_cost, exact)
    return DiceGame(setup)


class ChainConquest(_Solved):
    """A chain of territories conquered one after another (``chain_conquest``), solved as a game."""

    def __init__(self, setup: _Setup) -> None:
        self._setup = setup
        self._optimal = _solve(setup, "optimal")
        self._naive = _solve(setup, "naive")
        self.attackers = setup.attackers
        self.chain = setup.chain
        self.attacker_policy: dict[tuple[int, int, int], int] = dict(self._optimal.attacker)
        """``(territory, a, d)`` → the attacker's dice (0: stop); ``territory`` counts from 0."""
        self.defender_policy: dict[tuple[int, int, int, Any], int] = dict(self._optimal.defender)
        """``(territory, a, d, attack)`` → the defender's dice, as ``DiceGame.defender_policy``."""

    def reach(self) -> pd.DataFrame:
        """A row per territory: its defenders and the chance of conquering it and every one before,
        under optimal play and when both always roll the most dice."""
        import pandas as pd

        zero: Number = Fraction(0) if self._setup.exact else 0.0
        rows = []
        for s, d in enumerate(self.chain):
            head = replace(self._setup, chain=self.chain[: s + 1])
            policies = (self._optimal.attacker, self._optimal.defender)
            fixed = _solve(head, "fixed", _restrict(policies, s), cost=zero)
            naive = _solve(head, "naive", cost=zero)
            start = (self.attackers, self.chain[0])
            rows.append((s + 1, d, float(fixed.values[0][start]), float(naive.values[0][start])))
        columns = ["territory", "defenders", "best play", "always the most dice"]
        return pd.DataFrame(rows, columns=columns).set_index("territory")

    def stops(self) -> pd.DataFrame:
        """Where the attacker should stop (``stop=True``): a row per territory and state."""
        frame = self._differences(keep_territory=True)
        frame = frame[frame["best dice"] == 0].copy()
        frame["territory"] += 1
        return frame.drop(columns=["side", "attack", "best dice"]).reset_index(drop=True)

    def differences(self) -> pd.DataFrame:
        """``DiceGame.differences`` for every battle of the chain (``territory`` counts from 1)."""
        frame = self._differences(keep_territory=True)
        frame["territory"] += 1
        return frame

    def __repr__(self) -> str:
        kind = "informed" if self.informed else "uninformed"
        return (
            f"<ChainConquest {self.attackers} v {list(self.chain)} ({kind}): value {float(self.value):.6f}, "
            f"naive {float(self.naive_value):.6f}>"
        )

    def _repr_html_(self) -> str:
        sentence = _(
            "{attackers} attacking armies against a chain of {count} territories ({chain}), one army left in each: "
            "the attacker conquers them all with probability {value} when both play their best, {naive} when both "
            "always roll the most dice."
        ).format(
            attackers=f"<b>{self.attackers}</b>",
            count=len(self.chain),
            chain=", ".join(str(d) for d in self.chain),
            value=f"<b>{format_percent(float(self.value), 2)}</b>",
            naive=format_percent(float(self.naive_value), 2),
        )
        return f'<div class="riskboard-chain"><p>{sentence}</p>{_reach_html(self.reach())}</div>'


def _reach_html(reach: pd.DataFrame) -> str:
    """``reach`` as a notebook table, its headings and percentages in the language spoken."""
    rows = "".join(
        f"<tr><td>{t}</td><td>{r.iloc[0]}</td><td>{html.escape(format_percent(r.iloc[1], 2))}</td>"
        f"<td>{html.escape(format_percent(r.iloc[2], 2))}</td></tr>"
        for t, r in reach.iterrows()
    )
    heads = "".join(f"<th>{html.escape(_(HEADERS[h]))}</th>" for h in (reach.index.name, *reach.columns))
    return f"<table><thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table>"


def _restrict(policies: Fixed, last: int) -> Fixed:
    """The policies of the chain's battles up to ``last``."""
    attacker, defender = policies
    return (
        {key: k for key, k in attacker.items() if key[0] <= last},
        {key: j for key, j in defender.items() if key[0] <= last},
    )


def chain_conquest(
    attackers: int,
    defenders: Sequence[int],
    rules: Rules | Mapping[str, Any] | None = None,
    informed: bool = True,
    *,
    at_least: int = 1,
    stop: bool = False,
    army_cost: float | Fraction = 0,
    exact: bool = False,
) -> ChainConquest:
    """Conquer a chain of territories holding ``defenders`` (in order), one after the other, with
    ``attackers`` armies that may roll: each conquest moves every army left on and leaves one
    behind, so a battle won with ``a`` to move in goes on with ``a - 1`` that may roll. ``value``
    is the chance of conquering the whole chain (with ``at_least`` armies moving into the last)
    under optimal play; ``stop`` and ``army_cost`` as ``dice_game``, with which a battle shares
    every argument.

    >>> chain = chain_conquest(12, [3, 2, 2])
    >>> chain.naive_value > chain.value > 0.5
    True
    """
    if isinstance(defenders, (str, bytes)) or not isinstance(defenders, Sequence) or not defenders:
        raise TypeError(
            _("defenders must be a list of the armies in each territory, e.g. [3, 2, 2], got {value}").format(
                value=repr(defenders)
            )
        )
    if len(defenders) > MOST_CHAIN:
        raise ValueError(
            _("a chain has at most {most} territories, got {count}").format(most=MOST_CHAIN, count=len(defenders))
        )
    setup = _setup(attackers, tuple(defenders), rules, informed, at_least, stop, army_cost, exact)
    return ChainConquest(setup)
