"""Neutral resistance (RULES.md §5.12, D26): at the start of a command-room turn the active player
puts 2 neutral units on one or two neutral territories; skipped without neutral territory."""

from __future__ import annotations

from typing import Any

import riskboard as rb

from .conftest import command_room, events_of, illegal, scenario

ASSIGN = {"germany": ("red", 4), "finland": ("blue", 3), "denmark": ("neutral", 2), "estonia": ("neutral", 1)}


def at_resistance(assign: dict[str, tuple[str, int]] = ASSIGN, **kw: Any) -> rb.Game:
    """Blue ends its turn; red's turn starts with the resistance step."""
    kw.setdefault("missions", [])
    game = command_room(assign, current="blue", phase="fortify", **kw)
    game.apply("end")
    return game


def test_two_units_on_one_neutral_territory() -> None:
    game = at_resistance()
    assert (game.current_player, game.phase) == ("red", "neutral")
    assert game.pending.player == "red" and "2 neutral resistance units" in game.pending.detail
    events = game.apply("place 2 denmark")
    assert [(e.player, e.territory, e.count) for e in events_of(events, "NeutralReinforced")] == [("red", "denmark", 2)]
    assert game.armies("denmark") == 4
    assert game.phase == "reinforce"


def test_two_units_split_over_two_neutral_territories() -> None:
    game = at_resistance()
    game.apply("place 1 denmark")
    assert game.phase == "neutral"
    game.apply("place 1 estonia")
    assert (game.armies("denmark"), game.armies("estonia")) == (3, 2)
    assert game.phase == "reinforce"
    assert game.stats()["neutral"]["armies"] == sum(game.armies(t) for t in game.territories("neutral"))


def test_a_third_territory_is_refused() -> None:
    game = at_resistance(options={"neutral_resistance_units": 3})
    game.apply("place 1 denmark")
    game.apply("place 1 estonia")
    illegal(game, "place 1 latvia", "action/too_many_territories")
    assert {a.territory for a in game.legal_actions()} == {"denmark", "estonia"}
    game.apply("place 1 denmark")
    assert game.armies("denmark") == 4 and game.phase == "reinforce"


def test_resistance_goes_on_neutral_territories_only() -> None:
    game = at_resistance()
    illegal(game, "place 2 germany", "action/not_neutral")
    illegal(game, "place 2 finland", "action/not_neutral")
    illegal(game, "place 3 denmark", "action/bad_count")
    illegal(game, "place 0 denmark", "action/bad_count")
    illegal(game, "end", "action/armies_left")
    offered = game.legal_actions()
    assert offered and all(isinstance(a, rb.Place) and game.owner(a.territory) == "neutral" for a in offered)


def test_skipped_when_the_neutral_army_has_no_territory() -> None:
    game = command_room({"germany": ("red", 4)}, default=("blue", 1), current="blue", phase="fortify", missions=[])
    game.apply("end")
    assert (game.current_player, game.phase) == ("red", "reinforce")


def test_skipped_to_the_hospital_when_there_is_no_neutral_territory() -> None:
    game = command_room(
        {"germany": ("red", 4)}, default=("blue", 1), current="blue", phase="fortify", hospital={"red": 2}, missions=[]
    )
    game.apply("end")
    assert game.phase == "hospital"


def test_zero_units_disable_it() -> None:
    game = at_resistance(options={"neutral_resistance_units": 0})
    assert game.phase == "reinforce"


def test_basic_training_has_no_resistance() -> None:
    game = scenario(ASSIGN, current="blue", phase="fortify", missions=[])
    game.apply("end")
    assert game.phase == "reinforce"


def test_the_option_sets_the_number_of_units() -> None:
    game = at_resistance(options={"neutral_resistance_units": 4})
    game.apply("place 3 denmark")
    game.apply("place 1 estonia")
    assert (game.armies("denmark"), game.armies("estonia")) == (5, 2)
    assert game.phase == "reinforce"
