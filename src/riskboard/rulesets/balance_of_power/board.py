"""What Balance of Power's board shows beyond the map, armies and cards, as plain JSON-ready data:
its facts (sent once: missions, commands, buildings, difficult terrain), its
state (cities, capitals, airfields, missions, purchases), the numbers that change often (cities
held, field hospitals, progress) and what the pending decision allows (capitals, sides,
purchases, missions). The ruleset offers these to the live board (``Ruleset.board_facts`` and
friends); the board draws them and decides nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from riskboard.engine.actions import Action
from riskboard.engine.legal import LegalActions
from riskboard.i18n import _
from riskboard.rulesets.balance_of_power import combat
from riskboard.rulesets.balance_of_power import missions as mission_rules
from riskboard.rulesets.balance_of_power.actions import Buy, ChooseSide, CollectMission, PlaceCapital
from riskboard.rulesets.balance_of_power.combat import airfield_zone
from riskboard.rulesets.balance_of_power.data import (
    COMMANDS,
    MISSIONS,
    STAR_TABLE,
)
from riskboard.rulesets.balance_of_power.extras import BalanceOfPowerExtras
from riskboard.rulesets.balance_of_power.hospital import ARGUMENTS
from riskboard.rulesets.balance_of_power.words import COMMAND_NAMES, command_effect, command_help, command_name
from riskboard.rulesets.components.memo import remembered

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState


def facts(cfg: GameConfig, s: GameState) -> dict[str, Any]:
    """The edition's fixed facts for the front end, sent once."""
    gm = cfg.map
    options = cfg.options
    difficult = {gm.ids[t] for t in mission_rules.difficult_terrain(cfg)}
    features: dict[str, dict[str, Any]] = {}
    for t in gm.territories:
        f: dict[str, Any] = {}
        if t.id in difficult:
            f["difficult"] = True
        if t.features.get("sea_access"):
            f["sea_access"] = True
        if "building" in t.features:
            f["building"] = t.features["building"]
        if f:
            features[t.id] = f
    return {
        "variant": cfg.variant,
        "features": features,
        # "4 of 6 <unit>"; the neutral army's mission counts the units left instead
        "mission_units": _mission_units(cfg, s),
        "missions_to_win": options["missions_to_win"],
        "airfield_bonus": combat.AIRFIELD_BONUS,  # what an airfield adds to its owner's highest die (§5.11)
        # the most dice an attack on difficult terrain rolls without special forces (§5.5): the map's legend
        "difficult_terrain_dice": combat.DIFFICULT_TERRAIN_DICE,
        "star_table": {str(k): v for k, v in STAR_TABLE.items()},  # shown to read, priced by the legal trades
        "commands": [
            {
                "id": c,
                "cost": cost,
                "name": command_name(c) if c in COMMAND_NAMES else c.replace("_", " ").capitalize(),
                "help": command_help(c, combat.AIRFIELD_BONUS),
                "text": command_effect(c),
                "args": ARGUMENTS.get(c, ""),
            }
            for c, cost in COMMANDS.items()
        ],
    }


def _mission_units(cfg: GameConfig, s: GameState) -> dict[str, str]:
    """What "4 of 6 ..." counts for each mission; the neutral army's mission counts the units left
    instead, and a mission about one building says whether it is held."""
    units = {m: _(mission_rules.progress(cfg, s, 0, m)[2]) for m in MISSIONS if m != "defeat_neutral_army"}
    units["control_both_satellite_centres"] = _("satellite centres")
    return units


def mission_territories(cfg: GameConfig, s: GameState) -> dict[str, list[str]]:
    """The territories each mission in play (face up or collected) is about now, for outlining
    them on the map: the missions' own statement (``missions.goal``), so the cities and the
    neutral army's territories follow the game; two whole regions names none (any two count)."""
    x = s.extra
    ids = cfg.map.ids
    in_play = [*x.board_missions, *(m for got in x.collected for m in got)]
    return {m: [ids[t] for t in mission_rules.territories(cfg, s, m)] for m in in_play}


def state(cfg: GameConfig, s: GameState) -> dict[str, Any]:
    """The edition's public state that changes now and then: cities, capitals, airfields and the
    territories each helps, the face-up and collected missions and the territories each is about,
    this turn's purchases. Made of three parts that change at different moments, each remembered
    while the parts of the state it reads are the same (none reads the field hospitals, which
    change with every battle)."""
    return {**_places(cfg, s), **_missions(cfg, s), "purchases": _purchases(cfg, s)}


