"""Setting up Balance of Power: the basic-training setups from data (§5.7), the command room's
free setup as actions (§5.13), a quick random start, and scenarios from a ``position``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from riskboard.engine.actions import Place
from riskboard.engine.chance import Chance
from riskboard.engine.events import Events, armies_placed
from riskboard.engine.state import NO_WINNER, UNCLAIMED, GameState
from riskboard.errors import ConfigError, IllegalAction
from riskboard.i18n import _, ngettext
from riskboard.rulesets.balance_of_power import turns
from riskboard.rulesets.balance_of_power.actions import ChooseSide, PlaceCapital
from riskboard.rulesets.balance_of_power.data import (
    CITY_COUNT,
    COMMANDS,
    MISSIONS,
    MISSIONS_ON_BOARD,
    NEUTRAL_START_UNITS,
    SETUPS,
    START_UNITS,
)
from riskboard.rulesets.balance_of_power.events import CapitalPlaced, SidesChosen
from riskboard.rulesets.balance_of_power.extra import BopExtra
from riskboard.rulesets.components.common import name_of, replace_at, territory_index, wrong_phase
from riskboard.rulesets.components.scenario import check_keywords, read_position, read_reinforcements, read_turn

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig, Scenario

Result = tuple[GameState, Events]


def _state(
    cfg: GameConfig, owner: Sequence[int], armies: Sequence[int], x: BopExtra, chance: Chance, **kw: Any
) -> GameState:
    fields: dict[str, Any] = {
        "seq": 0,
        "phase": "setup",
        "current": 0,
        "turn": 0,
        "owner": tuple(owner),
        "armies": tuple(armies),
        "reinforcements": 0,
        "hands": ((), ()),
        "draw_pile": tuple(sorted(cfg.map.ids)),
        "discard_pile": (),
        "sets_traded": 0,
        "conquered": False,
        "bonus_used": False,
        "alive": (True, True),
        "battle": None,
        "must_trade": False,
        "supply": (0, 0, 0),
        "setup_left": (0, 0),
        "missions": (),
        "winner": NO_WINNER,
        "chance": chance.counter,
        "first_player": 0,
        "extra": x,
    }
    fields.update(kw)
    return GameState(**fields)


def _extra(cities: Any, capitals: tuple[int, ...], board: tuple[str, ...]) -> BopExtra:
    return BopExtra(
        cities=tuple(sorted(cities)),
        capitals=capitals,
        board_missions=board,
        collected=((), ()),
        collected_this_turn=False,
        hospital=(0, 0),
        airfields=(-1, -1),
        purchases=(),
    )


def initial_state(cfg: GameConfig, chance: Chance) -> GameState:
    if cfg.setup in SETUPS:
        return _fixed_setup(cfg, SETUPS[cfg.setup], chance)
    index = cfg.map.index
    if cfg.setup == "random":
        return _random_setup(cfg, _draw_missions(chance), chance)
    cities = [index[c] for c in _draw_cities(cfg, chance)]  # step 1, then step 2
    board = _draw_missions(chance)
    # free setup (§5.13): the neutral army starts on the four building territories
    owner = [UNCLAIMED] * len(cfg.map)
    armies = [0] * len(cfg.map)
    buildings = [t.index for t in cfg.map.territories if "building" in t.features]
    for t in buildings:
        owner[t] = 2
        armies[t] = 1
    supply = (START_UNITS, START_UNITS, NEUTRAL_START_UNITS - len(buildings))
    return _state(cfg, owner, armies, _extra(cities, (-1, -1), board), chance, supply=supply)


def _draw_missions(chance: Chance) -> tuple[str, ...]:
    """Step 2: 8 of the 12 missions face up; the other 4 go back in the box."""
    return tuple(chance.shuffle(MISSIONS)[:MISSIONS_ON_BOARD])


def _draw_cities(cfg: GameConfig, chance: Chance) -> list[str]:
    """Step 1: nine territory cards drawn at random carry the cities; the cards go back."""
    pile = list(sorted(cfg.map.ids))
    out = []
    for _city in range(CITY_COUNT):
        card = chance.draw(pile)
        pile.remove(card)
        out.append(card)
    return out


def _fixed_setup(cfg: GameConfig, data: Mapping[str, Any], chance: Chance) -> GameState:
    code = {"r": 0, "b": 1, "n": 2}
    owner = [code[o] for o in data["owners"].split()]
    armies = [int(n) for n in data["units"].split()]
    index = cfg.map.index
    x = _extra((index[c] for c in data["cities"]), tuple(index[c] for c in data["capitals"]), tuple(data["missions"]))
    s = _state(cfg, owner, armies, x, chance)
    events: Events = []
    return turns.start_turn(cfg, s, 0, events)


def _random_setup(cfg: GameConfig, board: tuple[str, ...], chance: Chance) -> GameState:
    """A quick, even start: neutral on the buildings and 8 more territories (60 units), 9
    territories of 3 units for each player, 3 cities on each side, capitals on random own land."""
    gm = cfg.map
    buildings = [t.index for t in gm.territories if "building" in t.features]
    others = chance.shuffle([t for t in range(len(gm)) if t not in buildings])
    owner = [2] * len(gm)
    for t in others[:9]:
        owner[t] = 0
    for t in others[9:18]:
        owner[t] = 1
    neutral = buildings + others[18:]
    armies = [3 if o < 2 else 0 for o in owner]
    for i, t in enumerate(neutral):  # 60 over 12 territories
        armies[t] = NEUTRAL_START_UNITS // len(neutral) + (1 if i < NEUTRAL_START_UNITS % len(neutral) else 0)
    cities = others[:3] + others[9:12] + others[18:21]
    capitals = (others[3], others[12])
    s = _state(cfg, owner, armies, _extra(cities, capitals, board), chance)
    return turns.start_turn(cfg, s, 0, [])


def add_setup(
    name: str,
    position: Mapping[str, tuple[str, int]],
    cities: Sequence[str],
    capitals: Mapping[str, str],
    missions: Sequence[str],
) -> None:
    """Register a basic-training setup (e.g. the printed Spiel 3 or 4), then play it with
    ``rb.new_game("balance_of_power", ..., setup=name)``. Owners are ``"red"`` (the first player),
    ``"blue"`` (the second) and ``"neutral"``; ``position`` gives every territory an owner and
    units, ``capitals`` one territory per colour, ``missions`` the 8 face-up missions."""
    from riskboard.maps import load_map
    from riskboard.rulesets.balance_of_power.data import _SETUPS

    gm = load_map("europe")
    if not isinstance(name, str) or not name.isidentifier() or name in ("free", "random") or name in _SETUPS:
        raise ConfigError(
            _("a new setup needs a new name, got {name}").format(name=repr(name)), code="config/bad_setup"
        )
    codes = {"red": "r", "blue": "b", "neutral": "n"}
    if not isinstance(position, Mapping) or sorted(position) != sorted(gm.ids):
        raise ConfigError(
            _("position must give every territory of the europe map exactly once"), code="scenario/incomplete"
        )
    owners, units = [], []
    for tid in gm.ids:
        try:
            who, n = position[tid]
        except (TypeError, ValueError):
            raise ConfigError(
                _("position[{territory}] must be (owner, units)").format(territory=repr(tid)), code="scenario/invalid"
            ) from None
        if who not in codes or isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ConfigError(
                _("{territory}: owner red, blue or neutral and at least 1 unit, got {owner}, {units}").format(
                    territory=tid, owner=repr(who), units=repr(n)
                ),
                code="scenario/invalid",
            )
        owners.append(codes[who])
        units.append(str(n))
    if "r" not in owners or "b" not in owners:
        raise ConfigError(_("red and blue each need a territory"), code="scenario/invalid")
    if len(set(cities)) != len(cities) or not all(c in gm.index for c in cities):
        raise ConfigError(_("cities must be distinct territories of the europe map"), code="scenario/invalid")
    caps = []
    for colour in ("red", "blue"):
        t = dict(capitals).get(colour)
        if t not in gm.index or owners[gm.index[t]] != codes[colour]:
            text = (
                _("the red capital must be on a red territory, got {territory}")
                if colour == "red"
                else _("the blue capital must be on a blue territory, got {territory}")
            )
            raise ConfigError(text.format(territory=repr(t)), code="scenario/invalid")
        caps.append(t)
    if len(set(missions)) != len(missions) or not all(m in MISSIONS for m in missions):
        raise ConfigError(
            _("missions must be distinct, from: {missions}").format(missions=", ".join(MISSIONS)),
            code="scenario/bad_mission",
        )
    _SETUPS[name] = {
        "units": " ".join(units),
        "owners": " ".join(owners),
        "cities": tuple(cities),
        "capitals": tuple(caps),
        "missions": tuple(missions),
    }


# -- the free setup as actions ------------------------------------------------------------------
def placing_for(s: GameState) -> int:
    """The owner whose units are being placed in a free setup (red, then blue, then neutral)."""
    for o, n in enumerate(s.supply):
        if n:
            return o
    return -1


def setup_place(cfg: GameConfig, s: GameState, a: Place) -> Result:
    """The setup player places every owner's starting units; every territory ends with ≥ 1."""
    who = placing_for(s)
    if who < 0:
        raise IllegalAction(_("every unit is placed; now the capitals"), code="action/wrong_phase")
    t = territory_index(cfg, a.territory)
    if s.owner[t] not in (UNCLAIMED, who):
        raise IllegalAction(
            _("placing units of {owner}: {territory} belongs to {holder}").format(
                owner=cfg.owners[who], territory=a.territory, holder=name_of(cfg, s.owner[t])
            ),
            code="action/not_owner",
        )
    if not 1 <= a.count <= s.supply[who]:
        raise IllegalAction(
            ngettext(
                "{owner}: {n} unit left to place, not {count}",
                "{owner}: {n} units left to place, not {count}",
                s.supply[who],
            ).format(owner=cfg.owners[who], n=s.supply[who], count=a.count),
            code="action/bad_count",
        )
    owner = replace_at(s.owner, t, who)
    empty = owner.count(UNCLAIMED)
    left = sum(s.supply) - a.count
    if left < empty:
        raise IllegalAction(
            ngettext(
                "after this only {units} would be left for {n} empty territory; every territory needs a unit",
                "after this only {units} would be left for {n} empty territories; every territory needs a unit",
                empty,
            ).format(units=ngettext("{n} unit", "{n} units", left).format(n=left), n=empty),
            code="setup/territories_left_empty",
        )
    if empty < landless_after(owner, who):
        raise IllegalAction(
            _("{player} must place units next, on a territory of their own: leave one empty").format(
                player=cfg.players[1]
            ),
            code="setup/no_territory",
        )
    supply = replace_at(s.supply, who, s.supply[who] - a.count)
    s = s.evolve(owner=owner, armies=replace_at(s.armies, t, s.armies[t] + a.count), supply=supply)
    return s, [armies_placed(cfg.owners[who], a.territory, a.count)]


