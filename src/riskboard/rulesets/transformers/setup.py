"""Setting up a Transformers game (RULES.md §6.3): the first player rolled for, every leader's
start zone chosen in turn, then the claiming of the zones and the rest of the 30 robots as actions;
and scenarios (any legal position, leaders and scrapyards included)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riskboard.engine.state import MAX_UNITS, NO_WINNER, UNCLAIMED, GameState
from riskboard.errors import ConfigError
from riskboard.i18n import _
from riskboard.rulesets.components.income import turn_income
from riskboard.rulesets.components.order import roll_for_first_player
from riskboard.rulesets.components.scenario import check_keywords, read_position, read_reinforcements, read_turn
from riskboard.rulesets.transformers.data import UPGRADE_CARDS
from riskboard.rulesets.transformers.extra import SCRAPYARD, UNPLACED, TfExtra

if TYPE_CHECKING:
    from riskboard.engine.chance import Chance
    from riskboard.engine.ruleset import GameConfig, Scenario


def _state(cfg: GameConfig, **fields: Any) -> GameState:
    n = len(cfg.players)
    values: dict[str, Any] = {
        "seq": 0, "chance": 0, "phase": "setup", "current": 0, "turn": 0,
        "owner": (UNCLAIMED,) * len(cfg.map), "armies": (0,) * len(cfg.map), "reinforcements": 0,
        "hands": ((),) * n, "draw_pile": UPGRADE_CARDS_SORTED, "discard_pile": (), "sets_traded": 0,
        "conquered": False, "bonus_used": False, "alive": (True,) * n, "battle": None, "must_trade": False,
        "supply": (0,) * n, "setup_left": (0, 0), "missions": (), "winner": NO_WINNER, "first_player": 0,
        "extra": TfExtra(leaders=(UNPLACED,) * n, scrapyard=(0,) * n, round=0),
    }  # fmt: skip
    values.update(fields)
    return GameState(**values)


UPGRADE_CARDS_SORTED = tuple(sorted(UPGRADE_CARDS))


def initial_state(cfg: GameConfig, chance: Chance) -> GameState:
    """The first player rolled for, every zone empty, each player with 30 robots to place."""
    first = roll_for_first_player(len(cfg.players), chance)
    robots = cfg.options["setup_robots"]
    return _state(cfg, current=first, first_player=first, supply=(robots,) * len(cfg.players))


SCENARIO_KEYWORDS = frozenset({"leaders", "scrapyard", "hands", "round", "reinforcements", "conquered", "turn"})


def scenario_state(cfg: GameConfig, scenario: Scenario, chance: Chance) -> GameState:
    """Any legal position: ``{zone: (owner, units)}`` (a leader counts among its zone's units),
    ``leaders={player: zone or "scrapyard"}`` (by default each on its player's largest zone),
    ``scrapyard={player: robots}``, ``hands``, ``round``, ``reinforcements``, ``conquered``, ``turn``."""
    extras = scenario.extras
    check_keywords(extras, SCENARIO_KEYWORDS)
    owner, armies, alive, current = read_position(cfg, scenario.position, scenario.current_player)
    phase = scenario.phase or "reinforce"
    if phase not in ("reinforce", "attack", "fortify"):
        raise ConfigError(
            _("a scenario starts in the reinforce, attack or fortify step, not {phase}").format(phase=repr(phase)),
            code="scenario/bad_phase",
        )
    leaders = _leaders(cfg, extras.get("leaders"), owner, armies, alive)
    yard = _per_player(cfg, extras.get("scrapyard"), "scrapyard")
    hands = _hands(cfg, extras.get("hands"))
    held = {c for h in hands for c in h}
    turn, conquered = read_turn(extras)
    rounds = cfg.options["rounds"]
    rnd = extras.get("round", 1)
    if isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= rounds:
        raise ConfigError(
            _("round must be 1 to {rounds}, got {value}").format(rounds=rounds, value=repr(rnd)),
            code="scenario/invalid",
        )
    s = _state(
        cfg, phase=phase, current=current, first_player=current, turn=turn, owner=owner, armies=armies, alive=alive,
        hands=hands, draw_pile=tuple(c for c in UPGRADE_CARDS_SORTED if c not in held), conquered=conquered,
        chance=chance.counter, extra=TfExtra(leaders=leaders, scrapyard=yard, round=rnd),
    )  # fmt: skip
    return s.evolve(
        reinforcements=read_reinforcements(extras, turn_income(cfg, s, current) if phase == "reinforce" else 0)
    )


def _leaders(
    cfg: GameConfig, given: Any, owner: tuple[int, ...], armies: tuple[int, ...], alive: tuple[bool, ...]
) -> tuple[int, ...]:
    given = dict(given or {})
    out = []
    for p, name in enumerate(cfg.players):
        where = given.pop(name, None)
        if where is None:  # on the player's largest zone, if it has one
            mine = [t for t, o in enumerate(owner) if o == p]
            out.append(max(mine, key=lambda t: armies[t]) if mine else SCRAPYARD)
        elif where == "scrapyard":
            out.append(SCRAPYARD)
        elif where in cfg.map.index and owner[cfg.map.index[where]] == p:
            out.append(cfg.map.index[where])
        else:
            raise ConfigError(
                _("leaders: {player}'s leader must stand on one of its zones, not {zone}").format(
                    player=name, zone=repr(where)
                ),
                code="scenario/invalid",
            )
    if given:
        raise ConfigError(
            _("{keyword}: {names} are not players").format(keyword="leaders", names=", ".join(map(str, given))),
            code="scenario/unknown_player",
        )
    return tuple(out)


def _per_player(cfg: GameConfig, given: Any, what: str) -> tuple[int, ...]:
    given = dict(given or {})
    out = []
    for name in cfg.players:
        n = given.pop(name, 0)
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_UNITS:
            raise ConfigError(
                _("{keyword}[{player}] must be a whole number ≥ 0, got {value}").format(
                    keyword=what, player=name, value=repr(n)
                ),
                code="scenario/invalid",
            )
        out.append(n)
    if given:
        raise ConfigError(
            _("{keyword}: {names} are not players").format(keyword=what, names=", ".join(map(str, given))),
            code="scenario/unknown_player",
        )
    return tuple(out)


def _hands(cfg: GameConfig, given: Any) -> tuple[tuple[str, ...], ...]:
    given = dict(given or {})
    hands: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for name in cfg.players:
        cards = tuple(given.pop(name, ()))
        for c in cards:
            if c not in UPGRADE_CARDS or c in seen:
                raise ConfigError(
                    _("hands[{player}]: {card} is not an upgrade card, or given twice").format(
                        player=name, card=repr(c)
                    ),
                    code="scenario/unknown_card",
                )
            seen.add(c)
        hands.append(cards)
    if given:
        raise ConfigError(
            _("{keyword}: {names} are not players").format(keyword="hands", names=", ".join(map(str, given))),
            code="scenario/unknown_player",
        )
    return tuple(hands)
