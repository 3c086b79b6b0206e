"""``Random``: picks uniformly among the legal actions. The baseline, and a fuzzer for the rules."""

from __future__ import annotations

import random

from riskboard.bots.explain import Why, say
from riskboard.engine.actions import Action
from riskboard.engine.view import PlayerView


class Random:
    """Chooses uniformly at random from ``view.legal_actions()`` (seeded: reproducible)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._why: Why | None = None

    def act(self, view: PlayerView) -> Action:
        actions = view.legal_actions()
        if not actions:
            raise RuntimeError(f"{view.player}: nothing to decide")
        action = actions[self._rng.randrange(len(actions))]
        self._why = ("random", action, len(actions))
        return action

    def explain(self) -> str:
        """Why the last decision was made, in one sentence (by chance: it says among how many)."""
        return say(self._why, "Random")

    def __repr__(self) -> str:
        return f"Random(seed={self.seed})"
