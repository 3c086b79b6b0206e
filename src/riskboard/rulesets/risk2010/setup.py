"""Setting up a 2010 game (RULES.md §4.3–4.5): the simple game's deal of all 42 cards with troops
by stars and the ceasefire card shuffled in; the classic variant's claiming; the two-player deal
with three neutral armies and their reserved cards. Also scenarios (any legal position).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from riskboard.engine.state import NO_WINNER, UNCLAIMED, GameState
from riskboard.errors import ConfigError
from riskboard.i18n import N_, _
from riskboard.rulesets.components.claiming import deal_territories
from riskboard.rulesets.components.order import roll_for_first_player
from riskboard.rulesets.components.scenario import check_keywords, read_position, read_reinforcements, read_turn
from riskboard.rulesets.components.stars import stars
from riskboard.rulesets.risk2010.counts import ceasefire_window, troops, two_star_cards
from riskboard.rulesets.risk2010.data import SIMPLE_DEAL, TWO_PLAYER_DEAL
from riskboard.rulesets.risk2010.extra import NOT_IN_GAME, Risk2010Extra
from riskboard.rulesets.risk2010.turns import start_turn

if TYPE_CHECKING:
    from riskboard.engine.chance import Chance
    from riskboard.engine.ruleset import GameConfig, Scenario


def _state(cfg: GameConfig, first: int, owner: list[int], armies: list[int], **fields: Any) -> GameState:
    n = len(cfg.players)
    values: dict[str, Any] = {
        "seq": 0,
        "chance": 0,
        "phase": "setup",
        "current": first,
        "turn": 0,
        "owner": tuple(owner),
        "armies": tuple(armies),
        "reinforcements": 0,
        "hands": ((),) * n,
        "draw_pile": tuple(sorted(cfg.map.ids)),
        "discard_pile": (),
        "sets_traded": 0,
        "conquered": False,
        "bonus_used": False,
        "alive": (True,) * n,
        "battle": None,
        "must_trade": False,
        "supply": (0,) * len(cfg.owners),
        "setup_left": (0, 0),
        "missions": (),
        "winner": NO_WINNER,
        "first_player": first,
        "extra": Risk2010Extra(reserved=((),) * len(cfg.neutrals), ceasefire=NOT_IN_GAME, drawn=0),
    }
    values.update(fields)
    return GameState(**values)


def _troops_by_stars(cfg: GameConfig, cards: list[str], who: int, owner: list[int], armies: list[int]) -> None:
    """§4.3 step 3 / §4.5: 1 troop on the territory of each 1-star card, 2 on each 2-star card."""
    two = two_star_cards(cfg)
    index = cfg.map.index
    for c in cards:
        owner[index[c]] = who
        armies[index[c]] = stars(c, two)


def initial_state(cfg: GameConfig, chance: Chance) -> GameState:
    """The position the variant's setup leads to: the first turn of a dealt game, or the first
    claim of the classic variant."""
    gm = cfg.map
    n = len(cfg.players)
    first = roll_for_first_player(n, chance)
    owner = [UNCLAIMED] * len(gm)
    armies = [0] * len(gm)
    if cfg.variant == "classic":
        supply = [int(cfg.options["starting_troops"][str(n)])] * n
        if cfg.setup == "deal":
            # as in the simple game's deal (§4.3), the territories left over go to the last players
            leftover = len(gm) % n
            deal_territories(cfg, (first + n - leftover) % n if leftover else first, owner, armies, supply, chance)
        return _state(cfg, first, owner, armies, supply=tuple(supply))
    deck = chance.shuffle(sorted(gm.ids))
    extra = Risk2010Extra(reserved=((),) * len(cfg.neutrals), ceasefire=NOT_IN_GAME, drawn=0)
    if cfg.variant == "simple":
        # §4.3: dealt round the table from the first player; the leftover cards (4 and 5 players)
        # fall to the last players in turn order, as the table of counts says
        at = 0
        for seat, count in enumerate(SIMPLE_DEAL[n]):
            _troops_by_stars(cfg, deck[at : at + count], (first + seat) % n, owner, armies)
            at += count
        window = ceasefire_window(cfg)
        assert window is not None, "the simple game always shuffles the ceasefire card in"
        low, high = window
        extra = extra._replace(ceasefire=low + chance.roll(1, high - low + 1, who=N_("ceasefire depth"))[0] - 1)
        pile = tuple(sorted(gm.ids))
    else:  # two_player, §4.5
        per_player, per_neutral, reserved = TWO_PLAYER_DEAL
        at = 0
        for who in range(len(cfg.owners)):
            count = per_player if who < n else per_neutral
            _troops_by_stars(cfg, deck[at : at + count], who, owner, armies)
            at += count
        again = chance.shuffle(sorted(gm.ids))
        extra = extra._replace(
            reserved=tuple(tuple(sorted(again[k * reserved : (k + 1) * reserved])) for k in range(len(cfg.neutrals)))
        )
        pile = tuple(sorted(again[len(cfg.neutrals) * reserved :]))
    s = _state(cfg, first, owner, armies, draw_pile=pile, extra=extra)
    return start_turn(cfg, s, first, [])


SCENARIO_KEYWORDS = frozenset({"hands", "reserved", "reinforcements", "conquered", "turn", "ceasefire", "drawn"})


def scenario_state(cfg: GameConfig, scenario: Scenario, chance: Chance) -> GameState:
    """Any legal position from ``{territory: (owner, troops)}`` and the keywords above (validated)."""
    extras = scenario.extras
    check_keywords(extras, SCENARIO_KEYWORDS)
    owner, armies, alive, current = read_position(cfg, scenario.position, scenario.current_player)
    neutral_step = bool(cfg.neutrals) and any(o >= len(cfg.players) for o in owner)
    phase = scenario.phase or ("neutral" if neutral_step else "reinforce")
    allowed = ("neutral", "reinforce", "attack", "fortify") if neutral_step else ("reinforce", "attack", "fortify")
    if phase not in allowed:
        raise ConfigError(
            _("a scenario of this game starts in the {steps} step, not {phase}").format(
                steps=", ".join(allowed), phase=repr(phase)
            ),
            code="scenario/bad_phase",
        )
    hands, reserved, pile = _scenario_cards(cfg, extras, owner)
    turn, conquered = read_turn(extras)
    window = ceasefire_window(cfg)
    ceasefire = extras.get("ceasefire", NOT_IN_GAME if window is None else None)
    drawn = extras.get("drawn", 0)
    if window is None and ceasefire not in (None, NOT_IN_GAME):
        raise ConfigError(_("only the simple game has a ceasefire card"), code="scenario/invalid")
    if ceasefire is None:  # as far down as the window allows, less the cards drawn so far
        ceasefire = max(0, window[1] - drawn if window else 0)
    for key, value in (("ceasefire", ceasefire), ("drawn", drawn)):
        if isinstance(value, bool) or not isinstance(value, int) or not NOT_IN_GAME <= value <= 10**6:
            raise ConfigError(
                _("{keyword} must be a whole number, got {value}").format(keyword=key, value=repr(value)),
                code="scenario/invalid",
            )
    s = _state(
        cfg,
        current,
        list(owner),
        list(armies),
        phase=phase,
        turn=turn,
        conquered=conquered,
        hands=hands,
        draw_pile=pile,
        alive=alive,
        chance=chance.counter,
        extra=Risk2010Extra(reserved=reserved, ceasefire=ceasefire, drawn=drawn),
    )
    return s.evolve(
        reinforcements=read_reinforcements(extras, troops(cfg, s, current)[0] if phase == "reinforce" else 0)
    )


def _scenario_cards(
    cfg: GameConfig, extras: Mapping[str, Any], owner: tuple[int, ...]
) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """The players' hands, the neutral armies' reserved cards (3 each for an army that holds land,
    taken from the pile when not given) and the draw pile of the rest."""
    deck = sorted(cfg.map.ids)
    used: set[str] = set()

    def take(cards: Any, where: str) -> tuple[str, ...]:
        if isinstance(cards, str) or not isinstance(cards, (list, tuple)):
            raise ConfigError(_("{keyword} must be a list of cards").format(keyword=where), code="scenario/invalid")
        for c in cards:
            if c not in cfg.map.index:
                raise ConfigError(
                    _("{keyword}: {card} is not a card (cards are territory ids)").format(keyword=where, card=repr(c)),
                    code="scenario/unknown_card",
                )
            if c in used:
                raise ConfigError(
                    _("{keyword}: card {card} is given twice").format(keyword=where, card=repr(c)),
                    code="scenario/duplicate_card",
                )
            used.add(c)
        return tuple(cards)

    hands: list[tuple[str, ...]] = [()] * len(cfg.players)
    for who, cards in dict(extras.get("hands") or {}).items():
        if who not in cfg.players:
            raise ConfigError(
                _("hands: {player} is not a player").format(player=repr(who)), code="scenario/unknown_player"
            )
        hands[cfg.players.index(who)] = take(cards, f"hands[{who}]")
    given = dict(extras.get("reserved") or {})
    if given and not cfg.neutrals:
        raise ConfigError(_("only the two-player game reserves cards under neutral armies"), code="scenario/invalid")
    reserved: list[tuple[str, ...]] = []
    for name in cfg.neutrals:
        reserved.append(take(given.pop(name), f"reserved[{name}]") if name in given else ())
    if given:
        raise ConfigError(
            _("reserved: {armies} are not neutral armies").format(armies=", ".join(map(str, given))),
            code="scenario/invalid",
        )
    n = len(cfg.players)
    for k, name in enumerate(cfg.neutrals):  # armies with land and no cards given get the pile's first 3
        if not reserved[k] and (n + k) in owner and name not in (extras.get("reserved") or {}):
            free = [c for c in deck if c not in used][: TWO_PLAYER_DEAL[2]]
            reserved[k] = take(free, f"reserved[{name}]")
    return tuple(hands), tuple(reserved), tuple(c for c in deck if c not in used)
