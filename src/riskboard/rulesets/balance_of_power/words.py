"""How Balance of Power is shown (``engine.presentation.Presentation``), in the seed's words: its
pieces are units ("Einheiten") in the printed red, blue and beige (§5.2), its end-of-turn move the
maneuver, and the steps and decisions only it has (the field hospital, the missions, sides)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from riskboard.engine.events import Words
from riskboard.i18n import N_, _
from riskboard.rulesets.balance_of_power.data import BOUGHT_REINFORCEMENTS, COMMAND_TEXT, MISSION_TITLES, STAR_TABLE
from riskboard.rulesets.presentation import PROMPTS, BasePresentation

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState

UNIT_WORDS: Words = {"unit": N_("unit"), "units": N_("units"), "fortify": N_("maneuver")}
"""The seed's words (S000: Einheit, Einheiten, Manöver), English ids translated where shown."""

# §5.2: the pieces: red (the first player), blue (the second) and the neutral army's beige. The
# red and blue are Okabe–Ito's vermillion and blue, which stay apart for every common colour-vision
# deficiency.
PIECE_COLOURS = ("#D55E00", "#0072B2", "#E2D3B0")

BOP_PROMPTS: Mapping[str, str] = {
    **PROMPTS,
    "setup_place": N_("set up the board"),
    "capital": N_("place a capital"),
    "choose": N_("choose sides"),
    "place_neutral": N_("place neutral resistance"),
    "buy": N_("buy special commands"),
    "place": N_("place units"),
    "collect": N_("collect a mission"),
    "fortify": N_("make the maneuver"),
}
"""What the prompt says a player must do, with the decisions only Balance of Power has."""


# The field hospital's commands as the panel names and explains them before they are bought
# (RULES.md §5.10; ``COMMAND_TEXT`` says what a purchase did); the airfield's bonus is filled in
# from its home when the facts are made.
COMMAND_NAMES = {
    "recon_mission": (N_("Recon mission"), N_("reroll an attacking 1 against buildings this turn")),
    "starting_maneuver": (N_("Starting maneuver"), N_("move units now along your own territories")),
    "uprising": (N_("Uprising"), N_("neutral units attack an opponent territory")),
    "reinforce_3": (N_("{n} reinforcements"), N_("{n} more units to place this turn")),
    "special_forces": (N_("Special forces"), N_("3 dice against difficult terrain this turn")),
    "draw_territory_card": (N_("Territory card"), N_("draw a territory card now")),
    "build_airfield": (N_("Airfield"), N_("+{airfield_bonus} on your top die in battles around it")),
}


def command_name(command: str) -> str:
    """A special command's printed name in the language spoken ("3 reinforcements", "Luftwaffenstützpunkt");
    an unknown id is shown as it is."""
    if command not in COMMAND_NAMES:
        return command
    return _(COMMAND_NAMES[command][0]).format(n=BOUGHT_REINFORCEMENTS)


def command_help(command: str, airfield_bonus: int) -> str:
    """What a special command does, as the panel explains it before it is bought."""
    if command not in COMMAND_NAMES:
        return command_effect(command)
    return _(COMMAND_NAMES[command][1]).format(n=BOUGHT_REINFORCEMENTS, airfield_bonus=airfield_bonus)


def command_effect(command: str) -> str:
    """What a purchase did (``data.COMMAND_TEXT``), in the language spoken."""
    return _(COMMAND_TEXT[command]).format(n=BOUGHT_REINFORCEMENTS)


STEPS: tuple[tuple[str, str], ...] = (
    ("setup", N_("Setup")),
    ("neutral", N_("Neutral")),
    ("hospital", N_("Hospital")),
    ("reinforce", N_("Reinforce")),
    ("attack", N_("Attack")),
    ("missions", N_("Missions")),
    ("fortify", N_("Maneuver")),
)
"""Every step a Balance of Power turn may have, as the board labels them."""


class BalanceOfPowerWords(BasePresentation):
    """Balance of Power's presentation."""

    @property
    def title(self) -> str:
        return _("Balance of Power (2 players and a neutral army on a map of Europe)")

    def words(self, cfg: GameConfig) -> Words:
        return {**UNIT_WORDS, "fortify_reach": super().words(cfg)["fortify_reach"]}

    def piece_colours(self, cfg: GameConfig) -> Mapping[str, str]:
        """§5.2: the first player's pieces are red, the second's blue, the neutral army's beige."""
        colours = dict(zip(cfg.players, PIECE_COLOURS))
        colours.update({n: PIECE_COLOURS[-1] for n in cfg.neutrals})
        return colours

    def cards_note(self, cfg: GameConfig, state: GameState, player: int) -> str:
        low, high = min(STAR_TABLE), max(STAR_TABLE)
        return _("Stars are traded in the reinforcement step, {low} to {high} at a time.").format(low=low, high=high)

    def steps(self, cfg: GameConfig) -> tuple[tuple[str, str], ...]:
        """The setup, the neutral step and the field hospital where the options have them, then the turn."""
        skipped = set()
        if not cfg.options["neutral_resistance_units"]:
            skipped.add("neutral")
        if not cfg.options["field_hospital"]:
            skipped.add("hospital")
        return tuple((phase, _(label)) for phase, label in STEPS if phase not in skipped)

    def prompts(self, cfg: GameConfig) -> Mapping[str, str]:
        return {decision: _(text) for decision, text in BOP_PROMPTS.items()}

    def board_words(self, cfg: GameConfig, state: GameState, /) -> dict[str, Any]:
        """The missions' titles, by mission."""
        return {"missions": {mission: _(title) for mission, title in MISSION_TITLES.items()}}
