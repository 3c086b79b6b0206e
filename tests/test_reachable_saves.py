"""Every position the engine reaches saves and loads back exactly (issue 19, item 1): the defects
an outside audit found, each as the few lines that reproduced it, and the limit on units that
keeps every count within the bounds a save is read with (``rulesets.components.limits``)."""

from __future__ import annotations

from typing import Any

import pytest

import riskboard as rb
from riskboard.engine import records
from riskboard.engine.state import MAX_UNITS

WORLD = rb.load_map("world")
IDS = list(WORLD.ids)


def holding(s: rb.GameState, owner: int) -> int:
    """What an owner holds: units on the map, in supply and (on its turn) to place."""
    on_map = sum(a for o, a in zip(s.owner, s.armies) if o == owner)
    return on_map + s.supply[owner] + (s.reinforcements if owner == s.current else 0)


def round_trip(game: rb.Game) -> rb.Game:
    """The game through its file and its record: the same text back, or the test fails."""
    text = game.to_json()
    loaded = rb.Game.from_json(text)
    assert loaded.to_json() == text
    assert rb.replay(game.record()).to_json() == text
    return loaded


def classic(position: dict[str, tuple[str, int]], players: tuple[str, ...] = ("Ada", "Bo", "Cy"), **kw: Any) -> rb.Game:
    kw.setdefault("phase", "attack")
    return rb.new_game("classic", players=list(players), position=position, current_player="Ada", seed=1, **kw)


def test_the_forced_trade_of_an_elimination_waits_for_the_move_in_and_saves() -> None:
    position = dict.fromkeys(IDS, ("Bo", 2))
    position.update(alaska=("Ada", 6), kamchatka=("Cy", 1))
    game = classic(position, hands={"Ada": ["peru", "brazil"], "Cy": ["egypt", "congo", "japan", "china"]})
    game.apply("attack alaska kamchatka 3", dice=([6, 6, 6], [1]))
    assert game.phase == "occupy" and game.state.must_trade and len(game.hand("Ada")) == 6
    loaded = round_trip(game)
    loaded.apply("occupy 5")
    assert loaded.pending.decision == "trade"
    round_trip(loaded)


def test_a_secret_mission_won_by_a_placement_saves() -> None:
    position = dict.fromkeys(IDS, ("Bo", 1))
    for t in IDS[:18]:
        position[t] = ("Ada", 2)
    position[IDS[17]] = ("Ada", 1)
    position[IDS[40]] = ("Cy", 1)
    game = classic(
        position,
        variant="secret_missions",
        phase="reinforce",
        missions={"Ada": "occupy_18_with_2", "Bo": "occupy_24", "Cy": "occupy_24"},
    )
    assert game.reinforcements > 1
    game.apply(f"place 1 {IDS[17]}")
    assert game.winner == "Ada" and game.reinforcements == 0  # what was left to place is not placed
    round_trip(game)


def test_a_blitz_between_two_great_stacks_writes_an_entry_the_loader_reads() -> None:
    position = dict.fromkeys(IDS, ("Bo", 1))
    position.update(alaska=("Ada", 6000), kamchatka=("Bo", 6000), peru=("Cy", 1))
    game = classic(position)
    game.apply("blitz alaska kamchatka")
    entry = game.record()["actions"][-1]
    assert 10_000 < len(entry) <= records.MAX_ENTRY
    round_trip(game)


def test_a_placement_never_passes_the_limit_the_loader_reads() -> None:
    """Ada holds 9,998 armies: her turn's 3 reinforcements are cut to the 2 she can hold, and the
    position still saves (before, a placement could pass the 10,000 a save may hold)."""
    position = dict.fromkeys(IDS, ("Bo", 1))
    position.update(alaska=("Ada", MAX_UNITS - 3), kamchatka=("Ada", 1), peru=("Cy", 1))
    game = classic(position, phase="fortify")
    game.apply("end")  # Bo, then Cy, then Ada again
    game.play({p: rb.bots.Aggressive(seed=3) for p in ("Bo", "Cy")} | {"Ada": _never_attacks}, max_turns=2)
    assert holding(game.state, 0) <= MAX_UNITS
    round_trip(game)


