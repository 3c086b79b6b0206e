"""What a message must not say (the style of ``riskboard.engine.events``): a player's name with a
verb that agrees with it or made possessive, a count whose noun disagrees with it, or another
edition's words. Used by ``test_messages.py`` (the engine's sentences) and the browser tests (the
board's own texts), with the player names "You" and "Ada"."""

from __future__ import annotations

import re

WRONG = [
    # a name followed by a verb that agrees with it, or made possessive
    re.compile(
        r"\b(You|Ada) (is|was|has|does|receives|wins|attacks|defends|goes|holds|owns|places|takes|needs|fulfils)\b"
    ),
    re.compile(r"\b(You|Ada)'s\b"),
    # a count whose noun does not agree with it
    re.compile(
        r"(?<![\d.])1 (neutral |resistance |more |discarded |neutral resistance )?(armies|units|cities|cards|dice|territories|missions|stars)\b"
    ),
    re.compile(
        r"(?<![\d.])2 (neutral |resistance |more |discarded |neutral resistance )?(army|unit|city|card|die|territory|mission|star)\b"
    ),
]
NOT_OURS = {
    "classic": re.compile(r"\b(units?|maneuver)\b"),
    # its rulebook's own "neutral army" (the third owner) aside
    "balance_of_power": re.compile(r"(?<!neutral )\b(army|armies)\b|\bfortify\b"),
}


def wrong(text: str, edition: str | None = None) -> list[str]:
    """What is wrong with ``text``: the patterns it breaks (empty when it reads right)."""
    found = [p.pattern for p in WRONG if p.search(text)]
    if edition is not None and NOT_OURS[edition].search(text):
        found.append(f"not {edition}'s words")
    return found
