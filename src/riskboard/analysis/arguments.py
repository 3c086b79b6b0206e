"""The arguments the odds take, checked once for ``battle_odds``, ``throw_odds`` and
``battle_p_win``: a count is any whole number (``int``, a numpy integer, anything
``numbers.Integral``), never a ``bool``, a float or a text; ``rules`` is ``Rules``, a mapping of
the fields to change from the printed rules, or ``None``.

A student's bot computes army counts with numpy and writes house rules as a dict; both should
simply work, and anything else should say what is wanted rather than fail deep inside a cache.

>>> import numpy as np
>>> whole(np.int64(10), "attackers", 0, 100)
10
>>> as_rules({"defence_dice": 3}).defence_dice
3
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from numbers import Integral

from riskboard.engine.combat import Rules
from riskboard.errors import ConfigError
from riskboard.i18n import _
from riskboard.i18n.hints import did_you_mean

PRINTED = Rules()
"""The printed rules: what ``rules=None`` means, and what a mapping changes."""
RULE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Rules) if f.init)
"""The fields a ``rules`` mapping may change."""


def whole(value: object, name: str, least: int, most: int) -> int:
    """``value`` as an ``int`` if it is a whole number from ``least`` to ``most``, else a
    ``ValueError`` that says what was given (as the odds always said of a wrong count)."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        if isinstance(value, float) and value.is_integer():
            hint = _(" (write {whole} without the decimal point, or int({value}))").format(
                whole=int(value), value=value
            )
            raise ValueError(
                _("{name} must be a whole number from {least} to {most}, got {value}{hint}").format(
                    name=name, least=least, most=most, value=repr(value), hint=hint
                )
            )
        raise ValueError(
            _("{name} must be a whole number from {least} to {most}, got {value} (a {kind})").format(
                name=name, least=least, most=most, value=repr(value), kind=type(value).__name__
            )
        )
    number = int(value)
    if not least <= number <= most:
        raise ValueError(
            _("{name} must be a whole number from {least} to {most}, got {value}").format(
                name=name, least=least, most=most, value=number
            )
        )
    return number


def as_rules(rules: object) -> Rules:
    """The ``Rules`` meant by ``rules``: itself, the printed rules for ``None``, or for a mapping
    the printed rules with those fields changed (``{"defence_dice": 3}``); anything else, or a
    mapping with a key ``Rules`` has not, is refused with the valid keys listed."""
    if rules is None:
        return PRINTED
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, Mapping):
        unknown = [key for key in rules if key not in RULE_FIELDS]
        if unknown:
            raise ConfigError(
                _("rules has no {key}{hint}: the rules that can be changed are {valid}").format(
                    key=repr(unknown[0]), hint=did_you_mean(str(unknown[0]), RULE_FIELDS), valid=", ".join(RULE_FIELDS)
                ),
                code="config/unknown_option",
            )
        changes = {
            key: int(value) if isinstance(value, Integral) and not isinstance(value, bool) else value
            for key, value in rules.items()
        }
        return Rules(**{**{f: getattr(PRINTED, f) for f in RULE_FIELDS}, **changes})
    raise TypeError(
        _(
            "rules must be a game's rules (game.rules, or rb.Rules(...)), a dict of the rules to change "
            'such as {{"defence_dice": 3}}, or None for the printed rules; got {value} (a {kind})'
        ).format(value=repr(rules)[:60], kind=type(rules).__name__)
    )
