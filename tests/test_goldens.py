"""The golden playthroughs and perft counts of ``tests/goldens/``: the code must still play every
edition, variant and setup exactly as when they were written (see ``goldens/playthrough.py``)."""

from __future__ import annotations

import pytest

from goldens.playthrough import CASES, PERFT, PLAYTHROUGHS, Case, perft_text, playthrough


def _first_difference(expected: str, got: str) -> str:
    for n, (a, b) in enumerate(zip(expected.splitlines(), got.splitlines()), 1):
        if a != b:
            return f"line {n}:\n  golden: {a}\n  now:    {b}"
    return f"the golden has {expected.count(chr(10))} lines, the game now {got.count(chr(10))}"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_playthrough_is_unchanged(case: Case) -> None:
    golden = (PLAYTHROUGHS / f"{case.name}.txt").read_text(encoding="utf-8")
    now = playthrough(case)
    assert now == golden, _first_difference(golden, now)


def test_every_golden_file_belongs_to_a_case() -> None:
    assert sorted(p.stem for p in PLAYTHROUGHS.glob("*.txt")) == sorted(c.name for c in CASES)


def test_perft_counts_are_unchanged() -> None:
    golden = PERFT.read_text(encoding="utf-8")
    now = perft_text()
    assert now == golden, _first_difference(golden, now)


def test_the_goldens_cover_every_edition_variant_and_setup() -> None:
    import riskboard as rb

    covered = {(c.ruleset, c.new_game().variant, c.new_game().config.setup) for c in CASES}
    for name in rb.available_rulesets():
        ruleset = rb.get_ruleset(name)
        for variant in ruleset.variants:
            setups = {s for r, v, s in covered if r == name and v == variant}
            assert setups, f"no golden plays {name}/{variant}"
    assert {s for r, _v, s in covered if r == "balance_of_power"} == {"setup_1", "setup_2", "free", "random"}
    assert {s for r, _v, s in covered if r == "classic"} == {"claim", "deal"}
    assert {(v, s) for r, v, s in covered if r == "risk2010"} == {
        ("simple", "deal"),
        ("classic", "claim"),
        ("classic", "deal"),
        ("two_player", "deal"),
    }
    simple = {len(c.players) for c in CASES if c.ruleset == "risk2010" and c.new_game().variant == "simple"}
    assert simple == {3, 4, 5}
    # transformers: 2, 3 and 4 players, each with both bots, and both bots with defenders asked and not
    tf = [c for c in CASES if c.ruleset == "transformers"]
    assert {(len(c.players), c.bots) for c in tf} == {(n, b) for n in (2, 3, 4) for b in ("Aggressive", "Random")}
    assert {(c.bots, bool(c.options.get("ask_defender"))) for c in tf} == {
        (b, ask) for b in ("Aggressive", "Random") for ask in (False, True)
    }
    assert all(c.new_game().state.phase == "setup" for c in tf)  # played from the setup, leaders placed by bots


def test_the_perft_positions_meet_every_transformers_decision() -> None:
    decisions = {
        line.split()[3] for line in PERFT.read_text(encoding="utf-8").splitlines() if line.startswith("transformers ")
    }
    assert decisions >= {
        "place_leader",
        "claim",
        "place",
        "attack",
        "defend",
        "casualty",
        "continue",
        "occupy",
        "fortify",
    }
