"""What the Transformers board shows beyond the map, robots and cards, as plain JSON-ready data:
its facts (sent once: the leaders, the alliances of the 4-player game, the
rounds), its state (where each leader stands,
the scrapyards, the round, a liberation action between its throws), the numbers that change often
(each side's zones and robots toward the count after the last round) and what the pending decision
allows (the leader's place in the setup, an attack or a defence with the leader, the loser's
casualty choice, continue or stop after outcome 2, a leader's return from the scrapyard), read from
the legal actions. The ruleset offers these to the live board (``Ruleset.board_facts`` and
friends); the board draws them and decides nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from riskboard.engine.actions import Action, Attack, Defend
from riskboard.engine.legal import ActionRange, LegalActions
from riskboard.rulesets.transformers.actions import Casualty, LeaderAttack, LeaderDefend, LeaderMove, Revive, Stop
from riskboard.rulesets.transformers.data import LEADERS
from riskboard.rulesets.transformers.extra import SCRAPYARD, TfExtra
from riskboard.rulesets.transformers.words import leader_name

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState
    from riskboard.rulesets.transformers import TransformersRuleset


def _leaders(cfg: GameConfig) -> tuple[str, ...]:
    # a Transformers game's configuration holds the Transformers ruleset, whose leaders these are
    return cast("TransformersRuleset", cfg.ruleset).leaders_of(cfg)


def facts(cfg: GameConfig, s: GameState) -> dict[str, Any]:
    """The edition's fixed facts for the front end, sent once."""
    leaders = _leaders(cfg)
    alliances = [[cfg.players[p] for p in team] for team in cfg.ruleset.alliances(cfg)]  # type: ignore[attr-defined]
    rounds = cfg.options["rounds"]
    return {
        "leaders": {
            p: {"id": leader, "name": leader_name(leader), "faction": LEADERS[leader]}
            for p, leader in zip(cfg.players, leaders)
        },
        "alliances": alliances,
        "rounds": rounds,
        "revive_cost": cfg.options["revive_cost"],
        "largest_die": cfg.rules.leader_sides,
    }


def state(cfg: GameConfig, s: GameState) -> dict[str, Any]:
    """Where each leader stands (a zone, ``"scrapyard"`` or ``None`` before the setup placed it),
    the robots on each scrapyard, the round, and the liberation action between its throws."""
    x: TfExtra = s.extra
    ids = cfg.map.ids

    def where(t: int) -> str | None:
        return ids[t] if t >= 0 else ("scrapyard" if t == SCRAPYARD else None)

    f = x.fight
    fight = None
    if f is not None:
        fight = {
            "origin": ids[f.origin],
            "target": ids[f.target],
            "committed": f.committed,
            "leader": f.leader,
            "stage": f.stage,
            "attacker_lost": f.attacker_lost,
            "defender_leader": f.defender_leader,
        }
    return {
        "leaders": {p: where(t) for p, t in zip(cfg.players, x.leaders)},
        "scrapyard": dict(zip(cfg.players, x.scrapyard)),
        "round": x.round,
        "rounds": cfg.options["rounds"],
        "fight": fight,
        "blocked": ids[x.blocked] if x.blocked >= 0 else None,
    }


def counts(cfg: GameConfig, s: GameState) -> dict[str, Any]:
    """Each side that wins together (a player, or an alliance) with its zones and robots on the
    board, the count after the last round (§6.7)."""
    from riskboard.rulesets.transformers.turns import sides

    out = []
    for team in sides(cfg):
        zones = sum(s.owner.count(p) for p in team)
        robots = sum(a for o, a in zip(s.owner, s.armies) if o in team)
        out.append({"players": [cfg.players[p] for p in team], "zones": zones, "robots": robots})
    return {"sides": out}


def hints(cfg: GameConfig, s: GameState, legal: Sequence[Action]) -> dict[str, Any]:
    """What the pending decision allows, from the legal actions: the sources an attack or a move
    may take the leader from, the defences with and without the leader, the casualty choice, the
    throw of an action that goes on (its zones, its dice, the leader) or its stop, and the zones a
    leader may come back to."""
    ranges = legal.parts if isinstance(legal, LegalActions) else []
    # every kind of action with its bounds is what is read below (a range's middle counts are not
    # built), and each defence's dice
    legal = legal.extremes() if isinstance(legal, LegalActions) else list(legal)
    kinds = {type(a) for a in legal}  # (a kind absent from the position costs no pass over the list)

    def has(cls: type) -> bool:
        return any(issubclass(kind, cls) for kind in kinds)

    defences: set[tuple[int, bool]] = set()  # every defence's dice, with or without the leader
    if has(Defend):
        defences.update((a.dice, isinstance(a, LeaderDefend)) for a in legal if isinstance(a, Defend))
        for part in ranges:  # a range's counts say its dice without building an action for each
            if isinstance(part, ActionRange) and isinstance(first := part.first, Defend):
                defences.update((k, isinstance(first, LeaderDefend)) for k in part.counts)
    ids = cfg.map.ids
    x: TfExtra = s.extra
    leader = {
        "attack": sorted({a.source for a in legal if isinstance(a, LeaderAttack)}) if has(LeaderAttack) else [],
        "fortify": sorted({a.source for a in legal if isinstance(a, LeaderMove)}) if has(LeaderMove) else [],
        "defend": [[n, with_leader] for n, with_leader in sorted(defences)],
    }
    out: dict[str, Any] = {"leader": leader, "casualty": {}, "continue": {}, "revive": []}
    f = x.fight
    if has(Casualty) and f is not None and f.casualties:
        side, loss = f.casualties[0]
        who = s.current if side == 0 else s.owner[f.target]
        zone = f.origin if side == 0 else f.target
        out["casualty"] = {
            "player": cfg.players[who],
            "side": "attacker" if side == 0 else "defender",
            "zone": ids[zone],
            "units": loss,
            "committed": f.committed if side == 0 else None,
            "leader": leader_name(_leaders(cfg)[who]),
        }
    if has(Stop) and f is not None:
        attacks = [a for a in legal if isinstance(a, Attack)]
        out["continue"] = {
            "source": ids[f.origin],
            "target": ids[f.target],
            "dice": max((a.dice for a in attacks), default=0),
            "leader": any(isinstance(a, LeaderAttack) for a in attacks),
            "last": {"dice": f.committed, "leader": f.leader},
        }  # the board adds the odds (p_win, and p_win_no_leader with the leader there)
    out["revive"] = sorted({a.territory for a in legal if isinstance(a, Revive)}) if has(Revive) else []
    return out
