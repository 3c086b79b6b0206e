"""Every option works in every position it leads to, or is refused with ``ConfigError`` (issue 19,
item 2).

Hostile values of every kind are given for every option of every edition (the wrong types, NaN and
infinity, huge and negative numbers, nested and oversized containers): each must be refused with a
``ConfigError`` naming what the option takes, and nothing else may escape. And every whole-number
option at the ends of its range, and at random values within it, plays random games whose every
position is checked as ``test_fuzz_games`` checks them: no deadlock, no unsavable position.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import riskboard as rb
from fuzz.tally import Tally
from fuzz.test_fuzz_games import NAMES, play_checked
from riskboard.rulesets.components.options import Whole

HOSTILE: list[Any] = [
    None,
    True,
    False,
    -1,
    0,
    1.5,
    3.0,
    math.nan,
    math.inf,
    -math.inf,
    2**70,
    -(2**70),
    "",
    "3",
    "defender ",
    b"3",
    [],
    [None],
    [1.5],
    [2**70],
    list(range(200)),
    {},
    {"x": 1},
    {"3": math.inf},
    {"3": 35.5},
    {3: True},
    {"9": 30},
    {"-3": 30},
    {"3": [30]},
    [[["deep"]]],
    ("short", "medium"),
    object(),
    {1, 2},
    complex(1, 2),
]


def _variants() -> list[tuple[str, str, int]]:
    out = []
    for name in rb.available_rulesets():
        ruleset = rb.get_ruleset(name)
        for variant in ruleset.variants:
            n = 2 if variant == "two_player" or ruleset.max_players == 2 else 3
            out.append((name, variant, n))
    return out


VARIANTS = _variants()


def _accepted(name: str, variant: str, n: int, options: dict[str, Any]) -> rb.Game | None:
    try:
        return rb.new_game(name, players=NAMES[:n], variant=variant, options=options, seed=1)
    except rb.ConfigError:
        return None


def test_hostile_option_values_are_refused_with_config_error(fuzz_size: int) -> None:
    tally = Tally("options-hostile")
    rng = random.Random("options-hostile")
    for name, variant, n in VARIANTS:
        ruleset = rb.get_ruleset(name)
        for key in ruleset.default_options(variant):
            values = HOSTILE + [rng.randrange(-(10**9), 10**9) for _ in range(4 * fuzz_size)]
            for value in values:
                with tally.case((name, variant, key, value), expect=rb.ConfigError):
                    game = rb.new_game(name, players=NAMES[:n], variant=variant, options={key: value}, seed=1)
                    # accepted: it must be a value the option takes, and the game must start well
                    if game.options[key] != value and not isinstance(value, (dict, list, tuple)):
                        tally.escape("changed", f"{name} {key}={value!r} became {game.options[key]!r}")
    for bad in (None, 3, "x", [("a", 1)], {"no_such_option": 1}, {1: 2}):
        with tally.case(("options", bad), expect=rb.ConfigError):
            rb.new_game("classic", options=bad, seed=1)  # type: ignore[arg-type]
    tally.report()


def test_every_whole_number_option_plays_at_its_ends_and_between(fuzz_size: int) -> None:
    tally = Tally("options-play")
    rng = random.Random("options-play")
    for name, variant, n in VARIANTS:
        ruleset = rb.get_ruleset(name)
        for key, domain in ruleset.option_domains(variant).items():
            if not isinstance(domain, Whole):
                continue
            values = [domain.least, domain.most] + [
                rng.randint(domain.least, domain.most) for _ in range(fuzz_size - 1)
            ]
            for value in values:
                game = _accepted(name, variant, n, {key: value})
                tally.cases += 1
                if game is None:  # refused with a reason that depends on another option: fine
                    continue
                seed = rng.randrange(2**31)
                play_checked(game, seed, 120, tally, f"{name} {variant} {key}={value} seed {seed}")
    tally.report()


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"forced_trade_at": 3}, "5 to 44"),
        ({"forced_trade_at": 4}, "5 to 44"),
        ({"elimination_trade_to": 2}, "4 to 44"),
        ({"starting_armies": {"3": math.inf}}, "from 14 to 10000"),
        ({"min_reinforcements": 10**6}, "1 to 1000"),
    ],
)
def test_the_options_the_audit_found(options: dict[str, Any], words: str) -> None:
    with pytest.raises(rb.ConfigError, match=words) as info:
        rb.new_game("classic", options=options, seed=1)
    assert info.value.code == "config/bad_option"
