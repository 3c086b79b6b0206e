"""The Balance of Power turn (§5.4): neutral resistance, the field hospital, reinforcements and
star trades, attacks, the mission step, the maneuver, the card and the win check.

Each handler validates first and builds the next state only when the action is legal, so an
``IllegalAction`` leaves nothing changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.engine.actions import Attack, Blitz, Defend, EndPhase, Fortify, Occupy, Place, TradeCards
from riskboard.engine.chance import Chance
from riskboard.engine.events import (
    CardsTraded,
    Events,
    GameWon,
    PlayerEliminated,
    TurnEnded,
    armies_moved,
    phase_changed,
    turn_started,
)
from riskboard.engine.state import MAX_UNITS, GameState
from riskboard.errors import IllegalAction
from riskboard.i18n import N_, Nn_, _, ngettext
from riskboard.rulesets.balance_of_power import missions as mission_rules
from riskboard.rulesets.balance_of_power.actions import CollectMission
from riskboard.rulesets.balance_of_power.data import BOUGHT_REINFORCEMENTS, COMMANDS, STAR_TABLE, TWO_STAR_CARDS
from riskboard.rulesets.balance_of_power.events import (
    AirfieldDestroyed,
    Income,
    MissionCollected,
    NeutralReinforced,
    ReinforcementsCounted,
    income_text,
)
from riskboard.rulesets.balance_of_power.extra import BopExtra
from riskboard.rulesets.components import battles
from riskboard.rulesets.components.cards import draw_card
from riskboard.rulesets.components.common import name_of, replace_at, territory_index, wrong_phase
from riskboard.rulesets.components.fortify import check_move, move
from riskboard.rulesets.components.income import held_regions
from riskboard.rulesets.components.limits import granted
from riskboard.rulesets.components.placing import place_units
from riskboard.rulesets.components.said import Said
from riskboard.rulesets.components.stars import check_cards_in_hand
from riskboard.rulesets.components.stars import stars as star_count

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.rulesets.balance_of_power import BalanceOfPowerRuleset

Result = tuple[GameState, Events]
UNIT = ("unit", "units")  # the edition's word for its pieces (the seed's "Einheiten")


def stars(card: str) -> int:
    return star_count(card, TWO_STAR_CARDS)


# -- the start of a turn -------------------------------------------------------------------------
def income_parts(cfg: GameConfig, s: GameState, player: int) -> Income:
    """§5.8: max(3, (territories + cities) ÷ 3) + region bonuses + 1 per capital held."""
    owner = s.owner
    x: BopExtra = s.extra
    territories = owner.count(player)
    cities = sum(owner[t] == player for t in x.cities)
    base = max(cfg.options["min_reinforcements"], (territories + cities) // 3)
    regions = tuple((cfg.map.regions[r].id, cfg.map.regions[r].bonus) for r in held_regions(cfg.map, owner, player))
    capitals = sum(1 for c in x.capitals if c >= 0 and owner[c] == player)
    return Income(base, territories, cities, regions, capitals)


def income(cfg: GameConfig, s: GameState, player: int) -> tuple[int, str]:
    """What ``player`` receives at the start of a turn (§5.8) and how it adds up, in words."""
    parts = income_parts(cfg, s, player)
    return parts.total, income_text(parts)


def reinforcements(cfg: GameConfig, s: GameState, player: int) -> Income:
    """What ``player`` places in this turn's reinforcement step (before the limits): the income and
    the reinforcements bought in the field hospital this turn."""
    bought = BOUGHT_REINFORCEMENTS * s.extra.purchases.count("reinforce_3")
    return income_parts(cfg, s, player)._replace(bought=bought)


def start_turn(cfg: GameConfig, s: GameState, player: int, events: Events) -> GameState:
    turn = s.turn + 1
    x = s.extra._replace(collected_this_turn=False, purchases=(), step_left=0, step_used=(), uprising=None)
    s = s.evolve(current=player, turn=turn, conquered=False, battle=None, reinforcements=0, extra=x)
    events.append(turn_started(cfg.players[player], turn, income(cfg, s, player)[0]))
    resistance = cfg.options["neutral_resistance_units"]
    neutral = len(cfg.players)
    resistance = granted(s, neutral, resistance) if neutral in s.owner else 0  # within the limits
    if resistance > 0:
        events.append(phase_changed(cfg.players[player], "neutral"))
        return s.evolve(phase="neutral", extra=x._replace(step_left=resistance))
    return enter_hospital(cfg, s, events)


def enter_hospital(cfg: GameConfig, s: GameState, events: Events) -> GameState:
    """Step 2: the field hospital, skipped when nothing there is affordable."""
    if cfg.options["field_hospital"] and s.extra.hospital[s.current] >= min(COMMANDS.values()):
        events.append(phase_changed(cfg.players[s.current], "hospital"))
        return s.evolve(phase="hospital")
    return enter_reinforce(cfg, s, events)


def enter_reinforce(cfg: GameConfig, s: GameState, events: Events) -> GameState:
    p = s.current
    parts = reinforcements(cfg, s, p)
    given = granted(s, p, parts.total)
    if given < parts.total:
        parts = parts._replace(held=given, most=MAX_UNITS)
    events.append(ReinforcementsCounted(cfg.players[p], given, parts))
    if not given:  # the player holds the most units there can be: nothing to place
        events.append(phase_changed(cfg.players[p], "attack"))
        return s.evolve(phase="attack", reinforcements=0)
    return s.evolve(phase="reinforce", reinforcements=given)


def neutral_place(cfg: GameConfig, s: GameState, a: Place) -> Result:
    """§5.12 (D26): the active player puts the resistance units on one or two neutral territories."""
    x: BopExtra = s.extra
    t = territory_index(cfg, a.territory)
    neutral = len(cfg.players)
    if s.owner[t] != neutral:
        raise IllegalAction(
            _("neutral resistance units go on neutral territories; {territory} belongs to {owner}").format(
                territory=a.territory, owner=name_of(cfg, s.owner[t])
            ),
            code="action/not_neutral",
        )
    if not 1 <= a.count <= x.step_left:
        raise IllegalAction(
            ngettext(
                "{n} neutral resistance unit left to place, so not {count}",
                "{n} neutral resistance units left to place, so not {count}",
                x.step_left,
            ).format(n=x.step_left, count=a.count),
            code="action/bad_count",
        )
    if t not in x.step_used and len(x.step_used) >= 2:
        raise IllegalAction(
            _("neutral resistance goes on one or two neutral territories; two are used already"),
            code="action/too_many_territories",
        )
    left = x.step_left - a.count
    used = x.step_used if t in x.step_used else (*x.step_used, t)
    events: Events = [NeutralReinforced(cfg.players[s.current], a.territory, a.count)]
    s = s.evolve(
        armies=replace_at(s.armies, t, s.armies[t] + a.count), extra=x._replace(step_left=left, step_used=used)
    )
    if left == 0:
        s = enter_hospital(cfg, s.evolve(extra=s.extra._replace(step_used=())), events)
    return s, events


# -- reinforcements and stars --------------------------------------------------------------------
def place(cfg: GameConfig, s: GameState, a: Place) -> Result:
    if s.phase == "neutral":
        return neutral_place(cfg, s, a)
    if s.phase != "reinforce":
        wrong_phase(cfg, s, _("place units"), _("units are placed in the reinforcement step"))
    return place_units(cfg, s, a.territory, a.count)


def trade(cfg: GameConfig, s: GameState, a: TradeCards) -> Result:
    """§5.9, D21: any cards worth 2 to 10 stars together, read from the star table."""
    if s.phase != "reinforce":
        wrong_phase(cfg, s, _("trade cards"), _("stars are traded in the reinforcement step"))
    p = s.current
    hand = s.hands[p]
    cards = a.cards
    check_cards_in_hand(cfg, s, cards)
    total = sum(stars(c) for c in cards)
    if total not in STAR_TABLE:
        raise IllegalAction(
            _("a trade is worth 2 to 10 stars; {cards} show {total}").format(cards=", ".join(cards), total=total),
            code="cards/bad_stars",
        )
    units = granted(s, p, STAR_TABLE[total])  # within the limits: see components.limits
    s = s.evolve(
        reinforcements=s.reinforcements + units,
        hands=replace_at(s.hands, p, tuple(c for c in hand if c not in cards)),
        discard_pile=s.discard_pile + tuple(cards),
    )
    return s, [CardsTraded(cfg.players[p], tuple(cards), units, None)]


# -- attacks -------------------------------------------------------------------------------------
def _check_attack(cfg: GameConfig, s: GameState, source: str, target: str) -> tuple[int, int]:
    if s.phase != "attack":
        wrong_phase(cfg, s, _("attack"))
    battles.no_battle_pending(cfg, s)
    return battles.check_source_and_target(cfg, s, source, target, UNIT)


def _check_dice(ruleset: BalanceOfPowerRuleset, cfg: GameConfig, s: GameState, src: int, tgt: int, dice: int) -> None:
    battle = ruleset.battle_rules(cfg, s, s.current, tgt)
    most = battle.attacking(s.armies[src])
    if 1 <= dice <= most:
        return
    ids = cfg.map.ids
    if 1 <= dice <= cfg.rules.attacking(s.armies[src]):
        raise IllegalAction(
            _(
                "{territory} has difficult terrain: attack it with at most {most} units, or buy special forces "
                "to attack with {dice}"
            ).format(territory=ids[tgt], most=battle.attack_dice, dice=cfg.rules.attack_dice),
            code="action/difficult_terrain",
        )
    raise IllegalAction(
        _(
            "with {units} in {territory} you may attack with {choice}, not {dice} (one unit stays behind, at most {most} attack)"
        ).format(
            units=ngettext("{n} unit", "{n} units", s.armies[src]).format(n=s.armies[src]),
            territory=ids[src],
            choice=_("only 1 unit") if most == 1 else ngettext("1 to {n} unit", "1 to {n} units", most).format(n=most),
            dice=dice,
            most=cfg.rules.attack_dice,
        ),
        code="action/bad_dice",
    )


def attack(ruleset: BalanceOfPowerRuleset, cfg: GameConfig, s: GameState, a: Attack, chance: Chance) -> Result:
    src, tgt = _check_attack(cfg, s, a.source, a.target)
    _check_dice(ruleset, cfg, s, src, tgt, a.dice)
    return battles.declare(ruleset, cfg, s, src, tgt, a.dice, chance)


def blitz(ruleset: BalanceOfPowerRuleset, cfg: GameConfig, s: GameState, a: Blitz, chance: Chance) -> Result:
    src, tgt = _check_attack(cfg, s, a.source, a.target)
    return battles.fight(ruleset, cfg, s, src, tgt, None, None, chance, blitz=True, move=a.move)


def defend(ruleset: BalanceOfPowerRuleset, cfg: GameConfig, s: GameState, a: Defend, chance: Chance) -> Result:
    battle = s.battle
    if battle is None or battle.kind != "defend" or s.phase not in ("attack", "hospital"):
        wrong_phase(cfg, s, _("defend"), _("nobody is attacking"))
    attacker = len(cfg.players) if s.extra.uprising is not None else s.current
    battle_rules = ruleset.battle_rules(cfg, s, attacker, battle.target)
    battles.check_defence(cfg, s, a.dice, battle_rules, UNIT[1], chance)
    if s.extra.uprising is not None:
        from riskboard.rulesets.balance_of_power.hospital import uprising_throw

        return uprising_throw(ruleset, cfg, s.evolve(battle=None), a.dice, chance)
    return battles.fight(ruleset, cfg, s.evolve(battle=None), battle.source, battle.target, battle.dice, a.dice, chance)


def destroy_airfield(cfg: GameConfig, s: GameState, conqueror: int, loser: int, tgt: int, events: Events) -> GameState:
    """§5.11: an airfield on a conquered territory is destroyed."""
    x: BopExtra = s.extra
    if tgt not in x.airfields:
        return s
    who = x.airfields.index(tgt)
    events.append(AirfieldDestroyed(cfg.players[who], cfg.map.ids[tgt]))
    return s.evolve(extra=x._replace(airfields=replace_at(x.airfields, who, -1)))


def eliminate(cfg: GameConfig, s: GameState, loser: int, conqueror: int, events: Events) -> GameState:
    """§5.14: a player left without territory loses at once (to the other player, whoever took it)."""
    winner = 1 - loser
    events.append(PlayerEliminated(cfg.players[loser], cfg.owners[conqueror], 0))
    events.append(GameWon(cfg.players[winner], Said(N_("the opponent has no territory left"))))
    return s.evolve(alive=replace_at(s.alive, loser, False), winner=winner, phase="over", battle=None)


def occupy(cfg: GameConfig, s: GameState, a: Occupy) -> Result:
    return battles.occupy(cfg, s, a.count, UNIT[1])


# -- missions, the maneuver and the end of the turn -------------------------------------------------
def collect(cfg: GameConfig, s: GameState, a: CollectMission) -> Result:
    """§5.6: after attacking, take one fulfilled face-up mission (one per turn) and keep it."""
    p = s.current
    player = cfg.players[p]
    x: BopExtra = s.extra
    if x.collected_this_turn:  # before the phase check: collecting moves on to the maneuver
        raise IllegalAction(
            _("{player} already collected a mission this turn (one per turn)").format(player=player),
            code="mission/one_per_turn",
        )
    if s.phase not in ("attack", "missions") or s.battle is not None:
        wrong_phase(cfg, s, _("collect a mission"), _("missions are collected after attacking"))
    if a.mission not in x.board_missions:
        raise IllegalAction(
            _("{mission} is not a face-up mission; on the board: {missions}").format(
                mission=a.mission, missions=", ".join(x.board_missions) or _("none")
            ),
            code="mission/not_on_board",
        )
    have, need, unit = mission_rules.progress(cfg, s, p, a.mission)
    if have < need:
        raise IllegalAction(
            _("{player} did not fulfil {mission}: {have} of {need} {unit}").format(
                player=player, mission=a.mission, have=have, need=need, unit=_(unit)
            ),
            code="mission/not_fulfilled",
        )
    collected = replace_at(x.collected, p, (*x.collected[p], a.mission))
    x = x._replace(
        board_missions=tuple(m for m in x.board_missions if m != a.mission),
        collected=collected,
        collected_this_turn=True,
    )
    events: Events = [MissionCollected(player, a.mission, mission_rules.describe(a.mission), len(collected[p]))]
    events.append(phase_changed(player, "fortify"))
    return s.evolve(extra=x, phase="fortify"), events


def fortify(cfg: GameConfig, s: GameState, a: Fortify, chance: Chance) -> Result:
    if s.phase != "fortify":
        wrong_phase(
            cfg, s, _("make the maneuver"), _("first end the attack step with 'end'") if s.phase == "attack" else ""
        )
    src, tgt = check_move(cfg, s, a.source, a.target, a.count, UNIT[1])
    events: Events = [armies_moved(cfg.players[s.current], a.source, a.target, a.count)]
    return end_turn(cfg, move(s, src, tgt, a.count), events, chance), events


def end(cfg: GameConfig, s: GameState, a: EndPhase, chance: Chance) -> Result:
    phase = s.phase
    p = s.current
    player = cfg.players[p]
    events: Events = []
    if phase == "attack":
        if s.battle is not None:
            raise IllegalAction(_("the defender must choose dice first"), code="action/awaiting_defender")
        if not s.extra.collected_this_turn and mission_rules.fulfilled(cfg, s, p):
            events.append(phase_changed(player, "missions"))
            return s.evolve(phase="missions"), events
        events.append(phase_changed(player, "fortify"))
        return s.evolve(phase="fortify"), events
    if phase == "fortify":
        events.append(TurnEnded(player))
        return end_turn(cfg, s, events, chance), events
    if phase == "hospital":
        if s.battle is not None:
            raise IllegalAction(_("the defender must choose dice first"), code="action/awaiting_defender")
        return enter_reinforce(cfg, s, events), events
    if phase == "missions":
        raise IllegalAction(
            _("{player} fulfilled a face-up mission and must collect it: 'collect MISSION'").format(player=player),
            code="mission/must_collect",
        )
    if phase == "reinforce":
        raise IllegalAction(
            ngettext(
                "{player} must first place {n} more unit", "{player} must first place {n} more units", s.reinforcements
            ).format(player=player, n=s.reinforcements),
            code="action/armies_left",
        )
    if phase == "neutral":
        raise IllegalAction(
            ngettext(
                "{player} must first place {n} neutral resistance unit",
                "{player} must first place {n} neutral resistance units",
                s.extra.step_left,
            ).format(player=player, n=s.extra.step_left),
            code="action/armies_left",
        )
    if phase == "occupy":
        raise IllegalAction(
            _("first move units into the conquered territory with 'occupy N'"), code="action/must_occupy"
        )
    wrong_phase(cfg, s, _("end the step"))


def end_turn(cfg: GameConfig, s: GameState, events: Events, chance: Chance) -> GameState:
    """Steps 6–7: a card after a conquest, then the win check (§5.14), then the other player."""
    p = s.current
    if s.conquered:
        s = draw_card(cfg, s, p, chance, events)
    x: BopExtra = s.extra
    capital = x.capitals[p]
    if len(x.collected[p]) >= cfg.options["missions_to_win"] and capital >= 0 and s.owner[capital] == p:
        events.append(
            GameWon(
                cfg.players[p],
                Said.counted(
                    *Nn_("{n} mission and the capital {capital} held", "{n} missions and the capital {capital} held"),
                    len(x.collected[p]),
                    capital=cfg.map.ids[capital],
                ),
            )
        )
        return s.evolve(winner=p, phase="over", battle=None)
    return start_turn(cfg, s, 1 - p, events)
