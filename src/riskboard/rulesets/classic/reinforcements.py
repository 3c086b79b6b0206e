"""The start of a classic turn: the reinforcements a player receives (RULES.md §2.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.engine.events import Events, phase_changed, turn_started
from riskboard.rulesets.components.income import turn_income

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState


def start_turn(cfg: GameConfig, s: GameState, player: int, events: Events) -> GameState:
    """``player``'s turn begins: their reinforcements are counted (§2.4: max(3, territories ÷ 3)
    plus the bonus of every continent held in full, ``turn_income``) and nothing of the last turn
    remains. A player who already holds the most units there can be receives none (limits), and
    then begins in the attack phase unless a forced trade is due."""
    turn = s.turn + 1
    s = s.evolve(
        phase="reinforce",
        current=player,
        turn=turn,
        reinforcements=0,
        conquered=False,
        bonus_used=False,
        battle=None,
        must_trade=False,
    )
    reinforcements = turn_income(cfg, s, player)
    events.append(turn_started(cfg.players[player], turn, reinforcements))
    if not reinforcements and len(s.hands[player]) < cfg.options["forced_trade_at"]:
        events.append(phase_changed(cfg.players[player], "attack"))
        return s.evolve(phase="attack")
    return s.evolve(reinforcements=reinforcements)
