"""Events only Balance of Power causes: purchases, missions, cities, capitals, airfields, dice
modifiers and the neutral army's moves. Slotted like the shared events; treat them as read-only.
Their sentences follow the style of ``riskboard.engine.events`` (any name, any count reads right)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from riskboard.engine.events import Event, Words, pieces
from riskboard.i18n import N_, _, get_language, ngettext, pgettext
from riskboard.rulesets.balance_of_power.data import COMMAND_TEXT


@dataclass(slots=True)
class CommandBought(Event):
    player: str
    command: str
    cost: int
    hospital_left: int
    effect: str

    def describe(self, words: Words) -> str:
        from riskboard.rulesets.balance_of_power.words import command_effect, command_name

        effect = command_effect(self.command) if self.command in COMMAND_TEXT else self.effect
        return _("{player} bought {command} for {cost} ({effect}); {left} left in the field hospital").format(
            player=self.player,
            command=command_name(self.command),
            cost=pieces(self.cost, words),
            effect=effect.split(": ", 1)[-1],  # the command's name stands in front already
            left=pieces(self.hospital_left, words),
        )


@dataclass(slots=True)
class MissionCollected(Event):
    player: str
    mission: str
    title: str
    total: int

    def describe(self, words: Words) -> str:
        return ngettext(
            "{player} collected the mission '{title}' ({n} mission collected)",
            "{player} collected the mission '{title}' ({n} missions collected)",
            self.total,
        ).format(player=self.player, title=_(self.title), n=self.total)


@dataclass(slots=True)
class UnitsToHospital(Event):
    player: str
    count: int
    total: int

    def describe(self, words: Words) -> str:
        return _("{player}: {units} went to the field hospital ({total} there)").format(
            player=self.player, units=pieces(self.count, words), total=self.total
        )


@dataclass(slots=True)
class DiceModified(Event):
    """A die changed before the comparison: a recon reroll or an airfield's +1 (§5.5, D16)."""

    player: str
    reason: str
    before: tuple[int, ...]
    after: tuple[int, ...]

    def describe(self, words: Words) -> str:
        return _("{player}: dice {before} → {after} ({reason})").format(
            player=self.player, before=list(self.before), after=list(self.after), reason=_(self.reason)
        )


@dataclass(slots=True)
class AirfieldBuilt(Event):
    player: str
    territory: str

    def describe(self, words: Words) -> str:
        return _("{player} built an airfield on {territory}").format(player=self.player, territory=self.territory)


@dataclass(slots=True)
class AirfieldDestroyed(Event):
    player: str
    territory: str

    def describe(self, words: Words) -> str:
        return _("{player} lost the airfield on {territory}").format(player=self.player, territory=self.territory)


@dataclass(slots=True)
class NeutralReinforced(Event):
    player: str
    territory: str
    count: int

    def describe(self, words: Words) -> str:
        return ngettext(
            "{player} placed {n} neutral unit on {territory} (neutral resistance)",
            "{player} placed {n} neutral units on {territory} (neutral resistance)",
            self.count,
        ).format(player=self.player, n=self.count, territory=self.territory)


@dataclass(slots=True)
class UprisingStarted(Event):
    player: str
    source: str
    target: str
    dice: int

    def describe(self, words: Words) -> str:
        return ngettext(
            "{player} bought an uprising: {n} neutral unit from {source} attacked {target}",
            "{player} bought an uprising: {n} neutral units from {source} attacked {target}",
            self.dice,
        ).format(player=self.player, n=self.dice, source=self.source, target=self.target)


@dataclass(slots=True)
class ReinforcementsCounted(Event):
    """The reinforcements of a turn and how they add up (§5.8), kept as numbers so that ``detail``
    says it in the language spoken."""

    player: str
    total: int
    income: Income

    @property
    def detail(self) -> str:
        return income_text(self.income)

    def describe(self, words: Words) -> str:
        return _("{player}: {units} to place ({detail})").format(
            player=self.player, units=pieces(self.total, words), detail=self.detail
        )


class Income(NamedTuple):
    """How a turn's reinforcements add up (§5.8): the base for territories and cities, each held
    region's bonus, the capitals, the reinforcements bought this turn and, where the limit of units
    cuts them, how many can be held (``held``; ``None`` when all can)."""

    base: int
    territories: int
    cities: int
    regions: tuple[tuple[str, int], ...] = ()
    capitals: int = 0
    bought: int = 0
    held: int | None = None
    most: int = 0

    @property
    def total(self) -> int:
        return self.base + sum(bonus for _region, bonus in self.regions) + self.capitals + self.bought


def income_text(income: Income) -> str:
    """``income`` in words: "3 for 9 territories and 0 cities + 5 for region yellow + 1 for a capital"."""
    counted = ngettext("{n} territory and {cities}", "{n} territories and {cities}", income.territories).format(
        n=income.territories, cities=ngettext("{n} city", "{n} cities", income.cities).format(n=income.cities)
    )
    parts = [_("{base} for {counted}").format(base=income.base, counted=counted)]
    for region, bonus in income.regions:
        parts.append(_("{bonus} for region {region}").format(bonus=bonus, region=region_name(region)))
    if income.capitals:
        text = _("{n} for both capitals") if income.capitals == 2 else _("{n} for a capital")
        parts.append(text.format(n=income.capitals))
    out = " + ".join(parts)
    if income.bought:
        out += _(" + {n} bought in the field hospital").format(n=income.bought)
    if income.held is not None:
        out += ngettext(
            ", of which {n} can be held (at most {most} units)",
            ", of which {n} can be held (at most {most} units)",
            income.held,
        ).format(n=income.held, most=income.most)
    return out


def region_name(region: str) -> str:
    """A region of the Europe map by its id ("yellow"), in the language spoken (the map's name)."""
    if get_language() == "en":
        return region
    return pgettext("europe", region.title())


@dataclass(slots=True)
class CapitalPlaced(Event):
    player: str
    territory: str

    def describe(self, words: Words) -> str:
        return _("{player}: capital on {territory}").format(player=self.player, territory=self.territory)


@dataclass(slots=True)
class SidesChosen(Event):
    player: str
    swapped: bool
    first: str

    def describe(self, words: Words) -> str:
        text = (
            N_("{player} swapped sides; first to move: {first}")
            if self.swapped
            else N_("{player} kept sides; first to move: {first}")
        )
        return _(text).format(player=self.player, first=self.first)
