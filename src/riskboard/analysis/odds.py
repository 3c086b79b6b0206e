"""Exact odds, by enumeration and by the battle's absorbing Markov chain (no sampling).

``throw_odds(a, d)`` gives the loss distribution of one throw; ``battle_odds(A, D)`` solves the
whole battle in exact rationals, both sides always rolling the most dice allowed. ``A`` counts the
armies that may attack: a territory holding 10 armies has ``A = 9`` (one must stay behind). Both
follow ``rules`` (``rb.Rules``, by default the printed ones; ``rules=game.rules`` for a game's
house rules, or a battle's own rules for Balance of Power's terrain, airfields and recon), so
the odds a lesson shows are the odds of the game being played. The numbers match TEACHING.md
(Osborne 2003; e.g. ``battle_odds(10, 10).p_win ≈ 0.5676``).

>>> round(battle_odds(9, 10).p_win, 4), round(battle_odds(9, 10, rules=Rules(defence_dice=3)).p_win, 4)
(0.4799, 0.1453)
"""

from __future__ import annotations

import html
import math
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, product

from riskboard.engine.combat import Rules

MAX_ARMIES = 1000
PRINTED = Rules()

Side = tuple[tuple[tuple[int, ...], Fraction], ...]
"""One side's throw: each way its dice can end up (sorted high to low) with its probability."""


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


@lru_cache(maxsize=256)
def _side(n: int, sides: int, bonus: int, rerolls: int) -> Side:
    """The sorted dice of one side of ``n`` dice: each multiset of faces weighted by how many of the
    ``sides ** n`` ordered rolls give it; ``rerolls`` of its 1s rolled again until they show 2 or
    more (so uniform on 2..sides), then ``bonus`` added to the highest die."""
    out: dict[tuple[int, ...], Fraction] = defaultdict(Fraction)
    total = sides**n
    for faces in combinations_with_replacement(range(sides, 0, -1), n):  # high to low
        ways = math.factorial(n)
        for v in set(faces):
            ways //= math.factorial(faces.count(v))
        p = Fraction(ways, total)
        ones = min(faces.count(1), rerolls)
        kept = faces[: n - ones]
        for new in product(range(2, sides + 1), repeat=ones):
            final = sorted((*kept, *new), reverse=True)
            final[0] += bonus
            out[tuple(final)] += p / (sides - 1) ** ones
    return tuple(out.items())


@lru_cache(maxsize=512)
def _throw(attack: int, defend: int, rules: Rules) -> dict[tuple[int, int], Fraction]:
    """(attacker losses, defender losses) → probability of one throw under ``rules``."""
    counts: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for att, pa in _side(attack, rules.sides, rules.attack_bonus, rules.rerolls):
        for de, pd in _side(defend, rules.sides, rules.defence_bonus, 0):
            counts[rules.compare(att, de)] += pa * pd
    return dict(sorted(counts.items()))


