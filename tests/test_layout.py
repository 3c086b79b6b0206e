"""The structure a newcomer reads (issue 20, item 4): every edition is laid out alike, each module
name means one thing in every edition, and ``rules`` names a ``Rules`` only."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import riskboard

SRC = Path(riskboard.__file__).parent

EDITIONS = ("classic", "risk2010", "balance_of_power", "transformers")
EVERY_EDITION_HAS = {"__init__", "setup", "turns", "legal", "invariants", "data", "words"}
"""Who decides what now and the legal actions (``legal``), the printed facts (``data``), the
presentation (``words``), ...: the modules each edition has, whatever else it needs."""
NAMES_THAT_MEANT_TWO_THINGS = {"moves", "info", "facts", "reinforcements"}


def _modules(package: str) -> set[str]:
    return {p.stem for p in (SRC / "rulesets" / package).glob("*.py")}


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_edition_has_the_same_modules_for_the_same_things(edition: str) -> None:
    modules = _modules(edition)
    assert modules >= EVERY_EDITION_HAS, EVERY_EDITION_HAS - modules
    assert not modules & NAMES_THAT_MEANT_TWO_THINGS


def test_the_shared_components_name_the_fortify_move_and_the_legal_ranges_apart() -> None:
    modules = _modules("components")
    assert {"fortify", "legal"} <= modules and "moves" not in modules


def test_a_parameter_named_rules_is_never_a_ruleset() -> None:
    """``rules`` is the engine's ``Rules``; an edition's ruleset is passed as ``ruleset``."""
    wrong = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.arg)
                and node.arg == "rules"
                and node.annotation is not None
                and "Ruleset" in ast.unparse(node.annotation)
            ):
                wrong.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert not wrong
