"""Where the static picture's labels go: army badges, an edition's symbols and territory names,
placed so that none covers another at a size that stays readable when the picture is drawn
1024 px wide (names 11.3 px, counts 12.4 px).

The placement runs in order of importance, each label where it covers nothing placed before it:
badges at their anchors, pushed apart where two would touch; symbols beside their badges; then
names, the smallest territories first (they have the fewest places): above or below the badge,
beside it, anywhere inside the territory, shortened if that is what fits inside, and otherwise in
the nearest free place (over the sea if there is one) with a thin leader line to its badge.
Widths are estimated from the font's advance widths per script (Latin letters from DejaVu Sans,
CJK glyphs 1 em), a little generously, so the estimate is never narrower than the drawing.
"""

from __future__ import annotations

import bisect
import math
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from riskboard.maps.paths import path_rings

Box = tuple[float, float, float, float]
"""x0, y0, x1, y1 in map units."""

NAME_PX = 11.3
COUNT_PX = 12.4
DESIGN_WIDTH = 1024.0
"""The rendering width at which names and counts have the sizes above (a wider one enlarges them)."""
GAP = 1.2
"""Map units kept free around every label."""

# DejaVu Sans advance widths in em (the picture's first font; Arial, its fallback, is narrower).
_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ .-'’(),"
_ADVANCES = """
.613 .635 .550 .635 .615 .352 .635 .634 .278 .278 .579 .278 .974 .634 .612 .635 .635 .411 .521 .392
.634 .592 .818 .592 .592 .525 .684 .686 .698 .770 .632 .575 .775 .752 .295 .295 .656 .557 .863 .748
.787 .603 .787 .695 .635 .611 .732 .684 .989 .685 .611 .685 .318 .318 .361 .275 .318 .390 .390 .318
"""
_WIDTHS = dict(zip(_LETTERS, (float(v) for v in _ADVANCES.split()), strict=True))
_WIDTHS.update(dict.fromkeys("0123456789ß", 0.636))


