"""How Balance of Power is shown (``engine.presentation.Presentation``), in the seed's words: its
pieces are units ("Einheiten") in the printed red, blue and beige (§5.2), its end-of-turn move the
maneuver, and the steps and decisions only it has (the field hospital, the missions, sides)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from riskboard.engine.events import Words
from riskboard.rulesets.balance_of_power.data import BOUGHT_REINFORCEMENTS, MISSION_TITLES, STAR_TABLE
from riskboard.rulesets.presentation import PROMPTS, BasePresentation

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState

UNIT_WORDS: Words = {"unit": "unit", "units": "units", "fortify": "maneuver"}

# §5.2: the pieces: red (the first player), blue (the second) and the neutral army's beige. The
# red and blue are Okabe–Ito's vermillion and blue, which stay apart for every common colour-vision
# deficiency.
PIECE_COLOURS = ("#D55E00", "#0072B2", "#E2D3B0")

BOP_PROMPTS: Mapping[str, str] = {
    **PROMPTS,
    "setup_place": "set up the board",
    "capital": "place a capital",
    "choose": "choose sides",
    "place_neutral": "place neutral resistance",
    "buy": "buy special commands",
    "place": "place units",
    "collect": "collect a mission",
    "fortify": "make the maneuver",
}
"""What the prompt says a player must do, with the decisions only Balance of Power has."""


# The field hospital's commands as the panel names and explains them before they are bought
# (RULES.md §5.10; ``COMMAND_TEXT`` says what a purchase did); the airfield's bonus is filled in
# from its home when the facts are made.
COMMAND_NAMES = {
    "recon_mission": ("Recon mission", "reroll an attacking 1 against buildings this turn"),
    "starting_maneuver": ("Starting maneuver", "move units now along your own territories"),
    "uprising": ("Uprising", "neutral units attack an opponent territory"),
    "reinforce_3": (
        f"{BOUGHT_REINFORCEMENTS} reinforcements",
        f"{BOUGHT_REINFORCEMENTS} more units to place this turn",
    ),
    "special_forces": ("Special forces", "3 dice against difficult terrain this turn"),
    "draw_territory_card": ("Territory card", "draw a territory card now"),
    "build_airfield": ("Airfield", "+{airfield_bonus} on your top die in battles around it"),
}


class BalanceOfPowerWords(BasePresentation):
    """Balance of Power's presentation."""

    title = "Balance of Power (2 players and a neutral army on a map of Europe)"

    def words(self, cfg: GameConfig) -> Words:
        return {**UNIT_WORDS, "fortify_reach": super().words(cfg)["fortify_reach"]}

    def piece_colours(self, cfg: GameConfig) -> Mapping[str, str]:
        """§5.2: the first player's pieces are red, the second's blue, the neutral army's beige."""
        colours = dict(zip(cfg.players, PIECE_COLOURS))
        colours.update({n: PIECE_COLOURS[-1] for n in cfg.neutrals})
        return colours

    def cards_note(self, cfg: GameConfig, state: GameState, player: int) -> str:
        low, high = min(STAR_TABLE), max(STAR_TABLE)
        return f"Stars are traded in the reinforcement step, {low} to {high} at a time."

    def steps(self, cfg: GameConfig) -> tuple[tuple[str, str], ...]:
        """The setup, the neutral step and the field hospital where the options have them, then the turn."""
        steps = [("setup", "Setup")]
        if cfg.options["neutral_resistance_units"]:
            steps.append(("neutral", "Neutral"))
        if cfg.options["field_hospital"]:
            steps.append(("hospital", "Hospital"))
        return (
            *steps,
            ("reinforce", "Reinforce"),
            ("attack", "Attack"),
            ("missions", "Missions"),
            ("fortify", "Maneuver"),
        )

    def prompts(self, cfg: GameConfig) -> Mapping[str, str]:
        return BOP_PROMPTS

    def board_words(self, cfg: GameConfig, state: GameState, /) -> dict[str, Any]:
        """The missions' titles, by mission."""
        return {"missions": dict(MISSION_TITLES)}
