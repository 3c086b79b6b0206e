"""``Game.play`` stores hot events compact and expands them when read: readers see no difference."""

from __future__ import annotations

import dataclasses

import pytest

import riskboard as rb
from riskboard.engine.events import EVENT_TYPES, Event, expand

PLAYERS = ["Ada", "Bo", "Cy", "Di"]


def _played(seed: int) -> rb.Game:
    game = rb.new_game("classic", players=PLAYERS, seed=seed)
    game.play({p: rb.bots.Aggressive(seed=seed + i) for i, p in enumerate(PLAYERS)}, max_turns=40)
    return game


@pytest.mark.parametrize("event_type", EVENT_TYPES)
def test_expand_builds_each_event_type(event_type: type[Event]) -> None:
    fields = [f for f in dataclasses.fields(event_type) if not f.kw_only]  # not ``words``: no part of the fact
    values = tuple(f"value {i}" for i, _ in enumerate(fields))
    code = EVENT_TYPES.index(event_type)
    ready = event_type(*values)
    assert expand([(code, *values), ready]) == [event_type(*values), ready]
    assert expand([(code, *values)])[0] is not ready


def test_played_events_equal_the_events_of_the_same_actions_applied_one_by_one() -> None:
    game = _played(11)
    again = rb.new_game("classic", players=PLAYERS, seed=11)
    applied = [again.apply(action) for action, _ in game.history]
    assert [events for _, events in game.history] == applied
    assert game.events() == [e for events in applied for e in events]
    assert all(isinstance(e, Event) for e in game.events())
    assert {type(e).__name__ for e in game.events()} >= {"DiceRolled", "TerritoryConquered", "TurnStarted"}


def test_reading_the_last_events_expands_only_those_and_keeps_them() -> None:
    game = _played(12)
    last = game.events(last=3)
    assert last == game.events()[-len(last) :]
    assert game.events(last=1)[0] is last[-len(game.events(last=1))]
    assert game.events(last=10**6) == game.events()


def test_a_copy_and_undo_see_the_same_events() -> None:
    game = _played(13)
    branch = game.copy()
    assert branch.history == game.history
    n = len(game.history)
    game.undo(5)
    assert len(game.history) == n - 5 and game.history == branch.history[:-5]
