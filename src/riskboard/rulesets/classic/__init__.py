"""The ``classic`` ruleset: the 42-territory world game with card sets (RULES.md §2, seed S004).

Variants: ``standard`` (world domination) and ``secret_missions`` (§2.11). Two players play with
a neutral army (§2.9). Every [decision] of §8 that concerns this edition is an option, and so are
the house rules a teacher may want a class to try (``attack_dice``, ``defence_dice``, ``ties``,
``fortify``, ``territory_bonus``): they become the game's ``Rules``, which every part of the
program reads.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from types import MappingProxyType
from typing import Any

from riskboard.engine.actions import (
    Action,
    Attack,
    Blitz,
    Defend,
    EndPhase,
    Fortify,
    Occupy,
    Place,
    TradeCards,
)
from riskboard.engine.chance import Chance
from riskboard.engine.combat import Rules
from riskboard.engine.events import Events
from riskboard.engine.legal import LegalActions
from riskboard.engine.ruleset import GameConfig, MissionGoal, Pending, Scenario
from riskboard.engine.state import MAX_UNITS, GameState
from riskboard.errors import ConfigError, IllegalAction
from riskboard.i18n import _
from riskboard.maps import load_map
from riskboard.rulesets.base import BaseRuleset
from riskboard.rulesets.classic import hidden, invariants, legal, turns
from riskboard.rulesets.classic import missions as mission_rules
from riskboard.rulesets.classic import setup as setup_rules
from riskboard.rulesets.classic.data import CARD_VALUE_STEP, CARD_VALUES, NEUTRAL, NEUTRAL_ARMIES, STARTING_ARMIES
from riskboard.rulesets.classic.words import ClassicWords
from riskboard.rulesets.components.cards import build_deck, card_symbols
from riskboard.rulesets.components.common import next_alive
from riskboard.rulesets.components.options import (
    Checked,
    Domain,
    Flag,
    Whole,
    count_table,
    house_rule_domains,
    is_whole,
)


class ClassicRuleset(BaseRuleset):
    """Classic RISK as the Japanese seed describes it, gaps filled from the published rules."""

    name = "classic"
    aliases = ("risk", "classic_risk", "world")
    version = "1"
    presentation = ClassicWords()
    variants = ("standard", "secret_missions")
    setups = ("claim", "deal")
    map_name = "world"
    min_players = 2
    max_players = 6

    def __init__(self) -> None:
        self._handlers: dict[type, Callable[..., tuple[GameState, Events]]] = {
            Place: turns.place,
            TradeCards: turns.trade,
            Attack: turns.attack,
            Blitz: turns.blitz,
            Defend: turns.defend,
            Occupy: turns.occupy,
            Fortify: turns.fortify,
            EndPhase: turns.end,
        }
        self._pendings: dict[tuple[str, str, int, str], Pending] = {}
        """The commonest decisions (attack, place N, fortify) by player, phase and count: the bot
        loop asks for the pending decision before every action, so each is made once."""
        self._sets_of_hand: dict[tuple[str, ...], tuple[TradeCards, ...]] = {}

    @cached_property
    def symbols(self) -> dict[str, str]:
        return card_symbols(load_map(self.map_name))

    def parts(self, cfg: GameConfig) -> frozenset[str]:
        return frozenset({"card_sets", "secret_missions"} if cfg.variant == "secret_missions" else {"card_sets"})

    def mission_goal(self, cfg: GameConfig, mission: str) -> MissionGoal | None:
        return mission_rules.goal(mission)

    # -- configuration -------------------------------------------------------------------------
    def default_options(self, variant: str) -> dict[str, Any]:
        return {
            "ask_defender": False,  # ask the defender for their dice; False = always the most allowed
            "starting_armies": {str(n): armies for n, armies in STARTING_ARMIES.items()},
            "neutral_armies": NEUTRAL_ARMIES,  # §2.9
            "card_values": list(CARD_VALUES),
            "card_value_step": CARD_VALUE_STEP,
            "territory_bonus": 2,
            "forced_trade_at": 5,
            "elimination_trade_at": 6,
            "elimination_trade_to": 4,
            "min_reinforcements": 3,
            "reshuffle_discards": True,  # D5
            "undo": True,
            # house rules (the printed rule is the default)
            "attack_dice": 3,
            "defence_dice": 2,
            "ties": "defender",
            "fortify": "adjacent",
        }

    def rules(self, variant: str, options: Mapping[str, Any]) -> Rules:
        return Rules(
            attack_dice=options["attack_dice"],
            defence_dice=options["defence_dice"],
            ties=options["ties"],
            fortify=options["fortify"],
            territory_bonus=options["territory_bonus"],
        )

    def option_domains(self, variant: str) -> dict[str, Domain]:
        """The values each option takes. A set is certain in any five cards (three symbols), so a
        forced trade needs five at least, and trading after an elimination goes down to four at
        least; fewer would leave a player who must trade without a set (a game nobody can play)."""
        deck = len(self.symbols)  # the cards of the deck, wilds included
        return {
            "ask_defender": Flag(),
            "starting_armies": Checked("a table of player counts to armies"),
            "neutral_armies": Whole(-(-42 // 3), MAX_UNITS),  # one for each of the neutral's 14 territories
            "card_values": Checked("a list of positive whole numbers"),
            "card_value_step": Whole(0, MAX_UNITS),
            "territory_bonus": Whole(0, 100),
            "forced_trade_at": Whole(5, deck),
            "elimination_trade_at": Whole(5, deck),
            "elimination_trade_to": Whole(4, deck),
            "min_reinforcements": Whole(1, 1000),
            "reshuffle_discards": Flag(),
            "undo": Flag(),
            **house_rule_domains(),
        }

    def validate_options(self, variant: str, options: dict[str, Any]) -> None:
        values = options["card_values"]
        if (
            not isinstance(values, (list, tuple))
            or not 1 <= len(values) <= 100
            or not all(is_whole(v) and 1 <= v <= MAX_UNITS for v in values)
        ):
            raise ConfigError(
                _("option 'card_values' must be a list of 1 to 100 whole numbers from 1 to {most}").format(
                    most=MAX_UNITS
                ),
                code="config/bad_option",
            )
        options["card_values"] = list(values)
        # a partial table overrides some player counts and keeps the others; every count's armies
        # must claim the map (the two-player game's third of it) and stay within the limit
        least = {n: -(-42 // (3 if n == 2 else n)) for n in range(self.min_players, self.max_players + 1)}
        given = count_table("starting_armies", options["starting_armies"], least, MAX_UNITS)
        options["starting_armies"] = {**self.default_options(variant)["starting_armies"], **given}

    def neutrals_for(self, variant: str, players: Sequence[str]) -> tuple[str, ...]:
        return (NEUTRAL,) if len(players) == 2 else ()

    def check_setup(self, variant: str, setup: str | None, players: Sequence[str]) -> str:
        if variant == "secret_missions" and len(players) < 3:
            raise ConfigError(_("secret missions need 3 to 6 players"), code="config/bad_variant")
        if len(players) == 2:
            if setup not in ("deal", None, "claim_default"):
                raise ConfigError(
                    _("the two-player game deals the territories (RULES.md §2.9); use setup='deal'"),
                    code="config/bad_setup",
                )
            return "deal"
        return "claim" if setup in (None, "claim_default") else setup

    def deck(self, cfg: GameConfig) -> tuple[str, ...]:
        """Every playing card of the game (42 territories and 2 wilds)."""
        return build_deck(cfg.map)

    # -- states --------------------------------------------------------------------------------
    def initial_state(self, cfg: GameConfig, chance: Chance) -> GameState:
        return setup_rules.initial_state(cfg, chance)

    def scenario_state(self, cfg: GameConfig, scenario: Scenario, chance: Chance) -> GameState:
        return setup_rules.scenario_state(cfg, scenario, chance)

    def resample_hidden(self, cfg: GameConfig, s: GameState, player: int, rng: random.Random) -> GameState:
        """The hands and the draw pile (the base's deal), then the other players' secret missions."""
        s = super().resample_hidden(cfg, s, player, rng)
        return hidden.deal_missions(cfg, s, player, rng) if s.missions else s

    # -- decisions -----------------------------------------------------------------------------
    def defence_chooser(self, cfg: GameConfig, s: GameState, defender: int) -> int | None:
        """With ``ask_defender`` the owner chooses their dice, and for the neutral army the next
        player (D4); otherwise nobody is asked and the most dice allowed are rolled."""
        if not cfg.options["ask_defender"]:
            return None
        return defender if defender < len(cfg.players) else next_alive(s, s.current)

    def pending(self, cfg: GameConfig, s: GameState) -> Pending:
        return legal.pending(self, cfg, s)

    def legal_actions(self, cfg: GameConfig, s: GameState) -> LegalActions:
        return legal.legal_actions(self, cfg, s)

    def apply(self, cfg: GameConfig, s: GameState, action: Action, chance: Chance) -> tuple[GameState, Events]:
        handler = self._handlers.get(type(action))
        if handler is None:
            raise IllegalAction(
                _("'{verb}' is not an action of the {edition} rules").format(verb=action.verb, edition=self.name),
                code="action/unknown",
            )
        if s.phase == "over":
            raise IllegalAction(_("the game is over"), code="game/over")
        new, events = handler(self, cfg, s, action, chance)
        if new.missions and new.winner < 0:
            new = turns.check_mission(cfg, new, events)
        return new, events

    # -- battles (``components.battles.BattleEdition``) ----------------------------------------
    losses = None  # lost armies go back to the box
    conquest_effects = None

    def eliminate(self, cfg: GameConfig, s: GameState, loser: int, conqueror: int, events: Events) -> GameState:
        return turns.eliminate(cfg, s, loser, events)  # the conqueror is the player whose turn it is

    # -- cards ---------------------------------------------------------------------------------
    def trades(self, cfg: GameConfig, s: GameState, player: int) -> list[TradeCards]:
        return legal.trades(self, cfg, s, player)

    def trade_value(self, cfg: GameConfig, s: GameState, cards: Sequence[str]) -> int:
        symbols = self.symbols
        if len(cards) != 3 or not all(c in symbols for c in cards):
            return 0
        return turns.trade_value(cfg, s) if turns.is_set([symbols[c] for c in cards]) else 0

    def card_bonus(self, cfg: GameConfig, s: GameState, player: int, card: str) -> int:
        return turns.card_bonus(cfg, s, player, card)

    def card_faces(self, cfg: GameConfig) -> Mapping[str, Mapping[str, Any]]:
        return self._faces

    @cached_property
    def _faces(self) -> Mapping[str, Mapping[str, Any]]:
        """The card faces, made once (the board reads them after every action), read-only."""
        return MappingProxyType({c: MappingProxyType({"symbol": symbol}) for c, symbol in self.symbols.items()})

    # -- what every classic position satisfies -------------------------------------------------
    def problems(self, cfg: GameConfig, s: GameState) -> list[str]:
        return [*super().problems(cfg, s), *invariants.classic_problems(self, cfg, s)]
