"""The maneuver (RULES.md §1.5 ``maneuver_connected``, §4.6 step 3): one move at the end of the
turn, any number of troops leaving one behind, to an own territory reached through a chain of
own territories, never across enemy or neutral land; it ends the turn."""

from __future__ import annotations

import pytest

from .conftest import duel, illegal, scenario, troops

CHAIN = {
    "scandinavia": ("Ada", 7),
    "ukraine": ("Ada", 1),
    "afghanistan": ("Ada", 1),
    "india": ("Ada", 1),
    "siam": ("Ada", 1),
    "japan": ("Ada", 4),
    "peru": ("Bo", 1),
}


def test_troops_move_along_a_chain_of_own_territories() -> None:
    game = scenario(CHAIN, phase="fortify")
    game.apply("fortify scandinavia india 6")
    assert troops(game, "scandinavia", "ukraine", "afghanistan", "india") == (1, 1, 1, 7)
    assert game.current_player == "Bo"  # one maneuver, then the turn is over


def test_every_own_territory_of_the_chain_is_offered_and_nothing_beyond() -> None:
    game = scenario(CHAIN, phase="fortify")
    targets = {a.target for a in game.legal_actions() if getattr(a, "source", None) == "scandinavia"}
    assert targets == {"ukraine", "afghanistan", "india", "siam"}  # japan is cut off


@pytest.mark.parametrize("owner", ["Bo", "neutral_1"])
def test_enemy_or_neutral_land_cuts_the_chain(owner: str) -> None:
    if owner == "Bo":
        game = scenario({**CHAIN, "afghanistan": ("Bo", 1)}, phase="fortify")
    else:
        game = duel({**CHAIN, "afghanistan": ("neutral_1", 1), "peru": ("Bo", 1)}, phase="fortify")
    illegal(game, "fortify scandinavia india 6", "action/not_connected")
    illegal(game, "fortify scandinavia japan 1", "action/not_connected")
    game.apply("fortify scandinavia ukraine 6")


def test_one_troop_stays_behind() -> None:
    game = scenario(CHAIN, phase="fortify")
    illegal(game, "fortify scandinavia india 7", "action/bad_count")
    illegal(game, "fortify scandinavia india 0", "action/bad_count")
    illegal(game, "fortify ukraine india 1", "action/bad_count")
    illegal(game, "fortify scandinavia scandinavia 1", "action/same_territory")
    illegal(game, "fortify scandinavia iceland 1", "action/not_owner")


def test_the_maneuver_comes_after_the_attacks() -> None:
    game = scenario(CHAIN, phase="attack")
    illegal(game, "fortify scandinavia india 6", "action/wrong_phase")
    game.apply("end")
    game.apply("fortify scandinavia india 6")


def test_the_adjacent_house_rule_refuses_the_chain() -> None:
    game = scenario(CHAIN, phase="fortify", options={"fortify": "adjacent"})
    illegal(game, "fortify scandinavia india 6", "action/not_adjacent")
    game.apply("fortify scandinavia ukraine 6")
