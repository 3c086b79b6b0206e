"""What the engine asks of an edition: the ``Ruleset`` protocol, with ``GameConfig``, ``Pending``
and ``Scenario``, the values that pass between them.

A ruleset is stateless: it turns (config, state, action) into (next state, events), and it answers
the questions the rest of the program asks about its rules (how many dice, what a card is worth,
how far a move goes, which parts its board has). How it is shown (its title, words, colours,
the labels of its steps) is a separate object, its ``presentation`` (``engine.presentation``), so
that a translation or a restyle touches only that. The engine, the
bots, the odds, the picture and the board ask; none of them asks which edition it is. Editions
live in ``riskboard.rulesets``, above the engine; a registry above both finds them by name.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol, runtime_checkable

from riskboard.engine.actions import Action, TradeCards, Verbs
from riskboard.engine.chance import Chance
from riskboard.engine.combat import Rules
from riskboard.engine.events import Events
from riskboard.engine.legal import LegalActions
from riskboard.engine.presentation import Presentation
from riskboard.engine.state import GameState
from riskboard.i18n import N_, _
from riskboard.maps import GameMap


@dataclass(frozen=True)
class GameConfig:
    """The fixed facts of one game: edition, variant, map, seating, options, rules and seed."""

    ruleset: Ruleset
    variant: str
    setup: str
    map: GameMap
    players: tuple[str, ...]
    neutrals: tuple[str, ...]
    options: Mapping[str, Any]
    seed: int
    key: int = field(repr=False, default=0)
    rules: Rules = field(default_factory=Rules)
    """The rules this game follows: the edition's, with the house rules of ``options`` applied."""

    @cached_property
    def owners(self) -> tuple[str, ...]:
        """Owner names by owner index: the players, then the neutral armies."""
        return self.players + self.neutrals

    @cached_property
    def parts(self) -> frozenset[str]:
        """The parts this game has (``Ruleset.parts``, names of ``PARTS``), asked once."""
        return self.ruleset.parts(self)


class Pending(NamedTuple):
    """Who must decide what now. ``player`` is ``None`` when the game is over.

    A named tuple rather than a dataclass: the bot loop asks for it before every decision.
    """

    player: str | None
    decision: str
    phase: str
    detail: str = ""
    verb: str = ""
    """The decision in the edition's words where they are not its name (``"maneuver"`` for
    Balance of Power's ``fortify``); ``str`` says it."""

    def __str__(self) -> str:
        """Who must do what, in the language spoken (the detail too, where the catalogs have it)."""
        if self.player is None:
            return _("nothing: the game is over")
        verb = self.verb or _VERBS.get(self.decision, self.decision)
        sentence = PENDING_SENTENCES.get(verb)
        said = (
            _(sentence).format(player=self.player)
            if sentence
            else _("{player} to {verb}").format(player=self.player, verb=_(verb))
        )
        if not self.detail:
            return said
        return _("{pending} ({detail})").format(pending=said, detail=_(self.detail))


_VERBS = {"place_neutral": "place", "setup_place": "place", "capital": "place a capital", "choose": "choose sides"}
"""How ``Pending`` says a decision whose name is not a verb."""

PENDING_SENTENCES: Mapping[str, str] = MappingProxyType(
    {
        "attack": N_("{player} to attack"),
        "buy": N_("{player} to buy"),
        "choose sides": N_("{player} to choose sides"),
        "claim": N_("{player} to claim"),
        "collect": N_("{player} to collect"),
        "continue": N_("{player} to continue"),
        "continue the attack": N_("{player} to continue the attack"),
        "defend": N_("{player} to defend"),
        "fortify": N_("{player} to fortify"),
        "maneuver": N_("{player} to maneuver"),
        "move": N_("{player} to move"),
        "occupy": N_("{player} to occupy"),
        "place": N_("{player} to place"),
        "place a capital": N_("{player} to place a capital"),
        "place the leader": N_("{player} to place the leader"),
        "reinforce a neutral army": N_("{player} to reinforce a neutral army"),
        "trade": N_("{player} to trade"),
    }
)
"""``Pending``'s sentence for each verb the editions use, whole, so that each language words it
its own way (German: "Ada: angreifen"); another verb goes into "{player} to {verb}" as it is."""


class Problem(str):
    """One broken invariant of a position, in words; ``code`` is the ``FormatError`` code a save
    with it gets."""

    code = "format/impossible"


class CardsProblem(Problem):
    """The cards in hands and piles are not the whole deck, each card once."""

    code = "format/cards"


class Scenario(NamedTuple):
    """A position to start from: ``{territory: (owner, units)}`` for every territory, whose turn,
    the phase, and the edition's further keywords (hands, cities, missions, ...)."""

    position: Mapping[str, Any]
    current_player: str | None
    phase: str | None
    extras: Mapping[str, Any]


