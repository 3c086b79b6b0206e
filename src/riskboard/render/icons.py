"""Small map symbols shared by the static SVG and the live board: cities, capitals, the Balance
of Power buildings and airfields (RULES.md §5.2–5.3, §5.11), and the Transformers leaders (§6.1).

Each icon is a list of SVG path parts drawn in a box from -8 to 8 around its anchor. A colour
``"owner"`` is replaced by the owning player's colour when drawn. The live board receives the
same parts (``riskboard.widget``), so the notebook and its static fallback show the same symbols.
"""

from __future__ import annotations

import math
from typing import Any

INK = "#1D232A"
PAPER = "#FFFFFF"
GLYPH = "#33404D"
OWNER = "owner"

_DISC = "M0-7.6a7.6 7.6 0 1 1 0 15.2a7.6 7.6 0 1 1 0-15.2z"


def _star(outer: float, inner: float) -> str:
    points = []
    for k in range(10):
        r = outer if k % 2 == 0 else inner
        a = math.pi * k / 5 - math.pi / 2
        points.append(f"{r * math.cos(a):.2f} {r * math.sin(a) + 0.5:.2f}")
    return "M" + "L".join(points) + "Z"


def _medallion(*glyph: dict[str, Any], ring: str = INK) -> list[dict[str, Any]]:
    """A white disc with a thin ring and a dark glyph on it: the buildings' look."""
    return [{"d": _DISC, "fill": PAPER, "stroke": ring, "stroke-width": 0.9}, *glyph]


ICONS: dict[str, list[dict[str, Any]]] = {
    # a town silhouette on a pale disc: clearly not a round army badge
    "city": [
        {"d": _DISC, "fill": "#FFF1BF", "stroke": INK, "stroke-width": 0.9},
        {"d": "M-5.4 4.4V-0.2H-3.4V-2.6H-0.9V-5.4H1.3V-2.1H3.3V-0.2H5.4V4.4Z", "fill": GLYPH},
    ],
    # a star in the owner's colour on a white disc
    "capital": _medallion(
        {"d": _star(6.6, 2.8), "fill": OWNER, "stroke": INK, "stroke-width": 0.8, "stroke-linejoin": "round"}
    ),
    # a safe door with its dial
    "swiss_vault": _medallion(
        {"d": "M-4.6-4.6h9.2v9.2h-9.2z", "fill": GLYPH},
        {"d": "M0-2.7a2.7 2.7 0 1 1 0 5.4a2.7 2.7 0 1 1 0-5.4z", "fill": "none", "stroke": PAPER, "stroke-width": 1.1},
        {"d": "M0-2.7V2.7M-2.7 0H2.7", "stroke": PAPER, "stroke-width": 0.7},
    ),
    # an anchor
    "danish_naval_base": _medallion(
        {
            "d": "M0-3.4V5.2M-2.6-2H2.6M-4.9 1.2Q-4.4 5.2 0 5.2Q4.4 5.2 4.9 1.2",
            "fill": "none",
            "stroke": GLYPH,
            "stroke-width": 1.5,
            "stroke-linecap": "round",
        },
        {
            "d": "M0-6.3a1.45 1.45 0 1 1 0 2.9a1.45 1.45 0 1 1 0-2.9z",
            "fill": "none",
            "stroke": GLYPH,
            "stroke-width": 1.2,
        },
    ),
    # a dish aerial
    "satellite_centre": _medallion(
        {"d": "M-4.8-2.6a5.4 5.4 0 0 0 7.4 7.4z", "fill": GLYPH},
        {"d": "M-1.1 1.1L2.6-2.6M-3.4 5.4h4.6", "stroke": GLYPH, "stroke-width": 1.2, "stroke-linecap": "round"},
        {"d": "M3.6-4.6a1.3 1.3 0 1 1 0 2.6a1.3 1.3 0 1 1 0-2.6z", "fill": GLYPH},
    ),
    # a plane in the owner's colour
    "airfield": _medallion(
        {
            "d": "M0-6.4c.8 0 1.1.8 1.1 1.6V-1.6l4.9 2.8V2.6L1.1 1.2V3.9l1.7 1.3v1.2L0 5.7-2.8 6.4V5.2l1.7-1.3V1.2L-6 2.6V1.2l4.9-2.8V-4.8C-1.1-5.6-.8-6.4 0-6.4z",
            "fill": OWNER,
            "stroke": INK,
            "stroke-width": 0.6,
            "stroke-linejoin": "round",
        },
        ring=OWNER,
    ),
}

# The leaders' markers (Transformers, RULES.md §6.1), one per faction: the faction's head in its
# colour on a disc of the owning player's colour, so a leader shows whose it is and which side.
AUTOBOT_RED = "#C8102E"
DECEPTICON_PURPLE = "#5B2A86"
LEADER_ICONS: dict[str, list[dict[str, Any]]] = {
    "autobots": [
        {"d": _DISC, "fill": OWNER, "stroke": INK, "stroke-width": 1.1},
        {
            "d": "M0-6.2L2.2-4.6H4.9L5.6 0.2L3.9 5.1L1.8 6.3H-1.8L-3.9 5.1L-5.6 0.2L-4.9-4.6H-2.2Z",
            "fill": AUTOBOT_RED,
            "stroke": PAPER,
            "stroke-width": 0.9,
            "stroke-linejoin": "round",
        },
        {"d": "M-4-1.2L-0.9 0V1.2L-3.7 0.3ZM4-1.2L0.9 0V1.2L3.7 0.3ZM-1.6 3.4H1.6V4.4H-1.6Z", "fill": PAPER},
    ],
    "decepticons": [
        {"d": _DISC, "fill": OWNER, "stroke": INK, "stroke-width": 1.1},
        {
            "d": "M0-3.4L3-6.6L4.6-2.2L6.2-3.6L5.4 1.4L2 6.5H-2L-5.4 1.4L-6.2-3.6L-4.6-2.2L-3-6.6Z",
            "fill": DECEPTICON_PURPLE,
            "stroke": PAPER,
            "stroke-width": 0.9,
            "stroke-linejoin": "round",
        },
        {"d": "M-4.1-0.6L-0.9 0.6V1.6L-3.7 1ZM4.1-0.6L0.9 0.6V1.6L3.7 1ZM0 2.6L1.5 4.8H-1.5Z", "fill": PAPER},
    ],
}

ICON_NAMES = {
    "city": "city",
    "capital": "capital",
    "swiss_vault": "Swiss vault",
    "danish_naval_base": "Danish naval base",
    "satellite_centre": "satellite centre",
    "airfield": "airfield",
}

# Maps whose territories are large for their view box get larger names, badges and symbols.
MARKER_SCALE = {"europe": 1.7}


def marker_scale(map_id: str) -> float:
    """How much larger than on the world map names, badges and symbols are drawn on ``map_id``."""
    return MARKER_SCALE.get(map_id, 1.0)


def icon_parts(name: str, owner_colour: str = GLYPH) -> list[dict[str, Any]]:
    """The parts of icon ``name`` with the owner's colour filled in."""
    return [{k: (owner_colour if v == OWNER else v) for k, v in part.items()} for part in ICONS[name]]


def leader_parts(faction: str, owner_colour: str) -> list[dict[str, Any]]:
    """The parts of a leader's marker of ``faction`` on a disc of ``owner_colour``."""
    return [{k: (owner_colour if v == OWNER else v) for k, v in part.items()} for part in LEADER_ICONS[faction]]
