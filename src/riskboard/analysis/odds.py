"""Exact odds, by enumeration and by the battle's absorbing Markov chain (no sampling).

``throw_odds(a, d)`` gives the loss distribution of one throw; ``battle_odds(A, D)`` the whole
battle, both sides always rolling the most dice allowed: ``p_win`` read from a float table of
every battle up to a size (``odds_table``, riskboard/analysis/table.py), ``p_win_exact`` solved
in exact rationals when asked for (riskboard/analysis/exact.py: the throws and the exact solver,
which the table is built from too). ``A`` counts the armies that may attack: a territory holding 10 armies has ``A = 9`` (one must stay behind). Both
follow ``rules`` (``rb.Rules``, by default the printed ones; ``rules=game.rules`` for a game's
house rules, or a battle's own rules for Balance of Power's terrain, airfields and recon), so
the odds a lesson shows are the odds of the game being played. The numbers match TEACHING.md
(Osborne 2003; e.g. ``battle_odds(10, 10).p_win ≈ 0.5676``).

Any army count a game can hold (up to ``MAX_UNITS``, 10,000 a side) has an answer: up to
``MAX_ARMIES`` (1,000) a side from the table, beyond it by moving the one battle's probability
forwards (``analysis/large.py``, float64, relative error below 1e-11; 5,000 v 4,000 in a fraction of
a second). Counts may be any whole number (numpy integers too) and ``rules`` a mapping of the
fields to change from the printed rules (``rules={"defence_dice": 3}``).

Dice of different sizes (the Transformers edition, RULES.md §6.4: a leader rolls a d8 among its
side's d6): ``throw_odds(3, 2, attacker_sides=(8, 6, 6))`` gives each die its own faces, and
``battle_odds(A, D, attacker_leader=True, defender_leader=True)`` solves a battle in which one of a
side's units is its leader, committed in every throw while it lives and lost last (its side loses it
only when it loses every unit it committed); a lost leader is out of the battle.

>>> round(battle_odds(9, 10).p_win, 4), round(battle_odds(9, 10, rules=Rules(defence_dice=3)).p_win, 4)
(0.4799, 0.1453)
>>> throw_odds(1, 1, attacker_sides=(8,)).attacker_takes_all  # P(d8 > d6) = (7+6+5+4+3+2)/48
Fraction(9, 16)
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from riskboard.analysis.arguments import as_rules, whole
from riskboard.analysis.exact import MAX_ARMIES, PRINTED, dice, exact_p_win, throw, throw_faces
from riskboard.analysis.large import large_battle, large_ends
from riskboard.analysis.table import table_lookup
from riskboard.engine.combat import MOST_DICE, Rules
from riskboard.engine.state import MAX_UNITS
from riskboard.i18n import _, format_chance, format_number, format_percent

LEADER_SIDES = PRINTED.leader_sides
"""The faces of a leader's die (the Transformers edition's d8, stated in ``Rules.leader_sides``)."""
MOST_SIDES = 20
"""The most faces a die may have (as ``Rules.sides``)."""


@dataclass(frozen=True)
class ThrowOdds:
    """One throw of ``attack`` against ``defend`` dice: P(attacker loses i, defender loses j)."""

    attack: int
    defend: int
    outcomes: dict[tuple[int, int], Fraction]

    @property
    def attacker_takes_all(self) -> Fraction:
        """The defender loses every compared pair."""
        pairs = min(self.attack, self.defend)
        return self.outcomes.get((0, pairs), Fraction(0))

    @property
    def defender_takes_all(self) -> Fraction:
        pairs = min(self.attack, self.defend)
        return self.outcomes.get((pairs, 0), Fraction(0))

    @property
    def split(self) -> Fraction:
        """One army lost on each side (only when two pairs are compared)."""
        return self.outcomes.get((1, 1), Fraction(0))

    @property
    def expected_attacker_loss(self) -> Fraction:
        return sum((p * i for (i, _), p in self.outcomes.items()), Fraction(0))

    @property
    def expected_defender_loss(self) -> Fraction:
        return sum((p * j for (_, j), p in self.outcomes.items()), Fraction(0))


def _faces(value: object, dice: int, name: str) -> tuple[int, ...]:
    """A side's ``attacker_sides`` / ``defender_sides`` checked: one whole number of faces per die."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise ValueError(f"{name} must be a sequence of each die's faces, e.g. (8, 6, 6), got {value!r}")
    if len(value) != dice:
        raise ValueError(f"{name} gives {len(value)} dice's faces for a throw of {dice} dice: give one per die")
    for f in value:
        if isinstance(f, bool) or not isinstance(f, int) or not 2 <= f <= MOST_SIDES:
            raise ValueError(f"{name}: a die has 2 to {MOST_SIDES} faces, got {f!r} in {tuple(value)!r}")
    return tuple(sorted(value, reverse=True))


