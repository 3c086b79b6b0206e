"""``battle_chain``: a whole battle as an absorbing Markov chain, with its matrices in the open.

``battle_odds`` answers "what are my chances?"; this module shows *why*, in the language of a
course on Markov chains (Tan 1997, Osborne 2003): the states ``(a, d)`` (armies that may still
roll against armies defending), the transition matrix ``P = [[Q, R], [0, I]]`` of one throw, the
fundamental matrix ``N = (I - Q)^-1`` (expected visits), the absorption probabilities ``B = N R``
and the expected number of throws ``N 1``. The one-throw distribution comes from
``riskboard.analysis.exact`` (``throw``, ``dice``), so the chain follows any ``Rules`` the odds do.
With the Transformers edition's leaders a throw is the one ``battle_odds`` solves them with
(``odds._leader_throw``: the leader's d8 among its side's dice, the leader lost last), and a state
also says whose leader still fights.

Every throw removes at least one army, so the chain is acyclic: with the transient states in order
of decreasing armies, ``Q`` is strictly upper triangular and ``N`` and ``B`` are solved by
back-substitution, in exact rationals on request (``exact=True``) and never by a float inverse.

>>> from riskboard.analysis import battle_odds
>>> chain = battle_chain(3, 2, exact=True)
>>> chain.p_win == battle_odds(3, 2).p_win_exact
True
>>> [p * 7776 for p in chain.transition_frame().loc["3 v 2", ["3 v 0", "2 v 1", "1 v 2"]]]
[Fraction(2890, 1), Fraction(2611, 1), Fraction(2275, 1)]
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from riskboard.analysis.arguments import as_rules, whole
from riskboard.analysis.exact import PRINTED, dice, throw
from riskboard.analysis.odds import MOST_SIDES, _leader_throw
from riskboard.engine.combat import Rules
from riskboard.engine.state import MAX_UNITS
from riskboard.i18n import _, format_chance, format_number

if TYPE_CHECKING:
    import pandas as pd

State = tuple[int, ...]
"""A battle's state: ``(a, d)``, armies that may still roll against armies defending; in a battle
with leaders ``(a, d, la, ld)``, ``la`` / ``ld`` whether that side's leader still fights."""
Step = Callable[[State], list[tuple[State, Fraction]]]
"""One throw from a transient state: each next state with its probability."""
MOST_STATES = 2500
"""The most states a chain may have: its dense transition matrix then holds about 6 million
numbers (50 MB of floats); bigger battles are for ``rb.battle_odds`` and ``rb.odds_table``."""
PICTURED = 12
"""Chains of battles up to this size on each side have a picture (``rb.chain_picture``)."""
MATRIX_SHOWN = 16
"""Chains of at most this many states show their whole transition matrix in a notebook."""


def state_label(state: State) -> str:
    """A state as a person reads it: "3 v 2" (attacking armies v defending armies); a star marks a
    side whose leader still fights: "3★ v 2"."""
    a, d = (f"{n}★" if len(state) > 2 and state[2 + k] else str(n) for k, n in enumerate(state[:2]))
    return _("{attackers} v {defenders}").format(attackers=a, defenders=d)


