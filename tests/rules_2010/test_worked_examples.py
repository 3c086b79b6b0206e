"""The worked examples R10-1 … R10-19 of RULES.md §10.2, one test each, with the numbers of the table
(typed in from the document through ``spec_2010``)."""

from __future__ import annotations

import json

import pytest

import riskboard as rb

from .conftest import DUEL, IDS, NAMES, attack_dice_offered, duel, end_turn, events_of, hand_of, illegal, own, scenario
from .spec_2010 import (
    NEUTRAL_CARDS,
    RESERVED_CARDS,
    SIMPLE_DEAL,
    SIMPLE_TO_WIN,
    STAR_TABLE,
    STARTING_TROOPS,
    TWO_PLAYER_CARDS,
    TWO_PLAYER_PILE,
    stars,
)


def test_r10_1_three_troops_attack_with_at_most_two() -> None:
    game = scenario({"ukraine": ("Ada", 3), "scandinavia": ("Bo", 4)})
    assert attack_dice_offered(game, "ukraine", "scandinavia") == {1, 2}
    illegal(game, "attack ukraine scandinavia 3", "action/bad_dice")
    (roll,) = events_of(game.apply("attack ukraine scandinavia 2"), "DiceRolled")
    assert len(roll.attack) == 2


def test_r10_2_a_defender_with_one_troop_defends_with_it() -> None:
    game = scenario({"ukraine": ("Ada", 9), "scandinavia": ("Bo", 1)}, options={"ask_defender": True})
    game.apply("attack ukraine scandinavia 3")
    assert game.pending.player == "Bo" and [a.dice for a in game.legal_actions()] == [1]
    (roll,) = events_of(game.apply("defend 1", dice=([2, 2, 1], [5])), "DiceRolled")
    assert len(roll.defend) == 1 and game.armies("scandinavia") == 1  # no guard needed: it fought


def test_r10_3_russia_takes_scandinavia_6_3_1_against_4_2() -> None:
    game = scenario({"ukraine": ("Ada", 9), "scandinavia": ("Bo", 2)})
    events = game.apply("attack ukraine scandinavia 3", dice=([6, 3, 1], [4, 2]))
    (roll,) = events_of(events, "DiceRolled")
    assert (roll.attack, roll.defend) == ((6, 3, 1), (4, 2))
    assert (roll.attacker_losses, roll.defender_losses) == (0, 2)  # 6 > 4, 3 > 2, the 1 ignored
    (conquered,) = events_of(events, "TerritoryConquered")
    assert conquered.territory == "scandinavia" and game.owner("scandinavia") == "Ada"


def test_r10_4_the_three_attackers_stay_and_five_more_follow_leaving_one() -> None:
    game = scenario({"ukraine": ("Ada", 9), "scandinavia": ("Bo", 2)})
    game.apply("attack ukraine scandinavia 3", dice=([6, 3, 1], [4, 2]))
    assert (game.armies("scandinavia"), game.armies("ukraine")) == (3, 6)
    assert game.pending.decision == "occupy"
    events = game.apply("occupy 8")  # the 3 attackers and 5 more
    (moved,) = events_of(events, "ArmiesMovedIn")
    assert (moved.count, moved.attackers) == (8, 3)
    assert (game.armies("scandinavia"), game.armies("ukraine")) == (8, 1)


def test_r10_5_fifteen_troops_win_with_three_and_may_move_up_to_eleven_more() -> None:
    game = scenario({"ukraine": ("Ada", 15), "scandinavia": ("Bo", 1)})
    game.apply("attack ukraine scandinavia 3", dice=([6, 5, 4], [1]))
    assert (game.armies("scandinavia"), game.armies("ukraine")) == (3, 12)
    assert [a.count - 3 for a in game.legal_actions()] == list(range(0, 12))  # 0–11 more
    illegal(game, "occupy 15", "action/bad_count")  # all twelve: nobody on guard
    game.apply("occupy 14")
    assert (game.armies("scandinavia"), game.armies("ukraine")) == (14, 1)


@pytest.mark.parametrize(("held", "expected"), [(11, 3), (12, 4), (14, 4), (15, 5), (36, 12), (39, 12), (40, 13)])
def test_r10_6_base_three_plus_the_territory_table(held: int, expected: int) -> None:
    land = [t for t in IDS if t not in ("ukraine", "scandinavia")][: held - 1] + ["ukraine"]
    game = scenario({**own("Ada", land), "scandinavia": ("Bo", 1)}, default=("Cy", 1))
    assert len(game.territories("Ada")) == held
    assert 3 + game.extras.territory_bonus("Ada") == expected  # continents and cards not counted