def throw_odds(
    attack: int,
    defend: int,
    sides: int = 6,
    *,
    rules: Rules | None = None,
    attacker_sides: Sequence[int] | None = None,
    defender_sides: Sequence[int] | None = None,
) -> ThrowOdds:
    """Exact loss distribution of one throw of ``attack`` against ``defend`` dice (``rules`` say
    how many each side may roll, who wins ties and what changes a die: ``Rules``, a mapping of
    fields to change from the printed rules, or ``None``).

    ``attacker_sides`` / ``defender_sides`` give each die of that side its own faces, one number
    (2 to 20) per die, e.g. ``attacker_sides=(8, 6, 6)`` for a Transformers leader's d8 with two
    robots' d6 (RULES.md §6.4); a side without them rolls dice of ``sides`` faces. Each side's dice
    are sorted high to low before they are compared, whichever die showed what. ``rules``' bonuses
    hold for dice of any sizes (added to the side's highest die); rerolls (recon) of attacking dice
    of different sizes raise ``ValueError``, as which 1s are rolled again is then not defined.

    >>> throw_odds(3, 2).attacker_takes_all
    Fraction(1445, 3888)
    >>> throw_odds(3, 2, rules=Rules(ties="attacker")).attacker_takes_all
    Fraction(301, 486)
    >>> throw_odds(1, 1, defender_sides=(8,)).attacker_takes_all  # P(d6 > d8) = (0+1+2+3+4+5)/48
    Fraction(5, 16)
    """
    rules = as_rules(rules)
    sides = whole(sides, "sides", 2, MOST_SIDES)
    if sides != rules.sides:
        rules = rules.with_changes(sides=sides)
    attack = whole(attack, "attack", 1, MOST_DICE)
    defend = whole(defend, "defend", 1, MOST_DICE)
    if attack > rules.attack_dice or defend > rules.defence_dice:
        raise ValueError(
            _(
                "a throw is 1 to {attack_dice} attacking dice against 1 to {defence_dice} defending "
                "dice under these rules, got {attack} v {defend}"
            ).format(attack_dice=rules.attack_dice, defence_dice=rules.defence_dice, attack=attack, defend=defend)
        )
    if attacker_sides is None and defender_sides is None:
        return ThrowOdds(attack, defend, throw(attack, defend, rules))
    att = (rules.sides,) * attack if attacker_sides is None else _faces(attacker_sides, attack, "attacker_sides")
    de = (rules.sides,) * defend if defender_sides is None else _faces(defender_sides, defend, "defender_sides")
    if rules.rerolls and len(set(att)) > 1:
        raise ValueError(
            f"rerolls (recon) with attacking dice of different sizes {att} are not defined: which 1s are rolled again?"
        )
    return ThrowOdds(attack, defend, throw_faces(att, de, rules))


