"""Exact battle mathematics for teaching: single-throw odds and whole-battle odds, under any rules,
``odds_table``: every battle up to a size at once, in floats, and ``sample_battles``: many whole
battles drawn from their exact distribution; ``battle_chain``: a battle as an absorbing Markov chain,
its matrices in the open; ``dice_game`` and ``chain_conquest``: the battle as a game in which both
sides choose their dice."""

from riskboard.analysis.chain import BattleChain, battle_chain
from riskboard.analysis.dice_game import ChainConquest, DiceGame, chain_conquest, dice_game
from riskboard.analysis.odds import BattleOdds, ThrowOdds, battle_odds, battle_p_win, throw_odds
from riskboard.analysis.sampler import BattleSample, sample_battles
from riskboard.analysis.table import OddsTable, odds_table

__all__ = [
    "BattleChain",
    "BattleOdds",
    "BattleSample",
    "ChainConquest",
    "DiceGame",
    "OddsTable",
    "ThrowOdds",
    "battle_chain",
    "battle_odds",
    "battle_p_win",
    "chain_conquest",
    "dice_game",
    "odds_table",
    "sample_battles",
    "throw_odds",
]
