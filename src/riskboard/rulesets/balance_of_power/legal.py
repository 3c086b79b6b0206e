"""Who decides what now (``pending``) and every legal action (``legal_actions``) in Balance of Power."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from riskboard.engine.actions import (
    Action,
    Attack,
    Blitz,
    Defend,
    EndPhase,
    Fortify,
    Occupy,
    Place,
    TradeCards,
    trusted,
)
from riskboard.engine.combat import Rules
from riskboard.engine.events import pieces
from riskboard.engine.legal import LegalActions, counted, placing
from riskboard.engine.ruleset import Pending
from riskboard.engine.state import UNCLAIMED, GameState, waiting_move_in
from riskboard.i18n import N_, _, ngettext
from riskboard.rulesets.balance_of_power import missions as mission_rules
from riskboard.rulesets.balance_of_power.actions import Buy, ChooseSide, CollectMission, PlaceCapital
from riskboard.rulesets.balance_of_power.data import COMMANDS, STAR_TABLE, TWO_STAR_CARDS
from riskboard.rulesets.balance_of_power.hospital import uprising_sources
from riskboard.rulesets.balance_of_power.setup import landless_after, placing_for
from riskboard.rulesets.balance_of_power.words import UNIT_WORDS
from riskboard.rulesets.components import stars
from riskboard.rulesets.components.battles import defence_pending
from riskboard.rulesets.components.cards import can_draw
from riskboard.rulesets.components.legal import place_ranges

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.rulesets.balance_of_power import BalanceOfPowerRuleset


def pending(ruleset: BalanceOfPowerRuleset, cfg: GameConfig, s: GameState) -> Pending:
    phase = s.phase
    if phase == "over":
        return Pending(None, "none", phase)
    players = cfg.players
    player = players[s.current]
    ids = cfg.map.ids
    if phase == "setup":
        who = placing_for(s)
        if who >= 0:
            left = s.supply[who]
            detail = ngettext("{n} unit of {owner} to place", "{n} units of {owner} to place", left)
            return Pending(players[0], "setup_place", phase, detail.format(n=left, owner=cfg.owners[who]))
        if -1 in s.extra.capitals:
            detail = _("the capital of {player}").format(player=players[s.extra.capitals.index(-1)])
            return Pending(players[0], "capital", phase, detail)
        return Pending(players[1], "choose", phase, _("keep or swap sides, and go first or second"))
    battle = s.battle
    if battle is not None and battle.kind == "defend":
        return defence_pending(ruleset, cfg, s, battle)
    if phase == "neutral":
        left = s.extra.step_left
        detail = ngettext("{n} neutral resistance unit", "{n} neutral resistance units", left).format(n=left)
        return Pending(player, "place_neutral", phase, detail)
    if phase == "hospital":
        held = s.extra.hospital[s.current]
        detail = ngettext("{n} unit in the field hospital, or end", "{n} units in the field hospital, or end", held)
        return Pending(player, "buy", phase, detail.format(n=held))
    if phase == "reinforce":
        return Pending(player, "place", phase, pieces(s.reinforcements, UNIT_WORDS))
    if phase == "attack":
        return Pending(player, "attack", phase, _("or end"))
    if phase == "occupy":
        move_in = waiting_move_in(s)
        return Pending(
            player,
            "occupy",
            phase,
            _("{least} to {most} units into {territory}, the attacking ones included").format(
                least=move_in.least, most=move_in.most, territory=ids[move_in.target]
            ),
        )
    if phase == "missions":
        return Pending(player, "collect", phase, _("one fulfilled mission"))
    return Pending(player, "fortify", phase, _("or end"), N_("maneuver"))


def star_trades(hand: tuple[str, ...]) -> list[TradeCards]:
    """Every trade worth 2 to 10 stars, one per mix of 1-star and 2-star cards (§5.9)."""
    return stars.star_trades(hand, TWO_STAR_CARDS, STAR_TABLE)


def _moves(
    ruleset: BalanceOfPowerRuleset,
    cfg: GameConfig,
    s: GameState,
    out: LegalActions,
    make: Callable[[str, str], Callable[[int], Action]],
) -> None:
    """Add ``make(S, T)(k)`` for every move of 1..all-but-one units along the maneuver's reach."""
    ids = cfg.map.ids
    for src, o in enumerate(s.owner):
        if o == s.current and s.armies[src] > 1:
            for tgt in ruleset.destinations(cfg, s, src):
                out.add_range(make(ids[src], ids[tgt]), range(1, s.armies[src]))


_buy = trusted(Buy)


def _buying(command: str, a: str, b: str) -> Callable[[int], Action]:
    """``buy COMMAND A B k`` for a count ``k``: the counted purchases (a maneuver, an uprising)."""
    # made from the position's own ids and counts: without the checks a user's purchase needs
    # (a few times the cost, for each of the many maneuvers a field hospital may buy)
    return lambda k: _buy(command, (a, b, str(k)))


