"""``BasePresentation``: the classic answers to ``engine.presentation.Presentation``, which each
edition's ``words`` module overrides where its seed words things its own way (troops, robots, the
maneuver, Balance of Power's printed colours).

An edition's presentation is a class rather than a table so that a house style or a language can
subclass one and change a single word, leaving everything else (and the rules) as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from riskboard.engine.events import ARMY_WORDS, Words

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState

REACH_WORDS: Mapping[str, str] = MappingProxyType(
    {
        "adjacent": "a neighbouring territory of yours",
        "connected": "a territory of yours connected to it through your own territories",
        "none": "nowhere (this game has no end-of-turn move)",
    }
)
"""Where the end-of-turn move may go (``Rules.fortify``), in words (the board's tip)."""

STEPS: tuple[tuple[str, str], ...] = (
    ("setup", "Setup"),
    ("reinforce", "Reinforce"),
    ("attack", "Attack"),
    ("fortify", "Fortify"),
)
"""The classic steps of a turn, as the board labels them."""

PROMPTS: Mapping[str, str] = MappingProxyType(
    {
        "claim": "claim a territory",
        "place": "place armies",
        "place_neutral": "place a neutral army",
        "trade": "trade in a set of cards",
        "attack": "attack",
        "defend": "choose defence dice",
        "occupy": "move into the conquered territory",
        "fortify": "fortify",
    }
)
"""What the classic prompt asks for each decision."""


class BasePresentation:
    """The classic presentation: armies, fortify, the classic steps and prompts, no printed colours,
    no words beside the board's facts."""

    title: str = ""

    def words(self, cfg: GameConfig) -> Words:
        return {**ARMY_WORDS, "fortify_reach": REACH_WORDS[cfg.rules.fortify]}

    def piece_colours(self, cfg: GameConfig) -> Mapping[str, str] | None:
        return None

    def cards_note(self, cfg: GameConfig, state: GameState, player: int) -> str:
        return ""

    def steps(self, cfg: GameConfig) -> tuple[tuple[str, str], ...]:
        return STEPS

    def prompts(self, cfg: GameConfig) -> Mapping[str, str]:
        return PROMPTS

    def board_words(self, cfg: GameConfig, state: GameState, /) -> dict[str, Any]:
        return {}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.title!r}>"
