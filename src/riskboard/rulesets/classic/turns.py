"""The classic turn: reinforce and trade cards, attack, occupy, fortify, draw a card
(RULES.md §1.1–1.5, §2.3–2.8, §2.10). Each handler validates, then builds the next state.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, cast

from riskboard.engine.actions import Attack, Blitz, Defend, EndPhase, Fortify, Occupy, Place, TradeCards
from riskboard.engine.chance import Chance, _checked_dice
from riskboard.engine.events import (
    ARMIES_MOVED,
    ARMIES_PLACED,
    DICE_ROLLED,
    PHASE_CHANGED,
    TERRITORY_CONQUERED,
    ArmiesMoved,
    AttackDeclared,
    CardsTraded,
    Events,
    GameWon,
    MissionChanged,
    PlayerEliminated,
)
from riskboard.engine.state import GameState
from riskboard.errors import IllegalAction
from riskboard.rulesets.classic import missions as mission_rules
from riskboard.rulesets.classic.setup import setup_place
from riskboard.rulesets.components import battles
from riskboard.rulesets.components.cards import is_set, set_value
from riskboard.rulesets.components.common import name_of, next_alive, replace_at, territory_index, wrong_phase

if TYPE_CHECKING:
    from riskboard.rulesets.base import GameConfig
    from riskboard.rulesets.classic import ClassicRuleset

Result = tuple[GameState, Events]
"""The next state and the events (hot ones in their compact form, see ``events.expand``)."""


def place(rules: ClassicRuleset, cfg: GameConfig, s: GameState, a: Place, chance: Chance) -> Result:
    phase = s.phase
    if phase == "setup":
        return setup_place(rules, cfg, s, a, chance)
    if phase != "reinforce" and not (phase == "attack" and (s.reinforcements > 0 or s.must_trade)):
        wrong_phase(cfg, s, "place armies", "armies are placed at the start of a turn")
    p = s.current
    if phase == "reinforce" and len(s.hands[p]) >= cfg.options["forced_trade_at"]:
        raise IllegalAction(
            f"{cfg.players[p]} holds {len(s.hands[p])} cards and must trade a set before placing armies",
            code="cards/must_trade",
        )
    if s.must_trade:
        raise IllegalAction(
            f"{cfg.players[p]} holds {len(s.hands[p])} cards after an elimination and must trade sets first",
            code="cards/must_trade",
        )
    t = territory_index(cfg, a.territory)
    if s.owner[t] != p:
        raise IllegalAction(
            f"{cfg.players[p]} can only place armies on their own territories; {a.territory} belongs to {name_of(cfg, s.owner[t])}",
            code="action/not_owner",
        )
    count = a.count
    if not 1 <= count <= s.reinforcements:
        raise IllegalAction(
            f"{cfg.players[p]} has {s.reinforcements} armies to place, so cannot place {count}", code="action/bad_count"
        )
    left = s.reinforcements - count
    events: Events = [(ARMIES_PLACED, cfg.players[p], a.territory, count)]
    if left == 0 and phase == "reinforce":
        phase = "attack"
        events.append((PHASE_CHANGED, cfg.players[p], "attack"))
    armies = replace_at(s.armies, t, s.armies[t] + count)
    return s._replace(armies=armies, reinforcements=left, phase=phase, seq=s.seq + 1, chance=chance.counter), events


def trade(rules: ClassicRuleset, cfg: GameConfig, s: GameState, a: TradeCards, chance: Chance) -> Result:
    if not (s.phase == "reinforce" or (s.phase == "attack" and s.must_trade)):
        wrong_phase(cfg, s, "trade cards", "sets are traded at the start of your turn")
    p = s.current
    player = cfg.players[p]
    cards = a.cards
    hand = s.hands[p]
    if len(cards) != 3 or len(set(cards)) != 3:
        raise IllegalAction(
            f"a set is three different cards, got {len(cards)}: {' '.join(cards)}", code="cards/not_a_set"
        )
    missing = [c for c in cards if c not in hand]
    if missing:
        raise IllegalAction(f"{player} does not hold the card(s) {', '.join(missing)}", code="cards/not_in_hand")
    symbols = rules.symbols
    if not is_set([symbols[c] for c in cards]):
        shown = ", ".join(f"{c} ({symbols[c]})" for c in cards)
        raise IllegalAction(
            f"{shown} is not a set: a set is three alike, one of each symbol, or two cards and a wild",
            code="cards/not_a_set",
        )
    n = s.sets_traded + 1
    value = set_value(n, cfg.options["card_values"], cfg.options["card_value_step"])
    armies = s.armies
    bonus_territory = None
    bonus_used = s.bonus_used
    if not bonus_used:
        index = cfg.map.index
        for c in cards:
            t = index.get(c)
            if t is not None and s.owner[t] == p:
                bonus_territory = c
                armies = replace_at(armies, t, armies[t] + cfg.options["territory_bonus"])
                bonus_used = True
                break
    new_hand = tuple(c for c in hand if c not in cards)
    must_trade = s.must_trade and len(new_hand) > cfg.options["elimination_trade_to"]
    s = s._replace(
        armies=armies,
        reinforcements=s.reinforcements + value,
        hands=replace_at(s.hands, p, new_hand),
        discard_pile=s.discard_pile + tuple(cards),
        sets_traded=n,
        bonus_used=bonus_used,
        must_trade=must_trade,
    )
    return s, [CardsTraded(player, tuple(cards), value, bonus_territory)]


def _check_attack(rules: ClassicRuleset, cfg: GameConfig, s: GameState, source: str, target: str) -> tuple[int, int]:
    """The checks every attack shares; returns the source and target indices."""
    if s.phase != "attack":
        wrong_phase(cfg, s, "attack")
    battles.no_battle_pending(cfg, s)
    if s.must_trade or s.reinforcements:
        raise IllegalAction(
            f"{cfg.players[s.current]} must first {'trade cards' if s.must_trade else f'place {s.reinforcements} armies'}",
            code="action/armies_left",
        )
    return battles.check_source_and_target(cfg, s, source, target)


def attack(rules: ClassicRuleset, cfg: GameConfig, s: GameState, a: Attack, chance: Chance) -> Result:
    src, tgt = _check_attack(rules, cfg, s, a.source, a.target)
    p = s.current
    owner = s.owner
    armies = s.armies
    most = min(3, armies[src] - 1)
    if not 1 <= a.dice <= most:
        raise IllegalAction(
            f"with {armies[src]} armies in {a.source} {cfg.players[p]} may roll 1 to {most} dice, not {a.dice} "
            f"(one army must stay behind, at most 3 dice)",
            code="action/bad_dice",
        )
    defender = owner[tgt]
    if cfg.options["ask_defender"]:
        injected = None
        if chance.queue:
            injected = _injected_throw(chance.queue, a.dice, min(2, armies[tgt]))
            chance.queue.clear()
            # recorded with the attack, so a replay or a saved game restores the pending throw
            chance.outcomes.extend(list(x) for x in injected)
        s = s._replace(battle=("defend", src, tgt, a.dice, injected))
        who = rules.defender_player(cfg, s, defender)
        return s, [AttackDeclared(cfg.players[p], cfg.players[who], a.source, a.target, a.dice)]
    return _throw(rules, cfg, s, src, tgt, a.dice, 2 if armies[tgt] >= 2 else 1, chance)


def _injected_throw(queue: deque, adice: int, most: int) -> tuple[tuple[int, ...], ...]:
    """Check dice injected with an attack that waits for the defender: the attacker's throw and,
    optionally, the defender's (checked again against the dice the defender then chooses)."""
    if len(queue) > 2:
        raise IllegalAction(
            f"one throw needs the attacker's and the defender's dice, got {len(queue)} lists", code="dice/unused"
        )
    att = _checked_dice(queue[0], adice, 6, "attacker's dice")
    if len(queue) == 1:
        return (att,)
    given = queue[1]
    n = len(given) if isinstance(given, (list, tuple)) and 1 <= len(given) <= most else most
    return att, _checked_dice(given, n, 6, "defender's dice")