def test_r10_7_four_stars_give_seven_troops() -> None:
    for twos in (0, 1, 2):
        hand = hand_of(4, twos=twos)
        game = scenario({"ukraine": ("Ada", 3)}, phase="reinforce", hands={"Ada": hand}, default=("Bo", 1))
        assert stars(hand) == 4 and STAR_TABLE[4] == 7
        (traded,) = events_of(game.apply("trade " + " ".join(hand)), "CardsTraded")
        assert traded.armies == 7 and game.reinforcements == 3 + 7


def test_r10_8_six_troops_from_scandinavia_to_india_through_russia_and_afghanistan() -> None:
    chain = {"scandinavia": ("Ada", 7), "ukraine": ("Ada", 2), "afghanistan": ("Ada", 2), "india": ("Ada", 2)}
    game = scenario({**chain, "japan": ("Cy", 1)}, phase="fortify", default=("Bo", 1))
    game.apply("fortify scandinavia india 6")
    assert (game.armies("scandinavia"), game.armies("india")) == (1, 8)
    assert game.current_player == "Bo"  # one move, then the turn ends
    adjacent = scenario(
        {**chain, "japan": ("Cy", 1)}, phase="fortify", default=("Bo", 1), options={"fortify": "adjacent"}
    )
    illegal(adjacent, "fortify scandinavia india 6", "action/not_adjacent")


@pytest.mark.parametrize("n", [3, 4, 5])
def test_r10_9_all_42_cards_dealt_extra_cards_to_the_last_two(n: int) -> None:
    game = rb.new_game("risk2010", players=list(NAMES[:n]), seed=9)
    first = game.state.first_player
    order = [game.players[(first + k) % n] for k in range(n)]
    assert [len(game.territories(p)) for p in order] == list(SIMPLE_DEAL[n])


@pytest.mark.parametrize(("n", "need"), sorted(SIMPLE_TO_WIN.items()))
def test_r10_10_win_with_25_20_15_territories_at_the_end_of_the_turn(n: int, need: int) -> None:
    players = tuple(NAMES[:n])
    for held, wins in ((need - 1, False), (need, True)):
        land = IDS[:held]
        rest = IDS[held:]
        board = {**own("Ada", land)}
        for k, t in enumerate(rest):
            board[t] = (players[1 + k % (n - 1)], 1)
        game = scenario(board, players=players, phase="fortify")
        game.apply("end")
        assert game.is_over == wins and (game.winner == "Ada") == wins


def test_r10_11_ceasefire_most_territories_then_troops_then_a_shared_win() -> None:
    def ceasefire(a_troops: int, b_troops: int) -> rb.Game:
        rest = [t for t in IDS if t not in ("ukraine", "scandinavia")]
        ada, bo, cy = rest[:13], rest[13:28], rest[28:]
        board = {**own("Ada", ada), **own("Bo", bo), **own("Cy", cy), "scandinavia": ("Cy", 1)}
        board["ukraine"] = ("Ada", a_troops - 13)
        board[bo[0]] = ("Bo", b_troops - 14)
        game = scenario(board, ceasefire=0, drawn=15)
        game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
        game.apply("occupy 3")
        end_turn(game)
        stats = game.stats()
        assert [stats[p]["territories"] for p in ("Ada", "Bo", "Cy")] == [15, 15, 12]
        assert (stats["Ada"]["armies"], stats["Bo"]["armies"]) == (a_troops, b_troops)
        assert game.is_over
        return game

    assert ceasefire(40, 38).winners == ("Ada",)
    assert set(ceasefire(40, 40).winners) == {"Ada", "Bo"}


def test_r10_12_exactly_one_card_for_a_turn_with_conquests() -> None:
    board = {"ukraine": ("Ada", 20), "scandinavia": ("Bo", 1), "northern_europe": ("Bo", 1), "peru": ("Bo", 1)}
    game = scenario(board)
    for target in ("scandinavia", "northern_europe"):
        game.apply(f"attack ukraine {target} 3", dice=([6, 6, 6], [1]))
        game.apply("occupy 3")
    assert len(events_of(end_turn(game), "CardDrawn")) == 1 and len(game.hand("Ada")) == 1
    game = scenario(board, current="Bo", phase="fortify")
    assert events_of(game.apply("end"), "CardDrawn") == [] and game.hand("Bo") == ()


