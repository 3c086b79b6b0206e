"""Setting up a classic game: claiming or dealing territories, the starting armies, the
two-player game with the neutral army (RULES.md §2.2, §2.9) and scenarios (any legal position).
The setup's placements are turns' (``turns.setup_place``), like every other placement.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from riskboard.engine.chance import Chance
from riskboard.engine.state import NO_WINNER, UNCLAIMED, GameState
from riskboard.errors import ConfigError
from riskboard.i18n import _
from riskboard.rulesets.classic import missions as mission_rules
from riskboard.rulesets.components.cards import WILDS, build_deck
from riskboard.rulesets.components.claiming import deal_territories
from riskboard.rulesets.components.income import turn_income
from riskboard.rulesets.components.order import roll_for_first_player
from riskboard.rulesets.components.scenario import check_keywords, read_position, read_reinforcements, read_turn

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig, Scenario


def starting_armies(cfg: GameConfig) -> int:
    table = cfg.options["starting_armies"]
    n = len(cfg.players)
    return int(table[str(n)] if str(n) in table else table[n])


def _deal_missions(cfg: GameConfig, chance: Chance) -> tuple[str, ...]:
    if cfg.variant != "secret_missions":
        return ()
    deck = chance.shuffle(mission_rules.mission_deck(cfg.players))
    return tuple(mission_rules.initial_mission(deck[i], p) for i, p in enumerate(cfg.players))


def initial_state(cfg: GameConfig, chance: Chance) -> GameState:
    """The position before the first setup placement (territories claimed or dealt)."""
    gm = cfg.map
    n_players = len(cfg.players)
    n_owners = len(cfg.owners)
    first = roll_for_first_player(n_players, chance)
    owner = [UNCLAIMED] * len(gm)
    armies = [0] * len(gm)
    supply = [starting_armies(cfg)] * n_players + [cfg.options["neutral_armies"]] * len(cfg.neutrals)
    setup_left = (0, 0)
    deck = build_deck(gm)
    if cfg.neutrals:
        # §2.9: three piles of 14 territory cards, one per player and one for the neutral army.
        order = chance.shuffle(gm.ids)
        piles = [first, 1 - first, n_players]
        for k, tid in enumerate(order):
            i = gm.index[tid]
            o = piles[k % 3]
            owner[i] = o
            armies[i] = 1
            supply[o] -= 1
        setup_left = (min(2, supply[first]), min(1, supply[n_players]))
    elif cfg.setup == "deal":
        deal_territories(cfg, first, owner, armies, supply, chance)
    missions = _deal_missions(cfg, chance)
    return GameState(
        seq=0,
        phase="setup",
        current=first,
        turn=0,
        owner=tuple(owner),
        armies=tuple(armies),
        reinforcements=0,
        hands=((),) * n_players,
        draw_pile=deck,
        discard_pile=(),
        sets_traded=0,
        conquered=False,
        bonus_used=False,
        alive=(True,) * n_players,
        battle=None,
        must_trade=False,
        supply=tuple(supply[:n_owners]),
        setup_left=setup_left,
        missions=missions,
        winner=NO_WINNER,
        chance=chance.counter,
        first_player=first,
    )


SCENARIO_KEYWORDS = frozenset({"hands", "sets_traded", "reinforcements", "conquered", "missions", "turn"})


def scenario_state(cfg: GameConfig, scenario: Scenario, chance: Chance) -> GameState:
    """Build any legal position from ``{territory: (owner, armies)}`` (validated)."""
    extras = scenario.extras
    owner, armies, alive, current = read_position(cfg, scenario.position, scenario.current_player)
    phase = _scenario_phase(scenario.phase, extras)
    hands, draw_pile = _scenario_hands(cfg, extras)
    sets_traded = extras.get("sets_traded", 0)
    if isinstance(sets_traded, bool) or not isinstance(sets_traded, int) or not 0 <= sets_traded <= 10**6:
        raise ConfigError(
            _("sets_traded must be a whole number ≥ 0, got {value}").format(value=repr(sets_traded)),
            code="scenario/invalid",
        )
    turn, conquered = read_turn(extras)
    missions = _scenario_missions(cfg, extras, chance)  # may deal them: before the counter is read below
    s = GameState(
        seq=0,
        phase=phase,
        current=current,
        turn=turn,
        owner=owner,
        armies=armies,
        reinforcements=0,
        hands=hands,
        draw_pile=draw_pile,
        discard_pile=(),
        sets_traded=sets_traded,
        conquered=conquered,
        bonus_used=False,
        alive=alive,
        battle=None,
        must_trade=False,
        supply=(0,) * len(cfg.owners),
        setup_left=(0, 0),
        missions=missions,
        winner=NO_WINNER,
        chance=chance.counter,
        first_player=current,
    )
    return s.evolve(reinforcements=_scenario_reinforcements(cfg, s, extras))


def _scenario_phase(phase: str | None, extras: Mapping[str, Any]) -> str:
    """The phase a scenario starts in (reinforce by default), and no keyword it does not know."""
    phase = phase or "reinforce"
    if phase not in ("reinforce", "attack", "fortify"):
        raise ConfigError(
            _("a scenario starts in the reinforce, attack or fortify phase, not {phase}").format(phase=repr(phase)),
            code="scenario/bad_phase",
        )
    check_keywords(extras, SCENARIO_KEYWORDS)
    return phase


def _scenario_hands(cfg: GameConfig, extras: Mapping[str, Any]) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Each player's cards (``hands``: cards of the deck, each once) and the draw pile of the rest."""
    deck = build_deck(cfg.map)
    hands: list[tuple[str, ...]] = [()] * len(cfg.players)
    used: set[str] = set()
    for who, cards in dict(extras.get("hands") or {}).items():
        if who not in cfg.players:
            raise ConfigError(
                _("hands: {player} is not a player").format(player=repr(who)), code="scenario/unknown_player"
            )
        for c in cards:
            if c not in deck:
                raise ConfigError(
                    _("hands: {card} is not a card (cards are territory ids, {wild_1}, {wild_2})").format(
                        card=repr(c), wild_1=WILDS[0], wild_2=WILDS[1]
                    ),
                    code="scenario/unknown_card",
                )
            if c in used:
                raise ConfigError(
                    _("hands: card {card} is given twice").format(card=repr(c)), code="scenario/duplicate_card"
                )
            used.add(c)
        hands[cfg.players.index(who)] = tuple(cards)
    return tuple(hands), tuple(c for c in deck if c not in used)