def char_width(ch: str) -> float:
    """The advance width of ``ch`` in em: Latin from the font's table (accents on their base
    letter), CJK and other wide glyphs 1 em, anything else a wide Latin letter's 0.7 em."""
    if ch in _WIDTHS:
        return _WIDTHS[ch]
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return 1.0
    base = unicodedata.normalize("NFD", ch)[:1]
    return _WIDTHS.get(base, 0.7)


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The estimated width of ``text`` at font size ``size`` (bold glyphs are about 10 % wider)."""
    return sum(char_width(c) for c in text) * size * (1.1 if bold else 1.0) * 1.03


_COMPASS = {"North": "N.", "Northern": "N.", "South": "S.", "Southern": "S.", "East": "E.", "Eastern": "E."}
_COMPASS |= {"West": "W.", "Western": "W.", "Central": "C.", "Northwest": "NW", "Great": "Gt."}


def shorter_names(name: str) -> list[str]:
    """Shorter forms of a territory's name for the map, shortest last: "United States" as "US",
    compass words as their initial ("W. Europe"), then long words cut after their first syllable's
    consonants ("Scand.", "Madag."). A name without Latin letters (Japanese) has none."""
    if not re.search(r"[A-Za-zÀ-ÿ]", name):
        return []
    forms: list[str] = []
    words = name.replace("United States", "US").split(" ")
    if len(words) > 1:
        words = [_COMPASS.get(w, w) for w in words[:-1]] + words[-1:]
    first = " ".join(words)
    cut = " ".join(_cut(w) for w in words)
    for form in (first, cut):
        if form != name and form not in forms and len(form) < len(name):
            forms.append(form)
    return forms


def _cut(word: str) -> str:
    """``word`` cut before its first vowel from the fourth letter on, with a full stop; short
    words, abbreviations and hyphenated parts stay (each part is cut on its own)."""
    if "-" in word:
        return "-".join(_cut(part) for part in word.split("-"))
    if len(word) < 7 or word.endswith("."):
        return word
    at = next((i for i in range(3, len(word) - 2) if word[i].lower() in "aeiouyäöüåé"), None)
    return f"{word[:at]}." if at else word


# -- the land: which territory a point lies in ----------------------------------------------------
class Land:
    """Every territory's shape as crossings on horizontal scan lines, to ask quickly whether a point
    lies in a territory or over the sea."""

    STEP = 1.5

    def __init__(self, view_box: Sequence[float], shapes: Mapping[str, Any]) -> None:
        self.y0 = float(view_box[1])
        rows = int(float(view_box[3]) / self.STEP) + 2
        self.rows: dict[str, list[list[float]]] = {}
        self.bounds: dict[str, Box] = {}
        for tid, shape in shapes.items():
            crossings: list[list[float]] = [[] for _ in range(rows)]
            xs: list[float] = []
            ys: list[float] = []
            for ring in _rings(shape["path"]):
                for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1], strict=True):
                    xs.append(ax)
                    ys.append(ay)
                    if ay == by:
                        continue
                    lo, hi = sorted((ay, by))
                    j0 = max(0, math.ceil((lo - self.y0) / self.STEP - 0.5))
                    j1 = min(rows - 1, math.floor((hi - self.y0) / self.STEP - 0.5))
                    for j in range(j0, j1 + 1):
                        y = self.y0 + (j + 0.5) * self.STEP
                        if lo <= y < hi:
                            crossings[j].append(ax + (y - ay) * (bx - ax) / (by - ay))
            for row in crossings:
                row.sort()
            self.rows[tid] = crossings
            self.bounds[tid] = (min(xs), min(ys), max(xs), max(ys))
        self.on_row: list[list[str]] = [[tid for tid, row in self.rows.items() if row[j]] for j in range(rows)]
        """The territories each scan line crosses (where ``at`` looks)."""

    def inside(self, tid: str, x: float, y: float) -> bool:
        """Whether (x, y) lies in territory ``tid`` (even-odd rule, to the scan lines' precision)."""
        b = self.bounds[tid]
        if not (b[0] <= x <= b[2] and b[1] <= y <= b[3]):
            return False
        j = int((y - self.y0) / self.STEP)
        row = self.rows[tid]
        return 0 <= j < len(row) and bisect.bisect(row[j], x) % 2 == 1

    def at(self, x: float, y: float) -> str | None:
        """The territory at (x, y), or ``None`` over the sea."""
        j = int((y - self.y0) / self.STEP)
        if not 0 <= j < len(self.on_row):
            return None
        for tid in self.on_row[j]:
            b = self.bounds[tid]
            if b[0] <= x <= b[2] and b[1] <= y <= b[3] and bisect.bisect(self.rows[tid][j], x) % 2 == 1:
                return tid
        return None

    def sea(self, box: Box) -> bool:
        """Whether a box lies over the sea (its corners, edges' middles and centre)."""
        x0, y0, x1, y1 = box
        return all(self.at(x, y) is None for x in (x0, (x0 + x1) / 2, x1) for y in (y0, (y0 + y1) / 2, y1))


def _rings(path: str) -> Iterable[list[tuple[float, float]]]:
    """The closed rings of a territory's path that enclose anything (three points or more)."""
    return (ring for ring in path_rings(path) if len(ring) >= 3)


_LANDS: dict[str, tuple[Mapping[str, Any], Land]] = {}


def land_of(map_id: str, view_box: Sequence[float], shapes: Mapping[str, Any]) -> Land:
    """The scan-line land of a map, made once per map's shapes (they do not change)."""
    kept = _LANDS.get(map_id)
    if kept is None or kept[0] is not shapes:
        kept = _LANDS[map_id] = (shapes, Land(view_box, shapes))
    return kept[1]


# -- the placement ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Sizes:
    """Font sizes and label boxes in map units for one picture."""

    name: float
    count: float

    @property
    def badge_h(self) -> float:
        return self.count * 1.45

    def badge_w(self, armies: int) -> float:
        return max(self.badge_h, text_width(str(armies), self.count, bold=True) + 0.55 * self.count)

    @property
    def name_h(self) -> float:
        return self.name * 1.25


def sizes_for(view_width: float, scale: float = 1.0) -> Sizes:
    """The sizes that draw names at ``NAME_PX`` and counts at ``COUNT_PX`` (times ``scale``) in a
    rendering ``DESIGN_WIDTH`` pixels wide of a map ``view_width`` units wide."""
    unit = view_width / DESIGN_WIDTH
    return Sizes(name=round(NAME_PX * scale * unit, 2), count=round(COUNT_PX * scale * unit, 2))


@dataclass(frozen=True)
class Badge:
    tid: str
    x: float
    y: float
    w: float
    h: float
    over: tuple[float, float]
    """How far the owner's outline reaches beyond the box, each side."""

    @property
    def box(self) -> Box:
        ex, ey = self.w / 2 + self.over[0], self.h / 2 + self.over[1]
        return (self.x - ex, self.y - ey, self.x + ex, self.y + ey)


@dataclass(frozen=True)
class Name:
    tid: str
    text: str
    x: float
    y: float
    """The centre of the name's box (the text is drawn centred, its baseline a little lower)."""
    box: Box
    leader: tuple[float, float, float, float] | None = None
    """A line from the name to its badge, where the name stands away from its territory."""


OVERHANG = {"hexagon": (3.0, 0.0), "shield": (0.0, 3.0), "house": (0.0, 3.0), "diamond": (4.0, 4.0)}
"""How far a badge's outline of each shape reaches beyond its count's box, in 17ths of its height."""


def _hit(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _grow(b: Box, g: float) -> Box:
    return (b[0] - g, b[1] - g, b[2] + g, b[3] + g)


def _segment_hits(seg: tuple[float, float, float, float], b: Box) -> bool:
    """Whether a line segment runs through the inside of box ``b`` (clipped to it exactly, as
    Liang and Barsky clip a line: the part of the segment inside each pair of edges)."""
    x0, y0, x1, y1 = seg
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - b[0]), (dx, b[2] - x0), (-dy, y0 - b[1]), (dy, b[3] - y0)):
        if p == 0:
            if q <= 0:  # parallel to these edges and outside (or on) them
                return False
            continue
        t = q / p
        if p < 0:
            if t >= t1:
                return False
            t0 = max(t0, t)
        else:
            if t <= t0:
                return False
            t1 = min(t1, t)
    return t0 < t1


