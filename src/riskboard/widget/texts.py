"""The board's words in its language: the ``texts`` trait, the translations of the messages that
``js/`` marks with ``t``/``tn``, taken from the board part of the package's catalog (one catalog
for kernel and front end: anywidget has no translation hook of its own).

English sends no messages: the front end's text is its own message id. A counted message is sent
as its forms by CLDR plural category (``{"one": ..., "other": ...}``; Japanese has only
``other``), the categories the browser's ``Intl.PluralRules`` returns.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from riskboard.i18n.catalogs import part_path

JS_ORIGIN = "js/"
"""The source comment of a message the front end uses (``maintain`` writes where it found it)."""

_SAMPLES = {"zero": 0, "one": 1, "two": 2, "few": 3, "many": 11, "other": 5}
"""A number of each CLDR category in the four languages (for which form a category takes)."""


@cache
def texts_payload(language: str) -> dict[str, Any]:
    """``{"language": code, "messages": {English: translation or forms by category}}``."""
    if language == "en":
        return {"language": "en", "messages": {}}
    from babel.messages.pofile import read_po

    from riskboard.i18n import using

    messages: dict[str, Any] = {}
    path = part_path(language, "board")
    if path.exists():
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=language)
        with using(language):
            for message in catalog:
                if not message.id or not any(c.startswith(JS_ORIGIN) for c in message.auto_comments):
                    continue
                if isinstance(message.id, (tuple, list)):
                    messages[message.id[0]] = counted_forms(message.id[0], message.id[1])
                elif message.string:
                    messages[message.id] = message.string
    return {"language": language, "messages": messages}


def counted_forms(singular: str, plural: str) -> dict[str, str]:
    """A counted message's forms in the language spoken, by CLDR plural category (``{n}`` left
    for the front end to fill), for a count the board makes itself: an edition's pieces."""
    from babel import Locale

    from riskboard.i18n import get_language, ngettext

    locale = Locale.parse(get_language())
    samples = {locale.plural_form(n): n for n in sorted(_SAMPLES.values(), reverse=True)}
    return {category: ngettext(singular, plural, n) for category, n in sorted(samples.items())}
