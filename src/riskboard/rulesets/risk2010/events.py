"""Events only the 2010 edition causes: the neutral support of the two-player game, a neutral
army's elimination, the troops counted at the start of a turn, the ceasefire. Slotted like the
shared events; their sentences follow the style of ``riskboard.engine.events``."""

from __future__ import annotations

from dataclasses import dataclass

from riskboard.engine.events import Event, Words, pieces, plural


@dataclass(slots=True)
class NeutralArmyReinforced(Event):
    """§4.6: the active player added troops to one neutral army, on 1 to 3 of its territories."""

    player: str
    army: str
    placements: tuple[tuple[str, int], ...]

    def describe(self, words: Words) -> str:
        where = ", ".join(f"{pieces(n, words)} on {t}" for t, n in self.placements)
        return f"{self.player} reinforced {self.army}: {where}"


@dataclass(slots=True)
class NeutralArmyEliminated(Event):
    """§4.8: the last territory of a neutral army fell; its reserved cards went to the conqueror."""

    army: str
    conqueror: str
    cards: int

    def describe(self, words: Words) -> str:
        return f"{self.conqueror} eliminated {self.army} and took its {plural(self.cards, 'reserved card')}"


@dataclass(slots=True)
class TroopsCounted(Event):
    """§4.6.1: the troops of a turn, and where they come from."""

    player: str
    troops: int
    detail: str

    def describe(self, words: Words) -> str:
        return f"{self.player}: {pieces(self.troops, words)} to place ({self.detail})"


@dataclass(slots=True)
class CeasefireDrawn(Event):
    """§4.7: the ceasefire card came up; the game ends at once."""

    player: str
    standings: str

    def describe(self, words: Words) -> str:
        return f"{self.player} drew the ceasefire card: the game ends ({self.standings})"
