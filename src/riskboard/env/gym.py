"""A Gymnasium single-agent env: one learner seated against built-in (or any) bots.

It drives the AEC env underneath: ``step`` plays the learner's integer action, then lets the bots
decide every decision that is not the learner's, until the learner decides again or the game ends.
The observation is the AEC one (``observation`` and ``action_mask``); ``action_masks()`` gives the
mask as booleans, as sb3-contrib's ``MaskablePPO`` asks for it. Rewards are the AEC env's: +1 if
the learner wins (alone or in a shared win), -1 if it loses or is eliminated, 0 otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import gymnasium
import numpy as np

from riskboard.bots import Aggressive
from riskboard.engine.play import Bot
from riskboard.env.aec import DEFAULT_MAX_TURNS, RiskboardEnv, _action_index
from riskboard.errors import ConfigError
from riskboard.i18n import _

if TYPE_CHECKING:
    from riskboard.engine.game import Game

BotSpec = Bot | Callable[..., Bot]
"""A bot, or a factory called as ``factory(seed=n)`` (or ``factory()``) at every reset."""

ILLEGAL_POLICIES = ("ignore", "raise")


def _make_bot(spec: BotSpec, seed: int) -> Bot:
    """A bot from ``spec``: the bot itself, or a new one from its factory seeded with ``seed``."""
    if not isinstance(spec, type) and callable(getattr(spec, "act", None)):
        return spec  # type: ignore[return-value]
    if not callable(spec):
        raise ConfigError(
            _("an opponent must be a bot or a bot factory, got {spec}").format(spec=repr(spec)), code="config/bots"
        )
    try:
        return spec(seed=seed)
    except TypeError:
        return spec()


class RiskboardGymEnv(gymnasium.Env):
    """``learner`` (a seat number or a name) against bots for everyone else.

    ``on_illegal``: what a masked-out action does. ``"ignore"`` (the default, so that any action of
    the space is a valid step, as Gymnasium's checker asks): nothing happens, reward 0,
    ``info["illegal_action"]`` is True and the learner decides again; ``"raise"``: ``ValueError``.
    A value that is not an index of the space at all (``None``, a bool, a float, a string, a list,
    an array of another shape, an integer outside ``0 .. N-1``) is a ``ValueError`` in both modes:
    it is not a move the policy chose but a bug in the code that calls ``step``, and ignoring it
    would hide that bug behind an episode of zero rewards that never ends.

    >>> from riskboard.env import gym_env
    >>> e = gym_env("classic", players=3, max_turns=50)
    >>> obs, info = e.reset(seed=1)
    >>> bool(obs["action_mask"].any()), e.game.pending.player == e.learner
    (True, True)
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "svg"], "render_fps": 4}  # noqa: RUF012 (gymnasium.Env declares it an instance variable)

    def __init__(
        self,
        ruleset: str = "classic",
        players: int | Sequence[str] = 4,
        *,
        learner: int | str = 0,
        opponents: BotSpec | Sequence[BotSpec] | Mapping[str, BotSpec] | None = None,
        variant: str | None = None,
        setup: str | None = None,
        options: Mapping[str, Any] | None = None,
        max_turns: int = DEFAULT_MAX_TURNS,
        render_mode: str | None = None,
        on_illegal: str = "ignore",
    ) -> None:
        self.aec = RiskboardEnv(
            ruleset,
            players,
            variant=variant,
            setup=setup,
            options=options,
            max_turns=max_turns,
            render_mode=render_mode,
        )
        names = self.aec.possible_agents
        if isinstance(learner, int) and not isinstance(learner, bool):
            if not 0 <= learner < len(names):
                raise ConfigError(
                    _("learner must be a seat 0..{value}, got {learner}").format(value=len(names) - 1, learner=learner),
                    code="config/players",
                )
            learner = names[learner]
        if learner not in names:
            raise ConfigError(
                _("learner {learner} is not a player; players are {names}").format(
                    learner=repr(learner), names=", ".join(names)
                ),
                code="config/players",
            )
        if on_illegal not in ILLEGAL_POLICIES:
            raise ConfigError(
                _("on_illegal must be 'ignore' or 'raise', got {on_illegal}").format(on_illegal=repr(on_illegal)),
                code="config/on_illegal",
            )
        self.learner: str = learner
        self.on_illegal = on_illegal
        self.render_mode = render_mode
        self._specs = self._opponent_specs(opponents)
        self.bots: dict[str, Bot] = {}
        self.action_space = self.aec.action_space(learner)
        self.observation_space = self.aec.observation_space(learner)

    def _opponent_specs(self, opponents: Any) -> dict[str, BotSpec]:
        others = [p for p in self.aec.possible_agents if p != self.learner]
        if opponents is None:
            return dict.fromkeys(others, Aggressive)
        if isinstance(opponents, Mapping):
            missing = [p for p in others if p not in opponents]
            if missing:
                raise ConfigError(
                    _("no opponent given for {names}").format(names=", ".join(missing)), code="config/bots"
                )
            return {p: opponents[p] for p in others}
        if isinstance(opponents, Sequence) and not isinstance(opponents, str):
            if len(opponents) != len(others):
                raise ConfigError(
                    _("{count} opponents are needed (for {names}), got {given}").format(
                        count=len(others), names=", ".join(others), given=len(opponents)
                    ),
                    code="config/bots",
                )
            return dict(zip(others, opponents))
        return dict.fromkeys(others, opponents)

    @property
    def game(self) -> Game | None:
        """The game being played (``None`` before ``reset()``)."""
        return self.aec.game

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        self.aec.reset(seed=int(self.np_random.integers(2**31)))
        self.bots = {p: _make_bot(spec, int(self.np_random.integers(2**31))) for p, spec in self._specs.items()}
        self._play_bots()
        return self.aec.observe(self.learner), {}

    def step(self, action: int | np.integer) -> tuple[dict, float, bool, bool, dict]:
        """Play the learner's action index, then the bots'. ``RuntimeError`` before ``reset()`` and
        after the episode; ``ValueError``, changing nothing, for what is not an index of the space;
        a masked-out index as ``on_illegal`` says."""
        aec = self.aec
        aec._require_game()
        if self._done():
            raise RuntimeError("the episode is over: call reset()")
        slot = _action_index(action, aec.encoding.size)
        if aec._position()[1].action(slot) is None:
            if self.on_illegal == "raise":
                aec.decode(slot)  # raises ValueError saying why
            return aec.observe(self.learner), 0.0, False, False, {"illegal_action": True}
        aec.step(slot)
        reward = aec.rewards.get(self.learner, 0.0)
        reward += self._play_bots()
        terminated = aec.terminations.get(self.learner, True)
        truncated = aec.truncations.get(self.learner, False)
        info = {"winners": aec._require_game().winners} if terminated else {}
        return aec.observe(self.learner), float(reward), bool(terminated), bool(truncated), info

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (what sb3-contrib's MaskablePPO asks for)."""
        return self.aec.observe(self.learner)["action_mask"].astype(bool)

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()

    def _done(self) -> bool:
        aec = self.aec
        return self.learner not in aec.terminations or aec.terminations[self.learner] or aec.truncations[self.learner]

    def _play_bots(self) -> float:
        """Let the bots decide until the learner decides or is out; the learner's rewards meanwhile."""
        aec = self.aec
        reward = 0.0
        while aec.agents and not self._done() and aec.agent_selection != self.learner:
            agent = aec.agent_selection
            if aec.terminations[agent] or aec.truncations[agent]:
                aec.step(None)
            else:
                aec.step_action(self.bots[agent].act(aec._require_game().view(agent)))
            reward += aec.rewards.get(self.learner, 0.0)
        return reward
