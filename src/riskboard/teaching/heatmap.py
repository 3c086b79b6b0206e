"""``odds_heatmap``: the chance of winning every battle up to a size, as one picture.

Each cell is one battle, attackers up the side and defenders along the bottom, coloured by the
attacker's chance of conquering (``rb.odds_table``: exact odds, no sampling) under the printed
rules or a house rule. A line follows the 50 % border, where a battle stops favouring the
defender, so that a class can read off "how many do I need?" at a glance.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import svgwrite

from riskboard.analysis import OddsTable, odds_table
from riskboard.analysis.arguments import as_rules, whole
from riskboard.engine.combat import Rules
from riskboard.i18n import _, format_number, format_percent
from riskboard.render.palette import text_colour
from riskboard.teaching.chart import FONT, INK, WIDTH, Chart, drawing, fmt, heading, ramp, text

MOST = 100
"""The most attackers or defenders one picture shows (10,000 cells); ``rb.odds_table`` goes further."""
SCALE = ("#4B2991", "#A896D0", "#F7F7F7", "#F6B26B", "#C45A00")
"""P(conquer) from 0 to 1: the defender's purple through white (even) to the attacker's orange,
a scale that reads the same with the common colour-vision deficiencies."""
LEFT, TOP, RIGHT, BOTTOM = 66.0, 62.0, 118.0, 50.0
"""Room around the cells: axis labels left and below, the title above, the colour legend right."""
NUMBERS_FROM = 26.0
"""Cells at least this many pixels wide show their percentage as a number."""
Axis = Callable[[int], float]
"""Where a number of armies sits along an axis, in pixels."""


def _size(value: object, name: str) -> int:
    """A side of the picture, checked as the odds check a count (numpy integers too)."""
    try:
        return whole(value, name, 1, MOST)
    except ValueError as exc:
        raise ValueError(
            _("{error} (for bigger battles read the numbers from rb.odds_table)").format(error=exc)
        ) from None


def _mark(mark: object, attackers: int, defenders: int) -> tuple[int, int] | None:
    if mark is None:
        return None
    if (
        not isinstance(mark, Sequence)
        or isinstance(mark, str)
        or len(mark) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) for v in mark)
    ):
        raise ValueError(
            _("mark must be a battle (attackers, defenders), e.g. mark=(10, 8), got {mark}").format(mark=repr(mark))
        )
    a, d = mark
    if not (1 <= a <= attackers and 1 <= d <= defenders):
        raise ValueError(
            _(
                "mark={mark} is outside the picture (1 to {attackers} attackers, 1 to {defenders} defenders): "
                "draw a bigger one with max_attackers={most_attackers}, max_defenders={most_defenders}"
            ).format(
                mark=repr(mark),
                attackers=attackers,
                defenders=defenders,
                most_attackers=max(a, attackers),
                most_defenders=max(d, defenders),
            )
        )
    return a, d


def _percent(p: float) -> str:
    """A cell's number: its percentage, never rounded to a certainty it is not (">99", "<1")."""
    shown = round(100 * p)
    if shown == 100 and p < 1.0:
        return ">99"
    if shown == 0 and p > 0.0:
        return "<1"
    return str(shown)


def battle_title(table: OddsTable, a: int, d: int) -> str:
    """A cell's tooltip: the battle, its exact probability and expected losses."""
    lost_a, lost_d = table.expected_losses(a, d)
    return _(
        "{attackers} attacking v {defenders} defending: the attacker conquers with probability {p}; "
        "expected losses {lost_attacker} (attacker) and {lost_defender} (defender)"
    ).format(
        attackers=a,
        defenders=d,
        p=format_percent(table[a, d], 4),
        lost_attacker=format_number(lost_a, 2),
        lost_defender=format_number(lost_d, 2),
    )