@dataclass(frozen=True)
class BattleOdds:
    """A whole battle, both sides always rolling the most dice allowed."""

    attackers: int
    defenders: int
    p_win: float
    """Probability that the attacker conquers the territory, as a float (1.0 only when exactly 1;
    ``p_win_exact`` is the fraction)."""
    expected_attacker_losses: float
    expected_defender_losses: float
    rules: Rules = field(default=PRINTED)
    """The rules the battle was solved under."""
    attacker_leader: bool = False
    """Whether one of the ``attackers`` is a leader (rolling a die of ``leader_sides`` faces, lost last)."""
    defender_leader: bool = False
    """Whether one of the ``defenders`` is a leader."""
    leader_sides: int = LEADER_SIDES
    """The faces of a leader's die (8: the Transformers edition's d8)."""
    _exact: Fraction | None = field(default=None, repr=False, compare=False)
    """``p_win_exact`` once solved."""

    @property
    def p_win_exact(self) -> Fraction:
        """Probability that the attacker conquers the territory, as an exact fraction: solved on
        first request (a battle of 100 v 100 takes about a second, 500 v 500 minutes)."""
        if self._exact is None:
            if max(self.attackers, self.defenders) > MAX_ARMIES:
                raise ValueError(
                    _(
                        "the exact fraction is solved up to {most} armies a side ({a} v {d} would take days); "
                        "p_win is accurate to about 1e-11"
                    ).format(most=MAX_ARMIES, a=self.attackers, d=self.defenders)
                )
            object.__setattr__(self, "_exact", exact_p_win(self.attackers, self.defenders, self.rules))
        assert self._exact is not None
        return self._exact

    def _leader(self, side: str) -> str:
        """`` (a d8 leader among them)`` for a side that had a leader, else nothing."""
        had = self.attacker_leader if side == "attacker" else self.defender_leader
        return " " + _("(a d{sides} leader among them)").format(sides=self.leader_sides) if had else ""

    @property
    def p_lose(self) -> float:
        return 1.0 - self.p_win

    def __str__(self) -> str:
        return (
            f"{self.attackers} attacking{self._leader('attacker')} v {self.defenders} defending"
            f"{self._leader('defender')}: conquers with probability "
            f"{format_chance(self.p_win, 1)}; expected losses {self.expected_attacker_losses:.2f} v {self.expected_defender_losses:.2f}"
        )

    def __repr__(self) -> str:
        rules = "" if self.rules == PRINTED else ", house rules"
        return f"<BattleOdds {self}{rules}>"

    @property
    def outcomes(self) -> dict[tuple[int, int], float]:
        """How the battle may end: ``(attackers left, defenders left)`` → probability, where one
        side is 0 (the attacker's count is of armies that could still roll, as in ``attackers``).

        >>> odds = battle_odds(3, 2)
        >>> round(sum(p for (a, d), p in odds.outcomes.items() if d == 0), 10) == round(odds.p_win, 10)
        True
        """
        if self.attacker_leader or self.defender_leader:
            return _end_states_leaders(
                self.attackers,
                self.defenders,
                self.rules,
                self.attacker_leader,
                self.defender_leader,
                self.leader_sides,
            )
        if max(self.attackers, self.defenders) > MAX_ARMIES and self.attackers and self.defenders:
            conquered, held = large_ends(self.attackers, self.defenders, self.rules)
            ends = {(0, d): float(held[d]) for d in range(self.defenders, 0, -1) if held[d]}
            ends.update({(a, 0): float(conquered[a]) for a in range(1, self.attackers + 1) if conquered[a]})
            return ends
        return _end_states(self.attackers, self.defenders, self.rules)

    def _repr_html_(self) -> str:
        """The notebook display: the odds as a sentence, a small chart of how the battle may end."""
        sentence = _(
            "{attackers} attacking armies{attacker_leader} against {defenders} defending{defender_leader}: "
            "the attacker conquers with probability {p}; expected losses {lost_attacker} (attacker) and "
            "{lost_defender} (defender)."
        ).format(
            attackers=f"<b>{self.attackers}</b>",
            attacker_leader=self._leader("attacker"),
            defenders=f"<b>{self.defenders}</b>",
            defender_leader=self._leader("defender"),
            p=f"<b>{format_chance(self.p_win, 1)}</b>",  # nothing below 1 reads as certain
            lost_attacker=format_number(self.expected_attacker_losses, 2),
            lost_defender=format_number(self.expected_defender_losses, 2),
        )
        if self.rules != PRINTED:
            sentence += " " + _("Rules: {rules}.").format(rules=html.escape(self.rules.describe()))
        chart = _outcome_chart(self) if 0 < self.attackers * self.defenders <= CHART_MAX else ""
        if chart:
            note = _(
                "Each bar is one way the battle can end, by the armies the winner has left; the taller, the likelier."
            )
            chart += f'<p style="font-size: smaller; margin-top: 0">{note}</p>'
        return f'<div class="riskboard-odds"><p>{sentence}</p>{chart}</div>'


