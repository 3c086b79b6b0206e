"""The PettingZoo AEC env: PettingZoo's own API and seed tests for every edition, masks that decode
to legal actions with every legal kind reachable, rewards, truncation, observations that show only
what the player may see, and what an index is: every bad action refused with its documented error,
changing nothing (the fuzz family ``env-aec`` throws many more)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import riskboard as rb
from riskboard.env import env, raw_env

CONFIGS = [
    ("classic", None, 2),
    ("classic", None, 3),
    ("classic", "secret_missions", 6),
    ("risk2010", "simple", 3),
    ("risk2010", "classic", 4),
    ("risk2010", "two_player", 2),
    ("balance_of_power", "basic_training", 2),
    ("balance_of_power", "command_room", 2),
    ("transformers", None, 2),
    ("transformers", None, 4),
]
IDS = [f"{r}-{v or 'standard'}-{n}" for r, v, n in CONFIGS]


# PettingZoo warns about every env whose observation is a dict with an action mask unless it is one
# of its own (chess, go, ...): the dict is the documented convention for masks, so the warning is noise.
@pytest.mark.parametrize(("ruleset", "variant", "players"), CONFIGS, ids=IDS)
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
def test_pettingzoo_api_test(ruleset: str, variant: str | None, players: int) -> None:
    api_test(env(ruleset, players=players, variant=variant, max_turns=25), num_cycles=150)


@pytest.mark.parametrize(("ruleset", "variant", "players"), CONFIGS, ids=IDS)
def test_pettingzoo_seed_test(ruleset: str, variant: str | None, players: int) -> None:
    seed_test(lambda: env(ruleset, players=players, variant=variant, max_turns=25), num_cycles=100)


def _kind(action: rb.Action) -> str:
    """What the reachability test tells apart: the action's class, and a purchase's command."""
    words = str(action).split()
    return type(action).__name__ + (f" {words[1]}" if words[0] == "buy" else "")


ROLLOUTS = [
    ("classic", None, 3, {}),
    ("classic", None, 2, {"ask_defender": True}),
    ("risk2010", "two_player", 2, {"ask_defender": True}),
    ("risk2010", "simple", 4, {}),
    ("balance_of_power", "command_room", 2, {"ask_defender": True}),
    ("balance_of_power", "basic_training", 2, {}),
    ("transformers", None, 4, {"ask_defender": True}),
    ("transformers", None, 3, {}),
]


@pytest.mark.parametrize(
    ("ruleset", "variant", "players", "options"), ROLLOUTS, ids=[f"{r[0]}-{r[2]}" for r in ROLLOUTS]
)
def test_masked_actions_are_legal_and_every_legal_kind_is_reachable(
    ruleset: str, variant: str | None, players: int, options: dict
) -> None:
    e = raw_env(ruleset, players=players, variant=variant, options=options, max_turns=40)
    rng = np.random.default_rng(5)
    played: Counter[str] = Counter()
    e.reset(seed=11)
    for _agent in e.agent_iter(1500):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        game = e.unwrapped.game
        legal = set(game.legal_actions())
        table = e.unwrapped._position()[1].table
        mask = obs["action_mask"]
        assert sorted(np.flatnonzero(mask)) == sorted(table), "the mask is exactly the decodable slots"
        decoded = {slot: e.unwrapped.decode(slot) for slot in table}
        assert set(decoded.values()) <= legal, "every masked-in slot decodes to a legal action"
        assert len(set(decoded.values())) == len(decoded), "no two slots stand for one action"
        assert {_kind(a) for a in legal} == {_kind(a) for a in decoded.values()}, "every legal kind has a slot"
        slot = int(rng.choice(np.flatnonzero(mask)))
        played[_kind(decoded[slot])] += 1
        e.step(slot)  # the engine accepts it (push raises IllegalAction otherwise)
    assert played["EndPhase"] and (played["Attack"] or played["Blitz"]), played


def test_masks_are_zero_for_agents_not_deciding() -> None:
    e = raw_env("classic", players=3, options={"ask_defender": True})
    e.reset(seed=3)
    for agent in e.possible_agents:
        mask = e.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == e.agent_selection)
        assert e.observe(agent)["observation"][e.observer._seg["deciding"].start] == float(agent == e.agent_selection)


def _play_out(e: rb.Game, seed: int, limit: int = 20000) -> tuple[dict[str, float], list[str]]:
    """Random masked play to the end; each agent's total reward and the order agents left in."""
    rng = np.random.default_rng(seed)
    totals: Counter[str] = Counter()
    left: list[str] = []
    e.reset(seed=seed)
    for agent in e.agent_iter(limit):
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            left.append(agent)
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return dict(totals), left


