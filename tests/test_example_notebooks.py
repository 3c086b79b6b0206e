"""The example notebooks: committed as their cells only (no outputs, stable metadata), so a
student's clone stays clean after Run All; each says how to run it, in Jupyter and on a Voila page;
the games of notebooks 02-04 are left for the reader to play, with the board live at the end.

nbval runs every notebook in the suite (a cell that raises fails there); here notebooks 02-04 run
once more in a kernel as Run All does, to see what they leave behind. ``tools/strip_notebooks.py``
strips a notebook that was saved with its outputs.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
NOTEBOOKS = sorted(EXAMPLES.glob("*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PLAYED = ("02-balance-of-power.ipynb", "03-risk2010-two-player.ipynb", "04-transformers.ipynb")
"""The notebooks whose cells play a game on a board against a bot."""


def _tool() -> Any:
    spec = importlib.util.spec_from_file_location("strip_notebooks", ROOT / "tools" / "strip_notebooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tool = _tool()


def code_cells(nb: Any) -> list[Any]:
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def test_there_are_example_notebooks() -> None:
    assert [p.name for p in NOTEBOOKS][:15] == [
        "00-index.ipynb",
        "01-quickstart.ipynb",
        "02-balance-of-power.ipynb",
        "03-risk2010-two-player.ipynb",
        "04-transformers.ipynb",
        "05-house-rules.ipynb",
        "06-lesson-odds.ipynb",
        "07-lesson-bots-and-tournaments.ipynb",
        "08-lesson-reinforcement-learning.ipynb",
        "09-lesson-markov-chain.ipynb",
        "10-lesson-class-dice.ipynb",
        "11-lesson-defenders-dilemma.ipynb",
        "12-lesson-metagame.ipynb",
        "13-lesson-kingmaking.ipynb",
        "14-lesson-your-own-bot.ipynb",
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_a_committed_notebook_is_its_cells_only(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    for n, cell in enumerate(code_cells(nb)):
        assert cell["outputs"] == [] and cell["execution_count"] is None, f"{path.name}: code cell {n + 1} has outputs"
    assert nb["metadata"] == {"kernelspec": tool.KERNELSPEC, "language_info": {"name": "python"}}
    assert all(set(c["metadata"]) <= {"tags", "jupyter"} for c in nb["cells"])
    assert all(c["metadata"].get("jupyter", {"source_hidden": True}) == {"source_hidden": True} for c in nb["cells"])
    assert not [c for c in nb["cells"] if "nbval-check-output" in c["metadata"].get("tags", [])]  # nothing to compare
    assert all(c.get("id") for c in nb["cells"])  # ids kept: Jupyter adds none when it saves
    assert tool.is_stripped(path), f"{path.name}: run `python tools/strip_notebooks.py` and commit it"


HIDDEN_ANSWERS = (
    "11-lesson-defenders-dilemma.ipynb",
    "12-lesson-metagame.ipynb",
    "13-lesson-kingmaking.ipynb",
    "14-lesson-your-own-bot.ipynb",
)
"""Lessons whose exercises' answers are code cells collapsed in Jupyter (``jupyter.source_hidden``)."""


@pytest.mark.parametrize("name", HIDDEN_ANSWERS)
def test_a_lesson_hides_its_answers_and_asserts_them(name: str) -> None:
    nb = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    exercises = [c for c in nb["cells"] if c["cell_type"] == "markdown" and "**Exercise" in "".join(c["source"])]
    hidden = [c for c in code_cells(nb) if c["metadata"].get("jupyter", {}).get("source_hidden")]
    assert len(exercises) >= 3 and len(hidden) == len(exercises)
    assert all("# solution" in "".join(c["source"]) and "assert " in "".join(c["source"]) for c in hidden)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_a_notebook_says_how_to_run_it_in_jupyter_and_on_a_voila_page(path: Path) -> None:
    """Voila shows the markdown but runs the cells itself: the first cell's advice must make sense
    there too, not only "Run All"."""
    first = json.loads(path.read_text(encoding="utf-8"))["cells"][0]
    text = "".join(first["source"]).replace("\n", " ")
    assert first["cell_type"] == "markdown" and "How to run it:" in text
    assert "Run All" in text and "Voila page" in text and "already run" in text


