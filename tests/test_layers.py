"""The layers of DESIGN.md as an import-linter contract (``[tool.importlinter]`` in pyproject.toml):
errors ← maps ← engine ← rulesets ← analysis, bots, render, registry ← widget. A wrong arrow, even
one only for type hints, fails here."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHECK = "from importlinter.cli import lint_imports; raise SystemExit(lint_imports(no_cache=True))"


def _lint(src: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    return subprocess.run([sys.executable, "-c", CHECK], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_the_layer_contract_is_kept() -> None:
    result = _lint(ROOT / "src", ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 kept, 0 broken" in result.stdout


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
