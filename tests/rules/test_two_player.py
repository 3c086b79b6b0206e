"""The two-player game with a neutral army (RULES.md §2.2, §2.9, D3, D4)."""

from __future__ import annotations

import pytest

import riskboard as rb

from .conftest import IDS, events_of, illegal, own, scenario

PAIR = ("Ada", "Bo")


def two_player_game(seed: int = 3) -> rb.Game:
    return rb.new_game("classic", players=list(PAIR), setup="deal", seed=seed)


def finish_setup(game: rb.Game) -> int:
    """Play the setup: 2 own armies on the first own territory, 1 neutral on the first neutral one.
    Returns the number of actions."""
    n = 0
    while game.phase == "setup":
        pending = game.pending
        if pending.decision == "place":
            mine = game.territories(pending.player)
            game.apply(f"place {game.state.setup_left[0]} {mine[0]}", player=pending.player)
        else:
            assert pending.decision == "place_neutral"
            game.apply(f"place 1 {game.territories('neutral')[0]}", player=pending.player)
        n += 1
    return n


def test_claim_setup_is_refused_for_two_players() -> None:
    with pytest.raises(rb.ConfigError):
        rb.new_game("classic", players=list(PAIR), setup="claim", seed=1)


def test_secret_missions_need_three_players() -> None:
    with pytest.raises(rb.ConfigError):
        rb.new_game("classic", players=list(PAIR), variant="secret_missions", seed=1)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_deal_gives_14_territories_with_1_army_to_each_side(seed: int) -> None:
    game = two_player_game(seed)
    stats = game.stats()
    assert set(stats) == {"Ada", "Bo", "neutral"}
    for side in ("Ada", "Bo", "neutral"):
        assert stats[side]["territories"] == 14
        assert stats[side]["armies"] == 14
    assert all(game.armies(t) == 1 for t in IDS)
    assert game.state.supply == (26, 26, 26)  # 40 each, 14 already on the board
    assert game.phase == "setup"
    assert game.current_player == PAIR[game.state.first_player]
    assert (game.pending.player, game.pending.decision) == (game.current_player, "place")


def test_the_draw_pile_holds_all_44_cards_after_the_deal() -> None:
    game = two_player_game()
    assert len(game.state.draw_pile) == 44
    assert {"wild_1", "wild_2"} <= set(game.state.draw_pile)


def test_placement_alternates_two_own_then_one_neutral() -> None:
    game = two_player_game()
    first = game.current_player
    second = next(p for p in PAIR if p != first)
    mine = game.territories(first)
    theirs = game.territories(second)
    neutral = game.territories("neutral")
    illegal(game, f"place 1 {theirs[0]}", "action/not_owner")
    illegal(game, f"place 1 {neutral[0]}", "action/not_owner")
    illegal(game, f"place 3 {mine[0]}", "action/bad_count")
    game.apply(f"place 1 {mine[0]}")
    assert game.pending.decision == "place"  # one of the two own armies is still to place
    game.apply(f"place 1 {mine[1]}")
    assert (game.pending.player, game.pending.decision) == (first, "place_neutral")
    illegal(game, f"place 1 {mine[0]}", "action/not_neutral")
    illegal(game, f"place 1 {theirs[0]}", "action/not_neutral")
    illegal(game, f"place 2 {neutral[0]}", "action/bad_count")
    game.apply(f"place 1 {neutral[0]}")
    assert game.armies(neutral[0]) == 2
    assert (game.armies(mine[0]), game.armies(mine[1])) == (2, 2)
    assert (game.pending.player, game.pending.decision) == (second, "place")
    game.apply(f"place 2 {theirs[0]}")
    assert game.armies(theirs[0]) == 3
    assert (game.pending.player, game.pending.decision) == (second, "place_neutral")
    game.apply(f"place 1 {neutral[0]}")
    assert game.current_player == first
    assert game.state.supply == (24, 24, 24)


