"""Reinforcement-learning environments (the optional extra ``rl``: pettingzoo and gymnasium).

``env(...)``: the PettingZoo AEC env of any edition and player count, wrapped in PettingZoo's
order check; ``raw_env(...)``: the same unwrapped; ``gym_env(...)``: a Gymnasium env seating
one learner against bots. The action encoding and the observation are documented in docs/ENV.md.

>>> from riskboard.env import env
>>> e = env("classic", players=4)
>>> e.reset(seed=0)
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs)
['action_mask', 'observation']

PettingZoo and Gymnasium are imported only when one of these is first asked for, so the
encodings (``riskboard.env.encoding``, ``riskboard.env.observation``) work without them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pettingzoo import AECEnv

    from riskboard.env.aec import RiskboardEnv
    from riskboard.env.gym import RiskboardGymEnv

__all__ = ["RiskboardEnv", "RiskboardGymEnv", "env", "gym_env", "raw_env"]

_NEEDS = "the RL environments need pettingzoo and gymnasium: pip install 'riskboard[rl]'"


def _require() -> None:
    """Raise ``ImportError`` with one sentence (what is missing, the command that installs it)
    when the ``rl`` extra is not installed, before anything imports PettingZoo or Gymnasium."""
    try:
        import gymnasium  # noqa: F401
        import pettingzoo  # noqa: F401
    except ImportError as exc:
        raise ImportError(_NEEDS) from exc


def raw_env(
    ruleset: str = "classic",
    players: int | Sequence[str] = 4,
    *,
    variant: str | None = None,
    setup: str | None = None,
    options: Mapping[str, Any] | None = None,
    max_turns: int | None = None,
    render_mode: str | None = None,
) -> RiskboardEnv:
    """The unwrapped AEC env (see ``riskboard.env.aec.RiskboardEnv``)."""
    _require()
    from riskboard.env.aec import DEFAULT_MAX_TURNS, RiskboardEnv

    return RiskboardEnv(
        ruleset,
        players,
        variant=variant,
        setup=setup,
        options=options,
        max_turns=DEFAULT_MAX_TURNS if max_turns is None else max_turns,
        render_mode=render_mode,
    )


def env(
    ruleset: str = "classic",
    players: int | Sequence[str] = 4,
    *,
    variant: str | None = None,
    setup: str | None = None,
    options: Mapping[str, Any] | None = None,
    max_turns: int | None = None,
    render_mode: str | None = None,
) -> AECEnv:
    """The AEC env in PettingZoo's ``OrderEnforcingWrapper`` (the calls in the protocol's order:
    ``reset`` first, nothing stepped once every agent has left); ``.unwrapped`` is the
    ``RiskboardEnv``.

    Not in PettingZoo's ``AssertOutOfBoundsWrapper``: the env checks every action itself, more
    strictly (it refuses ``True``, which the wrapper passes on as action 1) and with the documented
    ``ValueError``, where the wrapper's ``AssertionError`` would replace it (and vanish under
    ``python -O``)."""
    _require()  # before PettingZoo's own import, so a missing extra is the one sentence
    from pettingzoo.utils import wrappers

    inner = raw_env(
        ruleset, players, variant=variant, setup=setup, options=options, max_turns=max_turns, render_mode=render_mode
    )
    return wrappers.OrderEnforcingWrapper(inner)


def gym_env(ruleset: str = "classic", players: int | Sequence[str] = 4, **kwargs: Any) -> RiskboardGymEnv:
    """A Gymnasium env: ``learner`` (seat or name, default seat 0) against ``opponents`` (default
    ``rb.bots.Aggressive`` for every other seat); see ``riskboard.env.gym.RiskboardGymEnv``."""
    _require()
    from riskboard.env.gym import RiskboardGymEnv

    return RiskboardGymEnv(ruleset, players, **kwargs)


def __getattr__(name: str) -> object:
    if name == "RiskboardEnv":
        _require()
        from riskboard.env.aec import RiskboardEnv

        return RiskboardEnv
    if name == "RiskboardGymEnv":
        _require()
        from riskboard.env.gym import RiskboardGymEnv

        return RiskboardGymEnv
    raise AttributeError(f"module 'riskboard.env' has no attribute {name!r}")
