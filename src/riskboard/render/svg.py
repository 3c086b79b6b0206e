"""``render_svg``: the board as one static SVG string (svgwrite), the same map the widget draws.

Used where no widget can run: nbviewer, GitHub, exported HTML, documents. Every territory's shape
carries ``data-territory`` (its id) and a ``<title>`` with its name, owner and armies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import svgwrite

from riskboard.render.extras import edition_picture
from riskboard.render.icons import marker_scale
from riskboard.render.palette import owner_colours, text_colour

if TYPE_CHECKING:
    from riskboard.engine.game import Game

OCEAN = "#DCE9F5"
BORDER = "#33363B"


def render_svg(game: Game, *, width: int = 1000, names: bool = True, highlight: str | None = None) -> str:
    """Draw ``game``'s current position: territories in their owner's colour, army counts on
    badges, sea routes dashed, a status line and a legend. ``highlight`` outlines one territory.
    Balance of Power adds hatched difficult terrain, its cities, capitals, buildings and
    airfields, and the missions under the map.

    >>> import riskboard as rb
    >>> svg = rb.render_svg(rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=1))
    >>> svg.count('data-territory=') == 42
    True
    """
    gm = game.map
    geometry = gm.geometry
    if not geometry:
        raise ValueError(f"the {gm.id} map has no geometry to draw")
    x0, y0, w, h = geometry["view_box"]
    config = game.config
    colours = owner_colours(config)
    edition = edition_picture(game, colours)
    k = marker_scale(gm.id)
    per_row = 4 if edition is None else 1
    rows = -(-len(config.owners) // per_row)
    legend_h = 22.0 + 14.0 * rows + (edition.missions_height() if edition else 0.0)
    total_h = h + legend_h
    dwg = svgwrite.Drawing(
        size=(f"{width}px", f"{round(width * total_h / w)}px"),
        viewBox=f"{x0} {y0} {w} {total_h}",
        profile="full",
        debug=False,
    )
    dwg.attribs["class"] = "riskboard-board"
    dwg.attribs["role"] = "img"
    dwg.attribs["aria-label"] = f"{game.ruleset.title}: turn {game.turn}, {game.pending}"
    dwg.add(dwg.rect(insert=(x0, y0), size=(w, total_h), fill=OCEAN))

    state = game.state
    owners = config.owners

    lines = dwg.add(dwg.g(stroke="#5A6B7B", stroke_width=0.8 * k, stroke_dasharray="3,2", fill="none"))
    for line in geometry.get("sea_lines", []):
        for seg in line.get("segments") or [line["points"]]:
            lines.add(dwg.polyline(points=[tuple(p) for p in seg]))

    shapes = dwg.add(dwg.g(stroke=BORDER, stroke_width=0.5, stroke_linejoin="round"))
    for i, tid in enumerate(gm.ids):
        shape = geometry["territories"][tid]
        o = state.owner[i]
        owner = owners[o] if o >= 0 else None
        fill = colours[owner] if owner else "#F4F1EA"
        path = dwg.path(d=shape["path"], fill=fill)
        path.attribs["data-territory"] = tid
        if tid == highlight:
            path.attribs.update({"stroke": "#000000", "stroke-width": 2})
        held = f"{owner}, {state.armies[i]} armies" if owner else "unclaimed"
        path.set_desc(title=f"{gm[tid].name}: {held}")
        shapes.add(path)
    if edition is not None:
        edition.draw_terrain(dwg, geometry["territories"])

    labels = dwg.add(dwg.g(font_family="DejaVu Sans, Arial, sans-serif", text_anchor="middle"))
    for i, tid in enumerate(gm.ids):
        shape = geometry["territories"][tid]
        o = state.owner[i]
        if names:
            lx, ly = shape["label"]
            if k != 1:  # larger badges: the name moves up to stay clear of its badge
                ly = min(ly, shape["badge"][1] - 5.6 * k - 2.5)
            labels.add(
                dwg.text(
                    gm[tid].name,
                    insert=(lx, ly),
                    font_size=6.5 * k,
                    fill="#111111",
                    stroke="#FFFFFF",
                    stroke_width=1.6 * k,
                    paint_order="stroke",
                )
            )
        if o >= 0:
            bx, by = shape["badge"]
            fill = colours[owners[o]]
            labels.add(dwg.circle(center=(bx, by), r=5.6 * k, fill=fill, stroke=BORDER, stroke_width=0.6 * k))
            labels.add(
                dwg.text(
                    str(state.armies[i]),
                    insert=(bx, by + 2.6 * k),
                    font_size=7.5 * k,
                    font_weight="bold",
                    fill=text_colour(fill),
                )
            )

    if edition is not None:
        edition.draw_symbols(dwg, dwg.add(dwg.g()), geometry["territories"])

    # status line and legend under the map
    stats = game.stats()
    legend = dwg.add(dwg.g(font_family="DejaVu Sans, Arial, sans-serif", font_size=9))
    y = y0 + h + 13
    status = f"game over: {game.winner} wins" if game.winner else f"turn {game.turn}: {game.pending}"
    legend.add(dwg.text(status, insert=(x0 + 8, y), fill="#111111"))
    for n, owner in enumerate(owners):
        x = x0 + 8 + (n % per_row) * (w - 16) / per_row
        y2 = y + 14 + 14 * (n // per_row)
        st = stats[owner]
        legend.add(dwg.rect(insert=(x, y2 - 8), size=(10, 10), fill=colours[owner], stroke=BORDER, stroke_width=0.5))
        text = f"{owner}: {_count(st['territories'], 'territory', 'territories')}, {_count(st['armies'], 'army', 'armies')}"
        if owner in config.players:
            text += ", " + _count(st["cards"], "card", "cards")
            if not game.is_alive(owner):
                text += " (out)"
        if edition is not None:
            text += edition.player_note(owner)
        legend.add(dwg.text(text, insert=(x + 14, y2), fill="#111111"))
    if edition is not None:
        edition.draw_missions(dwg, x0, y + 14 * rows + 18, w)
    return dwg.tostring()


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"
