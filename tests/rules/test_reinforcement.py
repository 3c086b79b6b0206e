"""Reinforcements (RULES.md §2.3 step 1, §2.4): max(3, ⌊T/3⌋) plus full-continent bonuses at the
start of the turn, placed on own territories; the last army placed opens the attack phase."""

from __future__ import annotations

import pytest

import riskboard as rb

from .conftest import IDS, events_of, expected_income, illegal, own, scenario
from .spec_world import BONUS, CONTINENTS

# Territories in no continent-completing pattern: one from each continent first, then the rest
# in an order that completes no continent before 30 territories.
SPREAD = [
    "alaska", "venezuela", "iceland", "egypt", "ural", "indonesia",
    "alberta", "peru", "great_britain", "congo", "siberia", "new_guinea",
    "ontario", "brazil", "scandinavia", "east_africa", "yakutsk", "western_australia",
    "quebec", "northern_europe", "north_africa", "kamchatka", "greenland", "western_europe",
    "south_africa", "irkutsk", "northwest_territory", "southern_europe", "mongolia", "japan",
]  # fmt: skip


def income_scenario(owned: list[str]) -> rb.Game:
    """Ada owns ``owned`` (Bo and Cy the rest); Bo ends his turn so Ada's turn starts."""
    others = [t for t in IDS if t not in owned]
    assign = own("Ada", owned) | own("Bo", others[: len(others) // 2]) | own("Cy", others[len(others) // 2 :])
    game = scenario(assign, current="Cy", phase="fortify")
    game.apply("end")
    assert game.current_player == "Ada"
    return game


@pytest.mark.parametrize(
    ("territories", "income"),
    [(1, 3), (2, 3), (8, 3), (9, 3), (11, 3), (12, 4), (14, 4), (15, 5), (17, 5), (18, 6), (29, 9), (30, 10)],
)
def test_territory_income_is_a_third_rounded_down_at_least_3(territories: int, income: int) -> None:
    owned = SPREAD[:territories]
    assert not any(set(m) <= set(owned) for m in CONTINENTS.values())
    game = income_scenario(owned)
    assert game.phase == "reinforce"
    assert game.reinforcements == income


@pytest.mark.parametrize("continent", sorted(BONUS))
def test_each_continent_gives_its_bonus(continent: str) -> None:
    members = list(CONTINENTS[continent])
    game = income_scenario(members)
    assert game.reinforcements == max(3, len(members) // 3) + BONUS[continent]


def test_bonus_values_by_continent() -> None:
    # NA 9 → 3 + 5, SA 4 → 3 + 2, EU 7 → 3 + 5, AF 6 → 3 + 3, AS 12 → 4 + 7, AU 4 → 3 + 2.
    expected = {"north_america": 8, "south_america": 5, "europe": 8, "africa": 6, "asia": 11, "australia": 5}
    for continent, income in expected.items():
        assert income_scenario(list(CONTINENTS[continent])).reinforcements == income, continent


@pytest.mark.parametrize("continent", sorted(BONUS))
def test_a_continent_missing_one_territory_gives_no_bonus(continent: str) -> None:
    members = list(CONTINENTS[continent])[:-1]
    game = income_scenario(members)
    assert game.reinforcements == max(3, len(members) // 3)


def test_several_continents_add_up() -> None:
    owned = [*CONTINENTS["south_america"], *CONTINENTS["africa"], *CONTINENTS["australia"], "alaska"]
    game = income_scenario(owned)
    assert game.reinforcements == 15 // 3 + 2 + 3 + 2
    assert game.reinforcements == expected_income(owned)


def test_turn_started_event_reports_the_income() -> None:
    owned = [*CONTINENTS["asia"], *CONTINENTS["europe"]]
    others = [t for t in IDS if t not in owned]
    game = scenario(own("Ada", owned) | own("Bo", others[:5]) | own("Cy", others[5:]), current="Cy", phase="fortify")
    events = game.apply("end")
    (started,) = events_of(events, "TurnStarted")
    assert (started.player, started.reinforcements) == ("Ada", 19 // 3 + 7 + 5)
    assert game.reinforcements == 18


def test_scenario_in_reinforce_defaults_to_the_income() -> None:
    owned = [*CONTINENTS["north_america"], "venezuela", "brazil", "peru", "iceland", "egypt"]
    game = scenario(own("Ada", owned), phase="reinforce")
    assert game.reinforcements == 14 // 3 + 5


def test_placing_all_armies_opens_the_attack_phase() -> None:
    game = scenario({"ontario": ("Ada", 2), "quebec": ("Ada", 1)}, phase="reinforce", reinforcements=5)
    assert (game.pending.player, game.pending.decision) == ("Ada", "place")
    game.apply("place 2 ontario")
    assert game.phase == "reinforce"
    assert game.reinforcements == 3
    illegal(game, "end", "action/armies_left")
    illegal(game, "attack ontario greenland 1", "action/wrong_phase")
    events = game.apply("place 3 quebec")
    assert (game.armies("ontario"), game.armies("quebec")) == (4, 4)
    assert game.reinforcements == 0
    assert game.phase == "attack"
    assert events_of(events, "PhaseChanged")[0].phase == "attack"


def test_place_one_at_a_time_or_all_at_once() -> None:
    game = scenario({"ontario": ("Ada", 1)}, phase="reinforce", reinforcements=3)
    for _ in range(3):
        game.apply("place 1 ontario")
    assert game.armies("ontario") == 4
    assert game.phase == "attack"


def test_placement_errors() -> None:
    game = scenario({"ontario": ("Ada", 2)}, phase="reinforce", reinforcements=4)
    illegal(game, "place 1 quebec", "action/not_owner")
    illegal(game, "place 5 ontario", "action/bad_count")
    illegal(game, "place 0 ontario", "action/bad_count")
    illegal(game, "place -1 ontario", "action/bad_count")
    illegal(game, "place 1 atlantis", "action/unknown_territory")
    illegal(game, "place one ontario", "action/unparsable")
    illegal(game, "place 1 quebec", "action/not_your_turn", player="Bo")


def test_no_placing_outside_the_reinforce_phase() -> None:
    game = scenario({"ontario": ("Ada", 2)}, phase="attack")
    illegal(game, "place 1 ontario", "action/wrong_phase")
    game = scenario({"ontario": ("Ada", 2)}, phase="fortify")
    illegal(game, "place 1 ontario", "action/wrong_phase")


def test_legal_placements_cover_own_territories_and_counts() -> None:
    game = scenario({"ontario": ("Ada", 2), "quebec": ("Ada", 1)}, phase="reinforce", reinforcements=3)
    places = {(a.count, a.territory) for a in game.legal_actions() if isinstance(a, rb.Place)}
    assert places == {(k, t) for k in (1, 2, 3) for t in ("ontario", "quebec")}


def test_min_reinforcements_option() -> None:
    owned = SPREAD[:6]
    others = [t for t in IDS if t not in owned]
    game = scenario(
        own("Ada", owned) | own("Bo", others),
        current="Bo",
        phase="fortify",
        options={"min_reinforcements": 5},
    )
    game.apply("end")
    assert game.reinforcements == 5


def test_a_scenario_in_the_reinforce_phase_gives_what_the_turn_would_near_the_limit() -> None:
    """One count of a turn's armies: a scenario starting in the reinforce phase gives the player
    what the start of their turn gives, within the most units an owner holds (D34)."""
    held = IDS[::3][:14]  # 4 armies by the count, no continent
    assert expected_income(held) == 4
    most = 10_000  # D34: the most units an owner holds
    assign = {**own("Ada", held), held[0]: ("Ada", most - 2 - 13)}  # 2 short of the limit
    game = scenario(assign, phase="reinforce")
    assert game.reinforcements == 2
    # the same count as at the start of the turn itself
    turn = scenario(assign, phase="fortify", current="Cy")
    turn.apply("end")
    assert turn.current_player == "Ada" and turn.reinforcements == 2
