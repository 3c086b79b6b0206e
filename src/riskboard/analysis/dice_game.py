"""The battle as a game between two people: ``dice_game`` and ``chain_conquest``.

In a battle both sides choose how many dice to roll. The naive rule is "always the most", but a
defender who sees the attacker's dice first (a house rule: classic's ``ask_defender`` asks before
the throw, the number of attacking dice known, which is ``informed=False``) can do better: against
a throw of 6-6 one die loses at most one army. ``dice_game`` solves the battle as a zero-sum game
by backward induction over the states ``(a, d)`` in increasing order: the attacker maximises, the
defender minimises the chance of conquest. ``informed=True``: the
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
one army left behind in each ("can I reach Kamchatka from Ukraine with 20 armies?"), with the same
choices and goals at every battle: the optimal-stopping exercise.

>>> game = dice_game(3, 2, exact=True)
>>> game.naive_value == battle_odds(3, 2).p_win_exact, game.value < game.naive_value
(True, True)
>>> game.defender_policy[3, 2, (6, 6, 1)]  # two armies facing 6-6: roll one die
1
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from riskboard.analysis.dice_solver import MOST_CHAIN, Attack, Fixed, Number, Setup, Solution, checked_setup, solve
from riskboard.analysis.odds import battle_odds
from riskboard.engine.combat import Rules
from riskboard.i18n import N_, _, format_percent

if TYPE_CHECKING:
    import pandas as pd

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


# -- the results ---------------------------------------------------------------------------------------


def _faces_label(faces: Attack) -> str:
    return "-".join(str(f) for f in faces)


def _fewer_label(fewer: list[Any], most: int) -> str:
    """The throws after which the defender rolls fewer dice, by the highest ``most`` dice, the
    only ones its dice are compared with (``"6-6, 6-5"``: any throw with those highest dice);
    uninformed: the attacking dice counts."""
    tops = dict.fromkeys(_faces_label(f[:most]) if isinstance(f, tuple) else str(f) for f in fewer)
    return ", ".join(tops)


class _Solved:
    """What a solved dice game and a solved chain share: values, policies, tables."""

    _setup: Setup
    _optimal: Solution
    _naive: Solution

    @property
    def rules(self) -> Rules:
        """The rules the game was solved under."""
        return self._setup.rules

    @property
    def informed(self) -> bool:
        """Whether the defender saw the attacker's dice before choosing its own."""
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
        policies = (self._optimal.attacker, self._optimal.defender)
        chance = solve(self._setup, "fixed", policies, cost=zero)
        return chance.values[0][self._setup.attackers, self._setup.chain[0]]

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

    def __init__(self, setup: Setup) -> None:
        self._setup = setup
        self._optimal = solve(setup, "optimal")
        self._naive = solve(setup, "naive")
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
        sorted high to low as they finally stand (a bonus added, rerolled 1s rolled again), for
        every throw of every number of dice the attacker may roll; ``informed=False``:
        ``(a, d, attack_count)`` → dice."""

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
        which the defender rolls fewer dice than it may, by their highest dice (``"6-6, 5-5"``:
        every throw whose two highest dice are these, against a defence of up to two)."""
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
                        _fewer_label(fewer, self.rules.defending(d)),
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
    setup = checked_setup(attackers, (defenders,), rules, informed, at_least, stop, army_cost, exact)
    return DiceGame(setup)


class ChainConquest(_Solved):
    """A chain of territories conquered one after another (``chain_conquest``), solved as a game."""

    def __init__(self, setup: Setup) -> None:
        self._setup = setup
        self._optimal = solve(setup, "optimal")
        self._naive = solve(setup, "naive")
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
            fixed = solve(head, "fixed", _restrict(policies, s), cost=zero)
            naive = solve(head, "naive", cost=zero)
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
    setup = checked_setup(attackers, tuple(defenders), rules, informed, at_least, stop, army_cost, exact)
    return ChainConquest(setup)