@remembered("extra.cities", "extra.capitals", "extra.airfields")
def _places(cfg: GameConfig, s: GameState) -> dict[str, Any]:
    x = BalanceOfPowerExtras(cfg, s)
    airfields = x.airfields
    return {
        "cities": x.cities,
        "capitals": x.capitals,
        "airfields": airfields,
        "zones": {p: x.airfield_zone(p) for p in cfg.players if airfields[p]},
    }


# who holds what: the neutral army's mission is about the land it still holds
@remembered("extra.cities", "extra.board_missions", "extra.collected", "owner")
def _missions(cfg: GameConfig, s: GameState) -> dict[str, Any]:
    x = BalanceOfPowerExtras(cfg, s)
    return {
        "board_missions": x.board_missions,
        "mission_territories": mission_territories(cfg, s),
        "collected": x.collected,
    }


@remembered("extra.purchases")
def _purchases(cfg: GameConfig, s: GameState) -> list[dict[str, Any]]:
    return BalanceOfPowerExtras(cfg, s).purchases


def counts(cfg: GameConfig, s: GameState) -> dict[str, Any]:
    """The numbers that change with most actions, kept apart from ``state`` so that a battle sends
    a few bytes: cities held per owner, units in each field hospital, each player's progress toward
    the face-up missions (``[have, need]`` in board order), and in a free setup whose units are
    being placed."""
    owners = cfg.owners
    out: dict[str, Any] = {
        **_holdings(cfg, s),
        "hospital": BalanceOfPowerExtras(cfg, s).hospital if cfg.options["field_hospital"] else {},
    }
    if s.phase == "setup":
        who = next((o for o, n in enumerate(s.supply) if n), -1)
        if who >= 0:
            out["setup"] = {"owner": owners[who], "left": s.supply[who]}
    return out


@remembered("owner", "extra.cities", "extra.board_missions")  # (a battle that takes no land changes none)
def _holdings(cfg: GameConfig, s: GameState) -> dict[str, Any]:
    """The cities each owner holds and each player's progress toward the face-up missions."""
    owners = cfg.owners
    # who holds each city, counted from the position (unclaimed land in a free setup holds none)
    control = {o: 0 for o in owners}
    for t in s.extra.cities:
        o = s.owner[t]
        if o >= 0:
            control[owners[o]] += 1
    return {
        "city_control": control,
        "progress": {
            p: [list(mission_rules.held(cfg, s, i, m)) for m in s.extra.board_missions]
            for i, p in enumerate(cfg.players)
        },
    }


def hints(cfg: GameConfig, s: GameState, legal: Sequence[Action]) -> dict[str, Any]:
    """What the pending decision allows beyond placing, attacking and moving: capitals to pick, the
    four side choices, the commands to buy (with every source, target and number a command taking
    arguments allows, and for an airfield the territories it would help) and the missions to
    collect. Read from the legal actions."""
    # every kind of action with its counts' bounds is all these read (the most units a command
    # may move): not every count built (a LegalActions gives them at once), and each read once
    legal = legal.extremes() if isinstance(legal, LegalActions) else list(legal)
    buy: dict[str, Any] = {}
    gm = cfg.map
    for a in legal:
        if not isinstance(a, Buy):
            continue
        if a.command == "starting_maneuver":
            src, tgt, n = a.args
            move = buy.setdefault(a.command, {}).setdefault(src, {"max": 0, "to": []})
            move["max"] = max(move["max"], int(n))
            if tgt not in move["to"]:
                move["to"].append(tgt)
        elif a.command == "uprising":
            src, tgt, n = a.args
            pair = buy.setdefault(a.command, {}).setdefault(src, {})
            pair[tgt] = max(pair.get(tgt, 0), int(n))
        elif a.command == "build_airfield":
            zone = airfield_zone(cfg, gm.index[a.args[0]])
            buy.setdefault(a.command, {})[a.args[0]] = [gm.ids[z] for z in zone]
        else:
            buy[a.command] = True
    return {
        "capital": sorted(a.territory for a in legal if isinstance(a, PlaceCapital)),
        "choose": [f"{a.side} {a.order}" for a in legal if isinstance(a, ChooseSide)],
        "buy": buy,
        "collect": [a.mission for a in legal if isinstance(a, CollectMission)],
    }
