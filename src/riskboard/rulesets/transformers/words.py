"""How Transformers RISK is shown (``engine.presentation.Presentation``), in the seed's words:
robots ("Roboter") in zones, liberation actions, and the end-of-turn move ("call for back-up",
D29)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from riskboard.engine.events import Words
from riskboard.i18n import N_, _
from riskboard.rulesets.presentation import PROMPTS, BasePresentation
from riskboard.rulesets.transformers.data import AUTOBOTS, DECEPTICONS

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState
    from riskboard.rulesets.transformers import TransformersRuleset

ROBOT_WORDS: Words = {"unit": N_("robot"), "units": N_("robots"), "fortify": N_("move"), "territories": N_("zones")}
"""The seed's words (S002: Roboter, Zonen), English ids translated where shown."""

TF_PROMPTS: Mapping[str, str] = {
    **PROMPTS,
    "place_leader": N_("place the leader"),
    "claim": N_("claim a zone"),
    "place": N_("place robots"),
    "attack": N_("start a liberation action"),
    "defend": N_("defend"),
    "casualty": N_("choose the casualties"),
    "continue": N_("continue the attack"),
    "occupy": N_("move into the liberated zone"),
    "fortify": N_("move robots"),
}
"""What the prompt says a player must do, in the seed's words (robots, zones, liberation actions)."""

FACTIONS = {AUTOBOTS: N_("Autobots"), DECEPTICONS: N_("Decepticons")}

STEPS: tuple[tuple[str, str], ...] = (
    ("setup", N_("Setup")),
    ("reinforce", N_("Place robots")),
    ("attack", N_("Liberate")),
    ("fortify", N_("Move")),
)


LEADER_NAMES = {
    "optimus_prime": N_("Optimus Prime"),
    "bumblebee": N_("Bumblebee"),
    "megatron": N_("Megatron"),
    "barricade": N_("Barricade"),
}
"""The leaders' names (Japanese has its own: コンボイ is Optimus Prime's)."""


def leader_name(leader: str) -> str:
    """``optimus_prime`` → ``Optimus Prime``, in the language spoken (an unknown id title-cased)."""
    known = LEADER_NAMES.get(leader)
    return _(known) if known else leader.replace("_", " ").title()


class TransformersWords(BasePresentation):
    """Transformers RISK's presentation."""

    @property
    def title(self) -> str:
        return _("Transformers RISK (Autobots against Decepticons, leaders rolling 8-sided dice)")

    def words(self, cfg: GameConfig) -> Words:
        return {**ROBOT_WORDS, "fortify_reach": N_("a zone of yours connected to it through your own zones")}

    def steps(self, cfg: GameConfig) -> tuple[tuple[str, str], ...]:
        return tuple((phase, _(label)) for phase, label in STEPS)

    def prompts(self, cfg: GameConfig) -> Mapping[str, str]:
        return {decision: _(text) for decision, text in TF_PROMPTS.items()}

    def board_words(self, cfg: GameConfig, state: GameState, /) -> dict[str, Any]:
        """The factions' names, the goal, and the leader's and the scrapyard's rules in sentences."""
        # a Transformers game's configuration holds the Transformers ruleset, whose alliances these are
        allied = bool(cast("TransformersRuleset", cfg.ruleset).alliances(cfg))
        rounds = cfg.options["rounds"]
        goal = (
            _("After round {rounds} the most zones win, an alliance's together.")
            if allied
            else _("After round {rounds} the most zones win.")
        ).format(rounds=rounds)
        goal += " " + _("Destroying every opposing army wins at once.")
        die = cfg.rules.leader_sides
        return {
            "factions": {faction: _(name) for faction, name in FACTIONS.items()},
            "goal": goal,
            "teacher_note": _("With a leader committed, its d{die} is the first die of its side.").format(die=die),
            "leader_rule": _(
                "A leader is one of its zone's robots. Committed to an attack from its zone, or to the defence of "
                "its zone, it rolls a d{die}; the others roll d6. Ties go to the defender."
            ).format(die=die),
            "scrapyard_rule": _(
                "Lost robots go to their owner's scrapyard. A leader on the scrapyard comes back in the "
                "robot-placing step for {cost} of the robots to place."
            ).format(cost=cfg.options["revive_cost"]),
        }
