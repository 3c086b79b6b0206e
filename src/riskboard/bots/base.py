"""The bot protocol."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from riskboard.engine.actions import Action
from riskboard.engine.view import PlayerView


@runtime_checkable
class Bot(Protocol):
    """A bot decides the pending decision of its player from what that player may see."""

    def act(self, view: PlayerView) -> Action | str:
        """Return a legal action (or its text form) for ``view.player``."""
        ...
