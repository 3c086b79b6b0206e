"""The secret-mission variant (RULES.md §2.11, D6): the mission list, checks after every action of
the holder's own turn, an immediate win, and the occupy_24 fallback of "destroy" missions."""

from __future__ import annotations

import pytest

import riskboard as rb

from .conftest import IDS, events_of, own, scenario
from .spec_world import CONTINENTS

FIXED = {
    "conquer_north_america_africa",
    "conquer_north_america_australia",
    "conquer_asia_south_america",
    "conquer_asia_africa",
    "conquer_europe_south_america_plus_one",
    "conquer_europe_australia_plus_one",
    "occupy_24",
    "occupy_18_with_2",
}


def mission_game(assign, missions: dict[str, str], **kw) -> rb.Game:
    full = {"Ada": "occupy_24", "Bo": "occupy_24", "Cy": "occupy_24"} | missions
    kw.setdefault("default", ("Cy", 1))
    return scenario(assign, variant="secret_missions", missions=full, **kw)


def continents(*names: str) -> list[str]:
    return [t for n in names for t in CONTINENTS[n]]


def test_every_player_gets_a_mission_from_the_list() -> None:
    seen = set()
    for seed in range(25):
        game = rb.new_game("classic", players=["Ada", "Bo", "Cy", "Di"], variant="secret_missions", seed=seed)
        missions = [game.mission(p) for p in game.players]
        valid = FIXED | {f"destroy:{p}" for p in game.players}
        for p, m in zip(game.players, missions):
            assert m in valid
            assert m != f"destroy:{p}"  # own colour becomes occupy_24
        drawn = [m for m in missions if m != "occupy_24"]
        assert len(drawn) == len(set(drawn))  # different cards
        seen.update(missions)
    assert seen >= FIXED  # every fixed card turns up


def test_standard_game_has_no_missions() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=1)
    assert game.mission("Ada") is None


def test_drawing_your_own_colour_means_occupy_24() -> None:
    game = mission_game({"alaska": ("Ada", 1), "quebec": ("Bo", 1)}, {"Ada": "destroy:Ada", "Bo": "destroy:Ada"})
    assert game.mission("Ada") == "occupy_24"
    assert game.mission("Bo") == "destroy:Ada"


CONQUER_CASES = [
    ("conquer_north_america_africa", ("north_america", "africa"), "congo", "north_africa"),
    ("conquer_north_america_australia", ("north_america", "australia"), "alaska", "alberta"),
    ("conquer_asia_south_america", ("asia", "south_america"), "argentina", "brazil"),
    ("conquer_asia_africa", ("asia", "africa"), "madagascar", "east_africa"),
]


@pytest.mark.parametrize(("mission", "needed", "last", "source"), CONQUER_CASES)
def test_conquering_the_last_territory_of_two_continents_wins_at_once(mission, needed, last, source) -> None:
    assign = own("Ada", continents(*needed), 2) | {source: ("Ada", 5), last: ("Bo", 1), "iceland": ("Bo", 1)}
    game = mission_game(assign, {"Ada": mission})
    assert game.winner is None
    events = game.apply(f"attack {source} {last} 3", dice=([6, 6, 6], [1]))
    assert game.winner == "Ada"
    assert game.phase == "over"
    assert events_of(events, "GameWon")[0].player == "Ada"
    assert game.is_alive("Bo") and game.is_alive("Cy")


@pytest.mark.parametrize(("mission", "needed", "last", "source"), CONQUER_CASES)
def test_one_continent_of_the_two_is_not_enough(mission, needed, last, source) -> None:
    # The same conquest, but one territory of the other continent belongs to Cy.
    other = next(c for c in needed if last not in CONTINENTS[c])
    missing = next(t for t in CONTINENTS[other] if t != source)
    assign = own("Ada", continents(*needed), 2) | {source: ("Ada", 5), last: ("Bo", 1), "iceland": ("Bo", 1)}
    game = mission_game(assign | {missing: ("Cy", 1)}, {"Ada": mission})
    game.apply(f"attack {source} {last} 3", dice=([6, 6, 6], [1]))
    assert game.owner(last) == "Ada"
    assert game.winner is None


@pytest.mark.parametrize(
    ("mission", "pair"),
    [
        ("conquer_europe_south_america_plus_one", ("europe", "south_america")),
        ("conquer_europe_australia_plus_one", ("europe", "australia")),
    ],
)
def test_plus_one_needs_a_third_continent(mission: str, pair: tuple[str, str]) -> None:
    # Ada holds both named continents and all of Africa but congo; congo is the third one.
    base = own("Ada", continents(*pair), 2) | own("Ada", CONTINENTS["africa"], 2)
    assign = base | {"north_africa": ("Ada", 5), "congo": ("Bo", 1)}
    game = mission_game(assign, {"Ada": mission}, phase="reinforce")
    assert game.winner is None  # two continents are not enough
    game.apply(f"place {game.reinforcements} north_africa")
    assert game.winner is None
    game.apply("attack north_africa congo 3", dice=([6, 6, 6], [1]))
    assert game.winner == "Ada"


