"""Bots tell editions apart by the parts their ruleset declares (``engine.ruleset.PARTS``), never
by name, and read every rule they need from the ruleset: an edition under another name plays the
same game, and each edition names its parts from the one vocabulary."""

from __future__ import annotations

import itertools

import pytest

import riskboard as rb
from riskboard.engine.ruleset import PARTS, MissionGoal
from riskboard.rulesets.base import BaseRuleset

EDITION_GAMES = [
    ("classic", {}, 3),
    ("classic", {"variant": "secret_missions"}, 4),
    ("classic", {}, 2),
    ("risk2010", {}, 3),
    ("risk2010", {"variant": "classic"}, 4),
    ("risk2010", {"variant": "two_player"}, 2),
    ("balance_of_power", {}, 2),
    ("balance_of_power", {"variant": "command_room"}, 2),
    ("balance_of_power", {"options": {"field_hospital": False, "airfields": False}}, 2),
    ("transformers", {}, 2),
    ("transformers", {}, 3),
    ("transformers", {}, 4),
]


def _game(name: str, keywords: dict, players: int, ruleset: object = None, seed: int = 5) -> rb.Game:
    return rb.new_game(ruleset or name, players=[f"p{i}" for i in range(players)], seed=seed, **keywords)


@pytest.mark.parametrize(("name", "keywords", "players"), EDITION_GAMES)
def test_every_edition_names_its_parts_from_the_vocabulary(name: str, keywords: dict, players: int) -> None:
    game = _game(name, keywords, players)
    parts = game.ruleset.parts(game.config)
    assert parts <= set(PARTS), sorted(parts - set(PARTS))
    view = game.view(game.players[0])
    assert view.parts == parts == game.config.parts


def test_the_vocabulary_says_what_each_part_means() -> None:
    assert all(isinstance(meaning, str) and len(meaning) > 10 for meaning in PARTS.values())
    assert {"leaders", "scrapyard", "field_hospital", "missions", "neutral_support", "attack_limits"} <= set(PARTS)


def _renamed(name: str) -> BaseRuleset:
    """The edition ``name`` registered under no name it is known by: a house edition built on it."""
    base = type(rb.get_ruleset(name))
    house = type(f"House{base.__name__}", (base,), {"name": f"house_{name}", "aliases": (), "title": "a house edition"})
    return house()


def _actions(game: rb.Game, bot: type, most: int) -> list[str]:
    bots = {p: bot(seed=i) for i, p in enumerate(game.players)}
    played = []
    for _ in range(most):
        pending = game.pending
        if pending.player is None:
            break
        action = bots[pending.player].act(game.view(pending.player))
        game.apply(action)
        played.append(str(action))
    return played


@pytest.mark.parametrize(("name", "keywords", "players"), EDITION_GAMES)
@pytest.mark.parametrize("bot", [rb.bots.Aggressive, rb.bots.Planner])
def test_a_bot_plays_an_edition_under_another_name_the_same_way(
    name: str, keywords: dict, players: int, bot: type
) -> None:
    """Nothing a bot does depends on the edition's name: the same edition under a house name, the
    same seed and the same bots give the same actions (a bot asking ``view.ruleset`` would not
    bring a Transformers leader back from the scrapyard in the house edition)."""
    most = 400 if bot is rb.bots.Aggressive else 150
    mine = _actions(_game(name, keywords, players), bot, most)
    house = _actions(_game(name, keywords, players, ruleset=_renamed(name)), bot, most)
    assert house == mine


def test_the_renamed_transformers_game_brings_a_leader_back() -> None:
    """The case above that a name check got wrong: the Aggressive bot revives its leader in a
    house edition of Transformers too."""
    revived = False
    for seed in range(12):
        played = _actions(
            _game("transformers", {}, 2, ruleset=_renamed("transformers"), seed=seed), rb.bots.Aggressive, 2000
        )
        if any(a.startswith("revive ") for a in played):
            revived = True
            break
    assert revived


