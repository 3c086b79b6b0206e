"""Winning (RULES.md §4.7, D9, D11): the simple game's territory count at the end of one's own
turn, checked before the card draw; the ceasefire card with its tie-breaks and shared win; the
classic variant's world domination; the two-player game's 30 territories or elimination."""

from __future__ import annotations

from typing import Any

import pytest

import riskboard as rb

from .conftest import IDS, NAMES, end_turn, events_of, illegal, kinds, own, scenario
from .spec_2010 import CEASEFIRE_WINDOW, SIMPLE_TO_WIN, TWO_PLAYER_TO_WIN

OTHERS = [t for t in IDS if t not in ("ukraine", "scandinavia")]


def holding(n: int, players: tuple[str, ...] = ("Ada", "Bo", "Cy"), **kw: Any) -> rb.Game:
    """Ada holds ``n`` territories (ukraine with 9 troops among them, next to Bo's scandinavia);
    the other players share the rest."""
    assign = {**own("Ada", OTHERS[: n - 1], 1), "ukraine": ("Ada", 9), "scandinavia": ("Bo", 1)}
    for k, t in enumerate(OTHERS[n - 1 :]):
        assign[t] = (players[1 + k % (len(players) - 1)], 1)
    return scenario(assign, players=players, **kw)


# -- simple: the territory count at the end of the turn ----------------------------------------------


@pytest.mark.parametrize("n", [3, 4, 5])
def test_the_winning_count_at_the_end_of_the_turn(n: int) -> None:
    need = SIMPLE_TO_WIN[n]
    game = holding(need - 1, players=tuple(NAMES[:n]))
    assert game.extras.territories_to_win == need
    assert game.extras.progress("Ada") == (need - 1, need)
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    game.apply("occupy 3")
    assert game.extras.progress("Ada") == (need, need)
    assert not game.is_over  # not during the turn
    game.apply("end")
    assert not game.is_over
    events = game.apply("end")
    assert game.is_over and game.winner == "Ada" and game.winners == ("Ada",)
    (won,) = events_of(events, "GameWon")
    assert won.player == "Ada"
    assert events_of(events, "CardDrawn") == []  # the game ended before the card (D11)
    assert game.extras.ceasefire_range() is None
    assert game.extras.ceasefire_note() == "The game ended before the ceasefire card was drawn."


@pytest.mark.parametrize("n", [3, 4, 5])
def test_one_territory_short_does_not_win(n: int) -> None:
    game = holding(SIMPLE_TO_WIN[n] - 1, players=tuple(NAMES[:n]), phase="fortify")
    game.apply("end")
    assert not game.is_over and game.current_player == "Bo"


def test_the_maneuver_ends_the_turn_and_the_count_is_checked() -> None:
    game = holding(25, phase="fortify")
    target = next(t for t in game.map.neighbours("ukraine") if game.owner(t) == "Ada")
    game.apply(f"fortify ukraine {target} 1")
    assert game.is_over and game.winner == "Ada"


def test_the_winning_count_can_be_set_by_option() -> None:
    game = holding(10, options={"territories_to_win": 10}, phase="fortify")
    assert game.extras.territories_to_win == 10
    game.apply("end")
    assert game.winner == "Ada"


def test_the_count_is_checked_before_the_card_so_the_ceasefire_cannot_take_the_win() -> None:
    # D11: Ada reaches 25 with a conquest; the ceasefire card would be the next card
    game = holding(24, ceasefire=0, drawn=15)
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    game.apply("occupy 3")
    events = end_turn(game)
    assert game.winners == ("Ada",)
    assert "CeasefireDrawn" not in kinds(events) and "CardDrawn" not in kinds(events)


# -- the ceasefire card -----------------------------------------------------------------------------


def ceasefire_board(ada: int, bo: int, ada_troops: int, bo_troops: int, **kw: Any) -> rb.Game:
    """Ada (to move, about to conquer one of Cy's territories) ends with ``ada`` territories and
    ``ada_troops`` troops, Bo with ``bo`` and ``bo_troops``; Cy holds the rest; the ceasefire
    card is the next card drawn."""
    rest = [t for t in IDS if t not in ("ukraine", "scandinavia")]
    ada_land = rest[: ada - 2]
    bo_land = rest[ada - 2 : ada - 2 + bo]
    cy_land = rest[ada - 2 + bo :]
    assign = {**own("Ada", ada_land), **own("Bo", bo_land), **own("Cy", cy_land), "scandinavia": ("Cy", 1)}
    # ukraine: what is left of Ada's troops after 3 move into scandinavia
    assign["ukraine"] = ("Ada", ada_troops - len(ada_land))
    # Bo's troops: one per territory, the rest on the first
    assign[bo_land[0]] = ("Bo", bo_troops - bo + 1)
    return scenario(assign, ceasefire=0, drawn=17, **kw)


def draw_the_ceasefire(game: rb.Game) -> list[rb.Event]:
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    if game.phase == "occupy":
        game.apply("occupy 3")
    return end_turn(game)


