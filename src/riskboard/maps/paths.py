"""A territory's outline as its map file writes it: an SVG path of ``M``, ``L`` and ``Z``
commands in absolute coordinates (``make_world_map.py`` and ``make_europe_map.py`` write no
other). Read here once for whoever needs the points: the static picture's label placement and the
board's compact paths."""

from __future__ import annotations

import re

_TOKEN = re.compile(r"[Mm]|-?\d+(?:\.\d+)?(?:e-?\d+)?")


def path_rings(path: str) -> list[list[tuple[float, float]]]:
    """The rings of ``path``, each a list of its points (a ring closes on its first point)."""
    rings: list[list[tuple[float, float]]] = []
    numbers: list[float] = []
    for token in _TOKEN.findall(path):
        if token in "Mm":
            rings.append([])
            numbers = []
            continue
        numbers.append(float(token))
        if len(numbers) == 2:
            if not rings:
                rings.append([])
            rings[-1].append((numbers[0], numbers[1]))
            numbers = []
    return [ring for ring in rings if ring]
