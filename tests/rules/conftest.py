"""Scenario helpers for the classic rules tests.

A scenario is a full 42-territory position: every territory goes to ``default`` (owner, armies)
unless ``assign`` says otherwise. Tests then drive the game with injected dice and check exact
numbers. Import the helpers with ``from .conftest import ...``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import riskboard as rb
from refusals import events_of, illegal  # noqa: F401 (the helpers every rules test uses)

from .spec_world import BONUS, CONTINENTS

WORLD = rb.load_map("world")
IDS: tuple[str, ...] = tuple(WORLD.ids)
PLAYERS = ("Ada", "Bo", "Cy")

# Cards by symbol (RULES.md §3.2), for building hands.
INFANTRY = ("central_america", "brazil", "argentina", "great_britain", "scandinavia")
CAVALRY = ("northwest_territory", "greenland", "venezuela", "peru", "iceland")
ARTILLERY = ("alaska", "alberta", "ontario", "quebec", "western_united_states")


def own(player: str, territories: Iterable[str], armies: int = 1) -> dict[str, tuple[str, int]]:
    """``{t: (player, armies)}`` for every territory given."""
    return {t: (player, armies) for t in territories}


def position(
    assign: Mapping[str, tuple[str, int]] | None = None, default: tuple[str, int] = ("Cy", 1)
) -> dict[str, tuple[str, int]]:
    pos = dict.fromkeys(IDS, default)
    for t, value in (assign or {}).items():
        assert t in pos, f"unknown territory {t!r} in a test scenario"
        pos[t] = value
    return pos


def scenario(
    assign: Mapping[str, tuple[str, int]] | None = None,
    *,
    default: tuple[str, int] = ("Cy", 1),
    players: Iterable[str] = PLAYERS,
    current: str = "Ada",
    phase: str = "attack",
    seed: int = 1,
    **extras: Any,
) -> rb.Game:
    """A game at ``current``'s turn in ``phase`` with the given position."""
    return rb.new_game(
        "classic",
        players=list(players),
        position=position(assign, default),
        current_player=current,
        phase=phase,
        seed=seed,
        **extras,
    )


def expected_income(owned: Iterable[str]) -> int:
    """RULES.md §2.4 computed from the spec's own continent table: max(3, T // 3) + bonuses."""
    owned = set(owned)
    total = max(3, len(owned) // 3)
    for continent, members in CONTINENTS.items():
        if set(members) <= owned:
            total += BONUS[continent]
    return total


def attack_targets(game: rb.Game, source: str) -> set[str]:
    """The targets ``legal_actions`` offers from ``source``."""
    return {a.target for a in game.legal_actions() if isinstance(a, rb.Attack) and a.source == source}
