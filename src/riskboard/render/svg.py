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
from riskboard.i18n import _, get_language, ngettext
from riskboard.render.extras import ExtrasPicture, edition_picture, listed
from riskboard.render.icons import marker_scale
from riskboard.render.labels import Badge, Layout, Name, land_of, sizes_for
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
LEGEND = 11.0
"""The legend's font size in map units (11.3 px in a rendering 1024 px wide of a 1000-unit map)."""
LINE = 16.0
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
    per_row = 3 if edition is None else 1
    rows = -(-len(config.owners) // per_row)
    legend_h = 26.0 + LINE * rows + (edition.missions_height() if edition else 0.0)
    dwg = _drawing(game, geometry["view_box"], width, h + legend_h)
    shapes = geometry["territories"]
    _draw_sea_lines(dwg, geometry, k)
    _draw_territories(dwg, game, shapes, colours, highlight)
    _draw_region_bands(dwg, game, shapes, w / width)
    if edition is not None:
        edition.draw_terrain(dwg, shapes)
    _draw_labels(dwg, game, colours, edition, names)
    y = y0 + h + 15  # status line and legend under the map
    _draw_legend(dwg, game, colours, edition, (x0, y, w), per_row)
    if edition is not None:
        edition.draw_missions(dwg, x0, y + LINE * rows + 20, w)
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
    dwg: svgwrite.Drawing, game: Game, colours: dict[str, str], edition: ExtrasPicture | None, names: bool
) -> None:
    """Army badges, the edition's symbols and the names in one group above every shape, placed so
    that none covers another (``render.labels``): leader lines first, then badges, symbols, names."""
    gm = game.map
    geometry = gm.geometry
    assert geometry is not None
    shapes = geometry["territories"]
    state = game.state
    owners = game.config.owners
    sizes = sizes_for(geometry["view_box"][2], TEXT_SCALE.get(gm.id, 1.0))
    layout = Layout(geometry["view_box"], land_of(gm.id, geometry["view_box"], shapes), sizes)
    held = [(i, tid) for i, tid in enumerate(gm.ids) if state.owner[i] >= 0]
    looks = {tid: OWNER_SHAPES[state.owner[i] % len(OWNER_SHAPES)] for i, tid in held}
    badges = layout.place_badges([(tid, shapes[tid]["badge"], state.armies[i], looks[tid]) for i, tid in held])
    anchors = {tid: tuple(shapes[tid]["badge"]) for tid in gm.ids}
    symbols = edition.symbols() if edition is not None else []
    centres = layout.place_symbols([(m.tid, m.side, m.n, m.size) for m in symbols], anchors)
    placed: dict[str, Name] = {}
    if names:
        by_area = sorted(gm.ids, key=lambda tid: _area(layout.land.bounds[tid]))
        labels = {tid: tuple(shapes[tid].get("label") or shapes[tid]["badge"]) for tid in gm.ids}
        placed = layout.place_names({tid: gm[tid].name for tid in gm.ids}, labels, by_area)
    group = dwg.add(dwg.g(font_family=font_family(get_language()), text_anchor="middle", class_="labels"))
    # the lines from a name placed away from its territory to its badge ("guides": the word
    # "leader" is Transformers' own, for its leaders on the map)
    guides = group.add(dwg.g(stroke="#1D232A", stroke_width=0.7, fill="none", class_="guides"))
    for name in placed.values():
        if name.leader:
            x1, y1, x2, y2 = name.leader
            guides.add(dwg.line((round(x1, 1), round(y1, 1)), (round(x2, 1), round(y2, 1))))
    for i, tid in held:
        fill = colours[owners[state.owner[i]]]
        _add_army_badge(dwg, group, badges[tid], (fill, looks[tid]), state.armies[i], sizes.count)
    if symbols and edition is not None:
        icons = group.add(dwg.g())
        for symbol, at in zip(symbols, centres, strict=True):
            edition.draw_symbol(dwg, icons, symbol, at)
    for name in placed.values():
        group.add(_name_label(dwg, name, sizes.name))


TEXT_SCALE = {"europe": 1.15}
"""Maps whose territories are large for their view box draw their names and counts larger."""


def font_family(language: str) -> str:
    """The picture's fonts: DejaVu Sans (wide, so the estimated widths hold), and for Japanese a
    CJK font before the generic fallback."""
    cjk = "Noto Sans CJK JP, Noto Sans JP, Hiragino Sans, Yu Gothic, " if language == "ja" else ""
    return f"DejaVu Sans, {cjk}Arial, sans-serif"


def _area(b: tuple[float, float, float, float]) -> float:
    return (b[2] - b[0]) * (b[3] - b[1])


def _name_label(dwg: svgwrite.Drawing, name: Name, size: float) -> Any:
    """A territory's name centred on its place, haloed in white to stay readable on any colour."""
    text = dwg.text(
        name.text,
        insert=(round(name.x, 1), round(name.y + 0.36 * size, 1)),
        font_size=size,
        fill="#111111",
        stroke="#FFFFFF",
        stroke_width=round(0.22 * size, 2),
        paint_order="stroke",
        class_="name",
    )
    text.attribs["data-for"] = name.tid
    return text


def _add_army_badge(
    dwg: svgwrite.Drawing, group: Any, badge: Badge, look: tuple[str, str], armies: int, size: float
) -> None:
    """The army count on a badge of the owner's colour and shape (``look``), its digits in a colour
    readable on that fill."""
    fill, shape = look
    outline = dwg.path(
        d=badge_outline(shape, badge.w, badge.h), fill=fill, stroke=BORDER, stroke_width=0.055 * size, class_="badge"
    )
    outline.translate(round(badge.x, 1), round(badge.y, 1))
    group.add(outline)
    count = dwg.text(
        str(armies),
        insert=(round(badge.x, 1), round(badge.y + 0.36 * size, 1)),
        font_size=size,
        font_weight="bold",
        fill=text_colour(fill),
        class_="count",
    )
    count.attribs["data-for"] = badge.tid
    group.add(count)


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
    legend = dwg.add(dwg.g(font_family=font_family(get_language()), font_size=LEGEND))
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
        y2 = y + LINE * (1 + n // per_row)
        swatch = dwg.path(d=badge_outline(shapes[owner], 10, 10), fill=colours[owner], stroke=BORDER, stroke_width=0.5)
        swatch.translate(x + 5, y2 - 4)
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
