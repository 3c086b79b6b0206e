"""The README is part of the product: its example runs and CI runs exactly its test command."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _bash_blocks() -> list[str]:
    return [b.strip() for b in re.findall(r"```bash\n(.*?)```", README, re.S)]


def test_readme_has_exactly_two_commands() -> None:
    blocks = _bash_blocks()
    assert len(blocks) == 2, blocks
    lab, test = blocks
    # the clone's notebook filter first (running the examples leaves the clone clean), then the lab
    assert lab.startswith("git config filter.riskboard-notebook.clean ")
    assert "filter=riskboard-notebook" in (ROOT / ".gitattributes").read_text(encoding="utf-8")
    assert ' && pip install -e ".[lab]" && jupyter lab ' in lab
    assert lab.endswith(" examples/01-quickstart.ipynb")
    assert "pytest" in test
    assert (ROOT / "examples" / "01-quickstart.ipynb").exists()


def test_ci_runs_exactly_the_readme_test_command() -> None:
    test_command = _bash_blocks()[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    last_command = [line for line in ci.splitlines() if line.strip() and not line.startswith("#")][-1]
    assert last_command.strip() == test_command


def _python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README, re.S)


@pytest.fixture(scope="module")
def readme_run() -> list[tuple[str, str]]:
    """Every Python block of the README run as written, in order, in one namespace (as a reader
    pasting them into one notebook would), each with what it printed. The board's animation
    pauses are skipped: the game is the same without them."""
    import contextlib
    import io

    namespace: dict[str, object] = {}
    out = []
    sleep = time.sleep
    time.sleep = lambda _seconds: None  # type: ignore[assignment]
    try:
        for n, code in enumerate(_python_blocks()):
            buffer = io.StringIO()
            with contextlib.redirect_stdout(buffer):
                exec(compile(code, f"README.md, python block {n + 1}", "exec"), namespace)
            out.append((code, buffer.getvalue()))
    finally:
        time.sleep = sleep
    return out


def test_every_python_block_of_the_readme_runs_in_order(readme_run: list[tuple[str, str]]) -> None:
    assert len(readme_run) == len(_python_blocks()) >= 4
    board = next(out for code, out in readme_run if "rb.Board(" in code)
    assert board.startswith("Ada to place")  # the bots played until Ada's turn


def test_readme_python_example_runs(readme_run: list[tuple[str, str]]) -> None:
    out = readme_run[0][1]
    assert "conquered kamchatka" in out
    assert "occupy" in out
    assert "attacker_losses=1, defender_losses=1" in out


def test_trademark_and_licence_notice() -> None:
    assert "trademark" in README.lower() and "unofficial" in README.lower()
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_readme_house_rules_example_runs(readme_run: list[tuple[str, str]]) -> None:
    out = next(out for code, out in readme_run if "defence_dice" in code).splitlines()
    assert out[0] == "attacker up to 3 dice, defender up to 3, ties to the defender"
    printed, house = map(float, out[1].split())
    assert round(printed, 2) == 0.82 and round(house, 2) == 0.54


def test_readme_risk2010_example_runs(readme_run: list[tuple[str, str]]) -> None:
    code, out = next((code, out) for code, out in readme_run if '"risk2010"' in code)
    lines = out.splitlines()
    assert lines[0] == "Ada to reinforce a neutral army (3 troops on 1 to 3 of its territories)"
    assert lines[1] == "(4, '3 + 1 for 12 territories')"
    assert lines[2].startswith("('Ada',) Ada won: ") and lines[2] in code  # the comment says what it prints
    assert lines[3].startswith("The ceasefire card is somewhere in the next ")


def test_readme_transformers_example_runs(readme_run: list[tuple[str, str]]) -> None:
    out = next(out for code, out in readme_run if '"transformers"' in code).splitlines()
    assert out[0].startswith("{'Ada': 'autobots', 'Bo': 'decepticons'} {'Ada': ")
    assert out[1:] == ["305/648", "0.805"]


def test_the_rules_are_in_the_repository_and_linked() -> None:
    assert "[docs/RULES.md](docs/RULES.md)" in README
    rules = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    for seed in ("S000", "S002", "S003", "S004"):
        assert f"| {seed} |" in rules  # the rulebooks are named
    assert "Risiko – Das Duell" in rules and "## 2. Ruleset `classic`" in rules
    assert "## 5. Ruleset `balance_of_power`" in rules
    for link in re.findall(r"\]\(([^)#]+\.md)\)", rules + (ROOT / "docs" / "GLOSSARY.md").read_text(encoding="utf-8")):
        assert (ROOT / "docs" / link).exists(), link


def test_the_binder_badge_opens_the_quick_start_in_lab() -> None:
    (badge,) = re.findall(r"\(https://mybinder\.org/v2/gh/([^)]*)\)", README)
    repo, rest = badge.split("/HEAD?")
    assert rest == "urlpath=lab/tree/examples/01-quickstart.ipynb"
    assert (ROOT / "examples" / "01-quickstart.ipynb").exists()
    (source,) = re.findall(r'^Source = "([^"]+)"', (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M)
    if source.startswith("https://github.com/"):  # once published, the badge must name the repository
        assert repo == source.removeprefix("https://github.com/").removesuffix(".git").strip("/")
    else:
        assert repo == "OWNER/riskboard"  # the placeholder the README's comment explains


def test_the_screenshots_are_committed() -> None:
    pictures = re.findall(r"!\[[^\]]+\]\((docs/[^)]+\.png)\)", README)
    assert pictures == ["docs/board.png", "docs/board-risk2010.png", "docs/board-transformers.png"]
    for picture in pictures:
        data = (ROOT / picture).read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) > 20_000
    # the README says how to take them anew, with the tests and option that do
    command = (
        "python -m pytest tests/browser/test_lab_e2e.py tests/browser/test_lab_2010_e2e.py "
        "tests/browser/test_lab_tf_e2e.py --screenshot -n 0"
    )
    assert command in " ".join(README.split())
    assert "--screenshot" in (ROOT / "tests" / "browser" / "test_lab_e2e.py").read_text(encoding="utf-8")


def test_the_toolkit_pictures_are_there() -> None:
    """The SVG pictures the README shows exist and are SVG (``python tools/make_docs_pictures.py``)."""
    import xml.etree.ElementTree as ET

    pictures = re.findall(r"!\[[^\]]+\]\((docs/[^)]+\.svg)\)", README)
    assert pictures == ["docs/odds-heatmap.svg", "docs/win-rates.svg", "docs/armies-over-time.svg"]
    for picture in pictures:
        root = ET.fromstring((ROOT / picture).read_bytes())
        assert root.tag.endswith("svg") and len(root) > 3


def _gallery_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r"\| \[\d\d ", line)]


def test_the_readme_lists_every_notebook_as_the_gallery_does() -> None:
    """The README's lesson table is the gallery's (examples/00-index.ipynb), row for row, with the
    links made from the repository's top, and it names every notebook in examples/."""
    import json

    cells = json.loads((ROOT / "examples" / "00-index.ipynb").read_text(encoding="utf-8"))["cells"]
    gallery = _gallery_lines("\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown"))
    readme = _gallery_lines(README)
    assert len(readme) >= 14 and readme == [line.replace("](", "](examples/", 1) for line in gallery]
    for path in sorted((ROOT / "examples").glob("*.ipynb")):
        assert f"(examples/{path.name})" in README, f"the README does not list {path.name}"
    assert "fourteen notebooks" in README.lower()
