"""The rules of a throw and the rules of a game, stated once: ``Rules`` and ``resolve_battle``.

``Rules`` is what a game's battles, moves and cards follow: how many dice each side may roll and
of which kind, who wins a tie, what changes a die, how far the end-of-turn move goes and what a
card of your own territory adds. A ruleset states them (``Ruleset.rules``, with the game's house
rules applied, and ``Ruleset.battle_rules`` for one battle, e.g. Balance of Power's difficult
terrain), and everything else asks: the engine's handlers, the bots, the exact odds
(``rb.battle_odds(10, 10, rules=game.rules)``), the board and the static picture (RULES.md §1.1).

>>> Rules().attacking(10), Rules().defending(10), Rules(defence_dice=3).defending(10)
(3, 2, 3)
>>> Rules().compare([6, 4, 3], [6, 4]), Rules(ties="attacker").compare([6, 4, 3], [6, 4])
((2, 0), (0, 2))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from riskboard.errors import ConfigError
from riskboard.i18n import _

TIES = ("defender", "attacker")
"""Who wins when the compared dice show the same number: the printed rule, or its house rule."""
FORTIFY = ("adjacent", "connected", "none")
"""How far the end-of-turn move may go: to a neighbour (classic), along own territories, or not at all."""
MOST_DICE = 6
"""The most dice one side may ever be given (a house rule's limit: more is not a battle of dice)."""
DICE_TABLE = 64
"""``Rules`` tabulates the dice of territories holding fewer units than this."""


def _whole(value: object, least: int, most: int, name: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise ConfigError(
            _("{name} must be a whole number from {least} to {most}, got {value}").format(
                name=name, least=least, most=most, value=repr(value)
            ),
            code="config/bad_option",
        )


def _one_of(name: str, accepted: Sequence[str], value: object) -> str:
    return _("{name} must be one of {accepted}, got {value}").format(
        name=name, accepted=", ".join(accepted), value=repr(value)
    )


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules one game (or one battle of it) follows; see the module docstring."""

    attack_dice: int = 3
    """The most dice an attack rolls (one unit always stays behind)."""
    defence_dice: int = 2
    """The most dice a defender rolls (never more than the units defending)."""
    ties: str = "defender"
    """Who wins a tie: ``"defender"`` as printed, or ``"attacker"``."""
    sides: int = 6
    """The faces of a die."""
    leader_sides: int = 8
    """The faces of a leader's die, where an edition has leaders (Transformers, RULES.md §6.4
    [seed]: a leader rolls a d8 where robots roll ``sides``). The one statement of the leader's die:
    the edition's throws, saves and board, and the odds (``battle_odds(..., attacker_leader=True)``)
    read it here."""
    attack_bonus: int = 0
    """Added to the attacker's highest die (Balance of Power: an airfield, +1)."""
    defence_bonus: int = 0
    """Added to the defender's highest die."""
    rerolls: int = 0
    """How many of the attacker's 1s are rolled again until they show something else (recon)."""
    fortify: str = "adjacent"
    """How far the end-of-turn move goes: ``"adjacent"``, ``"connected"`` (own territories) or ``"none"``."""
    territory_bonus: int = 0
    """Armies a traded card of a territory you own puts there (once a turn); 0 where cards give none."""
    modified: bool = field(init=False, repr=False, compare=False)
    """Whether anything changes the dice after they are rolled (a bonus or a reroll)."""
    attacking_by_units: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """``attacking(units)`` for ``units`` below ``DICE_TABLE``: the blitz loop reads it throw after throw."""
    defending_by_units: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """``defending(units)`` likewise."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "modified", bool(self.attack_bonus or self.defence_bonus or self.rerolls))
        _whole(self.attack_dice, 1, MOST_DICE, "attack_dice")
        _whole(self.defence_dice, 1, MOST_DICE, "defence_dice")
        _whole(self.sides, 2, 20, "sides")
        _whole(self.leader_sides, 2, 20, "leader_sides")
        for name in ("attack_bonus", "defence_bonus", "rerolls", "territory_bonus"):
            _whole(getattr(self, name), 0, 100, name)
        if self.ties not in TIES:
            raise ConfigError(_one_of("ties", TIES, self.ties), code="config/bad_option")
        if self.fortify not in FORTIFY:
            raise ConfigError(_one_of("fortify", FORTIFY, self.fortify), code="config/bad_option")
        object.__setattr__(self, "attacking_by_units", tuple(self.attacking(u) for u in range(DICE_TABLE)))
        object.__setattr__(self, "defending_by_units", tuple(self.defending(u) for u in range(DICE_TABLE)))

    def attacking(self, units: int) -> int:
        """The most dice an attack from a territory of ``units`` may roll: one unit stays behind."""
        most = self.attack_dice
        return most if units > most else units - 1

    def defending(self, units: int) -> int:
        """The most dice a territory of ``units`` may defend with."""
        most = self.defence_dice
        return most if units >= most else units

    def compare(self, attack: Sequence[int], defend: Sequence[int]) -> tuple[int, int]:
        """Losses ``(attacker, defender)`` for dice sorted high to low: highest against highest,
        then next against next, unmatched dice ignored, ties as ``ties`` says (RULES.md §1.1)."""
        return compare_sorted(attack, defend, self.ties)

    def with_changes(self, **changes: int) -> Rules:
        """These rules with some fields changed (one battle's limits and modifiers); cached, as a
        battle asks for its rules before every throw."""
        return _changed(self, tuple(sorted(changes.items())))

    def describe(self) -> str:
        """The rules in a sentence, e.g. for the odds a lesson shows."""
        parts = [
            _("attacker up to {n} dice").format(n=self.attack_dice),
            _("defender up to {n}").format(n=self.defence_dice),
            _("ties to the attacker") if self.ties == "attacker" else _("ties to the defender"),
        ]
        if self.attack_bonus:
            parts.append(_("+{n} on the attacker's highest die").format(n=self.attack_bonus))
        if self.defence_bonus:
            parts.append(_("+{n} on the defender's highest die").format(n=self.defence_bonus))
        if self.rerolls:
            parts.append(_("{n} attacking 1s rolled again").format(n=self.rerolls))
        return ", ".join(parts)


@lru_cache(maxsize=1024)
def _changed(rules: Rules, changes: tuple[tuple[str, int], ...]) -> Rules:
    fields: dict[str, Any] = dict(changes)  # only counts change (with_changes), whatever the field's type
    return replace(rules, **fields)


def compare(attack: Sequence[int], defend: Sequence[int], ties: str = "defender") -> tuple[int, int]:
    """Losses ``(attacker, defender)`` for one throw, the dice in any order."""
    return compare_sorted(sorted(attack, reverse=True), sorted(defend, reverse=True), ties)


def compare_sorted(a: Sequence[int], d: Sequence[int], ties: str = "defender") -> tuple[int, int]:
    """Losses ``(attacker, defender)`` for dice already sorted high to low (``Rules.compare``)."""
    att_loss = 0
    def_loss = 0
    if ties == "defender":
        for x, y in zip(a, d):
            if x > y:
                def_loss += 1
            else:
                att_loss += 1
    else:
        for x, y in zip(a, d):
            if x >= y:
                def_loss += 1
            else:
                att_loss += 1
    return att_loss, def_loss


@dataclass(frozen=True)
class BattleResult:
    """The outcome of one throw: the dice sorted high to low and the armies each side loses."""

    attack: tuple[int, ...]
    defend: tuple[int, ...]
    attacker_losses: int
    defender_losses: int

    @property
    def pairs(self) -> list[tuple[int, int]]:
        """The compared pairs (attacker die, defender die); unmatched dice are ignored."""
        return list(zip(self.attack, self.defend))


def resolve_battle(attack: Sequence[int], defend: Sequence[int], rules: Rules | None = None) -> BattleResult:
    """Resolve one throw given the dice, e.g. ``resolve_battle([6, 4, 3], [5, 4])`` (ties follow
    ``rules``, to the defender by default).

    >>> r = resolve_battle(attack=[6, 4, 3], defend=[5, 4])
    >>> (r.attacker_losses, r.defender_losses)
    (1, 1)
    """
    if not attack or not defend:
        raise ValueError("both sides must roll at least one die")
    for v in (*attack, *defend):
        if not isinstance(v, int) or isinstance(v, bool) or v < 1:
            raise ValueError(f"dice must be positive integers, got {v!r}")
    att = tuple(sorted(attack, reverse=True))
    de = tuple(sorted(defend, reverse=True))
    att_loss, def_loss = (rules or Rules()).compare(att, de)
    return BattleResult(att, de, att_loss, def_loss)
