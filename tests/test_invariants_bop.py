"""Balance of Power invariants after every action of random games (Hypothesis), both variants.

Aggressive bots play a prefix of a game, then a list of indices picks among the legal actions.
After each action the state is checked on its own (owners, cards, missions, airfields, capitals,
cities) and against the events the action reported: units change only by placements, neutral
resistance, battle losses and moves; hospitals only by losses and purchases; missions only move
from the board to one player, at most one per turn.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import riskboard as rb
from riskboard.engine import events as ev
from riskboard.rulesets.balance_of_power import events as bev
from riskboard.rulesets.balance_of_power.data import COMMANDS, MISSIONS

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
    s = game.state
    x = s.extra
    cfg = game.config
    assert s.phase in NEXT_PHASE
    cards = [c for hand in s.hands for c in hand] + list(s.draw_pile) + list(s.discard_pile)
    assert sorted(cards) == DECK, Counter(cards) - Counter(DECK) or Counter(DECK) - Counter(cards)
    for o, a in zip(s.owner, s.armies):
        if s.phase == "setup":
            assert (o == -1 and a == 0) or (o >= 0 and a >= 1)
        else:
            assert 0 <= o <= 2 and a >= 1
    # missions: on the board or with one player, never both, never a duplicate
    held = [m for ms in x.collected for m in ms]
    assert len(set(held)) == len(held) and not set(held) & set(x.board_missions)
    assert all(m in MISSIONS for m in (*held, *x.board_missions))
    assert len(held) + len(x.board_missions) == 8
    # cities never move; capitals are on the map; airfields on their owner's land
    assert len(x.cities) == 9
    if s.phase != "setup":
        assert all(c >= 0 for c in x.capitals)
    for p, t in enumerate(x.airfields):
        if t >= 0:
            assert s.owner[t] == p, "an airfield stands on its owner's territory"
            assert cfg.options["airfields"]
    assert all(n >= 0 for n in x.hospital)
    if not cfg.options["field_hospital"]:
        assert x.hospital == (0, 0) and x.purchases == ()
    # over <=> a winner, and the winner won by a rule of §5.14
    assert (s.phase == "over") == (s.winner >= 0)
    if s.phase == "over":
        w = s.winner
        by_missions = len(x.collected[w]) >= cfg.options["missions_to_win"] and s.owner[x.capitals[w]] == w
        assert by_missions or (1 - w) not in s.owner
        assert game.legal_actions() == [] and game.pending.player is None
    else:
        assert game.legal_actions()
        assert game.pending.player in cfg.players
    if s.battle is not None and s.battle[0] == "defend":
        assert s.owner[s.battle[2]] < 2, "only players are asked for defence dice"


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
