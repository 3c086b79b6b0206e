"""Languages: every sentence a person reads, in English, German, Swedish or Japanese.

The machinery is the Python ecosystem's standard one: gettext catalogs (``.po`` files, one per
language and part, managed with Babel: ``python -m riskboard.i18n.maintain``), plural forms by
CLDR (so "1 Einheit / 2 Einheiten", and Japanese without plural), numbers and percentages in the
language's own format (German and Swedish write "76,9 %"). English is the source language: its
text is the message id itself, so an English game needs no catalog.

Which language is spoken: ``set_language(code)`` sets the default for the whole process;
``using(code)`` speaks another one for a block of code (a board in German in an English notebook
builds its payload inside ``using("de")``). Both follow ``contextvars``, so threads and asyncio
tasks each keep their own block's language.

How code marks its sentences (the extractor finds these names):

- ``_("You may attack")``; named placeholders in ``str.format`` style, filled after the lookup:
  ``_("{player} conquered {territory}").format(player=..., territory=...)``.
- ``ngettext("{n} army", "{n} armies", n).format(n=n)`` for a count (the language's plural rule
  picks the form; Japanese has one).
- ``pgettext(context, text)`` where one English word has two meanings (a map's names use the
  map's id as context).
- ``N_("...")`` and ``Nn_("...", "...")`` mark a text kept in a constant; translate it where it
  is used: ``_(PROMPTS[decision])``.

Codes (``IllegalAction.code``) are never translated.
"""

from __future__ import annotations

import contextvars
import gettext as gettext_module
from collections.abc import Iterator
from contextlib import contextmanager

from riskboard.errors import ConfigError

LANGUAGES: tuple[str, ...] = ("en", "de", "sv", "ja")
"""The languages the board and the messages speak (the rulebooks' languages and English)."""

LANGUAGE_NAMES: dict[str, str] = {"en": "English", "de": "Deutsch", "sv": "Svenska", "ja": "日本語"}
"""Each language in its own words, for a language chooser."""

_default = "en"
_override: contextvars.ContextVar[str | None] = contextvars.ContextVar("riskboard_language", default=None)


def checked_language(code: object) -> str:
    """``code`` if it is a language the package speaks, else ``ConfigError`` listing them."""
    if not isinstance(code, str) or code not in LANGUAGES:
        raise ConfigError(
            f"unknown language {code!r}: riskboard speaks {', '.join(repr(c) for c in LANGUAGES)}",
            code="config/language",
        )
    return code


def set_language(code: str) -> None:
    """Speak ``code`` ("en", "de", "sv" or "ja") from now on, wherever no board or block says
    otherwise. An unknown code raises ``ConfigError`` and changes nothing."""
    global _default
    _default = checked_language(code)


def get_language() -> str:
    """The language spoken here and now (a ``using`` block's, else the default)."""
    return _override.get() or _default


@contextmanager
def using(code: str | None) -> Iterator[str]:
    """Speak ``code`` inside the block (``None``: the default language, as if there were no
    block). Yields the language spoken."""
    if code is None:
        yield get_language()
        return
    token = speak(code)
    try:
        yield code
    finally:
        unspeak(token)


def speak(code: str) -> contextvars.Token[str | None]:
    """Speak ``code`` until ``unspeak`` of the token returned: ``using`` without its ``with``
    block, for a caller that runs after every action (the board's redraw)."""
    return _override.set(checked_language(code))


def unspeak(token: contextvars.Token[str | None]) -> None:
    """End the ``speak`` that returned ``token``."""
    _override.reset(token)


def _translations() -> gettext_module.NullTranslations:
    from riskboard.i18n.catalogs import translations

    return translations(get_language())


def gettext(message: str) -> str:
    """``message`` in the language spoken (English: itself)."""
    language = _override.get() or _default
    if language == "en":
        return message
    return _translations().gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` in the language spoken."""
    language = _override.get() or _default
    if language == "en":
        return singular if n == 1 else plural
    return _translations().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language spoken, where ``context`` tells two meanings apart."""
    language = _override.get() or _default
    if language == "en":
        return message
    return _translations().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """``ngettext`` with a context."""
    language = _override.get() or _default
    if language == "en":
        return singular if n == 1 else plural
    return _translations().npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it (a constant's text)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a counted message for the catalogs without translating it: ``ngettext(*pair, n)``."""
    return singular, plural


def format_number(value: float, decimals: int = 0) -> str:
    """``value`` with ``decimals`` digits in the language's format ("1,234.5"; German "1.234,5")."""
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * decimals if decimals > 0 else "")
    return str(format_decimal(value, format=pattern, locale=get_language()))


def format_percent(share: float, decimals: int = 1) -> str:
    """A share (0.769) as a percentage in the language's format: "76.9%", German "76,9 %"."""
    from babel import Locale
    from babel.numbers import parse_pattern

    pattern = parse_pattern(Locale.parse(get_language()).percent_formats[None].pattern)
    pattern.frac_prec = (decimals, decimals)
    return str(pattern.apply(share, get_language()))


def format_chance(p: float, decimals: int = 0) -> str:
    """A chance as a percentage in the language's format with ``decimals`` where they are true:
    more near 0 and 1, so that nothing below 1 reads as certain ("99.7%", not "100%") nor
    anything above 0 as impossible, and past two more a bound ("more than 99.99%")."""
    if p >= 1 or p <= 0:
        return format_percent(1.0 if p >= 1 else 0.0, decimals)
    for shown_decimals in range(decimals, decimals + 3):
        shown = round(100 * p, shown_decimals)
        if 0 < shown < 100:
            return format_percent(shown / 100, shown_decimals)
    last = decimals + 2
    if p > 0.5:
        return gettext("more than {figure}").format(figure=format_percent(1 - 10 ** -(last + 2), last))
    return gettext("less than {figure}").format(figure=format_percent(10 ** -(last + 2), last))


__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "N_",
    "Nn_",
    "_",
    "checked_language",
    "format_chance",
    "format_number",
    "format_percent",
    "get_language",
    "gettext",
    "ngettext",
    "npgettext",
    "pgettext",
    "set_language",
    "speak",
    "unspeak",
    "using",
]
