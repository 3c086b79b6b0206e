"""Run-wide test settings that must hold whichever paths pytest is given (this file is always loaded).

The suite runs in parallel (``-n auto --dist loadgroup`` in pyproject.toml; ``-n 0`` runs it
serially). Under ``loadgroup`` every test goes to any worker unless an ``xdist_group`` mark ties
it to others: here, every cell of one notebook checked by nbval gets its notebook's group, since
the cells run in order in one kernel that the notebook starts (a cell run alone, in another
worker, would miss the names the cells before it defined). The browser tests are grouped in
``tests/browser/conftest.py``.
"""

from __future__ import annotations

import pytest


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.suffix == ".ipynb" and item.parent is not None:
            item.add_marker(pytest.mark.xdist_group(item.parent.nodeid))
