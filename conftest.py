"""Run-wide test settings that must hold whichever paths pytest is given (this file is always loaded).

The example notebooks are committed with their outputs (``tools/run_notebooks.py``), which nbval
compares with a fresh run for every cell tagged ``nbval-check-output``: a failing notebook cell
says how to bring them up to date.
"""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--screenshot",
        action="store_true",
        help="write the README's screenshots of the board (docs/board.png, docs/board-risk2010.png, "
        "docs/board-transformers.png) from the JupyterLab tests (python -m pytest tests/browser/test_lab_e2e.py "
        "tests/browser/test_lab_2010_e2e.py tests/browser/test_lab_tf_e2e.py --screenshot -n 0)",
    )


STALE_HINT = (
    "If only the outputs differ (the engine now prints or draws something else), the committed outputs "
    "are stale: run `python tools/run_notebooks.py` and commit the notebooks."
)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    outcome = yield
    report = outcome.get_result()
    if report.failed and call.when == "call" and item.path.suffix == ".ipynb":
        report.sections.append(("riskboard", STALE_HINT))
