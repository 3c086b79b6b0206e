"""``DiceTally``: the class's own dice against the exact odds, throw by throw.

A class rolls real dice (three red against two white, say) and types each throw in:
``tally.add([6, 3, 1], [5, 2])``. The tally keeps the outcome of each throw (how many armies each
side lost, as the rules compare the dice), and sets the counts against the exact probabilities of
``rb.throw_odds``: as a table (``observed()``, ``expected()``), as Pearson's χ² test
(``chi2()``: a small p-value says dice this far from the exact odds would be rare if they were
fair), and as a picture (``chart()``) of the bars and of the law of large numbers, the share of
one outcome as the tally grows, settling on the exact line. ``show()`` puts the picture in a
notebook and redraws it after every throw added, for a projector.
"""

from __future__ import annotations

import html
import math
import operator
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import svgwrite

from riskboard.analysis import throw_odds
from riskboard.analysis.arguments import as_rules, whole
from riskboard.engine.combat import Rules
from riskboard.engine.events import DiceRolled
from riskboard.engine.game import Game
from riskboard.i18n import _, format_number, format_percent, ngettext
from riskboard.teaching.chart import FONT, GRID, INK, MUTED, WIDTH, Chart, drawing, fmt, nice_ticks, text
from riskboard.teaching.chi2 import chi2_sf, chi2_statistic

if TYPE_CHECKING:
    import pandas as pd

Outcome = tuple[int, int]
"""A throw's outcome: (armies the attacker lost, armies the defender lost)."""
OBSERVED = "#0072B2"
EXPECTED = "#E69F00"
LEVEL = 0.05
"""The p-value under which the chart's caption says the dice do not look fair."""


def outcome_label(outcome: Outcome) -> str:
    """An outcome as a class says it: "defender loses 2", "each loses 1"."""
    i, j = outcome
    if i == 0:
        return _("defender loses {n}").format(n=j)
    if j == 0:
        return _("attacker loses {n}").format(n=i)
    if i == j:
        return _("each loses {n}").format(n=i)
    return _("attacker loses {i}, defender {j}").format(i=i, j=j)