PARTS: Mapping[str, str] = MappingProxyType(
    {
        # cards
        "card_sets": "cards of three symbols traded in sets for armies (classic)",
        "star_cards": "cards of one or two stars traded by the stars they add up to",
        # goals besides world conquest
        "secret_missions": "each player has a secret mission that wins the game (``mission_goal`` says what it asks)",
        "missions": "face-up missions collected to win (the edition's extras list them and their progress)",
        "win_progress": "holding a number of territories wins (the extras say how many)",
        "territory_table": "the number of territories that wins depends on the players (a printed table)",
        "ceasefire": "a ceasefire card in the deck can end the game",
        "rounds": "the game ends after a number of rounds",
        # the board
        "cities": "cities on territories",
        "capitals": "each player has a capital",
        "buildings": "buildings on territories (named in the map's features)",
        "difficult_terrain": "territories of difficult terrain that limit the attacker's dice",
        "airfields": "players may build an airfield",
        "field_hospital": "lost units go to a field hospital and buy special commands there",
        "neutral_support": "players reinforce and move the neutral armies (a ``neutral`` decision)",
        # battles
        "battle_modifiers": "a battle's dice depend on where it is fought: ask ``battle_rules`` per battle",
        "attack_limits": "some attacks on an enemy neighbour are not allowed: the legal actions say which",
        # leaders
        "leaders": "each player has a leader, a unit of its own (``leader_at`` says where it stands)",
        "leader_dice": "a leader rolls a die of its own kind, not the units' (the odds ask for it by name)",
        "scrapyard": "destroyed units and leaders go to a scrapyard, leaders come back from it (``revive``)",
        "alliances": "allied players share a win and never attack each other",
    }
)
"""Every part an edition may have beyond the map, armies and dice, with its meaning: the one
vocabulary of ``Ruleset.parts``. A new part is named here first."""


class MissionGoal(NamedTuple):
    """What a secret mission asks, as a planner reads it (``Ruleset.mission_goal``)."""

    text: str
    """The mission in words."""
    rival: str | None = None
    """The player whose every unit must be destroyed."""
    regions: tuple[str, ...] = ()
    """Regions to hold whole."""
    more_regions: int = 0
    """Further whole regions of the holder's choice."""
    territories: int = 0
    """Territories to hold (with ``units_each`` units at least on each)."""
    units_each: int = 1


