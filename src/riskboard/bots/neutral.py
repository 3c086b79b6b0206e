"""How the built-in bots reinforce a neutral army in the 2010 two-player game (§4.6): all three
troops on the neutral territory that stands most between the opponent and the bot."""

from __future__ import annotations

from riskboard.engine.view import PlayerView
from riskboard.rulesets.risk2010.actions import NeutralSupport

TROOPS = 3


def support(view: PlayerView) -> NeutralSupport:
    """The neutral territory bordering the most opponent territories and the fewest of the bot's own."""
    owner = view.owner_indices
    adjacency = view.map.adjacency
    me = view.me
    players = len(view.players)
    best, best_score = -1, -(10**9)
    for t, o in enumerate(owner):
        if o >= players:
            score = sum(
                1 if owner[n] < players and owner[n] != me else -1 if owner[n] == me else 0 for n in adjacency[t]
            )
            if score > best_score:
                best, best_score = t, score
    return NeutralSupport(view.owners[owner[best]], ((view.map.ids[best], TROOPS),))
