"""The 2010 edition's facts as RULES.md §4 (and the seed S003) state them, typed in from the
document (not read from the engine's data), so the tests compare the engine against the
specification. The map itself (territories, continents, neighbours) is ``rules.spec_world``,
typed in from §3.2."""

from __future__ import annotations

from rules.spec_world import CONTINENT_OF, NEIGHBOURS

# §4.6.1 [seed]: base troops and the territory table (lowest, highest, bonus); note 36–39.
BASE_TROOPS = 3
TERRITORY_TABLE = [
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
]

# §4.6.1 [filled]: continent bonuses, the values of classic.
CONTINENT_BONUS = {
    "north_america": 5,
    "south_america": 2,
    "europe": 5,
    "africa": 3,
    "asia": 7,
    "australia": 2,
}
CONTINENTS: dict[str, tuple[str, ...]] = {
    c: tuple(t for t, of in CONTINENT_OF.items() if of == c) for c in CONTINENT_BONUS
}

# §4.6.2: stars traded together -> troops (4 -> 7 is [seed]); at most 10 stars in one trade (D10).
STAR_TABLE = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 13, 7: 17, 8: 21, 9: 25, 10: 30}
MOST_STARS = 10

# §4.9, D12: the 2-star cards are the 14 territories whose card symbol in §3.2 is artillery.
TWO_STARS = frozenset(
    {
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
    }
)
ONE_STAR = tuple(sorted(t for t in NEIGHBOURS if t not in TWO_STARS))
TWO_STAR = tuple(sorted(TWO_STARS))

# §4.3 step 2 [seed]: cards per player by turn position when all 42 are dealt.
SIMPLE_DEAL = {3: (14, 14, 14), 4: (10, 10, 11, 11), 5: (8, 8, 8, 9, 9)}

# §4.3 step 4, D7: cards above the ceasefire card, uniform in a window chosen by the seed's picture
# labels: A "medium 3 players / short 4 players", B "medium 4 / short 5", C "medium 5".
CEASEFIRE_WINDOW = {
    (3, "medium"): (13, 17),
    (4, "short"): (13, 17),
    (4, "medium"): (18, 22),
    (5, "short"): (18, 22),
    (5, "medium"): (23, 27),
}

# §4.4 [seed]: starting troops in the classic variant.
STARTING_TROOPS = {3: 35, 4: 30, 5: 25}

# §4.7 [seed]: territories held at the end of one's turn that win.
SIMPLE_TO_WIN = {3: 25, 4: 20, 5: 15}
TWO_PLAYER_TO_WIN = 30
CLASSIC_TO_WIN = 42

# §4.5 [seed]: the two-player deal.
TWO_PLAYER_CARDS = 12
NEUTRAL_CARDS = 6
RESERVED_CARDS = 3
NEUTRALS = ("neutral_1", "neutral_2", "neutral_3")
TWO_PLAYER_PILE = 33

# §4.6 [seed]: the neutral support.
NEUTRAL_SUPPORT = 3
NEUTRAL_SUPPORT_TERRITORIES = (1, 2, 3)


def territory_bonus(territories: int) -> int:
    """The table's bonus for ``territories`` held (0 below 12)."""
    for low, high, bonus in TERRITORY_TABLE:
        if low <= territories <= high:
            return bonus
    assert territories == 0
    return 0


def stars(cards: list[str] | tuple[str, ...]) -> int:
    return sum(2 if c in TWO_STARS else 1 for c in cards)


def expected_troops(owned: list[str] | tuple[str, ...] | set[str]) -> int:
    """§4.6.1 from the spec's tables: 3 + the territory table + every continent held in full."""
    owned = set(owned)
    total = BASE_TROOPS + territory_bonus(len(owned))
    for continent, members in CONTINENTS.items():
        if set(members) <= owned:
            total += CONTINENT_BONUS[continent]
    return total
