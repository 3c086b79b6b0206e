"""The 2010 edition's own action: ``neutral ARMY T N [T N ...]``, the two-player game's support of
one neutral army before the active player places troops (§4.6). It joins the shared verbs in the
edition's table (``VERBS``), so ``game.apply("neutral neutral_1 alaska 2 kamchatka 1")`` works and
``VERBS.parse(str(a)) == a``."""

from __future__ import annotations

import reprlib
from dataclasses import dataclass
from typing import ClassVar

from riskboard.engine.actions import SHARED, Action, Verbs, checked_count, number
from riskboard.errors import IllegalAction


@dataclass(frozen=True, slots=True)
class NeutralSupport(Action):
    """Add troops to the neutral ``army``: ``placements`` are ``(territory, troops)`` pairs, kept in
    territory order so that one choice has one action (and one text form)."""

    army: str
    placements: tuple[tuple[str, int], ...]
    verb: ClassVar[str] = "neutral"

    def __post_init__(self) -> None:
        if type(self.army) is not str or not self.army.isidentifier():
            raise IllegalAction(f"the neutral army must be a name such as 'neutral_1', got {self.army!r}",
                                code="action/unparsable")  # fmt: skip
        if not isinstance(self.placements, (tuple, list)) or len(self.placements) > 50:
            raise IllegalAction(
                f"the placements are a list of (territory, troops) pairs, got {reprlib.repr(self.placements)}",
                code="action/unparsable",
            )
        pairs = []
        for pair in self.placements:
            try:
                territory, count = pair
            except (TypeError, ValueError):
                raise IllegalAction(
                    f"a placement is (territory, troops), got {pair!r}", code="action/unparsable"
                ) from None
            if type(territory) is not str or not territory.isidentifier():
                raise IllegalAction(
                    f"the territory must be an id, got {reprlib.repr(territory)}", code="action/unparsable"
                )
            pairs.append((territory, checked_count(count, "the number of troops")))
        object.__setattr__(self, "placements", tuple(sorted(pairs)))

    def __str__(self) -> str:
        return " ".join(["neutral", self.army, *(f"{t} {n}" for t, n in self.placements)])


def _parse_neutral(w: list[str], text: str) -> Action:
    if len(w) < 3 or len(w) % 2 == 0:
        raise IllegalAction(f"expected 'neutral ARMY TERRITORY N [TERRITORY N ...]', got {text!r}",
                            code="action/unparsable")  # fmt: skip
    pairs = tuple((w[i], number(w[i + 1], text)) for i in range(1, len(w), 2))
    return NeutralSupport(w[0], pairs)


VERBS: Verbs = SHARED.extend({"neutral": _parse_neutral})
"""The verbs of the 2010 edition: the shared ones and ``neutral``."""