def _never_attacks(view: rb.PlayerView) -> rb.Action | str:
    """Places everything on its first territory and ends each step."""
    for action in view.legal_actions():
        if isinstance(action, rb.Place):
            return rb.Place(view.reinforcements, action.territory) if view.reinforcements else action
    return "end"


def test_a_player_at_the_limit_receives_nothing_and_begins_with_the_attack() -> None:
    position = dict.fromkeys(IDS, ("Bo", 1))
    position.update(alaska=("Ada", MAX_UNITS - 1), kamchatka=("Ada", 1), peru=("Cy", 1))
    game = classic(position, phase="fortify")
    game.apply("end")
    while game.current_player != "Ada":
        game.apply(_never_attacks(game.view(game.current_player)), player=game.current_player)
    assert game.phase == "attack" and game.reinforcements == 0
    round_trip(game)


def test_a_forced_trade_at_the_limit_gives_nothing_and_opens_the_attack() -> None:
    position = dict.fromkeys(IDS, ("Bo", 1))
    position.update(alaska=("Ada", MAX_UNITS - 1), kamchatka=("Ada", 1), peru=("Cy", 1))
    hand = ["alaska", "kamchatka", "peru", "egypt", "wild_1"]
    game = classic(position, phase="fortify", hands={"Ada": hand})
    game.apply("end")
    while game.current_player != "Ada":
        game.apply(_never_attacks(game.view(game.current_player)), player=game.current_player)
    assert game.phase == "reinforce" and game.pending.decision == "trade" and game.reinforcements == 0
    round_trip(game)
    game.apply(game.legal_actions()[0])
    assert game.phase == "attack" and game.reinforcements == 0
    assert holding(game.state, 0) == MAX_UNITS
    round_trip(game)


def test_the_neutral_support_goes_only_to_a_neutral_army_with_room() -> None:
    position = dict.fromkeys(IDS, ("neutral_3", 1))
    position.update(ukraine=("Ada", 5), scandinavia=("neutral_1", MAX_UNITS - 2), iceland=("neutral_2", 1))
    position.update(alaska=("Bo", 1), peru=("Bo", 1))
    game = rb.new_game(
        "risk2010", players=["Ada", "Bo"], variant="two_player", position=position, current_player="Bo",
        phase="fortify", seed=3,
    )  # fmt: skip
    game.apply("end")
    assert game.phase == "neutral" and game.current_player == "Ada"
    assert all(a.army != "neutral_1" for a in game.legal_actions())
    with pytest.raises(rb.IllegalAction) as info:
        game.apply("neutral neutral_1 scandinavia 2 ukraine 1")
    assert info.value.code == "neutral/full"
    game.apply(game.legal_actions()[0])
    round_trip(game)


@pytest.mark.parametrize(
    ("ruleset", "variant", "options"),
    [
        ("classic", "standard", {"starting_armies": {"3": MAX_UNITS}}),
        ("risk2010", "classic", {"starting_troops": {"3": MAX_UNITS}}),
        ("transformers", "standard", {"setup_robots": MAX_UNITS - 1}),
    ],
)
def test_games_that_start_at_the_limit_play_within_it(ruleset: str, variant: str, options: dict[str, Any]) -> None:
    game = rb.new_game(ruleset, players=["Ada", "Bo", "Cy"], variant=variant, options=options, seed=5)
    game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}, max_turns=12)
    assert all(holding(game.state, o) <= MAX_UNITS for o in range(len(game.config.owners)))
    round_trip(game)


def test_a_field_hospital_holds_at_most_the_limit() -> None:
    europe = rb.load_map("europe")
    position = dict.fromkeys(europe.ids, ("blue", 1))
    position.update(germany=("red", 40), denmark=("blue", 30))
    game = rb.new_game(
        "balance_of_power", players=["red", "blue"], variant="command_room", position=position,
        current_player="red", phase="attack", hospital={"blue": MAX_UNITS - 1}, seed=2,
    )  # fmt: skip
    game.apply("attack germany denmark 3", dice=([6, 6, 6], [1, 1]))
    assert max(game.state.extra.hospital) == MAX_UNITS
    round_trip(game)