def test_full_setup_places_40_per_player_and_40_neutral_then_turn_1() -> None:
    game = two_player_game()
    first = game.current_player
    actions = finish_setup(game)
    assert actions == 2 * 13 * 2  # 13 rounds each: own placement + neutral placement
    stats = game.stats()
    assert stats["Ada"]["armies"] == 40
    assert stats["Bo"]["armies"] == 40
    assert stats["neutral"]["armies"] == 40
    assert game.phase == "reinforce"
    assert game.turn == 1
    assert game.current_player == first
    assert game.reinforcements == 14 // 3 + sum(
        r.bonus for r in game.map.regions if all(game.owner(t) == first for t in r.territories)
    )


def test_leftover_neutral_armies_are_not_placed() -> None:
    # D3 with fewer neutral armies: once they run out the players keep placing only their own.
    game = rb.new_game("classic", players=list(PAIR), setup="deal", seed=3, options={"neutral_armies": 20})
    assert game.state.supply[2] == 6
    finish_setup(game)
    stats = game.stats()
    assert (stats["Ada"]["armies"], stats["Bo"]["armies"], stats["neutral"]["armies"]) == (40, 40, 20)
    assert game.phase == "reinforce"


# -- play with the neutral ------------------------------------------------------------------


def neutral_board(**kw) -> rb.Game:
    assign = own("Ada", ["ontario"], 10) | own("Bo", ["argentina"], 3) | own("neutral", ["quebec"], 3)
    return scenario(assign, default=("neutral", 1), players=PAIR, **kw)


def test_the_neutral_never_takes_a_turn() -> None:
    game = neutral_board()
    game.apply("end")
    game.apply("end")
    assert game.current_player == "Bo"
    game.apply(f"place {game.reinforcements} argentina")
    game.apply("end")
    game.apply("end")
    assert game.current_player == "Ada"


def test_the_other_player_defends_a_neutral_territory() -> None:
    game = neutral_board(options={"ask_defender": True})
    events = game.apply("attack ontario quebec 3", dice=([6, 5, 1], [6, 4]))
    assert events_of(events, "AttackDeclared")[0].defender == "Bo"
    assert (game.pending.player, game.pending.decision) == ("Bo", "defend")
    illegal(game, "defend 1", "action/not_your_turn", player="Ada")
    game.apply("defend 2", player="Bo")
    assert (game.armies("ontario"), game.armies("quebec")) == (9, 2)
    assert game.owner("quebec") == "neutral"


def test_neutral_defends_automatically_with_the_most_dice() -> None:
    game = neutral_board()
    events = game.apply("attack ontario quebec 3", dice=([6, 5, 1], [6, 4]))
    (rolled,) = events_of(events, "DiceRolled")
    assert rolled.defender == "neutral"
    assert (game.armies("ontario"), game.armies("quebec")) == (9, 2)


def test_conquering_a_neutral_territory_earns_a_card() -> None:
    game = neutral_board()
    game.apply("attack ontario greenland 1", dice=([6], [1]))
    assert game.owner("greenland") == "Ada"
    game.apply("occupy 1")
    game.apply("end")
    game.apply("end")
    assert len(game.hand("Ada")) == 1


def test_eliminating_the_other_player_wins_though_neutrals_remain() -> None:
    assign = own("Ada", ["brazil"], 5) | own("Bo", ["argentina"], 1)
    game = scenario(assign, default=("neutral", 1), players=PAIR)
    game.apply("attack brazil argentina 3", dice=([6, 2, 2], [5]))
    assert game.winner == "Ada"
    assert game.phase == "over"
    assert game.stats()["neutral"]["territories"] == 40


def test_taking_the_last_neutral_territory_does_not_win() -> None:
    assign = own("Ada", IDS, 2) | own("Bo", ["argentina"], 1) | own("neutral", ["quebec"], 1)
    game = scenario(assign, players=PAIR)
    game.apply("attack ontario quebec 1", dice=([6], [5]))
    assert game.owner("quebec") == "Ada"
    assert game.winner is None
    assert game.phase == "attack"