def odds_heatmap(
    max_attackers: int = 20,
    max_defenders: int = 20,
    rules: Rules | Mapping[str, Any] | None = None,
    *,
    title: str | None = None,
    mark: tuple[int, int] | None = None,
) -> Chart:
    """The whole-battle win probability of every battle of 1..``max_attackers`` attacking armies
    (those that may roll: a territory of 10 attacks with 9) against 1..``max_defenders``, under
    ``rules`` (``game.rules`` for a game's house rules; the printed rules by default), both sides
    always rolling the most dice. ``mark=(a, d)`` outlines one battle. Hover a cell for its exact
    numbers.

    >>> import riskboard as rb
    >>> svg = rb.odds_heatmap(5, 4, mark=(3, 2))
    >>> svg.count("data-attackers="), "65.5954%" in svg  # 3 v 2: rb.battle_odds(3, 2).p_win
    (20, True)
    """
    na = _size(max_attackers, "max_attackers")
    nd = _size(max_defenders, "max_defenders")
    rules = as_rules(rules)  # (as the odds take them: Rules, a mapping of changes, or None)
    marked = _mark(mark, na, nd)
    table = odds_table(na, nd, rules=rules)
    room = WIDTH - LEFT - RIGHT
    cell = min(room / nd, room / na)
    plot_w, plot_h = cell * nd, cell * na
    height = TOP + plot_h + BOTTOM
    rules_said = _("printed rules") if table.rules == Rules() else table.rules.describe()
    label = title or _("Who wins the whole battle?")
    said = _("{title}: battles up to {attackers} v {defenders}, {rules}").format(
        title=label, attackers=na, defenders=nd, rules=rules_said
    )
    dwg = drawing(WIDTH, max(height, TOP + 300 + BOTTOM), said)
    subtitle = _("P(the attacker conquers the territory); {rules}").format(rules=rules_said)
    if marked:
        subtitle += "; " + _("marked: {attackers} v {defenders}, {p}").format(
            attackers=marked[0], defenders=marked[1], p=format_percent(table[marked], 1)
        )
    heading(dwg, label, subtitle)

    def x_of(d: int) -> float:
        return LEFT + (d - 1) * cell

    def y_of(a: int) -> float:  # attackers grow upwards
        return TOP + (na - a) * cell

    _cells(dwg, table, cell, x_of, y_of)
    _even_line(dwg, table, cell, x_of, y_of)
    if marked:
        box = dwg.rect(insert=(fmt(x_of(marked[1])), fmt(y_of(marked[0]))), size=(fmt(cell), fmt(cell)))
        box.attribs.update({"fill": "none", "stroke": "#000000", "stroke-width": 3, "class": "mark"})
        box.set_desc(title=battle_title(table, *marked))
        dwg.add(box)
    _axes(dwg, na, nd, cell, x_of, y_of)
    _legend(dwg, LEFT + plot_w + 28, TOP, min(plot_h, 320.0))
    return Chart(dwg.tostring())


def _cells(dwg: svgwrite.Drawing, table: OddsTable, cell: float, x_of: Axis, y_of: Axis) -> None:
    """One rectangle per battle, its colour its probability, its title the exact numbers."""
    numbers = cell >= NUMBERS_FROM
    group = dwg.add(dwg.g(class_="cells", stroke="#FFFFFF", stroke_width=0.5 if cell >= 6 else 0))
    labels = dwg.g(class_="numbers", font_family=FONT, font_size=fmt(min(11.0, cell * 0.4)), text_anchor="middle")
    p_win = table.p_win
    for a in range(1, table.max_attackers + 1):
        for d in range(1, table.max_defenders + 1):
            p = float(p_win[a, d])
            fill = ramp(SCALE, p)
            rect = dwg.rect(insert=(fmt(x_of(d)), fmt(y_of(a))), size=(fmt(cell), fmt(cell)), fill=fill)
            rect.attribs.update({"data-attackers": a, "data-defenders": d, "data-p": repr(p)})
            rect.set_desc(title=battle_title(table, a, d))
            group.add(rect)
            if numbers:
                y = y_of(a) + cell / 2 + min(11.0, cell * 0.4) * 0.36
                labels.add(dwg.text(_percent(p), insert=(fmt(x_of(d) + cell / 2), fmt(y)), fill=text_colour(fill)))
    if numbers:
        labels.attribs["pointer-events"] = "none"  # the cell under a number keeps its tooltip
        dwg.add(labels)


