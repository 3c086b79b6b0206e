"""Events only Balance of Power causes: purchases, missions, cities, capitals, airfields, dice
modifiers and the neutral army's moves. Slotted like the shared events; treat them as read-only."""

from __future__ import annotations

from dataclasses import dataclass

from riskboard.engine.events import Event


@dataclass(slots=True)
class CommandBought(Event):
    player: str
    command: str
    cost: int
    hospital_left: int
    effect: str

    def __str__(self) -> str:
        return f"{self.player} bought {self.command} for {self.cost} ({self.effect}); {self.hospital_left} left in the field hospital"


@dataclass(slots=True)
class MissionCollected(Event):
    player: str
    mission: str
    title: str
    total: int

    def __str__(self) -> str:
        return f"{self.player} collected the mission '{self.title}' ({self.total} collected)"


@dataclass(slots=True)
class UnitsToHospital(Event):
    player: str
    count: int
    total: int

    def __str__(self) -> str:
        return f"{self.count} of {self.player}'s units went to the field hospital ({self.total} there)"


@dataclass(slots=True)
class DiceModified(Event):
    """A die changed before the comparison: a recon reroll or an airfield's +1 (§5.5, D16)."""

    player: str
    reason: str
    before: tuple[int, ...]
    after: tuple[int, ...]

    def __str__(self) -> str:
        return f"{self.player}'s dice {list(self.before)} → {list(self.after)} ({self.reason})"


@dataclass(slots=True)
class AirfieldBuilt(Event):
    player: str
    territory: str

    def __str__(self) -> str:
        return f"{self.player} built an airfield on {self.territory}"


@dataclass(slots=True)
class AirfieldDestroyed(Event):
    player: str
    territory: str

    def __str__(self) -> str:
        return f"{self.player}'s airfield on {self.territory} was destroyed"


@dataclass(slots=True)
class NeutralReinforced(Event):
    player: str
    territory: str
    count: int

    def __str__(self) -> str:
        return f"{self.player} placed {self.count} neutral units on {self.territory} (neutral resistance)"


@dataclass(slots=True)
class UprisingStarted(Event):
    player: str
    source: str
    target: str
    dice: int

    def __str__(self) -> str:
        return f"uprising bought by {self.player}: {self.dice} neutral units from {self.source} attack {self.target}"


@dataclass(slots=True)
class ReinforcementsCounted(Event):
    player: str
    total: int
    detail: str

    def __str__(self) -> str:
        return f"{self.player} receives {self.total} units: {self.detail}"


@dataclass(slots=True)
class CapitalPlaced(Event):
    player: str
    territory: str

    def __str__(self) -> str:
        return f"{self.player}'s capital is {self.territory}"


@dataclass(slots=True)
class SidesChosen(Event):
    player: str
    swapped: bool
    first: str

    def __str__(self) -> str:
        return f"{self.player} {'swapped' if self.swapped else 'kept'} sides; {self.first} goes first"
