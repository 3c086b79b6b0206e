"""The Transformers turn and game (RULES.md §6.3, §6.6–6.7): the setup with the leaders' start
zones, six rounds of turns (robots to place, a leader's return from the scrapyard, liberation
actions, the end-of-turn move along own zones, one card after a liberation), armies destroyed and
the win: every opposing army defeated at once, or the most zones after round 6 (an alliance's
together), then the most robots, then a shared win."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.engine.actions import EndPhase, Fortify, Place
from riskboard.engine.chance import Chance
from riskboard.engine.events import (
    Events,
    GameWon,
    TurnEnded,
    armies_moved,
    phase_changed,
    turn_started,
)
from riskboard.engine.state import MAX_UNITS, GameState
from riskboard.errors import IllegalAction
from riskboard.i18n import N_, _, ngettext
from riskboard.rulesets.components.cards import draw_card
from riskboard.rulesets.components.claiming import claim_or_place, next_to_place
from riskboard.rulesets.components.common import name_of, next_alive, replace_at, territory_index, wrong_phase
from riskboard.rulesets.components.fortify import check_move, move
from riskboard.rulesets.components.income import turn_income
from riskboard.rulesets.components.placing import place_units, units_placed
from riskboard.rulesets.components.said import Said
from riskboard.rulesets.transformers.actions import LeaderMove, Revive
from riskboard.rulesets.transformers.events import ArmyDestroyed, LeaderPlaced, LeaderRevived, RoundStarted
from riskboard.rulesets.transformers.extra import SCRAPYARD, UNPLACED, TfExtra

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig

Result = tuple[GameState, Events]


# -- the setup -----------------------------------------------------------------------------------
def setup_place(cfg: GameConfig, s: GameState, a: Place) -> Result:
    """§6.3: each player's first placement is its leader's start zone (the leader and 1 robot on
    an empty zone); then 1 robot at a time on empty zones, then on own zones, 30 robots each."""
    x: TfExtra = s.extra
    p = s.current
    if x.leaders[p] != UNPLACED:
        return claim_or_place(cfg, s, a, start_game)
    t = territory_index(cfg, a.territory)
    if a.count != 1:
        raise IllegalAction(_("the leader starts with exactly 1 robot: 'place 1 ZONE'"), code="action/bad_count")
    if s.owner[t] != -1:
        raise IllegalAction(
            _("{zone} is taken by {owner}; a leader starts on an empty zone").format(
                zone=a.territory, owner=name_of(cfg, s.owner[t])
            ),
            code="action/already_claimed",
        )
    leader = cfg.ruleset.leaders_of(cfg)[p]  # type: ignore[attr-defined]
    s = s.evolve(
        owner=replace_at(s.owner, t, p),
        armies=replace_at(s.armies, t, 2),
        supply=replace_at(s.supply, p, s.supply[p] - 1),
        extra=x._replace(leaders=replace_at(x.leaders, p, t)),
    )
    events: Events = [LeaderPlaced(cfg.players[p], leader, a.territory)]
    return next_to_place(cfg, s, events, start_game), events


def start_game(cfg: GameConfig, s: GameState, first: int, events: Events) -> GameState:
    x: TfExtra = s.extra
    events.append(RoundStarted(1, cfg.options["rounds"]))
    return start_turn(cfg, s.evolve(extra=x._replace(round=1)), first, events)


# -- the start of a turn -------------------------------------------------------------------------
def start_turn(cfg: GameConfig, s: GameState, player: int, events: Events) -> GameState:
    """``player``'s turn begins with the robots to place (D29: as classic, max(3, zones ÷ 3) plus
    every sector held in full, ``turn_income``); a player who holds the most units there
    can be receives none (``components.limits``) and begins with the liberation actions."""
    x: TfExtra = s.extra
    turn = s.turn + 1
    s = s.evolve(
        phase="reinforce",
        current=player,
        turn=turn,
        reinforcements=0,
        conquered=False,
        battle=None,
        extra=x._replace(fight=None, blocked=-1),
    )
    robots = turn_income(cfg, s, player)
    events.append(turn_started(cfg.players[player], turn, robots))
    if not robots:
        events.append(phase_changed(cfg.players[player], "attack"))
        return s.evolve(phase="attack")
    return s.evolve(reinforcements=robots)


def place(cfg: GameConfig, s: GameState, a: Place) -> Result:
    if s.phase == "setup":
        return setup_place(cfg, s, a)
    if s.phase != "reinforce":
        wrong_phase(cfg, s, _("place robots"), _("robots are placed at the start of a turn"))
    return place_units(cfg, s, a.territory, a.count)


def revive(cfg: GameConfig, s: GameState, a: Revive) -> Result:
    """§6.6: in the robot-placing step a leader on the scrapyard returns to one of its player's
    zones for 3 of the robots to place, which go to the scrapyard instead."""
    if s.phase != "reinforce":
        wrong_phase(cfg, s, _("bring a leader back"), _("a leader returns in the robot-placing step"))
    p = s.current
    x: TfExtra = s.extra
    if x.leaders[p] != SCRAPYARD:
        raise IllegalAction(
            _("the leader of {player} is not on the scrapyard").format(player=cfg.players[p]),
            code="leader/not_scrapped",
        )
    cost = cfg.options["revive_cost"]
    if s.reinforcements < cost:
        raise IllegalAction(
            ngettext(
                "bringing the leader back costs {cost}; {n} robot to place",
                "bringing the leader back costs {cost}; {n} robots to place",
                s.reinforcements,
            ).format(cost=ngettext("{n} robot", "{n} robots", cost).format(n=cost), n=s.reinforcements),
            code="leader/too_few_robots",
        )
    t = territory_index(cfg, a.territory)
    if s.owner[t] != p:
        raise IllegalAction(
            _("the leader returns to a zone of {player}; {zone} belongs to {owner}").format(
                player=cfg.players[p], zone=a.territory, owner=name_of(cfg, s.owner[t])
            ),
            code="action/not_owner",
        )
    x = x._replace(
        leaders=replace_at(x.leaders, p, t), scrapyard=replace_at(x.scrapyard, p, min(MAX_UNITS, x.scrapyard[p] + cost))
    )
    leader = cfg.ruleset.leaders_of(cfg)[p]  # type: ignore[attr-defined]
    s = s.evolve(armies=replace_at(s.armies, t, s.armies[t] + 1), extra=x)
    events: Events = [LeaderRevived(cfg.players[p], leader, a.territory, cost)]
    return units_placed(cfg, s, cost, events), events


# -- the end of a turn ---------------------------------------------------------------------------
def fortify(cfg: GameConfig, s: GameState, a: Fortify, chance: Chance) -> Result:
    """The end-of-turn move along own zones (D29); the leader goes only when named (``... leader``)."""
    if s.phase != "fortify":
        wrong_phase(cfg, s, _("move robots"), _("first end the attacks with 'end'") if s.phase == "attack" else "")
    src, tgt = check_move(cfg, s, a.source, a.target, a.count, "units")
    x: TfExtra = s.extra
    p = s.current
    leaders = x.leaders
    if isinstance(a, LeaderMove):
        if leaders[p] != src:
            raise IllegalAction(
                _("the leader of {player} does not stand in {zone}").format(player=cfg.players[p], zone=a.source),
                code="leader/not_here",
            )
        leaders = replace_at(leaders, p, tgt)
    events: Events = [armies_moved(cfg.players[p], a.source, a.target, a.count)]
    s = move(s, src, tgt, a.count)._replace(extra=x._replace(leaders=leaders))
    return end_turn(cfg, s, events, chance), events


def end(cfg: GameConfig, s: GameState, a: EndPhase, chance: Chance) -> Result:
    phase = s.phase
    player = cfg.players[s.current]
    x: TfExtra = s.extra
    if phase == "attack":
        if s.battle is not None:
            raise IllegalAction(_("the defender must choose dice first"), code="action/awaiting_defender")
        if x.fight is not None:
            code = "action/casualty_first" if x.fight.stage == "casualty" else "action/continue_or_stop"
            raise IllegalAction(_("first finish the liberation action: continue it or 'stop'"), code=code)
        return s.evolve(phase="fortify", extra=x._replace(blocked=-1)), [phase_changed(player, "fortify")]
    if phase == "fortify":
        events: Events = [TurnEnded(player)]
        return end_turn(cfg, s, events, chance), events
    if phase == "reinforce":
        raise IllegalAction(
            ngettext(
                "{player} must first place {n} more robot",
                "{player} must first place {n} more robots",
                s.reinforcements,
            ).format(player=player, n=s.reinforcements),
            code="action/armies_left",
        )
    if phase == "occupy":
        raise IllegalAction(_("first move robots into the liberated zone with 'occupy N'"), code="action/must_occupy")
    wrong_phase(cfg, s, _("end the step"))


def end_turn(cfg: GameConfig, s: GameState, events: Events, chance: Chance) -> GameState:
    """One card after a liberation (§6.3), then the next player, or after round 6 the count."""
    p = s.current
    if s.conquered:
        s = draw_card(cfg, s, p, chance, events)
    n = len(cfg.players)
    nxt = next_alive(s, p)
    x: TfExtra = s.extra
    first = s.first_player
    if (nxt - first) % n <= (p - first) % n:  # the turn order wrapped round: a new round
        if x.round >= cfg.options["rounds"]:
            return final_count(cfg, s, events)
        x = x._replace(round=x.round + 1)
        events.append(RoundStarted(x.round, cfg.options["rounds"]))
        s = s.evolve(extra=x)
    return start_turn(cfg, s, nxt, events)


# -- armies destroyed and the win ----------------------------------------------------------------
def sides(cfg: GameConfig) -> list[tuple[int, ...]]:
    """Who wins together: each alliance of the 4-player game, otherwise each player alone."""
    teams = cfg.ruleset.alliances(cfg)  # type: ignore[attr-defined]
    return list(teams) if teams else [(p,) for p in range(len(cfg.players))]


def destroy(cfg: GameConfig, s: GameState, loser: int, by: int, events: Events) -> GameState:
    """§6.7: a player with no units left on the board is out; its cards go back into the draw
    pile, reshuffled. Whoever has defeated every opposing army wins at once."""
    cards = s.hands[loser]
    s = s.evolve(
        alive=replace_at(s.alive, loser, False),
        hands=replace_at(s.hands, loser, ()),
        draw_pile=tuple(sorted(s.draw_pile + cards)),  # drawn at random: the pile is reshuffled
    )
    events.append(ArmyDestroyed(cfg.players[loser], cfg.players[by], len(cards)))
    team = next(t for t in sides(cfg) if by in t)
    if all(not s.alive[q] for q in range(len(cfg.players)) if q not in team):
        return win(cfg, s, (by, *(q for q in team if q != by)), Said(N_("every opposing army defeated")), events)
    return s


def win(cfg: GameConfig, s: GameState, winners: tuple[int, ...], reason: Said, events: Events) -> GameState:
    """The game is won by ``winners`` (the first of them is ``game.winner``; all share the win), for
    ``reason`` (English in the event, said in the language of whoever reads it)."""
    for w in winners:
        events.append(GameWon(cfg.players[w], reason))
    x: TfExtra = s.extra
    return s.evolve(
        winner=winners[0],
        phase="over",
        battle=None,
        reinforcements=0,
        extra=x._replace(fight=None, winners=tuple(sorted(winners)) if len(winners) > 1 else ()),
    )


def side_score(s: GameState, team: tuple[int, ...]) -> tuple[int, int]:
    """§6.7, D33: what the final count compares, a side's zones and then its units on the board."""
    return sum(s.owner.count(p) for p in team), sum(a for o, a in zip(s.owner, s.armies) if o in team)


def final_standings(cfg: GameConfig, s: GameState) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """The sides still in the game and, of them, the winners of the final count: the most zones
    (an alliance's together), then the most units, and every side still tied."""
    teams = [t for t in sides(cfg) if any(s.alive[p] for p in t)]
    best = max(side_score(s, t) for t in teams)
    return teams, [t for t in teams if side_score(s, t) == best]


def final_count(cfg: GameConfig, s: GameState, events: Events) -> GameState:
    """§6.7: after the last round the final count decides (``final_standings``)."""
    teams, top = final_standings(cfg, s)
    best = side_score(s, top[0])
    winners = tuple(sorted(p for t in top for p in t))
    tied_zones = sum(1 for t in teams if side_score(s, t)[0] == best[0]) > 1
    rounds = cfg.options["rounds"]
    why = Said(N_("the most zones after round {rounds} ({zones})"), rounds=rounds, zones=best[0])
    if len(top) > 1:
        why = Said(N_("a shared win after round {rounds}: tied on zones and units"), rounds=rounds)
    elif tied_zones:
        why = Said(N_("tied on zones after round {rounds}, the most units ({units})"), rounds=rounds, units=best[1])
    return win(cfg, s, winners, why, events)
