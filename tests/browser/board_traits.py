"""The board's traits built from a real game with the board's own payload functions.

The harness mounts ``js/board.js`` with these as the fake model's initial state, so the front end
is tested against real geometry and a real position rather than hand-written fixtures.

>>> import riskboard as rb
>>> game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=7)
>>> traits = board_traits(game)
>>> len(traits["map_data"]["territories"]), traits["view"]["pending"]["decision"]
(42, 'claim')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import riskboard as rb
from riskboard.widget.edition import counts_payload, edition_payload, extras_payload
from riskboard.widget.payload import (
    dice_payload,
    hints_payload,
    log_payload,
    map_payload,
    players_payload,
    view_payload,
)

CONTRACT = (
    "map_data",
    "players",
    "edition",
    "view",
    "extras",
    "counts",
    "hints",
    "selected",
    "dice",
    "log",
    "error",
    "state_id",
    "seats",
    "next_dice",
    "busy",
)
"""Every synced trait of the board's contract with the front end."""


def dice(game: rb.Game) -> dict[str, Any]:
    """``dice``: the last throw of the game, as the board sends it, or ``{}``."""
    return dice_payload(game)


def hints(game: rb.Game, selected: str = "") -> dict[str, Any]:
    """``hints`` exactly as the board computes them."""
    return hints_payload(game, selected)


def board_traits(game: rb.Game, *, selected: str = "", hand_owner: str | None = None) -> dict[str, Any]:
    """Every trait of the board's contract for ``game``, as the fake model's initial state."""
    return {
        "map_data": map_payload(game.map),
        "players": players_payload(game),
        "edition": edition_payload(game),
        "view": view_payload(game, hand_owner if hand_owner is not None else game.pending.player),
        "extras": extras_payload(game),
        "counts": counts_payload(game),
        "hints": hints_payload(game, selected),
        "selected": selected,
        "dice": dice(game),
        "log": log_payload(game),
        "error": {},
        "state_id": game.state_id,
        "seats": {p: "human" for p in game.players},
        "next_dice": {},
        "busy": False,
    }


def play_until(
    game: rb.Game,
    decision: str,
    *,
    where: Callable[[rb.Game], bool] = lambda game: True,
    seed: int = 3,
    limit: int = 20000,
) -> rb.Game:
    """Let Random bots play ``game`` until ``decision`` is pending and ``where(game)`` holds."""
    bots = {p: rb.bots.Random(seed=seed + i) for i, p in enumerate(game.players)}
    for _ in range(limit):
        pending = game.pending
        if pending.decision == decision and where(game):
            return game
        if pending.player is None:
            break
        game.apply(bots[pending.player].act(game.view(pending.player)))
    raise AssertionError(f"no {decision!r} decision reached (now {game.pending})")
