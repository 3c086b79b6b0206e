"""The classic turn: the setup's placements (§2.2, §2.9), the reinforcements a turn starts with
(§2.4), trading cards, attacks, the move-in, fortifying and the card of a conquest
(RULES.md §1.1–1.5, §2.3–2.8, §2.10). Each handler checks the action, then builds the next state;
the engine stamps it. The dice rules come from ``cfg.rules`` (house rules included).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.engine.actions import Attack, Blitz, Defend, EndPhase, Fortify, Occupy, Place, TradeCards
from riskboard.engine.chance import Chance
from riskboard.engine.events import (
    ARMY_WORDS,
    CardsTraded,
    Events,
    GameWon,
    MissionChanged,
    PlayerEliminated,
    TurnEnded,
    armies_moved,
    armies_placed,
    phase_changed,
    pieces,
    turn_started,
)
from riskboard.engine.state import GameState
from riskboard.errors import IllegalAction
from riskboard.i18n import N_, _, ngettext
from riskboard.rulesets.classic import missions as mission_rules
from riskboard.rulesets.components import battles
from riskboard.rulesets.components.cards import draw_card, is_set, set_value, symbol_word
from riskboard.rulesets.components.claiming import claim_or_place
from riskboard.rulesets.components.common import name_of, next_alive, replace_at, territory_index, wrong_phase
from riskboard.rulesets.components.fortify import check_move, move
from riskboard.rulesets.components.income import turn_income
from riskboard.rulesets.components.limits import granted
from riskboard.rulesets.components.placing import place_units
from riskboard.rulesets.components.said import Said

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.rulesets.classic import ClassicRuleset

Result = tuple[GameState, Events]
"""The next state and the events (hot ones compact, see ``engine.events``)."""


# -- the start and the end of a turn -------------------------------------------------------------
def start_turn(cfg: GameConfig, s: GameState, player: int, events: Events) -> GameState:
    """``player``'s turn begins: their reinforcements are counted (§2.4: max(3, territories ÷ 3)
    plus the bonus of every continent held in full, ``turn_income``) and nothing of the last turn
    remains. A player who already holds the most units there can be receives none (limits), and
    then begins in the attack phase unless a forced trade is due."""
    turn = s.turn + 1
    s = s.evolve(
        phase="reinforce",
        current=player,
        turn=turn,
        reinforcements=0,
        conquered=False,
        bonus_used=False,
        battle=None,
        must_trade=False,
    )
    reinforcements = turn_income(cfg, s, player)
    events.append(turn_started(cfg.players[player], turn, reinforcements))
    if not reinforcements and len(s.hands[player]) < cfg.options["forced_trade_at"]:
        events.append(phase_changed(cfg.players[player], "attack"))
        return s.evolve(phase="attack")
    return s.evolve(reinforcements=reinforcements)


def end_turn(cfg: GameConfig, s: GameState, events: Events, chance: Chance) -> GameState:
    """§1.4: one card if the player conquered this turn; then the next player starts."""
    if s.conquered:
        s = draw_card(cfg, s, s.current, chance, events)
    return start_turn(cfg, s, next_alive(s, s.current), events)


# -- setup placements ----------------------------------------------------------------------------
def setup_place(cfg: GameConfig, s: GameState, a: Place, chance: Chance) -> tuple[GameState, Events]:
    """One placement during setup: claim an empty territory, reinforce your own, or (two players)
    place a neutral army."""
    t = territory_index(cfg, a.territory)
    p = s.current
    player = cfg.players[p]
    owner_t = s.owner[t]
    events: Events = []
    if cfg.neutrals:
        own_left, neutral_left = s.setup_left
        if own_left > 0:
            if owner_t != p:
                raise IllegalAction(
                    _(
                        "{player} must first place their own armies, on their own territories; {territory} belongs to {owner}"
                    ).format(player=player, territory=a.territory, owner=name_of(cfg, owner_t)),
                    code="action/not_owner",
                )
            if not 1 <= a.count <= own_left:
                raise IllegalAction(
                    _("{player} may place 1 to {most} now, not {count}").format(
                        player=player, most=own_left, count=a.count
                    ),
                    code="action/bad_count",
                )
            own_left -= a.count
            o = p
        else:
            n = len(cfg.players)
            if owner_t < n:
                raise IllegalAction(
                    _(
                        "{player} must now place 1 neutral army on a neutral territory; {territory} belongs to {owner}"
                    ).format(player=player, territory=a.territory, owner=name_of(cfg, owner_t)),
                    code="action/not_neutral",
                )
            if a.count != 1:
                raise IllegalAction(_("exactly 1 neutral army is placed at a time"), code="action/bad_count")
            neutral_left -= 1
            o = owner_t
        armies = replace_at(s.armies, t, s.armies[t] + a.count)
        supply = replace_at(s.supply, o, s.supply[o] - a.count)
        events.append(armies_placed(cfg.owners[o], a.territory, a.count))
        s = s.evolve(armies=armies, supply=supply, setup_left=(own_left, neutral_left))
        if own_left == 0 and (neutral_left == 0 or supply[len(cfg.players)] == 0):
            s = _next_setup_player(cfg, s, events)
        return s, events

    return claim_or_place(cfg, s, a, start_turn)


def _next_setup_player(cfg: GameConfig, s: GameState, events: Events) -> GameState:
    """Two players: the next player places 2 of their own and 1 neutral army (§2.9)."""
    n = len(cfg.players)
    for step in range(1, n + 1):
        p = (s.current + step) % n
        if s.supply[p] > 0:
            return s.evolve(current=p, setup_left=(min(2, s.supply[p]), min(1, s.supply[n])))
    return start_turn(cfg, s.evolve(setup_left=(0, 0)), s.first_player, events)


# -- reinforcements and cards --------------------------------------------------------------------
def place(ruleset: ClassicRuleset, cfg: GameConfig, s: GameState, a: Place, chance: Chance) -> Result:
    phase = s.phase
    if phase == "setup":
        return setup_place(cfg, s, a, chance)
    if phase != "reinforce" and not (phase == "attack" and (s.reinforcements > 0 or s.must_trade)):
        wrong_phase(cfg, s, N_("place armies"), N_("armies are placed at the start of a turn"))
    p = s.current
    if phase == "reinforce" and len(s.hands[p]) >= cfg.options["forced_trade_at"]:
        raise IllegalAction(
            _("{player} must trade a set before placing armies, holding {n} cards").format(
                player=cfg.players[p], n=len(s.hands[p])
            ),
            code="cards/must_trade",
        )
    if s.must_trade:
        raise IllegalAction(
            _("{player} must trade sets first, holding {n} cards after an elimination").format(
                player=cfg.players[p], n=len(s.hands[p])
            ),
            code="cards/must_trade",
        )
    return place_units(cfg, s, a.territory, a.count)


def card_bonus(cfg: GameConfig, s: GameState, player: int, card: str) -> int:
    """§2.5: a traded card of a territory the player owns puts the territory bonus there, once a turn."""
    if s.bonus_used:
        return 0
    t = cfg.map.index.get(card)
    return cfg.rules.territory_bonus if t is not None and s.owner[t] == player else 0


def trade_value(cfg: GameConfig, s: GameState) -> int:
    """§2.5: what the next set traded in the game is worth."""
    return set_value(s.sets_traded + 1, cfg.options["card_values"], cfg.options["card_value_step"])


def trade(ruleset: ClassicRuleset, cfg: GameConfig, s: GameState, a: TradeCards, chance: Chance) -> Result:
    if not (s.phase == "reinforce" or (s.phase == "attack" and s.must_trade)):
        wrong_phase(cfg, s, N_("trade cards"), N_("sets are traded at the start of your turn"))
    p = s.current
    player = cfg.players[p]
    cards = a.cards
    hand = s.hands[p]
    if len(cards) != 3 or len(set(cards)) != 3:
        raise IllegalAction(
            _("a set is three different cards, got {n}: {cards}").format(n=len(cards), cards=" ".join(cards)),
            code="cards/not_a_set",
        )
    missing = [c for c in cards if c not in hand]
    if missing:
        raise IllegalAction(
            _("{player} cannot trade cards not in hand: {cards}").format(player=player, cards=", ".join(missing)),
            code="cards/not_in_hand",
        )
    symbols = ruleset.symbols
    if not is_set([symbols[c] for c in cards]):
        shown = ", ".join(f"{c} ({symbol_word(symbols[c])})" for c in cards)
        raise IllegalAction(
            _("{cards} is not a set: a set is three alike, one of each symbol, or two cards and a wild").format(
                cards=shown
            ),
            code="cards/not_a_set",
        )
    value = granted(s, p, trade_value(cfg, s))  # within the limits: see components.limits
    armies = s.armies
    bonus_territory = None
    bonus = 0
    for c in cards:  # the first card of an own territory, in the order given, takes the bonus
        bonus = card_bonus(cfg, s, p, c)
        if bonus:
            bonus_territory = c
            bonus = min(bonus, granted(s, p, bonus + value) - value)
            t = cfg.map.index[c]
            armies = replace_at(armies, t, armies[t] + bonus)
            break
    new_hand = tuple(c for c in hand if c not in cards)
    must_trade = s.must_trade and len(new_hand) > cfg.options["elimination_trade_to"]
    s = s.evolve(
        armies=armies,
        reinforcements=s.reinforcements + value,
        hands=replace_at(s.hands, p, new_hand),
        discard_pile=s.discard_pile + tuple(cards),
        sets_traded=s.sets_traded + 1,
        bonus_used=s.bonus_used or bonus_territory is not None,
        must_trade=must_trade,
    )
    events: Events = [CardsTraded(player, tuple(cards), value, bonus_territory, bonus)]
    if s.phase == "reinforce" and not s.reinforcements and len(new_hand) < cfg.options["forced_trade_at"]:
        # the forced trade of a player who holds the most units there can be gave nothing to place
        events.append(phase_changed(player, "attack"))
        s = s.evolve(phase="attack")
    return s, events


# -- attacks -------------------------------------------------------------------------------------
def _check_attack(cfg: GameConfig, s: GameState, source: str, target: str) -> tuple[int, int]:
    """The checks every attack shares; returns the source and target indices."""
    if s.phase != "attack":
        wrong_phase(cfg, s, N_("attack"))
    battles.no_battle_pending(cfg, s)
    _no_armies_left(cfg, s)
    return battles.check_source_and_target(cfg, s, source, target)


def _no_armies_left(cfg: GameConfig, s: GameState) -> None:
    """Refuse what the attack step allows only once the trade is made and every army placed."""
    if s.must_trade or s.reinforcements:
        player = cfg.players[s.current]
        if s.must_trade:
            text = _("{player} must first trade cards").format(player=player)
        else:
            text = _("{player} must first place {pieces}").format(
                player=player, pieces=pieces(s.reinforcements, ARMY_WORDS)
            )
        raise IllegalAction(text, code="action/armies_left")


def _attack_dice_text(most: int) -> str:
    """The refusal of a wrong number of attacking dice, saying how many may be rolled."""
    if most == 1:
        return _(
            "with {pieces} in {territory} {player} may roll only 1 die, not {dice} "
            "(one army must stay behind, at most {most} dice)"
        )
    return ngettext(
        "with {pieces} in {territory} {player} may roll 1 to {n} die, not {dice} (one army must stay behind, at most {most} dice)",
        "with {pieces} in {territory} {player} may roll 1 to {n} dice, not {dice} (one army must stay behind, at most {most} dice)",
        most,
    )


def attack(ruleset: ClassicRuleset, cfg: GameConfig, s: GameState, a: Attack, chance: Chance) -> Result:
    src, tgt = _check_attack(cfg, s, a.source, a.target)
    most = cfg.rules.attacking(s.armies[src])
    if not 1 <= a.dice <= most:
        raise IllegalAction(
            _attack_dice_text(most).format(
                pieces=pieces(s.armies[src], ARMY_WORDS),
                territory=a.source,
                player=cfg.players[s.current],
                n=most,
                dice=a.dice,
                most=cfg.rules.attack_dice,
            ),
            code="action/bad_dice",
        )
    return battles.declare(ruleset, cfg, s, src, tgt, a.dice, chance)


def defend(ruleset: ClassicRuleset, cfg: GameConfig, s: GameState, a: Defend, chance: Chance) -> Result:
    if s.phase != "attack" or s.battle is None or s.battle.kind != "defend":
        wrong_phase(cfg, s, N_("defend"), N_("nobody is attacking"))
    battle = battles.check_defence(cfg, s, a.dice, cfg.rules, "armies", chance)
    return battles.fight(ruleset, cfg, s.evolve(battle=None), battle.source, battle.target, battle.dice, a.dice, chance)


def blitz(ruleset: ClassicRuleset, cfg: GameConfig, s: GameState, a: Blitz, chance: Chance) -> Result:
    """Attack with the most dice allowed, throw after throw, until the target falls or the source
    has one army left (RULES.md §1.3 allows any number of throws; this is the shortcut). With
    ``move`` "all" or "min" the move-in after a conquest is decided at once (§1.2)."""
    src, tgt = _check_attack(cfg, s, a.source, a.target)
    return battles.fight(ruleset, cfg, s, src, tgt, None, None, chance, blitz=True, move=a.move)


def eliminate(cfg: GameConfig, s: GameState, loser: int, events: Events) -> GameState:
    """§2.8: the loser is out and the conqueror takes their cards (a big hand forces trades); the
    last player left wins."""
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
                events.append(MissionChanged(cfg.players[holder], mission_rules.named(mission_rules.FALLBACK)))
        missions = tuple(changed)
    s = s.evolve(hands=hands, alive=alive, must_trade=must_trade, missions=missions)
    if sum(alive) == 1:
        s = s.evolve(winner=p, phase="over", battle=None, must_trade=False)
        events.append(GameWon(cfg.players[p], Said(N_("every opponent eliminated"))))
    return s


def occupy(ruleset: ClassicRuleset, cfg: GameConfig, s: GameState, a: Occupy, chance: Chance) -> Result:
    return battles.occupy(cfg, s, a.count, "armies")


# -- the end of the turn -------------------------------------------------------------------------
def fortify(ruleset: ClassicRuleset, cfg: GameConfig, s: GameState, a: Fortify, chance: Chance) -> Result:
    if s.phase != "fortify":
        wrong_phase(cfg, s, N_("fortify"), N_("first end the attack phase with 'end'") if s.phase == "attack" else "")
    src, tgt = check_move(cfg, s, a.source, a.target, a.count, "armies")
    events: Events = [armies_moved(cfg.players[s.current], a.source, a.target, a.count)]
    return end_turn(cfg, move(s, src, tgt, a.count), events, chance), events


def end(ruleset: ClassicRuleset, cfg: GameConfig, s: GameState, a: EndPhase, chance: Chance) -> Result:
    phase = s.phase
    player = cfg.players[s.current]
    if phase == "attack":
        if s.battle is not None:
            raise IllegalAction(_("the defender must choose dice first"), code="action/awaiting_defender")
        _no_armies_left(cfg, s)
        if cfg.rules.fortify == "none":  # a house rule: no end-of-turn move, the turn ends here
            events: Events = [TurnEnded(player)]
            return end_turn(cfg, s, events, chance), events
        return s.evolve(phase="fortify"), [phase_changed(player, "fortify")]
    if phase == "fortify":
        events = [TurnEnded(player)]
        return end_turn(cfg, s, events, chance), events
    if phase == "reinforce":
        raise IllegalAction(
            ngettext(
                "{player} must first place {n} more army", "{player} must first place {n} more armies", s.reinforcements
            ).format(player=player, n=s.reinforcements),
            code="action/armies_left",
        )
    if phase == "occupy":
        raise IllegalAction(
            _("first move armies into the conquered territory with 'occupy N'"), code="action/must_occupy"
        )
    wrong_phase(cfg, s, N_("end the phase"))


def check_mission(cfg: GameConfig, s: GameState, events: Events) -> GameState:
    """D6: a secret mission is checked during its holder's turn and wins at once."""
    p = s.current
    if s.phase not in ("setup", "over") and s.alive[p] and mission_rules.is_fulfilled(cfg, s, p):
        events.append(
            GameWon(cfg.players[p], Said(N_("mission completed: {mission}"), mission=mission_rules.said(s.missions[p])))
        )
        # a placement can complete a mission: what was left to place is not placed
        return s.evolve(winner=p, phase="over", battle=None, must_trade=False, reinforcements=0)
    return s
