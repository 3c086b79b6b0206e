"""The printed facts of classic RISK as data (RULES.md §2): the starting armies, the neutral army
of the two-player game and the armies a set of cards is worth. Kept apart from the rules so another
printing can replace them; the options start from these values (``default_options``)."""

from __future__ import annotations

from types import MappingProxyType

NEUTRAL = "neutral"
"""The neutral army of the two-player game (§2.9)."""

STARTING_ARMIES = MappingProxyType({2: 40, 3: 35, 4: 30, 5: 25, 6: 20})
"""§2.2: players → starting armies each."""

NEUTRAL_ARMIES = 40
"""§2.9: the neutral army's starting armies in the two-player game."""

CARD_VALUES = (4, 6, 8, 10, 12, 15)
"""§2.5: the armies of the first, second, ... set traded in the game."""

CARD_VALUE_STEP = 5
"""§2.5: each later set is worth this many more than the one before."""
