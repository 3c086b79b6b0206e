"""The board in the class's language, in headless Chromium: each edition's board in English,
German, Swedish and Japanese (screenshots under tests/browser/artifacts/languages, looked at by a
person), and no English word of the English board's own text left on a translated board."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import riskboard as rb
from riskboard.engine.events import PIECES
from riskboard.i18n import _, ngettext, using
from riskboard.widget import Board

from .board_traits import best_source, mid_game_attack
from .helpers import real_board
from .scenarios_2010 import simple_game

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).parent / "artifacts" / "languages"

OTHER_PARTS = ".rb-log"
"""The log: its events' sentences are the engine's (``engine.po``), which its own tests check.
Everything else on the board (the board's own text, the editions' prompts, steps, rules, commands
and missions) is checked here; the pieces' words the engine's catalog does not translate yet are
left out by ``_not_yet_translated``."""

SAME = {"Set", "Region", "per", "Blitz", "Bots", "Ctrl", "Joker", "neutral", "Upgrade", "d6", "d8", "vs", "terr", "die"}
"""Words that are the same in English and in a language the board speaks ("die": German's article,
"Set" and "Region" German words, "per" Swedish)."""


def _not_yet_translated(game: rb.Game, language: str) -> set[str]:
    """The edition's words for its pieces (``Presentation.words``, ``engine.events.PIECES``) that
    the engine's and the rulesets' catalogs do not translate yet: theirs to translate, the board
    shows them as the catalogs say. Once those parts have them, this is empty and they are checked."""
    words = game.ruleset.presentation.words(game.config)
    with using(language):
        left = {w for w in words.values() if _(w) == w}
        pair = PIECES.get(words["unit"])
        if pair and ngettext(*pair, 5) in pair:  # an English form (Japanese has one form: the first)
            left |= {words["unit"], words["units"]}
    return _words(" ".join(left))


def _game(edition: str) -> tuple[rb.Game, str]:
    """A game of ``edition`` at a moment with its controls in view, and the source to select."""
    if edition == "classic":
        game = mid_game_attack()
        return game, best_source(game)
    if edition == "risk2010":
        game = simple_game()
        return game, best_source(game)
    if edition == "balance_of_power":
        return rb.new_game("balance_of_power", players=["Ada", "Bo"], seed=3), ""
    return rb.new_game("transformers", players=["Ada", "Bo"], seed=3), ""


def _shown(page: Any, board: Board, edition: str, language: str) -> str:
    """The board's own visible text (its parts apart, as a person reads them), after a screenshot of the board saved for a person to see."""
    real_board(page, board)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.locator(".rb-board").screenshot(path=str(ARTIFACTS / f"{edition}-{language}.png"))
    return str(
        page.evaluate(
            """other => {
              const root = document.querySelector(".rb-board").cloneNode(true);
              root.querySelectorAll(other + ", svg, [hidden], option").forEach((e) => e.remove());
              const said = [...document.querySelectorAll(".rb-board [title], .rb-board [aria-label]")]
                .filter((e) => !e.closest(other) && !e.closest("[hidden]"))
                .map((e) => (e.getAttribute("title") || "") + " " + (e.getAttribute("aria-label") || ""));
              root.querySelectorAll("*").forEach((e) => e.append(" "));
              return root.innerText + "\\n" + said.join("\\n");
            }""",
            OTHER_PARTS,
        )
    )


def _words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z][A-Za-z']{2,}", text))


@pytest.mark.parametrize("edition", ["classic", "risk2010", "balance_of_power", "transformers"])
def test_the_board_speaks_each_language_and_leaves_no_english_word(page: Any, browser: Any, edition: str) -> None:
    texts: dict[str, str] = {}
    names: set[str] = set()
    for language in ("en", "de", "sv", "ja"):
        game, source = _game(edition)
        board = Board(game, language=language)
        if source:
            board.select(source)
        names |= _words(" ".join(t["name"] for t in board.map_data["territories"]))
        names |= _words(" ".join(c["name"] for c in board.map_data["continents"]))
        names |= _words(" ".join(p["name"] for p in board.players))
        names |= _words(" ".join(v["name"] for v in board.edition.get("leaders", {}).values()))
        names |= _words(" ".join(board.edition.get("factions", {}).values()))
        pg = page if language == "en" else browser.new_page(viewport={"width": 1280, "height": 720})
        if pg is not page:  # the same harness page as the fixture's
            pg.goto(page.url)
            pg.wait_for_function("() => window.__harnessReady === true")
        texts[language] = _shown(pg, board, edition, language)
        if pg is not page:
            pg.close()
    english = {w for w in _words(texts["en"]) - SAME if not any(name in w for name in names)}
    assert len(english) > 20, "the English board shows its own words"
    for language in ("de", "sv", "ja"):
        left = sorted(english & _words(texts[language]) - _not_yet_translated(_game(edition)[0], language))
        assert not left, f"{edition} in {language}: English words left on the board: {left}"
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", texts["ja"]), "the Japanese board writes Japanese"
