"""One throw of the dice: compare the sorted dice pairwise, ties to the defender (RULES.md §1.1)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class BattleResult:
    """The outcome of one throw: the dice sorted high to low and the armies each side loses."""

    attack: tuple[int, ...]
    defend: tuple[int, ...]
    attacker_losses: int
    defender_losses: int

    @property
    def pairs(self) -> list[tuple[int, int]]:
        """The compared pairs (attacker die, defender die); unmatched dice are ignored."""
        return list(zip(self.attack, self.defend))


def compare(attack: Sequence[int], defend: Sequence[int]) -> tuple[int, int]:
    """Losses ``(attacker, defender)`` for one throw (dice in any order)."""
    return compare_sorted(sorted(attack, reverse=True), sorted(defend, reverse=True))


def compare_sorted(a: Sequence[int], d: Sequence[int]) -> tuple[int, int]:
    """Losses ``(attacker, defender)`` for dice already sorted high to low: pairwise, ties to the
    defender, unmatched dice ignored (RULES.md §1.1). The engine's hot path."""
    att_loss = 0
    def_loss = 0
    for x, y in zip(a, d):
        if x > y:
            def_loss += 1
        else:
            att_loss += 1
    return att_loss, def_loss


def resolve_battle(attack: Sequence[int], defend: Sequence[int]) -> BattleResult:
    """Resolve one throw given the dice, e.g. ``resolve_battle([6, 4, 3], [5, 4])``.

    >>> r = resolve_battle(attack=[6, 4, 3], defend=[5, 4])
    >>> (r.attacker_losses, r.defender_losses)
    (1, 1)
    """
    if not attack or not defend:
        raise ValueError("both sides must roll at least one die")
    for v in (*attack, *defend):
        if not isinstance(v, int) or isinstance(v, bool) or v < 1:
            raise ValueError(f"dice must be positive integers, got {v!r}")
    att_loss, def_loss = compare(attack, defend)
    return BattleResult(tuple(sorted(attack, reverse=True)), tuple(sorted(defend, reverse=True)), att_loss, def_loss)
