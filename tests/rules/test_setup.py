"""Setup for 3–6 players (RULES.md §2.2, D2, CL-6): starting armies, the first-player roll,
claiming one army at a time, then reinforcing own territories; the deal alternative."""

from __future__ import annotations

from collections import Counter

import pytest

import riskboard as rb
from riskboard.engine.chance import Chance, seed_key
from riskboard.rulesets.components.order import roll_for_first_player

from .conftest import IDS, illegal

NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Fay")
STARTING = {3: 35, 4: 30, 5: 25, 6: 20}


def new(n: int, setup: str = "claim", seed: int = 11) -> rb.Game:
    return rb.new_game("classic", players=list(NAMES[:n]), setup=setup, seed=seed)


def play_setup(game: rb.Game) -> list[str]:
    """Claim the first free territory, then reinforce the first own one; returns who acted, in order."""
    order = []
    while game.phase == "setup":
        player = game.pending.player
        order.append(player)
        if game.pending.decision == "claim":
            target = next(t for t in IDS if game.owner(t) is None)
        else:
            assert game.pending.decision == "place"
            target = game.territories(player)[0]
        game.apply(f"place 1 {target}", player=player)
    return order


@pytest.mark.parametrize(("n", "armies"), sorted(STARTING.items()))
def test_starting_armies_by_player_count(n: int, armies: int) -> None:
    game = new(n)
    assert game.state.supply == (armies,) * n
    assert all(game.owner(t) is None for t in IDS)
    assert len(game.state.draw_pile) == 44  # 42 territories + 2 wilds, no missions


def test_first_player_is_the_highest_roll() -> None:
    assert roll_for_first_player(3, Chance(seed_key(1), 0, [(3, 5, 2)])) == 1
    assert roll_for_first_player(4, Chance(seed_key(1), 0, [(1, 2, 3, 6)])) == 3
    # D2: the tied highest re-roll among themselves; the others are out
    assert roll_for_first_player(3, Chance(seed_key(1), 0, [(6, 2, 6), (2, 4)])) == 2
    assert roll_for_first_player(3, Chance(seed_key(1), 0, [(5, 5, 5), (3, 3, 3), (1, 4, 2)])) == 1


def test_any_player_can_be_first() -> None:
    firsts = Counter(new(3, seed=seed).state.first_player for seed in range(40))
    assert set(firsts) == {0, 1, 2}


def test_claim_order_starts_with_the_first_player_and_goes_left() -> None:
    game = new(4)
    first = game.state.first_player
    assert game.current_player == NAMES[first]
    assert game.pending.decision == "claim"
    seen = []
    for _ in range(8):
        seen.append(game.current_player)
        target = next(t for t in IDS if game.owner(t) is None)
        game.apply(f"place 1 {target}")
    assert seen == [NAMES[(first + k) % 4] for k in range(8)]


def test_claim_errors() -> None:
    game = new(3)
    game.apply("place 1 alaska")
    illegal(game, "place 1 alaska", "action/already_claimed")
    illegal(game, "place 2 quebec", "action/bad_count")
    illegal(game, "place 1 atlantis", "action/unknown_territory")
    illegal(game, "attack alaska kamchatka 1", "action/wrong_phase")
    illegal(game, "end", "action/wrong_phase")
    first = game.players[game.state.first_player]
    assert game.owner("alaska") == first
    assert game.armies("alaska") == 1


def test_claiming_comes_before_reinforcing() -> None:
    game = new(3)
    mine = "alaska"
    game.apply(f"place 1 {mine}")
    # back to the first player after two claims: own territories cannot be reinforced yet
    for t in ("quebec", "peru"):
        game.apply(f"place 1 {t}")
    assert game.pending.decision == "claim"
    illegal(game, f"place 1 {mine}", "action/already_claimed")


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_full_claim_setup(n: int) -> None:
    game = new(n)
    first = game.state.first_player
    order = play_setup(game)
    assert len(order) == n * STARTING[n]
    # one army at a time, in seating order from the first player, every player the same count
    assert order == [NAMES[(first + k) % n] for k in range(len(order))]
    stats = game.stats()
    for p in NAMES[:n]:
        assert stats[p]["armies"] == STARTING[n]
    assert sum(s["territories"] for s in stats.values()) == 42
    assert game.phase == "reinforce"
    assert game.turn == 1
    assert game.current_player == NAMES[first]  # who placed first takes the first turn
    assert game.state.supply == (0,) * n


def test_after_claiming_only_own_territories_are_reinforced() -> None:
    game = new(3)
    while any(game.owner(t) is None for t in IDS):
        game.apply(f"place 1 {next(t for t in IDS if game.owner(t) is None)}")
    assert game.pending.decision == "place"
    player = game.current_player
    other = next(t for t in IDS if game.owner(t) != player)
    illegal(game, f"place 1 {other}", "action/not_owner")
    illegal(game, f"place 2 {game.territories(player)[0]}", "action/bad_count")
    mine = game.territories(player)[0]
    game.apply(f"place 1 {mine}")
    assert game.armies(mine) == 2
    assert {a.territory for a in game.legal_actions()} == set(game.territories(game.current_player))


@pytest.mark.parametrize(
    ("n", "counts"), [(3, [14, 14, 14]), (4, [11, 11, 10, 10]), (5, [9, 9, 8, 8, 8]), (6, [7] * 6)]
)
def test_deal_round_robin_from_the_first_player(n: int, counts: list[int]) -> None:
    game = new(n, setup="deal")
    first = game.state.first_player
    stats = game.stats()
    for k in range(n):
        p = NAMES[(first + k) % n]
        assert stats[p]["territories"] == counts[k]
        assert stats[p]["armies"] == counts[k]
    assert all(game.armies(t) == 1 for t in IDS)
    assert game.pending.decision == "place"
    assert game.current_player == NAMES[first]
    play_setup(game)
    for p in NAMES[:n]:
        assert game.stats()[p]["armies"] == STARTING[n]
    assert game.phase == "reinforce"
    assert game.current_player == NAMES[first]
