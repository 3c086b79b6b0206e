"""riskboard: the game of world conquest as a Python rules engine with a live board for Jupyter.

>>> import riskboard as rb
>>> game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=7)
>>> game.current_player in game.players
True
"""

from typing import TYPE_CHECKING

from riskboard import bots
from riskboard.analysis import (
    BattleChain,
    BattleOdds,
    ChainConquest,
    DiceGame,
    OddsTable,
    ThrowOdds,
    battle_chain,
    battle_odds,
    chain_conquest,
    dice_game,
    odds_table,
    sample_battles,
    throw_odds,
)
from riskboard.engine.actions import (
    Action,
    Attack,
    Blitz,
    Defend,
    EndPhase,
    Fortify,
    Occupy,
    Place,
    TradeCards,
    parse_action,
)
from riskboard.engine.combat import BattleResult, Rules, resolve_battle
from riskboard.engine.events import Event
from riskboard.engine.game import Game
from riskboard.engine.state import GameState
from riskboard.engine.view import PlayerView
from riskboard.errors import BotError, ConfigError, FormatError, IllegalAction, MapError, RiskboardError
from riskboard.i18n import LANGUAGES, get_language, set_language
from riskboard.maps import GameMap, load_map
from riskboard.registry import available_rulesets, get_ruleset, new_game, replay
from riskboard.render import render_svg
from riskboard.rulesets.actions import Buy, ChooseSide, CollectMission, PlaceCapital

if TYPE_CHECKING:  # the lazy names below, typed for type checkers without importing them at run time
    from riskboard.teaching import (
        DiceTally,
        armies_over_time,
        chain_picture,
        dice_game_heatmap,
        metagame,
        odds_heatmap,
        win_rates,
    )
    from riskboard.tournaments import ForfeitWarning, TournamentInterrupted, TournamentResult, tournament
    from riskboard.widget import Board

__version__ = "0.1.0"


_LAZY = {
    "Board": "riskboard.widget",
    "tournament": "riskboard.tournaments",
    "TournamentResult": "riskboard.tournaments",
    "TournamentInterrupted": "riskboard.tournaments",
    "ForfeitWarning": "riskboard.tournaments",
    "odds_heatmap": "riskboard.teaching",
    "dice_game_heatmap": "riskboard.teaching",
    "armies_over_time": "riskboard.teaching",
    "win_rates": "riskboard.teaching",
    "chain_picture": "riskboard.teaching",
    "DiceTally": "riskboard.teaching",
    "metagame": "riskboard.teaching",
}
"""Names imported when first asked for: the widget stack (anywidget, ipywidgets, IPython: half of
the package's import time), pandas and tqdm (tournaments) are paid for only by those who use them,
not by every script, bot and worker process."""


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'riskboard' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "LANGUAGES",
    "Action",
    "Attack",
    "BattleChain",
    "BattleOdds",
    "BattleResult",
    "Blitz",
    "Board",
    "BotError",
    "Buy",
    "ChainConquest",
    "ChooseSide",
    "CollectMission",
    "ConfigError",
    "Defend",
    "DiceGame",
    "DiceTally",
    "EndPhase",
    "Event",
    "ForfeitWarning",
    "FormatError",
    "Fortify",
    "Game",
    "GameMap",
    "GameState",
    "IllegalAction",
    "MapError",
    "Occupy",
    "OddsTable",
    "Place",
    "PlaceCapital",
    "PlayerView",
    "RiskboardError",
    "Rules",
    "ThrowOdds",
    "TournamentInterrupted",
    "TournamentResult",
    "TradeCards",
    "__version__",
    "armies_over_time",
    "available_rulesets",
    "battle_chain",
    "battle_odds",
    "bots",
    "chain_conquest",
    "chain_picture",
    "dice_game",
    "dice_game_heatmap",
    "get_language",
    "get_ruleset",
    "load_map",
    "metagame",
    "new_game",
    "odds_heatmap",
    "odds_table",
    "parse_action",
    "render_svg",
    "replay",
    "resolve_battle",
    "sample_battles",
    "set_language",
    "throw_odds",
    "tournament",
    "win_rates",
]
