"""The engine's messages in German, Swedish and Japanese: a played game's events, the pending
decision, refusals (``IllegalAction``, the same code in every language), a corrupt save's
``FormatError``, counts in each language's plural forms, and English unchanged. These check the
mechanism (the language spoken when a message is made, placeholders filled, the plural rule),
not the catalogs' every word: tests/test_catalogs.py checks that every message has every language."""

from __future__ import annotations

import json
import re

import pytest

import riskboard as rb
from riskboard.engine import events as ev
from riskboard.engine.ruleset import Pending
from riskboard.i18n import using
from riskboard.i18n.hints import did_you_mean

LANGUAGES = ("de", "sv", "ja")


def _conquest() -> tuple[rb.Game, list[rb.Event]]:
    """Ada's 3 armies take kamchatka from Bo in one throw of given dice."""
    position = {t: ("Bo", 1) for t in rb.load_map("world").ids}
    position["alaska"] = ("Ada", 10)
    game = rb.new_game(
        "classic", players=["Ada", "Bo"], position=position, current_player="Ada", phase="attack", seed=1
    )
    return game, game.apply("attack alaska kamchatka 3", dice=([6, 6, 6], [1]))


def test_a_played_games_events_read_in_the_language_spoken_when_shown() -> None:
    _game, events = _conquest()
    conquered = events[-1]
    assert isinstance(conquered, ev.TerritoryConquered)
    english = str(conquered)
    assert english == "Ada conquered kamchatka from Bo, moving in the 3 armies that attacked"
    with using("de"):
        assert str(conquered) == "Ada eroberte kamchatka von Bo; die Angreifer rückten ein (3 Armeen)"
    with using("sv"):
        assert str(conquered).startswith("Ada erövrade kamchatka från Bo")
    with using("ja"):
        assert str(conquered).startswith("AdaはBoからkamchatkaを占領し") and "3 軍" in str(conquered)
    assert str(conquered) == english  # the event stores facts, not a language's text
    thrown = events[0]
    assert isinstance(thrown, ev.DiceRolled)
    with using("de"):
        assert str(thrown) == "Ada griff kamchatka von alaska aus an: [6, 6, 6] gegen [1]; Ada verlor 0, Bo verlor 1"


def test_a_bot_played_game_has_no_english_event_left_in_german() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=5)
    game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}, max_turns=12)
    events = game.events()
    kinds = {type(e) for e in events}
    assert {ev.TerritoryConquered, ev.ArmiesPlaced, ev.TurnStarted, ev.PhaseChanged} <= kinds
    english = [str(e) for e in events]
    with using("de"):
        german = [str(e) for e in events]
    for before, after in zip(english, german):
        if any(word in before for word in (" placed ", " conquered ", " attacked ", " moved ", "turn ")):
            assert after != before, before
    assert not any(word in line for line in german for word in (" placed ", " conquered ", " armies", "turn "))
    assert any(line.startswith("Zug ") for line in german)


@pytest.mark.parametrize(
    ("language", "one", "two", "five"),
    [
        ("de", "1 Armee", "2 Armeen", "5 Armeen"),
        ("sv", "1 armé", "2 arméer", "5 arméer"),
        ("ja", "1 軍", "2 軍", "5 軍"),
        ("en", "1 army", "2 armies", "5 armies"),
    ],
)
def test_pieces_are_counted_by_the_languages_plural_rule(language: str, one: str, two: str, five: str) -> None:
    with using(language):
        assert [ev.pieces(n, ev.ARMY_WORDS) for n in (1, 2, 5)] == [one, two, five]


@pytest.mark.parametrize(
    ("words", "language", "forms"),
    [
        ({"unit": "unit", "units": "units"}, "de", ("1 Einheit", "2 Einheiten")),
        ({"unit": "troop", "units": "troops"}, "sv", ("1 trupp", "2 trupper")),
        ({"unit": "robot", "units": "robots"}, "de", ("1 Roboter", "2 Roboter")),
    ],
)
def test_each_editions_pieces_in_its_seeds_words(words: ev.Words, language: str, forms: tuple[str, str]) -> None:
    with using(language):
        assert (ev.pieces(1, words), ev.pieces(2, words)) == forms


