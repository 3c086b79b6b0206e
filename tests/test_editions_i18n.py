"""Classic's and RISK 2010's messages in German, Swedish and Japanese (issue 21, item 1): a played
game's events, a refusal (its code unchanged), the steps and prompts, the counted messages for 1, 2
and 5, and the sentences an event keeps (``components.said.Said``) stored in English and said in
the language of whoever reads them. English stays as it was (the goldens and test_messages.py)."""

from __future__ import annotations

import json
import re

import pytest

import riskboard as rb
from riskboard.engine.events import GameWon
from riskboard.i18n import using
from riskboard.rulesets.classic import missions
from riskboard.rulesets.components.said import Said
from riskboard.rulesets.risk2010 import turns as turns_2010
from riskboard.rulesets.risk2010.events import CeasefireDrawn, NeutralArmyEliminated, TroopsCounted
from riskboard.rulesets.risk2010.words import TROOP_WORDS

LANGUAGES = ("de", "sv", "ja")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def played(ruleset: str, **kwargs) -> rb.Game:
    game = rb.new_game(ruleset, seed=5, **kwargs)
    game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}, max_turns=6)
    return game


def speaks(language: str, text: str, english: str) -> bool:
    """``text`` is ``english`` said in ``language``: different, and Japanese written in Japanese."""
    return text != english and (language != "ja" or bool(JAPANESE.search(text)))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_2010_games_own_events_read_in_the_language_spoken(language):
    game = played("risk2010", variant="two_player", players=["Ada", "Bo"])
    own = [e for e in game.events() if type(e).__module__.endswith("risk2010.events")]
    assert {type(e) for e in own} >= {TroopsCounted}
    for event in own:
        english = str(event)
        with using(language):
            said = str(event)
        assert speaks(language, said, english), said
        assert event.player in said if hasattr(event, "player") else True
        assert str(event) == english  # reading it in another language stored nothing in it


def test_the_troops_of_a_2010_turn_are_counted_in_the_seeds_words():
    game = played("risk2010", variant="two_player", players=["Ada", "Bo"])
    counted = next(e for e in game.events() if isinstance(e, TroopsCounted))
    with using("sv"):
        swedish = str(counted)
    with using("ja"):
        japanese = str(counted)
    assert "att placera ut" in swedish and "territori" in swedish
    assert "配置する" in japanese and "領土" in japanese
    assert "to place" in str(counted) and "territor" in str(counted)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("ruleset", "kwargs", "action", "code"),
    [
        ("classic", {"players": ["Ada", "Bo", "Cy"]}, "attack alaska kamchatka 3", "action/wrong_phase"),
        ("classic", {"players": ["Ada", "Bo", "Cy"]}, "place 1 atlantis", "action/unknown_territory"),
        ("risk2010", {"players": ["Ada", "Bo", "Cy"]}, "fortify alaska alberta 1", "action/wrong_phase"),
        ("risk2010", {"players": ["Ada", "Bo"], "variant": "two_player"}, "place 3 alaska", "action/neutral_first"),
    ],
)
def test_a_refusal_speaks_the_language_and_keeps_its_code(language, ruleset, kwargs, action, code):
    game = rb.new_game(ruleset, seed=2, **kwargs)
    if ruleset == "classic":
        game.play({p: rb.bots.Aggressive(seed=0) for p in game.players}, max_turns=0)  # the setup
    before = game.to_json()
    english = game.check(action)
    with using(language):
        refused = game.check(action)
    assert english is not None and refused is not None
    assert refused.code == english.code == code
    assert speaks(language, str(refused), str(english)), str(refused)
    assert game.to_json() == before


def test_a_refusal_names_the_player_and_the_phase_in_the_editions_words():
    game = rb.new_game("risk2010", seed=2, players=["Ada", "Bo", "Cy"])
    with using("de"):
        german = str(game.check("fortify alaska alberta 1"))
    with using("sv"):
        swedish = str(game.check("fortify alaska alberta 1"))
    player = game.current_player
    assert "Manöver" in german and player in german and "Verstärkungsphase" in german
    assert "trupper" in swedish and player in swedish


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("ruleset", "kwargs"),
    [
        ("classic", {"players": ["Ada", "Bo", "Cy"]}),
        ("risk2010", {"players": ["Ada", "Bo"], "variant": "two_player"}),
        ("risk2010", {"players": ["Ada", "Bo", "Cy"], "variant": "classic"}),
    ],
)
def test_the_title_steps_and_prompts_are_translated(language, ruleset, kwargs):
    game = rb.new_game(ruleset, seed=1, **kwargs)
    shown, cfg = game.ruleset.presentation, game.config
    english = (shown.title, shown.steps(cfg), dict(shown.prompts(cfg)), shown.cards_note(cfg, game.state, 0))
    with using(language):
        title, steps, prompts, note = (
            shown.title,
            shown.steps(cfg),
            dict(shown.prompts(cfg)),
            shown.cards_note(cfg, game.state, 0),
        )
    assert speaks(language, title, english[0])
    assert [phase for phase, _label in steps] == [phase for phase, _label in english[1]]
    for (phase, label), (_phase, english_label) in zip(steps, english[1]):
        assert speaks(language, label, english_label) or (phase == "neutral" and language != "ja"), label
    assert prompts.keys() == english[2].keys()
    for decision, text in prompts.items():
        assert speaks(language, text, english[2][decision]), text
    assert speaks(language, note, english[3])
    assert shown.words(cfg) == game.ruleset.presentation.words(cfg)  # words stay English ids


