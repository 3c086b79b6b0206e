"""RISK 2010 positions the board tests share (the Python side in ``tests/test_board_2010.py`` and
the browser tests here), each made from a scenario rather than a deal, so that they do not change
when the deal does.

>>> game = two_player_turn()
>>> game.pending.decision, game.current_player, len(game.hand("Ada"))
('neutral', 'Ada', 5)
"""

from __future__ import annotations

from typing import Any

import riskboard as rb

R2010 = "risk2010"
WORLD = rb.load_map("world")

ADA = [
    *WORLD.region("north_america").territories,
    "venezuela",
    "brazil",
    "iceland",
]
BO = ["ural", "siberia", "yakutsk", "kamchatka", "irkutsk", "mongolia", "japan", "afghanistan", "china"]
BO += ["indonesia", "new_guinea", "eastern_australia"]
NEUTRAL_1 = ["peru", "argentina", "great_britain", "scandinavia", "northern_europe", "western_australia"]
NEUTRAL_2 = ["western_europe", "southern_europe", "ukraine", "middle_east", "india", "siam"]
NEUTRAL_3 = list(WORLD.region("africa").territories)
ADA_HAND = ["alaska", "peru", "egypt", "china", "siam"]
"""Ada's star cards: alaska and china carry 2 stars (RULES.md §4.9), the others 1: 7 stars."""


def two_player_position() -> dict[str, tuple[str, int]]:
    """Ada holds North America (and Venezuela, Brazil, Iceland: 12 territories), Bo most of Asia
    and three of Australia (12), the three neutral armies 6 territories each; Alaska (Ada, 5) faces
    Kamchatka (Bo, 1)."""
    position: dict[str, tuple[str, int]] = {}
    for owner, land, troops in (
        ("Ada", ADA, 2),
        ("Bo", BO, 2),
        ("neutral_1", NEUTRAL_1, 1),
        ("neutral_2", NEUTRAL_2, 2),
        ("neutral_3", NEUTRAL_3, 1),
    ):
        position.update({t: (owner, troops) for t in land})
    position["alaska"] = ("Ada", 5)
    position["kamchatka"] = ("Bo", 1)
    assert len(position) == len(WORLD.ids)
    return position


def two_player_turn(phase: str = "neutral", **kw: Any) -> rb.Game:
    """Ada to play the two-player game's turn from ``phase``, holding five star cards (7 stars)."""
    kw.setdefault("hands", {"Ada": ADA_HAND})
    return rb.new_game(
        R2010,
        variant="two_player",
        players=["Ada", "Bo"],
        position=two_player_position(),
        current_player="Ada",
        phase=phase,
        seed=3,
        **kw,
    )


def simple_game(players: int = 4, seed: int = 2, turns: int = 6) -> rb.Game:
    """A simple game of ``players`` played by Aggressive bots until turn ``turns``'s attack."""
    game = rb.new_game(R2010, variant="simple", players=["Ada", "Bo", "Cy", "Dee", "Eve"][:players], seed=seed)
    bots = {p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}
    while game.turn < turns or game.pending.decision != "attack":
        player = game.pending.player
        assert player is not None, "the game ended before the position was reached"
        game.apply(bots[player].act(game.view(player)))
    return game
