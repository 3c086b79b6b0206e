"""Liberation actions (RULES.md §6.4–6.5, seed S002): the attacker commits 1–3 units and perhaps
the leader standing in the origin zone, the defender 1–2 and perhaps its leader; leaders roll a d8,
robots d6; pairs from the highest, ties to the defender; each lost pair sends one committed unit
of the loser to its scrapyard, the loser choosing whether its committed leader is among them (an
automatic answer keeps the leader to the last). Then one of three outcomes: the zone liberated
(the survivors move in, more may follow, the next action starts elsewhere), continue or stop, or
the action lost.

The steps wait for decisions in ``TfExtra.fight`` (and ``GameState.battle`` while a defender
chooses dice, a move-in is decided), so a saved game resumes in the middle of an action.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, cast

from riskboard.engine.actions import Attack, Blitz, Defend, Occupy
from riskboard.engine.chance import Chance, checked_dice
from riskboard.engine.combat import compare_sorted
from riskboard.engine.events import AttackDeclared, Events, armies_moved_in, territory_conquered
from riskboard.engine.state import MAX_UNITS, Occupation, defence, occupation
from riskboard.errors import IllegalAction
from riskboard.i18n import _, ngettext
from riskboard.rulesets.components import battles
from riskboard.rulesets.components.common import replace_at, wrong_phase
from riskboard.rulesets.transformers.actions import Casualty, LeaderAttack, LeaderDefend, LeaderOccupy
from riskboard.rulesets.transformers.events import ActionEnded, LeaderDiceRolled, LeaderScrapped
from riskboard.rulesets.transformers.extra import SCRAPYARD, Fight, TfExtra

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState
    from riskboard.rulesets.transformers import TransformersRuleset

Result = tuple["GameState", Events]
UNIT = ("robot", "robots")


def allied(cfg: GameConfig, a: int, b: int) -> bool:
    """Two players of one alliance (the 4-player game's factions share the win, §6.1)."""
    alliances = cfg.ruleset.alliances(cfg)  # type: ignore[attr-defined]
    return a != b and any(a in team and b in team for team in alliances)


def leader_of(cfg: GameConfig) -> tuple[str, ...]:
    # a Transformers game's configuration holds the Transformers ruleset, whose leaders these are
    return cast("TransformersRuleset", cfg.ruleset).leaders_of(cfg)


# -- declaring an action -------------------------------------------------------------------------
def check_origin_and_target(
    cfg: GameConfig, s: GameState, source: str, target: str, continuing: bool
) -> tuple[int, int]:
    if s.phase != "attack":
        wrong_phase(cfg, s, _("attack"), _("first place your robots") if s.phase == "reinforce" else "")
    x: TfExtra = s.extra
    battles.no_battle_pending(cfg, s)
    f = x.fight
    if f is not None and f.stage == "casualty":
        raise IllegalAction(_("the casualties of the last throw must be chosen first"), code="action/casualty_first")
    src, tgt = battles.check_source_and_target(cfg, s, source, target, UNIT)
    if allied(cfg, s.current, s.owner[tgt]):
        raise IllegalAction(
            _("{zone} belongs to {player}, an ally: allies do not attack each other").format(
                zone=target, player=cfg.players[s.owner[tgt]]
            ),
            code="action/ally",
        )
    if f is not None and f.stage == "continue" and (src, tgt) != (f.origin, f.target):
        ids = cfg.map.ids
        raise IllegalAction(
            _("the action on {target} from {origin} goes on: continue it, or 'stop' it first").format(
                target=ids[f.target], origin=ids[f.origin]
            ),
            code="action/continue_or_stop",
        )
    if not continuing and src == x.blocked:
        raise IllegalAction(
            _("{zone} just liberated a zone: the next liberation action starts from another zone (§6.5)").format(
                zone=source
            ),
            code="action/same_origin",
        )
    return src, tgt


def attack(ruleset: TransformersRuleset, cfg: GameConfig, s: GameState, a: Attack, chance: Chance) -> Result:
    """``attack S T N [leader]``: a new action, or the next throw of one that goes on (outcome 2)."""
    x: TfExtra = s.extra
    continuing = x.fight is not None and x.fight.stage == "continue"
    src, tgt = check_origin_and_target(cfg, s, a.source, a.target, continuing)
    p = s.current
    leader = isinstance(a, LeaderAttack)
    if leader and x.leaders[p] != src:
        raise IllegalAction(
            _("the leader of {player} does not stand in {zone}, so it cannot join this attack").format(
                player=cfg.players[p], zone=a.source
            ),
            code="leader/not_here",
        )
    most = cfg.rules.attacking(s.armies[src])
    if not 1 <= a.dice <= most:
        raise IllegalAction(
            _(
                "with {robots} in {zone} {player} may attack with {choice}, not {dice} "
                "(one robot stays behind as guard, at most {most})"
            ).format(
                robots=ngettext("{n} robot", "{n} robots", s.armies[src]).format(n=s.armies[src]),
                zone=a.source,
                player=cfg.players[p],
                choice=_("only 1 robot")
                if most == 1
                else ngettext("1 to {n} robot", "1 to {n} robots", most).format(n=most),
                dice=a.dice,
                most=cfg.rules.attack_dice,
            ),
            code="action/bad_dice",
        )
    fight = Fight(src, tgt, a.dice, leader, "defend")
    defender = s.owner[tgt]
    chooser = ruleset.defence_chooser(cfg, s, defender)
    if chooser is None:
        dice, dleader = auto_defence(cfg, s, tgt)
        return throw(
            ruleset,
            cfg,
            s.evolve(extra=x._replace(fight=fight, blocked=-1 if src != x.blocked else x.blocked)),
            dice,
            dleader,
            chance,
        )
    # dice given with the attack wait in the fight (a save's battle holds d6 values only)
    injected = _injected(cfg, s, tgt, chance, a.dice, leader) if chance.queue else ()
    s = s.evolve(
        battle=defence(src, tgt, a.dice, None),
        extra=x._replace(fight=fight._replace(injected=injected), blocked=-1 if src != x.blocked else x.blocked),
    )
    ids = cfg.map.ids
    return s, [AttackDeclared(cfg.players[p], cfg.players[chooser], ids[src], ids[tgt], a.dice)]


def _injected(
    cfg: GameConfig, s: GameState, tgt: int, chance: Chance, dice: int, leader: bool
) -> tuple[tuple[int, ...], ...]:
    """Dice given with an attack that waits for the defender: checked now, thrown after ``defend``.
    The attacker's die by die (a committed leader's d8 first, then d6); the defender's for a count
    the target allows, a d8 value only first and only where the defender's leader stands (that
    defence must then commit the leader), so the defender always has an answer that uses them."""
    queue = chance.queue
    assert queue is not None
    if len(queue) > 2:
        raise IllegalAction(_("one throw needs the attacker's and the defender's dice"), code="dice/unused")
    att = checked_kinds(queue[0], _kinds(cfg, dice, leader), _attackers_dice(cfg))
    if len(queue) == 1:
        given: tuple[tuple[int, ...], ...] = (att,)
    else:
        x: TfExtra = s.extra
        most = cfg.rules.defending(s.armies[tgt])
        here = x.leaders[s.owner[tgt]] == tgt
        raw = queue[1]
        n = len(raw) if isinstance(raw, (list, tuple)) and 1 <= len(raw) <= most else most
        given = (
            att,
            checked_kinds(raw, _kinds(cfg, n, here), _defenders_dice(cfg)),
        )
    queue.clear()
    chance.outcomes.extend(list(v) for v in given)
    return given


def _attackers_dice(cfg: GameConfig) -> str:
    """Which dice injected dice stand for, in the language spoken (a refusal names them)."""
    return _("attacker's dice (a leader's d{sides} first)").format(sides=cfg.rules.leader_sides)


def _defenders_dice(cfg: GameConfig) -> str:
    return _("defender's dice (a leader's d{sides} first)").format(sides=cfg.rules.leader_sides)


def checked_kinds(given: object, kinds: tuple[int, ...], who: str) -> tuple[int, ...]:
    """Injected dice for dice of ``kinds`` faces, in that order (as ``Chance.roll_kinds`` checks them);
    ``who`` names the dice in the language spoken."""
    values = checked_dice(given, len(kinds), max(kinds), who)
    if any(v > faces for v, faces in zip(values, kinds)):
        ranges = ", ".join(_("1 to {most}").format(most=k) for k in kinds)
        raise IllegalAction(
            _("the {who} must be {ranges} in that order, got {given}").format(
                who=who, ranges=ranges, given=repr(list(values))
            ),
            code="dice/invalid",
        )
    return values


def needs_leader(cfg: GameConfig, injected: tuple[tuple[int, ...], ...]) -> bool:
    """Whether the defender's dice given with the attack hold a value no robot's die
    (``Rules.sides``) shows: only its leader's d8 rolls one."""
    sides = cfg.rules.sides
    return len(injected) == 2 and any(v > sides for v in injected[1])


def auto_defence(cfg: GameConfig, s: GameState, tgt: int) -> tuple[int, bool]:
    """The automatic answer: the most dice allowed, the leader among them when it stands there
    (its d8 defends better, and it is lost last)."""
    dice = cfg.rules.defending(s.armies[tgt])
    x: TfExtra = s.extra
    return dice, x.leaders[s.owner[tgt]] == tgt


def defend(ruleset: TransformersRuleset, cfg: GameConfig, s: GameState, a: Defend, chance: Chance) -> Result:
    """``defend N [leader]``: the defender's answer to a declared throw."""
    x: TfExtra = s.extra
    if s.phase != "attack" or s.battle is None or s.battle.kind != "defend":
        wrong_phase(cfg, s, _("defend"), _("nobody is attacking"))
    battle = battles.check_defence(cfg, s, a.dice, cfg.rules, UNIT[1], chance)
    f = x.fight
    if f is not None and f.injected and not chance.queue:
        chance.queue = deque(f.injected)
    tgt = battle.target
    leader = isinstance(a, LeaderDefend)
    here = x.leaders[s.owner[tgt]] == tgt
    if leader and not here:
        raise IllegalAction(
            _("no leader of {player} stands in {zone}").format(player=cfg.players[s.owner[tgt]], zone=cfg.map.ids[tgt]),
            code="leader/not_here",
        )
    robots = s.armies[tgt] - (1 if here else 0)
    if not leader and a.dice > robots:
        raise IllegalAction(
            ngettext(
                "{zone} holds {n} robot besides the leader: defend with the leader ('defend {dice} leader') or with fewer dice",
                "{zone} holds {n} robots besides the leader: defend with the leader ('defend {dice} leader') or with fewer dice",
                robots,
            ).format(zone=cfg.map.ids[tgt], n=robots, dice=a.dice),
            code="leader/must_defend",
        )
    return throw(ruleset, cfg, s.evolve(battle=None), a.dice, leader, chance)


# -- a throw and its losses ----------------------------------------------------------------------
def _kinds(cfg: GameConfig, dice: int, leader: bool) -> tuple[int, ...]:
    """The faces of each die: a committed leader's (``Rules.leader_sides``, a d8) first, then the
    robots' (``Rules.sides``, d6; §6.4 step 5)."""
    robot = cfg.rules.sides
    return ((cfg.rules.leader_sides,) + (robot,) * (dice - 1)) if leader else (robot,) * dice


def throw(
    ruleset: TransformersRuleset, cfg: GameConfig, s: GameState, ddice: int, dleader: bool, chance: Chance
) -> Result:
    """One throw of the pending action; then the losses, the casualty choices, the outcome."""
    x: TfExtra = s.extra
    f = x.fight
    assert f is not None
    src, tgt = f.origin, f.target
    akinds, dkinds = _kinds(cfg, f.committed, f.leader), _kinds(cfg, ddice, dleader)
    att = chance.roll_kinds(akinds, _attackers_dice(cfg))
    de = chance.roll_kinds(dkinds, _defenders_dice(cfg))
    a_sorted = sorted(zip(att, akinds), reverse=True)
    d_sorted = sorted(zip(de, dkinds), reverse=True)
    a_loss, d_loss = compare_sorted([v for v, _ in a_sorted], [v for v, _ in d_sorted], cfg.rules.ties)
    ids = cfg.map.ids
    attacker, defender = s.current, s.owner[tgt]
    events: Events = [
        LeaderDiceRolled(
            cfg.players[attacker],
            cfg.players[defender],
            ids[src],
            ids[tgt],
            tuple(v for v, _ in a_sorted),
            tuple(v for v, _ in d_sorted),
            a_loss,
            d_loss,
            tuple(k for _, k in a_sorted),
            tuple(k for _, k in d_sorted),
        )
    ]
    pending: list[tuple[int, int]] = []
    armies = list(s.armies)
    # the attacker chooses when its leader may be lost; the defender too when asked for its dice
    asked = ruleset.defence_chooser(cfg, s, defender) is not None
    for side, loss, committed, leader, zone, who in (
        (0, a_loss, f.committed, f.leader, src, attacker),
        (1, d_loss, ddice, dleader, tgt, defender),
    ):
        if not loss:
            continue
        if leader and loss < committed and (side == 0 or asked):
            pending.append((side, loss))
            continue
        s = s.evolve(armies=tuple(armies))
        s = lose(cfg, s, who, zone, loss, leader and loss == committed, events)
        armies = list(s.armies)
    s = s.evolve(extra=s.extra._replace(fight=f._replace(attacker_lost=a_loss, defender_leader=dleader, injected=())))
    if pending:
        fight = s.extra.fight._replace(stage="casualty", casualties=tuple(pending))
        return s.evolve(extra=s.extra._replace(fight=fight)), events
    return outcome(ruleset, cfg, s, events), events


def lose(cfg: GameConfig, s: GameState, player: int, zone: int, units: int, leader: bool, events: Events) -> GameState:
    """``units`` of ``player``'s units in ``zone`` go to its scrapyard, the leader among them if ``leader``."""
    x: TfExtra = s.extra
    robots = units - (1 if leader else 0)
    leaders = x.leaders
    if leader:
        leaders = replace_at(leaders, player, SCRAPYARD)
        events.append(LeaderScrapped(cfg.players[player], leader_of(cfg)[player], cfg.map.ids[zone]))
    x = x._replace(
        leaders=leaders, scrapyard=replace_at(x.scrapyard, player, min(MAX_UNITS, x.scrapyard[player] + robots))
    )
    return s.evolve(armies=replace_at(s.armies, zone, s.armies[zone] - units), extra=x)


def casualty(ruleset: TransformersRuleset, cfg: GameConfig, s: GameState, a: Casualty, chance: Chance) -> Result:
    """The loser's choice (§6.4 step 7): whether its committed leader is among the units lost."""
    x: TfExtra = s.extra
    f = x.fight
    if s.phase != "attack" or f is None or f.stage != "casualty":
        raise IllegalAction(_("no casualties are to be chosen now"), code="action/no_casualty")
    side, loss = f.casualties[0]
    who = s.current if side == 0 else s.owner[f.target]
    zone = f.origin if side == 0 else f.target
    events: Events = []
    s = lose(cfg, s, who, zone, loss, a.unit == "leader", events)
    f = s.extra.fight._replace(casualties=f.casualties[1:])
    s = s.evolve(extra=s.extra._replace(fight=f))
    if f.casualties:
        return s, events
    return outcome(ruleset, cfg, s, events), events


def casualty_chooser(s: GameState) -> int | None:
    """The player who chooses casualties now, or ``None``."""
    f = s.extra.fight
    if f is None or f.stage != "casualty":
        return None
    return s.current if f.casualties[0][0] == 0 else s.owner[f.target]


# -- the outcome ---------------------------------------------------------------------------------
def outcome(ruleset: TransformersRuleset, cfg: GameConfig, s: GameState, events: Events) -> GameState:
    """§6.5: the zone liberated, continue or stop, or the action lost."""
    x: TfExtra = s.extra
    f = x.fight
    assert f is not None
    src, tgt = f.origin, f.target
    p = s.current
    ids = cfg.map.ids
    if s.armies[tgt] == 0:  # outcome 1: every defending unit is down
        loser = s.owner[tgt]
        survivors = f.committed - f.attacker_lost
        leaders = x.leaders
        if f.leader and leaders[p] == src:  # the committed leader survived: it moves in with them
            leaders = replace_at(leaders, p, tgt)
        armies = replace_at(replace_at(s.armies, src, s.armies[src] - survivors), tgt, survivors)
        blocked = -1 if cfg.options["restart_from_origin"] else src
        s = s.evolve(
            armies=armies,
            owner=replace_at(s.owner, tgt, p),
            conquered=True,
            extra=x._replace(leaders=leaders, fight=None, blocked=blocked),
        )
        events.append(territory_conquered(cfg.players[p], cfg.players[loser], ids[tgt], ids[src], survivors))
        if loser not in s.owner:
            s = ruleset.destroy(cfg, s, loser, p, events)
        more = s.armies[src] - 1
        if s.phase != "over" and more > 0:
            s = s.evolve(phase="occupy", battle=occupation(src, tgt, survivors, survivors + more))
        return s
    if s.armies[src] >= 2:  # outcome 2: the attacker continues or stops
        return s.evolve(extra=x._replace(fight=f._replace(stage="continue", casualties=())))
    events.append(ActionEnded(cfg.players[p], ids[src], ids[tgt], "lost"))  # outcome 3
    return s.evolve(extra=x._replace(fight=None))


def stop(cfg: GameConfig, s: GameState) -> Result:
    x: TfExtra = s.extra
    f = x.fight
    if s.phase != "attack" or f is None or f.stage != "continue":
        raise IllegalAction(_("there is no liberation action to stop now"), code="action/nothing_to_stop")
    ids = cfg.map.ids
    return s.evolve(extra=x._replace(fight=None)), [
        ActionEnded(cfg.players[s.current], ids[f.origin], ids[f.target], "stopped")
    ]


def occupy(cfg: GameConfig, s: GameState, a: Occupy) -> Result:
    """More robots follow into the liberated zone (outcome 1); a leader that stayed in the origin
    zone follows only when named (``occupy N leader``), and then a robot stays behind as guard."""
    if not isinstance(a, LeaderOccupy):
        return battles.occupy(cfg, s, a.count, UNIT[1])
    if s.phase != "occupy":
        wrong_phase(cfg, s, _("move in"), _("there is no liberated zone to occupy"))
    battle = s.battle
    assert isinstance(battle, Occupation)
    src, tgt, least, most = battle.source, battle.target, battle.least, battle.most
    p = s.current
    x: TfExtra = s.extra
    ids = cfg.map.ids
    if x.leaders[p] != src:
        raise IllegalAction(
            _("the leader of {player} does not stand in {origin}, so it cannot follow into {zone}").format(
                player=cfg.players[p], origin=ids[src], zone=ids[tgt]
            ),
            code="leader/not_here",
        )
    if a.count > most:
        raise IllegalAction(
            _(
                "a robot must stay behind in {origin} to guard it: with the leader move {least} to {most} robots "
                "into {zone}, not {count}"
            ).format(origin=ids[src], least=least + 1, most=most, zone=ids[tgt], count=a.count),
            code="leader/no_guard",
        )
    if a.count <= least:
        raise IllegalAction(
            _(
                "the {attacked} that attacked are in {zone} already: with the leader following, move "
                "{least} to {most} robots in all, not {count}"
            ).format(attacked=least, zone=ids[tgt], least=least + 1, most=most, count=a.count),
            code="action/bad_count",
        )
    s, events = battles.occupy(cfg, s, a.count, UNIT[1])
    return s.evolve(extra=x._replace(leaders=replace_at(x.leaders, p, tgt))), events


def blitz(ruleset: TransformersRuleset, cfg: GameConfig, s: GameState, a: Blitz, chance: Chance) -> Result:
    """Throw after throw with the most robots (no leader) until the zone is liberated or one robot
    is left in the origin (outcome 1 or 3); the defender answers automatically. ``move`` decides
    the move-in at once, as in the shared blitz."""
    if ruleset.defence_chooser(cfg, s, 0) is not None:
        raise IllegalAction(
            _(
                "blitz answers for the defender, but in this game defenders choose their own dice; attack throw by throw"
            ),
            code="action/blitz_needs_auto_defence",
        )
    x: TfExtra = s.extra
    continuing = x.fight is not None and x.fight.stage == "continue"
    src, tgt = check_origin_and_target(cfg, s, a.source, a.target, continuing)
    events: Events = []
    s = s.evolve(extra=x._replace(blocked=-1 if src != x.blocked else x.blocked))
    while True:
        dice = cfg.rules.attacking(s.armies[src])
        x = s.extra
        s = s.evolve(extra=x._replace(fight=Fight(src, tgt, dice, False, "defend")))
        ddice, dleader = auto_defence(cfg, s, tgt)
        s, more = throw(ruleset, cfg, s, ddice, dleader, chance)
        events.extend(more)
        f = s.extra.fight
        if f is None or f.stage != "continue":
            break
    if s.phase == "occupy" and a.move is not None:
        battle = s.battle
        count = battle.most if a.move == "all" else battle.least  # type: ignore[union-attr]
        s, more = battles.occupy(cfg, s, count, UNIT[1])
        events.extend(more)
    return s, events


__all__ = ["armies_moved_in"]