def battle_odds(
    attackers: int,
    defenders: int,
    rules: Rules | Mapping[str, Any] | None = None,
    *,
    attacker_leader: bool = False,
    defender_leader: bool = False,
    leader_sides: int | None = None,
) -> BattleOdds:
    """The odds of a whole battle. ``attackers`` = armies that may roll (the source keeps one
    more); each throw rolls the most dice ``rules`` allow (the printed rules by default).
    ``p_win`` and the expected losses are read from the float table of ``rules`` (``odds_table``,
    built or grown as needed) up to ``MAX_ARMIES`` a side, and beyond it (up to ``MAX_UNITS``) by
    moving this battle's probability forwards (``analysis/large.py``: float64, relative error below
    1e-11); ``p_win_exact`` is the exact fraction, solved when first asked for (up to ``MAX_ARMIES``).
    ``attackers`` and ``defenders`` are whole numbers (numpy integers too); ``rules`` is ``Rules``
    (``game.rules``), a mapping of fields to change from the printed rules
    (``{"defence_dice": 3}``), or ``None`` for the printed rules.

    ``attacker_leader=True``: one of the ``attackers`` is a leader (the Transformers edition,
    RULES.md §6.4), committed in every throw while it lives as one of the dice allowed, rolling a
    die of ``leader_sides`` faces (``rules.leader_sides`` unless given: a d8) where the others roll
    ``rules.sides``, and lost last: a side that loses k units in a throw in which it committed m,
    the leader among them, loses the leader only if k == m (else k of the others). A lost leader is
    out of the battle. ``defender_leader`` likewise. A side with a leader has at least one unit;
    rerolls (recon) with an attacking leader whose die differs from the others raise ``ValueError``.

    >>> round(battle_odds(attackers=5, defenders=3).p_win, 6)
    0.769375
    >>> battle_odds(1, 1, attacker_leader=True).p_win_exact  # one d8 against one d6
    Fraction(9, 16)
    >>> round(battle_odds(5000, 4000).p_win, 6), round(battle_odds(5, 3, rules={"defence_dice": 3}).p_win, 4)
    (1.0, 0.5665)
    """
    attackers = whole(attackers, "attackers", 0, MAX_UNITS)
    defenders = whole(defenders, "defenders", 0, MAX_UNITS)
    if leader_sides is not None:
        leader_sides = whole(leader_sides, "leader_sides", 2, MOST_SIDES)
    for name, flag in (("attacker_leader", attacker_leader), ("defender_leader", defender_leader)):
        if not isinstance(flag, bool):
            raise ValueError(_("{name} must be True or False, got {value}").format(name=name, value=repr(flag)))
    if (attacker_leader or defender_leader) and max(attackers, defenders) > MAX_ARMIES:
        raise ValueError(
            _("the odds of a battle with leaders are worked out up to {most} units a side, got {a} v {d}").format(
                most=MAX_ARMIES, a=attackers, d=defenders
            )
        )
    return _battle_odds(
        attackers,
        defenders,
        as_rules(rules),
        attacker_leader=attacker_leader,
        defender_leader=defender_leader,
        leader_sides=leader_sides,
    )