def _even_line(dwg: svgwrite.Drawing, table: OddsTable, cell: float, x_of: Axis, y_of: Axis) -> None:
    """The border between battles the attacker wins more often than not and the rest: every cell
    edge with an even-or-better battle on one side and a worse one on the other."""
    win = table.p_win >= 0.5
    na, nd = table.max_attackers, table.max_defenders
    steps = []
    for a in range(1, na + 1):
        for d in range(1, nd + 1):
            if d < nd and win[a, d] != win[a, d + 1]:  # the edge to the right
                x = x_of(d + 1)
                steps.append(f"M{fmt(x)} {fmt(y_of(a))}V{fmt(y_of(a) + cell)}")
            if a < na and win[a, d] != win[a + 1, d]:  # the edge above
                y = y_of(a)
                steps.append(f"M{fmt(x_of(d))} {fmt(y)}H{fmt(x_of(d) + cell)}")
    if steps:
        line = dwg.path(d="".join(steps), fill="none", stroke=INK, stroke_width=2.5, stroke_linecap="square")
        line.attribs["class"] = "even"
        line.set_desc(title="50 %: to the upper left of this line the attacker conquers more often than not")
        dwg.add(line)


def _axes(dwg: svgwrite.Drawing, na: int, nd: int, cell: float, x_of: Axis, y_of: Axis) -> None:
    """Numbers along both sides, as many as fit, and the axes' names."""
    every = next(k for k in (1, 2, 5, 10, 20, 50) if k * cell >= 18)
    bottom = y_of(1) + cell
    for d in range(1, nd + 1):
        if d % every == 0 or every == 1:
            dwg.add(text(dwg, str(d), x_of(d) + cell / 2, bottom + 15, size=11, anchor="middle"))
    for a in range(1, na + 1):
        if a % every == 0 or every == 1:
            dwg.add(text(dwg, str(a), LEFT - 6, y_of(a) + cell / 2 + 4, size=11, anchor="end"))
    dwg.add(text(dwg, _("defending armies"), x_of(1) + cell * nd / 2, bottom + 36, size=13, anchor="middle"))
    middle = TOP + cell * na / 2
    dwg.add(text(dwg, _("attacking armies (that may roll)"), 22, middle, size=13, anchor="middle", rotate=True))


def _legend(dwg: svgwrite.Drawing, x: float, y: float, h: float) -> None:
    """The colour scale, 0 % at the bottom to 100 % at the top, and the 50 % line's key."""
    gradient = dwg.linearGradient(start=(0, 1), end=(0, 0), id="riskboard-odds-scale")
    for i, colour in enumerate(SCALE):
        gradient.add_stop_color(offset=fmt(i / (len(SCALE) - 1)), color=colour)
    dwg.defs.add(gradient)
    dwg.add(text(dwg, "P(conquer)", x - 4, y + 4, size=12))
    top = y + 16
    dwg.add(dwg.rect(insert=(x, top), size=(18, fmt(h - 16)), fill=gradient.get_paint_server(), stroke=INK))
    for share in (0.0, 0.25, 0.5, 0.75, 1.0):
        ty = top + (h - 16) * (1 - share)
        dwg.add(dwg.line(start=(x + 18, fmt(ty)), end=(x + 23, fmt(ty)), stroke=INK))
        dwg.add(text(dwg, f"{share:.0%}", x + 27, ty + 4, size=11))
    key_y = top + h + 6
    dwg.add(dwg.line(start=(x, key_y), end=(x + 24, key_y), stroke=INK, stroke_width=2.5))
    dwg.add(text(dwg, "50 %", x + 30, key_y + 4, size=11))
