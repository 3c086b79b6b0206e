"""Exact battle mathematics for teaching: single-throw odds and whole-battle odds, under any rules,
and ``odds_table``: every battle up to a size at once, in floats."""

from riskboard.analysis.odds import BattleOdds, ThrowOdds, battle_odds, battle_p_win, throw_odds
from riskboard.analysis.table import OddsTable, odds_table

__all__ = ["BattleOdds", "OddsTable", "ThrowOdds", "battle_odds", "battle_p_win", "odds_table", "throw_odds"]