class DiceTally:
    """Throws of ``attack_dice`` against ``defence_dice`` dice, counted by outcome and compared
    with the exact odds under ``rules`` (the printed rules unless given: who wins a tie, how many
    faces a die has). The dice are typed in as they fell; rules that change a die after it is
    rolled (an airfield's +1, recon's rerolls) are refused, as the faces would not say the outcome.

    >>> tally = DiceTally()
    >>> tally.add([6, 3, 1], [5, 2]); tally.add([2, 2, 1], [4, 1])
    >>> tally.observed()["count"].tolist(), len(tally)
    ([1, 1, 0], 2)
    """

    def __init__(
        self, attack_dice: int = 3, defence_dice: int = 2, *, rules: Rules | Mapping[str, Any] | None = None
    ) -> None:
        self.rules = as_rules(rules)  # (as the odds take them: Rules, a mapping of changes, None)
        if self.rules.modified:
            raise ValueError(
                _(
                    "a tally compares the faces as they fell, so it takes no rules that change a die "
                    "after the throw ({rules})"
                ).format(rules=self.rules.describe())
            )
        self.attack_dice = whole(attack_dice, "attack_dice", 1, self.rules.attack_dice)
        self.defence_dice = whole(defence_dice, "defence_dice", 1, self.rules.defence_dice)
        self.odds: dict[Outcome, Fraction] = dict(
            throw_odds(self.attack_dice, self.defence_dice, rules=self.rules).outcomes
        )
        """Each possible outcome with its exact probability (``rb.throw_odds``)."""
        self.throws: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        """Every throw added, oldest first: (attacking faces, defending faces), each sorted high to low."""
        self.outcomes: list[Outcome] = []
        """The outcome of each throw in ``throws``."""
        self._handles: list[Any] = []

    # -- adding throws ----------------------------------------------------------------------------
    def _checked(self, dice: object, count: int, attacker: bool) -> tuple[int, ...]:
        """One side's faces checked (the attacker's if ``attacker``), sorted high to low."""
        if isinstance(dice, (str, bytes)) or not isinstance(dice, Iterable):
            said = (
                _("the attacker's dice must be a list of faces, e.g. {example}, got {value}")
                if attacker
                else _("the defender's dice must be a list of faces, e.g. {example}, got {value}")
            )
            raise ValueError(said.format(example=[6, 3, 1][:count], value=repr(dice)))
        faces = list(dice)
        if len(faces) != count:
            said = (
                _("this tally counts throws of {count} attacking dice, got {n}: {value}")
                if attacker
                else _("this tally counts throws of {count} defending dice, got {n}: {value}")
            )
            raise ValueError(said.format(count=count, n=len(faces), value=faces))
        checked = []
        for face in faces:
            number = None if isinstance(face, bool) else _index(face)
            if number is None or not 1 <= number <= self.rules.sides:
                said = (
                    _("a die shows a whole number from 1 to {sides}, got {value} among the attacker's dice")
                    if attacker
                    else _("a die shows a whole number from 1 to {sides}, got {value} among the defender's dice")
                )
                raise ValueError(said.format(sides=self.rules.sides, value=repr(face)))
            checked.append(number)
        return tuple(sorted(checked, reverse=True))

    def _throw(self, attack: object, defend: object) -> tuple[tuple[int, ...], tuple[int, ...], Outcome]:
        att = self._checked(attack, self.attack_dice, attacker=True)
        de = self._checked(defend, self.defence_dice, attacker=False)
        return att, de, self.rules.compare(att, de)

    def _record(self, throws: list[tuple[tuple[int, ...], tuple[int, ...], Outcome]]) -> None:
        for att, de, outcome in throws:
            self.throws.append((att, de))
            self.outcomes.append(outcome)
        for handle in self._handles:
            handle.update(self)

    def add(self, attack: Sequence[int], defend: Sequence[int]) -> None:
        """Add one throw: the attacker's faces and the defender's, in any order, e.g.
        ``add([6, 3, 1], [5, 2])``."""
        self._record([self._throw(attack, defend)])

    def add_many(self, throws: Iterable[tuple[Sequence[int], Sequence[int]]]) -> int:
        """Add many throws at once, each ``(attack, defend)``; all are checked before any is added
        (a typing mistake adds none). Returns how many were added."""
        checked = []
        for n, pair in enumerate(throws, start=1):
            if isinstance(pair, (str, bytes)) or not isinstance(pair, Sequence) or len(pair) != 2:
                raise ValueError(
                    _("throw {n} must be a pair (attacking faces, defending faces), got {value}").format(
                        n=n, value=repr(pair)
                    )
                )
            checked.append(self._throw(*pair))
        self._record(checked)
        return len(checked)

    def add_game(self, game: Game | Mapping[str, Any]) -> int:
        """Add the throws of a game (a ``Game`` or its ``record()``) that rolled this tally's
        numbers of dice; the others are left out. Returns how many were added. The faces are
        compared under the tally's rules. (A record does not say which die was a Transformers
        leader's d8: a game whose leaders rolled a 7 or 8 is refused as a die off the scale.)"""
        game = _game(game)
        rolled = [
            (e.attack, e.defend)
            for e in game.events()
            if isinstance(e, DiceRolled) and len(e.attack) == self.attack_dice and len(e.defend) == self.defence_dice
        ]
        return self.add_many(rolled)

    @classmethod
    def from_record(
        cls,
        game: Game | Mapping[str, Any],
        attack_dice: int = 3,
        defence_dice: int = 2,
        *,
        rules: Rules | Mapping[str, Any] | None = None,
    ) -> DiceTally:
        """A new tally of a game's throws of ``attack_dice`` against ``defence_dice`` (``add_game``),
        under ``rules`` or else the game's own (its house rules: who wins a tie, how many dice)."""
        game = _game(game)
        if rules is None and not game.rules.modified:  # the game's own ties and dice, if the faces say all
            rules = game.rules
        tally = cls(attack_dice, defence_dice, rules=rules)
        tally.add_game(game)
        return tally

    def clear(self) -> None:
        """Start again with no throws (the display, if shown, is cleared too)."""
        self.throws.clear()
        self.outcomes.clear()
        self._record([])

    def __len__(self) -> int:
        return len(self.outcomes)

    # -- the numbers ------------------------------------------------------------------------------
    def counts(self) -> dict[Outcome, int]:
        """How many throws ended in each possible outcome."""
        counts = dict.fromkeys(self.odds, 0)
        for outcome in self.outcomes:
            counts[outcome] += 1
        return counts

    def _frame(self, counts: Mapping[Outcome, float], shares: Mapping[Outcome, float]) -> pd.DataFrame:
        import pandas as pd

        index = pd.MultiIndex.from_tuples(list(self.odds), names=["attacker_losses", "defender_losses"])
        return pd.DataFrame(
            {"count": [counts[o] for o in self.odds], "share": [shares[o] for o in self.odds]}, index=index
        )

    def observed(self) -> pd.DataFrame:
        """The throws counted by outcome ``(attacker_losses, defender_losses)``: ``count`` and
        ``share`` (of all throws; NaN before the first throw)."""
        counts = self.counts()
        n = len(self)
        return self._frame(counts, {o: c / n if n else math.nan for o, c in counts.items()})

    def expected(self) -> pd.DataFrame:
        """What fair dice give on average in as many throws: ``count`` = throws × the exact
        probability, ``share`` = the exact probability."""
        n = len(self)
        return self._frame({o: n * float(p) for o, p in self.odds.items()}, {o: float(p) for o, p in self.odds.items()})

    def chi2(self) -> tuple[float, float]:
        """Pearson's χ² test of the counts against the exact odds: ``(statistic, p_value)``, with
        one degree of freedom fewer than there are outcomes. The test needs about five expected
        throws of each outcome to be trusted (``expected()``)."""
        n = len(self)
        if n == 0:
            raise ValueError(_("the tally has no throws yet: add some with tally.add(attack, defend)"))
        counts = self.counts()
        statistic = chi2_statistic([counts[o] for o in self.odds], [n * float(p) for p in self.odds.values()])
        return statistic, chi2_sf(statistic, len(self.odds) - 1)

    def running_share(self, outcome: Outcome | None = None) -> list[float]:
        """The share of ``outcome`` (the attacker's clean sweep unless given) among the first
        1, 2, ..., n throws: the law of large numbers, throw by throw."""
        target = self._focus(outcome)
        shares, hits = [], 0
        for n, o in enumerate(self.outcomes, start=1):
            hits += o == target
            shares.append(hits / n)
        return shares

    def _focus(self, outcome: Outcome | None) -> Outcome:
        if outcome is None:
            return (0, min(self.attack_dice, self.defence_dice))
        if outcome not in self.odds:
            raise ValueError(
                _("{value} is not an outcome of this throw: the outcomes are {outcomes}").format(
                    value=repr(outcome), outcomes=", ".join(map(str, self.odds))
                )
            )
        return tuple(outcome)  # type: ignore[return-value]

    # -- pictures and display ---------------------------------------------------------------------
    def caption(self) -> str:
        """The χ² result in two sentences a class can read: the test's numbers, then what they say."""
        return " ".join(self._caption())

    def _caption(self) -> tuple[str, ...]:
        if not self.outcomes:
            return (_("No throws yet: roll the dice and add them with tally.add(attack, defend)."),)
        statistic, p = self.chi2()
        said = ngettext(
            "{n} throw: χ² = {chi2} with {df} degrees of freedom, p = {p}.",
            "{n} throws: χ² = {chi2} with {df} degrees of freedom, p = {p}.",
            len(self),
        ).format(n=len(self), chi2=format_number(statistic, 2), df=len(self.odds) - 1, p=_p_value(p))
        if min(len(self) * float(q) for q in self.odds.values()) < 5:
            return said, _("Too few throws to judge: the test wants at least 5 expected of each outcome.")
        if p < LEVEL:
            return said, _("Fair dice would rarely land this far from the exact odds.")
        return said, _("As close to the exact odds as fair dice usually are.")

    def chart(self, outcome: Outcome | None = None) -> Chart:
        """Bars of the observed share of each outcome beside its exact probability, the χ² result
        beneath, and the law of large numbers: the running share of ``outcome`` (the attacker's
        clean sweep unless given) with its exact line. Big type, for a projector."""
        focus = self._focus(outcome)
        width, height = WIDTH, 670.0
        title = _("Our dice against the exact odds: {attack} v {defend}").format(
            attack=self.attack_dice, defend=self.defence_dice
        )
        dwg = drawing(width, height, title)
        dwg.add(dwg.text(title, insert=(16, 30), font_family=FONT, font_size=24, font_weight="bold", fill=INK))
        for k, line in enumerate(self._caption()):
            dwg.add(text(dwg, line, 16, 58 + 22 * k, size=16, fill=MUTED))
        self._bars(dwg, 16.0, 116.0, width - 32, 290.0)
        self._running(dwg, focus, 16.0, 446.0, width - 32, 200.0)
        return Chart(dwg.tostring())

    def _bars(self, dwg: svgwrite.Drawing, left: float, top: float, width: float, height: float) -> None:
        observed = self.observed()["share"].tolist()
        counts = self.counts()
        exact = [float(p) for p in self.odds.values()]
        axis_left, bottom = left + 56, top + height - 46
        plot_h = bottom - top - 10
        most = max([*exact, *(s for s in observed if not math.isnan(s))])
        ticks = nice_ticks(0, most * 1.1, 5)
        scale = plot_h / ticks[-1]
        for t in ticks:
            y = bottom - t * scale
            dwg.add(dwg.line((fmt(axis_left), fmt(y)), (fmt(left + width), fmt(y)), stroke=GRID))
            dwg.add(text(dwg, format_percent(t, 0), axis_left - 8, y + 5, size=15, anchor="end"))
        group_w = (left + width - axis_left) / len(self.odds)
        bar_w = min(group_w * 0.36, 90)
        for k, outcome in enumerate(self.odds):
            x = axis_left + group_w * (k + 0.5)
            for shift, share, colour, kind in (
                (-bar_w, observed[k], OBSERVED, "observed"),
                (0.0, exact[k], EXPECTED, "expected"),
            ):
                value = 0.0 if math.isnan(share) else share
                h = value * scale
                bar = dwg.rect(insert=(fmt(x + shift), fmt(bottom - h)), size=(fmt(bar_w), fmt(h)), fill=colour)
                bar.attribs.update(
                    {
                        "class": f"bar {kind}",
                        "data-outcome": f"{outcome[0]},{outcome[1]}",
                        "data-share": repr(value),
                    }
                )
                if kind == "observed":
                    bar.attribs["data-count"] = counts[outcome]
                    said = ngettext(
                        "{outcome}: {count} of {n} throw ({share})",
                        "{outcome}: {count} of {n} throws ({share})",
                        len(self),
                    ).format(
                        outcome=outcome_label(outcome), count=counts[outcome], n=len(self), share=format_percent(value)
                    )
                else:
                    said = _("{outcome}: exact probability {p} ({share})").format(
                        outcome=outcome_label(outcome), p=str(self.odds[outcome]), share=format_percent(value)
                    )
                bar.set_desc(title=said)
                dwg.add(bar)
                dwg.add(
                    text(dwg, format_percent(value, 1), x + shift + bar_w / 2, bottom - h - 6, size=14, anchor="middle")
                )
            dwg.add(text(dwg, outcome_label(outcome), x, bottom + 24, size=16, anchor="middle"))
        dwg.add(dwg.line((fmt(axis_left), fmt(bottom)), (fmt(left + width), fmt(bottom)), stroke=INK))
        for i, (colour, words) in enumerate(((OBSERVED, _("our throws")), (EXPECTED, _("exact probability")))):
            x = axis_left + 10 + i * 230
            dwg.add(dwg.rect(insert=(fmt(x), fmt(top - 6)), size=(16, 16), fill=colour))
            dwg.add(text(dwg, words, x + 24, top + 7, size=15))

    def _running(
        self, dwg: svgwrite.Drawing, focus: Outcome, left: float, top: float, width: float, height: float
    ) -> None:
        shares = self.running_share(focus)
        p = float(self.odds[focus])
        heading_y = top
        dwg.add(
            text(
                dwg,
                _("The law of large numbers: the share of “{outcome}” as the throws add up").format(
                    outcome=outcome_label(focus)
                ),
                left,
                heading_y,
                size=17,
            )
        )
        axis_left, plot_top, bottom = left + 56, top + 16, top + height - 30
        right = left + width
        n = max(len(shares), 1)
        for t in (0.0, 0.25, 0.5, 0.75, 1.0):
            y = bottom - t * (bottom - plot_top)
            dwg.add(dwg.line((fmt(axis_left), fmt(y)), (fmt(right), fmt(y)), stroke=GRID))
            dwg.add(text(dwg, format_percent(t, 0), axis_left - 8, y + 5, size=14, anchor="end"))

        def x_of(k: float) -> float:
            return axis_left + (right - axis_left) * (k / n)

        def y_of(share: float) -> float:
            return bottom - share * (bottom - plot_top)

        exact = dwg.line((fmt(axis_left), fmt(y_of(p))), (fmt(right), fmt(y_of(p))), stroke=EXPECTED, stroke_width=3)
        exact.attribs.update({"class": "exact", "data-p": repr(p), "stroke-dasharray": "8,5"})
        exact.set_desc(title=_("exact probability {p}").format(p=format_percent(p, 1)))
        dwg.add(exact)
        if shares:
            step = max(1, len(shares) // 400)  # at most about 400 points drawn
            points = [(x_of(k), y_of(s)) for k, s in enumerate(shares, start=1) if k % step == 0 or k == len(shares)]
            line = dwg.polyline([(fmt(x), fmt(y)) for x, y in points], fill="none", stroke=OBSERVED, stroke_width=3)
            line.attribs.update({"class": "running", "data-last": repr(shares[-1]), "data-throws": len(shares)})
            line.set_desc(
                title=ngettext("after {n} throw: {share}", "after {n} throws: {share}", len(shares)).format(
                    n=len(shares), share=format_percent(shares[-1], 1)
                )
            )
            dwg.add(line)
        for k in (0, n):
            dwg.add(text(dwg, str(k), x_of(k), bottom + 20, size=14, anchor="middle"))
        dwg.add(text(dwg, _("throws"), (axis_left + right) / 2, bottom + 22, size=14, anchor="middle"))

    def _table(self) -> str:
        observed, expected = self.observed(), self.expected()
        head = "".join(
            f"<th>{html.escape(h)}</th>"
            for h in (_("outcome"), _("our throws"), _("our share"), _("expected"), _("exact probability"))
        )
        rows = []
        for outcome in self.odds:
            share = observed.loc[outcome, "share"]
            rows.append(
                "<tr>"
                f"<td>{html.escape(outcome_label(outcome))}</td>"
                f'<td style="text-align: right">{observed.loc[outcome, "count"]}</td>'
                f'<td style="text-align: right">{"" if math.isnan(share) else format_percent(share, 1)}</td>'
                f'<td style="text-align: right">{format_number(expected.loc[outcome, "count"], 1)}</td>'
                f'<td style="text-align: right">{format_percent(expected.loc[outcome, "share"], 1)}</td>'
                "</tr>"
            )
        return (
            '<table class="riskboard-tally" style="font-size: 1.3em">'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        )

    def _repr_html_(self) -> str:
        """The notebook display: the chart and the table of counts."""
        return f'<div class="riskboard-dice-tally">{self.chart()}{self._table()}</div>'

    def __repr__(self) -> str:
        return f"<DiceTally {self.attack_dice} v {self.defence_dice}: {len(self)} throws>"

    def show(self) -> Any:
        """Show the tally in a notebook and redraw it after every throw added; returns the display
        handle (``None`` where IPython is not installed: the tally still counts, and
        ``tally.chart()`` draws it)."""
        try:
            from IPython.display import display
        except ImportError:
            return None
        handle = display(self, display_id=True)
        if handle is not None:
            self._handles.append(handle)
        return handle


def _game(game: object) -> Game:
    """A game, or the game a record replays to."""
    if isinstance(game, Mapping):
        from riskboard.registry import replay

        game = replay(game)
    if not isinstance(game, Game):
        raise TypeError(
            _("add_game takes a game or its record (game.record()), got {kind}").format(kind=type(game).__name__)
        )
    return game


def _index(value: object) -> int | None:
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def _p_value(p: float) -> str:
    """A p-value as a class reads it: three decimals, "< 0.001" below."""
    if p < 0.001:
        return "< " + format_number(0.001, 3)
    return format_number(p, 3)