def test_the_winner_gets_plus_one_and_everyone_else_minus_one() -> None:
    e = raw_env("risk2010", players=3, variant="simple", max_turns=400)
    totals, left = _play_out(e, seed=4)
    winners = e.game.winners
    assert winners and e.game.is_over
    assert sorted(left) == sorted(e.possible_agents) and not e.agents
    for agent in e.possible_agents:
        assert totals[agent] == (1.0 if agent in winners else -1.0), (agent, totals)


def test_allies_share_the_win_with_plus_one_each() -> None:
    e = raw_env("transformers", players=4, max_turns=400)
    totals, _ = _play_out(e, seed=2)
    winners = e.game.winners
    assert len(winners) == 2, winners
    assert all(totals[w] == 1.0 for w in winners)
    assert sorted(v for v in totals.values()) == [-1.0, -1.0, 1.0, 1.0]


def test_an_eliminated_player_is_terminated_with_minus_one_before_the_game_ends() -> None:
    e = raw_env("classic", players=3, max_turns=1000)
    rng = np.random.default_rng(0)
    e.reset(seed=8)
    for agent in e.agent_iter(200000):
        obs, reward, terminated, truncated, _ = e.last()
        if terminated and not e.game.is_over:
            assert reward == -1.0 and not e.game.is_alive(agent)
            assert obs["action_mask"].sum() == 0
            return
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    pytest.fail("no player was eliminated before the game ended")


def test_max_turns_truncates_every_agent_with_no_reward() -> None:
    e = raw_env("classic", players=4, max_turns=3)
    totals, left = _play_out(e, seed=1)
    assert not e.game.is_over and e.game.turn == 4
    assert sorted(left) == sorted(e.possible_agents)
    assert all(v == 0.0 for v in totals.values())


def test_the_same_seed_gives_the_same_game_and_none_a_new_one() -> None:
    a, b = raw_env("classic", players=3), raw_env("classic", players=3)
    a.reset(seed=5)
    b.reset(seed=5)
    assert a.game.seed == b.game.seed
    assert np.array_equal(a.observe(a.agent_selection)["observation"], b.observe(b.agent_selection)["observation"])
    seeds = {a.game.seed}
    for _ in range(3):
        a.reset()
        seeds.add(a.game.seed)
    assert len(seeds) == 4


def test_an_illegal_integer_raises_and_changes_nothing() -> None:
    e = raw_env("classic", players=3)
    e.reset(seed=0)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = e.game.state
    with pytest.raises(ValueError, match="not legal now"):
        e.step(illegal)
    with pytest.raises(ValueError, match="outside"):
        e.step(e.encoding.size)
    assert e.game.state == before


# -- what an index is, and what a bad action raises ---------------------------------------------
def _env_state(e: object) -> tuple:
    """Everything a refused step must leave as it was: the game, who is selected, the agents and
    their tables, and every agent's observation and mask."""
    u = e.unwrapped  # type: ignore[attr-defined]
    seen = [(a, u.observe(a)) for a in u.possible_agents]
    return (
        u.game.to_json(),
        u.agent_selection,
        list(u.agents),
        dict(u.rewards),
        dict(u._cumulative_rewards),
        dict(u.terminations),
        dict(u.truncations),
        repr(u.infos),
        [(a, o["observation"].tobytes(), o["action_mask"].tobytes()) for a, o in seen],
    )


def _claiming(wrapped: bool) -> object:
    """Classic, 3 players, claiming: slot 1 (``place 1 alaska``) is legal, as every ``1 + 3k`` is."""
    e = (env if wrapped else raw_env)("classic", players=3, setup="claim")
    e.reset(seed=0)
    assert e.unwrapped.decode(1) == rb.Place(1, "alaska")
    return e


LEGAL = 1
NOT_INDICES = {  # each of these was played as slot 1, or escaped as TypeError, before
    "True": True,
    "np.True_": np.bool_(True),
    "float": float(LEGAL),
    "1.5": LEGAL + 0.5,
    "np.float32": np.float32(LEGAL),
    "0-d float array": np.array(float(LEGAL)),
    "0-d bool array": np.array(True),
    "timedelta64": np.timedelta64(LEGAL),
    "str": str(LEGAL),
    "text": "place 1 alaska",
    "Action": rb.Place(1, "alaska"),
    "list": [LEGAL],
    "tuple": (LEGAL,),
    "1-d array": np.array([LEGAL]),
    "2-d array": np.array([[LEGAL]]),
    "dict": {"action": LEGAL},
}


