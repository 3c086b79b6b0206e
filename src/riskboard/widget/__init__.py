"""The live board: an anywidget that draws the game and turns clicks into validated actions."""

from riskboard.widget.board import Board

__all__ = ["Board"]
