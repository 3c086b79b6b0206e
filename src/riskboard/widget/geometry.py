"""The map's shapes as the board sends them: each territory's path in relative moves, and the box
that holds every shape.

The map files keep their paths in absolute coordinates (``M x y L x y … Z``, to a tenth), which
the static picture and the label placement read. Sent as they are, they are a quarter of a
board's first display; as relative moves with short numbers (``M109.9 69.2l1.6 1.9 2.1 2.2…z``)
the same shapes take about 40 % less. The front end only hands a path to SVG, which reads both;
the one thing it computed from the numbers, the box holding every shape, is sent with them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from riskboard.maps.paths import path_rings

PAD = 0.006
"""The margin around the shapes, as a share of the map's width (no territory touches the frame)."""


def rings(path: str) -> list[list[tuple[int, int]]]:
    """The rings of a map file's path (``maps.paths``), each point in tenths of a unit (the map
    files' precision), so that relative moves add up exactly."""
    return [[(round(x * 10), round(y * 10)) for x, y in ring] for ring in path_rings(path)]


def _number(tenths: int) -> str:
    """A number in tenths, written short: 12, 1.5, .5, -.5."""
    sign = "-" if tenths < 0 else ""
    whole, tenth = divmod(abs(tenths), 10)
    if tenth == 0:
        return f"{sign}{whole}"
    return f"{sign}{whole if whole else ''}.{tenth}"


def _joined(values: Iterable[int]) -> str:
    """Numbers one after the other, a space between them only where a minus sign does not part
    them (``1.5-2 3``)."""
    text = ""
    for value in values:
        word = _number(value)
        text += word if not text or word.startswith("-") else " " + word
    return text


def compact_path(path: str) -> str:
    """The same shape as relative moves: each ring ``M x y l dx dy dx dy … z``."""
    parts = []
    for ring in rings(path):
        (x, y), rest = ring[0], ring[1:]
        moves: list[int] = []
        for px, py in rest:
            moves += [px - x, py - y]
            x, y = px, py
        start = ring[0]
        parts.append(f"M{_joined(start)}" + (f"l{_joined(moves)}" if moves else "") + "z")
    return "".join(parts)


def whole_box(view_box: Sequence[float], paths: Iterable[str]) -> list[float]:
    """The map's view box widened to hold every shape with a margin (``PAD``), so that no
    territory touches the frame (Balance of Power's Russia ends at the view box's east edge)."""
    x0, y0 = float(view_box[0]), float(view_box[1])
    x1, y1 = x0 + float(view_box[2]), y0 + float(view_box[3])
    pad = PAD * float(view_box[2])
    for path in paths:
        for ring in rings(path):
            for px, py in ring:
                x, y = px / 10, py / 10
                x0, x1 = min(x0, x - pad), max(x1, x + pad)
                y0, y1 = min(y0, y - pad), max(y1, y + pad)
    return [round(x0, 3), round(y0, 3), round(x1 - x0, 3), round(y1 - y0, 3)]
