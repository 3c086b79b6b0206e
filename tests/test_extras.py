"""The README's first command installs ``riskboard[lab]``: it must bring everything an example
notebook imports, so a reader who ran it can Run All in every notebook (issue 21, item 5: lesson
08 needed the ``rl`` extra, which ``lab`` did not include)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
import tomllib

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
IMPORTED_AS = {"pettingzoo": "pettingzoo", "gymnasium": "gymnasium", "numpy": "numpy", "pandas": "pandas"}
"""Import names of the third-party packages notebooks use → their distribution names."""


def _requirement_names(requirements: list[str]) -> set[str]:
    return {re.split(r"[\s<>=!~;\[]", r, maxsplit=1)[0].lower() for r in requirements}


def _notebook_imports(path: Path) -> set[str]:
    found: set[str] = set()
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "code":
            found |= set(re.findall(r"^\s*(?:from|import)\s+(\w+)", "".join(cell["source"]), re.M))
    return found


@pytest.mark.parametrize("notebook", sorted(p.name for p in (ROOT / "examples").glob("*.ipynb")))
def test_the_lab_extra_installs_what_each_notebook_imports(notebook: str) -> None:
    installed = _requirement_names(PROJECT["dependencies"]) | _requirement_names(
        PROJECT["optional-dependencies"]["lab"]
    )
    for module in sorted(_notebook_imports(ROOT / "examples" / notebook)):
        if module == "riskboard" or module in sys.stdlib_module_names:
            continue
        assert module in IMPORTED_AS, f"{notebook} imports {module}: name its distribution in IMPORTED_AS"
        assert IMPORTED_AS[module] in installed, f"{notebook} imports {module}, which riskboard[lab] does not install"


def test_the_lab_extra_covers_the_rl_extra() -> None:
    extras = PROJECT["optional-dependencies"]
    assert _requirement_names(extras["rl"]) <= _requirement_names(extras["lab"])


def test_binder_installs_the_lab_extra() -> None:
    assert '-e ".[lab]"' in (ROOT / "binder" / "postBuild").read_text(encoding="utf-8")


def test_the_lab_extra_covers_every_extra_the_gallery_names() -> None:
    """The gallery (examples/00-index.ipynb) says `[lab]` brings every extra a lesson needs."""
    extras = PROJECT["optional-dependencies"]
    gallery = (ROOT / "examples" / "00-index.ipynb").read_text(encoding="utf-8")
    named = set(re.findall(r"`\[(\w+)\]`", gallery)) - {"lab"}
    assert {"rl", "gametheory"} <= named
    for extra in sorted(named):
        assert _requirement_names(extras[extra]) <= _requirement_names(extras["lab"]), extra
