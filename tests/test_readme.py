"""The README is part of the product: its example runs and CI runs exactly its test command."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _bash_blocks() -> list[str]:
    return [b.strip() for b in re.findall(r"```bash\n(.*?)```", README, re.S)]


def test_readme_has_exactly_two_commands() -> None:
    blocks = _bash_blocks()
    assert len(blocks) == 2, blocks
    lab, test = blocks
    assert lab.startswith('pip install -e ".[lab]" && jupyter lab ')
    assert lab.endswith(" examples/01-quickstart.ipynb")
    assert "pytest" in test
    assert (ROOT / "examples" / "01-quickstart.ipynb").exists()


def test_ci_runs_exactly_the_readme_test_command() -> None:
    test_command = _bash_blocks()[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    last_command = [line for line in ci.splitlines() if line.strip() and not line.startswith("#")][-1]
    assert last_command.strip() == test_command


def test_readme_python_example_runs(capsys) -> None:  # type: ignore[no-untyped-def]
    code = re.findall(r"```python\n(.*?)```", README, re.S)[0]
    exec(compile(code, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "conquered kamchatka" in out
    assert "occupy" in out
    assert "attacker_losses=1, defender_losses=1" in out


def test_trademark_and_licence_notice() -> None:
    assert "trademark" in README.lower() and "unofficial" in README.lower()
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_readme_house_rules_example_runs(capsys) -> None:  # type: ignore[no-untyped-def]
    code = next(b for b in re.findall(r"```python\n(.*?)```", README, re.S) if "defence_dice" in b)
    exec(compile(code, "README.md", "exec"), {})
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "attacker up to 3 dice, defender up to 3, ties to the defender"
    printed, house = map(float, out[1].split())
    assert round(printed, 2) == 0.82 and round(house, 2) == 0.54
