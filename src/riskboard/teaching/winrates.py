"""``win_rates``: a tournament's result as a bar per bot, with the uncertainty a class should see.

The table comes from a tournament (``rb.tournament(...).table``: a pandas DataFrame indexed by bot
name with ``win_rate``, ``ci_low``, ``ci_high`` and, if there, ``games`` and ``elo``). It is read by
its columns only, so this module needs neither pandas nor the tournament code: a plain mapping
``{bot: {"win_rate": ..., "ci_low": ..., "ci_high": ...}}`` draws the same picture.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from typing import Any

from riskboard.i18n import _, format_number, ngettext
from riskboard.render.palette import OKABE_ITO
from riskboard.teaching.chart import GRID, INK, MUTED, WIDTH, Chart, drawing, fmt, heading, text

NEEDED = ("win_rate", "ci_low", "ci_high")
TOP, BAR, SPACE, RIGHT = 64.0, 24.0, 14.0, 190.0
"""Room above the bars, a bar's height, the space between bars, the numbers' column on the right."""


def _rows(result: object) -> dict[str, dict[str, Any]]:
    """``{bot: {column: value}}`` from a tournament result, its ``.table`` or a mapping like it."""
    table = getattr(result, "table", result)
    if hasattr(table, "to_dict") and hasattr(table, "columns"):  # a DataFrame, without importing pandas
        missing = [c for c in NEEDED if c not in table.columns]
        rows = table.to_dict(orient="index")
    elif isinstance(table, Mapping):
        rows = {k: dict(v) if isinstance(v, Mapping) else v for k, v in table.items()}
        bad = [k for k, v in rows.items() if not isinstance(v, dict)]
        if bad:
            raise TypeError(
                _("each bot's entry must be a mapping of its numbers, got {entry} for {bot}").format(
                    entry=repr(rows[bad[0]]), bot=repr(bad[0])
                )
            )
        missing = sorted({c for v in rows.values() for c in NEEDED if c not in v}, key=NEEDED.index)
    else:
        raise TypeError(
            _(
                "win_rates needs a tournament result (rb.tournament(...)), its .table or a mapping {shape}, got {kind}"
            ).format(shape="{bot: {'win_rate': ..., 'ci_low': ..., 'ci_high': ...}}", kind=type(result).__name__)
        )
    if missing:
        raise ValueError(
            _("the table has no {missing} column: win_rates needs {needed}").format(
                missing=", ".join(missing), needed=", ".join(NEEDED)
            )
        )
    if not rows:
        raise ValueError(_("the table has no bots: play a tournament with at least one game first"))
    for bot, row in rows.items():
        values = [row[c] for c in NEEDED]
        if _unplayed(row):
            continue
        if any(isinstance(v, bool) or not isinstance(v, numbers.Real) or not 0.0 <= float(v) <= 1.0 for v in values):
            raise ValueError(
                _("{bot}: win_rate, ci_low and ci_high must be shares from 0 to 1, got {values}").format(
                    bot=bot, values=values
                )
            )
        if not row["ci_low"] - 1e-9 <= row["win_rate"] <= row["ci_high"] + 1e-9:  # rounding aside
            raise ValueError(
                _("{bot}: the interval {low}..{high} must hold its win_rate {rate}").format(
                    bot=bot, low=row["ci_low"], high=row["ci_high"], rate=row["win_rate"]
                )
            )
    return {str(bot): row for bot, row in rows.items()}


def _unplayed(row: Mapping[str, Any]) -> bool:
    """A bot no game seated: its table row has no rate (NaN) and no interval."""
    return all(isinstance(row[c], float) and math.isnan(row[c]) for c in NEEDED)


def _number(row: Mapping[str, Any], key: str) -> float | None:
    value = row.get(key)
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or math.isnan(value):
        return None
    return float(value)


def _pct(share: float) -> str:
    return _("{percent} %").format(percent=format_number(100 * share, 1))


def win_rates(result: Any, *, title: str | None = None) -> Chart:
    """A bar per bot, as long as its win rate, with a whisker over its 95 % interval: where two
    whiskers overlap, the games played do not tell those bots apart. ``result`` is a tournament
    result (``rb.tournament(...)``), its ``.table`` or a mapping like it; bots keep its order.

    >>> import riskboard as rb
    >>> svg = rb.win_rates({"mine": {"win_rate": 0.6, "ci_low": 0.5, "ci_high": 0.7, "games": 90}})
    >>> 'data-bot="mine"' in svg and "60.0 % (95 % interval 50.0 % to 70.0 %)" in svg
    True
    """
    rows = _rows(result)
    names = list(rows)
    left = 16 + min(200, 7.2 * max(len(n) for n in names)) + 10
    plot_w = WIDTH - left - RIGHT
    bottom = TOP + len(names) * (BAR + SPACE)
    height = bottom + 48
    label = title or _("Win rates")
    dwg = drawing(WIDTH, height, f"{label}: {', '.join(names)}")
    games = {round(g) for g in (_number(r, "games") for r in rows.values()) if g}
    counted = ""
    if games:
        if len(games) == 1:
            counted = ngettext("{n} game each; ", "{n} games each; ", min(games)).format(n=format_number(min(games)))
        else:
            counted = _("{least} to {most} games each; ").format(
                least=format_number(min(games)), most=format_number(max(games))
            )
    heading(dwg, label, counted + _("bars: share of games won; whiskers: 95 % interval"))

    def x_of(share: float) -> float:
        return left + plot_w * share

    for tick in range(0, 101, 10):
        x = x_of(tick / 100)
        dwg.add(dwg.line(start=(fmt(x), TOP - 6), end=(fmt(x), fmt(bottom)), stroke=GRID))
        if tick % 20 == 0:
            dwg.add(text(dwg, f"{tick} %", x, bottom + 16, size=11, anchor="middle"))
    dwg.add(text(dwg, _("games won"), x_of(0.5), bottom + 36, size=12, anchor="middle", fill=MUTED))
    bars = dwg.add(dwg.g(class_="bars"))
    for i, (bot, row) in enumerate(rows.items()):
        y = TOP + i * (BAR + SPACE)
        mid = y + BAR / 2
        dwg.add(text(dwg, bot, left - 10, mid + 4, size=13, anchor="end"))
        if _unplayed(row):
            dwg.add(text(dwg, _("no games"), left + 8, mid + 4, size=12, fill=MUTED))
            continue
        rate, low, high = float(row["win_rate"]), float(row["ci_low"]), float(row["ci_high"])
        said = _("{rate} (95 % interval {low} to {high})").format(rate=_pct(rate), low=_pct(low), high=_pct(high))
        extra = [
            ngettext("{n} game", "{n} games", round(g)).format(n=format_number(round(g)))
            for g in [_number(row, "games")]
            if g is not None
        ]
        extra += [f"Elo {round(e)}" for e in [_number(row, "elo")] if e is not None]
        bar = dwg.rect(insert=(fmt(left), fmt(y)), size=(fmt(plot_w * rate), BAR), fill=OKABE_ITO[i % len(OKABE_ITO)])
        bar.attribs.update({"data-bot": bot, "data-win-rate": repr(rate), "class": "bar"})
        bar.set_desc(title=f"{bot}: won {said}" + (f"; {', '.join(extra)}" if extra else ""))
        bars.add(bar)
        whisker = dwg.path(
            d=f"M{fmt(x_of(low))} {fmt(mid)}H{fmt(x_of(high))}"
            f"M{fmt(x_of(low))} {fmt(mid - 6)}v12M{fmt(x_of(high))} {fmt(mid - 6)}v12",
            stroke=INK,
            stroke_width=1.6,
            fill="none",
        )
        whisker.attribs.update({"data-bot": bot, "class": "interval"})
        bars.add(whisker)
        dwg.add(text(dwg, _pct(rate), WIDTH - RIGHT + 14, mid - 1, size=13))
        if extra:
            dwg.add(text(dwg, ", ".join(extra), WIDTH - RIGHT + 14, mid + 13, size=10, fill=MUTED))
    dwg.add(dwg.line(start=(fmt(left), TOP - 6), end=(fmt(left), fmt(bottom)), stroke=INK))
    return Chart(dwg.tostring())
