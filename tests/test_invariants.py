"""Invariants that hold after every action of every game (Hypothesis).

A game is chosen by a seed, a player count, a variant and options; Aggressive bots play a prefix
of it (so late-game states with cards, eliminations and forced trades are reached), then a list of
indices picks among the legal actions. After every action the whole state is checked against the
events the action reported: armies change only by placements, card bonuses, battle losses and
moves; owners only by claims and conquests; cards are conserved; phases follow the turn order.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import riskboard as rb
from riskboard.engine import events as ev

WORLD = rb.load_map("world")
DECK = sorted([*WORLD.ids, "wild_1", "wild_2"])
NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]

# phase before an action -> phases allowed after it
NEXT_PHASE = {
    "setup": {"setup", "reinforce"},
    "reinforce": {"reinforce", "attack", "over"},
    "attack": {"attack", "occupy", "fortify", "over"},
    "occupy": {"attack", "over"},
    "fortify": {"reinforce", "over"},
    "over": set(),
}


def check_state(game: rb.Game) -> None:
    """What must hold in any state, whatever led to it: the edition's own statement of its
    invariants (``Ruleset.problems``, which reading a save checks too), and the game's bookkeeping."""
    s = game.state
    cfg = game.config
    assert cfg.ruleset.problems(cfg, s) == []
    assert s.phase in NEXT_PHASE
    assert s.seq == len(game.history)
    assert len(DECK) == 44
    if s.phase == "over":
        assert game.legal_actions() == []
        assert game.pending.player is None
    else:
        assert game.legal_actions()
        assert game.pending.player in cfg.players


def expected_after(game: rb.Game, before: rb.GameState, events: list[Any]) -> tuple[list[int], list[int]]:
    """Owners and armies per territory as the events say they became."""
    cfg = game.config
    index = cfg.map.index
    owners = cfg.owners
    owner = list(before.owner)
    armies = list(before.armies)
    bonus = cfg.options["territory_bonus"]
    for e in events:
        if isinstance(e, ev.ArmiesPlaced):
            assert e.count >= 1
            assert owner[index[e.territory]] == owners.index(e.player)
            armies[index[e.territory]] += e.count
        elif isinstance(e, ev.TerritoryClaimed):
            t = index[e.territory]
            assert owner[t] == -1
            owner[t] = owners.index(e.player)
            armies[t] += 1
        elif isinstance(e, ev.CardsTraded):
            assert e.armies >= 1
            if e.bonus_territory is not None:
                assert e.bonus_territory in e.cards
                armies[index[e.bonus_territory]] += bonus
        elif isinstance(e, ev.DiceRolled):
            src, tgt = index[e.source], index[e.target]
            pairs = min(len(e.attack), len(e.defend))
            assert e.attacker_losses + e.defender_losses == pairs
            assert 1 <= len(e.attack) <= 3 and 1 <= len(e.defend) <= 2
            assert len(e.attack) <= armies[src] - 1 and len(e.defend) <= armies[tgt]
            assert list(e.attack) == sorted(e.attack, reverse=True)
            wins = sum(a > d for a, d in zip(e.attack, e.defend))
            assert e.defender_losses == wins
            armies[src] -= e.attacker_losses
            armies[tgt] -= e.defender_losses
            assert armies[src] >= 1 and armies[tgt] >= 0
        elif isinstance(e, ev.TerritoryConquered):
            src, tgt = index[e.source], index[e.territory]
            assert armies[tgt] == 0
            assert e.moved >= 1
            owner[tgt] = owners.index(e.player)
            armies[tgt] += e.moved
            armies[src] -= e.moved
            assert armies[src] >= 1
        elif isinstance(e, (ev.ArmiesMoved, ev.ArmiesMovedIn)):
            src, tgt = index[e.source], index[e.target]
            assert owner[src] == owner[tgt] == owners.index(e.player)
            # a move-in counts the attacking units too, which moved in with the conquest
            count = e.count - e.attackers if isinstance(e, ev.ArmiesMovedIn) else e.count
            armies[src] -= count
            armies[tgt] += count
            assert armies[src] >= 1
    return owner, armies


def check_transition(game: rb.Game, before: rb.GameState, events: list[Any]) -> None:
    """What must hold between the state before an action and the state after it."""
    after = game.state
    assert after.seq == before.seq + 1
    assert after.phase in NEXT_PHASE[before.phase], (before.phase, after.phase, events)
    assert after.chance >= before.chance
    owner, armies = expected_after(game, before, events)
    assert list(after.owner) == owner
    assert list(after.armies) == armies
    started = [e for e in events if isinstance(e, ev.TurnStarted)]
    assert after.turn == before.turn + len(started)
    assert len(started) <= 1
    if started:
        assert started[0].player == game.current_player and after.phase in ("reinforce", "over")
    elif before.phase != "setup":
        assert after.current == before.current
    won = [e for e in events if isinstance(e, ev.GameWon)]
    assert bool(won) == (after.phase == "over")
    for e in events:
        if isinstance(e, ev.PlayerEliminated):
            assert not after.alive[game.players.index(e.player)]
    alive_lost = [p for p in range(len(game.players)) if before.alive[p] and not after.alive[p]]
    assert len(alive_lost) == sum(isinstance(e, ev.PlayerEliminated) for e in events)
    assert all(before.alive[p] or not after.alive[p] for p in range(len(game.players))), "nobody comes back"
    # only a turn's end draws a card, and at most one
    drawn = [e for e in events if isinstance(e, ev.CardDrawn)]
    assert len(drawn) <= 1
    if drawn:
        assert started and before.conquered


