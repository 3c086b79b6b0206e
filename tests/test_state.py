"""``GameState.evolve``: how every transition builds the next state (``engine.state``)."""

from __future__ import annotations

import pytest

import riskboard as rb
from riskboard.engine.state import GameState


def test_evolve_replaces_the_fields_named_as_replace_does() -> None:
    s = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=1).state
    armies = tuple(a + 1 for a in s.armies)
    changed = s.evolve(armies=armies, phase="attack", extra=("x",))
    assert type(changed) is GameState
    assert changed == s._replace(armies=armies, phase="attack", extra=("x",))
    assert changed.armies == armies and changed.phase == "attack" and changed.owner == s.owner
    assert s.evolve() == s and s.phase != "attack"  # the state itself is unchanged


def test_evolve_refuses_a_field_the_state_does_not_have() -> None:
    s = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=1).state
    with pytest.raises(TypeError, match="no field 'armys'"):
        s.evolve(armys=s.armies)


def test_replace_is_the_named_tuples_own() -> None:
    """No monkey-patch: ``_replace`` is ``NamedTuple``'s, the fast path has its own name."""
    assert GameState._replace.__code__.co_filename.endswith(("collections/__init__.py", "collections\\__init__.py"))
    assert "evolve" in vars(GameState)
