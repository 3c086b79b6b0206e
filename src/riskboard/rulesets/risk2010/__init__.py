"""The ``risk2010`` ruleset: the 2010 edition on the world map, with star cards, the ceasefire card
and the two-player game against three neutral armies (RULES.md §4, seed S003, Swedish).

Variants: ``simple`` (3–5 players, all cards dealt, troops by stars, the ceasefire card),
``classic`` (3–5 players, territories claimed, world domination) and ``two_player`` (2 players
and the neutral armies ``neutral_1``..``neutral_3``). Every [decision] of §8 for this edition is an
option with its default, and so are the house rules classic offers (dice, ties, the move's reach).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from riskboard.engine.actions import Attack, Blitz, Defend, EndPhase, Fortify, Occupy, Place, TradeCards
from riskboard.engine.chance import Chance
from riskboard.engine.combat import Rules
from riskboard.engine.legal import LegalActions
from riskboard.engine.ruleset import GameConfig, Pending, Scenario
from riskboard.engine.state import MAX_UNITS, GameState
from riskboard.errors import ConfigError
from riskboard.i18n import _
from riskboard.maps import load_map
from riskboard.rulesets.base import BaseRuleset, Handler
from riskboard.rulesets.components import invariants as shared_invariants
from riskboard.rulesets.components.options import (
    WINNING_COUNTS,
    Checked,
    Domain,
    Flag,
    OneOf,
    Whole,
    count_table,
    house_rule_domains,
    is_whole,
)
from riskboard.rulesets.components.stars import star_total
from riskboard.rulesets.risk2010 import board, hidden, invariants, legal, setup, turns
from riskboard.rulesets.risk2010.actions import VERBS, NeutralSupport
from riskboard.rulesets.risk2010.counts import star_value, troops, two_star_cards
from riskboard.rulesets.risk2010.data import (
    NEUTRALS,
    SIMPLE_DEAL,
    STARTING_TROOPS,
)
from riskboard.rulesets.risk2010.extra import extra_from_dict, extra_to_dict
from riskboard.rulesets.risk2010.extras import Risk2010Extras
from riskboard.rulesets.risk2010.words import Risk2010Words


class Risk2010Ruleset(BaseRuleset):
    """RISK (2010): the world map with star cards, ceasefire and a two-player game with neutrals."""

    name = "risk2010"
    aliases = ("risk_2010", "2010", "star_cards")
    version = "1"
    presentation = Risk2010Words()
    variants = ("simple", "classic", "two_player")
    setups = ("deal", "claim")
    map_name = "world"
    min_players = 2
    max_players = 5
    phases = ("setup", "neutral", "reinforce", "attack", "occupy", "fortify", "over")
    verbs = VERBS

    def __init__(self) -> None:
        self._handlers: dict[type, Handler] = {
            Place: lambda cfg, s, a, c: turns.place(cfg, s, a),
            TradeCards: lambda cfg, s, a, c: turns.trade(cfg, s, a),
            Attack: lambda cfg, s, a, c: turns.attack(self, cfg, s, a, c),
            Blitz: lambda cfg, s, a, c: turns.blitz(self, cfg, s, a, c),
            Defend: lambda cfg, s, a, c: turns.defend(self, cfg, s, a, c),
            Occupy: lambda cfg, s, a, c: turns.occupy(cfg, s, a),
            Fortify: turns.fortify,
            EndPhase: turns.end,
            NeutralSupport: lambda cfg, s, a, c: turns.neutral_support(cfg, s, a),
        }

    def parts(self, cfg: GameConfig) -> frozenset[str]:
        parts = {"star_cards", "territory_table", "win_progress"}
        if cfg.variant == "simple":
            parts.add("ceasefire")
        if cfg.variant == "two_player":
            parts.add("neutral_support")
        return frozenset(parts)

    # -- configuration -------------------------------------------------------------------------
    def default_options(self, variant: str) -> dict[str, Any]:
        return {
            "ask_defender": False,  # a player defender (or, for a neutral army, the player not on turn) chooses dice
            "game_length": "medium",  # §4.3: "short" or "medium" (the simple game's ceasefire window)
            "ceasefire_window": None,  # D7: None = the window of §4.3 for the game length; or [fewest, most] cards above it
            "two_star_cards": None,  # D12: None = the data's 14; or a list of territory ids
            "starting_troops": {str(k): v for k, v in STARTING_TROOPS.items()},  # §4.4, the classic variant
            "territories_to_win": 0,  # §4.7: 0 = the printed count of the variant
            "winning_count": "start",  # D38: the simple game's count for the players who started, or "players_left"
            "reshuffle_discards": True,  # §1.4
            "undo": True,
            # house rules (the printed rule is the default)
            "attack_dice": 3,
            "defence_dice": 2,
            "ties": "defender",
            "fortify": "connected",
        }

    def rules(self, variant: str, options: Mapping[str, Any]) -> Rules:
        """3 dice against 2, ties to the defender; the maneuver goes along own territories (§4.6);
        cards put no troops on their territories."""
        return Rules(
            attack_dice=options["attack_dice"],
            defence_dice=options["defence_dice"],
            ties=options["ties"],
            fortify=options["fortify"],
            territory_bonus=0,
        )

    def option_domains(self, variant: str) -> dict[str, Domain]:
        """The values each option takes (``components.options``)."""
        territories = len(load_map(self.map_name))
        return {
            "ask_defender": Flag(),
            "game_length": OneOf(("short", "medium")),
            "ceasefire_window": Checked("None or [fewest, most] cards"),
            "two_star_cards": Checked("None or a list of territory ids"),
            "starting_troops": Checked("a table of player counts to troops"),
            "territories_to_win": Whole(0, territories),
            "winning_count": WINNING_COUNTS,
            "reshuffle_discards": Flag(),
            "undo": Flag(),
            **house_rule_domains(),
        }

    def validate_options(self, variant: str, options: dict[str, Any]) -> None:
        ids = load_map(self.map_name).index
        listed = options["two_star_cards"]
        if (
            isinstance(listed, (list, tuple, set, frozenset))
            and len(listed) <= len(ids)
            and all(isinstance(t, str) and t in ids for t in listed)
        ):
            options["two_star_cards"] = tuple(sorted(set(listed)))
        elif listed is not None:
            raise ConfigError(
                _("option 'two_star_cards' must be None or a list of territory ids of the world map"),
                code="config/bad_option",
            )
        window = options["ceasefire_window"]
        if window is not None:
            if (
                not isinstance(window, (list, tuple))
                or len(window) != 2
                or not all(is_whole(v) for v in window)
                or not 0 <= window[0] <= window[1] <= len(ids) - 1
            ):
                raise ConfigError(
                    _("option 'ceasefire_window' is [fewest, most] cards above the ceasefire card, 0 to {most}").format(
                        most=len(ids) - 1
                    ),
                    code="config/bad_option",
                )
            options["ceasefire_window"] = (window[0], window[1])
        least = {n: -(-len(ids) // n) for n in STARTING_TROOPS}
        given = count_table("starting_troops", options["starting_troops"], least, MAX_UNITS)
        options["starting_troops"] = {**self.default_options(variant)["starting_troops"], **given}

    def neutrals_for(self, variant: str, players: Sequence[str]) -> tuple[str, ...]:
        return NEUTRALS if variant == "two_player" else ()

    def check_setup(self, variant: str, setup_name: str | None, players: Sequence[str]) -> str:
        n = len(players)
        if variant == "two_player" and n != 2:
            raise ConfigError(_("the two_player variant is for 2 players, got {n}").format(n=n), code="config/players")
        if variant != "two_player" and n not in SIMPLE_DEAL:
            if n == 2:
                text = _("the {variant} variant is for 3 to 5 players, got {n}; two players play variant='two_player'")
            else:
                text = _("the {variant} variant is for 3 to 5 players, got {n}")
            raise ConfigError(text.format(variant=variant, n=n), code="config/players")
        if variant == "classic":
            return setup_name or "claim"
        if setup_name not in (None, "deal"):
            raise ConfigError(
                _(
                    "the {variant} variant deals the cards and places troops by stars (setup='deal'), not {setup}"
                ).format(variant=variant, setup=repr(setup_name)),
                code="config/bad_setup",
            )
        return "deal"

    def deck(self, cfg: GameConfig) -> tuple[str, ...]:
        """The 42 territory cards (the ceasefire card is never held, §4.1)."""
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

    def extras(self, cfg: GameConfig, state: GameState) -> Risk2010Extras:
        return Risk2010Extras(cfg, state)

    def resample_hidden(self, cfg: GameConfig, state: GameState, player: int, rng: random.Random) -> GameState:
        """The hands, the draw pile and the cards reserved under the neutral armies dealt again from
        one pool (the base's ``deal_unseen``), then the ceasefire card placed in its known window."""
        x = state.extra
        state, reserved = self.deal_unseen(state, player, rng, x.reserved)
        return hidden.place_ceasefire(cfg, state.evolve(extra=x._replace(reserved=reserved)), rng)

    # -- decisions -----------------------------------------------------------------------------
    def pending(self, cfg: GameConfig, state: GameState) -> Pending:
        return legal.pending(self, cfg, state)

    def legal_actions(self, cfg: GameConfig, state: GameState) -> LegalActions:
        return legal.legal_actions(self, cfg, state)

    def problems(self, cfg: GameConfig, s: GameState) -> list[str]:
        shared = shared_invariants.shared_problems(cfg, s, ())
        if not hasattr(s.extra, "reserved"):
            return [*shared, _("a 2010 edition state needs its extra facts")]
        return [*invariants.cards_problems(self.deck(cfg), s), *shared, *invariants.problems(cfg, s)]

    # -- battles -------------------------------------------------------------------------------
    def defence_chooser(self, cfg: GameConfig, s: GameState, defender: int) -> int | None:
        """With ``ask_defender`` a player chooses their own dice, and the player who is not on turn
        those of a neutral army (§4.8); otherwise the most dice allowed are rolled at once."""
        if not cfg.options["ask_defender"]:
            return None
        if defender < len(cfg.players):
            return defender
        return next(p for p in range(len(cfg.players)) if p != s.current and s.alive[p])

    losses = None
    conquest_effects = staticmethod(turns.neutral_falls)
    eliminate = staticmethod(turns.eliminate)

    # -- cards ---------------------------------------------------------------------------------
    def income(self, cfg: GameConfig, s: GameState, player: int) -> int:
        """§4.6.1: 3 + the territory table's bonus + every continent held (``counts.troops``, its one home)."""
        return troops(cfg, s, player)[0]

    def trades(self, cfg: GameConfig, s: GameState, player: int) -> list[TradeCards]:
        return legal.trades(cfg, s, player)

    def trade_value(self, cfg: GameConfig, s: GameState, cards: Sequence[str]) -> int:
        if not cards or len(set(cards)) != len(cards) or not all(c in cfg.map.index for c in cards):
            return 0
        return star_value(star_total(cards, two_star_cards(cfg)))

    def card_faces(self, cfg: GameConfig) -> Mapping[str, Mapping[str, Any]]:
        return _star_faces(cfg.map.ids, two_star_cards(cfg))

    board_facts = staticmethod(board.facts)
    board_state = staticmethod(board.state)
    board_counts = staticmethod(board.counts)
    board_hints = staticmethod(board.hints)


@lru_cache(maxsize=16)  # one per map and list of 2-star cards: the board reads the faces after every action
def _star_faces(cards: tuple[str, ...], two: frozenset[str]) -> Mapping[str, Mapping[str, Any]]:
    """Each card's stars, read-only (made once, shared)."""
    return MappingProxyType({c: MappingProxyType({"stars": 2 if c in two else 1}) for c in cards})
