"""How RISK 2010 is shown (``engine.presentation.Presentation``), in the seed's words: its pieces
are troops ("trupper"), its end-of-turn move the maneuver; the neutral step where the game has
neutral armies, the setup step in the classic variant."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from riskboard.engine.events import Words
from riskboard.rulesets.presentation import PROMPTS, BasePresentation
from riskboard.rulesets.risk2010.data import STAR_TABLE

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState

TROOP_WORDS: Words = {"unit": "troop", "units": "troops", "fortify": "maneuver", "neutral": "reinforce a neutral army"}

R2010_PROMPTS: Mapping[str, str] = {
    **PROMPTS,
    "neutral": "reinforce a neutral army",
    "place": "place troops",
    "fortify": "make the maneuver",
}
"""What the prompt says a player must do, in the seed's words (troops, the maneuver)."""


class Risk2010Words(BasePresentation):
    """RISK 2010's presentation."""

    title = "RISK 2010 (star cards, the ceasefire card, two players against three neutral armies)"

    def words(self, cfg: GameConfig) -> Words:
        return {**TROOP_WORDS, "fortify_reach": super().words(cfg)["fortify_reach"]}

    def cards_note(self, cfg: GameConfig, state: GameState, player: int) -> str:
        units = self.words(cfg)["units"]
        return f"Trade any cards in your turn, up to {max(STAR_TABLE)} stars at a time; the {units} are placed at once."

    def steps(self, cfg: GameConfig) -> tuple[tuple[str, str], ...]:
        steps = [("setup", "Setup")] if cfg.variant == "classic" else []
        if cfg.neutrals:
            steps.append(("neutral", "Neutral"))
        return (*steps, ("reinforce", "Reinforce"), ("attack", "Attack"), ("fortify", "Maneuver"))

    def prompts(self, cfg: GameConfig) -> Mapping[str, str]:
        return R2010_PROMPTS
