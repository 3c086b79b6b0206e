"""Events only Balance of Power causes: purchases, missions, cities, capitals, airfields, dice
modifiers and the neutral army's moves. Slotted like the shared events; treat them as read-only.
Their sentences follow the style of ``riskboard.engine.events`` (any name, any count reads right)."""

from __future__ import annotations

from dataclasses import dataclass

from riskboard.engine.events import Event, Words, pieces, plural


@dataclass(slots=True)
class CommandBought(Event):
    player: str
    command: str
    cost: int
    hospital_left: int
    effect: str

    def describe(self, words: Words) -> str:
        return (
            f"{self.player} bought {self.command} for {pieces(self.cost, words)} ({self.effect}); "
            f"{pieces(self.hospital_left, words)} left in the field hospital"
        )


@dataclass(slots=True)
class MissionCollected(Event):
    player: str
    mission: str
    title: str
    total: int

    def describe(self, words: Words) -> str:
        return f"{self.player} collected the mission '{self.title}' ({plural(self.total, 'mission')} collected)"


@dataclass(slots=True)
class UnitsToHospital(Event):
    player: str
    count: int
    total: int

    def describe(self, words: Words) -> str:
        return f"{self.player}: {pieces(self.count, words)} went to the field hospital ({self.total} there)"


@dataclass(slots=True)
class DiceModified(Event):
    """A die changed before the comparison: a recon reroll or an airfield's +1 (§5.5, D16)."""

    player: str
    reason: str
    before: tuple[int, ...]
    after: tuple[int, ...]

    def describe(self, words: Words) -> str:
        return f"{self.player}: dice {list(self.before)} → {list(self.after)} ({self.reason})"


@dataclass(slots=True)
class AirfieldBuilt(Event):
    player: str
    territory: str

    def describe(self, words: Words) -> str:
        return f"{self.player} built an airfield on {self.territory}"


@dataclass(slots=True)
class AirfieldDestroyed(Event):
    player: str
    territory: str

    def describe(self, words: Words) -> str:
        return f"{self.player} lost the airfield on {self.territory}"


@dataclass(slots=True)
class NeutralReinforced(Event):
    player: str
    territory: str
    count: int

    def describe(self, words: Words) -> str:
        neutral = plural(self.count, f"neutral {words['unit']}", f"neutral {words['units']}")
        return f"{self.player} placed {neutral} on {self.territory} (neutral resistance)"


@dataclass(slots=True)
class UprisingStarted(Event):
    player: str
    source: str
    target: str
    dice: int

    def describe(self, words: Words) -> str:
        neutral = plural(self.dice, f"neutral {words['unit']}", f"neutral {words['units']}")
        return f"{self.player} bought an uprising: {neutral} from {self.source} attacked {self.target}"


@dataclass(slots=True)
class ReinforcementsCounted(Event):
    player: str
    total: int
    detail: str

    def describe(self, words: Words) -> str:
        return f"{self.player}: {pieces(self.total, words)} to place ({self.detail})"


@dataclass(slots=True)
class CapitalPlaced(Event):
    player: str
    territory: str

    def describe(self, words: Words) -> str:
        return f"{self.player}: capital on {self.territory}"


@dataclass(slots=True)
class SidesChosen(Event):
    player: str
    swapped: bool
    first: str

    def describe(self, words: Words) -> str:
        return f"{self.player} {'swapped' if self.swapped else 'kept'} sides; first to move: {self.first}"
