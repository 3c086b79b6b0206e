"""Digests of seeded games the search and planning bots play, pinned before their hot paths were
made faster: the speed-ups must leave every decision, every die and every record as it was.

Each case plays a seeded game with ``Planner`` or ``MCTS`` seats (``MCTS`` with a fixed number of
playouts, so it is deterministic) and digests the saved record (``Game.to_json``) after every
decision; ``python tests/goldens/bot_games.py`` rewrites ``bot_games.txt``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import riskboard as rb

HERE = Path(__file__).resolve().parent
DIGESTS = HERE / "bot_games.txt"


@dataclass(frozen=True)
class BotCase:
    """A seeded game: edition, variant, players, the bot of every seat, and how far it is played."""

    name: str
    ruleset: str
    players: int
    seed: int
    bot: str  # "Planner" or "MCTS"
    max_turns: int
    variant: str | None = None

    def play(self) -> str:
        """The digest of the game's record, one line a turn (so a difference says where)."""
        names = [f"P{i}" for i in range(self.players)]
        game = rb.new_game(self.ruleset, players=names, variant=self.variant, seed=self.seed)
        if self.bot == "MCTS":
            bots = {p: rb.bots.MCTS(playouts=12, seed=self.seed * 10 + i) for i, p in enumerate(names)}
        else:
            bots = {p: rb.bots.Planner(seed=self.seed * 10 + i) for i, p in enumerate(names)}
        lines = []
        turn = game.turn
        while not game.is_over and game.turn <= self.max_turns:
            player = game.pending.player
            game.push(bots[player].act(game.view(player)))
            if game.turn != turn:
                turn = game.turn
                lines.append(f"{turn} {hashlib.sha256(game.to_json().encode()).hexdigest()[:16]}")
        lines.append(f"end {hashlib.sha256(game.to_json().encode()).hexdigest()}")
        return "\n".join(lines)


CASES: tuple[BotCase, ...] = (
    BotCase("classic-4p-planner", "classic", 4, 7, "Planner", 60),
    BotCase("classic-6p-missions-planner", "classic", 6, 8, "Planner", 60, "secret_missions"),
    BotCase("risk2010-3p-planner", "risk2010", 3, 9, "Planner", 40, "simple"),
    BotCase("bop-2p-planner", "balance_of_power", 2, 10, "Planner", 30, "basic_training"),
    BotCase("transformers-4p-planner", "transformers", 4, 11, "Planner", 30),
    BotCase("classic-4p-mcts", "classic", 4, 12, "MCTS", 8),
    BotCase("classic-2p-mcts", "classic", 2, 13, "MCTS", 10),
    BotCase("transformers-3p-mcts", "transformers", 3, 14, "MCTS", 6),
)


def digest_text() -> str:
    return "".join(f"== {case.name}\n{case.play()}\n" for case in CASES)


if __name__ == "__main__":
    DIGESTS.write_text(digest_text(), encoding="utf-8")
    print(f"wrote {DIGESTS}")
