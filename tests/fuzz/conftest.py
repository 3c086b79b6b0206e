"""The fuzz suite's settings: every test here is marked ``fuzz`` and sized by ``--fuzz-size``.

The CI size (``--fuzz-size 1``, the default) keeps the whole suite to a few seconds a family;
``python -m pytest -m fuzz --fuzz-size 20`` (or ``python tools/fuzz.py --size 20``) is a deep run
with twenty times the cases. Each family reports its figures through ``tally.Tally`` and the run
prints them at the end.
"""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = __file__.rsplit("/", 1)[0]
    for item in items:
        if str(item.path).startswith(here):
            item.add_marker(pytest.mark.fuzz)


@pytest.fixture
def fuzz_size(request: pytest.FixtureRequest) -> int:
    """How many times the CI size to run: multiply a family's case count by it."""
    return int(request.config.getoption("--fuzz-size"))
