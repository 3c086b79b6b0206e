"""riskboard in a real IPython kernel, as a notebook runs it (nbclient, as ``jupyter nbconvert
--execute``, Voila and ``tools/run_notebooks.py`` do): an error in a cell is a few lines with its
code, objects show themselves, and a board's saved picture follows the game.

One small notebook, executed once for the whole module (one kernel start, a few seconds).
"""

from __future__ import annotations

import base64
import hashlib
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

CELLS = [
    # 0: a board, displayed before the game starts
    'import hashlib\nimport riskboard as rb\n\ngame = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=7)\n'
    'board = rb.Board(game, seats={"Bo": "Aggressive", "Cy": "Aggressive"}, seed=1)\nboard',
    # 1: the cells play on
    'board.play({"Ada": rb.bots.Aggressive(seed=0)}, max_turns=4, delay=0)\nprint(game.turn)',
    # 2: a typing mistake
    'game.apply("place 1 alsaka")',
    # 3-6: objects left at the end of a cell
    "rb.battle_odds(10, 10)",
    'game.view("Ada")',
    "rb.render_svg(game)",
    "game",
    # 7: the picture of the position the cells left
    "print(hashlib.sha256(str(board.to_svg()).encode()).hexdigest(), game.turn)",
]


@pytest.fixture(scope="module")
def executed() -> Any:
    nb = nbformat.v4.new_notebook()
    nb.metadata.kernelspec = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    nbclient.NotebookClient(nb, timeout=120, allow_errors=True).execute()
    return nb


def data(nb: Any, cell: int) -> dict[str, Any]:
    (output,) = [o for o in nb.cells[cell].outputs if o.output_type in ("display_data", "execute_result")]
    return output.data


def test_an_illegal_action_in_a_cell_is_a_few_lines_with_its_code(executed: Any) -> None:
    (error,) = executed.cells[2].outputs
    assert error.output_type == "error" and error.ename == "IllegalAction"
    text = re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(error.traceback))
    assert len(text.splitlines()) <= 3, text
    assert "action/unknown_territory" in text and "did you mean 'alaska'?" in text
    assert "File " not in text and "site-packages" not in text  # no trip through the engine


def test_objects_show_themselves_in_a_notebook(executed: Any) -> None:
    odds, view, picture, game = (data(executed, i) for i in (3, 4, 5, 6))
    assert "conquers with probability <b>56.8%</b>" in odds["text/html"] and "<svg" in odds["text/html"]
    assert "Fraction" not in odds["text/plain"]
    assert "What Ada sees" in view["text/html"] and "<table>" in view["text/html"]
    assert picture["image/svg+xml"].startswith("<svg") and len(picture["text/plain"]) < 80
    assert game["text/html"].count("data-territory=") == 42 and "Ada: " in game["text/html"]
    assert game["text/plain"].startswith("<Game classic")


def test_the_saved_picture_of_a_board_shows_the_current_position(executed: Any) -> None:
    board = executed.cells[0].outputs
    assert [o.output_type for o in board] == ["display_data"]
    bundle = board[0].data
    assert "application/vnd.jupyter.widget-view+json" in bundle  # the live board in a notebook
    digest, turn = executed.cells[7].outputs[0].text.split()
    assert int(turn) > 0
    saved = bundle["image/svg+xml"]
    assert f": turn {turn}, " in saved[:300]  # the picture's label: not turn 0, the unclaimed map
    assert hashlib.sha256(saved.encode()).hexdigest() == digest
    assert bundle["text/plain"].startswith("<Board of a classic game: turn ")


def test_the_readmes_export_writes_a_page_that_shows_the_boards_picture(tmp_path: Path) -> None:
    """The README's export command, on a small notebook: the page shows each board as its picture
    (no widget state, so no front end to load from the internet)."""
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    (command,) = re.findall(r"`(jupyter nbconvert --to html [^`]*)`", readme)
    args = shlex.split(command.replace("\n", " "))
    assert args[-1] == "examples/01-quickstart.ipynb"
    nb = nbformat.v4.new_notebook()
    nb.metadata.kernelspec = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(CELLS[0]), nbformat.v4.new_code_cell(CELLS[1])]
    nbformat.write(nb, tmp_path / "small.ipynb")
    run = subprocess.run(
        [sys.executable, "-m", *args[:-1], "small.ipynb"], cwd=tmp_path, capture_output=True, text=True, timeout=180
    )
    assert run.returncode == 0, run.stderr[-2000:]
    page = (tmp_path / "small.html").read_text(encoding="utf-8")
    assert page.count('class="jp-RenderedSVG') == 1 and "widget-view+json" not in page
    (picture,) = re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', page)
    label = re.search(r'aria-label="([^"]*)"', base64.b64decode(picture).decode()).group(1)  # type: ignore[union-attr]
    assert ": turn 5, " in label  # the position after the cells, not the start
