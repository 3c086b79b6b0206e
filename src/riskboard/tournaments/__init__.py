"""Tournaments between bots: ``rb.tournament(bots, ruleset=..., games=...)`` plays many seeded
games, in this process, in worker processes or on a Dask cluster, with the same result whichever,
and returns a ``TournamentResult`` (standings with win rates, Wilson intervals and Bradley–Terry
ratings; one row per game; forfeits; records). One bad bot costs only its own games; Ctrl-C
raises ``TournamentInterrupted`` with the finished games (``runner`` says what works where).

The package is ``tournaments``, plural: a subpackage named ``tournament`` would shadow the
function ``rb.tournament`` that the top package re-exports lazily. Its names are loaded lazily
too, so that importing it costs no pandas until a name is asked for (the per-decision time
limit, ``riskboard.bots.watch``, lives with the bots, so that ``rb.bots.check_bot`` uses it too).

``kingmaking`` is the 3-player experiment of a kingmaker's policies (``kingmaking`` module).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the lazy names, typed for type checkers without importing them at run time
    from riskboard.bots.watch import DEFAULT_TIME_LIMIT
    from riskboard.tournaments.kingmaking import kingmaking
    from riskboard.tournaments.results import TournamentResult
    from riskboard.tournaments.runner import ForfeitWarning, TournamentInterrupted, tournament

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "ForfeitWarning",
    "TournamentInterrupted",
    "TournamentResult",
    "kingmaking",
    "tournament",
]

_HOMES = {
    "DEFAULT_TIME_LIMIT": "riskboard.bots.watch",
    "ForfeitWarning": "riskboard.tournaments.runner",
    "TournamentInterrupted": "riskboard.tournaments.runner",
    "TournamentResult": "riskboard.tournaments.results",
    "kingmaking": "riskboard.tournaments.kingmaking",
    "tournament": "riskboard.tournaments.runner",
}


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        value = getattr(importlib.import_module(_HOMES[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
