"""The language machinery (riskboard.i18n): choosing a language, plural forms by CLDR, numbers in
the language's format, and the catalogs kept complete (tests/test_catalogs.py checks those)."""

from __future__ import annotations

import threading

import pytest

import riskboard as rb
from riskboard import i18n


@pytest.fixture(autouse=True)
def _english_after():
    yield
    rb.set_language("en")


def test_default_is_english_and_set_language_changes_it():
    assert rb.get_language() == "en"
    rb.set_language("de")
    assert rb.get_language() == "de"
    assert set(rb.LANGUAGES) == {"en", "de", "sv", "ja"}


@pytest.mark.parametrize("bad", ["fr", "DE", "de_DE", "", None, 3])
def test_an_unknown_code_is_a_config_error_and_changes_nothing(bad):
    rb.set_language("sv")
    with pytest.raises(rb.ConfigError) as info:
        rb.set_language(bad)
    assert "'en', 'de', 'sv', 'ja'" in info.value.message
    assert rb.get_language() == "sv"


def test_using_speaks_another_language_inside_the_block_only():
    with i18n.using("ja") as spoken:
        assert spoken == "ja" and rb.get_language() == "ja"
        with i18n.using(None):
            assert rb.get_language() == "ja"
    assert rb.get_language() == "en"


def test_a_using_block_is_its_threads_own():
    seen = []
    with i18n.using("de"):
        worker = threading.Thread(target=lambda: seen.append(rb.get_language()))
        worker.start()
        worker.join()
    assert seen == ["en"]


def test_english_needs_no_catalog_and_counts_in_english():
    assert i18n.ngettext("{n} army", "{n} armies", 1).format(n=1) == "1 army"
    assert i18n.ngettext("{n} army", "{n} armies", 2).format(n=2) == "2 armies"


@pytest.mark.parametrize(
    ("language", "share", "shown"),
    [("en", 0.769, "76.9%"), ("de", 0.769, "76,9\u00a0%"), ("sv", 0.769, "76,9\u00a0%"), ("ja", 0.769, "76.9%")],
)
def test_percentages_in_the_languages_format(language, share, shown):
    with i18n.using(language):
        assert i18n.format_percent(share) == shown


def test_numbers_in_the_languages_format():
    with i18n.using("de"):
        assert i18n.format_number(1234.5, 1) == "1.234,5"
    with i18n.using("en"):
        assert i18n.format_number(1234.5, 1) == "1,234.5"
