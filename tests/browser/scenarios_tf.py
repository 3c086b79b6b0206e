"""Transformers positions the board tests share (the Python side in ``tests/test_board_tf.py``, the
browser tests here and ``benchmarks/widget.py``), made from scenarios and injected dice rather than
a deal, so that they do not change when the deal does.

Ada plays the Autobots (Optimus Prime), Bo the Decepticons (Megatron). Optimus Prime stands in
Ontario with 6 robots; Bo holds Greenland with 3 robots, Megatron stands in Ukraine.

>>> game = liberation()
>>> game.pending.decision, game.leader_at("ontario"), game.armies("ontario"), game.armies("greenland")
('attack', 'Ada', 7, 3)
>>> mid_liberation().pending.decision
'continue'
"""

from __future__ import annotations

from typing import Any

import riskboard as rb

TF = "transformers"
WORLD = rb.load_map("world")
PLAYERS = ["Ada", "Bo"]

FIRST_THROW = ([2, 6, 1], [5, 4])
"""Ada's d8 first (2), then her d6 (6, 1) against Bo's 5 and 4: one pair each, so Ada, who
committed Optimus Prime, chooses her casualty."""
SECOND_THROW = ([8, 6, 5], [2, 1])
"""Ada's d8 (8) and d6 (6, 5) against 2 and 1: Greenland is liberated."""


def position() -> dict[str, tuple[str, int]]:
    """North America Ada's (Ontario 7: Optimus Prime and 6 robots; Greenland Bo's, 3 robots), the
    rest Bo's (2 robots each, Ukraine 4 with Megatron)."""
    out = {t: ("Bo", 2) for t in WORLD.ids}
    for t in WORLD.region("north_america").territories:
        out[t] = ("Ada", 2)
    out["ontario"] = ("Ada", 7)
    out["greenland"] = ("Bo", 3)
    out["ukraine"] = ("Bo", 4)
    return out


LEADERS = {"Ada": "ontario", "Bo": "ukraine"}


def liberation(**options: Any) -> rb.Game:
    """Ada to start a liberation action (her attack step), Optimus Prime in Ontario."""
    return rb.new_game(
        TF,
        players=PLAYERS,
        position=position(),
        current_player="Ada",
        phase="attack",
        leaders=LEADERS,
        scrapyard={"Ada": 4, "Bo": 7},
        round=2,
        seed=2,
        options=options or None,
    )


def face_to_face(**options: Any) -> rb.Game:
    """Ada to attack, Optimus Prime in Ontario and Megatron in Greenland next door (round 1,
    empty scrapyards): both leaders in the battle."""
    return rb.new_game(
        TF,
        players=PLAYERS,
        position=position(),
        current_player="Ada",
        phase="attack",
        leaders={"Ada": "ontario", "Bo": "greenland"},
        seed=2,
        options=options or None,
    )


def casualty_pending() -> rb.Game:
    """After the first throw with Optimus Prime committed: Ada lost one of three, her choice."""
    game = liberation()
    game.apply("attack ontario greenland 3 leader", dice=FIRST_THROW)
    return game


def mid_liberation() -> rb.Game:
    """After Ada's casualty (a robot): both zones held, Ada continues or stops (outcome 2)."""
    game = casualty_pending()
    game.apply("casualty robot")
    return game


def four_players(seed: int = 4, turns: int = 9) -> rb.Game:
    """A 4-player game (two alliances) played by Aggressive bots to turn ``turns``'s attack."""
    game = rb.new_game(TF, players=["Ada", "Bo", "Cy", "Dee"], seed=seed)
    bots = {p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}
    while game.turn < turns or game.pending.decision != "attack":
        player = game.pending.player
        assert player is not None, "the game ended before the position was reached"
        game.apply(bots[player].act(game.view(player)))
    return game
