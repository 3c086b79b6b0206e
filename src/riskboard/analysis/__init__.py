"""Exact battle mathematics for teaching: single-throw odds and whole-battle odds, under any rules."""

from riskboard.analysis.odds import BattleOdds, ThrowOdds, battle_odds, battle_p_win, throw_odds

__all__ = ["BattleOdds", "ThrowOdds", "battle_odds", "battle_p_win", "throw_odds"]
