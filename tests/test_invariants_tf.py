"""transformers invariants after every action of random games (Hypothesis), 2, 3 and 4 players,
with and without asked defenders.

Aggressive bots play a prefix of a game, then a list of indices picks among the legal actions.
After each action the state is checked on its own (``Ruleset.problems`` and the facts below) and
against the events the action reported: units change only by placements, a leader's start zone or
return, the losses of a throw (exactly what the dice say: pairs from the highest, ties to the
defender, applied at once or when the loser chose its casualties) and moves; owners only by claims
and liberations; the scrapyards grow by the robots lost and a leader's price; a leader stands on
its owner's zone or the scrapyard and moves only with a liberation it was committed to, a move
that names it, or its return; a d8 is rolled only by a leader standing in its zone; allies never
fight; the rounds never exceed six; one card at most, after a turn with a liberation; nobody wins
without the rule that says so. Saves, loads and replays reproduce the game.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import riskboard as rb
from riskboard.engine import events as ev
from riskboard.rulesets.transformers import actions as tfa
from riskboard.rulesets.transformers import events as tfe
from rules_tf.spec_tf import LEADER_SIDES, MOST_ATTACKERS, MOST_DEFENDERS, ROBOT_SIDES, ROUNDS, UPGRADE_CARDS, income

NAMES = ["Ada", "Bo", "Cy", "Di"]
DECK = sorted(f"upgrade_{k}" for k in range(1, UPGRADE_CARDS + 1))
GAMES = [(n, ask) for n in (2, 3, 4) for ask in (False, True)]

# phase before an action -> phases allowed after it
NEXT_PHASE = {
    "setup": {"setup", "reinforce"},
    "reinforce": {"reinforce", "attack"},
    "attack": {"attack", "occupy", "fortify", "over"},
    "occupy": {"attack"},
    "fortify": {"reinforce", "over"},
    "over": set(),
}


def teams(game: rb.Game) -> list[tuple[int, ...]]:
    """Who wins together: the allied pairs of the 4-player game, otherwise each player alone."""
    if len(game.players) == 4:
        return [(0, 2), (1, 3)]
    return [(p,) for p in range(len(game.players))]


def allied(game: rb.Game, a: int, b: int) -> bool:
    return a != b and any(a in t and b in t for t in teams(game))


def where(game: rb.Game, state: Any) -> list[str | None]:
    """Each player's leader: a zone, "scrapyard", or None before its start zone."""
    ids = game.config.map.ids
    return [ids[t] if t >= 0 else ("scrapyard" if t == -1 else None) for t in state.extra.leaders]


def check_state(game: rb.Game) -> None:
    s = game.state
    cfg = game.config
    assert cfg.ruleset.problems(cfg, s) == []
    assert s.phase in NEXT_PHASE
    assert s.seq == len(game.history)
    cards = [c for hand in s.hands for c in hand] + list(s.draw_pile) + list(s.discard_pile)
    assert sorted(cards) == DECK  # every card once
    x = game.extras
    assert x.round == 0 if s.phase == "setup" else 1 <= x.round <= ROUNDS
    for p, zone in zip(game.players, where(game, s)):
        if zone is None:
            assert s.phase == "setup"
        elif zone != "scrapyard":
            assert game.owner(zone) == p and game.armies(zone) >= 1 and game.leader_at(zone) == p
        if not game.is_alive(p):
            assert not game.territories(p) and game.hand(p) == ()
    if s.phase == "over":
        assert game.legal_actions() == [] and game.pending.player is None
        assert game.winner in game.winners and game.winners
    else:
        assert game.legal_actions()
        assert game.pending.player in cfg.players and game.is_alive(game.pending.player)
        assert game.winners == ()


def committed(action: Any, before: Any) -> bool:
    """Whether the attacker's leader is committed to the throw ``action`` makes or resolves: named
    in the attack, or (answering a defender's dice or a casualty) in the action waiting."""
    if isinstance(action, (tfa.Defend, tfa.Casualty)):
        return bool(before.extra.fight.leader)
    return isinstance(action, tfa.LeaderAttack)


