"""Who starts: every player rolls one die, the tied highest roll again (RULES.md §2.2, D2)."""

from __future__ import annotations

from riskboard.engine.chance import Chance
from riskboard.i18n import N_


def roll_for_first_player(n_players: int, chance: Chance) -> int:
    """Index of the player who rolled highest; ties re-roll among the tied players."""
    contenders = list(range(n_players))
    while len(contenders) > 1:
        rolls = chance.roll(len(contenders), who=N_("first-player dice"))
        best = max(rolls)
        contenders = [p for p, r in zip(contenders, rolls) if r == best]
    return contenders[0]
