"""``replicator_chart``: a population of bots over time, as the replicator dynamics move it.

It reads a table with a row per moment and a column per bot (``rb.metagame(...).replicator()``
or any DataFrame like it, its index the time), so it knows nothing of tournaments; the dashes
tell bots apart where colours look alike, and every line says its start and end in a tooltip.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from typing import Any

from riskboard.i18n import _, format_number, format_percent
from riskboard.render.palette import OKABE_ITO
from riskboard.teaching.chart import GRID, INK, MUTED, WIDTH, Chart, drawing, fmt, heading, nice_ticks, text

LEFT, RIGHT, TOP, PLOT_H, BOTTOM = 62.0, 170.0, 64.0, 300.0, 54.0
DASHES = ("", "7 3", "2 3", "9 3 2 3", "4 4", "1 2", "12 4")


def _columns(frame: Any) -> tuple[list[float], dict[str, list[float]]]:
    if not (hasattr(frame, "columns") and hasattr(frame, "index") and hasattr(frame, "to_dict")):
        raise TypeError(
            _(
                "replicator_chart needs a table with a row per moment and a column per bot (metagame.replicator()), got {kind}"
            ).format(kind=type(frame).__name__)
        )
    if len(frame.index) < 2 or not len(frame.columns):
        raise ValueError(_("the table needs at least two moments and one bot to draw a line"))
    times = [float(t) for t in frame.index]
    series: dict[str, list[float]] = {}
    for bot in frame.columns:
        values = [float(v) for v in frame[bot]]
        if any(not math.isfinite(v) or v < -1e-9 or v > 1 + 1e-9 for v in values):
            raise ValueError(_("the shares of {bot} must be numbers from 0 to 1").format(bot=bot))
        series[str(bot)] = values
    if any(not isinstance(t, numbers.Real) or not math.isfinite(t) for t in times) or times != sorted(times):
        raise ValueError(_("the table's index must be the times, increasing"))
    return times, series


def replicator_chart(frame: Any, *, title: str | None = None, equilibrium: Mapping[str, float] | None = None) -> Chart:
    """A line per bot: its share of the population (0 to 100 %) against time, so a class sees
    which bots die out, which take over, and whether the mix settles or goes round a cycle.
    ``equilibrium`` (bot → share) adds a thin dotted line at each bot's equilibrium share, the
    level a cycle goes round.

    >>> import pandas as pd
    >>> svg = replicator_chart(pd.DataFrame({"a": [0.5, 0.9], "b": [0.5, 0.1]}, index=[0.0, 1.0]))
    >>> 'data-bot="a"' in svg and 'data-end="0.9"' in svg
    True
    """
    times, series = _columns(frame)
    plot_w = WIDTH - LEFT - RIGHT
    height = TOP + PLOT_H + BOTTOM
    label = title or _("Replicator dynamics: the population of bots over time")
    dwg = drawing(WIDTH, height, f"{label}: {', '.join(series)}")
    subtitle = _("each bot's share of the population grows with how much better than the mix it does")
    if equilibrium is not None:
        subtitle += "; " + _("dotted: its share in the equilibrium")
    heading(dwg, label, subtitle)
    t0, t1 = times[0], times[-1]
    span = (t1 - t0) or 1.0

    def x_of(t: float) -> float:
        return LEFT + plot_w * (t - t0) / span

    def y_of(share: float) -> float:
        return TOP + PLOT_H * (1 - share)

    bottom = TOP + PLOT_H
    for tick in range(0, 101, 20):
        y = y_of(tick / 100)
        dwg.add(dwg.line(start=(LEFT, fmt(y)), end=(fmt(LEFT + plot_w), fmt(y)), stroke=GRID))
        dwg.add(text(dwg, format_percent(tick / 100, 0), LEFT - 8, y + 4, size=11, anchor="end"))
    for step in nice_ticks(0, span):
        if step > span + 1e-9:
            break
        x = x_of(t0 + step)
        dwg.add(dwg.line(start=(fmt(x), fmt(bottom)), end=(fmt(x), fmt(bottom + 5)), stroke=INK))
        dwg.add(text(dwg, format_number(t0 + step, 0 if span >= 10 else 1), x, bottom + 18, size=11, anchor="middle"))
    dwg.add(text(dwg, _("time"), LEFT + plot_w / 2, bottom + 40, size=12, anchor="middle", fill=MUTED))
    dwg.add(
        text(dwg, _("share of the population"), 16, TOP + PLOT_H / 2, size=12, anchor="middle", fill=MUTED, rotate=True)
    )
    lines = dwg.add(dwg.g(class_="lines"))
    ends: list[tuple[float, str, str]] = []
    for i, (bot, values) in enumerate(series.items()):
        colour = OKABE_ITO[i % len(OKABE_ITO)]
        points = "L".join(f"{fmt(x_of(t))} {fmt(y_of(v))}" for t, v in zip(times, values))
        line = dwg.path(d=f"M{points}", fill="none", stroke=colour, stroke_width=2.4)
        if DASHES[i % len(DASHES)]:
            line.attribs["stroke-dasharray"] = DASHES[i % len(DASHES)]
        line.attribs.update(
            {"data-bot": bot, "data-start": repr(values[0]), "data-end": repr(values[-1]), "class": "share"}
        )
        line.set_desc(
            title=_("{bot}: from {start} to {end} of the population").format(
                bot=bot, start=format_percent(values[0]), end=format_percent(values[-1])
            )
        )
        lines.add(line)
        ends.append((y_of(values[-1]), bot, colour))
        if equilibrium is not None and bot in equilibrium:
            level = float(equilibrium[bot])
            mark = dwg.line(
                start=(LEFT, fmt(y_of(level))),
                end=(fmt(LEFT + plot_w), fmt(y_of(level))),
                stroke=colour,
                stroke_width=1,
                stroke_dasharray="1 3",
            )
            mark.attribs.update({"data-bot": bot, "data-equilibrium": repr(level), "class": "equilibrium"})
            mark.set_desc(title=_("{bot}: {share} in the equilibrium").format(bot=bot, share=format_percent(level)))
            lines.add(mark)
    last = -math.inf
    for y, bot, colour in sorted(ends):  # the names at the right, pushed apart where lines meet
        y = max(y + 4, last + 14)
        last = y
        dwg.add(text(dwg, bot, LEFT + plot_w + 10, y, size=12, fill=colour if colour != OKABE_ITO[3] else INK))
    dwg.add(dwg.line(start=(LEFT, TOP), end=(LEFT, fmt(bottom)), stroke=INK))
    dwg.add(dwg.line(start=(LEFT, fmt(bottom)), end=(fmt(LEFT + plot_w), fmt(bottom)), stroke=INK))
    return Chart(dwg.tostring())
