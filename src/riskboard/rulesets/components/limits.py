"""The most units an owner holds, stated once: ``MAX_UNITS`` on the map, in reserve and to place.

A save bounds every count, so a position the engine reaches must stay within those bounds or it
could not be saved. Moves and battles never add units; only income, card trades and their bonuses,
purchases, support and revivals do, and each of them asks ``granted`` how many of the units it
would give the owner can still hold. With the owner's whole holding bounded, no territory, supply
or count of units to place can pass the bound either, and no placement can be stuck. A player who
holds the most there can be gets nothing more until they lose some (RULES.md: "Limits").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.engine.state import MAX_UNITS
from riskboard.i18n import _

if TYPE_CHECKING:
    from riskboard.engine.state import GameState


def holding(s: GameState, owner: int) -> int:
    """The units ``owner`` holds: on the map, in its supply, and still to place on its turn."""
    on_map = sum(a for o, a in zip(s.owner, s.armies) if o == owner)
    return on_map + s.supply[owner] + (s.reinforcements if owner == s.current else 0)


def granted(s: GameState, owner: int, units: int) -> int:
    """How many of ``units`` new units ``owner`` receives: all of them, or as many as keep its
    holding within ``MAX_UNITS``."""
    return max(0, min(units, MAX_UNITS - holding(s, owner)))


def holding_problems(s: GameState, owners: tuple[str, ...]) -> list[str]:
    """The invariant: no owner holds more than ``MAX_UNITS`` units."""
    return [
        _("{player} holds more than {most} units on the map and to place").format(player=name, most=MAX_UNITS)
        for o, name in enumerate(owners)
        if holding(s, o) > MAX_UNITS
    ]