def landless_after(owner: tuple[int, ...], who: int) -> int:
    """How many players placing after ``who`` hold no territory yet: each needs an empty one."""
    return sum(1 for o in range(who + 1, 2) if o not in owner)


def place_capital(cfg: GameConfig, s: GameState, a: PlaceCapital) -> Result:
    if s.phase != "setup" or placing_for(s) >= 0 or -1 not in s.extra.capitals:
        wrong_phase(cfg, s, _("place a capital"), _("capitals are placed after all units in a free setup"))
    who = s.extra.capitals.index(-1)
    t = territory_index(cfg, a.territory)
    if s.owner[t] != who:
        raise IllegalAction(
            _("the capital of {player} goes on one of their territories; {territory} belongs to {owner}").format(
                player=cfg.players[who], territory=a.territory, owner=name_of(cfg, s.owner[t])
            ),
            code="action/not_owner",
        )
    x = s.extra._replace(capitals=replace_at(s.extra.capitals, who, t))
    return s.evolve(extra=x), [CapitalPlaced(cfg.players[who], a.territory)]


def choose_side(cfg: GameConfig, s: GameState, a: ChooseSide) -> Result:
    """§5.13 step 4: the other player keeps or swaps the two sides and says who goes first."""
    if s.phase != "setup" or placing_for(s) >= 0 or -1 in s.extra.capitals:
        wrong_phase(cfg, s, _("choose sides"), _("the board must be set up first"))
    owner, capitals = s.owner, s.extra.capitals
    if a.side == "swap":
        owner = tuple({0: 1, 1: 0}.get(o, o) for o in owner)
        capitals = (capitals[1], capitals[0])
    chooser = 1
    first = chooser if a.order == "first" else 0
    s = s.evolve(owner=owner, extra=s.extra._replace(capitals=capitals), first_player=first, supply=(0, 0, 0))
    events: Events = [SidesChosen(cfg.players[chooser], a.side == "swap", cfg.players[first])]
    return turns.start_turn(cfg, s, first, events), events


