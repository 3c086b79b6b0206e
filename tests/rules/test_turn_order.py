"""The turn (RULES.md §2.3): reinforce → attack → fortify → (card) → the next player in seating
order; income is computed when the turn starts."""

from __future__ import annotations

from .conftest import IDS, events_of, expected_income, illegal, own, scenario
from .spec_world import CONTINENTS


def three_player_board():
    ada = ["ontario", "quebec", "alaska"]
    bo = ["argentina", "brazil", "peru", "venezuela"]
    cy = [t for t in IDS if t not in ada + bo]
    return own("Ada", ada, 3) | own("Bo", bo, 3) | own("Cy", cy, 1)


def test_phases_follow_in_order_and_players_in_seating_order() -> None:
    game = scenario(three_player_board(), phase="reinforce")
    seen = []
    for _ in range(4):
        player = game.current_player
        assert game.phase == "reinforce"
        seen.append((game.turn, player))
        game.apply(f"place {game.reinforcements} {game.territories(player)[0]}")
        assert game.phase == "attack"
        game.apply("end")
        assert game.phase == "fortify"
        assert game.current_player == player
        game.apply("end")
    assert seen == [(1, "Ada"), (2, "Bo"), (3, "Cy"), (4, "Ada")]


def test_each_turn_starts_with_that_players_income() -> None:
    board = three_player_board()
    game = scenario(board, phase="fortify")
    events = game.apply("end")
    (started,) = events_of(events, "TurnStarted")
    bo = [t for t, (o, _) in board.items() if o == "Bo"]
    assert (started.player, started.turn) == ("Bo", 2)
    assert game.reinforcements == expected_income(bo) == 3 + 2  # all of South America


def test_actions_of_the_wrong_player_are_refused() -> None:
    game = scenario(three_player_board(), phase="reinforce")
    illegal(game, "place 1 argentina", "action/not_your_turn", player="Bo")
    illegal(game, "place 1 ontario", "action/unknown_player", player="Zed")
    game.apply("place 1 ontario", player="Ada")
    assert game.armies("ontario") == 4


def test_end_cannot_skip_placing_or_moving_in() -> None:
    game = scenario({"ontario": ("Ada", 10), "quebec": ("Bo", 1), "argentina": ("Bo", 1)}, phase="reinforce")
    illegal(game, "end", "action/armies_left")
    game.apply(f"place {game.reinforcements} ontario")
    game.apply("attack ontario quebec 3", dice=([6, 6, 6], [1]))
    illegal(game, "end", "action/must_occupy")


def test_continent_bonus_needs_the_continent_when_the_turn_starts() -> None:
    # Ada holds Australia during Bo's turn; Bo takes indonesia; Ada's next income has no bonus.
    ada = [*CONTINENTS["australia"], "alaska", "alberta"]
    assign = own("Ada", ada, 1) | {"siam": ("Bo", 6)}
    game = scenario(assign, current="Bo", phase="attack")
    assert expected_income(ada) == 3 + 2
    game.apply("attack siam indonesia 3", dice=([6, 6, 6], [1]))
    game.apply("occupy 3")
    game.apply("end")
    game.apply("end")
    assert game.current_player == "Cy"
    game.apply(f"place {game.reinforcements} {game.territories('Cy')[0]}")
    game.apply("end")
    game.apply("end")
    assert game.current_player == "Ada"
    assert game.reinforcements == 3  # 5 territories, Australia lost


def test_turn_flags_are_reset_for_the_next_player() -> None:
    game = scenario(
        {"ontario": ("Ada", 10), "quebec": ("Bo", 1), "argentina": ("Bo", 1), "brazil": ("Ada", 1)},
        phase="reinforce",
        hands={"Ada": ["central_america", "brazil", "argentina"]},
    )
    game.apply("trade central_america brazil argentina")
    assert game.state.bonus_used
    game.apply(f"place {game.reinforcements} ontario")
    game.apply("attack ontario quebec 3", dice=([6, 6, 6], [1]))
    game.apply("occupy 3")
    assert game.state.conquered
    game.apply("end")
    game.apply("end")
    assert game.current_player == "Bo"
    assert not game.state.conquered
    assert not game.state.bonus_used
