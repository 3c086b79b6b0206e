"""Scenario helpers for the Balance of Power rules tests.

A scenario is a full 30-territory position: every territory goes to ``default`` (owner, units)
unless ``assign`` says otherwise. Tests then drive the game with injected dice and check exact
numbers. Import the helpers with ``from .conftest import ...``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

import riskboard as rb

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


def illegal(game: rb.Game, action: Any, code: str, **kwargs: Any) -> rb.IllegalAction:
    """Apply ``action``, expect ``IllegalAction`` with ``code`` and an unchanged game (its whole
    saved form, record included)."""
    before = game.to_json()
    state = game.state
    with pytest.raises(rb.IllegalAction) as info:
        game.apply(action, **kwargs)
    assert info.value.code == code, f"{action!r}: expected {code}, got {info.value.code}: {info.value}"
    assert game.state == state, "an illegal action must leave the state unchanged"
    assert game.to_json() == before, "an illegal action must leave the saved game unchanged"
    return info.value


def events_of(events: Iterable[rb.Event], kind: str) -> list[Any]:
    return [e for e in events if type(e).__name__ == kind]


def kinds(events: Iterable[rb.Event]) -> list[str]:
    return [type(e).__name__ for e in events]


def units(game: rb.Game, *territories: str) -> tuple[int, ...]:
    return tuple(game.armies(t) for t in territories)


def attack_dice_offered(game: rb.Game, source: str, target: str) -> set[int]:
    """The dice counts ``legal_actions`` offers for ``attack source target N``."""
    return {
        a.dice for a in game.legal_actions() if isinstance(a, rb.Attack) and a.source == source and a.target == target
    }
