"""Scenario helpers for the transformers rules tests.

A scenario is a full 42-zone position: every zone goes to ``default`` (owner, units) unless
``assign`` says otherwise; a leader counts among the units of its zone. Tests then drive the game
with injected dice (a committed leader's d8 first in its side's list) and check exact numbers.
Import the helpers with ``from .conftest import ...``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import riskboard as rb
from refusals import attack_dice_offered, events_of, illegal, kinds  # noqa: F401 (the helpers every rules test uses)

TF = "transformers"
WORLD = rb.load_map("world")
IDS: tuple[str, ...] = tuple(WORLD.ids)
DUEL = ("Ada", "Bo")
THREE = ("Ada", "Bo", "Cy")
FOUR = ("Ada", "Bo", "Cy", "Di")


def own(owner: str, zones: Iterable[str], units: int = 1) -> dict[str, tuple[str, int]]:
    """``{z: (owner, units)}`` for every zone given."""
    return {z: (owner, units) for z in zones}


def position(
    assign: Mapping[str, tuple[str, int]] | None = None, default: tuple[str, int] = ("Bo", 1)
) -> dict[str, tuple[str, int]]:
    """Every zone of the map: ``default`` unless ``assign`` names it."""
    pos = dict.fromkeys(IDS, default)
    for z, value in (assign or {}).items():
        assert z in pos, f"unknown zone {z!r} in a test scenario"
        pos[z] = value
    return pos


def scenario(
    assign: Mapping[str, tuple[str, int]] | None = None,
    *,
    default: tuple[str, int] = ("Bo", 1),
    players: Iterable[str] = DUEL,
    current: str = "Ada",
    phase: str = "attack",
    options: Mapping[str, Any] | None = None,
    seed: int = 1,
    **extras: Any,
) -> rb.Game:
    """A Transformers game at ``current``'s turn in ``phase`` with the given position; ``extras``
    are the edition's scenario keywords (leaders, scrapyard, hands, round, reinforcements,
    conquered, turn). Leaders default to their player's largest zone."""
    return rb.new_game(
        TF,
        players=list(players),
        position=position(assign, default),
        current_player=current,
        phase=phase,
        options=dict(options or {}),
        seed=seed,
        **extras,
    )


def asked(assign: Mapping[str, tuple[str, int]] | None = None, **kw: Any) -> rb.Game:
    """``scenario`` with defenders choosing their own dice, leader and casualties."""
    options = {"ask_defender": True, **kw.pop("options", {})}
    return scenario(assign, options=options, **kw)


def units(game: rb.Game, *zones: str) -> tuple[int, ...]:
    return tuple(game.armies(z) for z in zones)


def yard(game: rb.Game) -> dict[str, int]:
    return dict(game.extras.scrapyard)


def leaders(game: rb.Game) -> dict[str, str | None]:
    return dict(game.extras.leader_zones)


def decision(game: rb.Game) -> tuple[str | None, str]:
    return game.pending.player, game.pending.decision


def texts(game: rb.Game) -> set[str]:
    """Every legal action as text."""
    return {str(a) for a in game.legal_actions()}


def attack_texts(game: rb.Game, source: str, target: str) -> set[str]:
    """The legal ``attack`` texts from ``source`` on ``target``."""
    return {t for t in texts(game) if t.startswith(f"attack {source} {target} ")}


def place_all(game: rb.Game, zone: str | None = None) -> list[rb.Event]:
    """Place every robot of the turn on ``zone`` (by default the player's first zone)."""
    zone = zone or game.territories(game.current_player)[0]
    return game.apply(f"place {game.reinforcements} {zone}")


def end_turn(game: rb.Game, **kwargs: Any) -> list[rb.Event]:
    """From the reinforce, attack or fortify step, end the current player's turn (robots to place
    all on its first zone, no attack, no move)."""
    events: list[rb.Event] = []
    if game.phase == "reinforce":
        events += place_all(game)
    if game.phase == "attack":
        events += game.apply("end")
    assert game.phase == "fortify", game.phase
    events += game.apply("end", **kwargs)
    return events


def play_setup(game: rb.Game) -> list[tuple[str, str, str]]:
    """Finish the setup with the first legal placement each time; (player, decision, action) per step."""
    steps = []
    while game.phase == "setup":
        player, what = decision(game)
        action = game.legal_actions()[0]
        steps.append((player, what, str(action)))
        game.apply(action)
    return steps
