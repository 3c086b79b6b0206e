"""How Transformers RISK is shown (``engine.presentation.Presentation``), in the seed's words:
robots ("Roboter") in zones, liberation actions, and the end-of-turn move ("call for back-up",
D29)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from riskboard.engine.events import Words
from riskboard.rulesets.presentation import PROMPTS, BasePresentation

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig

ROBOT_WORDS: Words = {"unit": "robot", "units": "robots", "fortify": "move", "territories": "zones"}

TF_PROMPTS: Mapping[str, str] = {
    **PROMPTS,
    "place_leader": "place the leader",
    "claim": "claim a zone",
    "place": "place robots",
    "attack": "start a liberation action",
    "defend": "defend",
    "casualty": "choose the casualties",
    "continue": "continue the attack",
    "occupy": "move into the liberated zone",
    "fortify": "move robots",
}
"""What the prompt says a player must do, in the seed's words (robots, zones, liberation actions)."""

STEPS: tuple[tuple[str, str], ...] = (
    ("setup", "Setup"),
    ("reinforce", "Place robots"),
    ("attack", "Liberate"),
    ("fortify", "Move"),
)


class TransformersWords(BasePresentation):
    """Transformers RISK's presentation."""

    title = "Transformers RISK (Autobots against Decepticons, leaders rolling 8-sided dice)"

    def words(self, cfg: GameConfig) -> Words:
        return {**ROBOT_WORDS, "fortify_reach": "a zone of yours connected to it through your own zones"}

    def steps(self, cfg: GameConfig) -> tuple[tuple[str, str], ...]:
        return STEPS

    def prompts(self, cfg: GameConfig) -> Mapping[str, str]:
        return TF_PROMPTS
