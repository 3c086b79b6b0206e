"""``render_svg``: the board as one static SVG string (svgwrite), the same map the widget draws.

Used where no widget can run: nbviewer, GitHub, exported HTML, documents. Every territory's shape
carries ``data-territory`` (its id) and a ``<title>`` with its name, owner and armies.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import svgwrite

from riskboard.engine.events import pieces
from riskboard.i18n import _, ngettext
from riskboard.render.extras import ExtrasPicture, edition_picture, listed
from riskboard.render.icons import marker_scale
from riskboard.render.palette import (
    OWNER_SHAPES,
    badge_outline,
    owner_colours,
    owner_shapes,
    region_colours,
    text_colour,
)

if TYPE_CHECKING:
    from riskboard.engine.game import Game

OCEAN = "#DCE9F5"
BORDER = "#33363B"


class SvgPicture(str):
    """SVG text that a notebook shows as a picture: a ``str`` in every other respect (write it to a
    file, search it, slice it), with a short ``repr`` instead of the whole text in a terminal.

    >>> pic = SvgPicture('<svg width="10px" height="5px"></svg>')
    >>> pic, isinstance(pic, str), pic.startswith("<svg")
    (<SVG picture, 37 characters: str(picture) is the text>, True, True)
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return f"<SVG picture, {len(self):,} characters: str(picture) is the text>"

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the picture to ``path`` (UTF-8 SVG; open it in a browser or put it in a document)."""
        target = Path(path)
        target.write_text(str(self), encoding="utf-8")
        return target


def render_svg(game: Game, *, width: int = 1000, names: bool = True, highlight: str | None = None) -> SvgPicture:
    """Draw ``game``'s current position: territories in their owner's colour, each region as a band
    of its colour inside its edge, army counts on badges of the owner's colour and shape, sea routes
    dashed, a status line and a legend. ``highlight`` outlines one territory.
    Balance of Power adds hatched difficult terrain, its cities, capitals, buildings and
    airfields, and the missions under the map; Transformers its leaders on their zones, and the
    round, the scrapyards and the alliances in the legend.

    The result is the SVG text (a ``str``) that a notebook shows as the picture.

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
    dwg = _drawing(game, geometry["view_box"], width, h + legend_h)
    shapes = geometry["territories"]
    _draw_sea_lines(dwg, geometry, k)
    _draw_territories(dwg, game, shapes, colours, highlight)
    _draw_region_bands(dwg, game, shapes, w / width)
    if edition is not None:
        edition.draw_terrain(dwg, shapes)
    _draw_labels(dwg, game, shapes, colours, k, names)
    if edition is not None:
        edition.draw_symbols(dwg, dwg.add(dwg.g()), shapes)
    y = y0 + h + 13  # status line and legend under the map
    _draw_legend(dwg, game, colours, edition, (x0, y, w), per_row)
    if edition is not None:
        edition.draw_missions(dwg, x0, y + 14 * rows + 18, w)
    return SvgPicture(dwg.tostring())


def _drawing(game: Game, view_box: Sequence[float], width: int, total_h: float) -> svgwrite.Drawing:
    """The SVG root, tall enough for the legend under the map, labelled for screen readers, on the ocean."""
    x0, y0, w = view_box[:3]
    dwg = svgwrite.Drawing(
        size=(f"{width}px", f"{round(width * total_h / w)}px"),
        viewBox=f"{x0} {y0} {w} {total_h}",
        profile="full",
        debug=False,
    )
    dwg.attribs["class"] = "riskboard-board"
    dwg.attribs["role"] = "img"
    title = game.ruleset.presentation.title
    now = _("won by {players}").format(players=listed(game.winners)) if game.is_over else str(game.pending)
    dwg.attribs["aria-label"] = _("{title}: turn {turn}, {now}").format(
        title=_(title) if title else game.ruleset.name, turn=game.turn, now=now
    )
    dwg.add(dwg.rect(insert=(x0, y0), size=(w, total_h), fill=OCEAN))
    return dwg


