"""``BasePresentation``: the classic answers to ``engine.presentation.Presentation``, which each
edition's ``words`` module overrides where its seed words things its own way (troops, robots, the
maneuver, Balance of Power's printed colours).

An edition's presentation is a class rather than a table so that a house style or a language can
subclass one and change a single word, leaving everything else (and the rules) as they are.

Languages: ``words`` are English ids (the keys other code looks words up by, such as
``engine.events.PIECES``), marked ``N_`` and translated where they are shown. Everything else a
presentation answers (the title, steps, prompts, the cards' note) is made when it is asked for,
so it comes in the language spoken (``riskboard.i18n``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from riskboard.engine.events import ARMY_WORDS, Words
from riskboard.i18n import N_, _

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState

REACH_WORDS: Mapping[str, str] = MappingProxyType(
    {
        "adjacent": N_("a neighbouring territory of yours"),
        "connected": N_("a territory of yours connected to it through your own territories"),
        "none": N_("nowhere (this game has no end-of-turn move)"),
    }
)
"""Where the end-of-turn move may go (``Rules.fortify``), in words (the board's tip; English ids,
translated where shown)."""

STEPS: tuple[tuple[str, str], ...] = (
    ("setup", N_("Setup")),
    ("reinforce", N_("Reinforce")),
    ("attack", N_("Attack")),
    ("fortify", N_("Fortify")),
)
"""The classic steps of a turn, as the board labels them (English ids: ``steps`` translates them)."""

PROMPTS: Mapping[str, str] = MappingProxyType(
    {
        "claim": N_("claim a territory"),
        "place": N_("place armies"),
        "place_neutral": N_("place a neutral army"),
        "trade": N_("trade in a set of cards"),
        "attack": N_("attack"),
        "defend": N_("choose defence dice"),
        "occupy": N_("move into the conquered territory"),
        "fortify": N_("fortify"),
    }
)
"""What the classic prompt asks for each decision (English ids: ``prompts`` translates them)."""


def translated_steps(steps: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """``(phase, label)`` steps with each label (an English id) in the language spoken."""
    return tuple((phase, _(label)) for phase, label in steps)


def translated_prompts(prompts: Mapping[str, str]) -> dict[str, str]:
    """Each decision's prompt (an English id) in the language spoken."""
    return {decision: _(text) for decision, text in prompts.items()}


class BasePresentation:
    """The classic presentation: armies, fortify, the classic steps and prompts, no printed colours,
    no words beside the board's facts."""

    @property
    def title(self) -> str:
        """The edition's name in the language spoken (an edition's own presentation says it)."""
        return ""

    def words(self, cfg: GameConfig) -> Words:
        return {**ARMY_WORDS, "fortify_reach": REACH_WORDS[cfg.rules.fortify]}

    def piece_colours(self, cfg: GameConfig) -> Mapping[str, str] | None:
        return None

    def cards_note(self, cfg: GameConfig, state: GameState, player: int) -> str:
        return ""

    def steps(self, cfg: GameConfig) -> tuple[tuple[str, str], ...]:
        return translated_steps(STEPS)

    def prompts(self, cfg: GameConfig) -> Mapping[str, str]:
        return translated_prompts(PROMPTS)

    def board_words(self, cfg: GameConfig, state: GameState, /) -> dict[str, Any]:
        return {}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.title!r}>"
