"""Territory cards with symbols: the deck, what makes a set, and the escalating set values.

Card ids are territory ids; the wild cards are ``wild_1`` and ``wild_2`` (RULES.md §2.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from riskboard.maps import GameMap

WILDS = ("wild_1", "wild_2")
WILD = "wild"


def build_deck(game_map: GameMap, wilds: int = 2) -> tuple[str, ...]:
    """The playing deck: one card per territory plus ``wilds`` wild cards, sorted."""
    return tuple(sorted(game_map.ids + WILDS[:wilds]))


def card_symbols(game_map: GameMap) -> dict[str, str]:
    """Card id → symbol (``infantry``/``cavalry``/``artillery``/``wild``)."""
    symbols = {t.id: t.card_symbol or WILD for t in game_map.territories}
    for w in WILDS:
        symbols[w] = WILD
    return symbols


def is_set(symbols: Sequence[str]) -> bool:
    """Three cards form a set: three alike, one of each, or any with a wild."""
    if len(symbols) != 3:
        return False
    if WILD in symbols:
        return True
    distinct = len(set(symbols))
    return distinct == 1 or distinct == 3


def sets_in_hand(hand: Sequence[str], symbols: dict[str, str]) -> list[tuple[str, str, str]]:
    """Every set that can be made from ``hand``, in hand order (no duplicates)."""
    return [c for c in combinations(hand, 3) if is_set([symbols[x] for x in c])]  # type: ignore[misc]


def set_value(n: int, values: Sequence[int], step: int) -> int:
    """Armies for the ``n``-th set traded in the whole game (1-based): 4, 6, 8, 10, 12, 15, then +step."""
    if n < 1:
        raise ValueError("sets are counted from 1")
    if n <= len(values):
        return int(values[n - 1])
    return int(values[-1]) + step * (n - len(values))
