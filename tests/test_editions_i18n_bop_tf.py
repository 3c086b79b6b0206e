"""Balance of Power and Transformers speak German, Swedish and Japanese: a played game's events,
the pending decision, an illegal action's message (its code unchanged), steps, prompts and plural
forms, in each edition's own words (seed S000's Einheiten, seed S002's Roboter)."""

from __future__ import annotations

import pytest

import riskboard as rb
from riskboard.i18n import _, using
from riskboard.rulesets.balance_of_power.events import CommandBought, NeutralReinforced
from riskboard.rulesets.balance_of_power.words import UNIT_WORDS
from riskboard.rulesets.transformers.events import ActionEnded, ArmyDestroyed, LeaderRevived

LANGUAGES = ("de", "sv", "ja")


def _played(ruleset: str, **kw: object) -> rb.Game:
    game = rb.new_game(ruleset, seed=34, **kw)  # type: ignore[arg-type]
    bots = {p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}
    for _step in range(150):
        if game.is_over:
            break
        player = game.pending.player
        game.apply(bots[player].act(game.view(player)), player=player)
    return game


@pytest.fixture(scope="module")
def bop() -> rb.Game:
    return _played("balance_of_power", players=["red", "blue"], variant="command_room", setup="random")


@pytest.fixture(scope="module")
def tf() -> rb.Game:
    return _played("transformers", players=["Ada", "Bo"])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("edition", ["bop", "tf"])
def test_a_played_game_reads_in_the_language_spoken(
    edition: str, language: str, request: pytest.FixtureRequest
) -> None:
    game: rb.Game = request.getfixturevalue(edition)
    own = [e for e in game.events() if type(e).__module__.startswith("riskboard.rulesets.")]
    assert own, "the game caused events of the edition's own"
    english = [str(e) for e in own]
    with using(language):
        spoken = [str(e) for e in own]
    changed = sum(a != b for a, b in zip(english, spoken))
    assert changed == len(own), [a for a, b in zip(english, spoken) if a == b][:3]
    assert [str(e) for e in own] == english  # the events keep English facts: nothing stored translated


def test_the_edition_s_own_words_in_german() -> None:
    with using("de"):
        assert (
            str(NeutralReinforced("red", "poland", 2))
            == "red setzte 2 neutrale Einheiten in poland (neutraler Widerstand)"
        )
        assert "1 Roboter vom Schrottplatz" in str(LeaderRevived("Ada", "megatron", "japan", 1))
        assert str(ActionEnded("Ada", "china", "japan", "stopped")) == "Ada beendete die Befreiungsaktion auf japan"
    with using("sv"):
        assert "3 robotar" in str(LeaderRevived("Ada", "megatron", "japan", 3))
    with using("ja"):
        assert "コンボイ" in str(LeaderRevived("Ada", "optimus_prime", "japan", 3))


@pytest.mark.parametrize(
    ("n", "de", "sv"),
    [(1, "1 Karte kam", "1 kort gick"), (2, "2 Karten kamen", "2 kort gick"), (5, "5 Karten kamen", "5 kort gick")],
)
def test_plural_forms_for_1_2_and_5(n: int, de: str, sv: str) -> None:
    event = ArmyDestroyed("Bo", "Ada", n)
    with using("de"):
        assert de in str(event)
    with using("sv"):
        assert sv in str(event)
    with using("ja"):
        assert f"カード{n}枚" in str(event)
    with using("de"):
        units = [str(NeutralReinforced("red", "poland", k)) for k in (1, 2, 5)]
    assert (
        "1 neutrale Einheit " in units[0] and "2 neutrale Einheiten" in units[1] and "5 neutrale Einheiten" in units[2]
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_illegal_action_is_refused_in_the_language_spoken_with_the_same_code(language: str) -> None:
    game = rb.new_game("balance_of_power", players=["red", "blue"], variant="command_room", setup="random", seed=3)
    before = game.to_json()
    neutral = str(game.legal_actions()[0]).split()[-1]  # the neutral step: resistance units to place
    with pytest.raises(rb.IllegalAction) as english:
        game.apply(f"place 99 {neutral}")
    with using(language), pytest.raises(rb.IllegalAction) as spoken:
        game.apply(f"place 99 {neutral}")
    assert spoken.value.code == english.value.code
    assert str(spoken.value) != str(english.value)
    assert game.to_json() == before
    tf = rb.new_game("transformers", players=["Ada", "Bo"], seed=3)
    with pytest.raises(rb.IllegalAction) as english:
        tf.apply("place 2 japan")
    with using(language), pytest.raises(rb.IllegalAction) as spoken:
        tf.apply("place 2 japan")
    assert spoken.value.code == english.value.code == "action/bad_count"
    assert str(spoken.value) != str(english.value) and "'place 1 ZONE'" in str(spoken.value)


@pytest.mark.parametrize("ruleset", ["balance_of_power", "transformers"])
def test_steps_prompts_and_pending_are_translated(ruleset: str) -> None:
    game = rb.new_game(ruleset, players=["red", "blue"], seed=5)
    shown = game.ruleset.presentation
    english_steps = shown.steps(game.config)
    english_prompts = dict(shown.prompts(game.config))
    with using("de"):
        steps = shown.steps(game.config)
        prompts = dict(shown.prompts(game.config))
        title = _(shown.title)
    assert [p for p, _l in steps] == [p for p, _l in english_steps]
    assert all(a != b for (_p, a), (_q, b) in zip(steps, english_steps) if a not in ("Neutral",))
    assert prompts.keys() == english_prompts.keys() and prompts["place"] != english_prompts["place"]
    assert title != shown.title
    if ruleset == "transformers":
        assert dict(steps)["reinforce"] == "Roboter setzen" and prompts["place"] == "Roboter setzen"
    else:
        assert dict(steps)["fortify"] == "Manöver" and prompts["place"] == "Einheiten setzen"


def test_a_bought_command_is_logged_by_its_printed_name_in_every_language() -> None:
    bought = CommandBought("red", "reinforce_3", 7, 2, "3 reinforcements to place this turn", words=UNIT_WORDS)
    airfield = CommandBought("red", "build_airfield", 10, 0, "airfield built", words=UNIT_WORDS)
    assert str(bought).startswith("red bought 3 reinforcements for 7 units")
    assert str(airfield).startswith("red bought Airfield for 10 units")
    for language, name in (("de", "Flugplatz"), ("sv", "Flygfält"), ("ja", "飛行場")):
        with using(language):
            text = str(airfield) + str(bought)
        assert name in text and "build_airfield" not in text and "reinforce_3" not in text


def test_transformers_speaks_of_robots_not_units() -> None:
    """Issue 21: Transformers' words were mixed with classic ones ("units into japan")."""
    game = _played("transformers", players=["Ada", "Bo"])
    said = [str(e) for e in game.events()]
    replay = rb.new_game("transformers", players=["Ada", "Bo"], seed=34)
    pendings = []
    bots = {p: rb.bots.Aggressive(seed=i) for i, p in enumerate(replay.players)}
    for _step in range(150):
        if replay.is_over:
            break
        pendings.append(str(replay.pending))
        player = replay.pending.player
        replay.apply(bots[player].act(replay.view(player)), player=player)
    assert any(" to occupy " in p for p in pendings)
    assert not [p for p in pendings if " units " in p and "defend" not in p]
    assert said
