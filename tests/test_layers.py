"""The layers of DESIGN.md as import-linter contracts (``[tool.importlinter]`` in pyproject.toml):
errors ← maps ← engine ← rulesets ← analysis, bots, render, registry ← widget, and no layer above
the rulesets (nor the package root) importing an edition. A wrong arrow, even one only for type
hints, fails here; so does code outside the rulesets and the registry that asks which edition it
is by comparing its name (editions are told apart by their parts, ``engine.ruleset.PARTS``)."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import riskboard as rb
from riskboard.engine.ruleset import PARTS

ROOT = Path(__file__).resolve().parents[1]
CHECK = "from importlinter.cli import lint_imports; raise SystemExit(lint_imports(no_cache=True))"


def _lint(src: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    return subprocess.run([sys.executable, "-c", CHECK], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_the_layer_contract_is_kept() -> None:
    result = _lint(ROOT / "src", ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 kept, 0 broken" in result.stdout


def test_an_engine_module_importing_an_edition_breaks_the_contract(tmp_path: Path) -> None:
    """The contract bites: the same tree with one type-hint import from the engine up to the
    editions is refused."""
    shutil.copytree(ROOT / "src" / "riskboard", tmp_path / "src" / "riskboard")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    view = tmp_path / "src" / "riskboard" / "engine" / "view.py"
    text = view.read_text(encoding="utf-8")
    view.write_text(
        text.replace(
            "if TYPE_CHECKING:\n", "if TYPE_CHECKING:\n    from riskboard.rulesets.base import BaseRuleset\n", 1
        ),
        encoding="utf-8",
    )
    result = _lint(tmp_path / "src", tmp_path)
    assert result.returncode != 0
    assert "riskboard.engine.view -> riskboard.rulesets.base" in result.stdout


EDITION_MODULE_IMPORTS = [
    ("bots/leaders.py", "from riskboard.rulesets.transformers.actions import Stop\n", "riskboard.bots.leaders"),
    ("render/svg.py", "from riskboard.rulesets.classic import missions\n", "riskboard.render.svg"),
    ("analysis/sampler.py", "import riskboard.rulesets.risk2010.data\n", "riskboard.analysis.sampler"),
    ("__init__.py", "from riskboard.rulesets.balance_of_power.actions import Buy as _Buy\n", "riskboard ->"),
]


@pytest.mark.parametrize(("module", "line", "named"), EDITION_MODULE_IMPORTS)
def test_importing_an_edition_from_above_the_rulesets_breaks_the_contract(
    tmp_path: Path, module: str, line: str, named: str
) -> None:
    """The forbidden contracts bite: a bot, the picture, the analysis or the package root importing
    an edition's module is refused, naming the import."""
    shutil.copytree(ROOT / "src" / "riskboard", tmp_path / "src" / "riskboard")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    path = tmp_path / "src" / "riskboard" / module
    text = path.read_text(encoding="utf-8")
    anchor = "\n\nfrom riskboard"
    head = text.index(anchor) + 2
    path.write_text(text[:head] + line + text[head:], encoding="utf-8")
    result = _lint(tmp_path / "src", tmp_path)
    assert result.returncode != 0
    assert "BROKEN" in result.stdout and named in result.stdout, result.stdout


def _edition_names() -> set[str]:
    """Every edition's name and alias, less the words that also name something else: a part
    (``"star_cards"`` is risk2010's alias and the part its cards are) or a shipped map (``"world"``,
    ``"europe"``), which code outside the rulesets compares freely."""
    names = set()
    for name in rb.available_rulesets():
        ruleset = rb.get_ruleset(name)
        names |= {ruleset.name, *ruleset.aliases}
    maps = {p.stem for p in (ROOT / "src" / "riskboard" / "maps").glob("*.json")}
    return names - set(PARTS) - maps


def _name_constants(node: ast.AST, names: set[str]) -> Iterator[ast.Constant]:
    """The string constants among ``node`` and the items of a tuple, list or set it is."""
    items = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
    for item in items:
        if isinstance(item, ast.Constant) and isinstance(item.value, str) and item.value in names:
            yield item


def edition_name_uses(source: str, names: set[str]) -> list[tuple[int, str]]:
    """Where ``source`` asks which edition it is: an edition's name compared (``==``, ``!=``,
    ``in``), matched (``case "classic":``), or used as a key of a dict literal or a subscript
    (dispatch by name). Docstrings and defaults (``ruleset="classic"``) are not asking."""
    found = []
    for node in ast.walk(ast.parse(source)):
        candidates: list[ast.AST] = []
        if isinstance(node, ast.Compare):
            candidates = [node.left, *node.comparators]
        elif isinstance(node, ast.MatchValue):
            candidates = [node.value]
        elif isinstance(node, ast.Dict):
            candidates = [k for k in node.keys if k is not None]
        elif isinstance(node, ast.Subscript):
            candidates = [node.slice]
        for candidate in candidates:
            found += [(c.lineno, c.value) for c in _name_constants(candidate, names)]
    return found


def test_no_code_outside_the_rulesets_and_the_registry_compares_an_edition_name() -> None:
    names = _edition_names()
    assert {"classic", "risk2010", "balance_of_power", "transformers", "bop", "cybertron"} <= names
    package = ROOT / "src" / "riskboard"
    found = []
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(package).as_posix()
        if relative.startswith("rulesets/") or relative == "registry.py":
            continue
        for line, name in edition_name_uses(path.read_text(encoding="utf-8"), names):
            found.append(f"{relative}:{line}: {name!r}")
    assert not found, "editions are told apart by their parts, not their names:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "code",
    [
        'if view.ruleset == "transformers":\n    pass',
        'ok = "classic" != game.ruleset.name',
        'ok = name in ("bop", "balance_of_power")',
        'match name:\n    case "risk2010":\n        pass',
        'ACT = {"transformers": 1}',
        'x = table["cybertron"]',
    ],
)
def test_the_scan_finds_an_edition_name_asked_for(code: str) -> None:
    assert edition_name_uses(code, _edition_names())


@pytest.mark.parametrize(
    "code",
    [
        'def env(ruleset: str = "classic") -> None:\n    """Play ``"transformers"``."""',
        'game = new_game("balance_of_power", players=2)',
        'if "star_cards" in parts and gm.id == "world":\n    pass',
    ],
)
def test_the_scan_lets_names_pass_that_do_not_ask(code: str) -> None:
    assert not edition_name_uses(code, _edition_names())
