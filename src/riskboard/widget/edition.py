"""What the board's front end needs about an edition's own parts (Balance of Power: missions,
cities and capitals, buildings, difficult terrain, the field hospital, airfields, star cards),
as plain JSON-ready data. Editions without such parts get empty payloads, so the classic board
sends exactly what it sent before.

Like the map and the view: ``edition_payload`` is sent once (names, costs, titles, symbols, the
steps of a turn); ``extras_payload`` and ``counts_payload`` follow the game (read from
``game.extras``), each sent only when it changed: the first now and then, the second small. ``edition_hints`` adds what the pending decision allows,
derived from the legal actions like every other hint.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riskboard.analysis import battle_p_win
from riskboard.engine.actions import Action, Attack
from riskboard.render.icons import ICON_NAMES, ICONS

if TYPE_CHECKING:
    from riskboard.engine.game import Game

BOP = "balance_of_power"

# What the prompt says a player must do, for the decisions only Balance of Power has.
VERBS = {
    "setup_place": "set up the board",
    "capital": "place a capital",
    "choose": "choose sides",
    "place_neutral": "place neutral resistance",
    "buy": "buy special commands",
    "place": "place units",
    "collect": "collect a mission",
    "fortify": "make the maneuver",
}


# The field hospital's commands as the panel names and explains them before they are bought
# (RULES.md §5.10; ``COMMAND_TEXT`` says what a purchase did).
COMMAND_NAMES = {
    "recon_mission": ("Recon mission", "reroll an attacking 1 against buildings this turn"),
    "starting_maneuver": ("Starting maneuver", "move units now along your own territories"),
    "uprising": ("Uprising", "neutral units attack an opponent territory"),
    "reinforce_3": ("3 reinforcements", "3 more units to place this turn"),
    "special_forces": ("Special forces", "3 dice against difficult terrain this turn"),
    "draw_territory_card": ("Territory card", "draw a territory card now"),
    "build_airfield": ("Airfield", "+1 on your top die in battles around it"),
}


def is_bop(game: Game) -> bool:
    return game.ruleset.name == BOP


def edition_payload(game: Game) -> dict[str, Any]:
    """The edition's fixed facts for the front end, sent once (``{}`` for the classic edition)."""
    if not is_bop(game):
        return {}
    from riskboard.rulesets.balance_of_power import missions as mission_rules
    from riskboard.rulesets.balance_of_power.data import COMMAND_TEXT, COMMANDS, MISSION_TITLES, MISSIONS, STAR_TABLE
    from riskboard.rulesets.balance_of_power.hospital import ARGUMENTS

    gm = game.map
    cfg = game.config
    options = game.options
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
    steps = [["setup", "Setup"]]
    if options["neutral_resistance_units"]:
        steps.append(["neutral", "Neutral"])
    if options["field_hospital"]:
        steps.append(["hospital", "Hospital"])
    steps += [["reinforce", "Reinforce"], ["attack", "Attack"], ["missions", "Missions"], ["fortify", "Maneuver"]]
    return {
        "id": BOP,
        "title": game.ruleset.title,
        "variant": game.variant,
        "steps": steps,
        "verbs": VERBS,
        "features": features,
        "missions": dict(MISSION_TITLES),
        # "4 of 6 <unit>"; the neutral army's mission counts the units left instead
        "mission_units": _mission_units(game, MISSIONS),
        "mission_territories": _mission_territories(game),
        "missions_to_win": options["missions_to_win"],
        "hospital": bool(options["field_hospital"]),
        "airfields": bool(options["airfields"]),
        "commands": [
            {
                "id": c,
                "cost": cost,
                "name": COMMAND_NAMES.get(c, (c.replace("_", " ").capitalize(), ""))[0],
                "help": COMMAND_NAMES.get(c, ("", COMMAND_TEXT[c]))[1],
                "text": COMMAND_TEXT[c],
                "args": ARGUMENTS.get(c, ""),
            }
            for c, cost in COMMANDS.items()
        ],
        "star_table": {str(k): v for k, v in STAR_TABLE.items()},
        "icons": ICONS,
        "icon_names": ICON_NAMES,
    }


def _mission_units(game: Game, missions: tuple[str, ...]) -> dict[str, str]:
    """What "4 of 6 ..." counts for each mission; the neutral army's mission counts the units left
    instead, and a mission about one building says whether it is held."""
    from riskboard.rulesets.balance_of_power import missions as mission_rules

    units = {
        m: mission_rules.progress(game.config, game.state, 0, m)[2] for m in missions if m != "defeat_neutral_army"
    }
    units["control_both_satellite_centres"] = "satellite centres"
    return units


