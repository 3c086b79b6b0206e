"""Tournaments between bots: ``rb.tournament(bots, ruleset=..., games=...)`` plays many seeded
games, in this process, in worker processes or on a Dask cluster, with the same result whichever,
and returns a ``TournamentResult`` (standings with win rates, Wilson intervals and Bradley–Terry
ratings; one row per game; forfeits; records).

The package is ``tournaments``, plural: a subpackage named ``tournament`` would shadow the
function ``rb.tournament`` that the top package re-exports lazily.
"""

from riskboard.tournaments.results import TournamentResult
from riskboard.tournaments.runner import ForfeitWarning, tournament

__all__ = ["ForfeitWarning", "TournamentResult", "tournament"]
