"""The conformance check (tests/conformance.py) over every registered ruleset, player count,
variant and setup, with fixed seeds, plain and with the defender asked for dice."""

from __future__ import annotations

import pytest

import riskboard as rb
from conformance import check_ruleset_conformance

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]


def _combos() -> list[tuple[str, int, str, str]]:
    """Every (ruleset, players, variant, setup) the registry accepts."""
    out = []
    for name in rb.available_rulesets():
        rules = rb.get_ruleset(name)
        for n in range(rules.min_players, rules.max_players + 1):
            for variant in rules.variants:
                for setup in rules.setups:
                    try:
                        rb.new_game(name, players=NAMES[:n], variant=variant, setup=setup, seed=0)
                    except rb.ConfigError:
                        continue
                    out.append((name, n, variant, setup))
    return out


COMBOS = _combos()

# (seed offset, Random bot seat or None, options); all-Aggressive games must finish.
RUNS = [
    (1, None, None),
    (2, None, {"ask_defender": True}),
    (3, 0, {"ask_defender": True}),
    (4, 1, {"undo": False}),
]
RUN_IDS = ["aggressive", "aggressive+ask_defender", "random+ask_defender", "random+no_undo"]


def test_classic_combinations_are_all_there() -> None:
    classic = {(n, v, s) for name, n, v, s in COMBOS if name == "classic"}
    expected = {(2, "standard", "deal")} | {
        (n, v, s) for n in range(3, 7) for v in ("standard", "secret_missions") for s in ("claim", "deal")
    }
    assert classic == expected
    assert "classic" in rb.available_rulesets()


def test_risk2010_combinations_are_all_there() -> None:
    risk2010 = {(n, v, s) for name, n, v, s in COMBOS if name == "risk2010"}
    expected = (
        {(2, "two_player", "deal")}
        | {(n, "simple", "deal") for n in (3, 4, 5)}
        | {(n, "classic", s) for n in (3, 4, 5) for s in ("claim", "deal")}
    )
    assert risk2010 == expected


def test_transformers_combinations_are_all_there() -> None:
    transformers = {(n, v, s) for name, n, v, s in COMBOS if name == "transformers"}
    assert transformers == {(n, "standard", "claim") for n in (2, 3, 4)}  # head to head, free for all, allied pairs
    assert "transformers" in rb.available_rulesets()


@pytest.mark.parametrize("run", RUNS, ids=RUN_IDS)
@pytest.mark.parametrize(
    ("ruleset", "n", "variant", "setup"), COMBOS, ids=[f"{r}-{n}p-{v}-{s}" for r, n, v, s in COMBOS]
)
def test_conformance(ruleset: str, n: int, variant: str, setup: str, run: tuple) -> None:
    offset, random_seat, options = run
    known = rb.get_ruleset(ruleset).default_options(variant)
    options = {k: v for k, v in (options or {}).items() if k in known}  # editions without the option play without it
    seed = 1000 * n + 10 * offset + len(variant) + len(setup)
    max_turns = 600 if random_seat is None else 40
    game = check_ruleset_conformance(
        ruleset, NAMES[:n], variant, setup, seed, max_turns, options=options, random_seat=random_seat, samples=40
    )
    if random_seat is None:
        assert game.winner in NAMES[:n], "Aggressive bots must finish the game"
    else:
        assert game.turn >= 1
