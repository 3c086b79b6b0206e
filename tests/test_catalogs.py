"""The catalogs (riskboard/i18n/locale): complete and current in every language, every
placeholder kept, plural forms by CLDR. ``python -m riskboard.i18n.maintain check`` says the
same from a terminal; ``update`` brings the catalogs in step with the sources."""

from __future__ import annotations

import pytest

from riskboard.i18n import maintain
from riskboard.i18n.catalogs import translations


def test_every_message_has_every_language_and_no_entry_is_stale():
    problems = maintain.check()
    assert problems == [], f"{len(problems)} catalog problems, first: " + "; ".join(problems[:15])


def test_the_sources_mark_messages_in_every_part():
    parts = maintain.owned()
    assert {part: bool(found) for part, found in parts.items()} == dict.fromkeys(parts, True)


@pytest.mark.parametrize("language", ["de", "sv", "ja"])
def test_plural_forms_follow_cldr(language):
    plural = translations(language).plural  # type: ignore[attr-defined]
    forms = {n: plural(n) for n in (1, 2, 5)}
    if language == "ja":
        assert forms == {1: 0, 2: 0, 5: 0}  # Japanese has no plural
    else:
        assert forms == {1: 0, 2: 1, 5: 1}


def test_a_placeholder_lost_in_a_translation_is_found():
    assert maintain._fields("{player} eroberte {territory}") == ["player", "territory"]
    assert maintain._fields("{player eroberte") == ["<unbalanced braces>"]


def test_the_front_end_marks_its_texts_where_the_extractor_sees_them():
    """Babel's JavaScript extractor does not look inside template literals: a ``t("…")`` in
    ``${…}`` would never reach the catalogs and would stay English on every board."""
    import re

    hidden = [
        f"{path.name}:{n}"
        for path in sorted((maintain.ROOT / "js").glob("*.js"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\$\{\s*tn?\(", line)
    ]
    assert hidden == []