# -- scenarios ----------------------------------------------------------------------------------
SCENARIO_KEYWORDS = {
    "cities",
    "capitals",
    "missions",
    "collected",
    "hospital",
    "airfields",
    "hands",
    "purchases",
    "reinforcements",
    "conquered",
    "turn",
}


def scenario_state(cfg: GameConfig, scenario: Scenario, chance: Chance) -> GameState:
    """Any legal position: ``position`` plus cities, capitals, missions (face up), collected,
    hospital, airfields, hands and this turn's purchases as keywords (defaults: no cities, each
    capital on its player's largest stack, the 8 missions of setup_1, empty hospitals)."""
    extras = scenario.extras
    phase = _scenario_phase(extras, scenario.phase)
    owner, armies, alive, current = read_position(cfg, scenario.position, scenario.current_player)
    turn, conquered = read_turn(extras)
    s = _state(
        cfg, owner, armies, _extra((), (-1, -1), ()), chance,
        phase=phase, current=current, turn=turn, conquered=conquered, alive=alive, first_player=current,
    )  # fmt: skip
    cities = _scenario_cities(cfg, extras)
    capitals = _scenario_capitals(cfg, extras, s)
    board, collected = _scenario_missions(cfg, extras)
    hospital = _scenario_hospital(cfg, extras)
    airfields = _scenario_airfields(cfg, extras, s)
    purchases = _scenario_purchases(extras)
    hands, used = _scenario_hands(cfg, extras)
    x = BopExtra(
        cities=tuple(sorted(cities)),
        capitals=capitals,
        board_missions=board,
        collected=collected,
        collected_this_turn=False,
        hospital=hospital,
        airfields=airfields,
        purchases=purchases,
    )
    s = s.evolve(
        hands=hands,
        draw_pile=tuple(c for c in sorted(cfg.map.ids) if c not in used),
        supply=(0, 0, 0),
        extra=x,
        phase=phase,
    )
    return _scenario_step(cfg, s, extras)