def test_r10_11_most_territories_wins_then_most_troops() -> None:
    game = ceasefire_board(15, 15, 40, 38)
    assert game.extras.ceasefire_range() == (1, 1)
    events = draw_the_ceasefire(game)
    assert game.stats()["Ada"]["territories"] == 15 == game.stats()["Bo"]["territories"]
    assert (game.stats()["Ada"]["armies"], game.stats()["Bo"]["armies"]) == (40, 38)
    assert "CeasefireDrawn" in kinds(events) and game.is_over
    assert game.winners == ("Ada",) and game.winner == "Ada"


def test_r10_11_tied_on_territories_and_troops_both_win() -> None:
    game = ceasefire_board(15, 15, 40, 40)
    events = draw_the_ceasefire(game)
    assert game.is_over and set(game.winners) == {"Ada", "Bo"}
    assert game.winner in ("Ada", "Bo")
    assert sorted(e.player for e in events_of(events, "GameWon")) == ["Ada", "Bo"]
    assert game.extras.ceasefire_range() is None
    assert game.extras.ceasefire_note() == "The ceasefire card was drawn."
    text = game.to_json()
    assert rb.Game.from_json(text).winners == game.winners  # a shared win survives a save


def test_most_territories_wins_whatever_the_troops() -> None:
    game = ceasefire_board(15, 14, 20, 60)
    draw_the_ceasefire(game)
    assert game.winners == ("Ada",)
    game = ceasefire_board(14, 16, 60, 20)
    draw_the_ceasefire(game)
    assert game.winners == ("Bo",)  # the player who drew it need not win


def test_the_ceasefire_card_needs_a_conquest() -> None:
    game = ceasefire_board(15, 15, 40, 38)
    game.apply("attack ukraine scandinavia 3", dice=([1, 1, 1], [6]))
    events = end_turn(game)
    assert not game.is_over and "CeasefireDrawn" not in kinds(events)
    assert game.state.extra.ceasefire == 0


def test_the_ceasefire_card_comes_up_exactly_at_its_hidden_depth() -> None:
    for seed in range(8):
        game = rb.new_game("risk2010", players=["Ada", "Bo", "Cy"], seed=seed, options={"ceasefire_window": [2, 6]})
        depth = game.state.extra.ceasefire
        bots = {p: rb.bots.Aggressive(seed=seed + i) for i, p in enumerate(game.players)}
        drawn = 0
        while not game.is_over:
            player = game.pending.player
            events = game.apply(bots[player].act(game.view(player)))
            drew = len(events_of(events, "CardDrawn")) + len(events_of(events, "CeasefireDrawn"))
            assert game.extras.cards_drawn == drawn + drew
            if not game.is_over:
                drawn = game.extras.cards_drawn
                assert game.extras.ceasefire_range() == (max(1, 3 - drawn), max(1, 7 - drawn))
        if events_of(events, "CeasefireDrawn"):
            assert drawn == depth, seed
        else:
            assert drawn <= depth


def test_the_ceasefire_ends_games_with_the_printed_windows() -> None:
    for n in (3, 4, 5):
        length = "medium"
        low, high = CEASEFIRE_WINDOW[(n, length)]
        game = rb.new_game("risk2010", players=list(NAMES[:n]), seed=n)
        depth = game.state.extra.ceasefire
        assert low <= depth <= high
        game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}, max_turns=400)
        assert game.is_over
        assert game.extras.cards_drawn <= depth + 1


def test_eliminated_players_take_no_part_in_the_ceasefire() -> None:
    game = ceasefire_board(15, 15, 40, 38)
    board = {t: (game.owner(t), game.armies(t)) for t in IDS}
    # Cy holds only scandinavia; Bo now has more than Ada
    for t, (o, _n) in board.items():
        if o == "Cy" and t != "scandinavia":
            board[t] = ("Bo", 1)
    game = scenario(board, ceasefire=0, drawn=17)
    draw_the_ceasefire(game)
    assert not game.is_alive("Cy") and game.winners == ("Bo",)


# -- classic: world domination ----------------------------------------------------------------------


def test_classic_is_won_at_once_by_taking_the_last_territory() -> None:
    board = {**own("Ada", IDS, 1), "ukraine": ("Ada", 9), "scandinavia": ("Bo", 1), "japan": ("Cy", 1)}
    game = scenario(board, variant="classic")
    assert game.extras.territories_to_win == 42
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    assert not game.is_over  # Cy is still in the game
    game.apply("occupy 3")
    end_turn(game, dice=["alaska"])
    assert not game.is_over and game.current_player == "Cy"


def test_classic_ends_the_moment_the_last_opponent_is_eliminated() -> None:
    board = {**own("Ada", IDS, 1), "kamchatka": ("Ada", 9), "japan": ("Cy", 1)}
    game = scenario(board, variant="classic", players=("Ada", "Bo", "Cy"), default=("Ada", 1))
    events = game.apply("attack kamchatka japan 3", dice=([6, 6, 6], [1]))
    assert game.is_over and game.winner == "Ada" and game.phase == "over"
    assert kinds(events)[-2:] == ["PlayerEliminated", "GameWon"]
    illegal(game, "end", "game/over")


