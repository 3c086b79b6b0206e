"""Without the ``rl`` extra, ``riskboard.env`` says so in one sentence (issue 21, item 5): every
entry point asks for PettingZoo and Gymnasium before importing them, so the reader sees what is
missing and the command that installs it, not PettingZoo's own ``ModuleNotFoundError``."""

from __future__ import annotations

import subprocess
import sys

import pytest

# A Python in which pettingzoo and gymnasium cannot be imported, as if they were not installed.
BLOCK = """
import sys
class _Missing:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pettingzoo", "gymnasium"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None
sys.meta_path.insert(0, _Missing())
import riskboard.env
try:
    CALL
except ImportError as exc:
    print(type(exc).__name__, "|", exc)
"""


@pytest.mark.parametrize(
    "call",
    [
        'riskboard.env.env("classic", players=3)',
        'riskboard.env.raw_env("classic", players=3)',
        'riskboard.env.gym_env("classic", players=2)',
        "riskboard.env.RiskboardEnv",
        "riskboard.env.RiskboardGymEnv",
    ],
)
def test_a_missing_rl_extra_is_one_clear_sentence(call: str) -> None:
    run = subprocess.run(
        [sys.executable, "-c", BLOCK.replace("CALL", call)], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr[-1500:]
    kind, message = run.stdout.strip().split(" | ")
    assert kind == "ImportError"
    assert message == "the RL environments need pettingzoo and gymnasium: pip install 'riskboard[rl]'"
