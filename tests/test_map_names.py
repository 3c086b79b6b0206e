"""The maps' names in the four languages: territories, continents and regions are named in the
language spoken, from the catalogs (``locale/<language>/LC_MESSAGES/maps.po``, context: the map's
id); the seeds' names win where a seed prints one (RULES.md §3.2's Swedish and Japanese columns,
§5.3's German column); action text reads a territory's name in any language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import riskboard as rb
from riskboard.i18n import LANGUAGES, using
from riskboard.i18n.catalogs import translations
from riskboard.maps.loader import RESERVED_WORDS

ROOT = Path(__file__).resolve().parents[1]
WORLD = rb.load_map("world")
EUROPE = rb.load_map("europe")
MAPS = (WORLD, EUROPE)


def seed_columns() -> dict[str, dict[str, str]]:
    """RULES.md §3.2's seed names, by language and territory id: Swedish (S003) and Japanese (S004)."""
    rules = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    section = rules.split("### 3.2", 1)[1].split("Intercontinental", 1)[0]
    names: dict[str, dict[str, str]] = {"sv": {}, "ja": {}}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 8 and cells[0].isdigit():
            tid = cells[1].strip("`")
            for language, cell in (("sv", cells[6]), ("ja", cells[7])):
                if cell:
                    names[language][tid] = cell
    return names


def test_the_seeds_names_are_the_catalogs() -> None:
    seeds = seed_columns()
    assert len(seeds["sv"]) == 21 and len(seeds["ja"]) == 11  # the table as the seeds print it
    for language, names in seeds.items():
        for tid, name in names.items():
            assert WORLD[tid].name_in(language) == name, (language, tid)
    # the Swedish seed's continents; the German Balance of Power names (§5.3) are tests/test_europe_map.py's
    assert [r.name_in("sv") for r in WORLD.regions] == [
        "Nordamerika",
        "Sydamerika",
        "Europa",
        "Afrika",
        "Asien",
        "Australien",
    ]


@pytest.mark.parametrize("language", ["de", "sv", "ja"])
@pytest.mark.parametrize("game_map", MAPS, ids=lambda m: m.id)
def test_every_territory_and_region_is_named_in_every_language(game_map: rb.GameMap, language: str) -> None:
    catalog = translations(language)
    places = [*game_map.territories, *game_map.regions]
    for place in places:
        english = place.names["en"]
        translated = catalog.pgettext(game_map.id, english)
        # a name found in the catalog (an untranslated message comes back as the English id)
        assert (game_map.id, english) in _entries(language), (language, place.id)
        assert translated.strip() and place.name_in(language) == translated
        if language == "ja":  # written in Japanese script, never the English left over
            assert not re.search(r"[A-Za-z]", translated), (place.id, translated)
    # two places of one map never share a name in one language (a reader could not tell them apart)
    territory_names = [t.name_in(language) for t in game_map.territories]
    assert len(set(territory_names)) == len(territory_names)


def _entries(language: str) -> set[tuple[str | None, str]]:
    from riskboard.i18n import maintain

    return {(m.context, m.id) for m in maintain._read(language, "maps") if m.id and m.string}


def test_a_name_speaks_the_language_spoken() -> None:
    alaska, japan, europe = WORLD["alaska"], WORLD["japan"], WORLD.region("europe")
    assert (japan.name, europe.name) == ("Japan", "Europe")
    with using("de"):
        assert (WORLD["western_united_states"].name, WORLD["egypt"].name, europe.name) == (
            "Weststaaten",
            "Ägypten",
            "Europa",
        )
        assert EUROPE["czechia"].name == "Tschechien" and EUROPE.region("purple").name == "Lila"
    with using("sv"):
        assert (WORLD["ukraine"].name, WORLD["great_britain"].name) == ("Ryssland", "Storbritannien")
    with using("ja"):
        assert (alaska.name, japan.name, europe.name) == ("アラスカ", "日本", "ヨーロッパ")
    assert alaska.name == "Alaska"  # the block is over: English again
    assert japan.every_name == {"en": "Japan", "de": "Japan", "sv": "Japan", "ja": "日本"}


