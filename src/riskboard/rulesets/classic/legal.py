"""Who decides what now (``pending``), every legal action (``legal_actions``) and the sets a hand
can trade (``trades``) in classic RISK. The ruleset holds what is remembered between questions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.engine.actions import Defend, EndPhase, Fortify, Occupy, Place, TradeCards, trusted
from riskboard.engine.events import ARMY_WORDS, pieces
from riskboard.engine.legal import LegalActions, counted
from riskboard.engine.ruleset import Pending
from riskboard.engine.state import UNCLAIMED, waiting_defence, waiting_move_in
from riskboard.i18n import _, get_language, ngettext
from riskboard.rulesets.components.battles import defence_pending
from riskboard.rulesets.components.cards import sets_in_hand
from riskboard.rulesets.components.claiming import claim_actions
from riskboard.rulesets.components.legal import attack_ranges, place_ranges

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState
    from riskboard.rulesets.classic import ClassicRuleset

PENDINGS_KEPT = 1024
"""Pending decisions ``_usual`` remembers (cleared when full): the players, phases and army counts
of a few games; names and counts change from game to game, so more would only grow."""
HANDS_KEPT = 1024
"""Hands whose sets ``trades`` remembers (cleared when full): a hand is asked about at every
decision of its turn and seldom seen in another game (50,000 held 26 MB and grew 4 KB a game)."""
_trade = trusted(TradeCards)  # a hand's sets: cards from the deck, three of them


def pending(ruleset: ClassicRuleset, cfg: GameConfig, s: GameState) -> Pending:
    """Who decides what now, and what: the commonest decisions are made once (``_usual``)."""
    phase = s.phase
    if phase == "over":
        return Pending(None, "none", phase)
    player = cfg.players[s.current]
    if phase == "setup":
        if cfg.neutrals:
            if s.setup_left[0] > 0:
                left = s.setup_left[0]
                detail = ngettext("{n} of your armies", "{n} of your armies", left).format(n=left)
                return Pending(player, "place", phase, detail)
            return Pending(player, "place_neutral", phase, _("1 neutral army"))
        if UNCLAIMED in s.owner:
            return Pending(player, "claim", phase, _("place 1 army on an empty territory"))
        supply = s.supply[s.current]
        return Pending(
            player, "place", phase, ngettext("1 army, {n} left", "1 army, {n} left", supply).format(n=supply)
        )
    if phase == "reinforce":
        if len(s.hands[s.current]) >= cfg.options["forced_trade_at"]:
            held = len(s.hands[s.current])
            detail = ngettext("{n} card: a set must be traded", "{n} cards: a set must be traded", held).format(n=held)
            return Pending(player, "trade", phase, detail)
        return _usual(ruleset, player, phase, "place", s.reinforcements)
    if phase == "attack":
        if s.must_trade:
            return Pending(player, "trade", phase, _("too many cards after an elimination"))
        if s.reinforcements:
            return _usual(ruleset, player, phase, "place", s.reinforcements)
        battle = s.battle
        if battle is not None:
            return defence_pending(ruleset, cfg, s, waiting_defence(s))
        return _usual(ruleset, player, phase, "attack")
    if phase == "occupy":
        battle = waiting_move_in(s)
        return Pending(
            player,
            "occupy",
            phase,
            _("{least} to {most} armies into {target}, the attacking ones included").format(
                least=battle.least, most=battle.most, target=cfg.map.ids[battle.target]
            ),
        )
    return _usual(ruleset, player, phase, "fortify")


def _usual(ruleset: ClassicRuleset, player: str, phase: str, decision: str, armies: int = 0) -> Pending:
    """``player`` to attack, fortify or place ``armies``: made once in each language, then remembered."""
    key = (player, phase, armies, get_language())
    pending = ruleset._pendings.get(key)
    if pending is None:
        if len(ruleset._pendings) >= PENDINGS_KEPT:
            ruleset._pendings.clear()
        detail = pieces(armies, ARMY_WORDS) if decision == "place" else _("or end")
        pending = ruleset._pendings[key] = Pending(player, decision, phase, detail)
    return pending


def legal_actions(ruleset: ClassicRuleset, cfg: GameConfig, s: GameState) -> LegalActions:
    """Every legal action, as count ranges where a count is chosen."""
    phase = s.phase
    ids = cfg.map.ids
    p = s.current
    owner = s.owner
    armies = s.armies
    out = LegalActions()
    if phase == "over":
        return out
    if phase == "setup":
        if cfg.neutrals:
            own_left = s.setup_left[0]
            if own_left:
                return place_ranges(out, cfg, s, own_left)
            n = len(cfg.players)
            out.extend(Place(1, ids[t]) for t, o in enumerate(owner) if o >= n)
            return out
        out.extend(claim_actions(cfg, s))
        return out
    if phase == "occupy":
        battle = waiting_move_in(s)
        out.add_range(Occupy, range(battle.least, battle.most + 1))
        return out
    if phase == "fortify":
        for src, o in enumerate(owner):
            if o == p and armies[src] > 1:
                for tgt in ruleset.destinations(cfg, s, src):
                    out.add_range(counted(Fortify, ids[src], ids[tgt]), range(1, armies[src]))
        out.append(EndPhase())
        return out
    if phase == "reinforce":
        out.extend(trades(ruleset, cfg, s, p))
        if len(s.hands[p]) >= cfg.options["forced_trade_at"]:
            return out
        return place_ranges(out, cfg, s, s.reinforcements)
    # attack phase: the sets of the hand only matter when one must be traded
    if s.must_trade:
        out.extend(trades(ruleset, cfg, s, p))
        return out
    if s.reinforcements:
        return place_ranges(out, cfg, s, s.reinforcements)
    rules = cfg.rules
    if s.battle is not None:
        attack = waiting_defence(s)
        injected = attack.injected
        if injected and len(injected) == 2:  # the defender's dice were set in advance
            out.append(Defend(len(injected[1])))
        else:
            out.add_range(Defend, range(1, rules.defending(armies[attack.target]) + 1))
        return out
    attack_ranges(out, cfg, s, rules)
    out.append(EndPhase())
    return out


def trades(ruleset: ClassicRuleset, cfg: GameConfig, s: GameState, player: int) -> list[TradeCards]:
    """Every set of three in the hand, in hand order (§2.5). The sets of a hand are worked
    out once: a hand of five or more is asked about at every decision of the turn."""
    hand = s.hands[player]
    known = ruleset._sets_of_hand.get(hand)
    if known is None:
        if len(ruleset._sets_of_hand) >= HANDS_KEPT:
            ruleset._sets_of_hand.clear()
        known = ruleset._sets_of_hand[hand] = tuple(map(_trade, sets_in_hand(hand, ruleset.symbols)))
    return list(known)
