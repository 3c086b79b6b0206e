"""What every teaching picture shares: the picture object, its drawing, axes, titles and colours.

The pictures are plain SVG (svgwrite), so a notebook shows them without a plotting library, and
so do GitHub, nbviewer and an HTML export; every mark carries a ``<title>`` with its exact numbers
(a tooltip) and ``data-`` attributes, so that tests and readers can check what is drawn.
"""

from __future__ import annotations

import math

import svgwrite

from riskboard.render.svg import SvgPicture

FONT = "DejaVu Sans, Arial, sans-serif"
INK = "#222222"
GRID = "#DDDDDD"
MUTED = "#555555"
WIDTH = 800
"""A picture's width in pixels: a notebook's output area."""


class Chart(SvgPicture):
    """A teaching picture: SVG text that a notebook shows as a picture (``str(chart)`` is the text)
    and that ``save`` writes to a ``.svg`` file, as every ``SvgPicture``."""

    __slots__ = ()


def drawing(width: float, height: float, label: str) -> svgwrite.Drawing:
    """The SVG root on a white ground, sized in pixels, labelled for screen readers."""
    dwg = svgwrite.Drawing(
        size=(f"{round(width)}px", f"{round(height)}px"),
        viewBox=f"0 0 {fmt(width)} {fmt(height)}",
        profile="full",
        debug=False,
    )
    dwg.attribs.update({"class": "riskboard-chart", "role": "img", "aria-label": label})
    dwg.add(dwg.rect(insert=(0, 0), size=(width, height), fill="#FFFFFF"))
    return dwg


def fmt(x: float) -> str:
    """A coordinate, short: two decimals without trailing zeros (the SVG stays small and stable)."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def heading(dwg: svgwrite.Drawing, title: str, subtitle: str | None, x: float = 16) -> None:
    """The title, and a smaller line under it that says what is drawn under which rules."""
    dwg.add(dwg.text(title, insert=(x, 24), font_family=FONT, font_size=17, font_weight="bold", fill=INK))
    if subtitle:
        dwg.add(dwg.text(subtitle, insert=(x, 43), font_family=FONT, font_size=12, fill=MUTED))


def text(
    dwg: svgwrite.Drawing,
    words: str,
    x: float,
    y: float,
    *,
    size: float = 12,
    anchor: str = "start",
    fill: str = INK,
    rotate: bool = False,
) -> svgwrite.text.Text:
    """One label; ``rotate`` turns it to read upwards (a vertical axis' name)."""
    label = dwg.text(words, insert=(fmt(x), fmt(y)), font_family=FONT, font_size=size, text_anchor=anchor, fill=fill)
    if rotate:
        label.attribs["transform"] = f"rotate(-90 {fmt(x)} {fmt(y)})"
    return label


def nice_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """At most about ``most`` round values (1, 2 or 5 times a power of ten apart) from ``low`` to
    at least ``high``: the ticks of an axis that starts at ``low``."""
    span = max(high - low, 1e-12)
    raw = span / max(most - 1, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    count = math.ceil(span / step - 1e-9)
    return [low + i * step for i in range(count + 1)]


def whole_ticks(high: int, most: int = 8) -> list[int]:
    """Whole-number ticks from 0 to at least ``high`` (turns, armies, territories)."""
    if high <= 0:
        return [0, 1]
    return [round(t) for t in nice_ticks(0, high, most) if t == round(t)] or [0, high]


def mix(a: str, b: str, t: float) -> str:
    """The colour ``t`` of the way from ``a`` to ``b`` (``#RRGGBB``), mixed in sRGB."""
    ca = [int(a[i : i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02X}" for x, y in zip(ca, cb))


def luminance(colour: str) -> float:
    """The relative luminance of ``#RRGGBB`` (WCAG): 0 for black, 1 for white."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


LIGHT = 0.45
"""Colours lighter than this get a dark edge where they are drawn as thin lines on white."""


def ramp(stops: tuple[str, ...], t: float) -> str:
    """The colour at ``t`` (0 to 1) along evenly spaced ``stops``."""
    t = min(max(t, 0.0), 1.0) * (len(stops) - 1)
    i = min(int(t), len(stops) - 2)
    return mix(stops[i], stops[i + 1], t - i)
