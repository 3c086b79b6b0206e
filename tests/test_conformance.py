"""The conformance check (``riskboard.testing``) over every registered ruleset, player count,
variant and setup, with fixed seeds, plain and with the defender asked for dice; and the shipped
``check_ruleset``, which passes for every edition and names the promise a broken toy edition breaks."""

from __future__ import annotations

import pytest

import riskboard as rb
from conformance import check_ruleset_conformance
from riskboard.engine.actions import Action
from riskboard.engine.chance import Chance
from riskboard.engine.events import Events
from riskboard.engine.legal import LegalActions
from riskboard.engine.ruleset import GameConfig
from riskboard.engine.state import GameState
from riskboard.rulesets.classic import ClassicRuleset
from riskboard.testing import check_ruleset

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]


def _combos() -> list[tuple[str, int, str, str]]:
    """Every (ruleset, players, variant, setup) the registry accepts."""
    out = []
    for name in rb.available_rulesets():
        ruleset = rb.get_ruleset(name)
        for n in range(ruleset.min_players, ruleset.max_players + 1):
            for variant in ruleset.variants:
                for setup in ruleset.setups:
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


# -- riskboard.testing.check_ruleset: the shipped check, for any edition ------------------------------


@pytest.mark.parametrize("name", ["classic", "risk2010", "balance_of_power", "transformers"])
def test_check_ruleset_passes_for_every_edition(name: str) -> None:
    assert name in rb.available_rulesets()
    check_ruleset(name, games=8, seed=1)  # the parametrized runs above go deeper


def test_check_ruleset_takes_a_ruleset_object_that_is_not_registered() -> None:
    class HouseClassic(ClassicRuleset):
        name = "house_classic"
        aliases = ()

    check_ruleset(HouseClassic(), games=2, seed=3)
    assert "house_classic" not in rb.available_rulesets()
    # the registry's own lookup of saves is back once the check is done
    game = rb.new_game("classic", seed=1)
    assert rb.Game.from_json(game.to_json()).ruleset is rb.get_ruleset("classic")


class ListsWhatItRefuses(ClassicRuleset):
    """A broken toy: its legal actions include a placement on a territory that does not exist."""

    name = "lists_what_it_refuses"
    aliases = ()

    def legal_actions(self, cfg: GameConfig, state: GameState) -> LegalActions:
        out = super().legal_actions(cfg, state)
        if state.phase != "over":
            out.append(rb.Place(1, "atlantis"))
        return out


class AcceptsAnything(ClassicRuleset):
    """A broken toy: what its rules refuse, its apply takes anyway (the turn counter moves on)."""

    name = "accepts_anything"
    aliases = ()

    def apply(self, cfg: GameConfig, state: GameState, action: Action, chance: Chance) -> tuple[GameState, Events]:
        try:
            return super().apply(cfg, state, action, chance)
        except rb.IllegalAction:
            return state, []


def test_check_ruleset_names_a_listed_action_that_apply_refuses() -> None:
    with pytest.raises(AssertionError, match="every action legal_actions\\(\\) lists applies") as caught:
        check_ruleset(ListsWhatItRefuses(), games=1)
    message = str(caught.value)
    assert message.startswith("lists_what_it_refuses game 0 (2 players"), message
    assert "atlantis" in message, message


def test_check_ruleset_names_an_illegal_action_that_apply_accepts() -> None:
    with pytest.raises(AssertionError, match="is refused with IllegalAction, changing nothing") as caught:
        check_ruleset(AcceptsAnything(), games=1)
    assert "apply accepted it" in str(caught.value)


def test_check_ruleset_refuses_a_bad_count_of_games() -> None:
    for games in (0, -1, 2.5, True):
        with pytest.raises(rb.ConfigError, match="games must be a whole number"):
            check_ruleset("classic", games=games)  # type: ignore[arg-type]
    with pytest.raises(rb.ConfigError, match="unknown ruleset"):
        check_ruleset("no_such_edition")