def test_the_map_file_keeps_english_and_risk_2010s_own_english_names() -> None:
    """The catalogs are the only home of the translations; ``en_2010`` (RISK 2010's names for three
    world territories) stays in the map file, a spelling action text and suggestions accept."""
    for game_map in MAPS:
        for place in (*game_map.territories, *game_map.regions):
            assert set(place.names) <= {"en", "en_2010"}, place.id
    assert {t.id: t.names["en_2010"] for t in WORLD.territories if "en_2010" in t.names} == {
        "ukraine": "Russia",
        "congo": "Central Africa",
        "siam": "Southeast Asia",
    }
    assert WORLD.territory_word("central_africa") == "congo"
    assert WORLD.did_you_mean("southeast_asa") == " (did you mean 'siam'?)"


@pytest.mark.parametrize("language", ["de", "sv", "ja"])
def test_a_boards_map_data_names_are_in_its_language(language: str) -> None:
    pytest.importorskip("anywidget")
    game = rb.new_game("classic", players=["Ada", "Bo"], seed=1)
    board = rb.Board(game, language=language)
    names = {t["id"]: t["name"] for t in board.map_data["territories"]}
    continents = {c["id"]: c["name"] for c in board.map_data["continents"]}
    assert names == {t.id: t.name_in(language) for t in WORLD.territories}
    assert continents == {r.id: r.name_in(language) for r in WORLD.regions}
    assert names["egypt"] == {"de": "Ägypten", "sv": "Egypten", "ja": "エジプト"}[language]
    assert WORLD["egypt"].name == "Egypt"  # the board spoke its language, the notebook still English


def test_bop_board_in_german_names_the_seeds_regions() -> None:
    pytest.importorskip("anywidget")
    game = rb.new_game("balance_of_power", players=["red", "blue"], seed=1)
    board = rb.Board(game, language="de")
    assert {c["id"]: c["name"] for c in board.map_data["continents"]}["green"] == "Grün"
    assert {t["id"]: t["name"] for t in board.map_data["territories"]}["belarus"] == "Weißrussland"


def test_action_text_reads_a_territory_by_its_name_in_any_language() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo"], seed=1)
    english = game.parse("attack alaska kamchatka 3")
    for text in (
        "attack Alaska Kamchatka 3",  # English, any case
        "attack ala kam 3",  # codes
        "attack alaska Kamtschatka 3",  # German
        "attack alaska kamtjatka 3",  # Swedish (the seed's)
        "attack アラスカ カムチャッカ 3",  # Japanese (the seed's)
    ):
        assert game.parse(text) == english, text
    assert game.parse("place 2 västra_europa") == game.parse("place 2 western_europe")  # a space as _
    assert game.parse("place 2 GROSSBRITANNIEN") == game.parse("place 2 great_britain")  # ß without case
    assert game.parse("place 2 nordwest-territorium") == game.parse("place 2 northwest_territory")
    with pytest.raises(rb.IllegalAction) as refused:
        game.apply("place 1 Kamtchatka")  # a misspelt German name gets a suggestion
    assert refused.value.code == "action/unknown_territory" and "did you mean 'kamchatka'?" in str(refused.value)


@pytest.mark.parametrize("game_map", MAPS, ids=lambda m: m.id)
def test_no_name_reads_as_another_territory_or_a_word_of_the_notation(game_map: rb.GameMap) -> None:
    """A name in one language is never another territory's id or code, nor a verb or policy word
    (action text would read it as that); and every name reads back as its own territory."""
    for t in game_map.territories:
        for name in t.every_name.values():
            spelling = name.casefold().replace(" ", "_")
            assert spelling not in RESERVED_WORDS, (t.id, name)
            assert game_map.by_code.get(spelling, t.id) == t.id and spelling not in set(game_map.ids) - {t.id}
            assert game_map.territory_word(spelling) == t.id, (t.id, name)


def test_languages_are_the_packages() -> None:
    assert LANGUAGES == ("en", "de", "sv", "ja")  # every_name's keys; a new language needs its map names too
