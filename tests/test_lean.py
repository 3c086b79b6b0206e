"""``rb.new_game(..., lean=True)``: bulk play keeps only the record; the game is the same game."""

from __future__ import annotations

import pytest

import riskboard as rb

CASES = [("classic", 4, None), ("risk2010", 2, "two_player"), ("balance_of_power", 2, None), ("transformers", 3, None)]


def _played(ruleset: str, n: int, variant: str | None, lean: bool) -> rb.Game:
    players = [f"p{i}" for i in range(n)]
    kw = {"variant": variant} if variant else {}
    game = rb.new_game(ruleset, players=players, seed=4, lean=lean, **kw)
    game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(players)}, max_turns=12)
    return game


@pytest.mark.parametrize(("ruleset", "n", "variant"), CASES)
def test_a_lean_game_is_the_same_game_and_its_events_are_rebuilt_when_read(
    ruleset: str, n: int, variant: str | None
) -> None:
    full = _played(ruleset, n, variant, lean=False)
    lean = _played(ruleset, n, variant, lean=True)
    assert lean.lean and not full.lean
    assert lean.state == full.state and lean.record() == full.record()
    assert lean.to_json() == full.to_json()
    assert lean.events() == full.events()
    assert lean.events(last=5) == full.events(last=5)
    assert [a for a, _ in lean.history] == [a for a, _ in full.history]
    assert lean.last_event(rb.Event) == full.last_event(rb.Event)
    assert rb.replay(lean.record()).state == lean.state


def test_a_lean_game_has_no_undo() -> None:
    game = _played("classic", 3, None, lean=True)
    with pytest.raises(rb.IllegalAction) as err:
        game.undo()
    assert err.value.code == "undo/disabled"
    assert game._events == []  # nothing kept per action: the record is all


def test_a_games_states_are_rebuilt_from_its_record() -> None:
    full = _played("classic", 3, None, lean=False)
    lean = _played("classic", 3, None, lean=True)
    states = list(lean.states())
    assert states[0] == lean.initial_state and states[-1] == lean.state
    assert states == list(full.states()) and len(states) == len(lean.actions) + 1
    assert states[:-1] == full._history  # the states a game with undo keeps, one before each action