@pytest.mark.parametrize("n", [1, 2, 5])
def test_a_counted_event_takes_the_form_of_its_count(n: int) -> None:
    declared = ev.AttackDeclared("Ada", "Bo", "alaska", "kamchatka", n)
    eliminated = ev.PlayerEliminated("Bo", "Ada", n)
    with using("de"):
        assert f"mit {n} {'Würfel' if n == 1 else 'Würfeln'} an" in str(declared)
        assert str(eliminated).endswith(f"und bekam {n} {'Karte' if n == 1 else 'Karten'}")
    with using("sv"):
        assert f"med {n} {'tärning' if n == 1 else 'tärningar'};" in str(declared)
    with using("ja"):
        assert f"サイコロ{n}個" in str(declared)


def test_every_step_sentence_says_the_editions_own_word() -> None:
    words = {"maneuver": "Truppenbewegung", "fortify": "befestigen", "move": "verschieben"}
    for word, german in words.items():
        changed = ev.PhaseChanged("Ada", "fortify", words={**ev.ARMY_WORDS, "fortify": word})
        with using("de"):
            assert german in str(changed) or german.lower() in str(changed).lower()
            assert "{" not in str(changed)


def test_the_pending_decision_in_each_language() -> None:
    pending = Pending("Ada", "attack", "attack", "or end")
    assert str(pending) == "Ada to attack (or end)"
    with using("de"):
        assert str(pending).startswith("Ada: angreifen (")
    with using("sv"):
        assert str(pending).startswith("Ada ska anfalla (")
    with using("ja"):
        assert str(pending).startswith("Adaの番: 攻撃")
    with using("de"):
        assert str(Pending(None, "none", "over")) == "nichts: das Spiel ist vorbei"
        assert str(Pending("Ada", "fortify", "fortify", "", "maneuver")) == "Ada: Truppenbewegung"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_keeps_its_code_in_every_language(language: str) -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=3)
    before = game.to_json()
    refusals = ["atack alaska", "place x alaska", "end now", "", "occupy"]
    english = {}
    for text in refusals:
        with pytest.raises(rb.IllegalAction) as caught:
            game.apply(text)
        english[text] = (caught.value.code, str(caught.value))
    with using(language):
        for text in refusals:
            with pytest.raises(rb.IllegalAction) as caught:
                game.apply(text)
            assert caught.value.code == english[text][0]
            assert str(caught.value) != english[text][1], text
            assert "{" not in str(caught.value)
        with pytest.raises(rb.IllegalAction) as caught:
            game.apply(game.legal_actions()[0], player="Dora")
        assert caught.value.code == "action/unknown_player" and "'Dora'" in str(caught.value)
    assert game.to_json() == before


def test_a_hint_speaks_the_language_too() -> None:
    assert did_you_mean("alsaka", ["alaska"]) == " (did you mean 'alaska'?)"
    with using("de"):
        assert did_you_mean("alsaka", ["alaska"]) == " (vielleicht 'alaska'?)"
    with using("sv"):
        assert did_you_mean("alsaka", ["alaska", "alaskan"]).startswith(" (kanske 'alaska' eller")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_corrupt_save_is_refused_in_the_language_spoken(language: str) -> None:
    game, _events = _conquest()
    saved = json.loads(game.to_json())
    edited = dict(saved, state={**saved["state"], "turn": "seven"})
    cases = ["{not json", json.dumps({"format": "other"}), json.dumps(edited)]
    english = []
    for text in cases:
        with pytest.raises(rb.FormatError) as caught:
            rb.Game.from_json(text)
        english.append((caught.value.code, str(caught.value)))
    with using(language):
        for text, (code, message) in zip(cases, english):
            with pytest.raises(rb.FormatError) as caught:
                rb.Game.from_json(text)
            assert caught.value.code == code
            assert str(caught.value) != message and "{" not in str(caught.value)
    with using("de"), pytest.raises(rb.FormatError, match="keine riskboard-Spieldatei"):
        rb.Game.from_json(cases[1])


def test_english_stays_the_message_id() -> None:
    game, events = _conquest()
    with using("en"):
        assert str(events[-1]) == "Ada conquered kamchatka from Bo, moving in the 3 armies that attacked"
        with pytest.raises(rb.IllegalAction, match=r"^unknown action 'atack' in 'atack' \(did you mean 'attack'\?\)"):
            game.apply("atack")