class Layout:
    """Places one picture's labels; ``placed`` holds every box taken so far."""

    def __init__(self, view_box: Sequence[float], land: Land, sizes: Sizes) -> None:
        x0, y0, w, h = (float(v) for v in view_box)
        self.frame: Box = (x0 + 1, y0 + 1, x0 + w - 1, y0 + h - 1)
        self.land = land
        self.sizes = sizes
        self.placed: list[Box] = []
        self.badges: dict[str, Badge] = {}

    def free(self, box: Box) -> bool:
        f = self.frame
        if box[0] < f[0] or box[1] < f[1] or box[2] > f[2] or box[3] > f[3]:
            return False
        return not any(_hit(box, q) for q in self.placed)

    def place_badges(self, items: Sequence[tuple[str, tuple[float, float], int, str]]) -> dict[str, Badge]:
        """Badges (territory, anchor, armies, owner's shape) at their anchors, pushed apart where
        two would touch."""
        s = self.sizes
        cur: list[Badge] = []
        for tid, (x, y), armies, shape in items:
            ox, oy = OVERHANG.get(shape, (0.0, 0.0))
            over = (ox * s.badge_h / 17, oy * s.badge_h / 17)
            cur.append(Badge(tid, float(x), float(y), s.badge_w(armies), s.badge_h, over))
        for _ in range(20):
            moved = False
            for i in range(len(cur)):
                for j in range(i + 1, len(cur)):
                    a, c = cur[i], cur[j]
                    dx, dy = c.x - a.x, c.y - a.y
                    ox = (a.w + c.w) / 2 + a.over[0] + c.over[0] + 2 * GAP - abs(dx)
                    oy = (a.h + c.h) / 2 + a.over[1] + c.over[1] + 2 * GAP - abs(dy)
                    if ox <= 0 or oy <= 0:
                        continue
                    moved = True
                    if ox < oy:  # apart along the shorter overlap, half each
                        m = (ox / 2 + 0.01) * (math.copysign(1, dx) if dx else 1)
                        cur[i], cur[j] = replace(a, x=a.x - m), replace(c, x=c.x + m)
                    else:
                        m = (oy / 2 + 0.01) * (math.copysign(1, dy) if dy else 1)
                        cur[i], cur[j] = replace(a, y=a.y - m), replace(c, y=c.y + m)
            if not moved:
                break
        for badge in cur:
            self.badges[badge.tid] = badge
            self.placed.append(_grow(badge.box, GAP))
        return self.badges

    def place_symbols(
        self, items: Sequence[tuple[str, int, int, float]], anchors: Mapping[str, tuple[float, float]]
    ) -> list[tuple[float, float]]:
        """Symbols (territory, side: -1 left of the badge or 1 right, place on that side, size)
        beside their badges (or their anchors where a territory has no badge), on the other side
        or above or below where their own side is taken. Returns each symbol's centre."""
        out = []
        for tid, side, n, size in items:
            b = self.badges.get(tid)
            bx, by = (b.x, b.y) if b else anchors[tid]
            hw = b.box[2] - b.x if b else 0.0
            hh = b.box[3] - b.y if b else 0.0
            along = hw + GAP + size / 2 + n * (size + GAP)
            up = hh + GAP + size / 2 + n * (size + GAP)
            spots = [(bx + side * along, by), (bx - side * along, by), (bx, by - up), (bx, by + up)]
            boxes = [(x - size / 2, y - size / 2, x + size / 2, y + size / 2) for x, y in spots]
            box = next((q for q in boxes if self.free(q)), boxes[0])
            self.placed.append(_grow(box, GAP / 2))
            out.append(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))
        return out

    def place_names(
        self, names: Mapping[str, str], anchors: Mapping[str, tuple[float, float]], order: Sequence[str]
    ) -> dict[str, Name]:
        """Each territory's name (in ``order``) near its badge or its label anchor."""
        out: dict[str, Name] = {}
        for tid in order:
            name = self._place_name(tid, names[tid], anchors[tid])
            out[tid] = name
            self.placed.append(_grow(name.box, GAP / 2))
        return out

    def _box(self, text: str, x: float, y: float) -> Box:
        w = text_width(text, self.sizes.name) + 1.5  # the white halo on both sides
        h = self.sizes.name_h
        return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)

    def _place_name(self, tid: str, full: str, anchor: tuple[float, float]) -> Name:
        s = self.sizes
        b = self.badges.get(tid)
        ax, ay = anchor
        forms = [full, *shorter_names(full)]
        h = s.name_h
        for text in forms:  # 1. just above or below its badge, or in the territory nearest it
            w = text_width(text, s.name) + 1.5
            for k, (x, y) in enumerate(self._near(b, ax, ay, w, h)):
                box = self._box(text, x, y)
                if self.free(box) and ((k < 2 and b is not None) or self.land.inside(tid, x, y)):
                    return Name(tid, text, x, y, box)
        # 2. away from it, with a leader line: over the sea if possible, the full name if possible
        cx, cy = (b.x, b.y) if b else (ax, ay)
        best: tuple[float, Name] | None = None
        for text in forms:
            w = text_width(text, s.name) + 1.5
            for x, y in _rings_around(cx, cy, w, h):
                box = self._box(text, x, y)
                if not self.free(box):
                    continue
                leader = _leader(box, b, (ax, ay))
                own = None if b is None else _grow(b.box, GAP)  # its own badge's box: the line ends there
                crossing = any(_segment_hits(leader, q) for q in self.placed if q != own)
                cost = math.hypot(x - cx, y - cy) + (0 if self.land.sea(box) else 60) + (80 if crossing else 0)
                cost += 25 * forms.index(text)
                if best is None or cost < best[0]:
                    best = (cost, Name(tid, text, x, y, box, leader))
                if not crossing and self.land.sea(box) and text == full:
                    break  # the rings go outwards: nothing further can be better
        if best is None:  # nowhere free in the whole frame: at the anchor (cannot happen on the shipped maps)
            return Name(tid, forms[-1], ax, ay, self._box(forms[-1], ax, ay))
        return best[1]

    def _near(self, b: Badge | None, ax: float, ay: float, w: float, h: float) -> list[tuple[float, float]]:
        """Where a name of ``w`` by ``h`` may go inside its territory, nearest first."""
        spots = []
        if b is not None:
            top, bottom, left, right = b.box[1], b.box[3], b.box[0], b.box[2]
            cx = ax if abs(ax - b.x) < w / 2 else b.x
            spots += [(cx, top - GAP - h / 2), (cx, bottom + GAP + h / 2)]
            spots += [(right + GAP + w / 2, b.y), (left - GAP - w / 2, b.y)]
            spots += [(b.x, top - GAP - h / 2), (b.x, bottom + GAP + h / 2)]
        spots.append((ax, ay))
        ox, oy = (b.x, b.y) if b else (ax, ay)
        for ring in range(1, 7):
            for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, -1), (1, -1), (-1, 1), (1, 1)):
                spots.append((ox + dx * ring * w / 4, oy + dy * ring * h * 0.6))
        return spots


def _rings_around(cx: float, cy: float, w: float, h: float) -> Iterable[tuple[float, float]]:
    """Spots on growing rings around (cx, cy), for a name that stands away from its territory."""
    for r in range(1, 40):
        radius = r * 5.0
        n = 8 + 2 * r
        for k in range(n):
            a = 2 * math.pi * k / n
            yield cx + radius * math.cos(a) * (1 + w / 60), cy + radius * math.sin(a)


def _leader(box: Box, b: Badge | None, anchor: tuple[float, float]) -> tuple[float, float, float, float]:
    """From the point of ``box`` nearest to the badge to the badge's centre (which the badge covers)."""
    tx, ty = (b.x, b.y) if b else anchor
    x = min(max(tx, box[0]), box[2])
    y = min(max(ty, box[1]), box[3])
    return (x, y, tx, ty)