class Board:
    """Owners, units, leaders and losses as the events say they became."""

    def __init__(self, game: rb.Game, before: Any) -> None:
        self.game = game
        self.index = game.config.map.index
        self.players = list(game.players)
        self.owner = list(before.owner)
        self.units = list(before.armies)
        self.leaders = where(game, before)
        self.lost = [0] * len(self.players)  # units each player lost in this action
        self.placed = 0  # units put on the board from outside it (robots placed, leaders started or back)

    def lose(self, zone: str, count: int) -> None:
        t = self.index[zone]
        assert count >= 0 and self.units[t] >= count
        self.units[t] -= count
        self.lost[self.owner[t]] += count

    def throw(self, e: tfe.LeaderDiceRolled, action: Any, before: Any, deferred: set[int], ask: bool) -> None:
        game = self.game
        src, tgt = self.index[e.source], self.index[e.target]
        attacker, defender = self.players.index(e.attacker), self.players.index(e.defender)
        assert self.owner[src] == attacker == before.current and self.owner[tgt] == defender
        assert not allied(game, attacker, defender), "allies never attack each other"
        assert 1 <= len(e.attack) <= min(MOST_ATTACKERS, self.units[src] - 1)
        assert 1 <= len(e.defend) <= min(MOST_DEFENDERS, self.units[tgt])
        for dice, sides in ((e.attack, e.attack_sides), (e.defend, e.defend_sides)):
            assert list(dice) == sorted(dice, reverse=True) and len(sides) == len(dice)
            assert all(1 <= d <= k for d, k in zip(dice, sides)) and set(sides) <= {ROBOT_SIDES, LEADER_SIDES}
            assert list(sides).count(LEADER_SIDES) <= 1
        # a d8 only for a leader standing in its zone, the attacker's only when named
        assert (LEADER_SIDES in e.attack_sides) == committed(action, before)
        if LEADER_SIDES in e.attack_sides:
            assert self.leaders[attacker] == e.source
        if LEADER_SIDES in e.defend_sides:
            assert self.leaders[defender] == e.target
        if not ask:  # the automatic defence: the most dice, the leader among them where it stands
            assert len(e.defend) == min(MOST_DEFENDERS, self.units[tgt])
            assert (LEADER_SIDES in e.defend_sides) == (self.leaders[defender] == e.target)
        pairs = list(zip(e.attack, e.defend))
        assert e.defender_losses == sum(a > d for a, d in pairs)  # ties to the defender
        assert e.attacker_losses + e.defender_losses == len(pairs)
        if 0 not in deferred:
            self.lose(e.source, e.attacker_losses)
        if 1 not in deferred:
            self.lose(e.target, e.defender_losses)
        assert self.units[src] >= 1

    def apply(self, action: Any, before: Any, after: Any, events: list[Any]) -> None:
        fight = after.extra.fight
        rolls = [e for e in events if isinstance(e, tfe.LeaderDiceRolled)]
        ask = self.game.options["ask_defender"]
        if isinstance(action, tfa.Casualty):  # the losses chosen now
            side, loss = before.extra.fight.casualties[0]
            f = before.extra.fight
            self.lose(self.game.config.map.ids[f.origin if side == 0 else f.target], loss)
        for e in events:
            if isinstance(e, tfe.LeaderPlaced):
                t = self.index[e.territory]
                assert self.owner[t] == -1 and self.units[t] == 0
                self.owner[t] = self.players.index(e.player)
                self.units[t] = 2  # the leader and 1 robot
                self.placed += 2
                self.leaders[self.owner[t]] = e.territory
            elif isinstance(e, ev.TerritoryClaimed):
                t = self.index[e.territory]
                assert self.owner[t] == -1
                self.owner[t] = self.players.index(e.player)
                self.units[t] += 1
                self.placed += 1
            elif isinstance(e, ev.ArmiesPlaced):
                t = self.index[e.territory]
                assert e.count >= 1 and self.owner[t] == self.players.index(e.player)
                self.units[t] += e.count
                self.placed += e.count
            elif isinstance(e, tfe.LeaderRevived):
                p = self.players.index(e.player)
                assert self.leaders[p] == "scrapyard" and self.owner[self.index[e.territory]] == p
                self.units[self.index[e.territory]] += 1
                self.leaders[p] = e.territory
            elif isinstance(e, tfe.LeaderDiceRolled):
                last = e is rolls[-1]
                deferred = {side for side, _n in fight.casualties} if last and fight and fight.casualties else set()
                self.throw(e, action, before, deferred, ask)
            elif isinstance(e, tfe.LeaderScrapped):
                p = self.players.index(e.player)
                assert self.leaders[p] == e.territory
                self.leaders[p] = "scrapyard"
            elif isinstance(e, ev.TerritoryConquered):
                src, tgt = self.index[e.source], self.index[e.territory]
                p = self.players.index(e.player)
                assert self.units[tgt] == 0 and e.moved >= 1
                self.owner[tgt] = p
                self.units[tgt] += e.moved
                self.units[src] -= e.moved
                assert self.units[src] >= 1
                if self.leaders[p] == e.source and committed(action, before):  # the committed leader moves in
                    self.leaders[p] = e.territory
            elif isinstance(e, (ev.ArmiesMoved, ev.ArmiesMovedIn)):
                src, tgt = self.index[e.source], self.index[e.target]
                p = self.players.index(e.player)
                assert self.owner[src] == self.owner[tgt] == p
                count = e.count - e.attackers if isinstance(e, ev.ArmiesMovedIn) else e.count
                self.units[src] -= count
                self.units[tgt] += count
                assert self.units[src] >= 1
                if isinstance(action, (tfa.LeaderMove, tfa.LeaderOccupy)):  # the leader named moves too
                    assert self.leaders[p] == e.source
                    self.leaders[p] = e.target


