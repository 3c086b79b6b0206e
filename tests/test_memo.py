"""A presentation function that keeps its last answer (``rulesets.components.memo.remembered``)
answers as it would anew at every position of played games, in every language: the state parts it
names are all it reads."""

from __future__ import annotations

import pytest

import riskboard as rb
from riskboard.rulesets.balance_of_power import board as bop_board
from riskboard.rulesets.balance_of_power.extras import BalanceOfPowerExtras
from riskboard.rulesets.components.memo import remembered
from riskboard.rulesets.risk2010 import board as board_2010

GAMES = [
    ("balance_of_power", ["red", "blue"], {"variant": "command_room", "setup": "random"}),
    ("risk2010", ["Ada", "Bo"], {"variant": "two_player"}),
    ("risk2010", ["Ada", "Bo", "Cy"], {"variant": "simple"}),
]


@pytest.mark.parametrize(("ruleset", "players", "keywords"), GAMES)
def test_a_remembered_answer_is_the_answer_anew_at_every_position(ruleset, players, keywords) -> None:
    remembered_functions = (
        [bop_board._places, bop_board._missions, bop_board._purchases, bop_board._holdings]
        if ruleset == "balance_of_power"
        else [board_2010.counts]
    )
    checked = 0
    for seed in (3, 4):
        game = rb.new_game(ruleset, players=players, seed=seed, **keywords)
        bots = {p: rb.bots.Aggressive(seed=seed + i) for i, p in enumerate(players)}
        while not game.is_over and game.turn < 60:
            for language in ("en", "ja"):
                with rb.i18n.using(language):
                    for f in remembered_functions:
                        again = f(game.config, game.state)
                        assert again == f.__wrapped__(game.config, game.state), (f.__name__, game.state.seq)
                        assert f(game.config, game.state) is again  # asked again: the same answer
                        checked += 1
            game.apply(bots[game.pending.player].act(game.view(game.pending.player)))
    assert checked > 200


def test_the_mission_counts_are_the_progress_the_panels_state() -> None:
    game = rb.new_game("balance_of_power", players=["red", "blue"], seed=5, variant="command_room", setup="random")
    bots = {p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}
    while not game.is_over and game.turn < 40:
        x = BalanceOfPowerExtras(game.config, game.state)
        progress = bop_board.counts(game.config, game.state)["progress"]
        assert progress == {p: [[v["have"], v["need"]] for v in x.progress(p).values()] for p in game.players}
        game.apply(bots[game.pending.player].act(game.view(game.pending.player)))


def test_an_answer_follows_a_change_of_the_parts_it_reads_and_of_the_language() -> None:
    calls = []

    @remembered("owner")
    def held(cfg, s):
        calls.append(1)
        return {"held": s.owner.count(0), "language": rb.get_language()}

    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=1)
    first = held(game.config, game.state)
    assert held(game.config, game.state._replace(seq=99)) is first and len(calls) == 1  # seq is not read
    assert held(game.config, game.state._replace(owner=(0,) * 42))["held"] == 42
    with rb.i18n.using("de"):
        assert held(game.config, game.state)["language"] == "de"
    assert len(calls) == 3


def test_forget_makes_every_remembered_function_answer_anew() -> None:
    from riskboard.rulesets.components import memo

    calls = []

    @remembered("owner")
    def held(cfg, s):
        calls.append(1)
        return s.owner.count(0)

    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=1)
    held(game.config, game.state)
    held(game.config, game.state)
    memo.forget()
    held(game.config, game.state)
    assert len(calls) == 2
