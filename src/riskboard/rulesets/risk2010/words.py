"""How RISK 2010 is shown (``engine.presentation.Presentation``), in the seed's words: its pieces
are troops ("trupper"), its end-of-turn move the maneuver; the neutral step where the game has
neutral armies, the setup step in the classic variant."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from riskboard.engine.events import Words
from riskboard.i18n import N_, _
from riskboard.rulesets.presentation import PROMPTS, BasePresentation, translated_prompts, translated_steps
from riskboard.rulesets.risk2010.data import STAR_TABLE

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState

TROOP_WORDS: Words = {
    "unit": N_("troop"),
    "units": N_("troops"),
    "fortify": N_("maneuver"),
    "neutral": N_("reinforce a neutral army"),
}
"""The seed's words (English ids, translated where shown: "trupper", the maneuver)."""

R2010_PROMPTS: Mapping[str, str] = {
    **PROMPTS,
    "neutral": N_("reinforce a neutral army"),
    "place": N_("place troops"),
    "fortify": N_("make the maneuver"),
}
"""What the prompt says a player must do, in the seed's words (troops, the maneuver; English ids:
``prompts`` translates them)."""


class Risk2010Words(BasePresentation):
    """RISK 2010's presentation."""

    @property
    def title(self) -> str:
        return _("RISK 2010 (star cards, the ceasefire card, two players against three neutral armies)")

    def words(self, cfg: GameConfig) -> Words:
        return {**TROOP_WORDS, "fortify_reach": super().words(cfg)["fortify_reach"]}

    def cards_note(self, cfg: GameConfig, state: GameState, player: int) -> str:
        units = _(self.words(cfg)["units"])
        return _("Trade any cards in your turn, up to {stars} stars at a time; the {units} are placed at once.").format(
            stars=max(STAR_TABLE), units=units
        )

    def steps(self, cfg: GameConfig) -> tuple[tuple[str, str], ...]:
        steps = [("setup", N_("Setup"))] if cfg.variant == "classic" else []
        if cfg.neutrals:
            steps.append(("neutral", N_("Neutral")))
        return translated_steps(
            (*steps, ("reinforce", N_("Reinforce")), ("attack", N_("Attack")), ("fortify", N_("Maneuver")))
        )

    def prompts(self, cfg: GameConfig) -> Mapping[str, str]:
        return translated_prompts(R2010_PROMPTS)
