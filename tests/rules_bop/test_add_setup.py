"""More basic-training setups can be added as data (RULES.md D19: Spiel 3 and 4 are missing)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import riskboard as rb
from riskboard.rulesets.balance_of_power.data import _SETUPS

RULES = rb.get_ruleset("balance_of_power")


@pytest.fixture
def spiel_2_copy() -> Iterator[dict]:
    g = rb.new_game("balance_of_power", players=["red", "blue"], setup="setup_2", seed=1)
    data = {
        "position": {t: (g.owner(t), g.armies(t)) for t in g.map.ids},
        "cities": g.extras.cities,
        "capitals": {"red": g.extras.capitals["red"], "blue": g.extras.capitals["blue"]},
        "missions": g.extras.board_missions,
    }
    yield data
    _SETUPS.pop("spiel_3", None)


def test_an_added_setup_plays_with_any_player_names(spiel_2_copy: dict) -> None:
    spiel_2_copy["position"]["poland"] = ("blue", 2)
    RULES.add_setup("spiel_3", **spiel_2_copy)
    assert "spiel_3" in RULES.setups
    g = rb.new_game("balance_of_power", players=["ann", "bob"], setup="spiel_3", seed=3)
    assert g.owner("poland") == "bob" and g.owner("czechia") == "ann"
    assert g.extras.capitals == {"ann": "czechia", "bob": "northern_france"}
    assert g.current_player == "ann" and g.phase == "reinforce"
    assert rb.replay(g.record()).to_json() == g.to_json()
    with pytest.raises(rb.ConfigError):
        rb.new_game("balance_of_power", players=["a", "b"], variant="command_room", setup="spiel_3")


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda d: d["position"].pop("poland"), "scenario/incomplete"),
        (lambda d: d["position"].update(poland=("green", 2)), "scenario/invalid"),
        (lambda d: d["position"].update(poland=("red", 0)), "scenario/invalid"),
        (lambda d: d["capitals"].update(red="northern_france"), "scenario/invalid"),
        (lambda d: d.update(cities=["poland", "poland"]), "scenario/invalid"),
        (lambda d: d.update(missions=["control_the_moon"]), "scenario/bad_mission"),
    ],
)
def test_a_bad_setup_is_refused_and_not_registered(spiel_2_copy: dict, change, code: str) -> None:  # type: ignore[no-untyped-def]
    change(spiel_2_copy)
    with pytest.raises(rb.ConfigError) as err:
        RULES.add_setup("spiel_3", **spiel_2_copy)
    assert err.value.code == code
    assert "spiel_3" not in RULES.setups


def test_names_of_existing_setups_cannot_be_reused(spiel_2_copy: dict) -> None:
    for name in ("setup_1", "free", "random", "not a name"):
        with pytest.raises(rb.ConfigError):
            RULES.add_setup(name, **spiel_2_copy)