def _mission_territories(game: Game) -> dict[str, list[str]]:
    """The territories a mission is about, for showing it on the map (missions about cities or
    the neutral army follow the game and are found from ``extras`` and the view instead)."""
    from riskboard.rulesets.balance_of_power import missions as mission_rules

    gm = game.map
    out = {f"control_region_{r.id}": list(r.territories) for r in gm.regions}
    out["control_sea_access"] = [gm.ids[t] for t in mission_rules.feature_territories(gm, "sea_access")]
    out["control_difficult_terrain_6"] = [gm.ids[t] for t in mission_rules.difficult_terrain(game.config)]
    for mission, building in mission_rules.BUILDINGS.items():
        out[mission] = [gm.ids[t] for t in mission_rules.feature_territories(gm, "building", building)]
    return out


def card_stars(game: Game) -> dict[str, int] | None:
    """Stars per territory card (§5.9), or ``None`` for editions whose cards have symbols."""
    if not is_bop(game):
        return None
    from riskboard.rulesets.balance_of_power.data import TWO_STAR_CARDS

    return {t: 2 if t in TWO_STAR_CARDS else 1 for t in game.map.ids}


def extras_payload(game: Game) -> dict[str, Any]:
    """The edition's public state that changes now and then (``{}`` for the classic edition):
    cities, capitals, airfields and the territories each helps, the face-up and collected
    missions, this turn's purchases. Sent only when it changed, like every trait."""
    if not is_bop(game):
        return {}
    x = game.extras
    airfields = x.airfields
    return {
        "cities": x.cities,
        "capitals": x.capitals,
        "airfields": airfields,
        "zones": {p: x.airfield_zone(p) for p in game.players if airfields[p]},
        "board_missions": x.board_missions,
        "collected": x.collected,
        "purchases": x.purchases,
    }


def counts_payload(game: Game) -> dict[str, Any]:
    """The edition's numbers that change with most actions, kept apart from ``extras_payload``
    so that a battle sends a few bytes: cities held per owner, units in each field hospital,
    each player's progress toward the face-up missions (``[have, need]`` in board order), and
    in a free setup whose units are being placed."""
    if not is_bop(game):
        return {}
    x = game.extras
    s = game.state
    owners = game.config.owners
    # who holds each city, counted from the position (unclaimed land in a free setup holds none)
    control = {o: 0 for o in owners}
    for tid in x.cities:
        o = s.owner[game.map.index[tid]]
        if o >= 0:
            control[owners[o]] += 1
    out: dict[str, Any] = {
        "city_control": control,
        "hospital": x.hospital if game.options["field_hospital"] else {},
        "progress": {p: [[v["have"], v["need"]] for v in x.progress(p).values()] for p in game.players},
    }
    if s.phase == "setup":
        who = next((o for o, n in enumerate(s.supply) if n), -1)
        if who >= 0:
            out["setup"] = {"owner": owners[who], "left": s.supply[who]}
    return out


def edition_hints(game: Game, legal: list[Action]) -> dict[str, Any]:
    """What the pending Balance of Power decision allows beyond placing, attacking and moving:
    capitals to pick, the four side choices, the commands to buy (with every source, target
    and number a command taking arguments allows) and the missions to collect."""
    from riskboard.rulesets.balance_of_power.actions import Buy, ChooseSide, CollectMission, PlaceCapital

    buy: dict[str, Any] = {}
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
            buy.setdefault(a.command, []).append(a.args[0])
        else:
            buy[a.command] = True
    return {
        "capital": sorted(a.territory for a in legal if isinstance(a, PlaceCapital)),
        "choose": [f"{a.side} {a.order}" for a in legal if isinstance(a, ChooseSide)],
        "buy": buy,
        "collect": [a.mission for a in legal if isinstance(a, CollectMission)],
    }


def target_odds(game: Game, source: str, target: str) -> tuple[float, list[str]]:
    """The chance to conquer ``target`` from ``source`` throwing the most dice allowed each time,
    and the modifiers that went into it, in words."""
    s = game.state
    gm = game.map
    src, tgt = gm.index[source], gm.index[target]
    attackers, defenders = s.armies[src] - 1, s.armies[tgt]
    if not is_bop(game):
        return battle_p_win(attackers, defenders), []
    m = game.extras.battle_modifiers(target)  # the ruleset's statement of what changes the dice
    p = battle_p_win(
        attackers,
        defenders,
        max_dice=m["max_dice"],
        attack_bonus=m["attack_bonus"],
        defend_bonus=m["defend_bonus"],
        rerolls=m["rerolls"],
    )
    notes = m["notes"]
    return p, notes


def attack_dice(legal: list[Action], source: str) -> dict[str, int]:
    """The most dice each target of ``source`` may be attacked with now, from the legal attacks."""
    most: dict[str, int] = {}
    for a in legal:
        if isinstance(a, Attack) and a.source == source:
            most[a.target] = max(most.get(a.target, 0), a.dice)
    return most
