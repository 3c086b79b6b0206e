"""The catalogs shipped in the package: ``locale/<language>/LC_MESSAGES/<part>.po``.

A language's catalog is kept in parts (``CATALOG_PARTS``: the engine's messages, the shared
components', each edition's, the board's and the maps' names), each owning the messages of its own sources, so that the
catalog of one area can be edited without touching the others. At run time the parts of a
language are read with Babel and compiled, in memory, into one ``gettext`` translation: the
``.po`` files are the only copy, so no compiled file can go stale.
"""

from __future__ import annotations

import gettext as _gettext
import io
from functools import cache
from pathlib import Path

LOCALE_DIR = Path(__file__).parent / "locale"
"""Where the catalogs live (inside the package, so the wheel ships them)."""

DOMAIN = "riskboard"

CATALOG_PARTS: tuple[str, ...] = (
    "engine",
    "components",
    "classic",
    "risk2010",
    "balance_of_power",
    "transformers",
    "board",
    "maps",
)
"""The parts of each language's catalog, in order: the engine (and everything above the rulesets
but the board), the rulesets' shared components, each edition, the board (its Python and its
JavaScript), the maps' names. A message the sources of two parts share is kept in the first."""


def part_path(language: str, part: str) -> Path:
    """The ``.po`` file of ``part`` in ``language``."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{part}.po"


@cache
def translations(language: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``language`` (English: none, the message ids are English)."""
    if language == "en":
        return _gettext.NullTranslations()
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    merged = Catalog(locale=language, domain=DOMAIN)
    for part in CATALOG_PARTS:
        path = part_path(language, part)
        if not path.exists():
            continue
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=language)
        for message in catalog:
            if message.id and message.string and not message.fuzzy:
                merged[message.id] = message
    buffer = io.BytesIO()
    write_mo(buffer, merged)
    buffer.seek(0)
    return _gettext.GNUTranslations(buffer)