def _scenario_phase(extras: Mapping[str, Any], phase: str | None) -> str:
    """Refuse unknown keywords and steps a scenario cannot start in, before reading anything else."""
    check_keywords(extras, SCENARIO_KEYWORDS)
    phase = phase or "reinforce"
    if phase not in ("hospital", "reinforce", "attack", "fortify"):
        raise ConfigError(
            _("a scenario starts in the hospital, reinforce, attack or fortify step, not {phase}").format(
                phase=repr(phase)
            ),
            code="scenario/bad_phase",
        )
    if "reinforcements" in extras and phase != "reinforce":
        raise ConfigError(
            _("reinforcements are only given for a scenario in the reinforce step"), code="scenario/invalid"
        )
    return phase


def _scenario_territory(cfg: GameConfig, tid: Any, what: str) -> int:
    """A territory named by a keyword, as its index, so a typo names the keyword it came from."""
    gm = cfg.map
    if tid not in gm.index:
        raise ConfigError(
            _("{keyword}: {territory} is not a territory of the {map} map").format(
                keyword=what, territory=repr(tid), map=gm.id
            ),
            code="scenario/unknown_territory",
        )
    return gm.index[tid]


def _per_player(cfg: GameConfig, extras: Mapping[str, Any], key: str) -> dict[str, Any]:
    """A keyword given per player (``{player: value}``), refusing names that are not players."""
    given = dict(extras.get(key) or {})
    for who in given:
        if who not in cfg.players:
            raise ConfigError(
                _("{keyword}: {name} is not a player").format(keyword=key, name=repr(who)),
                code="scenario/unknown_player",
            )
    return given


def _scenario_cities(cfg: GameConfig, extras: Mapping[str, Any]) -> list[int]:
    """The ``cities`` keyword: distinct territories (none by default)."""
    cities = [_scenario_territory(cfg, c, "cities") for c in extras.get("cities", ())]
    if len(set(cities)) != len(cities):
        raise ConfigError(_("cities: a territory is named twice"), code="scenario/invalid")
    return cities


def _scenario_capitals(cfg: GameConfig, extras: Mapping[str, Any], s: GameState) -> tuple[int, ...]:
    """The ``capitals`` keyword: each on its player's own land; by default on their largest stack."""
    caps_in = _per_player(cfg, extras, "capitals")
    capitals = []
    for p, who in enumerate(cfg.players):
        if who in caps_in:
            t = _scenario_territory(cfg, caps_in[who], "capitals")
            if s.owner[t] != p:
                raise ConfigError(
                    _("capitals: {territory} is not a territory of {player}").format(
                        territory=caps_in[who], player=who
                    ),
                    code="scenario/invalid",
                )
        else:
            mine = [t for t, o in enumerate(s.owner) if o == p]
            t = max(mine, key=lambda i: (s.armies[i], -i)) if mine else -1
        capitals.append(t)
    return tuple(capitals)


