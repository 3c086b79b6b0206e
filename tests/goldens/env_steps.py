"""Digests of the AEC env's observations and masks along seeded random episodes, pinned before
the observation and the mask were made incremental and faster: every vector must stay as it was.

Each case resets a ``raw_env`` with a seed and plays ``steps`` agent steps, each a seeded uniform
pick among the mask's ones, digesting every ``e.last()`` (observation bytes, mask bytes) and, now
and then, every agent's ``observe`` (observers who are not deciding see the same position too).
``python tests/goldens/env_steps.py`` rewrites ``env_steps.txt``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
DIGESTS = HERE / "env_steps.txt"


@dataclass(frozen=True)
class EnvCase:
    name: str
    ruleset: str
    players: int
    variant: str | None
    seed: int
    steps: int

    def play(self) -> str:
        """One digest line per 50 steps (so a difference says where), then the whole run's."""
        from riskboard.env import raw_env

        e = raw_env(self.ruleset, players=self.players, variant=self.variant, max_turns=40)
        rng = np.random.default_rng(self.seed)
        whole = hashlib.sha256()
        part = hashlib.sha256()
        lines = []
        done = 0
        episode = 0
        while done < self.steps:
            e.reset(seed=self.seed * 100 + episode)
            episode += 1
            for _agent in e.agent_iter():
                obs, _, terminated, truncated, _ = e.last()
                for h in (whole, part):
                    h.update(obs["observation"].tobytes())
                    h.update(obs["action_mask"].tobytes())
                if done % 7 == 0:
                    for other in e.agents:
                        seen = e.observe(other)
                        for h in (whole, part):
                            h.update(seen["observation"].tobytes())
                            h.update(seen["action_mask"].tobytes())
                if terminated or truncated:
                    e.step(None)
                    continue
                e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                done += 1
                if done % 50 == 0:
                    lines.append(f"{done} {part.hexdigest()[:16]}")
                    part = hashlib.sha256()
                if done >= self.steps:
                    break
        lines.append(f"end {whole.hexdigest()}")
        return "\n".join(lines)


CASES: tuple[EnvCase, ...] = (
    EnvCase("classic-2p", "classic", 2, None, 1, 600),
    EnvCase("classic-6p-missions", "classic", 6, "secret_missions", 2, 600),
    EnvCase("risk2010-3p", "risk2010", 3, "simple", 3, 400),
    EnvCase("bop-2p", "balance_of_power", 2, "command_room", 4, 400),
    EnvCase("transformers-4p", "transformers", 4, None, 5, 400),
)


def digest_text() -> str:
    return "".join(f"== {case.name}\n{case.play()}\n" for case in CASES)


if __name__ == "__main__":
    DIGESTS.write_text(digest_text(), encoding="utf-8")
    print(f"wrote {DIGESTS}")
