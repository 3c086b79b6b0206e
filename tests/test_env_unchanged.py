"""The env gives every observation and mask exactly as before its encoding was made incremental
(``tests/goldens/env_steps.py``), in every edition, for the deciding agent and for onlookers."""

from __future__ import annotations

import pytest

from goldens.env_steps import CASES, DIGESTS, EnvCase


def _golden(name: str) -> str:
    blocks = DIGESTS.read_text(encoding="utf-8").split("== ")[1:]
    return {b.split("\n", 1)[0]: b.split("\n", 1)[1].rstrip("\n") for b in blocks}[name]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_env_observations_are_unchanged(case: EnvCase) -> None:
    golden = _golden(case.name).splitlines()
    now = case.play().splitlines()
    for a, b in zip(golden, now):
        assert a == b, f"{case.name}: golden {a}, now {b}"
    assert len(golden) == len(now)


def test_a_slot_decodes_to_what_the_table_holds_and_the_table_holds_legal_actions() -> None:
    """``Encoded.action`` builds one deferred action; the table builds them all: the same actions,
    each legal, each where the mask says, in every edition."""
    import numpy as np

    from riskboard.engine.actions import Action
    from riskboard.env import raw_env

    for ruleset, variant, players in (("classic", None, 3), ("transformers", None, 2), ("balance_of_power", None, 2)):
        e = raw_env(ruleset, players=players, variant=variant, max_turns=20)
        e.reset(seed=3)
        rng = np.random.default_rng(3)
        for _step in range(150):
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                break
            game = e.unwrapped.game
            legal = list(game.legal_actions())
            slots = [int(s) for s in np.flatnonzero(obs["action_mask"])]
            one_by_one = {s: e.unwrapped._position()[1].action(s) for s in slots}
            _pending, fresh = e.unwrapped._position()
            table = fresh.table
            assert sorted(table) == slots
            assert one_by_one == table
            assert all(isinstance(a, Action) and a in legal for a in table.values())
            e.step(int(rng.choice(slots)))


def test_an_observation_encoded_from_the_last_one_equals_one_encoded_afresh() -> None:
    """The observer's kept territory run, patched where territories changed, gives the vector a
    new encoder (nothing kept) gives, for every player at every step."""
    import numpy as np

    from riskboard.env import raw_env
    from riskboard.env.observation import ObservationEncoder

    e = raw_env("classic", players=4, max_turns=30)
    e.reset(seed=11)
    rng = np.random.default_rng(11)
    game = e.unwrapped.game
    patched = 0
    for _step in range(400):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            break
        pending = game.pending
        for agent in e.agents:
            kept = e.unwrapped.observer._boards.get(game.players.index(agent))
            mine = e.observe(agent)["observation"]
            fresh = ObservationEncoder(game.config, game.state).encode(game.view(agent), pending)
            assert np.array_equal(mine, fresh), (agent, _step)
            patched += kept is not None
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert patched > 1000  # the kept runs were used, not only made anew
