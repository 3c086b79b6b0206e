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

import copy
from collections.abc import Callable
from typing import Any

import riskboard as rb
from riskboard.widget.contract import TRAITS
from riskboard.widget.edition import counts_payload, edition_payload, extras_payload
from riskboard.widget.payload import (
    dice_payload,
    event_log_payload,
    hints_payload,
    map_payload,
    players_payload,
    view_payload,
)

CONTRACT = TRAITS
"""Every synced trait of the board's contract with the front end (the schema's, ``riskboard.widget.contract``)."""


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
        "event_log": event_log_payload(game),
        "error": {},
        "state_id": game.state_id,
        "seats": {p: "human" for p in game.players},
        "next_dice": {},
        "busy": False,
        "secrecy": "open",
        "pass_to": "",
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


# -- the mid-game position the browser tests and benchmarks/widget.py share -------------------------
MID_GAME_PLAYERS = ["Ada", "Bo", "Cy", "Dee"]


def best_source(game: rb.Game) -> str:
    """The current player's source with the most targets (then the most armies)."""
    return max(hints(game)["sources"], key=lambda s: (len(hints(game, s)["targets"]), game.armies(s)))


def mid_game_attack(*, cards: int = 3, armies: int = 6, seed: int = 5) -> rb.Game:
    """A four-player classic attack decision after turn 8, every player on six or more territories,
    whose best source has two or more targets and ``armies`` armies, the player ``cards`` cards."""

    def interesting(g: rb.Game) -> bool:
        if g.turn < 8 or len(g.hand(g.current_player)) < cards or min(s["territories"] for s in g.stats().values()) < 6:
            return False
        return (
            bool(hints(g)["sources"])
            and len(hints(g, best_source(g))["targets"]) >= 2
            and g.armies(best_source(g)) >= armies
        )

    game = rb.new_game("classic", players=MID_GAME_PLAYERS, seed=seed, setup="deal")
    return play_until(game, "attack", where=interesting, seed=seed)


def after_one_attack(game: rb.Game, traits: dict[str, Any]) -> dict[str, Any]:
    """``traits`` (of ``game``, a source selected) right after one attack from the source on its
    likeliest target, with a mixed table of seats and the teacher's next dice set: the screenshot."""
    t = copy.deepcopy(traits)
    source = t["selected"]
    game = game.copy()
    target = max(t["hints"]["targets"], key=lambda x: t["hints"]["targets"][x]["p_win"])
    game.apply(f"attack {source} {target} {t['hints']['targets'][target]['dice']}")
    if game.pending.decision == "attack" and source in hints(game)["sources"]:
        t = board_traits(game, selected=source)
    else:
        t["dice"] = board_traits(game)["dice"]
        t["event_log"] = board_traits(game)["event_log"]
    t["seats"] = {"Ada": "human", "Bo": "Aggressive", "Cy": "human", "Dee": "Random"}
    t["next_dice"] = {"attack": [6, 6, 5], "defend": [2, 1]}
    return t
