"""The printed facts of the 2010 edition as data (RULES.md §4): the territory table, the star
table, which cards carry two stars, the ceasefire windows, starting troops and winning counts.
Kept apart from the rules so a transcribed deck or another printing can replace them."""

from __future__ import annotations

from types import MappingProxyType

NEUTRALS = ("neutral_1", "neutral_2", "neutral_3")
"""The three neutral armies of the two-player game (§4.5), in the order they are dealt."""

# §4.6.1 [seed]: territories held → bonus troops, printed as bands; note the four-value band
# 36–39. Implemented literally (not as a formula): (lowest, highest, bonus).
TERRITORY_TABLE: tuple[tuple[int, int, int], ...] = (
    (1, 11, 0),
    (12, 14, 1),
    (15, 17, 2),
    (18, 20, 3),
    (21, 23, 4),
    (24, 26, 5),
    (27, 29, 6),
    (30, 32, 7),
    (33, 35, 8),
    (36, 39, 9),
    (40, 42, 10),
)
BASE_TROOPS = 3
"""§4.6.1: "always at least three troops"."""

# §4.6.2: stars traded together → troops (1 → 1 is [filled], low confidence; 4 → 7 is [seed]).
STAR_TABLE = MappingProxyType({1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 13, 7: 17, 8: 21, 9: 25, 10: 30})

# §4.9, D12 [decision]: the printed deck's 2-star cards are unknown; these are the 14 territories
# whose classic card shows artillery (a fixed third of the deck, 56 stars in all). Replace with
# the option ``two_star_cards`` (a list of territory ids).
TWO_STAR_CARDS = (
    "alaska",
    "alberta",
    "ontario",
    "quebec",
    "western_united_states",
    "eastern_united_states",
    "congo",
    "south_africa",
    "yakutsk",
    "kamchatka",
    "irkutsk",
    "china",
    "middle_east",
    "western_australia",
)

# §4.3 step 2 [seed]: cards per player by seat (from the first player) when all 42 are dealt.
SIMPLE_DEAL = MappingProxyType({3: (14, 14, 14), 4: (10, 10, 11, 11), 5: (8, 8, 8, 9, 9)})
TWO_PLAYER_DEAL = (12, 6, 3)
"""§4.5: cards per player, per neutral army, and face down under each neutral army."""

# §4.3 step 4, D7 [decision]: cards above the ceasefire card, drawn uniformly from a window.
CEASEFIRE_WINDOWS = MappingProxyType({"A": (13, 17), "B": (18, 22), "C": (23, 27)})
GAME_LENGTHS = MappingProxyType(
    {
        # (players, game length) → window, as the seed's picture labels them
        (3, "medium"): "A",
        (4, "short"): "A",
        (4, "medium"): "B",
        (5, "short"): "B",
        (5, "medium"): "C",
    }
)

# §4.4 [seed]: starting troops of the classic variant.
STARTING_TROOPS = MappingProxyType({3: 35, 4: 30, 5: 25})

# §4.7 [seed]: territories to hold at the end of your turn.
SIMPLE_TO_WIN = MappingProxyType({3: 25, 4: 20, 5: 15})
TWO_PLAYER_TO_WIN = 30
NEUTRAL_SUPPORT = 3
"""§4.5/4.6: troops the active player adds to one neutral army before placing their own."""
NEUTRAL_SUPPORT_TERRITORIES = 3
"""... on 1 to this many of that army's territories."""
