"""Bots: anything with ``act(view) -> Action | str`` plays; a bot sees only what its player may see.

The built-ins: ``Random`` (uniform among the legal actions), ``Aggressive`` (attacks whatever it
outnumbers), ``Planner`` (values regions, borders and goals; attacks by the exact odds) and
``MCTS`` (searches its turn with the engine's own dice, playouts or seconds per decision), and
``Kingmaker`` (plays as ``Aggressive`` but attacks only the players it targets). Each says why it
made its last decision: ``bot.explain()``, a sentence whose ``figures`` hold the exact numbers it
states (an attack's odds are those of the attack made, solved when asked).

>>> import riskboard as rb
>>> game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=1)
>>> winner = game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}, max_turns=2000)
>>> winner in game.players
True

Writing a bot is one small class: ``act`` receives a ``PlayerView`` and returns a legal action or
its text form (here: always attack with the biggest stack, else do what the Planner would).

>>> class Bold:
...     def __init__(self, seed=None):
...         self.backup = rb.bots.Planner(seed=seed)
...     def act(self, view):
...         if view.pending.decision == "attack":
...             mine = [t for t, o in enumerate(view.owner_indices) if o == view.me]
...             src = max(mine, key=lambda t: view.army_counts[t])
...             for tgt in view.map.adjacency[src]:
...                 if view.owner_indices[tgt] != view.me and view.army_counts[src] > 1:
...                     return rb.Blitz(view.map.ids[src], view.map.ids[tgt], "all")
...         return self.backup.act(view)
>>> game = rb.new_game("classic", players=["Ada", "Bo"], seed=2)
>>> game.play({"Ada": Bold(), "Bo": rb.bots.Planner(seed=1)}, max_turns=300) in ("Ada", "Bo", None)
True

...or one function of the view, wrapped for ``play`` (a plain function is enough where
``play`` accepts one): the first legal action, each time.

>>> def first(view):
...     return view.legal_actions()[0]
>>> class Wrapped:
...     def act(self, view):
...         return first(view)
>>> game = rb.new_game("classic", players=["Ada", "Bo"], seed=3)
>>> game.play({"Ada": Wrapped(), "Bo": rb.bots.Random(seed=1)}, max_turns=3) is None
True
>>> bot = rb.bots.Planner(seed=1)
>>> bot.explain()
'Planner has not decided anything yet.'

Before a tournament, ``check_bot`` plays a bot against the built-ins in every edition and says in
plain words what went wrong (it raised, returned nothing or an illegal action, took too long):

>>> rb.bots.check_bot(first, editions=["classic"], games=1, max_turns=3).ok
True
"""

from riskboard.bots.aggressive import Aggressive
from riskboard.bots.base import Bot
from riskboard.bots.checking import BotCheck, check_bot
from riskboard.bots.kingmaker import Kingmaker
from riskboard.bots.mcts import MCTS
from riskboard.bots.planner import Planner
from riskboard.bots.random_bot import Random

__all__ = ["MCTS", "Aggressive", "Bot", "BotCheck", "Kingmaker", "Planner", "Random", "check_bot"]
