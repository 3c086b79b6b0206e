"""Scenario helpers for the Balance of Power rules tests.

A scenario is a full 30-territory position: every territory goes to ``default`` (owner, units)
unless ``assign`` says otherwise. Tests then drive the game with injected dice and check exact
numbers. Import the helpers with ``from .conftest import ...``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import riskboard as rb
from refusals import attack_dice_offered, events_of, illegal, kinds  # noqa: F401 (the helpers every rules test uses)

EUROPE = rb.load_map("europe")
IDS: tuple[str, ...] = tuple(EUROPE.ids)
PLAYERS = ("red", "blue")
BOP = "balance_of_power"


def own(owner: str, territories: Iterable[str], units: int = 1) -> dict[str, tuple[str, int]]:
    """``{t: (owner, units)}`` for every territory given."""
    return {t: (owner, units) for t in territories}


def position(
    assign: Mapping[str, tuple[str, int]] | None = None, default: tuple[str, int] = ("neutral", 1)
) -> dict[str, tuple[str, int]]:
    """Every territory of the map: ``default`` unless ``assign`` names it."""
    pos = dict.fromkeys(IDS, default)
    for t, value in (assign or {}).items():
        assert t in pos, f"unknown territory {t!r} in a test scenario"
        pos[t] = value
    return pos


def scenario(
    assign: Mapping[str, tuple[str, int]] | None = None,
    *,
    default: tuple[str, int] = ("neutral", 1),
    current: str = "red",
    phase: str = "attack",
    variant: str = "basic_training",
    options: Mapping[str, Any] | None = None,
    seed: int = 1,
    **extras: Any,
) -> rb.Game:
    """A Balance of Power game at ``current``'s turn in ``phase`` with the given position.
    ``extras`` are the edition's scenario keywords (cities, capitals, missions, hospital, ...)."""
    return rb.new_game(
        BOP,
        players=list(PLAYERS),
        variant=variant,
        position=position(assign, default),
        current_player=current,
        phase=phase,
        options=dict(options or {}),
        seed=seed,
        **extras,
    )


def command_room(assign: Mapping[str, tuple[str, int]] | None = None, **kw: Any) -> rb.Game:
    """``scenario`` in the ``command_room`` variant (field hospital, airfields, resistance)."""
    return scenario(assign, variant="command_room", **kw)


def units(game: rb.Game, *territories: str) -> tuple[int, ...]:
    return tuple(game.armies(t) for t in territories)