@lru_cache(maxsize=4096)
def _battle_odds(
    attackers: int,
    defenders: int,
    rules: Rules,
    *,
    attacker_leader: bool,
    defender_leader: bool,
    leader_sides: int | None,
) -> BattleOdds:
    """``battle_odds`` with its arguments checked (whole ints, ``Rules``): kept per battle."""

    if leader_sides is None:
        leader_sides = rules.leader_sides
    for name, flag, units in (
        ("attacker_leader", attacker_leader, attackers),
        ("defender_leader", defender_leader, defenders),
    ):
        if not isinstance(flag, bool):
            raise ValueError(f"{name} must be True or False, got {flag!r}")
        if flag and units == 0:
            raise ValueError(f"{name}=True needs the leader among the {name.split('_')[0]}'s units, but there are none")
    if isinstance(leader_sides, bool) or not isinstance(leader_sides, int) or not 2 <= leader_sides <= MOST_SIDES:
        raise ValueError(f"leader_sides must be a whole number from 2 to {MOST_SIDES}, got {leader_sides!r}")
    if attacker_leader and rules.rerolls and leader_sides != rules.sides:
        raise ValueError(
            f"rerolls (recon) with an attacking leader's d{leader_sides} among d{rules.sides} are not defined: "
            "which 1s are rolled again?"
        )
    leaders: dict[str, Any] = {
        "attacker_leader": attacker_leader,
        "defender_leader": defender_leader,
        "leader_sides": leader_sides,
    }
    if defenders == 0:
        return BattleOdds(attackers, 0, 1.0, 0.0, 0.0, rules, **leaders, _exact=Fraction(1))
    if attackers == 0:
        return BattleOdds(0, defenders, 0.0, 0.0, 0.0, rules, **leaders, _exact=Fraction(0))
    if attacker_leader or defender_leader:
        p, la, ld = _solve_leaders(attackers, defenders, rules, attacker_leader, defender_leader, leader_sides)
        p_win = 1.0 if p == 1 else min(float(p), math.nextafter(1.0, 0.0))
        return BattleOdds(attackers, defenders, p_win, float(la), float(ld), rules, **leaders, _exact=p)
    if max(attackers, defenders) > MAX_ARMIES:
        p_win, ela, eld = large_battle(attackers, defenders, rules)
    else:
        p_win, ela, eld = table_lookup(attackers, defenders, rules)
    return BattleOdds(attackers, defenders, p_win, ela, eld, rules, **leaders)


CHART_MAX = 40_000
"""Battles up to this many attackers × defenders get an outcome chart in their notebook display."""


def _end_states(attackers: int, defenders: int, rules: Rules) -> dict[tuple[int, int], float]:
    """The battle's end states with their probabilities (floats), from the start forwards."""
    if attackers == 0 or defenders == 0:
        return {(attackers, defenders): 1.0}
    mass: dict[tuple[int, int], float] = {(attackers, defenders): 1.0}
    ends: dict[tuple[int, int], float] = {}
    for total in range(attackers + defenders, 0, -1):  # every throw removes at least one army
        for a in range(max(1, total - defenders), min(attackers, total - 1) + 1):
            p = mass.pop((a, total - a), 0.0)
            if not p:
                continue
            d = total - a
            for (i, j), q in throw(*dice(a, d, rules), rules).items():
                nxt = (a - i, d - j)
                target = ends if nxt[0] == 0 or nxt[1] == 0 else mass
                target[nxt] = target.get(nxt, 0.0) + p * float(q)
    return dict(sorted(ends.items(), key=lambda kv: kv[0][1] - kv[0][0]))


