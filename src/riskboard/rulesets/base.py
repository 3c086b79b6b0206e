"""``BaseRuleset``: the answers most editions share to the questions of ``engine.ruleset.Ruleset``.

An edition subclasses it, sets its name, variants, setups, map and phases, and implements the
states and decisions; everything an edition does not override here is the printed classic answer
(3 attacking dice against 2, ties to the defender, the end-of-turn move to a neighbour, no card
bonus) or "this edition has none" (no extra state, no trades). How an edition is shown is its
``presentation`` (``rulesets.presentation.BasePresentation``: armies, the classic steps).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from riskboard.engine.actions import SHARED, Action, TradeCards, Verbs
from riskboard.engine.chance import Chance
from riskboard.engine.combat import Rules
from riskboard.engine.events import Events
from riskboard.engine.legal import LegalActions
from riskboard.engine.presentation import Presentation
from riskboard.engine.ruleset import GameConfig, MissionGoal, Pending, Scenario
from riskboard.engine.state import GameState
from riskboard.errors import ConfigError, FormatError, IllegalAction
from riskboard.i18n import _
from riskboard.i18n.hints import did_you_mean
from riskboard.rulesets.components import fortify, invariants
from riskboard.rulesets.components.income import army_income
from riskboard.rulesets.components.options import Domain
from riskboard.rulesets.presentation import BasePresentation

Handler = Callable[[GameConfig, GameState, Any, Chance], tuple[GameState, Events]]
"""A handler of one kind of action: check it, then return the next state and the events. The
action is typed ``Any``: ``_handlers`` maps each action class to its handler and ``apply`` calls it
only with an instance of that class (``type(action)``), a pairing no static type of a dict can
state; each handler's own signature names its action class."""


