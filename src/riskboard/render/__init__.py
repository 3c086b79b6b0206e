"""Static pictures of a game: SVG drawn with svgwrite (export, notebook fallback, docs)."""

from riskboard.render.palette import NEUTRAL_COLOUR, player_colours
from riskboard.render.svg import render_svg

__all__ = ["NEUTRAL_COLOUR", "player_colours", "render_svg"]
