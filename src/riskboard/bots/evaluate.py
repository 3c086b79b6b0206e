"""How good a position is for one player, from 0 to 1: the Planner's judgement, the search bot's leaf value.

A player's strength is counted in armies: the armies on the board, three turns of income (a
territory share plus every region held in full) and the cards in hand; this player's own, less
half of what the enemy stacks next to its territories are expected to take from it (without that
the search bot, when it looked no further than its own turn, spread itself thin; adding it raised
its wins against the Planner from 20 to 24 of 30 games when measured). The value is this
player's share of all players' strength (neutral armies are nobody's rival), blended with how far
its goals are (a secret mission, the territories that win, the missions collected): in a
two-player game an even position is worth about one half.
"""

from __future__ import annotations

from riskboard.bots import odds
from riskboard.bots.reading import Reading
from riskboard.engine.view import PlayerView

INCOME_TURNS = 3
"""Turns of income a position's strength counts."""
CARD_WORTH = 1.5
"""Armies a card in hand is worth (a set trades for 4 and more)."""
GOAL_SHARE = 0.35
"""How much of the value goals make where the player has any."""
EXPOSURE = 0.5
"""How much of the armies and income this player is expected to lose to the next attacks counts."""


def strengths(r: Reading) -> list[float]:
    """Each player's strength in armies (0 for a player out of the game)."""
    n = r.players
    armies = [0.0] * n
    for o, a in zip(r.owner, r.armies):
        if 0 <= o < n:
            armies[o] += a
    view = r.view
    out = []
    for p, player in enumerate(view.players):
        if not r.territories.get(p, 0):
            out.append(0.0)
            continue
        out.append(armies[p] + INCOME_TURNS * view.income(player) + CARD_WORTH * view.card_count(player))
    return out


def exposure(r: Reading) -> float:
    """What this player stands to lose to the strongest enemy stack next to each of its
    territories: P(that stack takes it) × its armies, its income and its region's bonus."""
    rules = r.view.rules
    owner, armies, me = r.owner, r.armies, r.me
    lost = 0.0
    for t, o in enumerate(owner):
        if o != me:
            continue
        threat = r.threat(t)
        if threat:
            reg = r.region[t]
            held = r.held[reg].get(me, 0) == len(r.members[reg])
            worth = armies[t] + INCOME_TURNS * (1 / 3 + (r.bonus[reg] if held else 0))
            lost += odds.p_win(threat, armies[t], rules) * worth
    return lost


def evaluate(view: PlayerView, reading: Reading | None = None) -> float:
    """The value of the position for ``view.player``, in [0, 1]."""
    r = reading or Reading(view)
    power = strengths(r)
    power[r.me] = max(power[r.me] - EXPOSURE * exposure(r), 0.0)
    total = sum(power)
    share = power[r.me] / total if total else 0.0
    progress = r.goal_progress() if r.goals else 0.0
    collected = _missions_share(view)
    if collected is not None:
        progress = max(progress * 0.5 + collected * 0.5, collected)
    if not r.goals and collected is None:
        return share
    return (1 - GOAL_SHARE) * share + GOAL_SHARE * progress**2


def _missions_share(view: PlayerView) -> float | None:
    """The share of the missions needed that this player has collected, where missions win."""
    if "missions" not in view.parts:
        return None
    extras = view.extras
    need = max(int(extras.missions_to_win), 1)
    return min(len(extras.collected.get(view.player, ())), need) / need
