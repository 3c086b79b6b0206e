"""The ``balance_of_power`` ruleset: two players and a neutral army on a map of Europe, with
missions, cities and capitals, difficult terrain, and in the command room the field hospital,
special commands and airfields (RULES.md §5, seed S000 "Risiko – Das Duell").

Variants: ``basic_training`` (fixed setups ``setup_1``/``setup_2``) and ``command_room`` (a free
setup played as actions, or ``setup="random"``). Every [decision] of §8 for this edition is an
option with its default.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from riskboard.engine.actions import Action, Attack, Blitz, Defend, EndPhase, Fortify, Occupy, Place, TradeCards
from riskboard.engine.chance import Chance
from riskboard.engine.events import Event
from riskboard.engine.state import GameState, stamp
from riskboard.errors import ConfigError, IllegalAction
from riskboard.rulesets.balance_of_power import combat, hospital, setup, turns
from riskboard.rulesets.balance_of_power.actions import Buy, ChooseSide, CollectMission, PlaceCapital
from riskboard.rulesets.balance_of_power.data import NEUTRAL, SETUPS
from riskboard.rulesets.balance_of_power.extra import extra_from_dict, extra_to_dict
from riskboard.rulesets.balance_of_power.info import BalanceOfPowerInfo
from riskboard.rulesets.balance_of_power.moves import legal_actions, pending
from riskboard.rulesets.base import GameConfig, Pending, Ruleset


class BalanceOfPowerRuleset(Ruleset):
    """Risiko – Das Duell: the two-player edition on a map of Europe."""

    name = "balance_of_power"
    aliases = ("bop", "duel", "das_duell", "europe")
    version = "1"
    title = "Balance of Power (2 players and a neutral army on a map of Europe)"
    variants = ("basic_training", "command_room")

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
        self._handlers: dict[type, Callable[[GameConfig, GameState, Any, Chance], tuple[GameState, list[Event]]]] = {
            Place: self._place,
            TradeCards: lambda cfg, s, a, c: turns.trade(cfg, s, a),
            Attack: turns.attack,
            Blitz: turns.blitz,
            Defend: turns.defend,
            Occupy: lambda cfg, s, a, c: turns.occupy(cfg, s, a),
            Fortify: turns.fortify,
            EndPhase: turns.end,
            CollectMission: lambda cfg, s, a, c: turns.collect(cfg, s, a),
            Buy: hospital.buy,
            PlaceCapital: lambda cfg, s, a, c: setup.place_capital(cfg, s, a),
            ChooseSide: lambda cfg, s, a, c: setup.choose_side(cfg, s, a),
        }

    # -- configuration -------------------------------------------------------------------------
    def default_options(self, variant: str) -> dict[str, Any]:
        command_room = variant == "command_room"
        return {
            "ask_defender": False,  # a player defender chooses 1 or 2 dice; the neutral army always rolls the most
            "min_reinforcements": 3,
            "missions_to_win": 3,
            "field_hospital": command_room,  # §5.10, D15
            "airfields": command_room,  # §5.11
            "neutral_resistance_units": 2 if command_room else 0,  # §5.12, D26; 0 disables it
            "difficult_terrain": None,  # D17: None = the map's six; or a list of territory ids
            "reshuffle_discards": True,  # D5
            "undo": True,
        }

    def validate_options(self, variant: str, options: dict[str, Any]) -> None:
        listed = options["difficult_terrain"]
        if listed is not None:
            from riskboard.maps import load_map

            ids = load_map(self.map_name).index
            if not isinstance(listed, (list, tuple)) or not listed or not all(t in ids for t in listed):
                raise ConfigError(
                    "option 'difficult_terrain' must be None or a list of territory ids of the europe map",
                    code="config/bad_option",
                )
            options["difficult_terrain"] = tuple(listed)
        for key, least in (("min_reinforcements", 1), ("missions_to_win", 1), ("neutral_resistance_units", 0)):
            if options[key] < least:
                raise ConfigError(
                    f"option {key!r} must be at least {least}, got {options[key]}", code="config/bad_option"
                )
        if options["airfields"] and not options["field_hospital"]:
            raise ConfigError(
                "airfields are bought in the field hospital: enable 'field_hospital' too", code="config/bad_option"
            )

    def neutrals_for(self, variant: str, players: Sequence[str]) -> tuple[str, ...]:
        return (NEUTRAL,)

    def check_setup(self, variant: str, setup_name: str | None, players: Sequence[str]) -> str:
        allowed = tuple(SETUPS) if variant == "basic_training" else ("free", "random")
        if setup_name in (None, "claim_default"):
            return allowed[0]
        if setup_name not in allowed:
            raise ConfigError(
                f"the {variant} variant is set up with {' or '.join(repr(a) for a in allowed)}, not {setup_name!r}",
                code="config/bad_setup",
            )
        return setup_name

    def deck(self, cfg: GameConfig) -> tuple[str, ...]:
        """The 30 territory cards (§5.9)."""
        return tuple(sorted(cfg.map.ids))

    # -- states --------------------------------------------------------------------------------
    def initial_state(self, cfg: GameConfig, chance: Chance) -> GameState:
        return setup.initial_state(cfg, chance)

    def scenario_state(self, cfg, position, current_player, phase, extras, chance) -> GameState:  # type: ignore[no-untyped-def]
        return setup.scenario_state(cfg, position, current_player, phase, extras, chance)

    def extra_to_dict(self, cfg: GameConfig, extra: Any) -> Any:
        return extra_to_dict(cfg, extra)

    def extra_from_dict(self, cfg: GameConfig, data: Any) -> Any:
        return extra_from_dict(cfg, data)

    def extras(self, cfg: GameConfig, state: GameState) -> BalanceOfPowerInfo:
        return BalanceOfPowerInfo(cfg, state)

    def attack_dice_limit(self, cfg: GameConfig, state: GameState, source: int, target: int) -> int:
        return combat.max_attack_dice(cfg, state, source, target)

    def income(self, cfg: GameConfig, s: GameState, player: int) -> int:
        return turns.income(cfg, s, player)[0]

    # -- decisions -----------------------------------------------------------------------------
    def pending(self, cfg: GameConfig, state: GameState) -> Pending:
        return pending(cfg, state)

    def legal_actions(self, cfg: GameConfig, state: GameState) -> list[Action]:
        return legal_actions(cfg, state)

    def _place(self, cfg: GameConfig, s: GameState, a: Place, chance: Chance) -> tuple[GameState, list[Event]]:
        if s.phase == "setup":
            return setup.setup_place(cfg, s, a)
        return turns.place(cfg, s, a)

    def apply(self, cfg: GameConfig, s: GameState, action: Action, chance: Chance) -> tuple[GameState, list[Event]]:
        handler = self._handlers.get(type(action))
        if handler is None:
            raise IllegalAction(f"'{action.verb}' is not an action of the {self.name} rules", code="action/unknown")
        if s.phase == "over":
            raise IllegalAction("the game is over", code="game/over")
        new, events = handler(cfg, s, action, chance)
        return stamp(new, s.seq + 1, chance.counter), events
