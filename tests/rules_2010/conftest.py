"""Scenario helpers for the risk2010 rules tests.

A scenario is a full 42-territory position: every territory goes to ``default`` (owner, troops)
unless ``assign`` says otherwise. Tests then drive the game with injected dice (and injected card
draws) and check exact numbers. Import the helpers with ``from .conftest import ...``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import riskboard as rb
from refusals import attack_dice_offered, events_of, illegal, kinds  # noqa: F401 (the helpers every rules test uses)

from .spec_2010 import ONE_STAR, TWO_STAR

R2010 = "risk2010"
WORLD = rb.load_map("world")
IDS: tuple[str, ...] = tuple(WORLD.ids)
PLAYERS = ("Ada", "Bo", "Cy")
DUEL = ("Ada", "Bo")
NAMES = ("Ada", "Bo", "Cy", "Di", "Ed")


def own(owner: str, territories: Iterable[str], troops: int = 1) -> dict[str, tuple[str, int]]:
    """``{t: (owner, troops)}`` for every territory given."""
    return {t: (owner, troops) for t in territories}


def position(
    assign: Mapping[str, tuple[str, int]] | None = None, default: tuple[str, int] = ("Cy", 1)
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
    default: tuple[str, int] = ("Cy", 1),
    players: Iterable[str] = PLAYERS,
    current: str = "Ada",
    phase: str = "attack",
    variant: str = "simple",
    options: Mapping[str, Any] | None = None,
    seed: int = 1,
    **extras: Any,
) -> rb.Game:
    """A 2010 game at ``current``'s turn in ``phase`` with the given position; ``extras`` are the
    edition's scenario keywords (hands, reserved, reinforcements, conquered, turn, ceasefire, drawn)."""
    return rb.new_game(
        R2010,
        players=list(players),
        variant=variant,
        position=position(assign, default),
        current_player=current,
        phase=phase,
        options=dict(options or {}),
        seed=seed,
        **extras,
    )


def duel(
    assign: Mapping[str, tuple[str, int]] | None = None,
    *,
    default: tuple[str, int] = ("neutral_1", 1),
    phase: str = "neutral",
    **kw: Any,
) -> rb.Game:
    """``scenario`` in the two-player game (Ada and Bo, neutral armies neutral_1..neutral_3)."""
    return scenario(assign, default=default, players=DUEL, phase=phase, variant="two_player", **kw)


def troops(game: rb.Game, *territories: str) -> tuple[int, ...]:
    return tuple(game.armies(t) for t in territories)


def hand_of(stars: int, *, twos: int = 0, skip: Iterable[str] = ()) -> list[str]:
    """Cards worth ``stars`` stars in all, ``twos`` of them 2-star cards, avoiding ``skip``."""
    skip = set(skip)
    two = [c for c in TWO_STAR if c not in skip][:twos]
    one = [c for c in ONE_STAR if c not in skip][: stars - 2 * twos]
    assert len(two) == twos and len(one) == stars - 2 * twos, "not enough cards for this hand"
    return two + one


def end_turn(game: rb.Game, **kwargs: Any) -> list[rb.Event]:
    """From the attack or fortify step, end the current player's turn (no maneuver)."""
    events: list[rb.Event] = []
    if game.phase == "attack":
        events += game.apply("end")
    assert game.phase == "fortify", game.phase
    events += game.apply("end", **kwargs)
    return events
