"""The ``balance_of_power`` ruleset: two players and a neutral army on a map of Europe, with
missions, cities and capitals, difficult terrain, and in the command room the field hospital,
special commands and airfields (RULES.md §5, seed S000 "Risiko – Das Duell").

Variants: ``basic_training`` (fixed setups ``setup_1``/``setup_2``) and ``command_room`` (a free
setup played as actions, or ``setup="random"``). Every [decision] of §8 for this edition is an
option with its default.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from riskboard.engine.actions import Attack, Blitz, Defend, EndPhase, Fortify, Occupy, Place, TradeCards
from riskboard.engine.chance import Chance
from riskboard.engine.combat import Rules
from riskboard.engine.events import Events
from riskboard.engine.legal import LegalActions
from riskboard.engine.ruleset import GameConfig, Pending, Scenario
from riskboard.engine.state import GameState
from riskboard.errors import ConfigError
from riskboard.i18n import _
from riskboard.rulesets.balance_of_power import board, combat, hospital, invariants, missions, setup, turns
from riskboard.rulesets.balance_of_power.actions import VERBS, Buy, ChooseSide, CollectMission, PlaceCapital
from riskboard.rulesets.balance_of_power.data import MISSIONS_ON_BOARD, NEUTRAL, SETUPS, STAR_TABLE
from riskboard.rulesets.balance_of_power.extra import extra_from_dict, extra_to_dict
from riskboard.rulesets.balance_of_power.extras import BalanceOfPowerExtras
from riskboard.rulesets.balance_of_power.legal import legal_actions, pending, star_trades
from riskboard.rulesets.balance_of_power.words import BalanceOfPowerWords
from riskboard.rulesets.base import BaseRuleset, Handler
from riskboard.rulesets.components.options import Checked, Domain, Flag, Whole


class BalanceOfPowerRuleset(BaseRuleset):
    """Risiko – Das Duell: the two-player edition on a map of Europe."""

    name = "balance_of_power"
    aliases = ("bop", "duel", "das_duell", "europe")
    version = "1"
    presentation = BalanceOfPowerWords()
    variants = ("basic_training", "command_room")
    verbs = VERBS

    @property
    def setups(self) -> tuple[str, ...]:  # type: ignore[override]
        """The printed setups, any added with ``add_setup``, and the command room's two."""
        return (*SETUPS, "free", "random")

    add_setup = staticmethod(setup.add_setup)
    map_name = "europe"
    min_players = 2
    max_players = 2
    phases = ("setup", "neutral", "hospital", "reinforce", "attack", "occupy", "missions", "fortify", "over")

    def __init__(self) -> None:
        self._handlers: dict[type, Handler] = {
            Place: self._place,
            TradeCards: lambda cfg, s, a, c: turns.trade(cfg, s, a),
            Attack: lambda cfg, s, a, c: turns.attack(self, cfg, s, a, c),
            Blitz: lambda cfg, s, a, c: turns.blitz(self, cfg, s, a, c),
            Defend: lambda cfg, s, a, c: turns.defend(self, cfg, s, a, c),
            Occupy: lambda cfg, s, a, c: turns.occupy(cfg, s, a),
            Fortify: turns.fortify,
            EndPhase: turns.end,
            CollectMission: lambda cfg, s, a, c: turns.collect(cfg, s, a),
            Buy: lambda cfg, s, a, c: hospital.buy(self, cfg, s, a, c),
            PlaceCapital: lambda cfg, s, a, c: setup.place_capital(cfg, s, a),
            ChooseSide: lambda cfg, s, a, c: setup.choose_side(cfg, s, a),
        }

    def parts(self, cfg: GameConfig) -> frozenset[str]:
        parts = {"missions", "cities", "capitals", "buildings", "difficult_terrain", "star_cards", "battle_modifiers"}
        if cfg.options["field_hospital"]:
            parts.add("field_hospital")
        if cfg.options["airfields"]:
            parts.add("airfields")
        return frozenset(parts)

    # -- configuration -------------------------------------------------------------------------
    def default_options(self, variant: str) -> dict[str, Any]:
        command_room = variant == "command_room"
        return {
            "ask_defender": False,  # a player defender chooses their dice; the neutral army always rolls the most
            "min_reinforcements": 3,
            "missions_to_win": 3,
            "field_hospital": command_room,  # §5.10, D15
            "airfields": command_room,  # §5.11
            "neutral_resistance_units": 2 if command_room else 0,  # §5.12, D26; 0 disables it
            "difficult_terrain": None,  # D17: None = the map's six; or a list of territory ids
            "reshuffle_discards": True,  # D5
            "undo": True,
        }

    def rules(self, variant: str, options: Mapping[str, Any]) -> Rules:
        """3 dice against 2, ties to the defender; the maneuver goes along own territories (§5.4);
        cards give no territory bonus (§5.9)."""
        return Rules(fortify="connected", territory_bonus=0)

    def option_domains(self, variant: str) -> dict[str, Domain]:
        """The values each option takes (``components.options``): a player may need every mission
        in play to win, and the neutral resistance is a few units a turn."""
        return {
            "ask_defender": Flag(),
            "min_reinforcements": Whole(1, 1000),
            "missions_to_win": Whole(1, MISSIONS_ON_BOARD),
            "field_hospital": Flag(),
            "airfields": Flag(),
            "neutral_resistance_units": Whole(0, 100),
            "difficult_terrain": Checked("None or a list of territory ids"),
            "reshuffle_discards": Flag(),
            "undo": Flag(),
        }

    def validate_options(self, variant: str, options: dict[str, Any]) -> None:
        listed = options["difficult_terrain"]
        if listed is not None:
            from riskboard.maps import load_map

            ids = load_map(self.map_name).index
            if (
                not isinstance(listed, (list, tuple))
                or not 1 <= len(listed) <= len(ids)
                or not all(isinstance(t, str) and t in ids for t in listed)
            ):
                raise ConfigError(
                    _("option 'difficult_terrain' must be None or a list of territory ids of the europe map"),
                    code="config/bad_option",
                )
            options["difficult_terrain"] = tuple(listed)
        if options["airfields"] and not options["field_hospital"]:
            raise ConfigError(
                _("airfields are bought in the field hospital: enable 'field_hospital' too"), code="config/bad_option"
            )

    def neutrals_for(self, variant: str, players: Sequence[str]) -> tuple[str, ...]:
        return (NEUTRAL,)

    def check_setup(self, variant: str, setup_name: str | None, players: Sequence[str]) -> str:
        allowed = tuple(SETUPS) if variant == "basic_training" else ("free", "random")
        if setup_name in (None, "claim_default"):
            return allowed[0]
        if setup_name not in allowed:
            raise ConfigError(
                _("the {variant} variant is set up with {allowed}, not {setup}").format(
                    variant=variant, allowed=_(" or ").join(repr(a) for a in allowed), setup=repr(setup_name)
                ),
                code="config/bad_setup",
            )
        return setup_name

    def deck(self, cfg: GameConfig) -> tuple[str, ...]:
        """The 30 territory cards (§5.9)."""
        return tuple(sorted(cfg.map.ids))

    # -- states --------------------------------------------------------------------------------
    def initial_state(self, cfg: GameConfig, chance: Chance) -> GameState:
        return setup.initial_state(cfg, chance)

    def scenario_state(self, cfg: GameConfig, scenario: Scenario, chance: Chance) -> GameState:
        return setup.scenario_state(cfg, scenario, chance)

    def extra_to_dict(self, cfg: GameConfig, extra: Any) -> Any:
        return extra_to_dict(cfg, extra)

    def extra_from_dict(self, cfg: GameConfig, data: Any) -> Any:
        return extra_from_dict(cfg, data)

    def extras(self, cfg: GameConfig, state: GameState) -> BalanceOfPowerExtras:
        return BalanceOfPowerExtras(cfg, state)

    def income(self, cfg: GameConfig, s: GameState, player: int) -> int:
        """§5.8: what ``player`` receives at the start of a turn (``turns.income``, its one home)."""
        return turns.income(cfg, s, player)[0]

    mission_territories = staticmethod(missions.goal)
    """§5.6: the territories a mission is about now and how many must be held (``missions.goal``)."""

    # -- decisions -----------------------------------------------------------------------------
    def pending(self, cfg: GameConfig, state: GameState) -> Pending:
        return pending(self, cfg, state)

    def legal_actions(self, cfg: GameConfig, state: GameState) -> LegalActions:
        return legal_actions(self, cfg, state)

    def _place(self, cfg: GameConfig, s: GameState, a: Place, chance: Chance) -> tuple[GameState, Events]:
        if s.phase == "setup":
            return setup.setup_place(cfg, s, a)
        return turns.place(cfg, s, a)

    def problems(self, cfg: GameConfig, s: GameState) -> list[str]:
        return [*super().problems(cfg, s), *invariants.problems(cfg, s)]

    # -- battles -------------------------------------------------------------------------------
    def battle_rules(self, cfg: GameConfig, state: GameState, attacker: int, target: int) -> Rules:
        return combat.battle_rules(cfg, state, attacker, target)

    def battle_notes(self, cfg: GameConfig, state: GameState, attacker: int, target: int) -> list[str]:
        return combat.battle_notes(cfg, state, attacker, target)

    def defence_chooser(self, cfg: GameConfig, s: GameState, defender: int) -> int | None:
        """With ``ask_defender`` a player chooses their own dice; the neutral army always rolls the most."""
        return defender if cfg.options["ask_defender"] and defender < len(cfg.players) else None

    modified_throw = staticmethod(combat.modified_throw)
    losses = staticmethod(combat.losses)
    conquest_effects = staticmethod(turns.destroy_airfield)
    eliminate = staticmethod(turns.eliminate)

    # -- cards ---------------------------------------------------------------------------------
    def trades(self, cfg: GameConfig, s: GameState, player: int) -> list[TradeCards]:
        """One trade per mix of 1-star and 2-star cards worth 2 to 10 stars (§5.9)."""
        return star_trades(s.hands[player])

    def trade_value(self, cfg: GameConfig, s: GameState, cards: Sequence[str]) -> int:
        return STAR_TABLE.get(sum(turns.stars(c) for c in cards), 0)

    def card_faces(self, cfg: GameConfig) -> Mapping[str, Mapping[str, Any]]:
        return {c: {"stars": turns.stars(c)} for c in cfg.map.ids}

    board_facts = staticmethod(board.facts)
    board_state = staticmethod(board.state)
    board_counts = staticmethod(board.counts)
    board_hints = staticmethod(board.hints)
