"""Events only Transformers causes: a leader's start zone, a throw with a leader's d8, the
casualty a loser chose, a leader sent to the scrapyard or brought back, a liberation action
stopped or lost, a new round. Slotted like the shared events; their sentences follow the style of
``riskboard.engine.events``."""

from __future__ import annotations

from dataclasses import dataclass

from riskboard.engine.events import DiceRolled, Event, Words, plural


@dataclass(slots=True)
class LeaderPlaced(Event):
    player: str
    leader: str
    territory: str

    def describe(self, words: Words) -> str:
        return f"{self.player} placed {_name(self.leader)} and 1 robot on {self.territory}"


@dataclass(slots=True)
class LeaderDiceRolled(DiceRolled):
    """A throw in which a leader rolled its d8: ``attack_sides``/``defend_sides`` give each die's
    faces, in the order of ``attack``/``defend`` (sorted high to low)."""

    attack_sides: tuple[int, ...] = ()
    defend_sides: tuple[int, ...] = ()

    def describe(self, words: Words) -> str:
        def shown(dice: tuple[int, ...], sides: tuple[int, ...]) -> str:
            return "[" + ", ".join(f"{d} (d{s})" if s != 6 else str(d) for d, s in zip(dice, sides)) + "]"

        return (
            f"{self.attacker} attacked {self.target} from {self.source}: {shown(self.attack, self.attack_sides)} v "
            f"{shown(self.defend, self.defend_sides)}; {self.attacker} lost {self.attacker_losses}, "
            f"{self.defender} lost {self.defender_losses}"
        )


@dataclass(slots=True)
class LeaderScrapped(Event):
    """A leader went to its owner's scrapyard (§6.6)."""

    player: str
    leader: str
    territory: str

    def describe(self, words: Words) -> str:
        return f"{_name(self.leader)} of {self.player} fell on {self.territory} and went to the scrapyard"


@dataclass(slots=True)
class LeaderRevived(Event):
    player: str
    leader: str
    territory: str
    cost: int

    def describe(self, words: Words) -> str:
        return (
            f"{self.player} brought {_name(self.leader)} back from the scrapyard to {self.territory} "
            f"for {plural(self.cost, 'robot')}"
        )


@dataclass(slots=True)
class ActionEnded(Event):
    """A liberation action ended without liberating its zone: ``stopped`` (outcome 2, the
    attacker's choice) or ``lost`` (outcome 3: one robot left in the origin zone)."""

    player: str
    source: str
    target: str
    how: str

    def describe(self, words: Words) -> str:
        if self.how == "lost":
            return f"{self.player} lost the liberation action on {self.target}: 1 robot left in {self.source}"
        return f"{self.player} stopped the liberation action on {self.target}"


@dataclass(slots=True)
class RoundStarted(Event):
    round: int
    rounds: int

    def describe(self, words: Words) -> str:
        return f"round {self.round} of {self.rounds} begins"


@dataclass(slots=True)
class ArmyDestroyed(Event):
    """§6.7: a player with nothing left on the board is out; their cards go back into the pile."""

    player: str
    by: str
    cards: int

    def describe(self, words: Words) -> str:
        back = f"; {plural(self.cards, 'card')} went back into the draw pile" if self.cards else ""
        return f"{self.by} destroyed the army of {self.player}{back}"


def _name(leader: str) -> str:
    return leader.replace("_", " ").title()
