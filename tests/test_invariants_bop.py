"""Balance of Power invariants after every action of random games (Hypothesis), both variants.

Aggressive bots play a prefix of a game, then a list of indices picks among the legal actions.
After each action the state is checked on its own (owners, cards, missions, airfields, capitals,
cities) and against the events the action reported: units change only by placements, neutral
resistance, battle losses and moves; hospitals only by losses and purchases; missions only move
from the board to one player, at most one per turn.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import riskboard as rb
from riskboard.engine import events as ev
from riskboard.rulesets.balance_of_power import events as bev
from riskboard.rulesets.balance_of_power.data import COMMANDS

EUROPE = rb.load_map("europe")
DECK = sorted(EUROPE.ids)
PLAYERS = ["red", "blue"]

# phase before an action -> phases allowed after it
NEXT_PHASE = {
    "setup": {"setup", "neutral", "hospital", "reinforce"},
    "neutral": {"neutral", "hospital", "reinforce"},
    "hospital": {"hospital", "reinforce", "over"},
    "reinforce": {"reinforce", "attack"},
    "attack": {"attack", "occupy", "missions", "fortify", "over"},
    "occupy": {"attack"},
    "missions": {"fortify"},
    "fortify": {"neutral", "hospital", "reinforce", "over"},
    "over": set(),
}


def check_state(game: rb.Game) -> None:
    """The edition's own statement of its invariants (``Ruleset.problems``: cards, owners, missions,
    cities, capitals, airfields, hospitals, the winner), and the game's bookkeeping."""
    s = game.state
    cfg = game.config
    assert cfg.ruleset.problems(cfg, s) == []
    assert s.phase in NEXT_PHASE
    assert len(s.extra.cities) in (0, 9)
    if s.phase == "over":
        assert game.legal_actions() == [] and game.pending.player is None
    else:
        assert game.legal_actions()
        assert game.pending.player in cfg.players


def check_transition(game: rb.Game, before: Any, events: list[Any]) -> None:
    after = game.state
    cfg = game.config
    assert after.phase in NEXT_PHASE[before.phase] or after.phase == before.phase, (before.phase, after.phase)
    if before.phase == "setup":
        return
    # units: placements, resistance and losses explain every change of the total on the board
    placed = sum(e.count for e in events if isinstance(e, (ev.ArmiesPlaced, bev.NeutralReinforced)))
    lost = sum(e.attacker_losses + e.defender_losses for e in events if isinstance(e, ev.DiceRolled))
    assert sum(after.armies) == sum(before.armies) + placed - lost
    # hospitals: + player losses (command room), - purchases
    bought = [e for e in events if isinstance(e, bev.CommandBought)]
    to_hospital = sum(e.count for e in events if isinstance(e, bev.UnitsToHospital))
    assert sum(after.extra.hospital) == sum(before.extra.hospital) + to_hospital - sum(e.cost for e in bought)
    assert all(COMMANDS[e.command] == e.cost for e in bought)
    if cfg.options["field_hospital"]:
        player_losses = 0
        for e in events:
            if isinstance(e, ev.DiceRolled):
                player_losses += e.attacker_losses if e.attacker in cfg.players else 0
                player_losses += e.defender_losses if e.defender in cfg.players else 0
        assert to_hospital == player_losses
    # missions: at most one collected per turn, kept for good
    collected = [e for e in events if isinstance(e, bev.MissionCollected)]
    assert len(collected) <= 1
    if collected:
        assert not before.extra.collected_this_turn
    for p in range(2):
        assert after.extra.collected[p][: len(before.extra.collected[p])] == before.extra.collected[p]
    # a card only at the end of a turn with a conquest, or bought
    drawn = [e for e in events if isinstance(e, ev.CardDrawn)]
    assert len(drawn) <= 1 + sum(e.command == "draw_territory_card" for e in bought)
    assert bool([e for e in events if isinstance(e, ev.GameWon)]) == (after.phase == "over")


def step(game: rb.Game, action: Any) -> None:
    before = game.state
    events = game.apply(action)
    check_transition(game, before, events)
    check_state(game)


SETUPS = [
    ("basic_training", "setup_1"),
    ("basic_training", "setup_2"),
    ("command_room", "random"),
    ("command_room", "free"),
]


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    which=st.sampled_from(SETUPS),
    ask=st.booleans(),
    prefix=st.integers(0, 400),
    choices=st.lists(st.integers(0, 2**20), min_size=1, max_size=120),
)
def test_invariants_after_every_action(
    seed: int, which: tuple[str, str], ask: bool, prefix: int, choices: list[int]
) -> None:
    variant, setup = which
    game = rb.new_game(
        "balance_of_power", players=PLAYERS, variant=variant, setup=setup, options={"ask_defender": ask}, seed=seed
    )
    check_state(game)
    bots = {p: rb.bots.Aggressive(seed=seed + i) for i, p in enumerate(PLAYERS)}
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
    event(f"missions collected: {sum(len(m) for m in game.state.extra.collected)}")


@pytest.mark.parametrize(("variant", "setup"), SETUPS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_aggressive_bots_finish(variant: str, setup: str, seed: int) -> None:
    game = rb.new_game("balance_of_power", players=PLAYERS, variant=variant, setup=setup, seed=seed)
    winner = game.play({p: rb.bots.Aggressive(seed=seed * 10 + i) for i, p in enumerate(PLAYERS)}, max_turns=500)
    assert winner in PLAYERS and game.is_over and game.turn <= 500
    check_state(game)
