"""Forged saves that loaded before (issue 19, item 3): each edition's invariants now check what its
rules constrain, so each of these is refused with a ``FormatError`` saying what is wrong. Each save
is edited in its stored state and in its record's initial state alike, with no actions in the
record, so the edited position itself is what the loader judges."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

import riskboard as rb

WORLD = rb.load_map("world")
EUROPE = rb.load_map("europe")


def rebased(game: rb.Game) -> dict[str, Any]:
    """The save with its position as the record's start and no actions."""
    data = json.loads(game.to_json())
    data["record"]["initial"] = copy.deepcopy(data["state"])
    data["record"]["actions"] = []
    return data


def forged(game: rb.Game, change: Callable[[dict[str, Any]], None]) -> str:
    data = rebased(game)
    assert rb.Game.from_json(json.dumps(data)).state == game.state  # unedited, it loads
    for state in (data["state"], data["record"]["initial"]):
        change(state)
    return json.dumps(data)


def refused(text: str) -> rb.FormatError:
    with pytest.raises(rb.FormatError) as info:
        rb.Game.from_json(text)
    assert info.value.code.startswith("format/")
    return info.value


def bop(**kw: Any) -> rb.Game:
    position = dict.fromkeys(EUROPE.ids, ("blue", 2))
    position.update(germany=("red", 6), denmark=("neutral", 3), sweden=("neutral", 4))
    kw.setdefault("variant", "command_room")
    return rb.new_game(
        "balance_of_power", players=["red", "blue"], position=position, current_player="red", phase="attack",
        seed=3, **kw,
    )  # fmt: skip


def test_a_pending_defence_in_a_game_that_does_not_ask_defenders() -> None:
    position = dict.fromkeys(WORLD.ids, ("Bo", 2))
    position.update(ukraine=("Ada", 6), peru=("Cy", 1))
    for name in ("transformers", "balance_of_power"):
        if name == "transformers":
            game = rb.new_game(
                name, players=["Ada", "Bo"], position=position | {"peru": ("Bo", 1)}, current_player="Ada",
                phase="attack", leaders={"Ada": "ukraine", "Bo": "scandinavia"}, seed=1,
            )  # fmt: skip
            battle = ["defend", WORLD.index["ukraine"], WORLD.index["scandinavia"], 3, None]
        else:
            game = bop(variant="basic_training")
            battle = ["defend", EUROPE.index["germany"], EUROPE.index["netherlands"], 3, None]
        error = refused(forged(game, lambda s, b=battle: s.update(battle=b)))
        assert "defend" in str(error) or "asked" in str(error)


@pytest.mark.parametrize("count", [10, 11])
def test_balance_of_power_with_ten_cities(count: int) -> None:
    cities = list(EUROPE.ids[:count])
    assert "cities" in str(refused(forged(bop(), lambda s: s["extra"].update(cities=cities))))


def test_balance_of_power_with_hospital_units_and_no_field_hospital() -> None:
    game = bop(variant="basic_training")
    error = refused(forged(game, lambda s: s["extra"].update(hospital={"red": 5, "blue": 0})))
    assert "field hospital" in str(error)


@pytest.mark.parametrize("extra", [2, 3])
def test_balance_of_power_with_more_than_eight_missions_in_play(extra: int) -> None:
    game = bop()
    board = json.loads(game.to_json())["state"]["extra"]["board_missions"]
    others = [m for m in rb.rulesets.balance_of_power.data.MISSIONS if m not in board][:extra]

    def more(s: dict[str, Any]) -> None:
        s["extra"]["collected"]["blue"] = others

    assert "missions" in str(refused(forged(game, more)))


@pytest.mark.parametrize(
    ("name", "players", "variant"),
    [
        ("classic", ["Ada", "Bo", "Cy"], None),
        ("risk2010", ["Ada", "Bo", "Cy"], "classic"),
        ("balance_of_power", ["red", "blue"], "command_room"),
        ("transformers", ["Ada", "Bo", "Cy"], None),
    ],
)
def test_a_setup_with_a_player_out_of_the_game(name: str, players: list[str], variant: str | None) -> None:
    game = rb.new_game(name, players=players, variant=variant, seed=1)
    for _ in range(2):
        for who in players:  # the player to move, or one whose turn comes

            def out(s: dict[str, Any], who: str = who) -> None:
                s["alive"][who] = False

            refused(forged(game, out))
        game.apply(game.legal_actions()[0])


def test_a_finished_risk2010_game_whose_winner_met_no_winning_rule() -> None:
    position = dict.fromkeys(WORLD.ids, ("Bo", 2))
    position.update(ukraine=("Ada", 6), peru=("Cy", 1))
    game = rb.new_game(
        "risk2010", players=["Ada", "Bo", "Cy"], variant="classic", position=position, current_player="Ada",
        phase="attack", seed=2,
    )  # fmt: skip
    error = refused(forged(game, lambda s: s.update(phase="over", winner="Ada")))
    assert "winner" in str(error)


def test_a_finished_transformers_game_whose_winner_met_no_winning_rule() -> None:
    position = dict.fromkeys(WORLD.ids, ("Bo", 2))
    position.update(ukraine=("Ada", 6), peru=("Cy", 1))
    game = rb.new_game(
        "transformers", players=["Ada", "Bo", "Cy"], position=position, current_player="Ada", phase="attack",
        leaders={"Ada": "ukraine", "Bo": "scandinavia", "Cy": "peru"}, seed=2,
    )  # fmt: skip

    def over(s: dict[str, Any]) -> None:
        s.update(phase="over", winner="Ada", reinforcements=0)

    assert "win" in str(refused(forged(game, over)))


def test_genuine_finished_games_still_load() -> None:
    for name, players in (("risk2010", ["Ada", "Bo", "Cy"]), ("transformers", ["Ada", "Bo"])):
        for seed in range(3):
            game = rb.new_game(name, players=players, seed=seed)
            game.play({p: rb.bots.Aggressive(seed=seed + i) for i, p in enumerate(players)}, max_turns=300)
            assert rb.Game.from_json(game.to_json()).to_json() == game.to_json()


def test_a_transformers_setup_waiting_for_a_player_with_no_robot_left() -> None:
    """Found by the deep fuzz run (saves-fields, size 20): the placing setup named a player with an
    empty supply as the one to place; the game loaded, and the next placement left a supply of -1,
    which its own save refused."""
    game = rb.new_game("transformers", players=["Ada", "Bo", "Cy", "Di"], seed=4)
    while game.pending.decision != "place":
        game.apply(game.legal_actions()[0])
    who = game.players[game.state.current]
    error = refused(forged(game, lambda s: s["supply"].__setitem__(who, 0)))
    assert "has none left" in str(error)


@pytest.mark.parametrize("owner", ["red", "blue"])
def test_a_free_balance_of_power_setup_that_cannot_give_a_player_a_territory(owner: str) -> None:
    """Found by the deep fuzz run: a free setup in which red has no territory and no unit left to
    place loaded, and every line of play then stopped with no legal action."""
    game = rb.new_game("balance_of_power", players=["red", "blue"], variant="command_room", seed=5)
    assert game.pending.decision == "setup_place" and game.state.owner.count(0) == 0
    error = refused(forged(game, lambda s: s["supply"].__setitem__(owner, 0)))
    assert "territory" in str(error)
    # and a free setup with too few units left for its empty territories
    error = refused(forged(game, lambda s: s["supply"].update(dict.fromkeys(s["supply"], 1))))
    assert "empty territory" in str(error)
