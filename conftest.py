"""Run-wide test settings that must hold whichever paths pytest is given (this file is always loaded).

The example notebooks are committed without outputs (``tools/strip_notebooks.py``); nbval runs
each of them, and a cell that raises fails the suite.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections import Counter
from pathlib import Path

import pytest

FUZZ_DIR_ENV = "RISKBOARD_FUZZ_DIR"
"""Where the fuzz tests of this run write their figures (``tests/fuzz/tally.py``): a folder the
controlling process makes, so that pytest-xdist's workers, which inherit its environment, write
there and the summary at the end reads every worker's lines."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--fuzz-size",
        type=int,
        default=int(os.environ.get("RISKBOARD_FUZZ_SIZE", "1")),
        help="how many times the CI size the fuzz tests run (tests/fuzz; default 1, or $RISKBOARD_FUZZ_SIZE): "
        "python -m pytest -m fuzz --fuzz-size 20 is a deep run; tools/fuzz.py does the same",
    )
    parser.addoption(
        "--screenshot",
        action="store_true",
        help="write the README's screenshots of the board (docs/board.png, docs/board-risk2010.png, "
        "docs/board-transformers.png) from the JupyterLab tests (python -m pytest tests/browser/test_lab_e2e.py "
        "tests/browser/test_lab_2010_e2e.py tests/browser/test_lab_tf_e2e.py --screenshot -n 0)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "fuzz: hunts for unsafe positions and escaping errors (tests/fuzz; -m fuzz)")
    if config.getoption("--fuzz-size") < 1:
        raise pytest.UsageError("--fuzz-size must be a whole number ≥ 1")
    if not hasattr(config, "workerinput") and FUZZ_DIR_ENV not in os.environ:  # the controlling process
        folder = tempfile.mkdtemp(prefix="riskboard-fuzz-")
        os.environ[FUZZ_DIR_ENV] = folder
        config.stash[_FUZZ_DIR] = Path(folder)


_FUZZ_DIR = pytest.StashKey[Path]()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    """The fuzz figures of this run, one line per family: cases, escapes by type, impossible states."""
    folder = config.stash.get(_FUZZ_DIR, None)
    if folder is None or not folder.is_dir():
        return
    families: dict[str, dict[str, Counter[str]]] = {}
    for path in sorted(folder.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            entry = json.loads(line)
            family = families.setdefault(entry["family"], {"cases": Counter(), "escapes": Counter()})
            family["cases"]["cases"] += entry["cases"]
            family["cases"]["impossible"] += entry["impossible"]
            family["escapes"].update(entry["escapes"])
        path.unlink()
    if families:
        size = config.getoption("--fuzz-size")
        terminalreporter.section(f"fuzz figures (--fuzz-size {size})")
        width = max(len(f) for f in families)
        for name, family in sorted(families.items()):
            escapes = ", ".join(f"{k} {v}" for k, v in family["escapes"].most_common()) or "none"
            terminalreporter.write_line(
                f"{name:<{width}}  {family['cases']['cases']:>9,} cases  escapes: {escapes}  "
                f"impossible states loaded: {family['cases']['impossible']}"
            )
    if not any(folder.iterdir()):
        folder.rmdir()