def _outcome_chart(odds: BattleOdds, width: int = 420, height: int = 110) -> str:
    """An SVG bar chart of the end states: the defender holding with D..1 armies left (red), then
    the attacker conquering with 1..A left (blue); long battles are grouped into at most 40 bars."""
    ends = odds.outcomes
    bars: list[tuple[str, float, str]] = []  # (label, probability, colour)
    for side, colour in (("defender", "#D55E00"), ("attacker", "#0072B2")):
        n = odds.defenders if side == "defender" else odds.attackers
        left = [ends.get((0, k) if side == "defender" else (k, 0), 0.0) for k in range(1, n + 1)]
        if side == "defender":
            left.reverse()  # most defenders left at the far left
        group = -(-n // 40)
        for start in range(0, n, group):
            chunk = left[start : start + group]
            ks = (
                range(start + 1, start + len(chunk) + 1)
                if side == "attacker"
                else range(n - start, n - start - len(chunk), -1)
            )
            label = f"{ks[0]}" if len(chunk) == 1 else f"{ks[0]}–{ks[-1]}"
            said = _("attacker left with {n}: ") if side == "attacker" else _("defender left with {n}: ")
            bars.append((said.format(n=label), sum(chunk), colour))
    top = max(bar[1] for bar in bars) or 1.0
    plot_h = height - 28
    step = width / len(bars)
    rects = []
    for i, (label, p, colour) in enumerate(bars):
        h = plot_h * p / top
        rects.append(
            f'<rect x="{i * step + 0.5:.1f}" y="{plot_h - h + 4:.1f}" width="{max(step - 1, 0.5):.1f}" '
            f'height="{h:.1f}" fill="{colour}"><title>{label}{format_percent(p, 1)}</title></rect>'
        )
    split = (len(bars) - sum(1 for b in bars if b[2] == "#0072B2")) * step
    text = 'font-family="sans-serif" font-size="11"'
    label = _("how the battle ends")
    holds = _("defender holds ({p})").format(p=format_chance(1 - odds.p_win, 1))
    conquers = _("attacker conquers ({p})").format(p=format_chance(odds.p_win, 1))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
        f'aria-label="{label}">{"".join(rects)}'
        f'<line x1="0" x2="{width}" y1="{plot_h + 4}" y2="{plot_h + 4}" stroke="#555"/>'
        f'<text x="2" y="{height - 6}" {text} fill="#D55E00">{holds}</text>'
        f'<text x="{width - 2}" y="{height - 6}" {text} fill="#0072B2" text-anchor="end">'
        f"{conquers}</text>"
        f'<line x1="{split:.1f}" x2="{split:.1f}" y1="0" y2="{plot_h + 8}" stroke="#555" stroke-dasharray="3,2"/>'
        "</svg>"
    )


State = tuple[int, bool, int, bool]
"""A battle with leaders: (attacking units, attacker's leader among them?, defending units, defender's leader?)."""


@lru_cache(maxsize=256)
def _leader_losses(
    m: int, la: bool, n: int, ld: bool, rules: Rules, leader_sides: int
) -> tuple[tuple[int, int, bool, bool, Fraction], ...]:
    """One throw of ``m`` against ``n`` dice, a leader's die among a side's where ``la`` / ``ld``:
    (attacker losses, defender losses, attacker's leader still in?, defender's?, probability). A
    side loses its leader only when it loses every unit it committed (leader last)."""
    att = ((leader_sides,) + (rules.sides,) * (m - 1)) if la else (rules.sides,) * m
    de = ((leader_sides,) + (rules.sides,) * (n - 1)) if ld else (rules.sides,) * n
    outcomes = throw_faces(tuple(sorted(att, reverse=True)), tuple(sorted(de, reverse=True)), rules)
    return tuple((i, j, la and i < m, ld and j < n, p) for (i, j), p in outcomes.items())


def _leader_throw(state: State, rules: Rules, leader_sides: int) -> list[tuple[State, int, int, Fraction]]:
    """The states one throw from ``state`` leads to: (next state, attacker losses, defender
    losses, probability), each side rolling the most dice allowed, its leader's among them."""
    a, la, d, ld = state
    m, n = dice(a, d, rules)  # ``a`` may roll: the origin holds a + 1
    return [
        ((a - i, la2, d - j, ld2), i, j, p) for i, j, la2, ld2, p in _leader_losses(m, la, n, ld, rules, leader_sides)
    ]