def throw_odds(attack: int, defend: int, sides: int = 6, *, rules: Rules | None = None) -> ThrowOdds:
    """Exact loss distribution of one throw of ``attack`` against ``defend`` dice (``rules`` say
    how many each side may roll, who wins ties and what changes a die).

    >>> throw_odds(3, 2).attacker_takes_all
    Fraction(1445, 3888)
    >>> throw_odds(3, 2, rules=Rules(ties="attacker")).attacker_takes_all
    Fraction(301, 486)
    """
    rules = rules or PRINTED
    if sides != rules.sides:
        rules = rules.with_changes(sides=sides)
    for value, most in ((attack, rules.attack_dice), (defend, rules.defence_dice)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
            raise ValueError(
                f"a throw is 1 to {rules.attack_dice} attacking dice against 1 to {rules.defence_dice} defending "
                f"dice under these rules, got {attack} v {defend}"
            )
    return ThrowOdds(attack, defend, _throw(attack, defend, rules))


@dataclass(frozen=True)
class BattleOdds:
    """A whole battle, both sides always rolling the most dice allowed."""

    attackers: int
    defenders: int
    p_win_exact: Fraction
    """Probability that the attacker conquers the territory."""
    expected_attacker_losses: float
    expected_defender_losses: float
    rules: Rules = field(default=PRINTED)
    """The rules the battle was solved under."""

    @property
    def p_win(self) -> float:
        """Probability of conquering, as a float (``p_win_exact`` is the fraction)."""
        return float(self.p_win_exact)

    @property
    def p_lose(self) -> float:
        return 1.0 - self.p_win

    def __str__(self) -> str:
        return (
            f"{self.attackers} attacking v {self.defenders} defending: conquers with probability "
            f"{self.p_win:.1%}; expected losses {self.expected_attacker_losses:.2f} v {self.expected_defender_losses:.2f}"
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
        return _end_states(self.attackers, self.defenders, self.rules)

    def _repr_html_(self) -> str:
        """The notebook display: the odds as a sentence, a small chart of how the battle may end."""
        sentence = (
            f"<b>{self.attackers}</b> attacking armies against <b>{self.defenders}</b> defending: the attacker "
            f"conquers with probability <b>{self.p_win:.1%}</b>; expected losses "
            f"{self.expected_attacker_losses:.2f} (attacker) and {self.expected_defender_losses:.2f} (defender)."
        )
        if self.rules != PRINTED:
            sentence += f" Rules: {html.escape(self.rules.describe())}."
        chart = _outcome_chart(self) if 0 < self.attackers * self.defenders <= CHART_MAX else ""
        if chart:
            chart += (
                '<p style="font-size: smaller; margin-top: 0">Each bar is one way the battle can end, by the '
                "armies the winner has left; the taller, the likelier.</p>"
            )
        return f'<div class="riskboard-odds"><p>{sentence}</p>{chart}</div>'


@lru_cache(maxsize=4096, typed=True)
def battle_odds(attackers: int, defenders: int, rules: Rules | None = None) -> BattleOdds:
    """Exact odds of a whole battle. ``attackers`` = armies that may roll (the source keeps one
    more); each throw rolls the most dice ``rules`` allow (the printed rules by default).

    >>> round(battle_odds(attackers=5, defenders=3).p_win, 6)
    0.769375
    """
    for name, value in (("attackers", attackers), ("defenders", defenders)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0 or value > MAX_ARMIES:
            raise ValueError(f"{name} must be a whole number from 0 to {MAX_ARMIES}, got {value!r}")
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError(f"rules must be riskboard Rules (e.g. game.rules), got {type(rules).__name__}")
    rules = rules or PRINTED
    if defenders == 0:
        return BattleOdds(attackers, 0, Fraction(1), 0.0, 0.0, rules)
    if attackers == 0:
        return BattleOdds(0, defenders, Fraction(0), 0.0, 0.0, rules)
    p, la, ld = _solve(attackers, defenders, rules)
    return BattleOdds(attackers, defenders, p, float(la), float(ld), rules)


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
            for (i, j), q in _throw(rules.attacking(a + 1), rules.defending(d), rules).items():
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
            bars.append((f"{side} left with {label}: ", sum(chunk), colour))
    top = max(p for _, p, _ in bars) or 1.0
    plot_h = height - 28
    step = width / len(bars)
    rects = []
    for i, (label, p, colour) in enumerate(bars):
        h = plot_h * p / top
        rects.append(
            f'<rect x="{i * step + 0.5:.1f}" y="{plot_h - h + 4:.1f}" width="{max(step - 1, 0.5):.1f}" '
            f'height="{h:.1f}" fill="{colour}"><title>{label}{p:.1%}</title></rect>'
        )
    split = (len(bars) - sum(1 for b in bars if b[2] == "#0072B2")) * step
    text = 'font-family="sans-serif" font-size="11"'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
        f'aria-label="how the battle ends">{"".join(rects)}'
        f'<line x1="0" x2="{width}" y1="{plot_h + 4}" y2="{plot_h + 4}" stroke="#555"/>'
        f'<text x="2" y="{height - 6}" {text} fill="#D55E00">defender holds ({1 - odds.p_win:.1%})</text>'
        f'<text x="{width - 2}" y="{height - 6}" {text} fill="#0072B2" text-anchor="end">'
        f"attacker conquers ({odds.p_win:.1%})</text>"
        f'<line x1="{split:.1f}" x2="{split:.1f}" y1="0" y2="{plot_h + 8}" stroke="#555" stroke-dasharray="3,2"/>'
        "</svg>"
    )


def _solve(attackers: int, defenders: int, rules: Rules) -> tuple[Fraction, Fraction, Fraction]:
    """P(conquer), E[attacker losses], E[defender losses], by dynamic programming from small
    battles up (iterative, so large battles do not hit the recursion limit)."""
    win: dict[tuple[int, int], Fraction] = {}
    loss_a: dict[tuple[int, int], Fraction] = {}
    loss_d: dict[tuple[int, int], Fraction] = {}
    zero = Fraction(0)
    for a in range(attackers + 1):
        for d in range(defenders + 1):
            if d == 0:
                win[a, d], loss_a[a, d], loss_d[a, d] = Fraction(1), zero, zero
                continue
            if a == 0:
                win[a, d], loss_a[a, d], loss_d[a, d] = zero, zero, zero
                continue
            # ``a`` may roll, so the territory holds a + 1 (one stays behind)
            outcomes = _throw(rules.attacking(a + 1), rules.defending(d), rules)
            w = la = ld = zero
            for (i, j), p in outcomes.items():
                nxt = (a - i, d - j)
                w += p * win[nxt]
                la += p * (i + loss_a[nxt])
                ld += p * (j + loss_d[nxt])
            win[a, d], loss_a[a, d], loss_d[a, d] = w, la, ld
    key = (attackers, defenders)
    return win[key], loss_a[key], loss_d[key]


def battle_p_win(
    attackers: int,
    defenders: int,
    *,
    max_dice: int = 3,
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
        attack_dice=max_dice, attack_bonus=int(attack_bonus), defence_bonus=int(defend_bonus), rerolls=rerolls
    )
    return min(battle_odds(attackers, defenders, rules).p_win, math.nextafter(1.0, 0.0) if defenders else 1.0)
