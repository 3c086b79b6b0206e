"""What every Transformers position satisfies beyond the shared invariants: leaders stand on their
own players' zones (and count among the units there), scrapyards and rounds in range, alliances
never at war, a liberation action between throws that fits the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.engine.state import MAX_UNITS
from riskboard.i18n import _
from riskboard.rulesets.components.claiming import claim_problems
from riskboard.rulesets.transformers.extra import SCRAPYARD, UNPLACED, TfExtra
from riskboard.rulesets.transformers.turns import final_standings, sides

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState


def problems(cfg: GameConfig, s: GameState) -> list[str]:
    x = s.extra
    if not isinstance(x, TfExtra):
        return [_("a Transformers state needs its extra facts")]
    out: list[str] = []
    n = len(cfg.players)
    if len(x.leaders) != n or len(x.scrapyard) != n:
        return [_("every player has one leader and one scrapyard")]
    setup = s.phase == "setup"
    out += claim_problems(cfg, s)
    for p, t in enumerate(x.leaders):
        name = cfg.players[p]
        if t == UNPLACED:
            if not setup:
                out.append(_("{player}'s leader has no start zone after the setup").format(player=name))
        elif t == SCRAPYARD:
            if setup:
                out.append(_("{player}'s leader cannot be on the scrapyard during the setup").format(player=name))
        elif not 0 <= t < len(cfg.map) or s.owner[t] != p:
            out.append(_("{player}'s leader stands on a zone that is not theirs").format(player=name))
    for t in range(len(cfg.map)):
        here = sum(1 for p, z in enumerate(x.leaders) if z == t)
        if here > 1:
            out.append(_("{territory} holds two leaders").format(territory=cfg.map.ids[t]))
        if here and s.armies[t] < 1:
            out.append(_("{territory}: a leader is a unit of its zone").format(territory=cfg.map.ids[t]))
    if setup != (x.round == 0) or not 0 <= x.round <= cfg.options["rounds"]:
        out.append(_("the round is 0 during the setup and 1 to {rounds} after it").format(rounds=cfg.options["rounds"]))
    if any(not 0 <= k <= MAX_UNITS for k in x.scrapyard):
        out.append(_("a scrapyard holds 0 to {most} robots").format(most=MAX_UNITS))
    for p in range(n):
        if not s.alive[p] and s.hands[p]:
            out.append(_("{player}: out of the game but holding cards").format(player=cfg.players[p]))
    if s.must_trade or s.missions or s.bonus_used or s.sets_traded:
        out.append(_("Transformers has no trades, missions or card bonus"))
    if s.phase in ("setup", "attack", "occupy", "fortify", "over") and s.reinforcements:
        out.append(_("no robots are left to place in the {phase} step").format(phase=s.phase))
    if not setup and any(s.supply):
        out.append(_("setup robots are placed during the setup only"))
    if setup and s.setup_left != (0, 0):
        out.append(_("the setup places one robot at a time"))
    if setup and 0 <= s.current < n and not s.supply[s.current]:
        out.append(
            _("{player} is to place a robot of the setup but has none left").format(player=cfg.players[s.current])
        )
    if x.winners and (s.phase != "over" or s.winner not in x.winners or len(x.winners) < 2):
        out.append(_("a shared win names two or more winners, the game's winner among them"))
    out += _fight_problems(cfg, s, x)
    out += _winner_problems(cfg, s, x)
    return out


def _winner_problems(cfg: GameConfig, s: GameState, x: TfExtra) -> list[str]:
    """A finished game was won by a rule of §6.7: a side that defeated every opposing army wins
    at once (its eliminated members too), or the final count after the last round."""
    if s.phase != "over" or not 0 <= s.winner < len(cfg.players):
        return []
    winners = tuple(sorted(x.winners or (s.winner,)))
    for team in sides(cfg):
        if winners == tuple(sorted(team)) and all(not s.alive[q] for q in range(len(cfg.players)) if q not in team):
            return []
    if x.round == cfg.options["rounds"]:
        _teams, top = final_standings(cfg, s)
        if winners == tuple(sorted(p for t in top for p in t)):
            return []
    return [_("the game is won, but the winners meet none of the rules that win it")]


def _fight_problems(cfg: GameConfig, s: GameState, x: TfExtra) -> list[str]:
    f = x.fight
    defend = s.battle is not None and s.battle.kind == "defend"
    if f is None:
        return [_("a defender is asked for dice only during a liberation action")] if defend else []
    if s.phase != "attack":
        return [_("a liberation action goes on only in the attack step")]
    if (
        not (0 <= f.origin < len(cfg.map) and 0 <= f.target < len(cfg.map))
        or f.target not in cfg.map.adjacency[f.origin]
    ):
        return [_("the liberation action's zones do not border")]
    if s.owner[f.origin] != s.current or s.owner[f.target] == s.current:
        return [_("a liberation action goes from the player's zone to another player's")]
    if (f.stage == "defend") != defend:
        return [_("the defender chooses dice exactly when the action waits for them")]
    if defend and (not cfg.options["ask_defender"] or (s.battle.source, s.battle.target) != (f.origin, f.target)):  # type: ignore[union-attr]
        return [_("a defender is asked for dice only in a game that asks defenders, for the action's zones")]
    if f.leader and f.stage == "defend" and x.leaders[s.current] != f.origin:
        return [_("the committed leader stands in the origin zone")]
    if (f.stage == "casualty") != bool(f.casualties):
        return [_("casualties are pending exactly in the casualty stage")]
    if f.stage == "continue" and s.armies[f.origin] < 2:
        return [_("an action goes on only while the origin zone holds 2 units")]
    if not 1 <= f.committed <= min(cfg.rules.attack_dice, 3):
        return [_("a liberation action commits 1 to 3 units")]
    return _injected_problems(cfg, s, x)


def _fits(cfg: GameConfig, dice: tuple[int, ...], leader: bool) -> bool:
    """Dice of one side: 1 to 6 each, the first up to the leader's die's faces when a leader rolls it."""
    return all(1 <= v <= (cfg.rules.leader_sides if leader and k == 0 else 6) for k, v in enumerate(dice))


def _injected_problems(cfg: GameConfig, s: GameState, x: TfExtra) -> list[str]:
    f = x.fight
    assert f is not None
    if not f.injected:
        return []
    if f.stage != "defend" or len(f.injected) > 2:
        return [_("dice given with an attack wait only for the defender's answer")]
    att = f.injected[0]
    if len(att) != f.committed or not _fits(cfg, att, f.leader):
        return [_("the attacker's dice given with the attack fit the units committed")]
    if len(f.injected) == 2:
        de = f.injected[1]
        here = x.leaders[s.owner[f.target]] == f.target
        if not 1 <= len(de) <= cfg.rules.defending(s.armies[f.target]) or not _fits(cfg, de, here):
            return [_("the defender's dice given with the attack fit the zone attacked")]
    return []