def check_transition(game: rb.Game, action: Any, before: Any, events: list[Any]) -> None:
    after = game.state
    cfg = game.config
    n = len(game.players)
    assert after.phase in NEXT_PHASE[before.phase] or after.phase == before.phase, (before.phase, after.phase)
    board = Board(game, before)
    board.apply(action, before, after, events)
    assert list(after.owner) == board.owner
    assert list(after.armies) == board.units
    assert where(game, after) == board.leaders  # leaders move only as the events and the rules say
    # the scrapyards: the robots lost (a leader apart) and a leader's price
    scrapped = Counter(e.player for e in events if isinstance(e, tfe.LeaderScrapped))
    revived = {e.player: e.cost for e in events if isinstance(e, tfe.LeaderRevived)}
    for p, name in enumerate(game.players):
        grown = after.extra.scrapyard[p] - before.extra.scrapyard[p]
        assert grown == board.lost[p] - scrapped[name] + revived.get(name, 0), name
    # units are conserved: what left the board is on the scrapyards (leaders apart)
    on_board = sum(after.armies) - sum(before.armies)
    yards = sum(after.extra.scrapyard) - sum(before.extra.scrapyard)
    leaders_out = sum(t == -1 for t in after.extra.leaders) - sum(t == -1 for t in before.extra.leaders)
    assert on_board + yards + leaders_out == board.placed + sum(revived.values())
    # the rounds
    started = [e for e in events if isinstance(e, tfe.RoundStarted)]
    assert len(started) <= 1 and after.extra.round <= ROUNDS
    if started:
        assert started[0].round == after.extra.round == before.extra.round + 1
    # a card only at the end of a turn with a liberation, at most one
    drawn = [e for e in events if isinstance(e, ev.CardDrawn)]
    assert len(drawn) <= 1
    if drawn:
        assert before.conquered and drawn[0].player == cfg.players[before.current]
    for e in events:
        if isinstance(e, tfe.ArmyDestroyed):
            loser = game.players.index(e.player)
            assert e.cards == len(before.hands[loser]) and not after.alive[loser] and loser not in after.owner
    if after.phase != "setup":
        assert all(p in after.owner for p in range(n) if after.alive[p])
    # a new turn: the next player alive, with the robots its zones give
    for e in events:
        if isinstance(e, ev.TurnStarted):
            p = game.players.index(e.player)
            mine = [z for z, o in zip(cfg.map.ids, after.owner) if o == p]
            assert e.reinforcements == after.reinforcements == income(mine) and after.current == p
            if before.phase != "setup":
                nxt = next((before.current + k) % n for k in range(1, n + 1) if after.alive[(before.current + k) % n])
                assert p == nxt
    # the win: every opposing army destroyed, or the count after the last round
    won = [e for e in events if isinstance(e, ev.GameWon)]
    assert bool(won) == (after.phase == "over")
    if won:
        winners = {game.players.index(e.player) for e in won}
        assert set(game.winners) == {e.player for e in won}
        alive_teams = [t for t in teams(game) if any(after.alive[p] for p in t)]
        if len(alive_teams) == 1:
            assert winners == set(alive_teams[0])
        else:
            assert before.extra.round == ROUNDS and after.extra.round == ROUNDS

            def score(team: tuple[int, ...]) -> tuple[int, int]:
                zones = sum(after.owner.count(p) for p in team)
                return zones, sum(a for o, a in zip(after.owner, after.armies) if o in team)

            best = max(score(t) for t in alive_teams)
            assert winners == {p for t in alive_teams if score(t) == best for p in t}