def step(game: rb.Game, action: Any) -> None:
    before = game.state
    events = game.apply(action)
    check_transition(game, before, events)
    check_state(game)


def new(seed: int, n: int, variant: str, ask: bool) -> rb.Game:
    if n == 2:
        variant = "standard"
    setup = "deal" if n == 2 or seed % 2 else "claim"
    return rb.new_game(
        "classic", players=NAMES[:n], variant=variant, setup=setup, options={"ask_defender": ask}, seed=seed
    )


@settings(max_examples=200)
@given(
    seed=st.integers(0, 10**6),
    n=st.integers(2, 6),
    variant=st.sampled_from(["standard", "secret_missions"]),
    ask=st.booleans(),
    prefix=st.integers(0, 1200),
    choices=st.lists(st.integers(0, 2**20), min_size=1, max_size=150),
)
def test_invariants_after_every_action(
    seed: int, n: int, variant: str, ask: bool, prefix: int, choices: list[int]
) -> None:
    game = new(seed, n, variant, ask)
    check_state(game)
    bots = {p: rb.bots.Aggressive(seed=seed + i) for i, p in enumerate(game.players)}
    for _ in range(prefix):
        if game.is_over:
            break
        player = game.pending.player
        step(game, bots[player].act(game.view(player)))
    for k in choices:
        if game.is_over:
            break
        legal = game.legal_actions()
        step(game, legal[k % len(legal)])
    event(f"ended in phase {game.phase}")
    event(f"sets traded: {min(game.state.sets_traded, 3)}")
    event(f"players out: {len(game.players) - sum(game.state.alive)}")


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_aggressive_bots_finish_within_1500_turns(n: int, seed: int) -> None:
    game = new(seed * 7 + n, n, "standard", False)
    winner = game.play({p: rb.bots.Aggressive(seed=seed * 10 + i) for i, p in enumerate(game.players)}, max_turns=1500)
    assert winner in game.players
    assert game.is_over and game.winner == winner
    assert game.turn <= 1500
    check_state(game)


@pytest.mark.parametrize("n", [3, 5])
def test_aggressive_bots_finish_with_missions_and_asked_defenders(n: int) -> None:
    game = new(40 + n, n, "secret_missions", True)
    winner = game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}, max_turns=1500)
    assert winner in game.players and game.turn <= 1500
    check_state(game)


class GameMachine(RuleBasedStateMachine):
    """Random play interleaved with undo, what-if branches, save/load and refused actions."""

    @initialize(
        seed=st.integers(0, 10**6),
        n=st.integers(2, 6),
        variant=st.sampled_from(["standard", "secret_missions"]),
        ask=st.booleans(),
    )
    def start(self, seed: int, n: int, variant: str, ask: bool) -> None:
        self.game = new(seed, n, variant, ask)
        self.bots = {p: rb.bots.Aggressive(seed=seed + i) for i, p in enumerate(self.game.players)}
        self.states = [self.game.state]

    @precondition(lambda self: not self.game.is_over)
    @rule(k=st.integers(0, 2**20))
    def random_action(self, k: int) -> None:
        legal = self.game.legal_actions()
        step(self.game, legal[k % len(legal)])
        self.states.append(self.game.state)

    @precondition(lambda self: not self.game.is_over)
    @rule(count=st.integers(1, 60))
    def bots_play(self, count: int) -> None:
        for _ in range(count):
            if self.game.is_over:
                break
            player = self.game.pending.player
            step(self.game, self.bots[player].act(self.game.view(player)))
            self.states.append(self.game.state)

    @precondition(lambda self: len(self.states) > 1)
    @rule(steps=st.integers(1, 5))
    def undo(self, steps: int) -> None:
        steps = min(steps, len(self.states) - 1)
        self.game.undo(steps)
        del self.states[-steps:]
        assert self.game.state == self.states[-1]

    @rule(k=st.integers(0, 2**20))
    def branch(self, k: int) -> None:
        before = self.game.to_json()
        if not self.game.is_over:
            other = self.game.copy()
            legal = other.legal_actions()
            other.apply(legal[k % len(legal)])
            assert other.state.seq == self.game.state.seq + 1
        assert self.game.to_json() == before

    @rule()
    def save_and_load(self) -> None:
        text = self.game.to_json()
        loaded = rb.Game.from_json(text)
        assert loaded.state == self.game.state
        assert loaded.to_json() == text
        self.game = loaded

    @rule(text=st.sampled_from(["", "end now", "place 0 alaska", "attack alaska iceland 1", "occupy -1", "defend 9"]))
    def refused(self, text: str) -> None:
        before = self.game.state
        with pytest.raises(rb.IllegalAction):
            self.game.apply(text)
        assert self.game.state == before

    @invariant()
    def consistent(self) -> None:
        if hasattr(self, "game"):
            check_state(self.game)
            assert self.game.state == self.states[-1]


TestGameMachine = GameMachine.TestCase
TestGameMachine.settings = settings(max_examples=100, stateful_step_count=40)
