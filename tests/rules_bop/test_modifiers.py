"""Die modifiers in the command room: the airfield (RULES.md §5.11, D25, BOP-12), the recon
mission's reroll (§5.10, D23, BOP-13) and their order (§5.5, D16)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import riskboard as rb

from .conftest import command_room, events_of, illegal, scenario, units
from .spec_bop import BUILDINGS


def mods(events: list[rb.Event]) -> list[tuple[str, str, tuple[int, ...], tuple[int, ...]]]:
    return [(e.player, e.reason, e.before, e.after) for e in events_of(events, "DiceModified")]


# -- §5.11 airfields ---------------------------------------------------------------------------------


def test_the_airfield_helps_the_defender_too() -> None:
    game = command_room({"germany": ("red", 5), "czechia": ("blue", 4)}, airfields={"blue": "czechia"}, missions=[])
    events = game.apply("attack germany czechia 3", dice=([5, 5, 2], [5, 4]))
    assert mods(events) == [("blue", "airfield", (5, 4), (6, 4))]
    assert units(game, "germany", "czechia") == (4, 3)  # 5 < 6 → red −1; 5 > 4 → blue −1


def test_the_airfield_helps_in_battles_for_neighbouring_territories() -> None:
    game = command_room(
        {"belgium": ("red", 5), "germany": ("red", 2), "netherlands": ("blue", 3), "finland": ("blue", 1)},
        airfields={"red": "germany"},
        missions=[],
    )
    events = game.apply("attack belgium netherlands 2", dice=([4, 1], [4, 1]))
    assert mods(events) == [("red", "airfield", (4, 1), (5, 1))]


def test_the_airfield_does_not_help_in_battles_for_territories_further_away() -> None:
    # prussia borders germany, lithuania does not: the attacked territory decides (D25)
    assert "lithuania" not in rb.load_map("europe").neighbours("germany")
    game = command_room(
        {"prussia": ("red", 5), "germany": ("red", 2), "lithuania": ("blue", 3)},
        airfields={"red": "germany"},
        missions=[],
    )
    events = game.apply("attack prussia lithuania 2", dice=([4, 1], [4, 1]))
    assert mods(events) == []
    assert units(game, "prussia", "lithuania") == (3, 3)


def test_both_airfields_can_apply_in_one_throw() -> None:
    game = command_room(
        {"germany": ("red", 5), "czechia": ("blue", 4), "poland": ("blue", 1)},
        airfields={"red": "germany", "blue": "poland"},
        missions=[],
    )
    events = game.apply("attack germany czechia 2", dice=([3, 2], [3, 2]))
    assert mods(events) == [("red", "airfield", (3, 2), (4, 2)), ("blue", "airfield", (3, 2), (4, 2))]
    assert units(game, "germany", "czechia") == (3, 4)  # 4 = 4 and 2 = 2: both ties to the defender


def test_a_modified_six_is_a_seven() -> None:
    game = command_room({"germany": ("red", 5), "czechia": ("blue", 4)}, airfields={"red": "germany"}, missions=[])
    events = game.apply("attack germany czechia 1", dice=([6], [6, 6]))
    assert mods(events) == [("red", "airfield", (6,), (7,))]
    assert units(game, "germany", "czechia") == (5, 3)


def test_the_airfield_never_helps_the_neutral_dice() -> None:
    # blue's airfield on czechia borders austria, but blue only rolls for the neutral army there
    game = command_room(
        {"germany": ("red", 5), "czechia": ("blue", 4), "austria": ("neutral", 3)},
        airfields={"blue": "czechia"},
        missions=[],
    )
    events = game.apply("attack germany austria 2", dice=([4, 4], [4, 3]))
    assert mods(events) == []
    assert units(game, "germany", "austria") == (4, 2)


def test_the_attackers_airfield_helps_against_the_neutral_army() -> None:
    game = command_room(
        {"germany": ("red", 5), "austria": ("neutral", 3), "finland": ("blue", 1)},
        airfields={"red": "germany"},
        missions=[],
    )
    events = game.apply("attack germany austria 2", dice=([4, 3], [4, 3]))
    assert mods(events) == [("red", "airfield", (4, 3), (5, 3))]
    assert units(game, "germany", "austria") == (4, 2)


def test_the_airfield_is_destroyed_when_its_territory_falls_and_can_be_rebuilt() -> None:
    game = command_room(
        {"germany": ("red", 6), "czechia": ("blue", 1), "poland": ("blue", 2)},
        airfields={"blue": "czechia"},
        hospital={"blue": 10},
        missions=[],
    )
    events = game.apply("attack germany czechia 3", dice=([6, 6, 6], [1]))
    (gone,) = events_of(events, "AirfieldDestroyed")
    assert (gone.player, gone.territory) == ("blue", "czechia")
    assert game.extras.airfields == {"red": None, "blue": None}
    assert game.extras.airfield_zone("blue") == []
    game.apply("occupy 3")
    game.apply("end")
    game.apply("end", dice=["italy"])
    game.apply("place 2 estonia")  # blue's turn: neutral resistance first
    assert (game.current_player, game.phase) == ("blue", "hospital")
    assert game.extras.hospital["blue"] == 11
    game.apply("buy build_airfield poland")
    assert game.extras.airfields["blue"] == "poland"


def test_the_airfield_zone_is_its_territory_and_the_neighbours() -> None:
    game = command_room({"germany": ("red", 5), "czechia": ("blue", 4)}, airfields={"red": "germany"}, missions=[])
    assert game.extras.airfield_zone("red") == ["germany", *rb.load_map("europe").neighbours("germany")]
    assert game.extras.airfield_zone("blue") == []


def test_basic_training_has_no_airfields() -> None:
    with pytest.raises(rb.ConfigError) as info:
        scenario({"germany": ("red", 5), "czechia": ("blue", 4)}, airfields={"red": "germany"})
    assert info.value.code == "scenario/invalid"


# -- §5.10 recon mission ------------------------------------------------------------------------------


@pytest.mark.parametrize("building", sorted(BUILDINGS))
def test_recon_rerolls_a_one_against_every_building_territory(building: str) -> None:
    source = rb.load_map("europe").neighbours(building)[0]
    game = command_room(
        {source: ("red", 6), building: ("neutral", 5), "central_russia": ("blue", 1)},
        purchases=["recon_mission"],
        missions=[],
    )
    dice = 2 if building in ("switzerland", "norway") else 3
    events = game.apply(f"attack {source} {building} {dice}", dice=([1] * dice, [6, 6], [3]))
    assert mods(events) == [("red", "recon mission", (1,) * dice, (3,) + (1,) * (dice - 1))]


def test_recon_does_nothing_against_territories_without_a_building() -> None:
    game = command_room({"sweden": ("red", 6), "finland": ("blue", 5)}, purchases=["recon_mission"], missions=[])
    events = game.apply("attack sweden finland 3", dice=([1, 1, 5], [6, 6]))
    assert mods(events) == []
    assert units(game, "sweden", "finland") == (4, 5)


def test_recon_rerolls_until_the_die_is_not_one() -> None:
    game = command_room(
        {"germany": ("red", 6), "denmark": ("neutral", 5), "finland": ("blue", 1)},
        purchases=["recon_mission"],
        missions=[],
    )
    events = game.apply("attack germany denmark 1", dice=([1], [2, 2], [1], [1], [1], [2]))
    assert mods(events) == [("red", "recon mission", (1,), (2,))]
    assert units(game, "germany", "denmark") == (5, 5)  # 2 = 2: the tie still goes to the defender


def test_each_purchase_covers_one_more_one() -> None:
    game = command_room(
        {"germany": ("red", 6), "denmark": ("neutral", 5), "finland": ("blue", 1)},
        purchases=["recon_mission", "recon_mission"],
        missions=[],
    )
    events = game.apply("attack germany denmark 3", dice=([1, 1, 1], [3, 3], [5], [4]))
    assert mods(events) == [("red", "recon mission", (1, 1, 1), (5, 4, 1))]
    assert units(game, "germany", "denmark") == (6, 3)


def test_recon_leaves_the_defenders_ones_alone() -> None:
    game = command_room(
        {"germany": ("red", 6), "denmark": ("neutral", 5), "finland": ("blue", 1)},
        purchases=["recon_mission"],
        missions=[],
    )
    events = game.apply("attack germany denmark 2", dice=([6, 6], [1, 1]))
    assert mods(events) == []


def test_recon_works_for_every_throw_of_the_turn() -> None:
    game = command_room(
        {"germany": ("red", 9), "denmark": ("neutral", 8), "finland": ("blue", 1)},
        purchases=["recon_mission"],
        missions=[],
    )
    for _ in range(3):
        events = game.apply("attack germany denmark 1", dice=([1], [6, 6], [6]))
        assert mods(events) == [("red", "recon mission", (1,), (6,))]


def test_recon_is_gone_next_turn() -> None:
    game = command_room(
        {"germany": ("red", 9), "denmark": ("neutral", 8), "finland": ("blue", 3)},
        current="blue",
        phase="fortify",
        purchases=["recon_mission"],
        options={"neutral_resistance_units": 0},
        missions=[],
    )
    game.apply("end")
    assert game.extras.purchases == []
    game.apply(f"place {game.reinforcements} germany")
    events = game.apply("attack germany denmark 1", dice=([1], [6, 6]))
    assert mods(events) == []


def test_recon_comes_before_the_airfield() -> None:
    # D16: roll → recon rerolls → sort → +1 on the highest → compare
    game = command_room(
        {"germany": ("red", 6), "denmark": ("neutral", 5), "finland": ("blue", 1)},
        purchases=["recon_mission"],
        airfields={"red": "germany"},
        missions=[],
    )
    events = game.apply("attack germany denmark 3", dice=([1, 2, 1], [6, 1], [6]))
    assert mods(events) == [
        ("red", "recon mission", (2, 1, 1), (6, 2, 1)),
        ("red", "airfield", (6, 2, 1), (7, 2, 1)),
    ]
    (roll,) = events_of(events, "DiceRolled")
    assert roll.attack == (7, 2, 1)
    assert units(game, "germany", "denmark") == (6, 3)


def test_a_second_airfield_is_refused() -> None:
    game = command_room(
        {"germany": ("red", 5), "czechia": ("blue", 4)},
        airfields={"red": "germany"},
        phase="hospital",
        hospital={"red": 20},
        missions=[],
    )
    illegal(game, "buy build_airfield germany", "hospital/airfield_exists")
    assert not [a for a in game.legal_actions() if str(a).startswith("buy build_airfield")]


# -- the whole procedure against a reference written from §1.1 and §5.5 -------------------------------


def reference_losses(att: list[int], de: list[int], att_bonus: bool, def_bonus: bool) -> tuple[int, int]:
    """Sort high to low, +1 on each helped side's highest die, compare pairs, ties to the defender."""
    a = sorted(att, reverse=True)
    d = sorted(de, reverse=True)
    if att_bonus:
        a[0] += 1
    if def_bonus:
        d[0] += 1
    lost_a = sum(1 for x, y in zip(a, d) if x <= y)
    return lost_a, min(len(a), len(d)) - lost_a


@settings(max_examples=80)
@given(
    att=st.lists(st.integers(1, 6), min_size=1, max_size=3),
    de=st.lists(st.integers(1, 6), min_size=1, max_size=2),
    red_airfield=st.booleans(),
    blue_airfield=st.booleans(),
)
def test_a_throw_follows_the_spec_procedure(
    att: list[int], de: list[int], red_airfield: bool, blue_airfield: bool
) -> None:
    airfields = {"red": "sweden" if red_airfield else None, "blue": "finland" if blue_airfield else None}
    game = command_room(
        {"sweden": ("red", 4), "finland": ("blue", 2), "estonia": ("blue", 1)},
        airfields={k: v for k, v in airfields.items() if v},
        options={"ask_defender": True},
        missions=[],
    )
    game.apply(f"attack sweden finland {len(att)}")
    events = game.apply(f"defend {len(de)}", dice=(att, de))
    (roll,) = events_of(events, "DiceRolled")
    expected = reference_losses(att, de, red_airfield, blue_airfield)
    assert (roll.attacker_losses, roll.defender_losses) == expected
    if expected[1] < 2:
        assert units(game, "sweden", "finland") == (4 - expected[0], 2 - expected[1])
    else:
        assert game.owner("finland") == "red"
