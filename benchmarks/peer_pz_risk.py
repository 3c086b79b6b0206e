"""Env steps per second against mahi97/pz_risk, the PettingZoo Risk environment, in the same run.

pz_risk is a benchmark-only peer (never a dependency, nothing of it is copied): fetch it yourself
and give it what it imports (gym, networkx, matplotlib, scipy, loguru; a virtualenv keeps them out
of the project's environment),

    git clone https://github.com/mahi97/pz_risk /tmp/pz_risk
    python -m venv --system-site-packages /tmp/pzvenv && /tmp/pzvenv/bin/pip install gym networkx matplotlib scipy loguru
    PYTHONPATH=src /tmp/pzvenv/bin/python benchmarks/peer_pz_risk.py --pz-risk /tmp/pz_risk [--steps N]

pz_risk was written for Python 3.8 and PettingZoo 1.x: three names it imports have moved since
(``collections.Iterable``, ``pettingzoo.utils.agent_selector``), and its ``agents`` package
imports torch for a learned agent it does not need to play; this script points those names at
their new homes and loads ``agents`` without its ``__init__`` before importing it. Nothing of
its game changes.

Both play the classic world map, 2 and 6 players, with a uniformly random legal action each step
(pz_risk: its own ``sample()``; riskboard: a uniform pick among the mask's ones), episodes
restarted when they end or pass ``--max-turns`` turns. A riskboard step encodes the observation
vector and the action mask (``e.last()``); pz_risk's observation is its board object itself, which
costs nothing to give. Each measured run is ``--steps`` agent steps, CPU time of this process
(``time.process_time``: the machine is shared), the two envs in turn, ``--repeat`` times; prints
the medians and the ratio riskboard / pz_risk.
"""

from __future__ import annotations

import argparse
import collections
import collections.abc
import contextlib
import io
import statistics
import sys
import time
import types
from pathlib import Path
from typing import Any

import numpy as np

from riskboard.env import raw_env


def load_pz_risk(root: Path) -> Any:
    """pz_risk's ``risk_env`` module from a checkout at ``root`` (see the module docstring)."""
    package = root / "pz_risk"
    for name in ("Iterable", "Mapping", "Sequence"):
        setattr(collections, name, getattr(collections.abc, name))
    import pettingzoo.utils

    pettingzoo.utils.agent_selector = pettingzoo.utils.AgentSelector  # type: ignore[attr-defined]
    agents = types.ModuleType("agents")
    agents.__path__ = [str(package / "agents")]
    sys.modules["agents"] = agents
    sys.path.insert(0, str(package))
    # gym's notice that it is unmaintained to stderr; its maps read from the working directory
    with contextlib.redirect_stderr(io.StringIO()), contextlib.chdir(package):
        import risk_env
    from loguru import logger

    logger.remove()  # it logs every move
    return risk_env


def pz_risk_steps_per_second(risk_env: Any, players: int, steps: int, max_turns: int) -> float:
    e = risk_env.RiskEnv(players, "world")
    np.random.seed(0)
    e.reset()
    done = 0
    t0 = time.process_time()
    while done < steps:
        agent = e.agent_selection
        if e.dones[agent] or all(e.dones.values()) or e.num_turns > max_turns:
            e.reset()
            continue
        e.observe(agent)
        e.step(e.sample())
        done += 1
    return done / (time.process_time() - t0)


def riskboard_steps_per_second(players: int, steps: int, max_turns: int) -> float:
    e = raw_env("classic", players=players, max_turns=max_turns)
    rng = np.random.default_rng(0)
    done = 0
    seed = 0
    t0 = time.process_time()
    while done < steps:
        e.reset(seed=seed)
        seed += 1
        for _agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done += 1
            if done >= steps:
                break
    return done / (time.process_time() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pz-risk", type=Path, required=True, help="a checkout of github.com/mahi97/pz_risk")
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--max-turns", type=int, default=100)
    args = parser.parse_args()
    risk_env = load_pz_risk(args.pz_risk)
    print(
        f"{'players':>7} {'riskboard steps/s':>18} {'pz_risk steps/s':>16} {'ratio':>6}   (CPU time, medians of {args.repeat})"
    )
    for players in (2, 6):
        ours, theirs, ratios = [], [], []
        for _ in range(args.repeat):
            ours.append(riskboard_steps_per_second(players, args.steps, args.max_turns))
            theirs.append(pz_risk_steps_per_second(risk_env, players, args.steps, args.max_turns))
            ratios.append(ours[-1] / theirs[-1])
        print(
            f"{players:>7} {statistics.median(ours):>18,.0f} {statistics.median(theirs):>16,.0f}"
            f" {statistics.median(ratios):>6.2f}"
        )


if __name__ == "__main__":
    main()