def test_2010_words_stay_english_ids_and_translate_where_shown():
    assert TROOP_WORDS["units"] == "troops"
    with using("sv"):
        assert rb.i18n.gettext(TROOP_WORDS["units"]) == "trupper"
        assert rb.i18n.gettext(TROOP_WORDS["fortify"]) == "truppförflyttning"


def counted_forms(language: str, make) -> list[str]:
    with using(language):
        return [make(n) for n in (1, 2, 5)]


HELD = (
    "{n} territory held at the end of the turn ({need} win)",
    "{n} territories held at the end of the turn ({need} win)",
)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "make",
    [
        lambda n: str(NeutralArmyEliminated("Cy", "Ada", n)),
        lambda n: str(GameWon("Ada", Said.counted(*HELD, n, need=24))),
    ],
    ids=["reserved_cards", "territories_held"],
)
def test_counted_messages_take_the_languages_plural_forms(language, make):
    texts = counted_forms(language, make)
    english = counted_forms("en", make)
    assert english[0] != english[1].replace("2", "1")  # English says "1 card", "2 cards"
    one, two, five = (t.replace(str(n), "N", 1) for t, n in zip(texts, (1, 2, 5)))
    assert all(speaks(language, t, e) for t, e in zip(texts, english))
    assert all(str(n) in t for t, n in zip(texts, (1, 2, 5)))
    assert two == five  # 2 and 5 take one form in all four languages
    if language == "ja":
        assert one == two  # Japanese has one form
    elif language == "de" or "territories" in english[1]:
        assert one != two  # "1 zurückgelegte Karte", "2 zurückgelegten Karten"; "1 territorium", "2 territorier"


@pytest.mark.parametrize("language", ["de", "sv"])
def test_a_refusal_counts_the_pieces_it_names(language):
    from riskboard.rulesets.components.battles import ATTACKING

    forms = [rb.i18n.ngettext(*ATTACKING["die"], n) for n in (1, 2, 5)]
    with using(language):
        said = [rb.i18n.ngettext(*ATTACKING["die"], n).format(n=n) for n in (1, 2, 5)]
    assert forms == ["{n} die", "{n} dice", "{n} dice"]
    assert said[0].startswith("1 ") and said[1].startswith("2 ") and said[2].startswith("5 ")
    assert said[1][2:] == said[2][2:]


def test_a_sentence_an_event_keeps_is_english_and_said_in_the_language_of_its_reader():
    with using("de"):  # made while German is spoken (a German board applying the action)
        reason = Said("mission completed: {mission}", mission=missions.said("destroy:Bo"))
        won = GameWon("Ada", reason)
    assert reason == "mission completed: Destroy all armies of Bo"
    assert json.dumps(won.reason) == '"mission completed: Destroy all armies of Bo"'
    assert str(won) == "Ada won: mission completed: Destroy all armies of Bo"
    with using("ja"):
        assert "Bo" in str(reason) and speaks("ja", str(reason), reason)
        assert "Bo" in f"{won.reason}" and JAPANESE.search(f"{won.reason}")
    with using("de"):
        assert str(reason) == "Mission erfüllt: Vernichte alle Armeen von Bo"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_secret_mission_reads_in_the_language_spoken(language):
    for mission in missions.mission_deck(("Ada", "Bo")):
        english = missions.describe(mission)
        with using(language):
            said = missions.describe(mission)
        assert speaks(language, said, english), said
        if mission.startswith("destroy:"):
            assert mission.split(":")[1] in said


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_ceasefire_and_its_standings_read_in_the_language_spoken(language):
    game = rb.new_game("risk2010", seed=4, players=["Ada", "Bo", "Cy"])
    events: list = []
    turns_2010.ceasefire(game.config, game.state, events)
    drawn = next(e for e in events if isinstance(e, CeasefireDrawn))
    wins = [e for e in events if isinstance(e, GameWon)]
    english = [str(e) for e in [drawn, *wins]]
    with using(language):
        said = [str(e) for e in [drawn, *wins]]
    for text, original in zip(said, english):
        assert speaks(language, text, original), text
    assert all(name in said[0] for name in ("Ada", "Bo", "Cy"))
    assert [str(e) for e in [drawn, *wins]] == english


def test_a_2010_board_counts_the_troops_in_the_language_spoken():
    game = played("risk2010", variant="two_player", players=["Ada", "Bo"])
    english = game.ruleset.board_counts(game.config, game.state)["progress"]["Ada"]["troops_words"]
    with using("de"):
        facts = game.ruleset.board_facts(game.config, game.state)
        german = game.ruleset.board_counts(game.config, game.state)["progress"]["Ada"]["troops_words"]
    assert type(german) is str and "für" in german and "for" in english
    assert "Gebiete" in facts["goal"] and "neutrale Armee" in facts["neutral_rule"]


def test_a_classic_pending_is_remembered_in_each_language_apart():
    game = rb.new_game("classic", seed=5, players=["Ada", "Bo", "Cy"])
    game.play({p: rb.bots.Aggressive(seed=0) for p in game.players}, max_turns=0)  # the setup
    game.apply(f"place {game.reinforcements} {game.territories(game.current_player)[0]}")
    assert game.pending.decision == "attack"
    english = str(game.pending)
    with using("sv"):
        swedish = game.pending.detail
    with using("de"):
        german = game.pending.detail
    assert (english, swedish, german) == (f"{game.current_player} to attack (or end)", "eller avsluta", "oder beenden")
    assert str(game.pending) == english
