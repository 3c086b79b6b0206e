"""The search and planning bots play every seeded game exactly as before their speed-ups
(``tests/goldens/bot_games.py``): same decisions, same dice, same records."""

from __future__ import annotations

import pytest

from goldens.bot_games import CASES, DIGESTS, BotCase


def _golden(name: str) -> str:
    blocks = DIGESTS.read_text(encoding="utf-8").split("== ")[1:]
    found = {b.split("\n", 1)[0]: b.split("\n", 1)[1].rstrip("\n") for b in blocks}
    return found[name]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_bot_game_is_unchanged(case: BotCase) -> None:
    golden = _golden(case.name)
    now = case.play()
    for n, (a, b) in enumerate(zip(golden.splitlines(), now.splitlines()), 1):
        assert a == b, f"{case.name}, line {n}: golden {a}, now {b}"
    assert len(golden.splitlines()) == len(now.splitlines())


def test_every_case_has_a_golden_and_each_game_moves() -> None:
    for case in CASES:
        lines = _golden(case.name).splitlines()
        assert len(lines) >= 3, f"{case.name} ended before its third turn"