def defend(rules: ClassicRuleset, cfg: GameConfig, s: GameState, a: Defend, chance: Chance) -> Result:
    battle = s.battle
    if s.phase != "attack" or battle is None or battle[0] != "defend":
        wrong_phase(cfg, s, "defend", "nobody is attacking")
    _, src, tgt, adice, injected = battle
    most = min(2, s.armies[tgt])
    if not 1 <= a.dice <= most:
        raise IllegalAction(
            f"{cfg.map.ids[tgt]} has {s.armies[tgt]} armies and may defend with 1 to {most} dice, not {a.dice}",
            code="action/bad_dice",
        )
    if injected and not chance.queue:
        chance.queue = deque(injected)
    return _throw(rules, cfg, s._replace(battle=None), src, tgt, adice, a.dice, chance)


def _throw(
    rules: ClassicRuleset,
    cfg: GameConfig,
    s: GameState,
    src: int,
    tgt: int,
    adice: int,
    ddice: int,
    chance: Chance,
    blitz: bool = False,
    move: str | None = None,
) -> Result:
    """Roll one throw (or, for a blitz, throws with the most dice until the target falls or the
    source is down to one army) and apply the losses and a conquest."""
    p = s.current
    ids = cfg.map.ids
    defender = s.owner[tgt]
    players = cfg.players
    attacker_name = players[p]
    defender_name = cfg.owners[defender]
    source_id = ids[src]
    target_id = ids[tgt]
    events: Events = []
    # the two armies change throw after throw: plain locals, one list at the end
    attacking = s.armies[src]
    defending = s.armies[tgt]
    throw = chance.throw
    while True:
        att, de, att_loss, def_loss = throw(adice, ddice)  # dice sorted high to low
        attacking -= att_loss
        defending -= def_loss
        events.append((DICE_ROLLED, attacker_name, defender_name, source_id, target_id, att, de, att_loss, def_loss))
        if not blitz or defending == 0 or attacking < 2:
            break
        adice = 3 if attacking > 3 else attacking - 1
        ddice = 2 if defending >= 2 else 1
    armies = list(s.armies)
    armies[src] = attacking
    armies[tgt] = defending
    # the common endings are stamped here (seq and chance, see ClassicRuleset.apply): one state copy
    seq = s.seq + 1
    if defending > 0:
        return s._replace(armies=tuple(armies), seq=seq, chance=chance.counter), events

    # conquest (§1.2): the dice that rolled move in at once; more may follow with ``occupy``
    armies[tgt] = adice
    armies[src] -= adice
    owner = replace_at(s.owner, tgt, p)
    events.append((TERRITORY_CONQUERED, attacker_name, defender_name, ids[tgt], ids[src], adice))
    if defender >= len(players) or defender in owner:  # the usual case: nobody is eliminated
        if armies[src] > 1:
            if move is None:
                battle = ("occupy", src, tgt, adice, adice + armies[src] - 1)
                return s._replace(
                    armies=tuple(armies),
                    owner=owner,
                    conquered=True,
                    phase="occupy",
                    battle=battle,
                    seq=seq,
                    chance=chance.counter,
                ), events
            if move == "all":
                extra = armies[src] - 1
                armies[src] = 1
                armies[tgt] += extra
                events.append((ARMIES_MOVED, attacker_name, ids[src], ids[tgt], extra))
        return s._replace(armies=tuple(armies), owner=owner, conquered=True, seq=seq, chance=chance.counter), events
    s = _eliminate(rules, cfg, s._replace(armies=tuple(armies), owner=owner, conquered=True), defender, events)
    if s.winner < 0 and armies[src] > 1:
        if move is None:
            s = s._replace(phase="occupy", battle=("occupy", src, tgt, adice, adice + armies[src] - 1))
        elif move == "all":
            extra = armies[src] - 1
            armies[src] = 1
            armies[tgt] += extra
            s = s._replace(armies=tuple(armies))
            events.append(ArmiesMoved(players[p], ids[src], ids[tgt], extra))
    return s, events


