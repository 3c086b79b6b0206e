"""``mypy`` on ``src/`` with the project's configuration (``[tool.mypy]`` in pyproject.toml) finds
nothing: the package ships ``py.typed``, so its annotations are a promise to users' type checkers,
and CI runs only ``python -m pytest``, so this test is how that promise is kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api as mypy_api

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_finds_no_error_in_src(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # mypy reads pyproject.toml, its `files` and its cache from here
    out, err, status = mypy_api.run(["--config-file", str(ROOT / "pyproject.toml")])
    errors = [line for line in out.splitlines() if ": error:" in line or ": note:" in line]
    assert status == 0, f"mypy src: {out.splitlines()[-1:]}\n" + "\n".join(errors) + err
    assert out.startswith("Success"), out


def test_the_configuration_is_strict_enough() -> None:
    """The checks the issue asks for stay on, and nothing is silenced wholesale."""
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10: mypy itself depends on tomli there
        import tomli as tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["check_untyped_defs"] is True
    assert config["warn_unused_ignores"] is True
    assert config["files"] == ["src"]
    assert "ignore_errors" not in config
    for override in config.get("overrides", []):
        assert "ignore_errors" not in override, override
        assert not any(m.startswith("riskboard") for m in override["module"]), override


def test_py_typed_marks_the_package() -> None:
    assert (ROOT / "src" / "riskboard" / "py.typed").is_file()
