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
from riskboard.widget.static import left_out, static_folder

JS_ORIGIN = "js/"
"""The source comment of a message the front end uses (``maintain`` writes where it found it)."""

_SAMPLES = {"zero": 0, "one": 1, "two": 2, "few": 3, "many": 11, "other": 5}
"""A number of each CLDR category in the four languages (for which form a category takes)."""


@cache
def texts_payload(language: str, parts: frozenset[str] | None = None) -> dict[str, Any]:
    """``{"language": code, "messages": {English: translation or forms by category}}``: the
    messages of the front end a board with ``parts`` runs (``None``: every edition's), so that a
    board is not sent the words of the part modules it does without (``static.left_out``)."""
    if language == "en":
        return {"language": "en", "messages": {}}
    from babel.messages.pofile import read_po

    from riskboard.i18n import using

    unused = _only_in(frozenset(left_out(folder, parts))) if (folder := static_folder()) is not None else frozenset()
    messages: dict[str, Any] = {}
    path = part_path(language, "board")
    if path.exists():
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=language)
        with using(language):
            for message in catalog:
                if not message.id or not any(c.startswith(JS_ORIGIN) for c in message.auto_comments):
                    continue
                if (message.id[0] if isinstance(message.id, (tuple, list)) else message.id) in unused:
                    continue
                if isinstance(message.id, (tuple, list)):
                    messages[message.id[0]] = counted_forms(message.id[0], message.id[1])
                elif message.string:
                    messages[message.id] = message.string
    return {"language": language, "messages": messages}


@cache
def _only_in(modules: frozenset[str]) -> frozenset[str]:
    """The message ids (a counted message's singular) that only the front end's ``modules`` mark,
    read from the modules themselves as the catalogs' extraction reads them."""
    from babel.messages.extract import extract_from_file

    from riskboard.i18n.maintain import JS_KEYWORDS

    folder = static_folder()
    if folder is None or not modules:
        return frozenset()
    ids: dict[str, set[str]] = {}
    for path in sorted(folder.glob("*.js")):
        for _line, message, _comments, _context in extract_from_file("javascript", str(path), keywords=JS_KEYWORDS):
            if message:
                ident = message[0] if isinstance(message, (tuple, list)) else message
                ids.setdefault(ident, set()).add(path.name)
    return frozenset(ident for ident, files in ids.items() if files <= modules)


def counted_forms(singular: str, plural: str) -> dict[str, str]:
    """A counted message's forms in the language spoken, by CLDR plural category (``{n}`` left
    for the front end to fill), for a count the board makes itself: an edition's pieces."""
    from babel import Locale

    from riskboard.i18n import get_language, ngettext

    locale = Locale.parse(get_language())
    samples = {locale.plural_form(n): n for n in sorted(_SAMPLES.values(), reverse=True)}
    return {category: ngettext(singular, plural, n) for category, n in sorted(samples.items())}
