"""Static pictures of a game: SVG drawn with svgwrite (export, notebook fallback, docs)."""

from riskboard.engine.game import Game
from riskboard.render.palette import NEUTRAL_COLOUR, player_colours
from riskboard.render.svg import SvgPicture, render_svg

Game.picture = render_svg  # a game's notebook display draws itself with this

__all__ = ["NEUTRAL_COLOUR", "SvgPicture", "player_colours", "render_svg"]
