"""Bots: anything with ``act(view) -> Action | str`` plays. Two built-ins to exercise the engine.

>>> import riskboard as rb
>>> game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=1)
>>> winner = game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}, max_turns=2000)
>>> winner in game.players
True
"""

from riskboard.bots.aggressive import Aggressive
from riskboard.bots.base import Bot
from riskboard.bots.random_bot import Random

__all__ = ["Aggressive", "Bot", "Random"]