class BattleChain:
    """The absorbing Markov chain of one battle, both sides always rolling the most dice allowed.

    ``states``: the transient states (both sides still have armies) from the start down, in order
    of decreasing armies, then the absorbing ones: the conquests ``(a, 0)`` from most attackers
    left, then the defences ``(0, d)`` from most defenders left. Only states the battle can reach
    are listed. ``transition`` is row-stochastic over ``states`` (absorbing rows are the identity);
    ``fundamental`` is ``N = (I - Q)^-1`` over the transient states; ``absorption`` is
    ``B = N R`` as a DataFrame. With ``exact=True`` every number is a ``Fraction`` (numpy arrays of
    dtype ``object``), otherwise a float.
    """

    def __init__(
        self,
        attackers: int,
        defenders: int,
        rules: Rules,
        exact: bool,
        leaders: tuple[bool, bool] = (False, False),
        leader_sides: int = PRINTED.leader_sides,
    ) -> None:
        self.attackers = attackers
        self.defenders = defenders
        self.rules = rules
        self.exact = exact
        self.attacker_leader, self.defender_leader = leaders
        """Whether one of the attackers (defenders) is a leader rolling a d``leader_sides``, lost last."""
        self.leader_sides = leader_sides
        if any(leaders):
            start: State = (attackers, defenders, *leaders)
            self._steps = _reachable(start, _leader_step(rules, leader_sides))
        else:
            self._steps = _reachable((attackers, defenders), _plain_step(rules))
        transient = sorted(self._steps, key=lambda s: (-(s[0] + s[1]), -s[0], [-int(f) for f in s[2:]]))
        ends = {nxt for outcomes in self._steps.values() for nxt, _p in outcomes if not (nxt[0] and nxt[1])}
        conquests = sorted((s for s in ends if s[1] == 0), reverse=True)
        defences = sorted((s for s in ends if s[0] == 0), reverse=True)
        self.states: list[State] = [*transient, *conquests, *defences]
        """Every state the battle can reach: transient first (the start first), then absorbing."""
        if len(self.states) > MOST_STATES:
            raise ValueError(
                _(
                    "a battle of {attackers} v {defenders} has {n} states, more than the {most} whose "
                    "matrices fit a notebook: for big battles use rb.battle_odds or rb.odds_table"
                ).format(attackers=attackers, defenders=defenders, n=len(self.states), most=MOST_STATES)
            )
        self.transient: list[State] = transient
        """The transient states, in ``states`` order (the rows and columns of ``fundamental``)."""
        self.absorbing: list[State] = [*conquests, *defences]
        """The absorbing states, in ``states`` order (the columns of ``absorption``)."""
        self._index = {s: i for i, s in enumerate(self.states)}

    # -- the numbers ------------------------------------------------------------------------------
    def _number(self, p: Any) -> Any:
        """``p`` as this chain's numbers are: a ``Fraction`` if exact, else a Python float."""
        return p if self.exact else float(p)

    def _zeros(self, *shape: int) -> np.ndarray:
        if self.exact:
            return np.full(shape, Fraction(0), dtype=object)
        return np.zeros(shape)

    @cached_property
    def transition(self) -> np.ndarray:
        """``P``: row ``i`` gives the chances of each state after one throw from state ``i``."""
        n = len(self.states)
        matrix = self._zeros(n, n)
        for state, outcomes in self._steps.items():
            row = self._index[state]
            for nxt, p in outcomes:
                matrix[row, self._index[nxt]] = self._number(p)
        for state in self.absorbing:
            i = self._index[state]
            matrix[i, i] = self._number(Fraction(1))
        return matrix

    def _back_substitute(self, own: Callable[[int], np.ndarray]) -> np.ndarray:
        """Rows ``X[i] = own(i) + sum_k Q[i, k] X[k]`` over the transient states, solved from the
        last up: every throw leads to a later state, so each row needs only rows already solved."""
        rows: list[np.ndarray] = [np.empty(0)] * len(self.transient)
        for i in range(len(self.transient) - 1, -1, -1):
            row = own(i)
            for nxt, p in self._steps[self.transient[i]]:
                k = self._index[nxt]
                if k < len(self.transient):
                    row = row + rows[k] * self._number(p)
            rows[i] = row
        return np.array(rows, dtype=object if self.exact else float).reshape(len(self.transient), -1)

    @cached_property
    def fundamental(self) -> np.ndarray:
        """``N = (I - Q)^-1``: ``N[i, j]`` is the expected number of throws made from transient
        state ``j`` in a battle that starts in transient state ``i``."""
        t = len(self.transient)

        def unit(i: int) -> np.ndarray:
            row = self._zeros(t)
            row[i] = self._number(Fraction(1))
            return row

        return self._back_substitute(unit)

    @cached_property
    def _absorption(self) -> np.ndarray:
        """``B = N R`` as an array, solved as ``B = R + Q B`` without forming ``N``."""
        t = len(self.transient)
        r = self.transition[:t, t:]
        return self._back_substitute(lambda i: r[i].copy())

    @property
    def absorption(self) -> pd.DataFrame:
        """``B = N R``: for each transient state (rows), the chance the battle ends in each
        absorbing state (columns); both indexed by ``(attackers, defenders)``."""
        import pandas as pd

        names = ["attackers", "defenders"]
        if self.attacker_leader or self.defender_leader:
            names += ["attacker_leader", "defender_leader"]

        def index(states: list[State]) -> pd.MultiIndex:
            return pd.MultiIndex.from_tuples(states, names=names)

        return pd.DataFrame(self._absorption, index=index(self.transient), columns=index(self.absorbing))

    @cached_property
    def _throws(self) -> np.ndarray:
        """``N 1``: the expected number of throws from each transient state."""
        return self._back_substitute(lambda i: self._zeros(1) + self._number(Fraction(1)))[:, 0]

    @property
    def expected_throws(self) -> Any:
        """The expected number of throws of the battle, from the start (``N 1`` at the start)."""
        return self._number(self._throws[0])

    @property
    def p_win(self) -> Any:
        """The chance the attacker conquers: the start's absorption into the conquests."""
        conquests = sum(1 for s in self.absorbing if s[1] == 0)
        return self._number(sum(self._absorption[0, :conquests], self._number(Fraction(0))))

    @property
    def expected_losses(self) -> tuple[Any, Any]:
        """The expected armies each side loses in the whole battle: ``(attacker, defender)``."""
        zero = self._number(Fraction(0))
        ends = self._absorption[0]
        lost_a = sum((p * (self.attackers - s[0]) for p, s in zip(ends, self.absorbing)), zero)
        lost_d = sum((p * (self.defenders - s[1]) for p, s in zip(ends, self.absorbing)), zero)
        return self._number(lost_a), self._number(lost_d)

    def throws_distribution(self) -> pd.Series:
        """The chance that the battle takes exactly ``k`` throws, for every ``k`` it can take (a
        Series indexed by ``k``): the mass reaching the absorbing states at each step."""
        import pandas as pd

        t = len(self.transient)
        q = self.transition[:t, :t]
        r_total = self.transition[:t, t:].sum(axis=1)
        mass = self._zeros(t)
        mass[0] = self._number(Fraction(1))
        chances: dict[int, Any] = {}
        k = 0
        while any(mass):
            k += 1
            ended = mass @ r_total
            if ended:
                chances[k] = ended
            mass = mass @ q
        series = pd.Series(chances, name=_("chance"), dtype=object if self.exact else float)
        series.index.name = _("throws")
        return series

    def transition_frame(self) -> pd.DataFrame:
        """``transition`` as a DataFrame whose rows and columns are labelled "3 v 2"."""
        import pandas as pd

        labels = [state_label(s) for s in self.states]
        return pd.DataFrame(self.transition, index=labels, columns=labels)

    # -- display ----------------------------------------------------------------------------------
    def _shown(self, p: Any) -> str:
        if self.exact and isinstance(p, Fraction):
            return str(p)  # "2611/7776", "1", "0"
        return "0" if p == 0 else format_number(float(p), 3)

    def __repr__(self) -> str:
        kind = "exact" if self.exact else "float"
        rules = "" if self.rules == PRINTED else ", house rules"
        if self.attacker_leader or self.defender_leader:
            sides = ("attacker", "defender")
            rules += ", leaders: " + " and ".join(
                side for side, has in zip(sides, (self.attacker_leader, self.defender_leader)) if has
            )
        return (
            f"<BattleChain {self.attackers} v {self.defenders}: {len(self.transient)} transient and "
            f"{len(self.absorbing)} absorbing states, P(conquer) = {float(self.p_win):.4f}, "
            f"{float(self.expected_throws):.3f} throws expected ({kind}{rules})>"
        )

    def _repr_html_(self) -> str:
        """The notebook display: the chain in a sentence and, for small chains, its matrix."""
        lost_a, lost_d = self.expected_losses
        sentence = _(
            "The battle of {attackers} v {defenders} as a Markov chain: {transient} transient and "
            "{absorbing} absorbing states. The attacker conquers with probability {p}, after {throws} "
            "throws on average; expected losses {lost_attacker} (attacker) and {lost_defender} (defender)."
        ).format(
            attackers=self.attackers,
            defenders=self.defenders,
            transient=len(self.transient),
            absorbing=len(self.absorbing),
            p=f"<b>{format_chance(float(self.p_win), 1)}</b>",
            throws=format_number(float(self.expected_throws), 2),
            lost_attacker=format_number(float(lost_a), 2),
            lost_defender=format_number(float(lost_d), 2),
        )
        if self.rules != PRINTED:
            sentence += " " + _("Rules: {rules}.").format(rules=html.escape(self.rules.describe()))
        if self.attackers <= PICTURED and self.defenders <= PICTURED:
            sentence += " " + _("rb.chain_picture(chain) draws it.")
        if len(self.states) > MATRIX_SHOWN:
            note = _(
                "The transition matrix has {n} × {n} entries: chain.transition_frame() shows it as a table."
            ).format(n=len(self.states))
            return f'<div class="riskboard-chain"><p>{sentence}</p><p>{html.escape(note)}</p></div>'
        labels = [html.escape(state_label(s)) for s in self.states]
        t = len(self.transient)
        head = "".join(f"<th>{label}</th>" for label in labels)
        rows = []
        for i, label in enumerate(labels):
            cells = "".join(
                f'<td style="text-align: right{"; background: #F2F2F2" if j >= t else ""}">'
                f"{self._shown(self.transition[i, j])}</td>"
                for j in range(len(labels))
            )
            rows.append(f"<tr><th>{label}</th>{cells}</tr>")
        caption = html.escape(
            _("One throw: the chance of each state (columns) after each state (rows); absorbing states shaded.")
        )
        table = (
            f'<table class="riskboard-chain-matrix"><caption>{caption}</caption>'
            f"<thead><tr><th></th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        )
        return f'<div class="riskboard-chain"><p>{sentence}</p>{table}</div>'


def _plain_step(rules: Rules) -> Step:
    """A throw of the most dice ``rules`` allow each side (``riskboard.analysis.exact``)."""

    def step(state: State) -> list[tuple[State, Fraction]]:
        a, d = state
        return [((a - i, d - j), p) for (i, j), p in throw(*dice(a, d, rules), rules).items() if p]

    return step


def _leader_step(rules: Rules, leader_sides: int) -> Step:
    """A throw with leaders, as ``battle_odds(..., attacker_leader=True)`` throws it (its
    ``_leader_throw``: the leader's die among its side's, the leader lost last)."""

    def step(state: State) -> list[tuple[State, Fraction]]:
        a, d, la, ld = state
        return [
            ((a2, d2, la2, ld2), p)
            for (a2, la2, d2, ld2), _i, _j, p in _leader_throw((a, bool(la), d, bool(ld)), rules, leader_sides)
            if p
        ]

    return step


def _reachable(start: State, step: Step) -> dict[State, list[tuple[State, Fraction]]]:
    """Every transient state the battle from ``start`` can reach, with its one-throw outcomes."""
    steps: dict[State, list[tuple[State, Fraction]]] = {}
    todo = [start]
    while todo:
        state = todo.pop()
        if state in steps:
            continue
        steps[state] = outcomes = step(state)
        todo.extend(nxt for nxt, _p in outcomes if nxt[0] and nxt[1] and nxt not in steps)
    return steps


def battle_chain(
    attackers: int,
    defenders: int,
    rules: Rules | Mapping[str, Any] | None = None,
    exact: bool = False,
    *,
    attacker_leader: bool = False,
    defender_leader: bool = False,
    leader_sides: int | None = None,
) -> BattleChain:
    """The battle of ``attackers`` (armies that may roll: their territory holds one more) against
    ``defenders`` as an absorbing Markov chain, under ``rules`` (``Rules``, e.g. ``game.rules``;
    ``None``: the printed rules), both sides always rolling the most dice allowed. ``exact=True``
    gives every number as a ``Fraction``.

    ``attacker_leader`` / ``defender_leader`` (the Transformers edition, as in ``rb.battle_odds``):
    one of that side's units is its leader, rolling a d``leader_sides`` (``rules.leader_sides``
    unless given) in every throw while it lives and lost last. A state then also says whose leader
    still fights: ``(a, d, attacker_leader, defender_leader)``.

    >>> chain = battle_chain(5, 5)
    >>> round(chain.p_win, 6), round(chain.expected_throws, 2)
    (0.506203, 3.92)
    >>> battle_chain(1, 1, exact=True, attacker_leader=True).p_win  # one d8 against one d6
    Fraction(9, 16)
    """
    a = whole(attackers, "attackers", 1, MAX_UNITS)
    d = whole(defenders, "defenders", 1, MAX_UNITS)
    for name, flag in (("exact", exact), ("attacker_leader", attacker_leader), ("defender_leader", defender_leader)):
        if not isinstance(flag, bool):
            raise TypeError(_("{name} must be True or False, got {value}").format(name=name, value=repr(flag)))
    checked = as_rules(rules)
    sides = checked.leader_sides if leader_sides is None else leader_sides
    if isinstance(sides, bool) or not isinstance(sides, int) or not 2 <= sides <= MOST_SIDES:
        raise ValueError(
            _("leader_sides must be a whole number from 2 to {most}, got {value}").format(
                most=MOST_SIDES, value=repr(leader_sides)
            )
        )
    if attacker_leader and checked.rerolls and sides != checked.sides:
        raise ValueError(
            _(
                "rerolls (recon) with an attacking leader's d{leader} among d{sides} are not defined: "
                "which 1s are rolled again?"
            ).format(leader=sides, sides=checked.sides)
        )
    return BattleChain(a, d, checked, exact, (attacker_leader, defender_leader), sides)
