"""The exceptions riskboard raises.

Every error a user can trigger by input subclasses ``ValueError`` and carries a stable ``code``
(``"action/not_adjacent"``, ``"format/version"``, ...), so programs can branch on the code while
people read the message, which names the territory, the player and the rule involved.
"""

from __future__ import annotations


class RiskboardError(Exception):
    """Base class of every riskboard error."""

    code: str = "riskboard/error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else ""


class IllegalAction(RiskboardError, ValueError):
    """An action the rules do not allow now; the game is left exactly as it was."""

    code = "action/illegal"


class MapError(RiskboardError, ValueError):
    """A map data file is malformed (asymmetric borders, unknown names, disconnected, ...)."""

    code = "map/invalid"


class FormatError(RiskboardError, ValueError):
    """A saved game or record is not valid JSON of a schema this version reads."""

    code = "format/invalid"


class ConfigError(RiskboardError, ValueError):
    """Bad arguments to ``new_game``: unknown ruleset, option, player list or scenario."""

    code = "config/invalid"


class BotError(RiskboardError):
    """A bot raised, or returned an action that is not legal; ``play`` stops."""

    code = "bot/failed"
