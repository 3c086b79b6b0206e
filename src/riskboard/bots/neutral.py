"""How the built-in bots reinforce a neutral army in the 2010 two-player game (§4.6): all the
troops on the neutral territory that stands most between the opponent and the bot."""

from __future__ import annotations

from riskboard.engine.view import PlayerView
from riskboard.rulesets.actions import NeutralSupport


def support(view: PlayerView) -> NeutralSupport:
    """The neutral territory bordering the most opponent territories and the fewest of the bot's own,
    given every troop the rules allow (the most of the legal supports that place all on it)."""
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
    where = view.map.ids[best]
    alone = [
        a
        for a in view.legal_actions()
        if isinstance(a, NeutralSupport) and len(a.placements) == 1 and a.placements[0][0] == where
    ]
    return max(alone, key=lambda a: a.placements[0][1])