def test_the_strip_filter_gives_the_committed_file_for_a_notebook_that_was_run() -> None:
    run = json.loads(NOTEBOOKS[0].read_text(encoding="utf-8"))
    for n, cell in enumerate(code_cells(run)):  # what Jupyter writes after Run All
        cell["execution_count"] = n + 1
        cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": ["hello\n"]}]
        cell["metadata"]["execution"] = {"iopub.status.idle": "2026-01-01T00:00:00Z"}
    run["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    run["metadata"]["language_info"] = {"name": "python", "version": "3.12.1", "mimetype": "text/x-python"}
    assert tool.strip_text(json.dumps(run, indent=1)) == NOTEBOOKS[0].read_text(encoding="utf-8")


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_with_the_filter_a_notebook_run_and_saved_is_unchanged_to_git(tmp_path: Path) -> None:
    """The README's ``git config`` line, in a repository of one notebook: saved with outputs, the
    notebook is unchanged to git (and changed without the filter, which is why the filter is there)."""
    nbformat = pytest.importorskip("nbformat")
    (tmp_path / "examples").mkdir()
    shutil.copy(ROOT / ".gitattributes", tmp_path)
    shutil.copy(NOTEBOOKS[0], tmp_path / "examples")
    shutil.copytree(ROOT / "tools", tmp_path / "tools", ignore=shutil.ignore_patterns("__pycache__"))

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    git("init", "-q")
    git("add", ".")
    git("commit", "-qm", "notebooks")
    nb = nbformat.read(tmp_path / "examples" / NOTEBOOKS[0].name, as_version=4)
    nb.cells[1].outputs = [nbformat.v4.new_output("stream", name="stdout", text="a board\n")]
    nb.cells[1].execution_count = 1
    nbformat.write(nb, tmp_path / "examples" / NOTEBOOKS[0].name)
    assert git("status", "--porcelain") != ""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    # the README's line (also the start of its lab command): git config KEY 'VALUE'
    key, value = re.search(r"git config (filter\.riskboard-notebook\.clean) '([^']*)'", readme).groups()  # type: ignore[union-attr]
    git("config", key, value.replace("python ", f"{sys.executable} ", 1))
    assert git("diff") == ""  # git sees the cells only: no change
    git("add", "-A")  # (status lists the file until then: git does not compare content whose size changed)
    assert git("status", "--porcelain") == ""  # nothing to commit


# -- Run All, as a reader does ---------------------------------------------------------------------

PROBE = """
import json as _json
_board = {name}
_game = _board.game
_player = _game.pending.player
print(_json.dumps({{
    "over": _game.is_over,
    "player": _player,
    "seat": _board.seats.get(_player, "human"),
    "territories": {{p: len(_game.territories(p)) for p in _game.players}},
}}))
"""


@pytest.fixture(scope="module")
def run_all() -> dict[str, Any]:
    """Notebooks 02-04 run top to bottom in a kernel in examples/ (as nbval and Jupyter do), each
    with one more cell that says what the board of its last cell shows; and ``git status`` of
    examples/ before and after."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    status = _status()
    runs = {}
    for name in PLAYED:
        nb = nbformat.read(EXAMPLES / name, as_version=4)
        board = code_cells(nb)[-1]["source"].strip().splitlines()[-1]
        nb.cells.append(nbformat.v4.new_code_cell(PROBE.format(name=board)))
        nbclient.NotebookClient(
            nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(EXAMPLES)}}
        ).execute()
        runs[name] = nb
    return {"runs": runs, "status": (status, _status())}


def _status() -> str | None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        return None
    return subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all", "examples"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


@pytest.mark.parametrize("name", PLAYED)
def test_run_all_leaves_a_game_for_the_reader_on_a_live_board_at_the_end(run_all: dict[str, Any], name: str) -> None:
    nb = run_all["runs"][name]
    *cells, probe = code_cells(nb)
    for n, cell in enumerate(cells):
        assert not [o for o in cell.outputs if o.output_type == "error"], f"{name}: cell {n + 1} raised"
    assert any(WIDGET_VIEW in o.get("data", {}) for o in cells[-1].outputs), f"{name}: no live board at the end"
    # (a kernel may send one print in several stream messages: read them all)
    left = json.loads("".join(o.text for o in probe.outputs if o.output_type == "stream"))
    assert not left["over"], f"{name}: Run All played the game to its end"
    assert left["seat"] == "human", f"{name}: the game waits for a bot, not the reader"
    if name == "04-transformers.ipynb":  # the reader's first move, not a game already lost
        reader = left["player"]
        assert left["territories"][reader] >= max(left["territories"].values()), left


def test_running_the_notebooks_writes_nothing_in_examples(run_all: dict[str, Any]) -> None:
    before, after = run_all["status"]
    if before is None:
        pytest.skip("not a git checkout")
    assert after == before


LESSONS = ("09-lesson-markov-chain.ipynb", "10-lesson-class-dice.ipynb")
"""The lessons of issue 22 whose answers are collapsed under their exercises."""


@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_hides_each_answer_under_its_exercise_and_the_answer_asserts_it(name: str) -> None:
    cells = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))["cells"]
    exercises = [
        i for i, c in enumerate(cells) if c["cell_type"] == "markdown" and "**Exercise" in "".join(c["source"])
    ]
    assert len(exercises) >= 2, f"{name}: a lesson has exercises"
    for i in exercises:
        answer = cells[i + 1]
        assert answer["cell_type"] == "code" and answer["metadata"] == {"jupyter": {"source_hidden": True}}, (
            f"{name}: the answer to the exercise in cell {i + 1} is a collapsed code cell right under it"
        )
        assert "\nassert " in "".join(answer["source"]) or "".join(answer["source"]).startswith("assert ")
    assert sum(1 for c in cells if c["metadata"].get("jupyter")) == len(exercises)  # only the answers are hidden


# -- The gallery: examples/00-index.ipynb ------------------------------------------------------------

INDEX = EXAMPLES / "00-index.ipynb"
ROW = re.compile(r"^\| \[(\d\d) ([^]]+)\]\((\d\d-[\w-]+\.ipynb)\) \|(.*)\|$", re.M)
"""A row of the gallery's table: | [NN title](NN-name.ipynb) | for | length | learns | needs |"""


def gallery_rows() -> dict[str, dict[str, str]]:
    """The gallery's table, read from the notebook's JSON: each listed notebook's row, in order."""
    cells = json.loads(INDEX.read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    rows = {}
    for number, title, name, rest in ROW.findall(text):
        who, length, learns, needs = (part.strip() for part in rest.split(" | "))
        rows[name] = {"number": number, "title": title, "for": who, "length": length, "learns": learns, "needs": needs}
    assert len(rows) == len(re.findall(r"^\| \[", text, re.M)), "a row of the gallery's table is malformed"
    return rows


def test_the_gallery_lists_every_notebook_in_examples_in_order() -> None:
    rows = gallery_rows()
    here = [p.name for p in NOTEBOOKS if p != INDEX]
    assert [name for name in here if name not in rows] == [], "add a row to examples/00-index.ipynb"
    assert list(rows) == sorted(rows) and len(set(rows)) == len(rows)
    for name, row in rows.items():
        assert row["number"] == name[:2] and all(row.values()), (name, row)
        assert row["learns"].endswith(".") and len(row["learns"].split()) >= 8, f"{name}: say what the class learns"


def test_the_gallery_agrees_with_what_each_lesson_says_of_itself() -> None:
    """A lesson's title is its row's, and the age group and minutes its first cell gives are in the row."""
    rows = gallery_rows()
    for path in NOTEBOOKS:
        if path == INDEX:
            continue
        first = " ".join("".join(json.loads(path.read_text(encoding="utf-8"))["cells"][0]["source"]).split())
        row = rows[path.name]
        heading = first.removeprefix("# ").split(" How to run it:")[0]
        if heading.startswith("Lesson: "):
            assert heading.startswith(row["title"] + " "), (path.name, row["title"])
        for minutes in re.findall(r"(\d+) minutes", first.split("How to run it:")[0]):
            assert minutes in row["length"], (path.name, minutes, row["length"])
        for group in ("13–16", "undergraduate"):
            if group in first.split("How to run it:")[0]:
                assert group in row["for"], (path.name, group, row["for"])


def test_the_gallery_has_one_cell_and_it_fails_when_a_notebook_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The index's one code cell is what keeps it from going stale: it passes in examples/ (nbval
    runs it there too) and fails in a folder with a notebook the table does not list."""
    (cell,) = code_cells(json.loads(INDEX.read_text(encoding="utf-8")))
    source = "".join(cell["source"])
    assert "assert " in source
    monkeypatch.chdir(EXAMPLES)
    exec(compile(source, "00-index.ipynb", "exec"), {})
    shutil.copy(INDEX, tmp_path)
    for path in NOTEBOOKS[1:3]:
        shutil.copy(path, tmp_path)
    (tmp_path / "99-lesson-new.ipynb").write_text(NOTEBOOKS[1].read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(AssertionError, match=re.escape("99-lesson-new.ipynb")):
        exec(compile(source, "00-index.ipynb", "exec"), {})