@pytest.mark.parametrize(
    "mission",
    ["occupy_24", "occupy_18_with_2", "conquer_asia_africa", "conquer_europe_australia_plus_one", "destroy:p1"],
)
def test_a_secret_mission_says_what_it_asks(mission: str) -> None:
    game = _game("classic", {"variant": "secret_missions"}, 3)
    goal = game.ruleset.mission_goal(game.config, mission)
    assert isinstance(goal, MissionGoal) and goal.text
    expected = {
        "occupy_24": (None, (), 0, 24, 1),
        "occupy_18_with_2": (None, (), 0, 18, 2),
        "conquer_asia_africa": (None, ("asia", "africa"), 0, 0, 1),
        "conquer_europe_australia_plus_one": (None, ("europe", "australia"), 1, 0, 1),
        "destroy:p1": ("p1", (), 0, 0, 1),
    }[mission]
    assert (goal.rival, goal.regions, goal.more_regions, goal.territories, goal.units_each) == expected


def test_a_mission_goal_is_none_where_the_edition_has_no_such_mission() -> None:
    for name, players in (("classic", 3), ("risk2010", 3), ("balance_of_power", 2), ("transformers", 2)):
        game = _game(name, {}, players)
        assert game.ruleset.mission_goal(game.config, "no_such_mission") is None


def test_the_planner_reads_a_secret_mission_from_the_ruleset(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Planner's goal follows the ruleset's statement of the mission: changed there, the bot's
    goal changes (it keeps no copy of what a mission asks)."""
    from riskboard.bots.reading import read_goals
    from riskboard.rulesets.classic import missions

    game = _game("classic", {"variant": "secret_missions"}, 3, seed=1)
    player = next(p for p, m in zip(game.players, game.state.missions) if m in missions.OCCUPY)
    mission = game.state.missions[game.players.index(player)]
    before = [g.need for g in read_goals(game.view(player))]
    assert before == [missions.OCCUPY[mission][0]]
    monkeypatch.setitem(missions.OCCUPY, mission, (30, 1))
    assert [g.need for g in read_goals(game.view(player))] == [30]


def test_the_neutral_support_follows_the_rules_troops(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots give a neutral army as many troops as the legal supports allow (no copy of §4.6's
    three): with fewer allowed, they give fewer."""
    from riskboard.bots import neutral
    from riskboard.rulesets.actions import NeutralSupport

    game = _game("risk2010", {"variant": "two_player"}, 2, seed=1)
    bots = {p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}
    while game.pending.decision != "neutral":
        game.apply(bots[game.pending.player].act(game.view(game.pending.player)))
    view = game.view(game.pending.player)
    action = neutral.support(view)
    assert action in game.legal_actions() and sum(n for _, n in action.placements) == 3
    # rules that allowed two troops: the same supports, one troop fewer
    legal = [NeutralSupport(a.army, ((a.placements[0][0], 2),)) for a in view.legal_actions() if len(a.placements) == 1]
    monkeypatch.setattr(type(view), "legal_actions", lambda self: legal)
    fewer = neutral.support(view)
    assert isinstance(fewer, NeutralSupport) and fewer in legal and sum(n for _, n in fewer.placements) == 2


def test_the_edition_actions_are_one_class_wherever_they_are_imported() -> None:
    """``rb.Buy`` and the editions' own names are the vocabulary's classes (text forms unchanged)."""
    from riskboard.rulesets import actions
    from riskboard.rulesets.balance_of_power import actions as bop
    from riskboard.rulesets.risk2010 import actions as r2010
    from riskboard.rulesets.transformers import actions as tf

    assert rb.Buy is bop.Buy is actions.Buy and rb.ChooseSide is actions.ChooseSide
    assert r2010.NeutralSupport is actions.NeutralSupport
    assert all(
        getattr(tf, n) is getattr(actions, n)
        for n in ("LeaderAttack", "LeaderDefend", "LeaderMove", "Casualty", "Stop", "Revive")
    )
    for verbs, text in itertools.chain(
        ((bop.VERBS, t) for t in ("buy reinforce_3", "collect control_cities_6", "capital paris", "choose keep first")),
        ((r2010.VERBS, "neutral neutral_1 alaska 2"),),
        ((tf.VERBS, t) for t in ("attack a b 3 leader", "defend 2 leader", "casualty robot", "stop", "revive a")),
    ):
        action = verbs.parse(text)
        assert type(action).__module__ == "riskboard.rulesets.actions" and str(action) == text
