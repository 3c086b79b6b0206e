"""Battles in Balance of Power (§5.5): what changes the dice (difficult terrain, special forces,
the recon reroll and the airfield's +1, in that order, D16), how a modified throw is rolled, and
where losses go. ``battle_rules`` is the single statement of which rules change a battle: the
throw, the legal actions, the bots, ``game.extras``, the odds and the board all read it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from riskboard.engine.chance import Chance
from riskboard.engine.combat import Rules
from riskboard.engine.events import Events, dice_rolled
from riskboard.engine.state import MAX_UNITS
from riskboard.i18n import N_, _, ngettext
from riskboard.rulesets.balance_of_power.events import DiceModified, UnitsToHospital
from riskboard.rulesets.balance_of_power.extra import BopExtra
from riskboard.rulesets.balance_of_power.missions import difficult_terrain

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState
    from riskboard.maps import GameMap

DIFFICULT_TERRAIN_DICE = 2
"""§5.5: the most dice an attack on difficult terrain rolls (without special forces)."""
AIRFIELD_BONUS = 1
"""§5.11: what an airfield adds to the highest die of its owner in battles around it."""


def is_difficult(cfg: GameConfig, t: int) -> bool:
    return t in difficult_terrain(cfg)


def has_building(cfg: GameConfig, t: int) -> bool:
    return "building" in cfg.map.territories[t].features


def airfield_zone(cfg: GameConfig, t: int) -> tuple[int, ...]:
    """§5.11, D25: the territories whose battles an airfield on ``t`` helps: its own and the neighbours."""
    return _zone(cfg.map, t)


@lru_cache(maxsize=256)  # one per map and airfield territory: asked for every target of every attack
def _zone(gm: GameMap, t: int) -> tuple[int, ...]:
    return (t, *gm.adjacency[t])


@lru_cache(maxsize=256)
def _zone_set(gm: GameMap, t: int) -> frozenset[int]:
    return frozenset(_zone(gm, t))  # (the same zone, for asking whether a target is in it)


def airfield_helps(cfg: GameConfig, x: BopExtra, player: int, tgt: int) -> bool:
    """Whether ``player``'s airfield helps in a battle for ``tgt``."""
    if player >= len(x.airfields):
        return False  # the neutral army has no airfield
    af = x.airfields[player]
    return af >= 0 and tgt in _zone_set(cfg.map, af)


def battle_rules(cfg: GameConfig, s: GameState, attacker: int, target: int) -> Rules:
    """The rules of a battle ``attacker`` fights for ``target``: at most 2 attacking dice against
    difficult terrain unless the attacker bought special forces (never for the neutral army in an
    uprising), one attacking 1 rerolled per recon mission against a building territory, and +1 on
    the highest die of each side whose airfield is there or next door."""
    x: BopExtra = s.extra
    neutral = attacker >= len(cfg.players)
    difficult = is_difficult(cfg, target) and (neutral or "special_forces" not in x.purchases)
    rerolls = 0 if neutral or not has_building(cfg, target) else x.purchases.count("recon_mission")
    base = cfg.rules
    attack_dice = min(base.attack_dice, DIFFICULT_TERRAIN_DICE) if difficult else base.attack_dice
    attack_bonus = AIRFIELD_BONUS if airfield_helps(cfg, x, attacker, target) else 0
    defence_bonus = AIRFIELD_BONUS if airfield_helps(cfg, x, s.owner[target], target) else 0
    if (attack_dice, attack_bonus, defence_bonus, rerolls) == (
        base.attack_dice,
        base.attack_bonus,
        base.defence_bonus,
        base.rerolls,
    ):
        return base  # (most battles: the game's rules as they are)
    return base.with_changes(
        attack_dice=attack_dice, attack_bonus=attack_bonus, defence_bonus=defence_bonus, rerolls=rerolls
    )


def battle_notes(cfg: GameConfig, s: GameState, attacker: int, target: int) -> list[str]:
    """Why a battle's dice differ from the game's rules, in words."""
    rules = battle_rules(cfg, s, attacker, target)
    owners = cfg.owners
    notes = []
    if rules.attack_dice < cfg.rules.attack_dice:
        notes.append(_("difficult terrain: at most {n} dice").format(n=rules.attack_dice))
    if rules.attack_bonus:
        notes.append(
            _("airfield of {owner}: +{n} on the highest attacking die").format(
                owner=owners[attacker], n=rules.attack_bonus
            )
        )
    if rules.defence_bonus:
        notes.append(
            _("airfield of {owner}: +{n} on the highest defending die").format(
                owner=owners[s.owner[target]], n=rules.defence_bonus
            )
        )
    if rules.rerolls:
        notes.append(
            ngettext("recon: {n} attacking 1 rerolled", "recon: {n} attacking 1s rerolled", rules.rerolls).format(
                n=rules.rerolls
            )
        )
    return notes


def modified_throw(
    cfg: GameConfig,
    s: GameState,
    rules: Rules,
    attacker: int,
    src: int,
    tgt: int,
    adice: int,
    ddice: int,
    chance: Chance,
    events: Events,
) -> tuple[int, int]:
    """One throw with its modifiers: the recon rerolls, then the airfields' bonus; losses
    (attacker, defender). Each change is reported with the dice before and after it."""
    owners = cfg.owners
    defender = s.owner[tgt]
    att, de = chance.roll_battle(adice, ddice, rules.sides)
    att_name = owners[attacker]
    recon = rules.rerolls
    if recon and 1 in att:
        before = att
        dice = list(att)
        for i in range(len(dice) - 1, -1, -1):  # sorted high to low: the 1s are at the end
            if recon == 0 or dice[i] != 1:
                break
            value = 1
            while value == 1:  # "rerolled until it shows something else"
                value = chance.roll(1, rules.sides, N_("recon reroll"))[0]
            dice[i] = value
            recon -= 1
        att = tuple(sorted(dice, reverse=True))
        events.append(DiceModified(att_name, N_("recon mission"), before, att))
    if rules.attack_bonus:
        before = att
        att = (att[0] + rules.attack_bonus, *att[1:])
        events.append(DiceModified(att_name, N_("airfield"), before, att))
    if rules.defence_bonus:
        before = de
        de = (de[0] + rules.defence_bonus, *de[1:])
        events.append(DiceModified(owners[defender], N_("airfield"), before, de))
    att_loss, def_loss = rules.compare(att, de)
    ids = cfg.map.ids
    events.append(dice_rolled(att_name, owners[defender], ids[src], ids[tgt], att, de, att_loss, def_loss))
    return att_loss, def_loss


def losses(
    cfg: GameConfig, s: GameState, attacker: int, lost_att: int, defender: int, lost_def: int, events: Events
) -> dict[str, Any]:
    """Losses of players go to their field hospital in the command room (D15); neutral losses
    and, without a hospital, player losses return to the box."""
    if not cfg.options["field_hospital"]:
        return {}
    x: BopExtra = s.extra
    hospital = list(x.hospital)
    for who, n in ((attacker, lost_att), (defender, lost_def)):
        if n and who < len(cfg.players):
            hospital[who] = min(MAX_UNITS, hospital[who] + n)  # a field hospital holds at most MAX_UNITS
            events.append(UnitsToHospital(cfg.players[who], n, hospital[who]))  # n lost, the rest to the box
    return {"extra": x._replace(hospital=tuple(hospital))}
