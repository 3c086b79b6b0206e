"""What the edition benchmarks measure of one bot game and how they print many: player turns and
actions per second of CPU time through ``Game.play`` (bots deciding + checked apply), turns per
game, the size of a finished game's record, and how the games were won. Medians, never means:
these machines are shared and noisy."""

from __future__ import annotations

import collections
import json
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import riskboard as rb
from riskboard.engine.events import GameWon


def measure(game: rb.Game, bots: Mapping[str, Any], how: Callable[[str], str], max_turns: int = 1000) -> dict[str, Any]:
    """Play ``game`` out and measure it; ``how`` names the way to win from the last ``GameWon``'s reason."""
    t0 = time.process_time()
    game.play(bots, max_turns=max_turns)
    seconds = max(time.process_time() - t0, 1e-9)
    won = [e for e in game.events() if isinstance(e, GameWon)]
    return {
        "turns_per_s": game.turn / seconds,
        "actions_per_s": len(game.history) / seconds,
        "turns": game.turn,
        "record_kb": len(json.dumps(game.record(), separators=(",", ":"))) / 1000,
        "how": how(won[-1].reason) if won else "no winner",
    }


def report(title: str, rows: Sequence[Mapping[str, Any]]) -> None:
    """Print the medians of ``rows`` (from ``measure``) under ``title``."""
    med = {
        k: statistics.median(float(r[k]) for r in rows) for k in ("turns_per_s", "actions_per_s", "turns", "record_kb")
    }
    ways = collections.Counter(str(r["how"]) for r in rows)
    print(f"\n{title}: {len(rows)} games")
    print(f"  player turns/s           median {med['turns_per_s']:>9,.0f}")
    print(f"  actions/s through play   median {med['actions_per_s']:>9,.0f}")
    print(f"  player turns per game    median {med['turns']:>9,.0f}")
    print(
        f"  record                   median {med['record_kb']:>9,.1f} KB, max {max(float(r['record_kb']) for r in rows):,.1f} KB"
    )
    print("  won by                   " + ", ".join(f"{k}: {v}" for k, v in ways.most_common()))
