"""How Transformers RISK is shown (``engine.presentation.Presentation``), in the seed's words:
robots ("Roboter") in zones, liberation actions, and the end-of-turn move ("call for back-up",
D29)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from riskboard.engine.events import Words
from riskboard.rulesets.presentation import PROMPTS, BasePresentation
from riskboard.rulesets.transformers.data import AUTOBOTS, DECEPTICONS

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState
    from riskboard.rulesets.transformers import TransformersRuleset

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

FACTIONS = {AUTOBOTS: "Autobots", DECEPTICONS: "Decepticons"}

STEPS: tuple[tuple[str, str], ...] = (
    ("setup", "Setup"),
    ("reinforce", "Place robots"),
    ("attack", "Liberate"),
    ("fortify", "Move"),
)


def leader_name(leader: str) -> str:
    """``optimus_prime`` → ``Optimus Prime``."""
    return leader.replace("_", " ").title()


class TransformersWords(BasePresentation):
    """Transformers RISK's presentation."""

    title = "Transformers RISK (Autobots against Decepticons, leaders rolling 8-sided dice)"

    def words(self, cfg: GameConfig) -> Words:
        return {**ROBOT_WORDS, "fortify_reach": "a zone of yours connected to it through your own zones"}

    def steps(self, cfg: GameConfig) -> tuple[tuple[str, str], ...]:
        return STEPS

    def prompts(self, cfg: GameConfig) -> Mapping[str, str]:
        return TF_PROMPTS

    def board_words(self, cfg: GameConfig, state: GameState, /) -> dict[str, Any]:
        """The factions' names, the goal, and the leader's and the scrapyard's rules in sentences."""
        # a Transformers game's configuration holds the Transformers ruleset, whose alliances these are
        allied = bool(cast("TransformersRuleset", cfg.ruleset).alliances(cfg))
        goal = f"After round {cfg.options['rounds']} the most zones win"
        goal += ", an alliance's together." if allied else "."
        goal += " Destroying every opposing army wins at once."
        die = cfg.rules.leader_sides
        return {
            "factions": FACTIONS,
            "goal": goal,
            "teacher_note": f"With a leader committed, its d{die} is the first die of its side.",
            "leader_rule": (
                f"A leader is one of its zone's robots. Committed to an attack from its zone, or to the defence of "
                f"its zone, it rolls a d{die}; the others roll d6. Ties go to the defender."
            ),
            "scrapyard_rule": (
                f"Lost robots go to their owner's scrapyard. A leader on the scrapyard comes back in the "
                f"robot-placing step for {cfg.options['revive_cost']} of the robots to place."
            ),
        }
