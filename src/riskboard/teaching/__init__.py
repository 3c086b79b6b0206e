"""Pictures for teaching, in plain SVG: the odds of every battle (``odds_heatmap``), a game's
armies and territories turn by turn (``armies_over_time``), a tournament's win rates
(``win_rates``) and where a defender who sees the attacker's dice should roll fewer
(``dice_game_heatmap``). Each returns a ``Chart``: SVG text that a notebook shows, with
``.save(path)``."""

from riskboard.teaching.chart import Chart
from riskboard.teaching.dicegame import dice_game_heatmap
from riskboard.teaching.heatmap import odds_heatmap
from riskboard.teaching.timeline import armies_over_time
from riskboard.teaching.winrates import win_rates

__all__ = ["Chart", "armies_over_time", "dice_game_heatmap", "odds_heatmap", "win_rates"]