def blitz(rules: ClassicRuleset, cfg: GameConfig, s: GameState, a: Blitz, chance: Chance) -> Result:
    """Attack with the most dice allowed, throw after throw, until the target falls or the source
    has one army left (RULES.md §1.3 allows any number of throws; this is the shortcut). With
    ``move`` "all" or "min" the move-in after a conquest is decided at once (§1.2)."""
    if cfg.options["ask_defender"]:
        raise IllegalAction(
            "blitz rolls for the defender, but in this game defenders choose their own dice; attack throw by throw",
            code="action/blitz_needs_auto_defence",
        )
    src, tgt = _check_attack(rules, cfg, s, a.source, a.target)
    armies = s.armies
    adice = 3 if armies[src] > 3 else armies[src] - 1
    return _throw(rules, cfg, s, src, tgt, adice, 2 if armies[tgt] >= 2 else 1, chance, blitz=True, move=a.move)


def _eliminate(rules: ClassicRuleset, cfg: GameConfig, s: GameState, loser: int, events: Events) -> GameState:
    """§2.8: the loser is out and the conqueror takes their cards (a big hand forces trades)."""
    p = s.current
    taken = s.hands[loser]
    hands = replace_at(replace_at(s.hands, p, s.hands[p] + taken), loser, ())
    alive = replace_at(s.alive, loser, False)
    events.append(PlayerEliminated(cfg.players[loser], cfg.players[p], len(taken)))
    must_trade = len(hands[p]) >= cfg.options["elimination_trade_at"]
    missions = s.missions
    if missions:
        target = f"destroy:{cfg.players[loser]}"
        changed = list(missions)
        for holder, m in enumerate(missions):
            if m == target and holder != p:
                changed[holder] = mission_rules.FALLBACK
                events.append(MissionChanged(cfg.players[holder], mission_rules.FALLBACK))
        missions = tuple(changed)
    s = s._replace(hands=hands, alive=alive, must_trade=must_trade, missions=missions)
    if sum(alive) == 1:
        s = s._replace(winner=p, phase="over", battle=None, must_trade=False)
        events.append(GameWon(cfg.players[p], "every opponent eliminated"))
    return s


