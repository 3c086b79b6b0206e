"""The start of a classic turn: the reinforcements a player receives (RULES.md §2.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.engine.events import Events, turn_started
from riskboard.rulesets.components.income import army_income

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState


def income(cfg: GameConfig, s: GameState, player: int) -> int:
    """§2.4: max(3, territories ÷ 3) plus the bonus of every continent held in full."""
    return army_income(cfg, s, player)


def start_turn(cfg: GameConfig, s: GameState, player: int, events: Events) -> GameState:
    """``player``'s turn begins: their reinforcements are counted and nothing of the last turn remains."""
    reinforcements = income(cfg, s, player)
    turn = s.turn + 1
    events.append(turn_started(cfg.players[player], turn, reinforcements))
    return s._replace(
        phase="reinforce",
        current=player,
        turn=turn,
        reinforcements=reinforcements,
        conquered=False,
        bonus_used=False,
        battle=None,
        must_trade=False,
    )
