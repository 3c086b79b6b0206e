"""Player colours: the Okabe–Ito palette, distinguishable with the common colour-vision deficiencies;
a badge shape per owner, so that ownership does not rest on colour alone; region colours."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig

# Okabe & Ito (2008), "Color Universal Design"; black is left out (it is the text colour).
OKABE_ITO = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7")
NEUTRAL_COLOUR = "#BBBBBB"
"""A game's single neutral army (classic's two-player game): grey."""
NEUTRAL_COLOURS = ("#B5805C", "#978DBF", "#8FC4B0")
"""Several neutral armies (RISK 2010's two-player game: ``neutral_1`` to ``neutral_3``): clay,
lavender and sea green, muted so that they read as neutral, each far from the others and from
every player colour (CIE ΔE ≥ 28, and ≥ 15 as a deuteranope sees them), light enough for black
army numbers (contrast ≥ 6:1)."""
# The army badge's outline, by owner index (players, then neutral armies): ownership's second cue,
# readable where two colours look alike (orange and yellow under deuteranopia).
OWNER_SHAPES = ("circle", "square", "hexagon", "shield", "house", "octagon", "diamond")
# Regions drawn for a map without colours of its own: dark inks, far from every player colour.
REGION_COLOURS = ("#7A5C00", "#8B1A1A", "#1B3A8C", "#5E2A0E", "#1E5E2E", "#7A1F6E", "#3D2B6B", "#5C5C00")


def player_colours(players: Sequence[str], neutrals: Sequence[str] = ()) -> dict[str, str]:
    """A colour per owner: players in seating order take the palette in turn; a single neutral army
    is grey, several each have a muted colour of their own."""
    colours = {p: OKABE_ITO[i % len(OKABE_ITO)] for i, p in enumerate(players)}
    if len(neutrals) == 1:
        colours[neutrals[0]] = NEUTRAL_COLOUR
    else:
        colours.update({n: NEUTRAL_COLOURS[i % len(NEUTRAL_COLOURS)] for i, n in enumerate(neutrals)})
    return colours


def owner_colours(cfg: GameConfig) -> dict[str, str]:
    """The colours a game is drawn in: the printed pieces' where the edition has them (Balance of
    Power's red, blue and beige), otherwise ``player_colours``."""
    pieces = cfg.ruleset.presentation.piece_colours(cfg)
    return dict(pieces) if pieces else player_colours(cfg.players, cfg.neutrals)


def owner_shapes(owners: Sequence[str]) -> dict[str, str]:
    """The badge shape of each owner, in owner order."""
    return {o: OWNER_SHAPES[i % len(OWNER_SHAPES)] for i, o in enumerate(owners)}


def badge_outline(shape: str, w: float, h: float) -> str:
    """The SVG path of an army badge of ``shape`` around a count ``w`` by ``h``, centred on (0, 0)
    (as the live board draws it: ``badgePath`` in js/util.js)."""
    x, y, c = w / 2, h / 2, h / 17

    def poly(*pts: tuple[float, float]) -> str:
        return "M" + "L".join(f"{px:.2f} {py:.2f}" for px, py in pts) + "Z"

    if shape == "square":
        return poly((-x, -y), (x, -y), (x, y), (-x, y))
    if shape == "hexagon":
        return poly((-x - 3 * c, 0), (-x + 3 * c, -y), (x - 3 * c, -y), (x + 3 * c, 0), (x - 3 * c, y), (-x + 3 * c, y))
    if shape == "shield":
        return poly((-x, -y), (x, -y), (x, y - 4 * c), (0, y + 3 * c), (-x, y - 4 * c))
    if shape == "house":
        return poly((-x, -y + 4 * c), (0, -y - 3 * c), (x, -y + 4 * c), (x, y), (-x, y))
    if shape == "octagon":
        k = 5 * c
        return poly(
            (-x + k, -y), (x - k, -y), (x, -y + k), (x, y - k), (x - k, y), (-x + k, y), (-x, y - k), (-x, -y + k)
        )
    if shape == "diamond":
        return poly((-x - 4 * c, 0), (0, -y - 4 * c), (x + 4 * c, 0), (0, y + 4 * c))
    r = min(x, y)  # a circle, or a pill for a wide count
    return f"M{-x + r:.2f} {-y:.2f}H{x - r:.2f}A{r:.2f} {r:.2f} 0 0 1 {x - r:.2f} {y:.2f}H{-x + r:.2f}A{r:.2f} {r:.2f} 0 0 1 {-x + r:.2f} {-y:.2f}Z"


def region_colours(regions: Sequence[tuple[str, str | None]]) -> dict[str, str]:
    """Each region's colour: the map's own where it names one, else the next of ``REGION_COLOURS``."""
    return {rid: colour or REGION_COLOURS[i % len(REGION_COLOURS)] for i, (rid, colour) in enumerate(regions)}


def text_colour(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (relative luminance, WCAG)."""
    r, g, b = (int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5))

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    return "#000000" if luminance > 0.179 else "#FFFFFF"
