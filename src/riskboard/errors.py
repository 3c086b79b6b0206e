"""The exceptions riskboard raises.

Every error a user can trigger by input subclasses ``ValueError`` and carries a stable ``code``
(``"action/not_adjacent"``, ``"format/version"``, ...), so programs can branch on the code while
people read the message, which names the territory, the player and the rule involved.

In a notebook an ``IllegalAction``, ``ConfigError``, ``FormatError`` or ``MapError`` shows as its
class, code and message only, not as a traceback through the engine (IPython lets an exception
render itself through ``_render_traceback_``): these errors are about what was typed, not about
where in riskboard it was noticed. Set ``riskboard.errors.SHORT_IN_NOTEBOOKS = False`` to see the
whole traceback again. A ``BotError`` keeps its traceback: it leads to the bot's own code.
"""

from __future__ import annotations

SHORT_IN_NOTEBOOKS = True
"""Whether the errors below render in a notebook as one line (their class, code and message)."""

MESSAGE_LIMIT = 1000
"""The longest message an error carries: one that quotes a huge input (a megabyte of action text,
a forged territory name) is cut in the middle, so it stays something a person can read."""


def shortened(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """``message``, or its start and end around " … " if it is longer than ``limit``.

    >>> shortened("x" * 30, 11)
    'xxxx … xxxx'
    """
    if len(message) <= limit:
        return message
    keep = (limit - 3) // 2
    return message[:keep] + " … " + message[len(message) - (limit - 3 - keep) :]


class RiskboardError(Exception):
    """Base class of every riskboard error."""

    code: str = "riskboard/error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(shortened(str(message)))
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else ""


class _ShortInNotebooks:
    """Renders in IPython as one line with its code instead of a traceback (see the module docstring)."""

    code: str
    message: str

    def _render_traceback_(self) -> list[str]:
        if not SHORT_IN_NOTEBOOKS:
            raise NotImplementedError  # IPython then shows the usual traceback
        first, *rest = self.message.splitlines() or [""]
        return [f"\x1b[1;31m{type(self).__name__}\x1b[0m [{self.code}]: {first}", *rest]


class IllegalAction(_ShortInNotebooks, RiskboardError, ValueError):
    """An action the rules do not allow now; the game is left exactly as it was."""

    code = "action/illegal"


class MapError(_ShortInNotebooks, RiskboardError, ValueError):
    """A map data file is malformed (asymmetric borders, unknown names, disconnected, ...)."""

    code = "map/invalid"


class FormatError(_ShortInNotebooks, RiskboardError, ValueError):
    """A saved game or record is not valid JSON of a schema this version reads."""

    code = "format/invalid"


class ConfigError(_ShortInNotebooks, RiskboardError, ValueError):
    """Bad arguments to ``new_game``: unknown ruleset, option, player list or scenario."""

    code = "config/invalid"


class BotError(RiskboardError):
    """A bot raised, or returned an action that is not legal; ``play`` stops."""

    code = "bot/failed"
