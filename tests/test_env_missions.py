"""The observation's secret-mission segments come from ``Ruleset.mission_goal`` (the env no longer
reads mission ids itself): their values per mission are pinned here, and a goal changed in the
edition's home moves the observation with it."""

from __future__ import annotations

import numpy as np
import pytest

import riskboard as rb
from riskboard.engine.ruleset import MissionGoal
from riskboard.env import raw_env
from riskboard.rulesets.classic import ClassicRuleset

PLAYERS = ["Ada", "Bo", "Cy"]
WORLD = rb.load_map("world")
REGIONS = [r.id for r in WORLD.regions]
N = len(WORLD.ids)

# mission → (relative rival or None, regions named, [plus one region, territories / 42, units each / 10])
EXPECTED = {
    "destroy:Cy": (2, (), [0.0, 0.0, 0.0]),
    "destroy:Bo": (1, (), [0.0, 0.0, 0.0]),
    "occupy_24": (None, (), [0.0, 24 / N, 0.0]),
    "occupy_18_with_2": (None, (), [0.0, 18 / N, 0.2]),
    "conquer_asia_africa": (None, ("africa", "asia"), [0.0, 0.0, 0.0]),
    "conquer_north_america_australia": (None, ("australia", "north_america"), [0.0, 0.0, 0.0]),
    "conquer_europe_south_america_plus_one": (None, ("europe", "south_america"), [1.0, 0.0, 0.0]),
}


def _segments(mission: str) -> dict[str, np.ndarray]:
    pos = {t: (PLAYERS[i % 3], 2) for i, t in enumerate(WORLD.ids)}
    others = {"Bo": "occupy_24", "Cy": "occupy_24"}
    game = rb.new_game(
        "classic", players=PLAYERS, position=pos, current_player="Ada", phase="attack", seed=2,
        variant="secret_missions", missions={"Ada": mission, **others},
    )  # fmt: skip
    e = raw_env("classic", players=PLAYERS, variant="secret_missions")
    enc = e.observer
    vector = enc.encode(game.view("Ada"), game.pending)
    return {
        s.name: vector[s.start : s.start + s.size]
        for s in enc.segments
        if s.name in ("mission_destroy", "mission_regions", "mission_numbers")
    }


@pytest.mark.parametrize("mission", sorted(EXPECTED))
def test_the_mission_segments(mission: str) -> None:
    rival, regions, numbers = EXPECTED[mission]
    seg = _segments(mission)
    destroy = np.zeros(len(PLAYERS), dtype=np.float32)
    if rival is not None:
        destroy[rival] = 1.0
    assert np.array_equal(seg["mission_destroy"], destroy)
    assert sorted(REGIONS[k] for k in np.flatnonzero(seg["mission_regions"])) == list(regions)
    assert seg["mission_numbers"] == pytest.approx(numbers)


def test_the_observation_asks_the_ruleset_what_a_mission_asks(monkeypatch: pytest.MonkeyPatch) -> None:
    before = _segments("conquer_asia_africa")
    monkeypatch.setattr(
        ClassicRuleset,
        "mission_goal",
        lambda self, cfg, m: MissionGoal("changed", rival="Bo", regions=("europe",), territories=30, units_each=3),
    )
    after = _segments("conquer_asia_africa")
    assert not np.array_equal(before["mission_regions"], after["mission_regions"])
    assert [REGIONS[k] for k in np.flatnonzero(after["mission_regions"])] == ["europe"]
    assert np.flatnonzero(after["mission_destroy"]).tolist() == [1]
    assert after["mission_numbers"] == pytest.approx([0.0, 30 / N, 0.3])
