"""The bot protocol: anything with ``act(view) -> Action | str`` plays (the engine's ``Bot``)."""

from __future__ import annotations

from riskboard.engine.play import Bot

__all__ = ["Bot"]
