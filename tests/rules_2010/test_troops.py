"""Troops at the start of a turn (RULES.md §4.6.1): 3 + the printed territory table (with its
irregular 36–39 band) + every continent held in full at the start of the turn; placed only on
one's own territories, in any distribution."""

from __future__ import annotations

import pytest

import riskboard as rb

from .conftest import IDS, end_turn, events_of, illegal, own, scenario
from .spec_2010 import BASE_TROOPS, CONTINENT_BONUS, CONTINENTS, TERRITORY_TABLE, expected_troops, territory_bonus

# the territories in an order that completes continents as late as possible: round the continents
ROUND_ROBIN = [
    t
    for k in range(max(len(m) for m in CONTINENTS.values()))
    for c in sorted(CONTINENTS, key=lambda c: -len(CONTINENTS[c]))
    for t in CONTINENTS[c][k : k + 1]
]
assert sorted(ROUND_ROBIN) == sorted(IDS)


def holding(n: int) -> tuple[list[str], rb.Game]:
    owned = ROUND_ROBIN[:n]
    return owned, scenario(own("Ada", owned), default=("Bo", 1), phase="reinforce")


@pytest.mark.parametrize("n", range(1, 42))
def test_troops_are_three_plus_the_territory_table_plus_continents(n: int) -> None:
    owned, game = holding(n)
    assert game.extras.territory_bonus("Ada") == territory_bonus(n)
    assert game.extras.troops("Ada")[0] == expected_troops(owned)
    assert game.reinforcements == expected_troops(owned)


def test_the_table_is_read_literally_band_by_band() -> None:
    table = {t: territory_bonus(t) for t in range(1, 43)}
    assert [table[t] for t in (11, 12, 14, 15, 35, 36, 39, 40, 42)] == [0, 1, 1, 2, 8, 9, 9, 9 + 1, 10]
    # the band 36-39 has four values; a formula floor(T/3) - 3 would give 39 -> 10
    assert table[39] == 9 != 39 // 3 - 3
    for low, high, bonus in TERRITORY_TABLE:
        for t in range(low, min(high, 41) + 1):  # a scenario needs two players with land
            _owned, game = holding(t)
            assert game.extras.territory_bonus("Ada") == bonus


@pytest.mark.parametrize("continent", sorted(CONTINENTS))
def test_each_continent_held_in_full_adds_its_bonus(continent: str) -> None:
    members = CONTINENTS[continent]
    game = scenario(own("Ada", members), default=("Bo", 1), phase="reinforce")
    assert game.reinforcements == BASE_TROOPS + territory_bonus(len(members)) + CONTINENT_BONUS[continent]
    # one territory short: no bonus
    game = scenario(own("Ada", members[1:]), default=("Bo", 1), phase="reinforce")
    assert game.reinforcements == BASE_TROOPS + territory_bonus(len(members) - 1)


def test_a_player_with_one_territory_still_gets_three() -> None:
    game = scenario({"japan": ("Ada", 1)}, default=("Bo", 1), phase="reinforce")
    assert game.reinforcements == 3
    (counted,) = events_of(game.apply("place 3 japan"), "ArmiesPlaced")
    assert counted.count == 3


def test_a_continent_counts_when_held_at_the_start_of_the_turn() -> None:
    australia = CONTINENTS["australia"]
    assign = {
        **own("Ada", australia[:-1], 3),
        australia[-1]: ("Bo", 1),
        "siam": ("Cy", 2),
        "ukraine": ("Bo", 2),
    }
    game = scenario(assign, default=("Cy", 1), phase="attack", options={"territories_to_win": 42})
    source = next(t for t in australia[:-1] if australia[-1] in game.map.neighbours(t))
    game.apply(f"attack {source} {australia[-1]} 2", dice=([6, 6], [1]))
    assert game.owner(australia[-1]) == "Ada" and game.phase == "attack"
    assert game.reinforcements == 0  # conquering a continent gives nothing in this turn
    end_turn(game, dice=["alaska"])  # the card drawn for the conquest
    # Bo's and Cy's turns pass without a change of land
    for player in ("Bo", "Cy"):
        assert game.current_player == player
        game.apply(f"place {game.reinforcements} {game.territories(player)[0]}")
        end_turn(game)
    assert game.current_player == "Ada"
    events = game.events(last=1)
    owned = game.territories("Ada")
    (counted,) = events_of(events, "TroopsCounted")
    assert counted.troops == game.reinforcements == expected_troops(owned)
    assert counted.troops == BASE_TROOPS + territory_bonus(len(owned)) + CONTINENT_BONUS["australia"]
    assert "Australia" in counted.detail


def test_a_continent_lost_before_the_turn_gives_no_bonus() -> None:
    australia = CONTINENTS["australia"]
    assign = {**own("Ada", australia, 1), "siam": ("Cy", 6)}
    game = scenario(assign, default=("Bo", 1), current="Cy", phase="attack")
    assert game.extras.troops("Ada")[0] == BASE_TROOPS + CONTINENT_BONUS["australia"]
    game.apply("attack siam indonesia 3", dice=([6, 6, 6], [1]))
    game.apply("occupy 3")
    end_turn(game, dice=["alaska"])
    assert game.current_player == "Ada"
    assert game.territories("Ada") == list(australia[1:])
    assert game.reinforcements == BASE_TROOPS == expected_troops(game.territories("Ada"))


def test_troops_go_only_on_own_territories_in_any_distribution() -> None:
    game = scenario(own("Ada", ["alaska", "alberta", "japan"]), default=("Bo", 1), phase="reinforce")
    assert game.reinforcements == 3
    illegal(game, "place 1 kamchatka", "action/not_owner")
    illegal(game, "place 4 alaska", "action/bad_count")
    illegal(game, "place 0 alaska", "action/bad_count")
    illegal(game, "end", "action/armies_left")
    illegal(game, "attack alaska kamchatka 1", "action/wrong_phase")
    game.apply("place 1 alaska")
    game.apply("place 1 japan")
    assert game.phase == "reinforce"
    game.apply("place 1 alaska")
    assert game.phase == "attack" and game.armies("alaska") == 3 and game.armies("japan") == 2


def test_all_42_territories_give_3_plus_10_plus_every_continent() -> None:
    assign = {**own("Ada", IDS, 2), "kamchatka": ("Bo", 1)}
    game = scenario(assign, default=("Bo", 1), variant="classic")
    game.apply("attack alaska kamchatka 1", dice=([6], [1]))
    assert game.is_over and game.winner == "Ada"
    assert game.extras.territory_bonus("Ada") == 10
    assert game.extras.troops("Ada")[0] == expected_troops(IDS) == BASE_TROOPS + 10 + sum(CONTINENT_BONUS.values())