@pytest.mark.parametrize("wrapped", [False, True], ids=["raw", "wrapped"])
@pytest.mark.parametrize("value", list(NOT_INDICES.values()), ids=list(NOT_INDICES))
def test_a_value_that_is_not_an_index_is_refused_and_changes_nothing(value: object, wrapped: bool) -> None:
    e = _claiming(wrapped)
    before = _env_state(e)
    with pytest.raises(ValueError, match="is not an action index"):
        e.step(value)
    assert _env_state(e) == before
    e.step(LEGAL)  # play goes on
    assert e.unwrapped.game.actions[-1][0] == rb.Place(1, "alaska")


@pytest.mark.parametrize("wrapped", [False, True], ids=["raw", "wrapped"])
@pytest.mark.parametrize(
    "value",
    [LEGAL, np.int8(LEGAL), np.uint16(LEGAL), np.uint64(LEGAL), np.array(LEGAL, dtype=np.uint8), np.array(LEGAL)],
    ids=["int", "int8", "uint16", "uint64", "0-d uint8 array", "0-d int64 array"],
)
def test_an_int_a_numpy_integer_or_a_0d_integer_array_is_an_index(value: object, wrapped: bool) -> None:
    e = _claiming(wrapped)  # PettingZoo's AssertOutOfBoundsWrapper refused np.uint64 (not castable to int64)
    e.step(value)
    assert e.unwrapped.game.actions[-1][0] == rb.Place(1, "alaska")


@pytest.mark.parametrize("wrapped", [False, True], ids=["raw", "wrapped"])
@pytest.mark.parametrize(
    "value",
    [-1, 1326, 2**64, -(2**70), np.int8(-1), np.uint64(2**64 - 1), np.array(-3)],
    ids=["-1", "N", "2**64", "-2**70", "int8 -1", "uint64 max", "0-d array -3"],
)
def test_an_integer_outside_the_space_is_a_value_error(value: object, wrapped: bool) -> None:
    e = _claiming(wrapped)  # the wrapper's AssertionError was raised instead
    assert e.unwrapped.encoding.size == 1326
    before = _env_state(e)
    with pytest.raises(ValueError, match=r"outside Discrete\(1326\)"):
        e.step(value)
    assert _env_state(e) == before


def test_none_for_an_agent_in_the_game_is_refused() -> None:
    e = _claiming(wrapped=True)  # the wrapper's AssertionError was raised instead
    before = _env_state(e)
    with pytest.raises(ValueError, match="still in the game"):
        e.step(None)
    assert _env_state(e) == before


@pytest.mark.parametrize(
    "value",
    [5, None, 1.5, b"end", [rb.EndPhase()], {"action": "end"}],
    ids=["int", "None", "float", "bytes", "list", "dict"],
)
def test_step_action_takes_only_an_action_or_its_text(value: object) -> None:
    e = _claiming(wrapped=False)
    before = _env_state(e)
    with pytest.raises(rb.IllegalAction, match="must be an Action or its text") as info:
        e.step_action(value)  # AttributeError before
    assert isinstance(info.value, ValueError) and info.value.code == "action/unparsable"
    assert _env_state(e) == before
    with pytest.raises(rb.IllegalAction):
        e.step_action("end")  # illegal while claiming
    assert _env_state(e) == before
    e.step_action("place 1 alaska")
    assert e.game.actions[-1][0] == rb.Place(1, "alaska")


def test_decode_and_action_to_text_take_only_indices() -> None:
    e = _claiming(wrapped=False)
    for value in (True, 1.5, "1", np.array([1])):
        with pytest.raises(ValueError, match="is not an action index"):
            e.decode(value)  # True and 1.5 decoded as slot 1 before
        with pytest.raises(ValueError, match="is not an action index"):
            e.action_to_text(value)
    assert e.action_to_text(np.uint8(1)) == "place 1 alaska"


def _to_the_first_dead_agent(e: object) -> None:
    """Random masked play until the selected agent is out of the game (truncated, or terminated)."""
    rng = np.random.default_rng(0)
    for _agent in e.agent_iter(100000):  # type: ignore[attr-defined]
        obs, _, terminated, truncated, _ = e.last()  # type: ignore[attr-defined]
        if terminated or truncated:
            return
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))  # type: ignore[attr-defined]
    pytest.fail("no agent left the game")


@pytest.mark.parametrize("wrapped", [False, True], ids=["raw", "wrapped"])
def test_the_dead_step_is_none_and_only_none(wrapped: bool) -> None:
    e = (env if wrapped else raw_env)("classic", players=3, max_turns=2)
    e.reset(seed=1)
    _to_the_first_dead_agent(e)
    dead = e.agent_selection
    before = _env_state(e)
    for value in (0, False, np.int64(0), "end"):
        with pytest.raises(ValueError, match="out of the game"):
            e.step(value)
    with pytest.raises(ValueError, match="out of the game"):
        e.unwrapped.step_action("end")
    assert _env_state(e) == before
    e.step(None)  # PettingZoo's dead step
    assert dead not in e.agents


