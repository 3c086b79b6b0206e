"""Who decides what now (``pending``) and every legal action (``legal_actions``) in Transformers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.engine.actions import Attack, Blitz, Defend, EndPhase, Fortify, Occupy, Place
from riskboard.engine.legal import LegalActions, counted
from riskboard.engine.ruleset import Pending
from riskboard.engine.state import UNCLAIMED
from riskboard.i18n import N_, _, ngettext
from riskboard.rulesets.components.battles import defence_pending
from riskboard.rulesets.components.claiming import claim_actions
from riskboard.rulesets.components.legal import place_ranges
from riskboard.rulesets.transformers.actions import (
    Casualty,
    LeaderAttack,
    LeaderDefend,
    LeaderMove,
    LeaderOccupy,
    Revive,
    Stop,
)
from riskboard.rulesets.transformers.extra import SCRAPYARD, UNPLACED, TfExtra
from riskboard.rulesets.transformers.liberation import allied, casualty_chooser, needs_leader
from riskboard.rulesets.transformers.words import leader_name

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState
    from riskboard.rulesets.transformers import TransformersRuleset

_END = EndPhase()
_STOP = Stop()
_CASUALTIES = [Casualty("robot"), Casualty("leader")]


def pending(ruleset: TransformersRuleset, cfg: GameConfig, s: GameState) -> Pending:
    phase = s.phase
    if phase == "over":
        return Pending(None, "none", phase)
    player = cfg.players[s.current]
    ids = cfg.map.ids
    x: TfExtra = s.extra
    if phase == "setup":
        if x.leaders[s.current] == UNPLACED:
            leader = leader_name(ruleset.leaders_of(cfg)[s.current])
            detail = _("{leader} and 1 robot on an empty zone").format(leader=leader)
            return Pending(player, "place_leader", phase, detail, N_("place the leader"))
        if UNCLAIMED in s.owner:
            return Pending(player, "claim", phase, _("place 1 robot on an empty zone"))
        return Pending(player, "place", phase, _("1 robot, {n} left").format(n=s.supply[s.current]))
    battle = s.battle
    if battle is not None and battle.kind == "defend":
        return defence_pending(ruleset, cfg, s, battle, ("robot", None))
    chooser = casualty_chooser(s)
    if chooser is not None:
        f = x.fight
        side, loss = f.casualties[0]  # type: ignore[union-attr]
        zone = ids[f.origin if side == 0 else f.target]  # type: ignore[union-attr]
        return Pending(
            cfg.players[chooser],
            "casualty",
            phase,
            ngettext(
                "{n} robot lost in {zone}: the leader among them, or robots only?",
                "{n} robots lost in {zone}: the leader among them, or robots only?",
                loss,
            ).format(n=loss, zone=zone),
            N_("choose the casualties"),
        )
    if phase == "reinforce":
        n = s.reinforcements
        return Pending(player, "place", phase, ngettext("{n} robot", "{n} robots", n).format(n=n))
    if phase == "occupy":
        return Pending(
            player,
            "occupy",
            phase,
            (
                _("{least} to {most} robots into {zone}, the attacking ones included, the leader too if named")
                if x.leaders[s.current] == battle.source  # type: ignore[union-attr]
                else _("{least} to {most} robots into {zone}, the attacking ones included")
            ).format(least=battle.least, most=battle.most, zone=ids[battle.target]),  # type: ignore[union-attr]
        )
    if phase == "attack":
        f = x.fight
        if f is not None and f.stage == "continue":
            return Pending(
                player,
                "continue",
                phase,
                _("on {target} from {origin}, or stop").format(target=ids[f.target], origin=ids[f.origin]),
                N_("continue the attack"),
            )
        return Pending(player, "attack", phase, _("or end"))
    return Pending(player, "fortify", phase, _("or end"), N_("move"))


def _attacks(cfg: GameConfig, s: GameState, src: int, targets: list[int], blitz: bool, out: LegalActions) -> None:
    ids = cfg.map.ids
    x: TfExtra = s.extra
    dice = range(1, cfg.rules.attacking(s.armies[src]) + 1)
    leader = x.leaders[s.current] == src
    for tgt in targets:
        out.add_range(counted(Attack, ids[src], ids[tgt]), dice)
        if leader:
            out.add_range(counted(LeaderAttack, ids[src], ids[tgt]), dice)
        if blitz:
            out.append(Blitz(ids[src], ids[tgt]))


def legal_actions(ruleset: TransformersRuleset, cfg: GameConfig, s: GameState) -> LegalActions:
    phase = s.phase
    ids = cfg.map.ids
    p = s.current
    owner = s.owner
    x: TfExtra = s.extra
    out = LegalActions()
    if phase == "over":
        return out
    if phase == "setup":
        if x.leaders[p] == UNPLACED:
            out.extend(Place(1, ids[t]) for t, o in enumerate(owner) if o == UNCLAIMED)
        else:
            out.extend(claim_actions(cfg, s))
        return out
    battle = s.battle
    if phase == "occupy":
        out.add_range(Occupy, range(battle.least, battle.most + 1))  # type: ignore[union-attr]
        if x.leaders[p] == battle.source:  # type: ignore[union-attr]  # the leader may follow (S002, outcome 1)
            out.add_range(LeaderOccupy, range(battle.least + 1, battle.most + 1))  # type: ignore[union-attr]
        return out
    if battle is not None:  # the defender chooses dice
        tgt = battle.target
        here = x.leaders[owner[tgt]] == tgt
        robots = s.armies[tgt] - (1 if here else 0)
        injected = x.fight.injected if x.fight is not None else ()
        if len(injected) == 2:
            k = len(injected[1])
            if not needs_leader(cfg, injected) and k <= robots:
                out.append(Defend(k))
            if here:
                out.append(LeaderDefend(k))
        else:
            most = cfg.rules.defending(s.armies[tgt])
            if not needs_leader(cfg, injected):
                out.add_range(Defend, range(1, min(most, robots) + 1))
            if here:
                out.add_range(LeaderDefend, range(1, most + 1))
        return out
    if casualty_chooser(s) is not None:
        out.extend(_CASUALTIES)
        return out
    if phase == "reinforce":
        place_ranges(out, cfg, s, s.reinforcements)
        if x.leaders[p] == SCRAPYARD and s.reinforcements >= cfg.options["revive_cost"]:
            out.extend(Revive(ids[t]) for t, o in enumerate(owner) if o == p)
        return out
    blitz = not cfg.options["ask_defender"]
    if phase == "attack":
        f = x.fight
        if f is not None:  # outcome 2: the same zones again, or stop
            _attacks(cfg, s, f.origin, [f.target], blitz, out)
            out.append(_STOP)
            return out
        adjacency = cfg.map.adjacency
        for src, o in enumerate(owner):
            if o == p and s.armies[src] > 1 and src != x.blocked:
                targets = [t for t in adjacency[src] if owner[t] != p and not allied(cfg, p, owner[t])]
                _attacks(cfg, s, src, targets, blitz, out)
        out.append(_END)
        return out
    for src, o in enumerate(owner):
        if o == p and s.armies[src] > 1:
            leader = x.leaders[p] == src
            for tgt in ruleset.destinations(cfg, s, src):
                moves = range(1, s.armies[src])
                out.add_range(counted(Fortify, ids[src], ids[tgt]), moves)
                if leader:
                    out.add_range(counted(LeaderMove, ids[src], ids[tgt]), moves)
    out.append(_END)
    return out