def test_classic_is_not_won_with_25_territories() -> None:
    game = holding(30, variant="classic", phase="fortify")
    game.apply("end")
    assert not game.is_over


# -- two players: 30 territories or the other player eliminated ---------------------------------------


def duel_holding(n: int, **kw: Any) -> rb.Game:
    assign = {**own("Ada", OTHERS[: n - 1], 1), "ukraine": ("Ada", 9), "scandinavia": ("neutral_1", 1)}
    assign.update(own("Bo", OTHERS[n - 1 : n + 2], 1))
    return scenario(assign, players=("Ada", "Bo"), variant="two_player", default=("neutral_2", 1), **kw)


def test_two_player_wins_with_30_territories_at_the_end_of_the_turn() -> None:
    game = duel_holding(TWO_PLAYER_TO_WIN - 1, phase="attack")
    assert game.extras.territories_to_win == 30
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    game.apply("occupy 3")
    assert not game.is_over
    game.apply("end")
    game.apply("end")
    assert game.winners == ("Ada",)


def test_two_player_29_territories_do_not_win() -> None:
    game = duel_holding(TWO_PLAYER_TO_WIN - 1, phase="fortify")
    game.apply("end")
    assert not game.is_over and game.current_player == "Bo" and game.phase == "neutral"


def test_two_player_eliminating_the_other_player_wins_at_once() -> None:
    assign = {"ukraine": ("Ada", 9), "scandinavia": ("Bo", 2)}
    game = scenario(assign, players=("Ada", "Bo"), variant="two_player", default=("neutral_1", 1))
    events = game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1, 1]))
    assert game.is_over and game.winners == ("Ada",)
    assert game.territories("Ada") == ["scandinavia", "ukraine"] or len(game.territories("Ada")) == 2
    assert "GameWon" in kinds(events)


# -- D38: the winning count after an elimination -----------------------------------------------------
def eliminating(held: int, players: tuple[str, ...], **kw: Any) -> rb.Game:
    """Ada holds ``held`` territories (ukraine with 9 troops among them); Bo holds only
    scandinavia, next to ukraine, with 1 troop; the players after Bo share the rest."""
    assign = {**own("Ada", OTHERS[: held - 1], 1), "ukraine": ("Ada", 9), "scandinavia": ("Bo", 1)}
    rest = players[2:]
    for k, t in enumerate(OTHERS[held - 1 :]):
        assign[t] = (rest[k % len(rest)], 1)
    return scenario(assign, players=players, **kw)


def take_bos_last_territory(game: rb.Game) -> None:
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    game.apply("occupy 3")
    assert not game.is_alive("Bo")


def test_d38_by_default_the_count_stays_that_of_the_players_who_started() -> None:
    four = ("Ada", "Bo", "Cy", "Di")
    game = eliminating(SIMPLE_TO_WIN[4], four)
    assert rb.get_ruleset("risk2010").default_options("simple")["winning_count"] == "start"
    take_bos_last_territory(game)
    assert game.extras.progress("Ada") == (SIMPLE_TO_WIN[4] + 1, SIMPLE_TO_WIN[4])
    end_turn(game)
    assert game.winner == "Ada"


@pytest.mark.parametrize("n", [4, 5])
def test_d38_players_left_recounts_the_territories_that_win_by_the_players_still_in(n: int) -> None:
    game = eliminating(SIMPLE_TO_WIN[n], tuple(NAMES[:n]), options={"winning_count": "players_left"})
    assert game.extras.territories_to_win == SIMPLE_TO_WIN[n]
    take_bos_last_territory(game)
    assert game.extras.progress("Ada") == (SIMPLE_TO_WIN[n] + 1, SIMPLE_TO_WIN[n - 1])
    end_turn(game, dice=["japan"])
    assert not game.is_over and game.current_player == "Cy"


def test_d38_two_players_left_need_the_two_player_games_count() -> None:
    game = eliminating(SIMPLE_TO_WIN[3], ("Ada", "Bo", "Cy"), options={"winning_count": "players_left"})
    take_bos_last_territory(game)
    assert game.extras.territories_to_win == TWO_PLAYER_TO_WIN


def test_d38_a_count_given_by_option_is_not_recounted() -> None:
    game = eliminating(
        10, ("Ada", "Bo", "Cy", "Di"), options={"winning_count": "players_left", "territories_to_win": 12}
    )
    take_bos_last_territory(game)
    assert game.extras.territories_to_win == 12


@pytest.mark.parametrize("value", ["players", "", None, 3, True])
def test_d38_other_winning_counts_are_refused(value: object) -> None:
    with pytest.raises(rb.ConfigError, match="'start', 'players_left'"):
        scenario(options={"winning_count": value})
