"""How classic RISK is shown (``engine.presentation.Presentation``): its title and the sentence
about the next set of cards (in its own words, so a subclass that renames the armies renames them there
too); its words, steps and prompts are the shared classic ones (``rulesets.presentation``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.engine.events import pieces
from riskboard.i18n import _
from riskboard.rulesets.classic import turns
from riskboard.rulesets.presentation import BasePresentation

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState


class ClassicWords(BasePresentation):
    """Classic RISK's presentation."""

    @property
    def title(self) -> str:
        return _("Classic RISK (42 territories, card sets)")

    def cards_note(self, cfg: GameConfig, state: GameState, player: int) -> str:
        value = turns.trade_value(cfg, state)
        return _("Next set: {pieces} · sets traded so far: {sets}").format(
            pieces=pieces(value, self.words(cfg)), sets=state.sets_traded
        )