def test_stepping_before_reset_or_after_every_agent_left_is_a_runtime_error() -> None:
    e = raw_env("classic", players=3, max_turns=1)
    for step in (e.step, e.step_action):  # AttributeError before
        with pytest.raises(RuntimeError, match="reset"):
            step(0)
    _play_out(e, seed=0)
    assert not e.agents
    for step, value in ((e.step, None), (e.step, 0), (e.step_action, "end")):  # KeyError before
        with pytest.raises(RuntimeError, match="every agent has left"):
            step(value)


def test_text_helpers_for_learners() -> None:
    e = raw_env("classic", players=3)
    e.reset(seed=0)
    legal = e.legal_text()
    assert len(legal) == 42 and all(text.startswith("place 1 ") for text in legal.values())
    slot = e.encode("place 1 alaska")
    assert legal[slot] == "place 1 alaska" == e.action_to_text(slot)
    assert e.action_to_text(0) == "end (not legal now)"
    assert "place" in e.describe() and "observation" in e.describe()


# -- what the observation shows --------------------------------------------------------------------
WORLD = rb.load_map("world")
PLAYERS = ["Ada", "Bo", "Cy"]


def _scenario(hands: dict, **kw: object) -> rb.Game:
    pos = {t: (PLAYERS[i % 3], 2 + i % 4) for i, t in enumerate(WORLD.ids)}
    return rb.new_game(
        "classic", players=PLAYERS, position=pos, current_player="Ada", phase="attack", hands=hands, seed=2, **kw
    )


def _observe(game: rb.Game, player: str) -> np.ndarray:
    e = raw_env("classic", players=PLAYERS, variant=game.variant)
    return e.observer.encode(game.view(player), game.pending)


def test_the_observation_hides_other_hands() -> None:
    one = _scenario({"Ada": ["alaska"], "Bo": ["peru", "iceland"], "Cy": []})
    two = _scenario({"Ada": ["alaska"], "Bo": ["wild_1", "china"], "Cy": []})
    assert np.array_equal(_observe(one, "Ada"), _observe(two, "Ada"))
    assert not np.array_equal(_observe(one, "Bo"), _observe(two, "Bo")), "a player sees their own hand"


def test_the_observation_hides_other_missions() -> None:
    hands = {"Ada": [], "Bo": [], "Cy": []}
    one = _scenario(
        hands, variant="secret_missions", missions={"Ada": "destroy:Cy", "Bo": "occupy_24", "Cy": "occupy_24"}
    )
    two = _scenario(
        hands, variant="secret_missions", missions={"Ada": "destroy:Cy", "Bo": "conquer_asia_africa", "Cy": "occupy_24"}
    )
    assert np.array_equal(_observe(one, "Ada"), _observe(two, "Ada"))
    assert not np.array_equal(_observe(one, "Bo"), _observe(two, "Bo")), "a player sees their own mission"


def test_owners_are_relative_to_the_observer() -> None:
    game = _scenario({"Ada": [], "Bo": [], "Cy": []})
    e = raw_env("classic", players=PLAYERS)
    seg = e.observer._seg["owner"]
    for k, player in enumerate(PLAYERS):
        obs = e.observer.encode(game.view(player), game.pending)
        owner = obs[seg.start : seg.start + seg.size].reshape(42, 4)
        assert owner[0].argmax() == (0 - k) % 3  # alaska is Ada's
        assert owner[:, 0].sum() == 14  # 14 territories of one's own, whoever looks


# -- configuration -------------------------------------------------------------------------------------
def test_bad_configurations_say_what_to_do() -> None:
    with pytest.raises(rb.ConfigError, match="2 to 2 players"):
        raw_env("balance_of_power", players=3)
    with pytest.raises(rb.ConfigError, match="render_mode"):
        raw_env("classic", players=3, render_mode="human")
    with pytest.raises(rb.ConfigError, match="max_turns"):
        raw_env("classic", players=3, max_turns=0)
    with pytest.raises(rb.ConfigError, match="count or a list"):
        raw_env("classic", players="Ada")


def test_render_modes() -> None:
    e = raw_env("classic", players=3, render_mode="ansi")
    e.reset(seed=0)
    assert "player_0" in e.render()
    e = raw_env("classic", players=3, render_mode="svg")
    e.reset(seed=0)
    assert e.render().lstrip().startswith("<svg")


def test_import_riskboard_does_not_import_pettingzoo_or_gymnasium() -> None:
    code = "import sys, riskboard; import riskboard.env.encoding; print('pettingzoo' in sys.modules, 'gymnasium' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
