"""The static picture is readable at 1024 px: names ≥ 11 px and counts ≥ 12 px on every edition's
map, in English and Japanese, with no name covering another name, a count badge or a symbol.

Boxes are computed from the SVG itself: a text's from its font size, its centred anchor and a
per-script width estimate; a badge's from its outline path; a symbol's from its 16-unit icon box.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

import riskboard as rb
from riskboard.i18n import using
from riskboard.render.labels import shorter_names, text_width

SVG = "{http://www.w3.org/2000/svg}"
Box = tuple[float, float, float, float]


def _played(edition: str, players: list[str], turns: int) -> rb.Game:
    game = rb.new_game(edition, players=players, seed=3)
    game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(players)}, max_turns=turns)
    return game


GAMES = {
    "classic": lambda: _played("classic", ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"], 6),
    "risk2010": lambda: _played("risk2010", ["Ada", "Bo", "Cy"], 4),
    "balance_of_power": lambda: _played("balance_of_power", ["Ada", "Bo"], 3),
    "transformers": lambda: _played("transformers", ["Ada", "Bo"], 4),
    "classic_setup": lambda: rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=2),  # unclaimed: no badges
}


def _numbers(d: str) -> list[float]:
    return [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]


def _translate(el: ET.Element) -> tuple[float, float, float]:
    m = re.search(r"translate\(([-\d.]+)[ ,]+([-\d.]+)\)(?:\s*scale\(([-\d.]+)\))?", el.attrib.get("transform", ""))
    assert m, el.attrib
    return float(m[1]), float(m[2]), float(m[3] or 1)


def _outline_box(d: str) -> Box:
    """The bounding box of a badge outline (M, L, H and A commands, absolute)."""
    xs: list[float] = []
    ys: list[float] = []
    for cmd, args in re.findall(r"([MLHAZ])([^MLHAZ]*)", d):
        v = _numbers(args)
        if cmd in "ML":
            xs += v[0::2]
            ys += v[1::2]
        elif cmd == "H":
            xs += v
        elif cmd == "A":  # a half circle of radius r: reaches r beyond its end's x
            r, x, y = v[0], v[5], v[6]
            xs += [x - r, x + r]
            ys += [y]
    return min(xs), min(ys), max(xs), max(ys)


def _labels(svg: str, game: rb.Game) -> tuple[float, Box, list[tuple[str, Box, float]]]:
    """The px per map unit at 1024 px, the map's frame and every label's (kind, box, font size)."""
    root = ET.fromstring(svg)
    x0, y0, w, _ = (float(v) for v in root.attrib["viewBox"].split())
    geometry = game.map.geometry
    assert geometry is not None
    frame = (x0, y0, x0 + w, y0 + float(geometry["view_box"][3]))
    scale = 1024 / w
    out: list[tuple[str, Box, float]] = []
    group = next(g for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "labels")
    for el in group.iter():
        cls = el.attrib.get("class", "")
        if el.tag == f"{SVG}text" and cls == "name":
            size = float(el.attrib["font-size"])
            x, y = float(el.attrib["x"]), float(el.attrib["y"])
            half = text_width(el.text or "", size) / 2
            out.append(("name", (x - half, y - 0.95 * size, x + half, y + 0.25 * size), size))
        elif el.tag == f"{SVG}text" and cls == "count":
            out.append(("count", (0, 0, 0, 0), float(el.attrib["font-size"])))
        elif el.tag == f"{SVG}path" and cls == "badge":
            tx, ty, _ = _translate(el)
            bx0, by0, bx1, by1 = _outline_box(el.attrib["d"])
            out.append(("badge", (tx + bx0, ty + by0, tx + bx1, ty + by1), 0.0))
        elif el.tag == f"{SVG}g" and cls.startswith("symbol"):
            tx, ty, s = _translate(el)
            out.append(("symbol", (tx - 7.6 * s, ty - 7.6 * s, tx + 7.6 * s, ty + 7.6 * s), 0.0))
    return scale, frame, out


def _hit(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _cases() -> Iterator[tuple[str, str]]:
    for edition in GAMES:
        for language in ("en", "ja"):
            yield edition, language


@pytest.mark.parametrize(("edition", "language"), list(_cases()))
def test_names_and_counts_are_large_enough_and_nothing_covers_a_name(edition: str, language: str) -> None:
    game = GAMES[edition]()
    with using(language):
        svg = rb.render_svg(game, width=1024)
        names = {game.map[t].name for t in game.map.ids}
    scale, frame, labels = _labels(svg, game)
    shown = [b for kind, b, _ in labels if kind == "name"]
    assert len(shown) == len(game.map.ids)
    counts = [size for kind, _, size in labels if kind == "count"]
    assert len(counts) == sum(1 for t in game.map.ids if game.owner(t) is not None)
    assert all(size * scale >= 12 for size in counts), min(counts) * scale
    assert all(size * scale >= 11 for kind, _, size in labels if kind == "name")
    root = ET.fromstring(svg)
    texts = [t.text or "" for t in root.iter(f"{SVG}text") if t.attrib.get("class") == "name"]
    full = sum(1 for t in texts if t in names)
    assert full >= 0.8 * len(texts), texts  # most names whole; the others shortened, never dropped
    others = [(kind, b) for kind, b, _ in labels if kind != "count"]
    for i, (kind, box) in enumerate(others):
        if kind != "name":
            continue
        assert frame[0] <= box[0] and box[2] <= frame[2] and frame[1] <= box[1] and box[3] <= frame[3], box
        for j, (other_kind, other) in enumerate(others):
            if j != i:
                assert not _hit(box, other), (texts, kind, box, other_kind, other)


def test_badges_and_symbols_do_not_cover_each_other() -> None:
    for edition in ("balance_of_power", "transformers"):
        game = GAMES[edition]()
        _, _, labels = _labels(rb.render_svg(game, width=1024), game)
        marks = [b for kind, b, _ in labels if kind in ("badge", "symbol")]
        for i, a in enumerate(marks):
            for b in marks[i + 1 :]:
                assert not _hit(a, b), (edition, a, b)


def test_a_name_that_cannot_stand_at_its_territory_gets_a_leader_line() -> None:
    game = GAMES["classic"]()
    root = ET.fromstring(rb.render_svg(game, width=1024))
    leaders = next(g for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "guides")
    lines = list(leaders.iter(f"{SVG}line"))
    assert 0 < len(lines) <= 8  # the crowded Europe of the world map: a few, not every name
    badges = {t.attrib["data-for"]: t for t in root.iter(f"{SVG}text") if t.attrib.get("class") == "count"}
    for line in lines:  # each ends at a badge's centre
        end = (float(line.attrib["x2"]), float(line.attrib["y2"]))
        assert any(abs(float(b.attrib["x"]) - end[0]) < 0.2 for b in badges.values()), end


def test_shorter_names_and_widths_per_script() -> None:
    assert shorter_names("Western Europe") == ["W. Europe"]
    assert shorter_names("Eastern United States") == ["E. US"]
    assert "Scand." in shorter_names("Scandinavia")
    assert shorter_names("西ヨーロッパ") == []  # no Latin letters: Japanese names stay whole
    assert shorter_names("Peru") == []
    assert text_width("東アフリカ", 10) == pytest.approx(5 * 10 * 1.03)  # CJK glyphs are 1 em
    assert text_width("iiii", 10) < text_width("MMMM", 10) / 2  # Latin by the glyph's width
    assert text_width("Ägypten", 10) == pytest.approx(text_width("Agypten", 10))  # accents on their base
