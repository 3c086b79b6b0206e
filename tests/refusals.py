"""Helpers every edition's rules tests share: an illegal action is refused with its code and
changes nothing; events picked by kind; the dice ``legal_actions`` offers for an attack."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

import riskboard as rb


def illegal(game: rb.Game, action: Any, code: str, **kwargs: Any) -> rb.IllegalAction:
    """Apply ``action``, expect ``IllegalAction`` with ``code`` and an unchanged game (its state
    and its whole saved form, record included)."""
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


def attack_dice_offered(game: rb.Game, source: str, target: str) -> set[int]:
    """The dice counts ``legal_actions`` offers for ``attack source target N``."""
    return {
        a.dice for a in game.legal_actions() if isinstance(a, rb.Attack) and a.source == source and a.target == target
    }
