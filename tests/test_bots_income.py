"""The bots' judgement of a position counts each player's income as the edition states it
(``Ruleset.income``, asked through ``PlayerView.income``): the rule changed in its home (an option
or the printed table's constant) moves the bots' evaluation with it; there is no copy to forget."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import riskboard as rb
from riskboard.bots.evaluate import CARD_WORTH, INCOME_TURNS, evaluate, strengths
from riskboard.bots.reading import Reading
from riskboard.engine.view import PlayerView
from riskboard.rulesets.risk2010 import counts

GAMES = [
    ("classic", ["a", "b", "c"], {}),
    ("risk2010", ["a", "b", "c"], {"variant": "simple"}),
    ("balance_of_power", ["a", "b"], {}),
    ("transformers", ["a", "b", "c"], {}),
]


def _played(ruleset: str, players: list[str], **kw: Any) -> rb.Game:
    """A game some turns in."""
    game = rb.new_game(ruleset, players=players, seed=7, **kw)
    game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(players)}, max_turns=4)
    return game


def _strength(game: rb.Game, player: str) -> tuple[float, int]:
    view = game.view(player)
    return strengths(Reading(view))[view.me], view.income(player)


@pytest.mark.parametrize(("ruleset", "players", "kw"), GAMES)
def test_a_strength_counts_the_editions_income(ruleset: str, players: list[str], kw: dict[str, Any]) -> None:
    game = _played(ruleset, players, **kw)
    for p in players:
        view = game.view(p)
        me = view.me
        if not any(o == me for o in view.owner_indices):
            continue
        income = game.ruleset.income(game.config, game.state, me)
        assert view.income(p) == income > 0
        armies = sum(a for o, a in zip(view.owner_indices, view.army_counts) if o == me)
        expected = armies + INCOME_TURNS * income + CARD_WORTH * view.card_count(p)
        assert strengths(Reading(view))[me] == pytest.approx(expected)


@pytest.mark.parametrize("ruleset", ["classic", "balance_of_power", "transformers"])
def test_the_minimum_income_option_moves_the_bots_evaluation(ruleset: str) -> None:
    players, kw = next((p, k) for r, p, k in GAMES if r == ruleset)
    game = _played(ruleset, players, **kw)
    rich = dataclasses.replace(game.config, options={**game.config.options, "min_reinforcements": 40})
    for p in players:
        if not game.state.alive[players.index(p)]:
            continue
        view, richer = game.view(p), PlayerView(rich, game.state, p)
        income, more = view.income(p), richer.income(p)
        assert more >= 40 > income  # the rule, in its home
        before, after = strengths(Reading(view))[view.me], strengths(Reading(richer))[view.me]
        assert after - before == pytest.approx(INCOME_TURNS * (more - income))  # the bots follow
        assert evaluate(richer) != evaluate(view)


def test_the_2010_territory_table_moves_the_bots_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _played("risk2010", ["a", "b", "c"], variant="simple")
    before = {p: _strength(game, p) for p in ("a", "b", "c")}
    values = {p: evaluate(game.view(p)) for p in ("a", "b", "c")}
    monkeypatch.setattr(counts, "BASE_TROOPS", counts.BASE_TROOPS + 10)  # the printed "at least three"
    for p in ("a", "b", "c"):
        strength, income = _strength(game, p)
        assert income == before[p][1] + 10
        assert strength == pytest.approx(before[p][0] + INCOME_TURNS * 10)
    assert {p: evaluate(game.view(p)) for p in ("a", "b", "c")} != values


def test_readings_of_the_same_owners_share_counts_that_match_the_board() -> None:
    # the holdings are counted once per owner tuple; each count is still the board's own
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=6)
    game.play({p: rb.bots.Planner(seed=i) for i, p in enumerate(game.players)}, max_turns=3)
    gm = game.map
    for player in game.players:
        r = Reading(game.view(player))
        assert r.held is Reading(game.view(player)).held
        for k, members in enumerate(gm.region_members):
            for o in set(game.state.owner):
                assert r.held[k].get(o, 0) == sum(1 for t in members if game.state.owner[t] == o)
        assert r.territories == {o: game.state.owner.count(o) for o in set(game.state.owner)}
    moved = game.state._replace(owner=(game.state.owner[1],) + game.state.owner[1:])
    other = Reading(PlayerView(game.config, moved, "Ada"))
    assert other.territories == {o: moved.owner.count(o) for o in set(moved.owner)}
