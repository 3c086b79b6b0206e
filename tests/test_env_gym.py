"""The Gymnasium wrapper: Gymnasium's own checker, a masked random rollout to the end, seeding,
opponents given in every accepted form, what a masked-out action does, and that a value not in
the space is a ``ValueError`` whatever ``on_illegal`` says (the fuzz family ``env-gym`` throws more)."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import riskboard as rb
from riskboard.env import gym_env

CONFIGS = [
    ("classic", None, 3),
    ("risk2010", "two_player", 2),
    ("balance_of_power", "command_room", 2),
    ("transformers", None, 4),
]


@pytest.mark.parametrize(("ruleset", "variant", "players"), CONFIGS, ids=[c[0] for c in CONFIGS])
@pytest.mark.filterwarnings("ignore:.*not having a spec")
def test_gymnasium_check_env(ruleset: str, variant: str | None, players: int) -> None:
    check_env(gym_env(ruleset, players=players, variant=variant, max_turns=50, render_mode="ansi"))


@pytest.mark.parametrize(("ruleset", "variant", "players"), CONFIGS, ids=[c[0] for c in CONFIGS])
def test_a_random_masked_rollout_finishes(ruleset: str, variant: str | None, players: int) -> None:
    e = gym_env(ruleset, players=players, variant=variant, learner=players - 1, max_turns=200)
    obs, _ = e.reset(seed=3)
    rng = np.random.default_rng(0)
    total = 0.0
    for _ in range(20000):
        mask = e.action_masks()
        assert mask.dtype == bool and np.array_equal(mask, obs["action_mask"].astype(bool)) and mask.any()
        assert e.game.pending.player == e.learner
        obs, reward, terminated, truncated, info = e.step(int(rng.choice(np.flatnonzero(mask))))
        total += reward
        if terminated or truncated:
            break
    else:
        pytest.fail("the episode did not end")
    if terminated:
        won = e.learner in e.game.winners
        assert total == (1.0 if won else -1.0)
        assert info["winners"] == e.game.winners or not e.game.is_alive(e.learner)
    else:
        assert total == 0.0 and e.game.turn > 200
    with pytest.raises(RuntimeError, match="reset"):
        e.step(0)


def test_the_same_seed_replays_the_same_episode() -> None:
    def episode(seed: int) -> list[int]:
        e = gym_env("classic", players=3, max_turns=30)
        e.reset(seed=seed)
        rng = np.random.default_rng(0)
        seen = []
        while True:
            slot = int(rng.choice(np.flatnonzero(e.action_masks())))
            seen.append(slot)
            _, _, terminated, truncated, _ = e.step(slot)
            if terminated or truncated:
                return seen

    assert episode(4) == episode(4)
    assert episode(4) != episode(5)


def test_a_masked_out_action_is_ignored_or_raises() -> None:
    e = gym_env("classic", players=3)
    obs, _ = e.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = e.game.state
    obs2, reward, terminated, truncated, info = e.step(illegal)
    assert info == {"illegal_action": True} and reward == 0.0 and not (terminated or truncated)
    assert e.game.state == before and np.array_equal(obs["observation"], obs2["observation"])
    strict = gym_env("classic", players=3, on_illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(ValueError, match="not legal now"):
        strict.step(illegal)


NOT_IN_THE_SPACE = {  # each was played (1.5 as slot 1), ignored (10**6) or escaped as TypeError before
    "None": None,
    "True": True,
    "1.5": 1.5,
    "nan": float("nan"),
    "str": "1",
    "text": "place 1 alaska",
    "Action": rb.Place(1, "alaska"),
    "list": [1],
    "1-d array": np.array([1]),
    "N": 1326,
    "-1": -1,
    "uint64 max": np.uint64(2**64 - 1),
}


@pytest.mark.parametrize("on_illegal", ["ignore", "raise"])
@pytest.mark.parametrize("value", list(NOT_IN_THE_SPACE.values()), ids=list(NOT_IN_THE_SPACE))
def test_a_value_not_in_the_space_is_a_value_error_in_both_modes(value: object, on_illegal: str) -> None:
    e = gym_env("classic", players=3, setup="claim", on_illegal=on_illegal)
    obs, _ = e.reset(seed=0)
    assert e.action_space.n == 1326 and e.aec.decode(1) == rb.Place(1, "alaska")
    before = e.game.to_json()
    with pytest.raises(ValueError, match=r"not an action index|outside Discrete"):
        e.step(value)
    assert e.game.to_json() == before
    assert np.array_equal(e.aec.observe(e.learner)["observation"], obs["observation"])
    e.step(np.array(1))  # a 0-d integer array is an index: play goes on
    assert rb.Place(1, "alaska") in [a for a, _ in e.game.actions]


def test_stepping_before_reset_is_a_runtime_error() -> None:
    with pytest.raises(RuntimeError, match="reset"):
        gym_env("classic", players=3).step(0)  # AttributeError before


class Counting:
    """A bot that plays the first legal action and counts its decisions."""

    def __init__(self) -> None:
        self.decisions = 0

    def act(self, view: rb.PlayerView) -> rb.Action:
        self.decisions += 1
        return view.legal_actions()[0]


def test_opponents_as_a_bot_a_list_or_a_mapping() -> None:
    bot = Counting()
    e = gym_env("classic", players=3, learner="player_1", opponents=bot)
    e.reset(seed=0)
    e.step(int(np.flatnonzero(e.action_masks())[0]))
    assert bot.decisions > 0 and e.bots == {"player_0": bot, "player_2": bot}
    e = gym_env("classic", players=3, opponents=[rb.bots.Random, Counting])
    e.reset(seed=0)
    assert isinstance(e.bots["player_1"], rb.bots.Random) and isinstance(e.bots["player_2"], Counting)
    e = gym_env("classic", players=3, opponents={"player_1": rb.bots.Aggressive, "player_2": rb.bots.Random})
    e.reset(seed=0)
    assert isinstance(e.bots["player_1"], rb.bots.Aggressive)
    with pytest.raises(rb.ConfigError, match="2 opponents are needed"):
        gym_env("classic", players=3, opponents=[Counting])
    with pytest.raises(rb.ConfigError, match="no opponent given for player_2"):
        gym_env("classic", players=3, opponents={"player_1": Counting})
    with pytest.raises(rb.ConfigError, match="learner"):
        gym_env("classic", players=3, learner=3)
    with pytest.raises(rb.ConfigError, match="on_illegal"):
        gym_env("classic", players=3, on_illegal="penalise")