def occupy(rules: ClassicRuleset, cfg: GameConfig, s: GameState, a: Occupy, chance: Chance) -> Result:
    return cast("Result", battles.occupy(cfg, s, a.count))  # its plain events are valid compact ones


def fortify(rules: ClassicRuleset, cfg: GameConfig, s: GameState, a: Fortify, chance: Chance) -> Result:
    if s.phase != "fortify":
        wrong_phase(cfg, s, "fortify", "first end the attack phase with 'end'" if s.phase == "attack" else "")
    src = territory_index(cfg, a.source)
    tgt = territory_index(cfg, a.target)
    p = s.current
    player = cfg.players[p]
    for t, tid in ((src, a.source), (tgt, a.target)):
        if s.owner[t] != p:
            raise IllegalAction(
                f"{player} can only move between their own territories; {tid} belongs to {name_of(cfg, s.owner[t])}",
                code="action/not_owner",
            )
    if src == tgt:
        raise IllegalAction("moving armies needs two different territories", code="action/same_territory")
    if not rules.can_reach(cfg, s, src, tgt):
        raise IllegalAction(
            f"{a.source} does not border {a.target}: the classic fortify moves to an adjacent territory only",
            code="action/not_adjacent",
        )
    if not 1 <= a.count <= s.armies[src] - 1:
        raise IllegalAction(
            f"{a.source} has {s.armies[src]} armies, so 1 to {s.armies[src] - 1} can move (one stays), not {a.count}",
            code="action/bad_count",
        )
    armies = list(s.armies)
    armies[src] -= a.count
    armies[tgt] += a.count
    events: Events = [ArmiesMoved(player, a.source, a.target, a.count)]
    return rules.end_turn(cfg, s._replace(armies=tuple(armies)), events, chance), events


def end(rules: ClassicRuleset, cfg: GameConfig, s: GameState, a: EndPhase, chance: Chance) -> Result:
    phase = s.phase
    p = s.current
    player = cfg.players[p]
    if phase == "attack":
        if s.battle is not None:
            raise IllegalAction("the defender must choose dice first", code="action/awaiting_defender")
        if s.must_trade or s.reinforcements:
            raise IllegalAction(
                f"{player} must first {'trade cards' if s.must_trade else f'place {s.reinforcements} armies'}",
                code="action/armies_left",
            )
        return s._replace(phase="fortify", seq=s.seq + 1, chance=chance.counter), [(PHASE_CHANGED, player, "fortify")]
    if phase == "fortify":
        events: Events = []
        return rules.end_turn(cfg, s, events, chance), events
    if phase == "reinforce":
        raise IllegalAction(f"{player} must place {s.reinforcements} more armies first", code="action/armies_left")
    if phase == "occupy":
        raise IllegalAction("first move armies into the conquered territory with 'occupy N'", code="action/must_occupy")
    wrong_phase(cfg, s, "end the phase")


def check_mission(cfg: GameConfig, s: GameState, events: Events) -> GameState:
    """D6: a secret mission is checked during its holder's turn and wins at once."""
    p = s.current
    if s.phase not in ("setup", "over") and s.alive[p] and mission_rules.is_fulfilled(cfg, s, p):
        events.append(GameWon(cfg.players[p], f"mission completed: {mission_rules.describe(s.missions[p])}"))
        return s._replace(winner=p, phase="over", battle=None, must_trade=False)
    return s


__all__ = ["attack", "check_mission", "defend", "end", "fortify", "next_alive", "occupy", "place", "trade"]