def step(game: rb.Game, action: Any) -> None:
    before = game.state
    action = game.parse(action) if isinstance(action, str) else action
    events = game.apply(action)
    check_transition(game, action, before, events)
    check_state(game)


def new(n: int, ask: bool, seed: int) -> rb.Game:
    return rb.new_game("transformers", players=NAMES[:n], options={"ask_defender": ask}, seed=seed)


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    which=st.sampled_from(GAMES),
    in_setup=st.none() | st.integers(0, 125),
    prefix=st.integers(0, 400),
    choices=st.lists(st.integers(0, 2**20), min_size=1, max_size=150),
)
def test_invariants_after_every_action(
    seed: int, which: tuple[int, bool], in_setup: int | None, prefix: int, choices: list[int]
) -> None:
    """Bots play the setup (or ``in_setup`` of its placements) and ``prefix`` more actions, then
    the choices pick among the legal actions."""
    n, ask = which
    game = new(n, ask, seed)
    check_state(game)
    bots = {p: rb.bots.Aggressive(seed=seed + i) for i, p in enumerate(game.players)}

    def bot_step() -> None:
        player = game.pending.player
        step(game, bots[player].act(game.view(player)))

    for _ in range(in_setup if in_setup is not None else 0):
        bot_step()
    if in_setup is None:
        while game.phase == "setup":
            bot_step()
        for _ in range(prefix):
            if game.is_over:
                break
            bot_step()
    decisions = set()
    for k in choices:
        if game.is_over:
            break
        decisions.add(game.pending.decision)
        legal = game.legal_actions()
        step(game, legal[k % len(legal)])
    # the game saves, loads and replays to the same position
    text = game.to_json()
    assert rb.Game.from_json(text).state == game.state
    assert rb.replay(game.record()).to_json() == text
    event(f"{n} players, ask {ask}: ended in phase {game.phase}")
    for d in sorted(decisions):
        event(f"random choice at decision {d}")


@pytest.mark.parametrize(("n", "ask"), GAMES, ids=[f"{n}p-{'ask' if a else 'auto'}" for n, a in GAMES])
def test_aggressive_bots_play_six_rounds_checked_throughout(n: int, ask: bool) -> None:
    for seed in (1, 2):
        game = new(n, ask, seed)
        bots = {p: rb.bots.Aggressive(seed=seed * 10 + i) for i, p in enumerate(game.players)}
        while not game.is_over:
            player = game.pending.player
            step(game, bots[player].act(game.view(player)))
        assert game.winners and set(game.winners) <= set(game.players)
        assert rb.Game.from_json(game.to_json()).state == game.state


def test_random_bots_reach_every_decision() -> None:
    """Random play with injected d8s and asked defenders meets every kind of decision."""
    seen: set[str] = set()
    for n, ask in GAMES:
        game = new(n, ask, 7)
        bots = {p: rb.bots.Random(seed=70 + i) for i, p in enumerate(game.players)}
        while not game.is_over and len(game.history) < 3000:
            seen.add(game.pending.decision)
            player = game.pending.player
            step(game, bots[player].act(game.view(player)))
    assert {"place_leader", "claim", "place", "attack", "continue", "casualty", "occupy", "fortify"} <= seen
    assert "defend" in seen
