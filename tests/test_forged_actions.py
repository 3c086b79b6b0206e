"""Every action, however it was made, is validated on ``apply`` and ``push`` (issue 19, item 4):
the audit's cases. A bot that builds an action without its constructor (``object.__new__``, a
field set afterwards) gets ``IllegalAction`` and the game is unchanged; a count of another integer
type is read as its value, so what is played and recorded is the plain action."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import riskboard as rb

WORLD = rb.load_map("world")


def forged(cls: type[rb.Action], **fields: Any) -> rb.Action:
    action = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


@pytest.fixture
def game() -> rb.Game:
    position = dict.fromkeys(WORLD.ids, ("Bo", 2))
    position.update(alaska=("Ada", 6), peru=("Cy", 1))
    return rb.new_game(
        "classic", players=["Ada", "Bo", "Cy"], position=position, current_player="Ada", phase="reinforce", seed=1
    )


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (forged(rb.Place, count=1.5, territory="alaska"), "action/bad_count"),
        (forged(rb.Place, count=True, territory="alaska"), "action/bad_count"),
        (forged(rb.Place, count="1", territory="alaska"), "action/bad_count"),
        (forged(rb.Place, count=1, territory=["alaska"]), "action/unparsable"),
        (forged(rb.Place), "action/malformed"),
        (forged(rb.TradeCards, cards=5), "action/unparsable"),
        (forged(rb.Attack, source="alaska", target="kamchatka", dice=None), "action/bad_count"),
    ],
)
@pytest.mark.parametrize("path", ["apply", "push", "check"])
def test_a_forged_action_is_refused_and_changes_nothing(game: rb.Game, action: rb.Action, code: str, path: str) -> None:
    before = game.to_json()
    if path == "check":
        error = game.check(action)
        assert isinstance(error, rb.IllegalAction) and error.code == code
    else:
        with pytest.raises(rb.IllegalAction) as info:
            getattr(game, path)(action)
        assert info.value.code == code
    assert game.to_json() == before


def test_a_count_of_another_integer_type_is_played_as_its_value(game: rb.Game) -> None:
    game.apply(forged(rb.Place, count=np.int64(2), territory="alaska"))
    assert game.armies("alaska") == 8
    action, _outcomes = game.actions[-1]
    assert type(action.count) is int  # type: ignore[attr-defined]
    assert rb.Game.from_json(game.to_json()).to_json() == game.to_json()


def test_buy_with_arguments_that_are_no_list_is_an_illegal_action() -> None:
    with pytest.raises(rb.IllegalAction) as info:
        rb.Buy("special_forces", 5)  # type: ignore[arg-type]
    assert info.value.code == "action/unparsable"
    assert str(rb.Buy("starting_maneuver", ("sweden", "norway", 3))) == "buy starting_maneuver sweden norway 3"


def test_a_bot_that_forges_an_action_stops_with_bot_error(game: rb.Game) -> None:
    bad = forged(rb.Place, count=1.5, territory="alaska")
    with pytest.raises(rb.BotError, match="action/bad_count"):
        game.play({p: (lambda view: bad) for p in game.players}, max_turns=1)
    assert game.actions == []


class _Unprintable:
    def __str__(self) -> str:
        raise RuntimeError("no")

    __repr__ = __str__


def test_a_bot_whose_choice_or_error_cannot_be_printed_still_stops_with_bot_error(game: rb.Game) -> None:
    class Raises(Exception):
        def __str__(self) -> str:
            raise RuntimeError("no")

    def raising(view: rb.PlayerView) -> rb.Action:
        raise Raises

    with pytest.raises(rb.BotError, match="Raises"):
        game.play({p: raising for p in game.players}, max_turns=1)
    with pytest.raises(rb.BotError, match="_Unprintable"):
        game.play({p: (lambda view: _Unprintable()) for p in game.players}, max_turns=1)


def test_an_empty_variant_is_no_variant() -> None:
    with pytest.raises(rb.ConfigError) as info:
        rb.new_game("classic", variant="")
    assert info.value.code == "config/bad_variant"
