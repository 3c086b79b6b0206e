"""Rounds, armies destroyed and the win (RULES.md §6.3, §6.7, D33; seed S002): six rounds, one turn
each; a player with no units left on the board is out and its cards go back into the draw pile;
defeating every opposing army wins at once (an alliance together); otherwise after the last turn of
round 6 the most zones win (an alliance's added up), then the most units on the board, then a
shared win."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

import riskboard as rb

from .conftest import (
    DUEL,
    FOUR,
    IDS,
    TF,
    THREE,
    decision,
    end_turn,
    events_of,
    illegal,
    own,
    play_setup,
    scenario,
)
from .spec_tf import ROUNDS, income

CARDS = ["upgrade_3", "upgrade_17", "upgrade_40"]


# -- rounds ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_six_rounds_of_one_turn_each_then_the_count(n: int) -> None:
    game = rb.new_game(TF, players=list(FOUR[:n]), seed=20 + n)
    play_setup(game)
    first = game.state.first_player
    order = [FOUR[(first + k) % n] for k in range(n)]
    turns: list[tuple[int, str]] = []
    started_rounds = [1]
    while not game.is_over:
        assert game.extras.round <= ROUNDS
        turns.append((game.extras.round, game.current_player))
        events = end_turn(game)
        started_rounds += [e.round for e in events_of(events, "RoundStarted")]
    assert turns == [(r, p) for r in range(1, ROUNDS + 1) for p in order]
    assert started_rounds == list(range(1, ROUNDS + 1))
    assert game.extras.round == ROUNDS and game.phase == "over" and game.winners
    assert game.legal_actions() == [] and game.pending.player is None
    illegal(game, "end", "game/over")


def test_the_rounds_option() -> None:
    game = scenario({"ukraine": ("Ada", 3)}, options={"rounds": 2}, round=2, phase="fortify")
    assert game.extras.rounds == 2
    end_turn(game)
    assert game.current_player == "Bo" and not game.is_over
    end_turn(game)
    assert game.is_over


def test_the_round_turns_over_when_play_comes_back_to_the_first_player() -> None:
    game = scenario({"ukraine": ("Ada", 3)}, players=THREE, default=("Cy", 1), round=3, phase="fortify")
    game.apply("end")
    assert (game.current_player, game.extras.round) == ("Cy", 3)  # Bo has no zones: out, skipped
    events = end_turn(game)
    assert (game.current_player, game.extras.round) == ("Ada", 4)
    (started,) = events_of(events, "RoundStarted")
    assert (started.round, started.rounds) == (4, ROUNDS)


def test_a_destroyed_first_player_does_not_stop_the_rounds() -> None:
    # Cy is the first player; Ada destroys it in round 5; Bo then Ada end round 5, round 6 follows
    board = {"ukraine": ("Ada", 9), "scandinavia": ("Cy", 1), "ural": ("Ada", 2)}
    game = scenario(board, players=THREE, current="Cy", phase="fortify", round=5, leaders={"Cy": "scrapyard"})
    end_turn(game)
    assert game.current_player == "Ada"
    game.apply(f"place {game.reinforcements} ukraine")
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    assert not game.is_alive("Cy") and not game.is_over
    game.apply("occupy 3")
    end_turn(game)
    assert (game.current_player, game.extras.round) == ("Bo", 5)
    end_turn(game)
    assert (game.current_player, game.extras.round) == ("Ada", 6)
    end_turn(game)
    assert (game.current_player, game.extras.round) == ("Bo", 6)
    end_turn(game)
    assert game.is_over and game.extras.round == ROUNDS


# -- the count after round 6 ----------------------------------------------------------------------
def last_round(board: Mapping[str, tuple[str, int]], players: tuple[str, ...]) -> rb.Game:
    """Round 6 from the first player's move step; every later player places its robots on its
    first zone and ends; the count follows."""
    game = scenario(board, players=players, default=(players[-1], 1), round=ROUNDS, phase="fortify")
    while not game.is_over:
        end_turn(game)
    return game


def zones_of(count: int, start: int = 0) -> list[str]:
    """``count`` zones from a list ordered so that short runs hold no whole continent."""
    interleaved = [IDS[(k * 5) % 41] for k in range(41)] + [IDS[41]]
    assert len(set(interleaved)) == 42
    return interleaved[start : start + count]


def units_after(game_board: Mapping[str, tuple[str, int]], player: str, plays: bool) -> int:
    zones = [z for z, (o, _u) in game_board.items() if o == player]
    return sum(u for o, u in game_board.values() if o == player) + (income(zones) if plays else 0)


def test_the_most_zones_win_whatever_the_units() -> None:
    board = {**own("Ada", zones_of(22)), **own("Bo", zones_of(20, 22), 9)}
    game = last_round(board, DUEL)
    assert game.winners == ("Ada",) and game.winner == "Ada"


def test_the_count_reports_the_win() -> None:
    board = {**own("Ada", zones_of(22)), **own("Bo", zones_of(20, 22), 9)}
    game = scenario(board, default=("Bo", 1), round=ROUNDS, phase="fortify")
    end_turn(game)
    events = end_turn(game)
    (won,) = events_of(events, "GameWon")
    assert won.player == "Ada" and "most zones" in won.reason and "(22)" in won.reason


def test_tied_on_zones_the_most_units_win() -> None:
    board = {**own("Ada", zones_of(21), 2), **own("Bo", zones_of(21, 21))}
    # Bo places its round-6 robots too; Ada still has more units
    assert units_after(board, "Ada", False) > units_after(board, "Bo", True)
    game = last_round(board, DUEL)
    assert game.winners == ("Ada",)
    board = {**own("Ada", zones_of(21)), **own("Bo", zones_of(21, 21))}
    assert units_after(board, "Bo", True) > units_after(board, "Ada", False)
    assert last_round(board, DUEL).winners == ("Bo",)


def test_tied_on_zones_and_units_the_win_is_shared() -> None:
    board = {**own("Ada", zones_of(21)), **own("Bo", zones_of(21, 21))}
    bo_robots = income([z for z, (o, _u) in board.items() if o == "Bo"])
    board[zones_of(1)[0]] = ("Ada", 1 + bo_robots)  # Ada's extra units match Bo's last placement
    assert units_after(board, "Ada", False) == units_after(board, "Bo", True)
    game = last_round(board, DUEL)
    assert game.winners == ("Ada", "Bo") and game.winner in ("Ada", "Bo")
    assert sorted(e.player for e in events_of(game_events(board, DUEL), "GameWon")) == ["Ada", "Bo"]


def game_events(board: Mapping[str, tuple[str, int]], players: tuple[str, ...]) -> list[rb.Event]:
    """The events of the last turns of ``last_round``."""
    game = scenario(board, players=players, default=(players[-1], 1), round=ROUNDS, phase="fortify")
    events: list[rb.Event] = []
    while not game.is_over:
        events += end_turn(game)
    return events


def test_three_players_each_count_alone() -> None:
    board = {**own("Ada", zones_of(13)), **own("Bo", zones_of(15, 13)), **own("Cy", zones_of(14, 28))}
    assert last_round(board, THREE).winners == ("Bo",)


def test_four_players_count_each_alliances_zones_together() -> None:
    # Bo holds the most zones alone (16), but Ada and Cy hold 22 together against 20
    board = {
        **own("Ada", zones_of(15)),
        **own("Bo", zones_of(16, 15)),
        **own("Cy", zones_of(7, 31)),
        **own("Di", zones_of(4, 38)),
    }
    game = last_round(board, FOUR)
    assert game.extras.zones() == {"Ada + Cy": 22, "Bo + Di": 20}
    assert game.winners == ("Ada", "Cy")
    assert sorted(e.player for e in events_of(game_events(board, FOUR), "GameWon")) == ["Ada", "Cy"]


def test_four_players_tied_alliances_are_parted_by_their_units_together() -> None:
    board = {
        **own("Ada", zones_of(15), 3),
        **own("Bo", zones_of(16, 15)),
        **own("Cy", zones_of(6, 31), 3),
        **own("Di", zones_of(5, 37)),
    }
    board[zones_of(1, 15)[0]] = ("Bo", 35)
    ada_cy = units_after(board, "Ada", False) + units_after(board, "Cy", True)
    bo_di = units_after(board, "Bo", True) + units_after(board, "Di", True)
    alone = {p: units_after(board, p, p != "Ada") for p in FOUR}
    assert ada_cy > bo_di and alone["Bo"] == max(alone.values())  # Bo has the most units alone
    game = last_round(board, FOUR)
    assert game.extras.zones() == {"Ada + Cy": 21, "Bo + Di": 21}
    assert game.winners == ("Ada", "Cy")


# -- armies destroyed -----------------------------------------------------------------------------
def test_a_player_with_no_units_left_is_destroyed_its_cards_back_into_the_pile() -> None:
    board = {"ukraine": ("Ada", 9), "scandinavia": ("Bo", 1), "siberia": ("Cy", 3)}
    game = scenario(board, players=THREE, default=("Cy", 1), hands={"Bo": CARDS}, leaders={"Bo": "scandinavia"})
    pile = len(game.state.draw_pile)
    events = game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [5]))
    (destroyed,) = events_of(events, "ArmyDestroyed")
    assert (destroyed.player, destroyed.by, destroyed.cards) == ("Bo", "Ada", 3)
    assert not game.is_alive("Bo") and game.hand("Bo") == ()
    assert len(game.state.draw_pile) == pile + 3 and set(CARDS) <= set(game.state.draw_pile)
    assert game.extras.leader_zones["Bo"] == "scrapyard"
    assert not game.is_over and not events_of(events, "GameWon")  # Cy still fights
    game.apply("occupy 8")
    end_turn(game)
    assert game.current_player == "Cy"  # Bo is skipped


def test_a_player_whose_leader_waits_on_the_scrapyard_is_destroyed_with_its_last_zone() -> None:
    board = {"ukraine": ("Ada", 9), "scandinavia": ("Bo", 1), "siberia": ("Cy", 3)}
    game = scenario(board, players=THREE, default=("Cy", 1), leaders={"Bo": "scrapyard"}, scrapyard={"Bo": 12})
    events = game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [6]))
    assert not events_of(events, "ArmyDestroyed")  # 6 v 6: the defender holds
    events = game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [5]))
    (destroyed,) = events_of(events, "ArmyDestroyed")
    assert destroyed.cards == 0 and not game.is_alive("Bo")


def test_defeating_the_only_opponent_wins_at_once() -> None:
    board = {"ukraine": ("Ada", 9), "scandinavia": ("Bo", 1)}
    game = scenario(board, default=("Ada", 1), round=1)
    events = game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    (won,) = events_of(events, "GameWon")
    assert won.player == "Ada" and game.is_over and game.winners == ("Ada",) and game.extras.round == 1
    assert decision(game) == (None, "none") and game.legal_actions() == []
    illegal(game, "occupy 3", "game/over")


def test_in_the_free_for_all_every_other_army_must_fall() -> None:
    board = {"ukraine": ("Ada", 9), "scandinavia": ("Bo", 1), "ural": ("Cy", 1)}
    game = scenario(board, players=THREE, default=("Ada", 1))
    events = game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    assert events_of(events, "ArmyDestroyed") and not events_of(events, "GameWon") and not game.is_over
    game.apply("occupy 3")
    end_turn(game)
    assert game.current_player == "Cy"  # Bo is out
    end_turn(game)  # Cy places its robots on ural, its only zone, and ends
    assert game.armies("ural") == 4
    game.apply(f"place {game.reinforcements} ukraine")
    events = game.apply("attack ukraine ural 3", dice=([6, 6, 6], [1, 1]))
    assert not game.is_over
    events = game.apply("attack ukraine ural 3", dice=([6, 6, 6], [1, 1]))
    (won,) = events_of(events, "GameWon")
    assert won.player == "Ada" and game.winners == ("Ada",) and game.is_over


def test_an_alliance_wins_together_when_both_opposing_armies_are_destroyed() -> None:
    board = {"ukraine": ("Ada", 9), "scandinavia": ("Bo", 1), "ural": ("Di", 1), "afghanistan": ("Ada", 4)}
    game = scenario(board, players=FOUR, default=("Cy", 1), hands={"Bo": CARDS[:1]})
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    assert not game.is_alive("Bo") and not game.is_over
    game.apply("occupy 3")
    events = game.apply("attack afghanistan ural 3", dice=([6, 6, 6], [1]))
    assert sorted(e.player for e in events_of(events, "GameWon")) == ["Ada", "Cy"]
    assert game.is_over and game.winners == ("Ada", "Cy") and game.winner == "Ada"


def test_an_alliance_wins_together_even_after_one_ally_fell() -> None:
    """D37: a destroyed ally shares the alliance's win. Cy (Ada's ally) and Bo are out; Ada
    destroys Di, the last opposing army: the alliance wins, Cy too."""
    board = {"ukraine": ("Ada", 9), "ural": ("Di", 1)}
    game = scenario(board, players=FOUR, default=("Ada", 1))
    assert [game.is_alive(p) for p in FOUR] == [True, False, False, True]
    events = game.apply("attack ukraine ural 3", dice=([6, 6, 6], [1]))
    assert sorted(e.player for e in events_of(events, "GameWon")) == ["Ada", "Cy"]
    assert game.winners == ("Ada", "Cy")


def test_a_destroyed_ally_shares_the_alliances_win_of_the_final_count() -> None:
    """D37 after round 6: Cy is out; Ada's zones alone outnumber Bo's and Di's together, and the
    win is the alliance's, Cy's included."""
    board = {**own("Ada", zones_of(22)), **own("Bo", zones_of(12, 22)), **own("Di", zones_of(8, 34))}
    game = last_round(board, FOUR)
    assert not game.is_alive("Cy")
    assert game.winners == ("Ada", "Cy")


def test_destroying_one_of_two_opposing_armies_does_not_win() -> None:
    board = {"ukraine": ("Ada", 9), "ural": ("Di", 1), "scandinavia": ("Cy", 2)}
    game = scenario(board, players=FOUR, default=("Bo", 1))
    game.apply("attack ukraine ural 3", dice=([6, 6, 6], [1]))
    assert not game.is_alive("Di") and not game.is_over
    game.apply("occupy 3")
    end_turn(game)
    assert game.current_player == "Bo"
    end_turn(game)
    assert game.current_player == "Cy"  # then Ada: Di is out
    end_turn(game)
    assert game.current_player == "Ada"