def _draw_sea_lines(dwg: svgwrite.Drawing, geometry: Mapping[str, Any], k: float) -> None:
    """The dashed sea routes, drawn first so the territories cover their ends."""
    lines = dwg.add(dwg.g(stroke="#5A6B7B", stroke_width=0.8 * k, stroke_dasharray="3,2", fill="none"))
    for line in geometry.get("sea_lines", []):
        for seg in line.get("segments") or [line["points"]]:
            lines.add(dwg.polyline(points=[tuple(p) for p in seg]))


def _draw_territories(
    dwg: svgwrite.Drawing, game: Game, shapes: Mapping[str, Any], colours: dict[str, str], highlight: str | None
) -> None:
    """Each territory's shape in its owner's colour, with its id and a title to find and read it by."""
    gm = game.map
    state = game.state
    owners = game.config.owners
    words = game.ruleset.presentation.words(game.config)  # the edition's word for its pieces: armies, units, troops
    group = dwg.add(dwg.g(stroke=BORDER, stroke_width=0.5, stroke_linejoin="round"))
    for i, tid in enumerate(gm.ids):
        o = state.owner[i]
        owner = owners[o] if o >= 0 else None
        fill = colours[owner] if owner else "#F4F1EA"
        path = dwg.path(d=shapes[tid]["path"], fill=fill)
        path.attribs["data-territory"] = tid
        if tid == highlight:
            path.attribs.update({"stroke": "#000000", "stroke-width": 2})
        held = f"{owner}, {pieces(state.armies[i], words)}" if owner else "unclaimed"
        path.set_desc(title=f"{gm[tid].name}: {held}")
        group.add(path)


def _draw_labels(
    dwg: svgwrite.Drawing, game: Game, shapes: Mapping[str, Any], colours: dict[str, str], k: float, names: bool
) -> None:
    """Names and army badges in one group above every shape, so no neighbour hides them."""
    gm = game.map
    state = game.state
    owners = game.config.owners
    labels = dwg.add(dwg.g(font_family="DejaVu Sans, Arial, sans-serif", text_anchor="middle"))
    for i, tid in enumerate(gm.ids):
        shape = shapes[tid]
        o = state.owner[i]
        if names:
            labels.add(_name_label(dwg, gm[tid].name, shape, k))
        if o >= 0:
            badge = (colours[owners[o]], OWNER_SHAPES[o % len(OWNER_SHAPES)])
            _add_army_badge(dwg, labels, shape["badge"], badge, state.armies[i], k)


def _name_label(dwg: svgwrite.Drawing, name: str, shape: Mapping[str, Any], k: float) -> Any:
    """A territory's name at its label anchor, haloed in white to stay readable on any colour."""
    lx, ly = shape["label"]
    if k != 1:  # larger badges: the name moves up to stay clear of its badge
        ly = min(ly, shape["badge"][1] - 5.6 * k - 2.5)
    return dwg.text(
        name,
        insert=(lx, ly),
        font_size=6.5 * k,
        fill="#111111",
        stroke="#FFFFFF",
        stroke_width=1.6 * k,
        paint_order="stroke",
    )


def _add_army_badge(
    dwg: svgwrite.Drawing, group: Any, badge: Sequence[float], look: tuple[str, str], armies: int, k: float
) -> None:
    """The army count on a badge of the owner's colour and shape (``look``), its digits in a colour
    readable on that fill."""
    bx, by = badge
    fill, shape = look
    h = 11.2 * k
    w = max(h, 4.7 * k * len(str(armies)) + 3 * k)
    outline = dwg.path(d=badge_outline(shape, w, h), fill=fill, stroke=BORDER, stroke_width=0.6 * k)
    outline.translate(bx, by)
    group.add(outline)
    group.add(
        dwg.text(
            str(armies),
            insert=(bx, by + 2.6 * k),
            font_size=7.5 * k,
            font_weight="bold",
            fill=text_colour(fill),
        )
    )


