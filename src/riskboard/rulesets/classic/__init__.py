"""The ``classic`` ruleset: the 42-territory world game with card sets (RULES.md §2, seed S004).

Variants: ``standard`` (world domination) and ``secret_missions`` (§2.11). Two players play with
a neutral army (§2.9). Every [decision] of §8 that concerns this edition is an option.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import Any

from riskboard.engine.actions import Action, Attack, Blitz, Defend, EndPhase, Fortify, Occupy, Place, TradeCards
from riskboard.engine.chance import Chance
from riskboard.engine.events import (
    TURN_STARTED,
    CardDrawn,
    DiscardsReshuffled,
    Event,
    Events,
    expand,
)
from riskboard.engine.state import UNCLAIMED, GameState, stamp
from riskboard.errors import ConfigError, IllegalAction
from riskboard.maps import load_map
from riskboard.rulesets.base import GameConfig, Pending, Ruleset
from riskboard.rulesets.classic import setup as setup_rules
from riskboard.rulesets.classic import turns
from riskboard.rulesets.components.cards import build_deck, card_symbols, sets_in_hand
from riskboard.rulesets.components.common import next_alive

NEUTRAL = "neutral"
_tuple_new = tuple.__new__


class ClassicRuleset(Ruleset):
    """Classic RISK as the Japanese seed describes it, gaps filled from the published rules."""

    name = "classic"
    aliases = ("risk", "classic_risk", "world")
    version = "1"
    title = "Classic RISK (42 territories, card sets)"
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

    @cached_property
    def symbols(self) -> dict[str, str]:
        return card_symbols(load_map(self.map_name))

    # -- configuration -------------------------------------------------------------------------
    def default_options(self, variant: str) -> dict[str, Any]:
        return {
            "ask_defender": False,  # ask the defender for 1 or 2 dice; False = always the most allowed
            "starting_armies": {"2": 40, "3": 35, "4": 30, "5": 25, "6": 20},
            "neutral_armies": 40,  # §2.9
            "card_values": [4, 6, 8, 10, 12, 15],
            "card_value_step": 5,
            "territory_bonus": 2,
            "forced_trade_at": 5,
            "elimination_trade_at": 6,
            "elimination_trade_to": 4,
            "min_reinforcements": 3,
            "reshuffle_discards": True,  # D5
            "undo": True,
        }

    def validate_options(self, variant: str, options: dict[str, Any]) -> None:
        values = options["card_values"]
        if (
            not isinstance(values, (list, tuple))
            or not values
            or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in values)
        ):
            raise ConfigError(
                "option 'card_values' must be a non-empty list of positive whole numbers", code="config/bad_option"
            )
        options["card_values"] = list(values)
        table = options["starting_armies"]
        if not isinstance(table, Mapping):
            raise ConfigError("option 'starting_armies' must map a player count to armies", code="config/bad_option")
        try:
            given = {str(int(k)): int(v) for k, v in table.items()}
        except (TypeError, ValueError):
            raise ConfigError(
                f"option 'starting_armies' must map player counts to whole numbers, got {dict(table)!r}",
                code="config/bad_option",
            ) from None
        # a partial table overrides some player counts and keeps the others
        options["starting_armies"] = {**self.default_options(variant)["starting_armies"], **given}
        for k, v in options["starting_armies"].items():
            n = int(k)
            if not self.min_players <= n <= self.max_players:
                raise ConfigError(f"starting_armies[{k}]: {self.name} is for 2 to 6 players", code="config/bad_option")
            share = -(-42 // (3 if n == 2 else n))  # the most territories one player may need to hold
            if v < share:
                raise ConfigError(f"starting_armies[{k}] = {v} is too few to claim the map", code="config/bad_option")
        for key in ("forced_trade_at", "elimination_trade_at"):
            if options[key] < 3:
                raise ConfigError(f"option {key!r} must be at least 3", code="config/bad_option")
        # fewer would leave a player without armies to place (a turn nobody can play) or the
        # two-player neutral army without an army for each of its 14 territories (setup never ends)
        least = {"min_reinforcements": 1, "neutral_armies": -(-42 // 3)}
        for key in ("card_value_step", "territory_bonus", "elimination_trade_to", *least):
            if options[key] < least.get(key, 0):
                raise ConfigError(
                    f"option {key!r} must be at least {least.get(key, 0)}, got {options[key]}", code="config/bad_option"
                )

    def neutrals_for(self, variant: str, players: Sequence[str]) -> tuple[str, ...]:
        return (NEUTRAL,) if len(players) == 2 else ()

    def check_setup(self, variant: str, setup: str, players: Sequence[str]) -> str:
        if variant == "secret_missions" and len(players) < 3:
            raise ConfigError("secret missions need 3 to 6 players", code="config/bad_variant")
        if len(players) == 2:
            if setup not in ("deal", None, "claim_default"):
                raise ConfigError(
                    "the two-player game deals the territories (RULES.md §2.9); use setup='deal'",
                    code="config/bad_setup",
                )
            return "deal"
        return "claim" if setup in (None, "claim_default") else setup

    def deck(self, cfg: GameConfig) -> tuple[str, ...]:
        """Every playing card of the game (42 territories and 2 wilds)."""
        return build_deck(cfg.map)

    # -- states --------------------------------------------------------------------------------
    def initial_state(self, cfg: GameConfig, chance: Chance) -> GameState:
        return setup_rules.initial_state(self, cfg, chance)

    def scenario_state(self, cfg, position, current_player, phase, extras, chance) -> GameState:  # type: ignore[no-untyped-def]
        return setup_rules.scenario_state(self, cfg, position, current_player, phase, extras, chance)

    def income(self, cfg: GameConfig, s: GameState, player: int) -> int:
        """§2.4: max(3, territories ÷ 3) plus the bonus of every continent held in full."""
        owner = s.owner
        total = max(cfg.options["min_reinforcements"], owner.count(player) // 3)
        for members, bonus in zip(cfg.map.region_members, cfg.map.region_bonus):
            for i in members:
                if owner[i] != player:
                    break
            else:
                total += bonus
        return total

    def start_turn(self, cfg: GameConfig, s: GameState, player: int, events: Events) -> GameState:
        income = self.income(cfg, s, player)
        turn = s.turn + 1
        events.append((TURN_STARTED, cfg.players[player], turn, income))
        return s._replace(
            phase="reinforce",
            current=player,
            turn=turn,
            reinforcements=income,
            conquered=False,
            bonus_used=False,
            battle=None,
            must_trade=False,
        )

    def end_turn(self, cfg: GameConfig, s: GameState, events: Events, chance: Chance) -> GameState:
        """§1.4: one card if the player conquered this turn; then the next player starts."""
        if s.conquered:
            pile = s.draw_pile
            discards = s.discard_pile
            if not pile and discards and cfg.options["reshuffle_discards"]:
                pile, discards = tuple(sorted(discards)), ()
                events.append(DiscardsReshuffled(len(pile)))
            if pile:
                card = chance.draw(pile)
                i = pile.index(card)
                p = s.current
                s = s._replace(
                    draw_pile=pile[:i] + pile[i + 1 :],
                    discard_pile=discards,
                    hands=s.hands[:p] + (s.hands[p] + (card,),) + s.hands[p + 1 :],
                )
                events.append(CardDrawn(cfg.players[p], card))
            else:
                s = s._replace(draw_pile=pile, discard_pile=discards)
        return self.start_turn(cfg, s, next_alive(s, s.current), events)

    def defender_player(self, cfg: GameConfig, s: GameState, defender: int) -> int:
        """Who chooses the defence dice: the owner, or for the neutral army the other player (D4)."""
        if defender < len(cfg.players):
            return defender
        return next_alive(s, s.current)

    def can_reach(self, cfg: GameConfig, s: GameState, src: int, tgt: int) -> bool:
        """``fortify_adjacent`` (§2.7): the target must border the source."""
        return tgt in cfg.map.adjacency[src]

    # -- decisions -----------------------------------------------------------------------------
    def pending(self, cfg: GameConfig, s: GameState) -> Pending:
        phase = s.phase
        if phase == "over":
            return Pending(None, "none", phase)
        player = cfg.players[s.current]
        if phase == "setup":
            if cfg.neutrals:
                if s.setup_left[0] > 0:
                    return Pending(player, "place", phase, f"{s.setup_left[0]} of your armies")
                return Pending(player, "place_neutral", phase, "1 neutral army")
            if UNCLAIMED in s.owner:
                return Pending(player, "claim", phase, "place 1 army on an empty territory")
            return Pending(player, "place", phase, f"1 army, {s.supply[s.current]} left")
        if phase == "reinforce":
            if len(s.hands[s.current]) >= cfg.options["forced_trade_at"]:
                return Pending(player, "trade", phase, f"{len(s.hands[s.current])} cards: a set must be traded")
            return Pending(player, "place", phase, f"{s.reinforcements} armies")
        if phase == "attack":
            if s.must_trade:
                return Pending(player, "trade", phase, "too many cards after an elimination")
            if s.reinforcements:
                return Pending(player, "place", phase, f"{s.reinforcements} armies")
            if s.battle is not None:
                _, _src, tgt, adice, _ = s.battle
                who = self.defender_player(cfg, s, s.owner[tgt])
                return Pending(cfg.players[who], "defend", phase, f"{cfg.map.ids[tgt]} against {adice} dice")
            # asked before most decisions: built without Pending's Python-level __new__
            return _tuple_new(Pending, (player, "attack", phase, "or end"))
        if phase == "occupy":
            _, _src, tgt, least, most = s.battle  # type: ignore[misc]
            return Pending(player, "occupy", phase, f"{least} to {most} armies into {cfg.map.ids[tgt]}")
        return Pending(player, "fortify", phase, "or end")

    def legal_actions(self, cfg: GameConfig, s: GameState) -> list[Action]:
        phase = s.phase
        ids = cfg.map.ids
        p = s.current
        owner = s.owner
        armies = s.armies
        out: list[Action] = []
        if phase == "over":
            return out
        if phase == "setup":
            if cfg.neutrals:
                own_left = s.setup_left[0]
                if own_left:
                    mine = [t for t, o in enumerate(owner) if o == p]
                    return [Place(k, ids[t]) for t in mine for k in range(1, own_left + 1)]
                n = len(cfg.players)
                return [Place(1, ids[t]) for t, o in enumerate(owner) if o >= n]
            if UNCLAIMED in owner:
                return [Place(1, ids[t]) for t, o in enumerate(owner) if o == UNCLAIMED]
            return [Place(1, ids[t]) for t, o in enumerate(owner) if o == p]
        if phase == "occupy":
            _, _, _, least, most = s.battle  # type: ignore[misc]
            return [Occupy(k) for k in range(least, most + 1)]
        if phase == "fortify":
            adjacency = cfg.map.adjacency
            for src, o in enumerate(owner):
                if o == p and armies[src] > 1:
                    for tgt in adjacency[src]:
                        if owner[tgt] == p:
                            out.extend(Fortify(ids[src], ids[tgt], k) for k in range(1, armies[src]))
            out.append(EndPhase())
            return out
        hand = s.hands[p]
        trades = [TradeCards(c) for c in sets_in_hand(hand, self.symbols)]
        if phase == "reinforce":
            if len(hand) >= cfg.options["forced_trade_at"]:
                return trades  # type: ignore[return-value]
            out.extend(trades)
            mine = [t for t, o in enumerate(owner) if o == p]
            out.extend(Place(k, ids[t]) for t in mine for k in range(1, s.reinforcements + 1))
            return out
        # attack phase
        if s.must_trade:
            return trades  # type: ignore[return-value]
        if s.reinforcements:
            mine = [t for t, o in enumerate(owner) if o == p]
            return [Place(k, ids[t]) for t in mine for k in range(1, s.reinforcements + 1)]
        if s.battle is not None:
            injected = s.battle[4]
            if injected and len(injected) == 2:  # the defender's dice were set in advance
                return [Defend(len(injected[1]))]
            return [Defend(k) for k in range(1, min(2, armies[s.battle[2]]) + 1)]
        adjacency = cfg.map.adjacency
        blitz = not cfg.options["ask_defender"]
        for src, o in enumerate(owner):
            if o == p and armies[src] > 1:
                most = min(3, armies[src] - 1)
                for tgt in adjacency[src]:
                    if owner[tgt] != p:
                        out.extend(Attack(ids[src], ids[tgt], k) for k in range(1, most + 1))
                        if blitz:
                            out.append(Blitz(ids[src], ids[tgt]))
        out.append(EndPhase())
        return out

    def apply(self, cfg: GameConfig, s: GameState, action: Action, chance: Chance) -> tuple[GameState, list[Event]]:
        new, events = self.apply_compact(cfg, s, action, chance)
        return new, expand(events)

    def apply_compact(self, cfg: GameConfig, s: GameState, action: Action, chance: Chance) -> tuple[GameState, Events]:
        """``apply``, with the events of the hottest actions left in their compact form
        (``riskboard.engine.events.expand``): what ``Game.play`` stores."""
        handler = self._handlers.get(type(action))
        if handler is None:
            raise IllegalAction(f"'{action.verb}' is not an action of the {self.name} rules", code="action/unknown")
        if s.phase == "over":
            raise IllegalAction("the game is over", code="game/over")
        new, events = handler(self, cfg, s, action, chance)
        if new.missions and new.winner < 0:
            new = turns.check_mission(cfg, new, events)
        if new.seq == s.seq:
            # the hottest handlers (a throw, placing, ending the attack) stamp the state they build
            # themselves, which saves copying it again here
            new = stamp(new, s.seq + 1, chance.counter)
        return new, events
