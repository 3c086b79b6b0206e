"""What values each option takes, stated once per edition, and the one check every option passes.

An option either works in every position it can lead to or is refused, before the game starts,
with a ``ConfigError`` that names the values it accepts: an edition declares a ``Domain`` for
every option it has (``BaseRuleset.option_domains``), the registry's ``resolve_options`` checks
each value given against it, and the edition's ``validate_options`` checks only what one domain
cannot say (tables, lists, options that depend on each other). Numbers are whole numbers of
Python's ``int`` (never ``bool`` or ``float``, which JSON and ``int()`` would turn into something
else), each between bounds that keep every count of the game within what a save holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from riskboard.engine.combat import FORTIFY, MOST_DICE, TIES
from riskboard.errors import ConfigError
from riskboard.i18n import _


def _bad(message: str) -> ConfigError:
    return ConfigError(message, code="config/bad_option")


def is_whole(value: object) -> bool:
    """A whole number as options take them: an ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Flag:
    """``True`` or ``False``."""

    def check(self, name: str, value: Any) -> Any:
        if not isinstance(value, bool):
            raise _bad(
                _("option {name} must be true or false, got {value}").format(name=repr(name), value=f"{value!r:.60}")
            )
        return value


@dataclass(frozen=True)
class Whole:
    """A whole number from ``least`` to ``most``."""

    least: int
    most: int

    def check(self, name: str, value: Any) -> Any:
        if not is_whole(value) or not self.least <= value <= self.most:
            raise _bad(
                _("option {name} must be a whole number from {least} to {most}, got {value}").format(
                    name=repr(name), least=self.least, most=self.most, value=f"{value!r:.60}"
                )
            )
        return value


@dataclass(frozen=True)
class OneOf:
    """One of a few words (or ``None``, where it is one of them)."""

    choices: tuple[Any, ...]

    def check(self, name: str, value: Any) -> Any:
        if not any(value is c or (type(value) is type(c) and value == c) for c in self.choices):
            shown = ", ".join(repr(c) for c in self.choices)
            raise _bad(
                _("option {name} must be one of {choices}, got {value}").format(
                    name=repr(name), choices=shown, value=f"{value!r:.60}"
                )
            )
        return value


@dataclass(frozen=True)
class Checked:
    """A value the edition's ``validate_options`` checks (a table, a list, ``None`` or a list)."""

    what: str
    """What it takes, in words, for the message of a value of the wrong kind."""

    def check(self, name: str, value: Any) -> Any:
        return value


Domain = Flag | Whole | OneOf | Checked


WINNING_COUNTS = OneOf(("start", "players_left"))
"""``winning_count`` (risk2010, D38): the territories that win are counted for the players who
started (``"start"``) or for the players still in (``"players_left"``)."""


def house_rule_domains() -> dict[str, Domain]:
    """The house rules every edition with ``Rules`` options shares: dice on each side, who wins a
    tie, how far the end-of-turn move goes."""
    return {
        "attack_dice": Whole(1, MOST_DICE),
        "defence_dice": Whole(1, MOST_DICE),
        "ties": OneOf(TIES),
        "fortify": OneOf(FORTIFY),
    }


def count_table(name: str, table: Any, least_of: Mapping[int, int], most: int) -> dict[str, int]:
    """A table of a number per player count (``{"3": 35, "4": 30}``; keys as numbers or digits),
    each count one of ``least_of``'s and its number from ``least_of[count]`` to ``most``."""
    if not isinstance(table, Mapping) or len(table) > len(least_of):
        raise _bad(
            _("option {name} must map player counts ({counts}) to whole numbers").format(
                name=repr(name), counts=", ".join(map(str, least_of))
            )
        )
    out: dict[str, int] = {}
    for key, value in table.items():
        digits = isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 3
        count = key if is_whole(key) else int(key) if digits else None
        if count is None or count not in least_of:
            raise _bad(
                _("option {name}: {key} is not a player count ({counts})").format(
                    name=repr(name), key=f"{key!r:.20}", counts=", ".join(map(str, least_of))
                )
            )
        least = least_of[count]
        if not is_whole(value) or not least <= value <= most:
            raise _bad(
                _("option {name}: for {count} players give a whole number from {least} to {most}, got {value}").format(
                    name=repr(name), count=count, least=least, most=most, value=f"{value!r:.40}"
                )
            )
        out[str(count)] = value
    return out
