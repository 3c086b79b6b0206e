"""Every position the engine can reach saves and loads back exactly (issue 19, item 1).

Random games in every edition, variant, player count and setup, plain and with the options that
change what positions arise (the defender asked, house rules, extreme unit counts), are played by a
mix of seeded Random and Aggressive bots. At **every step** the position is checked against its
edition's invariants and written and read back through the loader's own checks (the state, and
the record's newest entry within the loader's bounds); every few steps and at the end the whole
game goes through ``Game.from_json(game.to_json())`` and ``rb.replay(game.record())``, which must
give the same text. A game that is not over always leaves its pending player something to do.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import riskboard as rb
from fuzz.tally import Tally
from riskboard.engine import notation, records, serialize
from riskboard.engine.state import MAX_UNITS
from test_conformance import COMBOS

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]
FULL_EVERY = 10
"""Steps between two whole-game round trips (each replays the record from the start)."""


OPTION_SETS: dict[str, dict[str, Any]] = {
    "printed": {},
    "ask_defender": {"ask_defender": True},
    "house": {"defence_dice": 3, "ties": "attacker", "fortify": "none", "attack_dice": 2},
    "no_undo": {"undo": False},
}
"""Options that change which positions arise; an edition without one of them plays without it."""

EXTREME: list[tuple[str, int, str, dict[str, Any]]] = [
    # armies near the bound: every count the engine makes must stay within what the loader reads
    ("classic", 2, "standard", {"starting_armies": {"2": MAX_UNITS}, "neutral_armies": MAX_UNITS}),
    ("classic", 3, "standard", {"card_values": [MAX_UNITS], "card_value_step": 1000}),
    ("classic", 3, "secret_missions", {"starting_armies": {"3": MAX_UNITS}, "min_reinforcements": 1000}),
    ("risk2010", 3, "classic", {"starting_troops": {"3": MAX_UNITS}}),
    ("transformers", 2, "standard", {"setup_robots": MAX_UNITS - 1, "min_reinforcements": 1000}),
    ("balance_of_power", 2, "command_room", {"min_reinforcements": 1000}),
]


def _options(name: str, variant: str, options: dict[str, Any]) -> dict[str, Any]:
    known = rb.get_ruleset(name).default_options(variant)
    return {k: v for k, v in options.items() if k in known}


def _bots(game: rb.Game, seed: int) -> dict[str, Any]:
    """Random and Aggressive bots, alternately: Random explores odd positions, Aggressive reaches
    conquests, eliminations and forced trades."""
    bots: dict[str, Any] = {}
    for i, player in enumerate(game.players):
        kind = rb.bots.Random if (i + seed) % 2 else rb.bots.Aggressive
        bots[player] = kind(seed=seed * 10 + i)
    return bots


def check_reachable(game: rb.Game, tally: Tally, what: str) -> bool:
    """The current position: invariants, something to do, and a state and newest record entry that
    read back through the loader's own checks. ``False`` if it fails (counted in ``tally``)."""
    cfg = game.config
    state = game.state
    problems = cfg.ruleset.problems(cfg, state)
    if problems:
        tally.escape("invariant", f"{what}: {problems[:3]}")
        return False
    if not game.is_over and (game.pending.player is None or not game.legal_actions()):
        tally.escape("deadlock", f"{what}: {game.pending} with nothing legal")
        return False
    try:
        text = json.dumps(serialize.state_to_dict(cfg, state), allow_nan=False)
        again = serialize.state_from_dict(cfg, records.parse_json(text, "the state"))
    except rb.FormatError as exc:
        tally.escape("unsavable", f"{what}: {exc}")
        return False
    if again != state:
        tally.escape("changed by saving", what)
        return False
    if game.actions:
        action, outcomes = game.actions[-1]
        entry = notation.encode_entry(action, outcomes, cfg.map)
        if len(entry) > records.MAX_ENTRY:
            tally.escape("entry too long", f"{what}: {len(entry)} characters")
            return False
    return True


def check_whole(game: rb.Game, tally: Tally, what: str) -> bool:
    """The whole game through the file and the record: the same text back."""
    text = game.to_json()
    try:
        loaded = rb.Game.from_json(text)
        replayed = rb.replay(game.record())
    except rb.FormatError as exc:
        tally.escape("unsavable", f"{what}: {exc}")
        return False
    if loaded.to_json() != text or replayed.to_json() != text:
        tally.escape("changed by saving", what)
        return False
    return True


def play_checked(game: rb.Game, seed: int, steps: int, tally: Tally, what: str) -> None:
    """Play up to ``steps`` actions, every position checked (one case each)."""
    bots = _bots(game, seed)
    for step in range(steps):
        if game.is_over:
            break
        player = game.pending.player
        choice = bots[player].act(game.view(player))
        game.apply(choice)
        tally.cases += 1
        where = f"{what} step {step + 1} after {str(choice)!r}"
        if not check_reachable(game, tally, where):
            return
        if step % FULL_EVERY == FULL_EVERY - 1 and not check_whole(game, tally, where):
            return
    tally.cases += 1
    check_whole(game, tally, f"{what} at the end")


CONFIGS = COMBOS  # every (edition, players, variant, setup) the registry accepts


@pytest.mark.parametrize("option_set", list(OPTION_SETS))
def test_every_reachable_position_saves_and_loads(option_set: str, fuzz_size: int) -> None:
    tally = Tally(f"games-{option_set}")
    rng = random.Random(f"games-{option_set}")
    for name, n, variant, setup in CONFIGS:
        for k in range(fuzz_size):
            seed = rng.randrange(2**31)
            options = _options(name, variant, OPTION_SETS[option_set])
            if option_set != "printed" and not options:
                continue
            game = rb.new_game(name, players=NAMES[:n], variant=variant, setup=setup, options=options, seed=seed)
            what = f"{name} {n}p {variant}/{setup} {options} seed {seed}"
            play_checked(game, seed, 150 + 150 * (k % 3), tally, what)
    tally.report()


def test_extreme_unit_counts_stay_within_the_bounds(fuzz_size: int) -> None:
    tally = Tally("games-extreme")
    rng = random.Random("games-extreme")
    for name, n, variant, options in EXTREME:
        for _ in range(fuzz_size):
            seed = rng.randrange(2**31)
            game = rb.new_game(name, players=NAMES[:n], variant=variant, options=options, seed=seed)
            play_checked(game, seed, 300, tally, f"{name} {n}p {variant} {options} seed {seed}")
    tally.report()
