"""The env gives every observation and mask exactly as before its encoding was made incremental
(``tests/goldens/env_steps.py``), in every edition, for the deciding agent and for onlookers."""

from __future__ import annotations

import pytest

from goldens.env_steps import CASES, DIGESTS, EnvCase


def _golden(name: str) -> str:
    blocks = DIGESTS.read_text(encoding="utf-8").split("== ")[1:]
    return {b.split("\n", 1)[0]: b.split("\n", 1)[1].rstrip("\n") for b in blocks}[name]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_env_observations_are_unchanged(case: EnvCase) -> None:
    golden = _golden(case.name).splitlines()
    now = case.play().splitlines()
    for a, b in zip(golden, now):
        assert a == b, f"{case.name}: golden {a}, now {b}"
    assert len(golden) == len(now)
