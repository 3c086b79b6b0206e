"""The field hospital's special commands (§5.10): each ``buy`` checks the cost and the command's
own conditions, pays from the hospital (the units go back to the supply) and takes effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.engine.actions import number
from riskboard.engine.chance import Chance
from riskboard.engine.events import Event, Events, armies_moved
from riskboard.engine.state import GameState, defence
from riskboard.errors import IllegalAction
from riskboard.i18n import N_, _, ngettext
from riskboard.rulesets.balance_of_power.actions import Buy
from riskboard.rulesets.balance_of_power.data import BOUGHT_REINFORCEMENTS, COMMAND_TEXT, COMMANDS
from riskboard.rulesets.balance_of_power.events import AirfieldBuilt, CommandBought, UprisingStarted
from riskboard.rulesets.balance_of_power.extra import BopExtra
from riskboard.rulesets.balance_of_power.turns import UNIT, enter_reinforce
from riskboard.rulesets.components import battles
from riskboard.rulesets.components.cards import can_draw, draw_card
from riskboard.rulesets.components.common import name_of, replace_at, territory_index, wrong_phase
from riskboard.rulesets.components.fortify import check_move, move

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.rulesets.balance_of_power import BalanceOfPowerRuleset

Result = tuple[GameState, Events]

ARGUMENTS = {
    "starting_maneuver": "FROM TO N",
    "uprising": "NEUTRAL_FROM TO DICE",
    "build_airfield": "TERRITORY",
}


def buy(ruleset: BalanceOfPowerRuleset, cfg: GameConfig, s: GameState, a: Buy, chance: Chance) -> Result:
    p = s.current
    player = cfg.players[p]
    if not cfg.options["field_hospital"]:
        raise IllegalAction(
            _("this game has no field hospital (it belongs to the command_room variant)"), code="hospital/disabled"
        )
    if s.phase != "hospital" or s.battle is not None:
        wrong_phase(cfg, s, N_("buy special commands"), N_("they are bought at the start of your turn"))
    cost = COMMANDS.get(a.command)
    if cost is None:
        raise IllegalAction(
            _("unknown special command {command}; commands: {commands}").format(
                command=repr(a.command), commands=", ".join(COMMANDS)
            ),
            code="hospital/unknown_command",
        )
    x: BopExtra = s.extra
    if x.hospital[p] < cost:
        raise IllegalAction(
            ngettext(
                "{command} costs {n} unit, more than the {held} in the field hospital of {player}",
                "{command} costs {n} units, more than the {held} in the field hospital of {player}",
                cost,
            ).format(command=a.command, n=cost, held=x.hospital[p], player=player),
            code="hospital/cannot_afford",
        )
    want = ARGUMENTS.get(a.command, "")
    if len(a.args) != len(want.split()):
        form = f"buy {a.command} {want}".rstrip()
        raise IllegalAction(
            _("expected {form}, got {text}").format(form=repr(form), text=repr(str(a))), code="action/unparsable"
        )
    events: Events = []
    left = x.hospital[p] - cost
    paid = s.evolve(extra=x._replace(hospital=replace_at(x.hospital, p, left), purchases=(*x.purchases, a.command)))
    bought = CommandBought(player, a.command, cost, left, COMMAND_TEXT[a.command].format(n=BOUGHT_REINFORCEMENTS))

    if a.command == "starting_maneuver":
        count = number(a.args[2], str(a))
        src, tgt = check_move(cfg, s, a.args[0], a.args[1], count, UNIT[1])
        events += [bought, armies_moved(player, a.args[0], a.args[1], count)]
        return _after_purchase(cfg, move(paid, src, tgt, count), events), events
    if a.command == "build_airfield":
        if not cfg.options["airfields"]:
            raise IllegalAction(_("this game is played without airfields"), code="hospital/disabled")
        t = territory_index(cfg, a.args[0])
        if x.airfields[p] >= 0:
            raise IllegalAction(
                _("the airfield of {player} is already on {territory}; a player builds only one").format(
                    player=player, territory=cfg.map.ids[x.airfields[p]]
                ),
                code="hospital/airfield_exists",
            )
        if s.owner[t] != p:
            raise IllegalAction(
                _("an airfield goes on your own territory; {territory} belongs to {owner}").format(
                    territory=a.args[0], owner=name_of(cfg, s.owner[t])
                ),
                code="action/not_owner",
            )
        paid = paid.evolve(extra=paid.extra._replace(airfields=replace_at(x.airfields, p, t)))
        events += [bought, AirfieldBuilt(player, a.args[0])]
        return _after_purchase(cfg, paid, events), events
    if a.command == "draw_territory_card":
        if not can_draw(cfg, s):
            raise IllegalAction(_("there is no territory card left to draw"), code="cards/none_left")
        events.append(bought)
        return _after_purchase(cfg, draw_card(cfg, paid, p, chance, events), events), events
    if a.command == "uprising":
        return _start_uprising(ruleset, cfg, s, paid, a, bought, chance)
    events.append(bought)  # recon_mission, reinforce_3, special_forces: effects read from purchases
    return _after_purchase(cfg, paid, events), events


def _after_purchase(cfg: GameConfig, s: GameState, events: Events) -> GameState:
    """Stay in the hospital while something is still affordable; otherwise go on to reinforce."""
    if s.phase == "over" or s.battle is not None:
        return s
    if s.extra.hospital[s.current] >= min(COMMANDS.values()):
        return s
    return enter_reinforce(cfg, s, events)


def uprising_sources(cfg: GameConfig, s: GameState) -> list[tuple[int, int]]:
    """(neutral territory, opponent territory) pairs an uprising may use."""
    neutral = len(cfg.players)
    opponent = 1 - s.current
    out: list[tuple[int, int]] = []
    for src, o in enumerate(s.owner):
        if o == neutral and s.armies[src] >= 2:
            out.extend((src, tgt) for tgt in cfg.map.adjacency[src] if s.owner[tgt] == opponent)
    return out


def _start_uprising(
    ruleset: BalanceOfPowerRuleset,
    cfg: GameConfig,
    s: GameState,
    paid: GameState,
    a: Buy,
    bought: Event,
    chance: Chance,
) -> Result:
    """D24: the buyer picks the neutral source, the opponent territory and the neutral dice."""
    src = territory_index(cfg, a.args[0])
    tgt = territory_index(cfg, a.args[1])
    dice = number(a.args[2], str(a))
    neutral = len(cfg.players)
    opponent = 1 - s.current
    if not uprising_sources(cfg, s):
        raise IllegalAction(
            _("no neutral territory with at least 2 units borders an opponent territory"), code="hospital/no_uprising"
        )
    if s.owner[src] != neutral or s.armies[src] < 2:
        raise IllegalAction(
            _(
                "an uprising starts from a neutral territory with at least 2 units; {territory} is {owner} with {units}"
            ).format(territory=a.args[0], owner=name_of(cfg, s.owner[src]), units=s.armies[src]),
            code="hospital/no_uprising",
        )
    if tgt not in cfg.map.adjacency[src] or s.owner[tgt] != opponent:
        raise IllegalAction(
            _("the uprising must attack a territory of {player} next to {territory}").format(
                player=cfg.players[opponent], territory=a.args[0]
            ),
            code="hospital/bad_target",
        )
    most = ruleset.battle_rules(cfg, s, neutral, tgt).attacking(s.armies[src])
    if not 1 <= dice <= most:
        raise IllegalAction(
            ngettext(
                "from {source} the neutral army may commit only {n} unit against {target}, not {dice}",
                "from {source} the neutral army may commit 1 to {n} units against {target}, not {dice}",
                most,
            ).format(source=a.args[0], n=most, target=a.args[1], dice=dice),
            code="action/bad_dice",
        )
    events: Events = [bought, UprisingStarted(cfg.players[s.current], a.args[0], a.args[1], dice)]
    paid = paid.evolve(extra=paid.extra._replace(uprising=(src, tgt, dice)))
    return _uprising_step(ruleset, cfg, paid, chance, events)


def _uprising_step(
    ruleset: BalanceOfPowerRuleset, cfg: GameConfig, s: GameState, chance: Chance, events: Events
) -> Result:
    """Throw after throw until the neutral units conquer or lose a unit; ask the defender for
    dice before each throw when defenders are asked."""
    src, tgt, dice = s.extra.uprising
    if ruleset.defence_chooser(cfg, s, s.owner[tgt]) is not None:
        return s.evolve(battle=defence(src, tgt, dice)), events
    neutral = len(cfg.players)
    while s.extra.uprising is not None:
        ddice = ruleset.battle_rules(cfg, s, neutral, tgt).defending(s.armies[tgt])
        s, more = uprising_throw(ruleset, cfg, s, ddice, chance)
        events += more
    return s, events


def uprising_throw(ruleset: BalanceOfPowerRuleset, cfg: GameConfig, s: GameState, ddice: int, chance: Chance) -> Result:
    """One throw of an uprising; ends it at the first neutral loss or with the conquest."""
    src, tgt, dice = s.extra.uprising
    neutral = len(cfg.players)
    defender = s.owner[tgt]
    events: Events = []
    battle = ruleset.battle_rules(cfg, s, neutral, tgt)
    att_loss, def_loss = battles.throw_once(ruleset, cfg, s, battle, neutral, src, tgt, dice, ddice, chance, events)
    armies = list(s.armies)
    armies[src] -= att_loss
    armies[tgt] -= def_loss
    changes = ruleset.losses(cfg, s, neutral, att_loss, defender, def_loss, events)
    if armies[tgt] == 0:
        s = battles.conquer(ruleset, cfg, s, armies, neutral, src, tgt, dice, events, **changes)
        s = s.evolve(extra=s.extra._replace(uprising=None))
        return (s if s.phase == "over" else _after_purchase(cfg, s, events)), events
    s = s.evolve(armies=tuple(armies), **changes)
    if att_loss:
        s = s.evolve(extra=s.extra._replace(uprising=None))
        return _after_purchase(cfg, s, events), events
    if ruleset.defence_chooser(cfg, s, defender) is not None:
        s = s.evolve(battle=defence(src, tgt, dice))
    return s, events
