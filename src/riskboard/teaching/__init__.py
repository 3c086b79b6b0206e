"""Pictures for teaching, in plain SVG: the odds of every battle (``odds_heatmap``), a game's
armies and territories turn by turn (``armies_over_time``) and a tournament's win rates
(``win_rates``), each a ``Chart``: SVG text that a notebook shows, with ``.save(path)``; and the
meta-game of bots (``metagame``: payoffs, equilibria, replicator dynamics, drawn by
``replicator_chart``), and who wins under each policy of a kingmaker (``kingmaking_chart``)."""

from riskboard.teaching.chart import Chart
from riskboard.teaching.heatmap import odds_heatmap
from riskboard.teaching.kingmaking import kingmaking_chart
from riskboard.teaching.metagame import Metagame, metagame
from riskboard.teaching.replicator import replicator_chart
from riskboard.teaching.timeline import armies_over_time
from riskboard.teaching.winrates import win_rates

__all__ = [
    "Chart",
    "Metagame",
    "armies_over_time",
    "kingmaking_chart",
    "metagame",
    "odds_heatmap",
    "replicator_chart",
    "win_rates",
]