def _draw_region_bands(dwg: svgwrite.Drawing, game: Game, shapes: Mapping[str, Any], unit: float) -> None:
    """Each region as a band of its colour inside its outer edge, as the live board draws it: the
    union of its shapes less that union shrunk by the band's width (``unit``: map units per pixel)."""
    gm = game.map
    colours = region_colours([(r.id, r.colour) for r in gm.regions])
    group = dwg.add(dwg.g(pointer_events="none"))
    for n, region in enumerate(gm.regions):
        colour = colours[region.id]
        casing = "#1D232A" if text_colour(colour) == "#000000" else "none"
        fid = f"riskboard-region-{n}"
        f = dwg.defs.add(dwg.filter(id=fid, start=("-2%", "-2%"), size=("104%", "104%")))
        f.attribs["color-interpolation-filters"] = "sRGB"
        f.feMorphology(in_="SourceAlpha", operator="dilate", radius=unit, result="grown")
        f.feMorphology(in_="grown", operator="erode", radius=unit, result="whole")
        f.feMorphology(in_="whole", operator="erode", radius=3.5 * unit, result="inner")
        f.feMorphology(in_="whole", operator="erode", radius=4.5 * unit, result="core")
        f.feComposite(in_="whole", in2="inner", operator="out", result="edge")
        f.feComposite(in_="inner", in2="core", operator="out", result="rim")
        f.feFlood(flood_color=colour, result="colour")
        f.feComposite(in_="colour", in2="edge", operator="in", result="band")
        f.feFlood(
            flood_color=colour if casing == "none" else casing, flood_opacity=0 if casing == "none" else 1, result="ink"
        )
        f.feComposite(in_="ink", in2="rim", operator="in", result="cased")
        f.feMerge(["band", "cased"])
        band = group.add(dwg.g(filter=f"url(#{fid})", class_="region-band"))
        band.attribs["data-region"] = region.id
        for tid in region.territories:
            band.add(dwg.path(d=shapes[tid]["path"]))


def _draw_legend(
    dwg: svgwrite.Drawing,
    game: Game,
    colours: dict[str, str],
    edition: ExtrasPicture | None,
    at: tuple[float, float, float],
    per_row: int,
) -> None:
    """The status line at ``at`` (x, y, width) and below it a swatch and a summary per owner."""
    x0, y, w = at
    stats = game.stats()
    legend = dwg.add(dwg.g(font_family="DejaVu Sans, Arial, sans-serif", font_size=9))
    shapes = owner_shapes(game.config.owners)
    if game.winners:
        status = _("game over, won by {players}").format(players=listed(game.winners))
    else:
        status = _("turn {turn}: {pending}").format(turn=game.turn, pending=game.pending)
    if edition is not None:
        status += edition.status_note()
    legend.add(dwg.text(status, insert=(x0 + 8, y), fill="#111111"))
    for n, owner in enumerate(game.config.owners):
        x = x0 + 8 + (n % per_row) * (w - 16) / per_row
        y2 = y + 14 + 14 * (n // per_row)
        swatch = dwg.path(d=badge_outline(shapes[owner], 10, 10), fill=colours[owner], stroke=BORDER, stroke_width=0.5)
        swatch.translate(x + 5, y2 - 3)
        legend.add(swatch)
        text = _owner_summary(game, owner, stats[owner], edition)
        legend.add(dwg.text(text, insert=(x + 14, y2), fill="#111111"))


def _owner_summary(game: Game, owner: str, st: Mapping[str, int], edition: ExtrasPicture | None) -> str:
    """One owner's legend entry: territories, pieces (in the edition's word), a player's cards and
    whether they are out."""
    words = game.ruleset.presentation.words(game.config)
    counts = [
        ngettext("{n} territory", "{n} territories", st["territories"]).format(n=st["territories"]),
        pieces(st["armies"], words),
    ]
    if owner in game.config.players:
        counts.append(ngettext("{n} card", "{n} cards", st["cards"]).format(n=st["cards"]))
    text = _("{owner}: {counts}").format(owner=owner, counts=", ".join(counts))
    if owner in game.config.players and not game.is_alive(owner):
        text = _("{summary} (out)").format(summary=text)
    if edition is not None:
        text += edition.player_note(owner)
    return text