def test_occupy_24_wins_with_the_24th_territory() -> None:
    ada = [t for t in IDS if t != "quebec"][:23]
    assert "ontario" in ada
    game = mission_game(own("Ada", ada, 2) | {"quebec": ("Bo", 1)}, {"Ada": "occupy_24"})
    assert game.stats()["Ada"]["territories"] == 23
    assert game.winner is None
    game.apply("attack ontario quebec 1", dice=([6], [1]))
    assert game.winner == "Ada"


def test_occupy_18_with_2_wins_on_the_placement_that_completes_it() -> None:
    ada = IDS[:18]
    assign = own("Ada", ada, 2) | {ada[0]: ("Ada", 1)}
    game = mission_game(assign, {"Ada": "occupy_18_with_2"}, phase="reinforce", reinforcements=3)
    assert game.winner is None
    game.apply(f"place 1 {ada[1]}")
    assert game.winner is None
    game.apply(f"place 1 {ada[0]}")  # now 18 territories with at least 2 each
    assert game.winner == "Ada"
    assert game.phase == "over"


def test_occupy_18_with_2_does_not_count_single_armies() -> None:
    ada = IDS[:20]
    assign = own("Ada", ada, 1) | own("Ada", ada[:17], 2)
    game = mission_game(assign, {"Ada": "occupy_18_with_2"}, phase="reinforce", reinforcements=5)
    game.apply(f"place 3 {ada[0]}")  # 20 territories, but still only 17 with 2 or more
    assert game.winner is None
    game.apply(f"place 1 {ada[19]}")
    assert game.winner == "Ada"


def test_destroy_mission_wins_when_the_holder_eliminates_the_target() -> None:
    assign = {"ontario": ("Ada", 5), "quebec": ("Bo", 1)}
    game = mission_game(assign, {"Ada": "destroy:Bo"})
    game.apply("attack ontario quebec 3", dice=([6, 6, 6], [1]))
    assert not game.is_alive("Bo")
    assert game.is_alive("Cy")
    assert game.winner == "Ada"


def test_destroy_mission_becomes_occupy_24_when_someone_else_eliminates_the_target() -> None:
    assign = {"ontario": ("Ada", 5), "quebec": ("Bo", 1)}
    game = mission_game(assign, {"Ada": "occupy_18_with_2", "Cy": "destroy:Bo"})
    events = game.apply("attack ontario quebec 3", dice=([6, 6, 6], [1]))
    assert not game.is_alive("Bo")
    assert game.mission("Cy") == "occupy_24"
    (changed,) = events_of(events, "MissionChanged")
    assert (changed.player, changed.mission) == ("Cy", "occupy_24")
    assert game.winner is None
    game.apply("occupy 3")
    game.apply("end")
    game.apply("end")
    # Cy holds 40 territories: occupy_24 is fulfilled as soon as Cy's turn starts
    assert game.winner == "Cy"


def test_missions_are_checked_only_in_the_holders_turn() -> None:
    # Bo already holds 24 territories, but it is Ada's turn: Bo wins when his own turn starts.
    bo = [t for t in IDS if t not in ("ontario", "quebec")][:24]
    assign = own("Bo", bo, 1) | {"ontario": ("Ada", 5), "quebec": ("Cy", 1)}
    game = mission_game(assign, {"Ada": "conquer_asia_africa", "Bo": "occupy_24"})
    game.apply("attack ontario quebec 1", dice=([6], [1]))
    game.apply("occupy 1")
    assert game.winner is None
    game.apply("end")
    assert game.winner is None
    game.apply("end")
    assert game.current_player == "Bo"
    assert game.winner == "Bo"
    assert game.phase == "over"


def test_eliminating_all_opponents_still_wins_in_the_mission_variant() -> None:
    assign = own("Ada", IDS, 2) | {"quebec": ("Bo", 1), "argentina": ("Cy", 1)}
    game = mission_game(assign, {"Ada": "conquer_north_america_africa"})
    game.apply("attack brazil argentina 1", dice=([6], [1]))
    assert not game.is_alive("Cy")
    assert game.winner is None  # north america is not complete yet
    events = game.apply("attack ontario quebec 1", dice=([6], [1]))
    assert game.winner == "Ada"
    (won,) = events_of(events, "GameWon")
    assert "eliminated" in won.reason
