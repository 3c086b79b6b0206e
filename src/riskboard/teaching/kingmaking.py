"""``kingmaking_chart``: who wins under each of a kingmaker's policies, a stacked bar per policy.

It reads the table of ``riskboard.tournaments.kingmaking`` (a row per policy: ``games``, a share
column per player, ``draw``; interval columns ``<player>_low``/``_high`` are left out) by its
columns, so it needs no tournament code, and a plain DataFrame like it draws the same picture.
"""

from __future__ import annotations

import math
from typing import Any

from riskboard.i18n import _, format_percent, ngettext
from riskboard.render.palette import NEUTRAL_COLOUR, OKABE_ITO
from riskboard.teaching.chart import GRID, INK, MUTED, WIDTH, Chart, drawing, fmt, heading, luminance, text

TOP, BAR, SPACE, LEFT = 92.0, 30.0, 16.0, 150.0
DARK = 0.25
"""Segments darker than this luminance get white numbers, the others black (contrast)."""


def _read(table: Any) -> tuple[list[str], list[str], dict[str, dict[str, float]], dict[str, int]]:
    if not (hasattr(table, "columns") and hasattr(table, "index") and hasattr(table, "to_dict")):
        raise TypeError(
            _("kingmaking_chart needs the table of kingmaking(...), a row per policy, got {kind}").format(
                kind=type(table).__name__
            )
        )
    columns = [str(c) for c in table.columns]
    players = [c for c in columns if c not in ("games", "draw") and not c.endswith(("_low", "_high"))]
    if not players or not len(table.index):
        raise ValueError(_("the table needs a row per policy and a column per player (each one's share of wins)"))
    rows: dict[str, dict[str, float]] = {}
    games: dict[str, int] = {}
    for policy, row in table.to_dict(orient="index").items():
        shares = {p: float(row[p]) for p in players}
        if "draw" in row:
            shares["draw"] = float(row["draw"])
        if any(not math.isfinite(v) or not 0 <= v <= 1 + 1e-9 for v in shares.values()):
            raise ValueError(_("the shares of policy {policy} must be numbers from 0 to 1").format(policy=policy))
        rows[str(policy)] = shares
        if "games" in row:
            games[str(policy)] = int(row["games"])
    parts = [*players, *(["draw"] if "draw" in columns else [])]
    return players, parts, rows, games


def kingmaking_chart(table: Any, *, title: str | None = None) -> Chart:
    """A bar per kingmaker policy, split into each player's share of the games won (and the
    games nobody won, grey): the picture for "whom the loser attacks decides who wins".

    >>> import pandas as pd
    >>> t = pd.DataFrame({"games": [10, 10], "Ada": [0.5, 0.1], "Bo": [0.4, 0.9], "draw": [0.1, 0.0]},
    ...                  index=["anyone", "only Ada"])
    >>> svg = kingmaking_chart(t)
    >>> 'data-policy="only Ada"' in svg and 'data-share="0.9"' in svg
    True
    """
    players, parts, rows, games = _read(table)
    plot_w = WIDTH - LEFT - 30
    bottom = TOP + len(rows) * (BAR + SPACE)
    height = bottom + 46
    label = title or _("Who wins, by whom the kingmaker attacks")
    dwg = drawing(WIDTH, height, f"{label}: {', '.join(rows)}")
    counted = set(games.values())
    subtitle = _("share of the games each player won under each policy of the kingmaker")
    if len(counted) == 1:
        subtitle += "; " + ngettext("{n} game per policy", "{n} games per policy", min(counted)).format(n=min(counted))
    heading(dwg, label, subtitle)
    colours = {p: OKABE_ITO[i % len(OKABE_ITO)] for i, p in enumerate(players)}
    colours["draw"] = NEUTRAL_COLOUR
    x = LEFT
    for part in parts:  # the legend
        dwg.add(dwg.rect(insert=(fmt(x), 56), size=(12, 12), fill=colours[part]))
        name = _("nobody (draw)") if part == "draw" else part
        dwg.add(text(dwg, name, x + 17, 66, size=12))
        x += 34 + 7.2 * len(name)
    for tick in range(0, 101, 25):
        tx = LEFT + plot_w * tick / 100
        dwg.add(dwg.line(start=(fmt(tx), TOP - 6), end=(fmt(tx), fmt(bottom)), stroke=GRID))
        dwg.add(text(dwg, format_percent(tick / 100, 0), tx, bottom + 16, size=11, anchor="middle"))
    dwg.add(text(dwg, _("games won"), LEFT + plot_w / 2, bottom + 36, size=12, anchor="middle", fill=MUTED))
    bars = dwg.add(dwg.g(class_="bars"))
    for i, (policy, shares) in enumerate(rows.items()):
        y = TOP + i * (BAR + SPACE)
        dwg.add(text(dwg, policy, LEFT - 10, y + BAR / 2 + 4, size=13, anchor="end"))
        start = 0.0
        for part in parts:
            share = shares.get(part, 0.0)
            if share <= 0:
                continue
            piece = dwg.rect(
                insert=(fmt(LEFT + plot_w * start), fmt(y)), size=(fmt(plot_w * share), BAR), fill=colours[part]
            )
            piece.attribs.update(
                {"data-policy": policy, "data-player": part, "data-share": repr(share), "class": "share"}
            )
            said = (
                _("{policy}: nobody won {share} of the games")
                if part == "draw"
                else _("{policy}: {who} won {share} of the games")
            )
            piece.set_desc(title=said.format(policy=policy, who=part, share=format_percent(share)))
            bars.add(piece)
            if plot_w * share >= 44:
                ink = INK if luminance(colours[part]) > DARK else "#FFFFFF"
                mid = LEFT + plot_w * (start + share / 2)
                dwg.add(text(dwg, format_percent(share, 0), mid, y + BAR / 2 + 4, size=12, anchor="middle", fill=ink))
            start += share
    dwg.add(dwg.line(start=(LEFT, TOP - 6), end=(LEFT, fmt(bottom)), stroke=INK))
    return Chart(dwg.tostring())