@pytest.mark.parametrize(
    ("language", "start"),
    [("de", "unbekanntes Regelwerk 'clasic' (vielleicht 'classic'?)"), ("sv", "okänd regeluppsättning 'clasic'")],
)
def test_a_bad_option_is_refused_in_the_language_spoken(language: str, start: str) -> None:
    with pytest.raises(rb.ConfigError) as english:
        rb.new_game("clasic")
    with using(language):
        with pytest.raises(rb.ConfigError) as caught:
            rb.new_game("clasic")
        assert str(caught.value).startswith(start) and caught.value.code == english.value.code
        with pytest.raises(rb.ConfigError) as caught:
            rb.new_game("classic", players=["Ada", "Ada", "Bo"])
        assert caught.value.code == "config/players" and "player names" not in str(caught.value)
        with pytest.raises(rb.MapError) as missing:
            rb.load_map("atlantis")
        assert missing.value.code == "map/unknown" and "'atlantis'" in str(missing.value)
        assert "ships with" not in str(missing.value)


def test_a_bots_explanation_is_said_in_the_language_spoken_when_asked() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=4)
    bot = rb.bots.Planner(seed=1) if hasattr(rb.bots, "Planner") else rb.bots.Aggressive(seed=1)
    while game.pending.decision != "attack":
        game.push(rb.bots.Aggressive(seed=2).act(game.view(game.pending.player)))
    game.push(bot.act(game.view(game.pending.player)))  # the reason is kept as facts, not text
    english = bot.explain()
    with using("de"):
        german = bot.explain()
    assert german != english and "{" not in german
    random_bot = rb.bots.Random(seed=1)
    random_bot.act(game.view(game.pending.player))
    with using("sv"):
        assert random_bot.explain().startswith("Valde '")
    with using("ja"):
        assert "無作為" in random_bot.explain()


def test_the_static_pictures_legend_and_a_views_table_speak_the_language() -> None:
    game, _events = _conquest()
    with using("de"):
        svg = str(rb.render_svg(game))
        html = game.view("Ada")._repr_html_()
    assert "Zug 1: Ada: einrücken" in svg  # the status line (the pending detail is the edition's)
    assert re.search(r">Ada: \d+ Gebiete, \d+ Armeen, \d+ Karten<", svg)
    assert re.search(r">neutral: 0 Gebiete, 0 Armeen<", svg) and "territories, " not in svg.split("<g", 1)[1]
    assert "Was Ada sieht" in html and "(du)" in html and "Armeen" in html


def test_a_classroom_chart_speaks_the_language_and_its_numbers_format() -> None:
    with using("sv"):
        chart = str(rb.odds_heatmap(max_attackers=3, max_defenders=3))
    assert "Vem vinner hela striden?" in chart and "försvarande arméer" in chart
    assert re.search(r"sannolikheten \d+,\d{4}\s%", chart)  # "76,9 %": a decimal comma and a space
    with using("de"):
        timeline = str(rb.armies_over_time(_conquest()[0]))
    assert "Wer hielt was, Zug um Zug" in timeline and "läuft noch" in timeline


def test_the_odds_of_a_battle_read_in_the_language_with_its_decimal_comma() -> None:
    odds = rb.battle_odds(5, 3)
    english = odds._repr_html_()
    assert f"<b>{odds.p_win:.1%}</b>" in english
    with using("de"):
        german = odds._repr_html_()
        rules = rb.Rules(defence_dice=3).describe()
    assert "angreifende Armeen gegen" in german and "%" in german and f"{odds.p_win:.1%}" not in german
    assert "Verteidiger bis zu 3" in rules


def test_the_command_line_speaks_the_language_it_is_given(capsys: pytest.CaptureFixture[str]) -> None:
    from riskboard.cli import main

    assert main(["--language", "de", "odds", "5", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("5 Angreifer gegen 3 Verteidiger (gedruckte Regeln):")
    assert "Wahrscheinlichkeit 76,94" in out and "Wie die Schlacht ausgeht:" in out
    assert main(["--language", "ja", "simulate", "--bots", "aggressive,,random"]) == 2
    assert "エラー" in capsys.readouterr().err
    assert main(["odds", "5", "3"]) == 0
    assert capsys.readouterr().out.startswith("5 attacking against 3 defending (printed rules):")