class BaseRuleset:
    """Base class of the editions (see the module docstring)."""

    name: str = ""
    aliases: tuple[str, ...] = ()
    version: str = "1"
    variants: tuple[str, ...] = ("standard",)
    setups: tuple[str, ...] = ("claim",)
    map_name: str = "world"
    min_players: int = 2
    max_players: int = 6
    phases: tuple[str, ...] = ("setup", "reinforce", "attack", "occupy", "fortify", "over")
    verbs: Verbs = SHARED
    presentation: Presentation = BasePresentation()
    """How the edition is shown (words, labels, colours): an edition sets its ``words`` module's."""

    # -- configuration -------------------------------------------------------------------------
    def default_options(self, variant: str) -> dict[str, Any]:
        """Every overridable [decision] and parameter of this edition, with its default."""
        return {}

    def option_domains(self, variant: str) -> dict[str, Domain]:
        """The values each option of ``default_options`` takes (``components.options``): every
        option has one, and a value outside it is refused before the game starts."""
        return {}

    def resolve_options(self, variant: str, options: Mapping[str, Any] | None) -> Mapping[str, Any]:
        defaults = self.default_options(variant)
        domains = self.option_domains(variant)
        merged = dict(defaults)
        if options is not None and not isinstance(options, Mapping):
            raise ConfigError(
                _("options must be a dict of option names to values, got {value}").format(value=f"{options!r:.60}"),
                code="config/bad_option",
            )
        for key, value in (options or {}).items():
            if key not in defaults:
                known = ", ".join(sorted(defaults))
                hint = did_you_mean(key, list(defaults))
                raise ConfigError(
                    _("{edition} has no option {option}{hint}; its options are: {known}").format(
                        edition=self.name, option=f"{key!r:.60}", hint=hint, known=known
                    ),
                    code="config/unknown_option",
                )
            merged[key] = domains[key].check(key, value)
        self.validate_options(variant, merged)
        return MappingProxyType(merged)

    def validate_options(self, variant: str, options: dict[str, Any]) -> None:
        """Raise ``ConfigError`` for option values this edition cannot play with."""

    def neutrals_for(self, variant: str, players: Sequence[str]) -> tuple[str, ...]:
        return ()

    def check_setup(self, variant: str, setup: str | None, players: Sequence[str]) -> str:
        return setup or self.setups[0]

    def rules(self, variant: str, options: Mapping[str, Any]) -> Rules:
        """The printed classic rules: 3 dice against 2, ties to the defender, move to a neighbour."""
        return Rules()

    # -- the rules -----------------------------------------------------------------------------
    def initial_state(self, cfg: GameConfig, chance: Chance) -> GameState:
        raise NotImplementedError

    def scenario_state(self, cfg: GameConfig, scenario: Scenario, chance: Chance) -> GameState:
        raise NotImplementedError

    def pending(self, cfg: GameConfig, state: GameState) -> Pending:
        raise NotImplementedError

    def legal_actions(self, cfg: GameConfig, state: GameState) -> LegalActions:
        raise NotImplementedError

    _handlers: Mapping[type, Handler] = MappingProxyType({})
    """The edition's handler for each kind of action it reads, ``(cfg, state, action, chance)``."""

    def apply(self, cfg: GameConfig, state: GameState, action: Action, chance: Chance) -> tuple[GameState, Events]:
        """Hand ``action`` to the edition's handler for its kind (``_handlers``): an action of
        another edition, or any action once the game is over, is refused."""
        handler = self._handlers.get(type(action))
        if handler is None:
            raise IllegalAction(
                _("'{verb}' is not an action of the {edition} rules").format(verb=action.verb, edition=self.name),
                code="action/unknown",
            )
        if state.phase == "over":
            raise IllegalAction(_("the game is over"), code="game/over")
        return handler(cfg, state, action, chance)

    def problems(self, cfg: GameConfig, state: GameState) -> list[str]:
        """What every edition requires of a position (``components.invariants``); editions add theirs."""
        return invariants.shared_problems(cfg, state, self.deck(cfg))

    # -- the edition's own state (``GameState.extra``) -----------------------------------------
    def deck(self, cfg: GameConfig) -> tuple[str, ...]:
        """Every card of the game (hands and piles together hold each once)."""
        return ()

    def extra_to_dict(self, cfg: GameConfig, extra: Any) -> Any:
        """``GameState.extra`` as JSON-ready data (editions without extra state never get here)."""
        raise NotImplementedError

    def extra_from_dict(self, cfg: GameConfig, data: Any) -> Any:
        """Rebuild and validate ``GameState.extra``; editions without extra state accept only ``None``."""
        if data is not None:
            raise FormatError(
                _("{edition} states have no 'extra' field").format(edition=self.name), code="format/bad_field"
            )
        return None

    def extras(self, cfg: GameConfig, state: GameState) -> Any:
        """A readable, public account of the edition's own state for cells and the board (``game.extras``)."""
        return None

    # -- hidden information --------------------------------------------------------------------
    def resample_hidden(self, cfg: GameConfig, state: GameState, player: int, rng: random.Random) -> GameState:
        """Other players' hands and the draw pile dealt again from the cards ``player`` cannot see
        (``deal_unseen``): all most editions hide. Editions with more hidden facts override this,
        call it (or ``deal_unseen`` with their face-down cards) and draw theirs."""
        return self.deal_unseen(state, player, rng)[0]

    @staticmethod
    def deal_unseen(
        state: GameState, player: int, rng: random.Random, face_down: tuple[tuple[str, ...], ...] = ()
    ) -> tuple[GameState, tuple[tuple[str, ...], ...]]:
        """Shuffle the cards ``player`` cannot see (the draw pile, the other hands and the
        ``face_down`` piles nobody sees) and deal them again: each other hand, then each face-down
        pile, keeps its size (sorted, as hands are kept); the rest is the draw pile, sorted (it is
        drawn at random). Returns the state and the face-down piles as dealt, for the edition to
        put back where it keeps them. One shuffle of one pool, so every card lies anywhere it may."""
        others = [p for p in range(len(state.hands)) if p != player]
        unseen = [
            *state.draw_pile,
            *(c for p in others for c in state.hands[p]),
            *(c for pile in face_down for c in pile),
        ]
        if not unseen:
            return state, face_down
        rng.shuffle(unseen)
        hands = list(state.hands)
        taken = 0
        for p in others:
            size = len(state.hands[p])
            hands[p] = tuple(sorted(unseen[taken : taken + size]))
            taken += size
        piles = []
        for pile in face_down:
            piles.append(tuple(sorted(unseen[taken : taken + len(pile)])))
            taken += len(pile)
        return state.evolve(hands=tuple(hands), draw_pile=tuple(sorted(unseen[taken:]))), tuple(piles)

    # -- questions about the rules -------------------------------------------------------------
    def leader_at(self, cfg: GameConfig, state: GameState, territory: int) -> int | None:
        """The player whose leader stands on ``territory`` (an index), or ``None``: editions
        without leaders have none."""
        return None

    def winners(self, cfg: GameConfig, state: GameState) -> tuple[int, ...]:
        """Every winner of a game that is over: one, or where an edition has shared wins the
        ``winners`` its extra state names (the 2010 ceasefire's tie, a Transformers alliance)."""
        if state.winner < 0:
            return ()
        return getattr(state.extra, "winners", ()) or (state.winner,)

    def battle_rules(self, cfg: GameConfig, state: GameState, attacker: int, target: int) -> Rules:
        """The game's rules: nothing changes from one battle to the next."""
        return cfg.rules

    def battle_notes(self, cfg: GameConfig, state: GameState, attacker: int, target: int) -> list[str]:
        return []

    def modified_throw(
        self, cfg: GameConfig, s: GameState, rules: Rules, attacker: int, src: int, tgt: int, adice: int, ddice: int,
        chance: Chance, events: Events,
    ) -> tuple[int, int]:  # fmt: skip
        """No die is modified here (``battle_rules`` adds no bonus or reroll), so no modified throw
        is ever asked for; an edition whose battle rules modify dice says how they are thrown
        (``components.battles.BattleEdition.modified_throw``)."""
        raise NotImplementedError(f"{self.name} modifies dice ({rules.describe()}) but throws none modified")

    losses: Any = None
    """Lost units go back to the box (``components.battles.BattleEdition.losses``)."""
    conquest_effects: Any = None
    """A conquest changes nothing else (``components.battles.BattleEdition.conquest_effects``)."""

    def income(self, cfg: GameConfig, state: GameState, player: int) -> int:
        """Classic's count (RULES.md §2.4, Transformers' D29): ``components.income.army_income``,
        its one home; an edition with another count states its own."""
        return army_income(cfg, state, player)

    def destinations(self, cfg: GameConfig, state: GameState, source: int) -> list[int]:
        return fortify.destinations(cfg, state, source)

    def trades(self, cfg: GameConfig, state: GameState, player: int) -> list[TradeCards]:
        return []

    def trade_value(self, cfg: GameConfig, state: GameState, cards: Sequence[str]) -> int:
        return 0

    def card_bonus(self, cfg: GameConfig, state: GameState, player: int, card: str) -> int:
        return 0

    def parts(self, cfg: GameConfig) -> frozenset[str]:
        """None: the map, armies and dice only (an edition names its parts from ``PARTS``)."""
        return frozenset()

    def mission_goal(self, cfg: GameConfig, mission: str) -> MissionGoal | None:
        return None

    def card_faces(self, cfg: GameConfig) -> Mapping[str, Mapping[str, Any]]:
        """What each card shows besides its territory (a symbol, stars); empty without cards."""
        return {}

    # -- the edition's parts of the board (``parts``), as JSON-ready data ------------------------
    def board_facts(self, cfg: GameConfig, state: GameState, /) -> dict[str, Any]:
        return {}

    def board_state(self, cfg: GameConfig, state: GameState, /) -> dict[str, Any]:
        return {}

    def board_counts(self, cfg: GameConfig, state: GameState, /) -> dict[str, Any]:
        return {}

    def board_hints(self, cfg: GameConfig, state: GameState, legal: Sequence[Action], /) -> dict[str, Any]:
        return {}

    def __repr__(self) -> str:
        return f"<Ruleset {self.name!r} v{self.version}: variants {', '.join(self.variants)}>"
