"""The rules and the presentation apart (issue 20, item 4): the ``Ruleset`` protocol asks only rules
questions, ``Presentation`` holds only words, labels and colours, and an edition whose
presentation changes one word shows that word everywhere (the board, ``describe``, the picture)
while its rules, its play and its saves stay exactly the same."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import riskboard as rb
from riskboard.engine.events import Words
from riskboard.engine.presentation import Presentation
from riskboard.engine.ruleset import GameConfig, Ruleset
from riskboard.rulesets.base import BaseRuleset
from riskboard.rulesets.classic import ClassicRuleset
from riskboard.rulesets.classic.words import ClassicWords
from riskboard.rulesets.presentation import BasePresentation
from riskboard.widget.contract import TRAITS

EDITIONS = ("classic", "risk2010", "balance_of_power", "transformers")

RULES_MEMBERS = {
    # what an edition is
    "name", "aliases", "version", "variants", "setups", "map_name", "min_players", "max_players", "phases",
    "verbs", "presentation",
    # configuration
    "resolve_options", "neutrals_for", "check_setup", "rules",
    # states and decisions
    "initial_state", "scenario_state", "pending", "legal_actions", "apply", "problems",
    # the edition's own state
    "deck", "extra_to_dict", "extra_from_dict", "extras", "resample_hidden", "leader_at", "winners",
    # questions about the rules
    "income", "battle_rules", "battle_notes", "destinations", "trades", "trade_value", "card_bonus", "card_faces",
    # the edition's parts
    "parts", "mission_goal", "board_facts", "board_state", "board_counts", "board_hints",
}  # fmt: skip
"""Every member of the ``Ruleset`` protocol: rules questions, and the one ``presentation``."""

PRESENTATION_MEMBERS = {"title", "words", "piece_colours", "cards_note", "steps", "prompts", "board_words"}
"""Every member of the ``Presentation`` protocol: words, labels and colours."""


def members(protocol: type) -> set[str]:
    """The public members a protocol declares (its methods and read-only properties)."""
    return {name for name in vars(protocol) if not name.startswith("_")}


def test_the_ruleset_protocol_asks_rules_questions_only() -> None:
    assert members(Ruleset) == RULES_MEMBERS
    assert not members(Ruleset) & PRESENTATION_MEMBERS


def test_the_presentation_protocol_holds_words_labels_and_colours_only() -> None:
    assert members(Presentation) == PRESENTATION_MEMBERS
    assert not members(Presentation) & (RULES_MEMBERS - {"verbs"})


@pytest.mark.parametrize("name", EDITIONS)
def test_each_edition_keeps_its_words_in_its_presentation_not_its_rules(name: str) -> None:
    ruleset = rb.get_ruleset(name)
    assert isinstance(ruleset, Ruleset) and isinstance(ruleset.presentation, Presentation)
    assert type(ruleset.presentation) is not BasePresentation and ruleset.presentation.title
    assert type(ruleset.presentation).__module__ == f"riskboard.rulesets.{name}.words"
    for word in PRESENTATION_MEMBERS:
        assert not hasattr(ruleset, word), f"{name}'s ruleset still has {word}"
    assert not PRESENTATION_MEMBERS & set(vars(BaseRuleset))


GAMES = {
    "classic": dict(players=["Ada", "Bo", "Cy"], options={"ask_defender": True}),
    "risk2010": dict(players=["Ada", "Bo", "Cy"], variant="classic"),
    "balance_of_power": dict(players=["Ada", "Bo"], variant="command_room"),
    "transformers": dict(players=["Ada", "Bo", "Cy", "Dee"]),
}


@pytest.mark.parametrize("name", EDITIONS)
def test_the_presentation_names_every_step_and_decision_a_game_reaches(name: str) -> None:
    game = rb.new_game(name, seed=2, **GAMES[name])
    shown = game.ruleset.presentation
    steps = dict(shown.steps(game.config))
    prompts = shown.prompts(game.config)
    rng = random.Random(2)
    for _ in range(900):
        if game.is_over:
            break
        pending = game.pending
        assert pending.decision in prompts, (name, pending.decision)
        assert pending.phase in steps or pending.phase == "occupy", (name, pending.phase)
        legal = list(game.legal_actions())
        game.apply(legal[rng.randrange(len(legal))])


# -- a house presentation: one word changed ---------------------------------------------------------
class SoldierWords(ClassicWords):
    """Classic's presentation with soldiers for armies."""

    def words(self, cfg: GameConfig) -> Words:
        return {**super().words(cfg), "unit": "soldier", "units": "soldiers"}


class SoldierClassic(ClassicRuleset):
    """Classic RISK, shown with soldiers: the same rules, the same name."""

    presentation = SoldierWords()


def as_armies(text: str) -> str:
    return text.replace("soldiers", "armies").replace("soldier", "army")


def played(ruleset: str | Ruleset, actions: int = 260) -> rb.Game:
    """A classic game of random legal actions, the same for the same seed whatever its words."""
    game = rb.new_game(ruleset, players=["Ada", "Bo", "Cy"], seed=11)
    rng = random.Random(4)
    for _ in range(actions):
        if game.is_over:
            break
        legal = list(game.legal_actions())
        game.apply(legal[rng.randrange(len(legal))])
    return game


def test_a_house_presentation_changes_what_is_shown_and_nothing_else() -> None:
    plain, house = played("classic"), played(SoldierClassic())
    # the rules, the play and the save: the same
    assert house.to_json() == plain.to_json()
    assert house.state == plain.state and list(house.legal_actions()) == list(plain.legal_actions())
    assert rb.Game.from_json(house.to_json()).to_json() == plain.to_json()
    # the text: the new word, and otherwise the same
    assert "soldiers" in house.describe() and "armies" not in house.describe()
    assert as_armies(house.describe()) == plain.describe()
    assert as_armies(house.summary()) == plain.summary()
    picture, plain_picture = str(rb.render_svg(house)), str(rb.render_svg(plain))
    assert "soldiers" in picture and as_armies(picture) == plain_picture
    events = [str(e) for e in house.events(last=40)]
    assert as_armies(" ".join(events)) == " ".join(str(e) for e in plain.events(last=40))


def test_a_house_presentation_reaches_every_part_of_the_board() -> None:
    plain, house = played("classic"), played(SoldierClassic())
    boards = rb.Board(plain), rb.Board(house)
    traits: list[dict[str, Any]] = [{t: getattr(b, t) for t in TRAITS} for b in boards]
    assert traits[1]["edition"]["words"]["units"] == "soldiers"
    assert "soldiers" in traits[1]["view"]["cards_note"]  # the note speaks the presentation's words
    changed = {t for t in TRAITS if traits[0][t] != traits[1][t]}
    assert "edition" in changed
    for t in TRAITS:
        assert as_armies(json.dumps(traits[1][t])) == json.dumps(traits[0][t]), t
