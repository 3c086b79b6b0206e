"""A command-room position the Balance of Power board tests share (Python side and browser)."""

from __future__ import annotations

from typing import Any

import riskboard as rb

EUROPE = rb.load_map("europe")
ORANGE = ["germany", "prussia", "poland", "czechia", "slovakia"]


def command_room(phase: str = "hospital", hospital: int = 12, **kw: Any) -> rb.Game:
    """red holds the orange region and the Baltic (one connected block), blue the west, the
    neutral army the rest; red to play in ``phase``."""
    position = {t: ("neutral", 2) for t in EUROPE.ids}
    for t in [*ORANGE, "lithuania", "latvia", "estonia"]:
        position[t] = ("red", 4)
    for t in ["great_britain", "ireland", "northern_france", "belgium", "netherlands", "southern_france"]:
        position[t] = ("blue", 3)
    position["germany"] = ("red", 6)
    kw.setdefault("cities", ["germany", "poland", "great_britain", "italy"])
    kw.setdefault("capitals", {"red": "prussia", "blue": "ireland"})
    return rb.new_game(
        "balance_of_power",
        players=["red", "blue"],
        variant="command_room",
        position=position,
        current_player="red",
        phase=phase,
        hospital={"red": hospital, "blue": 3},
        seed=4,
        **kw,
    )
