"""Pictures for teaching, in plain SVG: the odds of every battle (``odds_heatmap``), a game's
armies and territories turn by turn (``armies_over_time``), a tournament's win rates
(``win_rates``), a battle's Markov chain (``chain_picture``) and where a defender who sees the
attacker's dice should roll fewer (``dice_game_heatmap``). Each returns a ``Chart``: SVG text that a
notebook shows, with ``.save(path)``. ``DiceTally`` collects a class's own throws and sets them
against the exact odds, with a χ² test and a chart that updates live; ``metagame`` is the meta-game
of bots (payoffs, equilibria, replicator dynamics, drawn by ``replicator_chart``), and
``kingmaking_chart`` who wins under each policy of a kingmaker."""

from riskboard.teaching.chain_picture import chain_picture
from riskboard.teaching.chart import Chart
from riskboard.teaching.dicegame import dice_game_heatmap
from riskboard.teaching.heatmap import odds_heatmap
from riskboard.teaching.kingmaking import kingmaking_chart
from riskboard.teaching.metagame import Metagame, metagame
from riskboard.teaching.replicator import replicator_chart
from riskboard.teaching.tally import DiceTally
from riskboard.teaching.timeline import armies_over_time
from riskboard.teaching.winrates import win_rates

__all__ = [
    "Chart",
    "DiceTally",
    "Metagame",
    "armies_over_time",
    "chain_picture",
    "dice_game_heatmap",
    "kingmaking_chart",
    "metagame",
    "odds_heatmap",
    "replicator_chart",
    "win_rates",
]
