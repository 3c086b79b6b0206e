"""Events only Transformers causes: a leader's start zone, a throw with a leader's d8, the
casualty a loser chose, a leader sent to the scrapyard or brought back, a liberation action
stopped or lost, a new round. Slotted like the shared events; their sentences follow the style of
``riskboard.engine.events``."""

from __future__ import annotations

from dataclasses import dataclass

from riskboard.engine.events import DiceRolled, Event, Words
from riskboard.i18n import _, ngettext


@dataclass(slots=True)
class LeaderPlaced(Event):
    player: str
    leader: str
    territory: str

    def describe(self, words: Words) -> str:
        return _("{player} placed {leader} and 1 robot on {territory}").format(
            player=self.player, leader=_name(self.leader), territory=self.territory
        )


@dataclass(slots=True)
class LeaderDiceRolled(DiceRolled):
    """A throw in which a leader rolled its d8: ``attack_sides``/``defend_sides`` give each die's
    faces, in the order of ``attack``/``defend`` (sorted high to low)."""

    attack_sides: tuple[int, ...] = ()
    defend_sides: tuple[int, ...] = ()

    def describe(self, words: Words) -> str:
        def shown(dice: tuple[int, ...], sides: tuple[int, ...]) -> str:
            return "[" + ", ".join(f"{d} (d{s})" if s != 6 else str(d) for d, s in zip(dice, sides)) + "]"

        return _(
            "{attacker} attacked {target} from {source}: {attack} v {defend}; {attacker} lost {attacker_losses}, "
            "{defender} lost {defender_losses}"
        ).format(
            attacker=self.attacker,
            target=self.target,
            source=self.source,
            attack=shown(self.attack, self.attack_sides),
            defend=shown(self.defend, self.defend_sides),
            attacker_losses=self.attacker_losses,
            defender=self.defender,
            defender_losses=self.defender_losses,
        )


@dataclass(slots=True)
class LeaderScrapped(Event):
    """A leader went to its owner's scrapyard (§6.6)."""

    player: str
    leader: str
    territory: str

    def describe(self, words: Words) -> str:
        return _("{leader} of {player} fell on {territory} and went to the scrapyard").format(
            leader=_name(self.leader), player=self.player, territory=self.territory
        )


@dataclass(slots=True)
class LeaderRevived(Event):
    player: str
    leader: str
    territory: str
    cost: int

    def describe(self, words: Words) -> str:
        return ngettext(
            "{player} brought {leader} back from the scrapyard to {territory} for {n} robot",
            "{player} brought {leader} back from the scrapyard to {territory} for {n} robots",
            self.cost,
        ).format(player=self.player, leader=_name(self.leader), territory=self.territory, n=self.cost)


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
            return _("{player} lost the liberation action on {target}: 1 robot left in {source}").format(
                player=self.player, target=self.target, source=self.source
            )
        return _("{player} stopped the liberation action on {target}").format(player=self.player, target=self.target)


@dataclass(slots=True)
class RoundStarted(Event):
    round: int
    rounds: int

    def describe(self, words: Words) -> str:
        return _("round {round} of {rounds} begins").format(round=self.round, rounds=self.rounds)


@dataclass(slots=True)
class ArmyDestroyed(Event):
    """§6.7: a player with nothing left on the board is out; their cards go back into the pile."""

    player: str
    by: str
    cards: int

    def describe(self, words: Words) -> str:
        if not self.cards:
            return _("{by} destroyed the army of {player}").format(by=self.by, player=self.player)
        return ngettext(
            "{by} destroyed the army of {player}; {n} card went back into the draw pile",
            "{by} destroyed the army of {player}; {n} cards went back into the draw pile",
            self.cards,
        ).format(by=self.by, player=self.player, n=self.cards)


def _name(leader: str) -> str:
    from riskboard.rulesets.transformers.words import leader_name

    return leader_name(leader)