def _scenario_missions(cfg: GameConfig, extras: Mapping[str, Any], chance: Chance) -> tuple[str, ...]:
    """Secret missions as given (one of the deck per player), or dealt; none outside that variant."""
    given = extras.get("missions")
    if cfg.variant != "secret_missions":
        if given:
            raise ConfigError(_("missions are only used in the secret_missions variant"), code="scenario/bad_mission")
        return ()
    if given is None:
        return _deal_missions(cfg, chance)
    valid = set(mission_rules.mission_deck(cfg.players))
    missions = []
    for p in cfg.players:
        m = dict(given).get(p)
        if m not in valid:
            raise ConfigError(
                _("missions: {player} needs one of {missions}, got {value}").format(
                    player=p, missions=", ".join(sorted(valid)), value=repr(m)
                ),
                code="scenario/bad_mission",
            )
        missions.append(mission_rules.initial_mission(m, p))
    return tuple(missions)


def _scenario_reinforcements(cfg: GameConfig, s: GameState, extras: Mapping[str, Any]) -> int:
    """The armies still to place: as given, or in the reinforce phase the player's income."""
    reinforcements = read_reinforcements(extras, turn_income(cfg, s, s.current) if s.phase == "reinforce" else 0)
    if s.phase == "reinforce" and reinforcements == 0:
        raise ConfigError(_("a scenario in the reinforce phase needs armies to place"), code="scenario/invalid")
    return reinforcements
