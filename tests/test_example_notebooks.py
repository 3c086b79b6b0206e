"""The example notebooks are committed with their outputs, so that GitHub and nbviewer show their
boards without a kernel, and those outputs are current.

``tools/run_notebooks.py`` runs them and saves them; this test checks, without running anything,
that every notebook was saved by it from its current cells (a digest of the cells in the
notebook's metadata) and shows what it should. nbval, which runs every notebook in the suite,
compares the saved outputs of every cell tagged ``nbval-check-output`` with a fresh run, so an
engine change that alters what a notebook prints fails there. Either way the fix is
``python tools/run_notebooks.py`` (and commit the notebooks).
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "examples").glob("*.ipynb"))
FIX = "run `python tools/run_notebooks.py` and commit the notebooks"


def _tool() -> Any:
    spec = importlib.util.spec_from_file_location("run_notebooks", ROOT / "tools" / "run_notebooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tool = _tool()


def code_cells(nb: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def board_pictures(nb: dict[str, Any]) -> list[str]:
    """The saved pictures of the notebook's boards, in order."""
    out = []
    for cell in code_cells(nb):
        for output in cell["outputs"]:
            data = output.get("data", {})
            if "".join(data.get("text/plain", [])).startswith("<Board of "):
                out.append("".join(data["image/svg+xml"]))
    return out


def test_there_are_example_notebooks() -> None:
    assert [p.name for p in NOTEBOOKS][:8] == [
        "01-quickstart.ipynb",
        "02-balance-of-power.ipynb",
        "03-risk2010-two-player.ipynb",
        "04-transformers.ipynb",
        "05-house-rules.ipynb",
        "06-lesson-odds.ipynb",
        "07-lesson-bots-and-tournaments.ipynb",
        "08-lesson-reinforcement-learning.ipynb",
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_the_committed_outputs_are_those_of_the_current_cells(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert not tool.is_stale(path), f"{path.name} changed since its outputs were saved: {FIX}"
    for n, cell in enumerate(code_cells(nb)):
        assert cell["execution_count"] == n + 1, f"{path.name}: code cell {n + 1} was not run in order: {FIX}"
        kinds = [o["output_type"] for o in cell["outputs"]]
        assert "error" not in kinds, f"{path.name}: code cell {n + 1} raised"
        tags = cell["metadata"].get("tags", [])
        board = any("<Board of " in "".join(o.get("data", {}).get("text/plain", [])) for o in cell["outputs"])
        assert (tool.CHECK_TAG not in tags) == board, f"{path.name}: code cell {n + 1}: {FIX}"
        for output in cell["outputs"]:
            assert tool.WIDGET_VIEW not in output.get("data", {}), f"{path.name}: a widget view without its state"
    assert "widgets" not in nb["metadata"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_a_notebook_says_how_to_run_it_and_shows_its_boards(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    first = nb["cells"][0]
    assert first["cell_type"] == "markdown" and "How to run it:" in "".join(first["source"])
    assert nb["metadata"]["kernelspec"]["name"] == "python3"  # no "Select Kernel" dialog
    for picture in board_pictures(nb):
        assert picture.startswith("<svg") and picture.count("data-territory=") >= 30


def test_the_quickstart_saves_the_position_its_cells_left_not_the_empty_map() -> None:
    nb = json.loads((ROOT / "examples" / "01-quickstart.ipynb").read_text(encoding="utf-8"))
    (picture,) = board_pictures(nb)
    label = re.search(r'aria-label="([^"]*)"', picture).group(1)  # type: ignore[union-attr]
    after_the_bots = "".join(code_cells(nb)[1]["outputs"][0]["text"]).strip()  # print(game.pending)
    assert ": turn 0," not in label and label.endswith(f", {after_the_bots}"), (label, after_the_bots)
    assert "unclaimed" not in picture
