"""Pictures for teaching, in plain SVG: the odds of every battle (``odds_heatmap``), a game's
armies and territories turn by turn (``armies_over_time``) and a tournament's win rates
(``win_rates``). Each returns a ``Chart``: SVG text that a notebook shows, with ``.save(path)``."""

from riskboard.teaching.chart import Chart
from riskboard.teaching.heatmap import odds_heatmap
from riskboard.teaching.timeline import armies_over_time
from riskboard.teaching.winrates import win_rates

__all__ = ["Chart", "armies_over_time", "odds_heatmap", "win_rates"]
