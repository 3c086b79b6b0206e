"""Helpers every edition's rule modules share: name lookups, clear errors, tuple updates."""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from riskboard.errors import IllegalAction

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState

PHASE_WORDS = {
    "setup": "the setup",
    "reinforce": "the reinforcement phase",
    "attack": "the attack phase",
    "occupy": "moving in after a conquest",
    "fortify": "the fortify phase",
    "neutral": "the neutral resistance step",
    "hospital": "the field hospital step",
    "missions": "the mission step",
    "over": "the end of the game",
}


def territory_index(cfg: GameConfig, territory: str) -> int:
    i = cfg.map.index.get(territory)
    if i is None:
        raise IllegalAction(
            f"there is no territory called {territory!r} on the {cfg.map.id} map{cfg.map.did_you_mean(territory)}",
            code="action/unknown_territory",
        )
    return i


def name_of(cfg: GameConfig, owner: int) -> str:
    return cfg.owners[owner] if owner >= 0 else "nobody"


def wrong_phase(cfg: GameConfig, state: GameState, what: str, hint: str = "") -> NoReturn:
    who = cfg.players[state.current] if state.phase != "over" else ""
    where = PHASE_WORDS.get(state.phase, state.phase)
    if state.phase == "fortify":  # named as the edition names its end-of-turn move (the maneuver)
        where = where.replace("fortify", cfg.ruleset.presentation.words(cfg)["fortify"])
    msg = f"you cannot {what} now: it is {where}" + (f" (turn of {who})" if who and state.phase != "setup" else "")
    if state.phase == "over":
        raise IllegalAction(f"you cannot {what}: the game is over", code="game/over")
    raise IllegalAction(msg + (f"; {hint}" if hint else ""), code="action/wrong_phase")


def next_alive(state: GameState, after: int) -> int:
    n = len(state.alive)
    for step in range(1, n + 1):
        p = (after + step) % n
        if state.alive[p]:
            return p
    return after


def replace_at(values: tuple, i: int, v: object) -> tuple:
    """``values`` with item ``i`` replaced by ``v`` (one list and one tuple: a third faster than
    joining two slices around it, and among the commonest calls of every transition)."""
    changed = list(values)
    changed[i] = v
    return tuple(changed)
