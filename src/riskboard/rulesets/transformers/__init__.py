"""The ``transformers`` ruleset: Autobots against Decepticons on the world map as a stand-in for
Cybertron (RULES.md §6, seed S002, German pages on "Befreiungsaktionen"; D28).

Two players play head to head, three a free-for-all of one Autobot against two Decepticons, four
two allied pairs that share the win and never attack each other. Every player has a leader, a
unit that rolls a d8 when committed to a liberation action and goes to the scrapyard like any
robot; the game lasts 6 rounds. Every [decision] of §8 for this edition is an option.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from riskboard.engine.actions import Attack, Blitz, Defend, EndPhase, Fortify, Occupy, Place
from riskboard.engine.chance import Chance
from riskboard.engine.combat import Rules
from riskboard.engine.legal import LegalActions
from riskboard.engine.ruleset import GameConfig, Pending, Scenario
from riskboard.engine.state import MAX_UNITS, GameState
from riskboard.rulesets.base import BaseRuleset, Handler
from riskboard.rulesets.components import invariants as shared_invariants
from riskboard.rulesets.components.options import Domain, Flag, Whole
from riskboard.rulesets.transformers import board, invariants, legal, liberation, setup, turns
from riskboard.rulesets.transformers.actions import (
    VERBS,
    Casualty,
    LeaderAttack,
    LeaderDefend,
    LeaderMove,
    LeaderOccupy,
    Revive,
    Stop,
)
from riskboard.rulesets.transformers.data import LEADERS, REVIVE_COST, ROUNDS, SEATS, SETUP_ROBOTS, UPGRADE_CARDS
from riskboard.rulesets.transformers.extra import TfExtra, extra_from_dict, extra_to_dict
from riskboard.rulesets.transformers.extras import TransformersExtras
from riskboard.rulesets.transformers.words import TransformersWords


class TransformersRuleset(BaseRuleset):
    """Transformers RISK: Autobots and Decepticons, leaders rolling d8, the scrapyard, six rounds."""

    name = "transformers"
    aliases = ("transformers_risk", "cybertron")
    version = "1"
    presentation = TransformersWords()
    variants = ("standard",)
    setups = ("claim",)
    map_name = "world"
    min_players = 2
    max_players = 4
    phases = ("setup", "reinforce", "attack", "occupy", "fortify", "over")
    verbs = VERBS

    def __init__(self) -> None:
        attack = lambda cfg, s, a, c: liberation.attack(self, cfg, s, a, c)  # noqa: E731
        defend = lambda cfg, s, a, c: liberation.defend(self, cfg, s, a, c)  # noqa: E731
        self._handlers: dict[type, Handler] = {
            Place: lambda cfg, s, a, c: turns.place(cfg, s, a),
            Revive: lambda cfg, s, a, c: turns.revive(cfg, s, a),
            Attack: attack,
            LeaderAttack: attack,
            Blitz: lambda cfg, s, a, c: liberation.blitz(self, cfg, s, a, c),
            Defend: defend,
            LeaderDefend: defend,
            Casualty: lambda cfg, s, a, c: liberation.casualty(self, cfg, s, a, c),
            Stop: lambda cfg, s, a, c: liberation.stop(cfg, s),
            Occupy: lambda cfg, s, a, c: liberation.occupy(cfg, s, a),
            LeaderOccupy: lambda cfg, s, a, c: liberation.occupy(cfg, s, a),
            Fortify: turns.fortify,
            LeaderMove: turns.fortify,
            EndPhase: turns.end,
        }

    def parts(self, cfg: GameConfig) -> frozenset[str]:
        parts = {
            "leaders",
            "scrapyard",
            "rounds",
            "leader_dice",
            "attack_limits",
        }  # no attack on an ally or a liberation's origin
        if self.alliances(cfg):
            parts.add("alliances")
        return frozenset(parts)

    # -- configuration -------------------------------------------------------------------------
    def default_options(self, variant: str) -> dict[str, Any]:
        return {
            "ask_defender": False,  # a defender chooses its dice, its leader and its casualties; False = automatic
            "rounds": ROUNDS,  # §6.3
            "setup_robots": SETUP_ROBOTS,  # §6.3
            "revive_cost": REVIVE_COST,  # §6.6
            "restart_from_origin": False,  # D32: True lets the next action start from a liberating action's origin
            "min_reinforcements": 3,  # D29
            "reshuffle_discards": True,  # D5
            "undo": True,
        }

    def rules(self, variant: str, options: Mapping[str, Any]) -> Rules:
        """3 units against 2, ties to the defender (§6.4); the move goes along own zones (D29)."""
        return Rules(fortify="connected", territory_bonus=0)

    def option_domains(self, variant: str) -> dict[str, Domain]:
        """The values each option takes (``components.options``): a leader back from the scrapyard
        costs a robot at least (it is a unit itself, so it must not come from nothing)."""
        return {
            "ask_defender": Flag(),
            "rounds": Whole(1, 1000),
            "setup_robots": Whole(21, MAX_UNITS - 1),  # the leader is a unit beside them
            "revive_cost": Whole(1, 100),
            "restart_from_origin": Flag(),
            "min_reinforcements": Whole(1, 1000),
            "reshuffle_discards": Flag(),
            "undo": Flag(),
        }

    def check_setup(self, variant: str, setup_name: str | None, players: Sequence[str]) -> str:
        return "claim"

    def leaders_of(self, cfg: GameConfig) -> tuple[str, ...]:
        """Each seat's leader (§6.1): 2 players head to head, 3 one Autobot against two
        Decepticons, 4 alternating Autobots and Decepticons."""
        return SEATS[len(cfg.players)]

    def alliances(self, cfg: GameConfig) -> tuple[tuple[int, ...], ...]:
        """The allied players (owner indices) of the 4-player game; none otherwise."""
        if len(cfg.players) != 4:
            return ()
        factions = [LEADERS[leader] for leader in self.leaders_of(cfg)]
        return tuple(tuple(p for p, f in enumerate(factions) if f == faction) for faction in dict.fromkeys(factions))

    def deck(self, cfg: GameConfig) -> tuple[str, ...]:
        """The 42 upgrade cards (their effects are not modelled, D28/D30)."""
        return tuple(sorted(UPGRADE_CARDS))

    # -- states --------------------------------------------------------------------------------
    def initial_state(self, cfg: GameConfig, chance: Chance) -> GameState:
        return setup.initial_state(cfg, chance)

    def scenario_state(self, cfg: GameConfig, scenario: Scenario, chance: Chance) -> GameState:
        return setup.scenario_state(cfg, scenario, chance)

    def extra_to_dict(self, cfg: GameConfig, extra: Any) -> Any:
        return extra_to_dict(cfg, extra)

    def extra_from_dict(self, cfg: GameConfig, data: Any) -> Any:
        return extra_from_dict(cfg, data)

    def extras(self, cfg: GameConfig, state: GameState) -> TransformersExtras:
        return TransformersExtras(cfg, state)

    def leader_at(self, cfg: GameConfig, state: GameState, territory: int) -> int | None:
        x: TfExtra = state.extra
        return x.leaders.index(territory) if territory in x.leaders else None

    # -- decisions -----------------------------------------------------------------------------
    def pending(self, cfg: GameConfig, state: GameState) -> Pending:
        return legal.pending(self, cfg, state)

    def legal_actions(self, cfg: GameConfig, state: GameState) -> LegalActions:
        return legal.legal_actions(self, cfg, state)

    def problems(self, cfg: GameConfig, s: GameState) -> list[str]:
        return [*shared_invariants.shared_problems(cfg, s, self.deck(cfg)), *invariants.problems(cfg, s)]

    def defence_chooser(self, cfg: GameConfig, s: GameState, defender: int) -> int | None:
        """With ``ask_defender`` the defender chooses its dice, leader and casualties; otherwise the
        automatic answer: the most dice, the leader among them when it stands there, lost last."""
        return defender if cfg.options["ask_defender"] else None

    destroy = staticmethod(turns.destroy)

    # -- the board's parts (leaders, scrapyards, rounds, alliances) as JSON-ready data -----------
    board_facts = staticmethod(board.facts)
    board_state = staticmethod(board.state)
    board_counts = staticmethod(board.counts)
    board_hints = staticmethod(board.hints)
