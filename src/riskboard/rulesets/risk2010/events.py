"""Events only the 2010 edition causes: the neutral support of the two-player game, a neutral
army's elimination, the troops counted at the start of a turn, the ceasefire. Slotted like the
shared events; their sentences follow the style of ``riskboard.engine.events``."""

from __future__ import annotations

from dataclasses import dataclass

from riskboard.engine.events import Event, Words, pieces
from riskboard.i18n import _, ngettext


@dataclass(slots=True)
class NeutralArmyReinforced(Event):
    """§4.6: the active player added troops to one neutral army, on 1 to 3 of its territories."""

    player: str
    army: str
    placements: tuple[tuple[str, int], ...]

    def describe(self, words: Words) -> str:
        where = ", ".join(
            _("{pieces} on {territory}").format(pieces=pieces(n, words), territory=t) for t, n in self.placements
        )
        return _("{player} reinforced {army}: {placements}").format(
            player=self.player, army=self.army, placements=where
        )


@dataclass(slots=True)
class NeutralArmyEliminated(Event):
    """§4.8: the last territory of a neutral army fell; its reserved cards went to the conqueror."""

    army: str
    conqueror: str
    cards: int

    def describe(self, words: Words) -> str:
        return ngettext(
            "{player} eliminated {army} and took its {n} reserved card",
            "{player} eliminated {army} and took its {n} reserved cards",
            self.cards,
        ).format(player=self.conqueror, army=self.army, n=self.cards)


@dataclass(slots=True)
class TroopsCounted(Event):
    """§4.6.1: the troops of a turn, and where they come from."""

    player: str
    troops: int
    detail: str

    def describe(self, words: Words) -> str:
        return _("{player}: {pieces} to place ({detail})").format(
            player=self.player, pieces=pieces(self.troops, words), detail=self.detail
        )


@dataclass(slots=True)
class CeasefireDrawn(Event):
    """§4.7: the ceasefire card came up; the game ends at once."""

    player: str
    standings: str

    def describe(self, words: Words) -> str:
        return _("{player} drew the ceasefire card: the game ends ({standings})").format(
            player=self.player, standings=self.standings
        )