@pytest.mark.parametrize("n", [3, 4, 5])
def test_r10_13_classic_starts_with_35_30_25_and_needs_all_42(n: int) -> None:
    game = rb.new_game("risk2010", players=list(NAMES[:n]), variant="classic", seed=13)
    assert game.state.supply == (STARTING_TROOPS[n],) * n
    assert game.extras.territories_to_win == 42
    board = {**own("Ada", IDS[:41]), IDS[41]: ("Bo", 1)}
    players = ("Ada", "Bo", "Cy")
    game = scenario({**board, IDS[40]: ("Cy", 1)}, players=players, variant="classic", phase="fortify")
    game.apply("end")
    assert not game.is_over


def test_r10_14_two_player_deal_12_12_6_6_6_and_9_reserved_cards() -> None:
    game = rb.new_game("risk2010", players=list(DUEL), variant="two_player", seed=14)
    counts = {o: len(game.territories(o)) for o in (*DUEL, "neutral_1", "neutral_2", "neutral_3")}
    assert counts == {
        "Ada": TWO_PLAYER_CARDS,
        "Bo": TWO_PLAYER_CARDS,
        **dict.fromkeys(("neutral_1", "neutral_2", "neutral_3"), NEUTRAL_CARDS),
    }
    assert [len(r) for r in game.state.extra.reserved] == [RESERVED_CARDS] * 3
    assert len(game.state.draw_pile) == TWO_PLAYER_PILE


def test_r10_15_three_neutral_troops_on_one_army_not_split_over_two() -> None:
    board = {"ukraine": ("Ada", 3), "scandinavia": ("neutral_2", 1), "iceland": ("neutral_3", 1), "peru": ("Bo", 1)}
    game = duel(board)
    illegal(game, "neutral neutral_2 scandinavia 2 iceland 1", "neutral/one_army")
    illegal(game, "neutral neutral_2 scandinavia 2", "neutral/troops")
    game.apply("neutral neutral_1 alaska 1 alberta 1 argentina 1")
    assert (game.armies("alaska"), game.armies("alberta"), game.armies("argentina")) == (2, 2, 2)


def test_r10_16_taking_the_last_territory_of_n2_brings_its_three_cards() -> None:
    board = {"ukraine": ("Ada", 9), "scandinavia": ("neutral_2", 1), "peru": ("Bo", 1)}
    game = duel(board, phase="attack", reserved={"neutral_2": ["japan", "china", "india"]})
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    assert game.hand("Ada") == ("japan", "china", "india")


def test_r10_17_thirty_territories_at_the_end_of_the_turn_or_the_other_player_out() -> None:
    board = {**own("Ada", [t for t in IDS if t != "peru"][:30]), "peru": ("Bo", 1)}
    game = duel(board, phase="fortify")
    game.apply("end")
    assert game.winners == ("Ada",)
    game = duel({"ukraine": ("Ada", 9), "scandinavia": ("Bo", 1)}, phase="attack")
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    assert game.winners == ("Ada",) and game.phase == "over"


def test_r10_18_the_eliminator_receives_the_four_cards() -> None:
    bo_hand = hand_of(5, twos=1)[:4]
    assert len(bo_hand) == 4
    game = scenario({"ukraine": ("Ada", 9), "scandinavia": ("Bo", 1)}, hands={"Bo": bo_hand})
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    assert game.hand("Ada") == tuple(bo_hand) and game.hand("Bo") == ()


def test_r10_19_pieces_are_cosmetic_the_engine_counts_troops_as_integers() -> None:
    # 1 artillery (10) + 1 cavalry (5) + 2 infantry = 17 troops: one integer, no pieces to exchange
    game = scenario({"ukraine": ("Ada", 10 + 5 + 2)})
    assert game.armies("ukraine") == 17 and type(game.armies("ukraine")) is int
    assert all(type(n) is int for n in game.state.armies)
    saved = json.loads(game.to_json())
    assert saved["state"]["territories"]["ukraine"] == ["Ada", 17]
    assert game.config.ruleset.presentation.words(game.config)["units"] == "troops"
    with pytest.raises(rb.IllegalAction):
        game.apply("exchange ukraine 5")  # there is no such action: exchanging pieces changes nothing