def _hospital(ruleset: BalanceOfPowerRuleset, cfg: GameConfig, s: GameState) -> LegalActions:
    p = s.current
    x = s.extra
    have = x.hospital[p]
    ids = cfg.map.ids
    out = LegalActions()
    for command, cost in COMMANDS.items():
        if cost > have:
            continue
        if command == "starting_maneuver":
            _moves(ruleset, cfg, s, out, lambda a, b: _buying("starting_maneuver", a, b))
        elif command == "uprising":
            for src, tgt in uprising_sources(cfg, s):
                most = ruleset.battle_rules(cfg, s, len(cfg.players), tgt).attacking(s.armies[src])
                out.add_range(_buying(command, ids[src], ids[tgt]), range(1, most + 1))
        elif command == "build_airfield":
            if cfg.options["airfields"] and x.airfields[p] < 0:
                out.extend(Buy(command, (ids[t],)) for t, o in enumerate(s.owner) if o == p)
        elif command == "draw_territory_card":
            if can_draw(cfg, s):
                out.append(Buy(command))
        else:
            out.append(Buy(command))
    out.append(EndPhase())
    return out


def legal_actions(ruleset: BalanceOfPowerRuleset, cfg: GameConfig, s: GameState) -> LegalActions:
    phase = s.phase
    ids = cfg.map.ids
    p = s.current
    owner = s.owner
    out = LegalActions()
    if phase == "over":
        return out
    battle = s.battle
    if battle is not None and battle.kind == "defend":
        attacker = len(cfg.players) if s.extra.uprising is not None else p
        most = ruleset.battle_rules(cfg, s, attacker, battle.target).defending(s.armies[battle.target])
        out.add_range(Defend, range(1, most + 1))
        return out
    if phase == "setup":
        who = placing_for(s)
        if who >= 0:
            empty = owner.count(UNCLAIMED)
            left = sum(s.supply)
            landless = landless_after(owner, who)
            for t, o in enumerate(owner):
                if o in (UNCLAIMED, who):
                    after = empty - (o == UNCLAIMED)
                    if after < landless:
                        continue
                    # at least one unit for every empty territory must be left after this placement
                    out.add_range(placing(Place, ids[t]), range(1, min(s.supply[who], left - after) + 1))
            return out
        if -1 in s.extra.capitals:
            who = s.extra.capitals.index(-1)
            out.extend(PlaceCapital(ids[t]) for t, o in enumerate(owner) if o == who)
            return out
        out.extend(ChooseSide(side, order) for side in ("keep", "swap") for order in ("first", "second"))
        return out
    if phase == "neutral":
        x = s.extra
        neutral = len(cfg.players)
        for t, o in enumerate(owner):
            if o == neutral and (t in x.step_used or len(x.step_used) < 2):
                out.add_range(placing(Place, ids[t]), range(1, x.step_left + 1))
        return out
    if phase == "hospital":
        return _hospital(ruleset, cfg, s)
    if phase == "reinforce":
        out.extend(star_trades(s.hands[p]))
        return place_ranges(out, cfg, s, s.reinforcements)
    if phase == "occupy":
        out.add_range(Occupy, range(battle.least, battle.most + 1))  # type: ignore[union-attr]
        return out
    fulfilled = [] if s.extra.collected_this_turn else mission_rules.fulfilled(cfg, s, p)
    if phase == "missions":
        out.extend(CollectMission(m) for m in fulfilled)
        return out
    if phase == "fortify":
        _moves(ruleset, cfg, s, out, lambda a, b: counted(Fortify, a, b))
        out.append(EndPhase())
        return out
    # attack
    adjacency = cfg.map.adjacency
    # a battle's rules and who chooses its defence depend on the target alone (this position, this
    # attacker): asked once for each target that several territories may attack
    target_rules: dict[int, tuple[Rules, bool]] = {}
    for src, o in enumerate(owner):
        if o == p and s.armies[src] > 1:
            for tgt in adjacency[src]:
                if owner[tgt] != p:
                    known = target_rules.get(tgt)
                    if known is None:
                        known = target_rules[tgt] = (
                            ruleset.battle_rules(cfg, s, p, tgt),
                            ruleset.defence_chooser(cfg, s, owner[tgt]) is None,
                        )
                    rules, blitz = known
                    out.add_range(counted(Attack, ids[src], ids[tgt]), range(1, rules.attacking(s.armies[src]) + 1))
                    if blitz:
                        out.append(Blitz(ids[src], ids[tgt]))
    out.extend(CollectMission(m) for m in fulfilled)
    out.append(EndPhase())
    return out


__all__ = ["legal_actions", "pending", "star_trades"]