def _scenario_missions(
    cfg: GameConfig, extras: Mapping[str, Any]
) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """The ``missions`` face up (setup_1's by default) and those ``collected``: known, each once."""
    collected_in = _per_player(cfg, extras, "collected")
    collected = tuple(tuple(collected_in.get(p, ())) for p in cfg.players)
    taken = {m for c in collected for m in c}
    # by default the missions of setup_1 not collected, as many as keep 8 in play
    default = [m for m in dict.fromkeys((*SETUPS["setup_1"]["missions"], *MISSIONS)) if m not in taken]
    board = tuple(extras.get("missions", default[: max(0, MISSIONS_ON_BOARD - len(taken))]))
    for m in (*board, *(m for c in collected for m in c)):
        if m not in MISSIONS:
            raise ConfigError(
                _("missions: unknown mission {mission}; missions: {missions}").format(
                    mission=repr(m), missions=", ".join(MISSIONS)
                ),
                code="scenario/bad_mission",
            )
    if set(board) & {m for c in collected for m in c} or len(set(board)) != len(board):
        raise ConfigError(_("a mission is either on the board or collected, once"), code="scenario/bad_mission")
    return board, collected


def _scenario_hospital(cfg: GameConfig, extras: Mapping[str, Any]) -> tuple[int, ...]:
    """The ``hospital`` keyword: the units in each player's field hospital (0 by default)."""
    hospital_in = _per_player(cfg, extras, "hospital")
    hospital = []
    for who in cfg.players:
        n = hospital_in.get(who, 0)
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ConfigError(
                _("hospital: {player} needs a whole number ≥ 0, got {value}").format(player=who, value=repr(n)),
                code="scenario/invalid",
            )
        hospital.append(n)
    return tuple(hospital)


def _scenario_airfields(cfg: GameConfig, extras: Mapping[str, Any], s: GameState) -> tuple[int, ...]:
    """The ``airfields`` keyword: only with the airfields option, each on its player's own land."""
    air_in = _per_player(cfg, extras, "airfields")
    airfields = []
    for p, who in enumerate(cfg.players):
        if who in air_in and air_in[who] is not None:
            if not cfg.options["airfields"]:
                raise ConfigError(_("airfields need the airfields option (command_room)"), code="scenario/invalid")
            t = _scenario_territory(cfg, air_in[who], "airfields")
            if s.owner[t] != p:
                raise ConfigError(
                    _("airfields: {territory} is not a territory of {player}").format(
                        territory=air_in[who], player=who
                    ),
                    code="scenario/invalid",
                )
            airfields.append(t)
        else:
            airfields.append(-1)
    return tuple(airfields)


def _scenario_purchases(extras: Mapping[str, Any]) -> tuple[str, ...]:
    """The ``purchases`` keyword: the commands bought this turn, each a known command."""
    purchases = tuple(extras.get("purchases", ()))
    bad = [c for c in purchases if c not in COMMANDS]
    if bad:
        raise ConfigError(
            _("purchases: unknown command(s) {commands}").format(commands=", ".join(bad)), code="scenario/invalid"
        )
    return purchases


def _scenario_hands(cfg: GameConfig, extras: Mapping[str, Any]) -> tuple[tuple[tuple[str, ...], ...], set[str]]:
    """The ``hands`` keyword and the cards it uses, which the draw pile then leaves out."""
    hands_in = _per_player(cfg, extras, "hands")
    hands = []
    used: set[str] = set()
    for who in cfg.players:
        cards = tuple(hands_in.get(who, ()))
        for c in cards:
            if c not in cfg.map.index or c in used:
                raise ConfigError(
                    _("hands: {card} is not a card or is given twice").format(card=repr(c)),
                    code="scenario/unknown_card",
                )
            used.add(c)
        hands.append(cards)
    return tuple(hands), used


def _scenario_step(cfg: GameConfig, s: GameState, extras: Mapping[str, Any]) -> GameState:
    """The starting step's needs: units to place in the reinforce step, the field hospital for its step."""
    phase = s.phase
    if phase == "reinforce":
        # by default the income, plus any reinforcements bought this turn
        s = s.evolve(reinforcements=read_reinforcements(extras, turns.reinforcements(cfg, s, s.current).total))
        if s.reinforcements == 0:
            raise ConfigError(_("a scenario in the reinforce step needs units to place"), code="scenario/invalid")
    elif phase == "hospital" and not cfg.options["field_hospital"]:
        raise ConfigError(_("the hospital step needs the field hospital (command_room)"), code="scenario/bad_phase")
    return s
