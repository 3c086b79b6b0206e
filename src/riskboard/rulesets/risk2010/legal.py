"""Who decides what now (``pending``) and every legal action (``legal_actions``) in the 2010 edition."""

from __future__ import annotations

from itertools import combinations, permutations
from typing import TYPE_CHECKING

from riskboard.engine.actions import Defend, EndPhase, Fortify, Occupy, TradeCards
from riskboard.engine.events import pieces
from riskboard.engine.legal import LegalActions, counted
from riskboard.engine.ruleset import Pending
from riskboard.engine.state import waiting_defence, waiting_move_in
from riskboard.i18n import N_, _, ngettext
from riskboard.rulesets.components.battles import defence_pending
from riskboard.rulesets.components.claiming import claim_actions
from riskboard.rulesets.components.legal import attack_ranges, place_ranges
from riskboard.rulesets.components.stars import star_trades
from riskboard.rulesets.risk2010.actions import NeutralSupport
from riskboard.rulesets.risk2010.counts import two_star_cards
from riskboard.rulesets.risk2010.data import NEUTRAL_SUPPORT, STAR_TABLE
from riskboard.rulesets.risk2010.turns import supportable
from riskboard.rulesets.risk2010.words import TROOP_WORDS

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState
    from riskboard.rulesets.risk2010 import Risk2010Ruleset

_END = EndPhase()


def pending(ruleset: Risk2010Ruleset, cfg: GameConfig, s: GameState) -> Pending:
    phase = s.phase
    if phase == "over":
        return Pending(None, "none", phase)
    player = cfg.players[s.current]
    ids = cfg.map.ids
    if phase == "setup":
        if -1 in s.owner:
            return Pending(player, "claim", phase, _("place 1 troop on an empty territory"))
        supply = s.supply[s.current]
        return Pending(
            player, "place", phase, ngettext("1 troop, {n} left", "1 troop, {n} left", supply).format(n=supply)
        )
    battle = s.battle
    if battle is not None and battle.kind == "defend":
        return defence_pending(ruleset, cfg, s, battle)
    if phase == "neutral":
        return Pending(
            player,
            "neutral",
            phase,
            _("{n} troops on 1 to 3 of its territories").format(n=NEUTRAL_SUPPORT),
            N_("reinforce a neutral army"),
        )
    if s.reinforcements:
        return Pending(player, "place", phase, pieces(s.reinforcements, TROOP_WORDS))
    if phase == "attack":
        return Pending(player, "attack", phase, _("or end"))
    if phase == "occupy":
        return Pending(
            player,
            "occupy",
            phase,
            _("{least} to {most} troops into {target}, the attacking ones included").format(
                least=battle.least,  # type: ignore[union-attr]
                most=battle.most,  # type: ignore[union-attr]
                target=ids[battle.target],  # type: ignore[union-attr]
            ),
        )
    return Pending(player, "fortify", phase, _("or end"), N_("maneuver"))


def trades(cfg: GameConfig, s: GameState, player: int) -> list[TradeCards]:
    """One trade per mix of 1-star and 2-star cards worth 1 to 10 stars (§4.6.2)."""
    return star_trades(s.hands[player], two_star_cards(cfg), STAR_TABLE)


def neutral_supports(cfg: GameConfig, s: GameState) -> list[NeutralSupport]:
    """Every way to put the 3 troops on 1 to 3 territories of one neutral army (§4.6)."""
    ids = cfg.map.ids
    out: list[NeutralSupport] = []
    for army in supportable(cfg, s):
        name = cfg.owners[army]
        land = [ids[t] for t, o in enumerate(s.owner) if o == army]
        out.extend(NeutralSupport(name, ((t, 3),)) for t in land)
        out.extend(NeutralSupport(name, ((a, 2), (b, 1))) for a, b in permutations(land, 2))
        out.extend(NeutralSupport(name, ((a, 1), (b, 1), (c, 1))) for a, b, c in combinations(land, 3))
    return out


def legal_actions(ruleset: Risk2010Ruleset, cfg: GameConfig, s: GameState) -> LegalActions:
    phase = s.phase
    ids = cfg.map.ids
    p = s.current
    owner = s.owner
    armies = s.armies
    out = LegalActions()
    if phase == "over":
        return out
    if phase == "setup":
        out.extend(claim_actions(cfg, s))
        return out
    if phase == "neutral":
        out.extend(neutral_supports(cfg, s))
        return out
    if phase == "occupy":
        move_in = waiting_move_in(s)
        out.add_range(Occupy, range(move_in.least, move_in.most + 1))
        return out
    if s.battle is not None:  # a defender choosing dice
        battle = waiting_defence(s)
        injected = battle.injected
        if injected and len(injected) == 2:
            out.append(Defend(len(injected[1])))
        else:
            out.add_range(Defend, range(1, cfg.rules.defending(armies[battle.target]) + 1))
        return out
    out.extend(trades(cfg, s, p))
    if s.reinforcements:
        return place_ranges(out, cfg, s, s.reinforcements)
    if phase == "attack":
        attack_ranges(out, cfg, s, cfg.rules)
    else:  # the maneuver
        for src, o in enumerate(owner):
            if o == p and armies[src] > 1:
                for tgt in ruleset.destinations(cfg, s, src):
                    out.add_range(counted(Fortify, ids[src], ids[tgt]), range(1, armies[src]))
    out.append(_END)
    return out