def _leader_states(units: int, leader: bool) -> tuple[bool, ...]:
    """Whether a side of ``units`` may (still) have its leader: only if it had one and has a unit."""
    return (False, True) if leader and units else (False,)


def _solve_leaders(
    attackers: int, defenders: int, rules: Rules, attacker_leader: bool, defender_leader: bool, leader_sides: int
) -> tuple[Fraction, Fraction, Fraction]:
    """``solve`` over states (attacking units, attacker's leader alive?, defending units,
    defender's leader alive?): every throw removes a unit, so small battles are solved first."""
    win: dict[State, Fraction] = {}
    loss_a: dict[State, Fraction] = {}
    loss_d: dict[State, Fraction] = {}
    zero, one = Fraction(0), Fraction(1)
    for a in range(attackers + 1):
        for d in range(defenders + 1):
            for la in _leader_states(a, attacker_leader):
                for ld in _leader_states(d, defender_leader):
                    state = (a, la, d, ld)
                    if d == 0 or a == 0:
                        win[state], loss_a[state], loss_d[state] = (one if d == 0 else zero), zero, zero
                        continue
                    w = ea = ed = zero
                    for nxt, i, j, p in _leader_throw(state, rules, leader_sides):
                        w += p * win[nxt]
                        ea += p * (i + loss_a[nxt])
                        ed += p * (j + loss_d[nxt])
                    win[state], loss_a[state], loss_d[state] = w, ea, ed
    start = (attackers, attacker_leader, defenders, defender_leader)
    return win[start], loss_a[start], loss_d[start]


def _end_states_leaders(
    attackers: int, defenders: int, rules: Rules, attacker_leader: bool, defender_leader: bool, leader_sides: int
) -> dict[tuple[int, int], float]:
    """``_end_states`` for a battle with leaders (the end states by units left, leader or not)."""
    if attackers == 0 or defenders == 0:
        return {(attackers, defenders): 1.0}
    mass: dict[State, float] = {(attackers, attacker_leader, defenders, defender_leader): 1.0}
    ends: dict[tuple[int, int], float] = {}
    for total in range(attackers + defenders, 0, -1):  # every throw removes at least one unit
        for a in range(max(1, total - defenders), min(attackers, total - 1) + 1):
            d = total - a
            for la in _leader_states(a, attacker_leader):
                for ld in _leader_states(d, defender_leader):
                    p = mass.pop((a, la, d, ld), 0.0)
                    if not p:
                        continue
                    for nxt, _i, _j, q in _leader_throw((a, la, d, ld), rules, leader_sides):
                        if nxt[0] == 0 or nxt[2] == 0:
                            ends[nxt[0], nxt[2]] = ends.get((nxt[0], nxt[2]), 0.0) + p * float(q)
                        else:
                            mass[nxt] = mass.get(nxt, 0.0) + p * float(q)
    return dict(sorted(ends.items(), key=lambda kv: kv[0][1] - kv[0][0]))


def battle_p_win(
    attackers: int,
    defenders: int,
    *,
    max_dice: int = PRINTED.attack_dice,
    attack_bonus: bool = False,
    defend_bonus: bool = False,
    rerolls: int = 0,
) -> float:
    """``battle_odds(...).p_win`` with Balance of Power's modifiers given by name: at most
    ``max_dice`` attacking dice, an airfield's +1 on either side, ``rerolls`` attacking 1s rolled
    again. Never exactly 1, as a defender can always win a throw.

    >>> battle_p_win(5, 3, max_dice=2) < battle_p_win(5, 3) < battle_p_win(5, 3, attack_bonus=True)
    True
    """
    rules = Rules(
        attack_dice=whole(max_dice, "max_dice", 1, MOST_DICE),
        attack_bonus=int(attack_bonus),
        defence_bonus=int(defend_bonus),
        rerolls=whole(rerolls, "rerolls", 0, 100),
    )
    return min(battle_odds(attackers, defenders, rules).p_win, math.nextafter(1.0, 0.0) if defenders else 1.0)
