"""Battles in Balance of Power (§5.5): dice limits for difficult terrain, the neutral army's
defence, the recon reroll and the airfield's +1 (in that order, D16), and where losses go."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from riskboard.engine.chance import Chance
from riskboard.engine.combat import compare_sorted
from riskboard.engine.events import DiceRolled, Event
from riskboard.rulesets.balance_of_power.events import DiceModified
from riskboard.rulesets.balance_of_power.extra import BopExtra
from riskboard.rulesets.balance_of_power.missions import difficult_terrain

if TYPE_CHECKING:
    from riskboard.engine.state import GameState
    from riskboard.rulesets.base import GameConfig


def is_difficult(cfg: GameConfig, t: int) -> bool:
    return t in difficult_terrain(cfg)


def has_building(cfg: GameConfig, t: int) -> bool:
    return "building" in cfg.map.territories[t].features


def max_attack_dice(cfg: GameConfig, s: GameState, src: int, tgt: int, *, neutral: bool = False) -> int:
    """At most 3 dice and one unit stays; at most 2 against difficult terrain unless the attacker
    bought special forces this turn (never for the neutral army in an uprising)."""
    attacker = len(cfg.players) if neutral else s.current
    return min(s.armies[src] - 1, modifiers(cfg, s, attacker, tgt).max_dice)


def defence_dice(s: GameState, tgt: int) -> int:
    """The most a defender may roll: 2 with at least 2 units. The neutral army always rolls this."""
    return 2 if s.armies[tgt] >= 2 else 1


def airfield_helps(cfg: GameConfig, x: BopExtra, player: int, tgt: int) -> bool:
    """§5.11, D25: ``player``'s airfield helps in a battle for its territory or a neighbour."""
    if player >= len(x.airfields):
        return False  # the neutral army has no airfield
    af = x.airfields[player]
    return af >= 0 and (af == tgt or tgt in cfg.map.adjacency[af])


class Modifiers(NamedTuple):
    """What changes the dice of a battle for ``target`` (§5.5, §5.10, §5.11)."""

    max_dice: int
    """The most attacking dice (before the one-unit-stays limit): 2 against difficult terrain."""
    attack_bonus: bool
    """The attacker's airfield adds 1 to the highest attacking die."""
    defend_bonus: bool
    """The defender's airfield adds 1 to the highest defending die."""
    rerolls: int
    """Attacking 1s rerolled (one per recon mission bought, against building territories)."""


def modifiers(cfg: GameConfig, s: GameState, attacker: int, target: int) -> Modifiers:
    """The single statement of which rules change a battle: used by the throw and by the odds."""
    x: BopExtra = s.extra
    neutral = attacker >= len(cfg.players)
    difficult = is_difficult(cfg, target) and (neutral or "special_forces" not in x.purchases)
    rerolls = 0 if neutral or not has_building(cfg, target) else x.purchases.count("recon_mission")
    return Modifiers(
        2 if difficult else 3,
        airfield_helps(cfg, x, attacker, target),
        airfield_helps(cfg, x, s.owner[target], target),
        rerolls,
    )


def throw(
    cfg: GameConfig,
    s: GameState,
    attacker: int,
    src: int,
    tgt: int,
    adice: int,
    ddice: int,
    chance: Chance,
    events: list[Event],
) -> tuple[int, int]:
    """Roll one throw with every modifier and return (attacker losses, defender losses)."""
    owners = cfg.owners
    defender = s.owner[tgt]
    mods = modifiers(cfg, s, attacker, tgt)
    att, de = chance.roll_battle(adice, ddice)
    att_name = owners[attacker]
    recon = mods.rerolls
    if recon and 1 in att:
        before = att
        dice = list(att)
        for i in range(len(dice) - 1, -1, -1):  # sorted high to low: the 1s are at the end
            if recon == 0 or dice[i] != 1:
                break
            value = 1
            while value == 1:  # "rerolled until it shows something else"
                value = chance.roll(1, 6, "recon reroll")[0]
            dice[i] = value
            recon -= 1
        att = tuple(sorted(dice, reverse=True))
        events.append(DiceModified(att_name, "recon mission", before, att))
    if mods.attack_bonus:
        before = att
        att = (att[0] + 1, *att[1:])
        events.append(DiceModified(att_name, "airfield", before, att))
    if mods.defend_bonus:
        before = de
        de = (de[0] + 1, *de[1:])
        events.append(DiceModified(owners[defender], "airfield", before, de))
    att_loss, def_loss = compare_sorted(att, de)
    ids = cfg.map.ids
    events.append(DiceRolled(att_name, owners[defender], ids[src], ids[tgt], att, de, att_loss, def_loss))
    return att_loss, def_loss
