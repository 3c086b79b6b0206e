"""Kingmaking (issue 22, item 5): a kingmaker who attacks only its targets, the experiment that
plays the same seeded 3-player games under each of its policies with the seats fixed, and the
picture of who wins."""

from __future__ import annotations

import re

import pandas as pd
import pytest

import riskboard as rb
from riskboard.teaching import kingmaking_chart
from riskboard.tournaments import kingmaking

PLAYERS = ["Ada", "Bo", "Kim"]


def _attacked_owners(targets: object, seed: int, turns: int = 200) -> tuple[set[str], list[str]]:
    """Play a game with ``Kingmaker(targets)`` as Kim; who owned each territory Kim attacked while
    both Ada and Bo were in the game, and Kim's explanations of the moments it ended its attacks."""
    game = rb.new_game("classic", players=PLAYERS, seed=seed)
    bots = {
        "Ada": rb.bots.Aggressive(seed=1),
        "Bo": rb.bots.Aggressive(seed=2),
        "Kim": rb.bots.Kingmaker(targets, seed=3),  # type: ignore[arg-type]
    }
    attacked: set[str] = set()
    ends: list[str] = []
    while game.winner is None and game.turn < turns:
        player = game.pending.player
        action = bots[player].act(game.view(player))
        owners = {game.owner(t) for t in game.map.ids}
        if player == "Kim" and isinstance(action, (rb.Attack, rb.Blitz)) and {"Ada", "Bo"} <= owners:
            attacked.add(game.owner(action.target))
        if player == "Kim" and game.pending.decision == "attack" and isinstance(action, rb.EndPhase):
            ends.append(bots["Kim"].explain())
        game.apply(action)
    return attacked, ends


def test_a_kingmaker_attacks_only_its_target() -> None:
    attacked, ends = _attacked_owners("Ada", seed=1)
    assert attacked == {"Ada"}
    assert any("attacks only Ada" in e for e in ends)


def test_a_kingmaker_of_nobody_never_attacks_and_says_why() -> None:
    attacked, ends = _attacked_owners((), seed=4, turns=30)
    assert attacked == set()
    assert ends and all(e == "Kingmaker attacks nobody: it ends its attacks." for e in ends)


def test_a_kingmaker_of_anyone_attacks_both() -> None:
    attacked, _ends = _attacked_owners(None, seed=1)
    assert attacked == {"Ada", "Bo"}


def test_a_kingmaker_refuses_targets_that_are_not_names() -> None:
    with pytest.raises(TypeError, match="player names"):
        rb.bots.Kingmaker([1, 2])  # type: ignore[list-item]


def test_the_kingmakers_policy_decides_who_wins() -> None:
    contenders = {"Ada": rb.bots.Aggressive, "Bo": rb.bots.Aggressive}
    table = kingmaking(contenders, games=16, seed=2, max_turns=200)
    assert list(table.index) == ["anyone", "only Ada", "only Bo", "nobody"]
    assert (table["games"] == 16).all()
    shares = table[["Ada", "Bo", "Kim", "draw"]]
    assert (shares.sum(axis=1) - 1).abs().max() < 1e-12
    # the same two bots: whichever the kingmaker attacks mostly loses
    assert table.loc["only Ada", "Bo"] > table.loc["only Ada", "Ada"] + 0.4
    assert table.loc["only Bo", "Ada"] > table.loc["only Bo", "Bo"] + 0.4
    assert ((table["Ada_low"] <= table["Ada"]) & (table["Ada"] <= table["Ada_high"])).all()
    again = kingmaking(contenders, games=16, seed=2, max_turns=200)
    pd.testing.assert_frame_equal(table, again)


def test_kingmaking_takes_its_own_policies_and_checks_its_players() -> None:
    table = kingmaking(
        {"Ada": rb.bots.Aggressive, "Bo": rb.bots.Random},
        kingmaker="Kai",
        policies={"random": rb.bots.Random},
        games=3,
        max_turns=20,
    )
    assert list(table.index) == ["random"] and "Kai" in table.columns
    with pytest.raises(rb.ConfigError, match="two contenders"):
        kingmaking({"Ada": rb.bots.Aggressive})
    with pytest.raises(rb.ConfigError, match="three different names"):
        kingmaking({"Ada": rb.bots.Aggressive, "Kim": rb.bots.Random})


def test_the_kingmaking_picture() -> None:
    table = pd.DataFrame(
        {"games": [10, 10], "Ada": [0.5, 0.1], "Bo": [0.4, 0.9], "Kim": [0.0, 0.0], "draw": [0.1, 0.0]},
        index=["anyone", "only Ada"],
    )
    svg = str(kingmaking_chart(table))
    pieces = re.findall(r'<rect [^>]*class="share"[^>]*>', svg)
    found = {
        (re.search(r'data-policy="([^"]*)"', p)[1], re.search(r'data-player="([^"]*)"', p)[1]): float(  # type: ignore[index]
            re.search(r'data-share="([^"]*)"', p)[1]  # type: ignore[index]
        )
        for p in pieces
    }
    assert found == {
        ("anyone", "Ada"): 0.5,
        ("anyone", "Bo"): 0.4,
        ("anyone", "draw"): 0.1,
        ("only Ada", "Ada"): 0.1,
        ("only Ada", "Bo"): 0.9,
    }
    assert "10 games per policy" in svg and "nobody (draw)" in svg
    with pytest.raises(ValueError, match="from 0 to 1"):
        kingmaking_chart(table.assign(Ada=[2.0, 0.1]))
    with pytest.raises(TypeError, match="a row per policy"):
        kingmaking_chart({"anyone": 1})