@runtime_checkable
class Ruleset(Protocol):
    """An edition of the game: what the engine, the registry and every caller may ask of it.

    ``riskboard.rulesets.base.BaseRuleset`` implements the answers most editions share.
    """

    # What an edition is, read by everyone and set by no one: read-only members, so that a class
    # attribute (``aliases = ("bop", "europe")``) or a property (a setups list that grows) fits.
    @property
    def name(self) -> str: ...
    @property
    def aliases(self) -> tuple[str, ...]: ...
    @property
    def version(self) -> str: ...
    @property
    def variants(self) -> tuple[str, ...]: ...
    @property
    def setups(self) -> tuple[str, ...]: ...
    @property
    def map_name(self) -> str: ...
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...
    @property
    def phases(self) -> tuple[str, ...]: ...
    @property
    def verbs(self) -> Verbs:
        """The action words this edition reads (``place``, ``attack``, ..., its own such as ``buy``)."""
        ...

    @property
    def presentation(self) -> Presentation:
        """How the edition is shown: its title, words, piece colours, card note, step labels and
        prompts (``engine.presentation.Presentation``); nothing in it is a rule."""
        ...

    # -- configuration (the registry asks) -------------------------------------------------------
    def resolve_options(self, variant: str, options: Mapping[str, Any] | None) -> Mapping[str, Any]: ...
    def neutrals_for(self, variant: str, players: Sequence[str]) -> tuple[str, ...]: ...
    def check_setup(self, variant: str, setup: str | None, players: Sequence[str]) -> str: ...
    def rules(self, variant: str, options: Mapping[str, Any]) -> Rules:
        """The rules a game of ``variant`` with ``options`` follows (``game.rules``)."""
        ...

    # -- states and decisions (the engine asks) --------------------------------------------------
    def initial_state(self, cfg: GameConfig, chance: Chance) -> GameState: ...
    def scenario_state(self, cfg: GameConfig, scenario: Scenario, chance: Chance) -> GameState: ...
    def pending(self, cfg: GameConfig, state: GameState) -> Pending: ...
    def legal_actions(self, cfg: GameConfig, state: GameState) -> LegalActions: ...
    def apply(self, cfg: GameConfig, state: GameState, action: Action, chance: Chance) -> tuple[GameState, Events]:
        """Check ``action`` and return the next state (its ``seq`` and ``chance`` are the engine's to
        set) and the events, the hot ones possibly compact (``engine.events``); raise
        ``IllegalAction`` if it is not legal, having changed nothing."""
        ...

    def problems(self, cfg: GameConfig, state: GameState) -> list[str]:
        """Every way ``state`` breaks this edition's invariants (empty for a possible position): what
        reading a save checks, and what the invariant tests check after every action."""
        ...

    # -- the edition's own state -----------------------------------------------------------------
    def deck(self, cfg: GameConfig) -> tuple[str, ...]: ...
    def extra_to_dict(self, cfg: GameConfig, extra: Any) -> Any: ...
    def extra_from_dict(self, cfg: GameConfig, data: Any) -> Any: ...
    def extras(self, cfg: GameConfig, state: GameState) -> Any: ...

    def resample_hidden(self, cfg: GameConfig, state: GameState, player: int, rng: random.Random) -> GameState:
        """``state`` with everything hidden from ``player`` (an owner index) drawn again from ``rng``,
        consistently: what ``player`` sees (the public facts and its own) is unchanged, every card
        is kept once, hand sizes are kept and the draw pile stays sorted. What a search bot plays
        on (``engine.sampling.sample_game``): only the edition knows which of its facts are hidden."""
        ...

    def leader_at(self, cfg: GameConfig, state: GameState, territory: int) -> int | None:
        """The player (index) whose leader stands on ``territory``, or ``None`` (Transformers)."""
        ...

    def winners(self, cfg: GameConfig, state: GameState) -> tuple[int, ...]:
        """The owner indices of every winner (``()`` while the game goes on; two or more where the
        edition has shared wins, such as the 2010 ceasefire's tie)."""
        ...

    # -- questions about the rules (bots, odds, the board and the picture ask) -------------------
    def battle_rules(self, cfg: GameConfig, state: GameState, attacker: int, target: int) -> Rules:
        """The rules of a battle ``attacker`` (an owner index) fights for ``target`` now."""
        ...

    def battle_notes(self, cfg: GameConfig, state: GameState, attacker: int, target: int) -> list[str]:
        """Why that battle's rules differ from the game's, in words (``[]`` when they do not)."""
        ...

    def income(self, cfg: GameConfig, state: GameState, player: int) -> int:
        """The units ``player`` (an owner index) would receive for what they hold at the start of a
        turn, before the limits and anything bought: the edition's income rule, asked by the bots."""
        ...

    def destinations(self, cfg: GameConfig, state: GameState, source: int) -> list[int]:
        """Where the end-of-turn move may take units from ``source``."""
        ...

    def trades(self, cfg: GameConfig, state: GameState, player: int) -> list[TradeCards]:
        """The trades ``player``'s hand allows (whether or not it is the time to trade)."""
        ...

    def trade_value(self, cfg: GameConfig, state: GameState, cards: Sequence[str]) -> int:
        """What trading ``cards`` now gives, in units to place (0 when they are not a trade)."""
        ...

    def card_bonus(self, cfg: GameConfig, state: GameState, player: int, card: str) -> int:
        """What ``card`` puts on its territory if ``player`` trades it now (0 for none)."""
        ...

    def card_faces(self, cfg: GameConfig) -> Mapping[str, Mapping[str, Any]]:
        """What each card shows besides its territory: ``{"symbol": "cavalry"}``, ``{"stars": 2}``.
        A rules fact (the symbols and stars decide the trades), not a word: the names shown for
        them are the presentation's."""
        ...

    # -- the edition's parts (what it has beyond the map, armies and dice) ------------------------
    def parts(self, cfg: GameConfig) -> frozenset[str]:
        """The parts this game's edition, variant and options have, named from ``PARTS`` (and only
        from it): how the bots, the board, the picture, the env, teaching and tournaments tell
        editions apart. Each of them handles a part where the edition has it, whichever edition
        it is; none asks the edition's name."""
        ...

    def mission_goal(self, cfg: GameConfig, mission: str) -> MissionGoal | None:
        """What the secret ``mission`` (an id of ``state.missions``) asks, for whoever plans toward
        it (a bot); ``None`` for an id this edition does not know."""
        ...

    def board_facts(self, cfg: GameConfig, state: GameState, /) -> dict[str, Any]:
        """Those parts' fixed facts, JSON-ready (sent to the board once)."""
        ...

    def board_state(self, cfg: GameConfig, state: GameState, /) -> dict[str, Any]:
        """Those parts' state that changes now and then (cities, capitals, missions, purchases)."""
        ...

    def board_counts(self, cfg: GameConfig, state: GameState, /) -> dict[str, Any]:
        """Those parts' numbers that change with most actions (progress, field hospitals)."""
        ...

    def board_hints(self, cfg: GameConfig, state: GameState, legal: Sequence[Action], /) -> dict[str, Any]:
        """What the pending decision allows in those parts, read from the ``legal`` actions (a
        ``LegalActions``: each action is built as it is read, so one read, or ``list`` first)."""
        ...
