"""The board in the class's language: a board built with ``language="de"`` sends German words
(its front end's messages, the edition's words and pieces, the card names, the refusals), whatever
the language of the notebook, and follows the global language when it has none of its own."""

from __future__ import annotations

import riskboard as rb
from riskboard.engine.events import PIECES
from riskboard.i18n import ngettext, using
from riskboard.widget import Board
from riskboard.widget.texts import counted_forms


def _bop() -> rb.Game:
    return rb.new_game("balance_of_power", players=["Ada", "Bo"], seed=3)


def test_a_german_board_sends_german_texts_words_and_pieces_in_an_english_notebook() -> None:
    board = Board(_bop(), language="de")
    texts = board.texts
    assert texts["language"] == "de"
    messages = texts["messages"]
    assert messages["End attack"] == "Angriff beenden"
    assert messages["{pieces} to place"] == "{pieces} zu setzen"  # placeholders kept for the front end
    assert messages["Roll {n} die"] == {"one": "Mit {n} Würfel würfeln", "other": "Mit {n} Würfeln würfeln"}
    # the edition's pieces are counted in German by CLDR category (the engine's catalog words
    # them: "{n} Einheit"), the front end fills {n}
    with using("de"):
        assert board.edition["pieces"] == {"one": ngettext(*PIECES["unit"], 1), "other": ngettext(*PIECES["unit"], 5)}
    assert rb.get_language() == "en"  # the notebook's language is left alone


def test_a_board_without_a_language_follows_the_global_one() -> None:
    board = Board(_bop())
    assert board.texts == {"language": "en", "messages": {}}
    assert board.edition["pieces"] == {"one": "{n} unit", "other": "{n} units"}
    rb.set_language("sv")
    try:
        board._refresh()
        assert board.texts["language"] == "sv"
        assert board.texts["messages"]["End turn"] == "Avsluta turen"
    finally:
        rb.set_language("en")
    board._refresh()
    assert board.texts["language"] == "en"


def test_a_refused_click_on_a_german_board_is_explained_in_german() -> None:
    board = Board(_bop(), language="de")
    board._handle_custom_msg({"kind": "click", "territory": "atlantis", "state_id": board.state_id}, [])
    assert board.error["code"] == "action/unknown_territory"  # the code stays English
    assert board.error["message"].startswith("es gibt kein Gebiet namens")


def test_counted_forms_follow_each_languages_plural_rule() -> None:
    pair = ("Roll {n} die", "Roll {n} dice")  # a counted message of the board's own catalog
    with using("de"):
        assert counted_forms(*pair) == {"one": "Mit {n} Würfel würfeln", "other": "Mit {n} Würfeln würfeln"}
    with using("sv"):
        assert counted_forms(*pair) == {"one": "Slå {n} tärning", "other": "Slå {n} tärningar"}
    with using("ja"):
        assert counted_forms(*pair) == {"other": "サイコロ {n} 個を振る"}  # Japanese has no plural
    with using("en"):
        assert counted_forms(*pair) == {"one": "Roll {n} die", "other": "Roll {n} dice"}


def test_the_wild_card_and_an_upgrade_card_are_named_in_the_boards_language() -> None:
    from riskboard.widget.payload import _card_name

    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=1)
    with using("de"):
        assert _card_name(game, "wild_1") == "Joker"
        assert _card_name(game, "upgrade_35") == "Upgrade 35"
    with using("sv"):
        assert _card_name(game, "upgrade_35") == "Uppgradering 35"
