"""The shortcuts that make the RL env fast give what the general way gives: the action encoding
files ranges by their ``Builder`` (no action built) exactly as it files the same actions built one
by one; the shared borders' builders and blitzes are the actions the rules would make and their
table stays bounded; ``PlayerView.card_counts`` is ``card_count`` of every player."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

import riskboard as rb
from riskboard.engine.actions import Action, Attack, Blitz, Place
from riskboard.engine.legal import ActionRange, Builder, LegalActions, counted, placing
from riskboard.env import raw_env
from riskboard.env.encoding import ActionEncoding, Encoded
from riskboard.rulesets.components import legal as shared


def _plain(build: Callable[[int], Action]) -> Callable[[int], Action]:
    """The same maker hidden in a plain function: the encoder cannot read its shape."""
    return lambda k: build(k)


def _general(legal: LegalActions) -> LegalActions:
    """``legal`` with every range's builder hidden, so the encoder files it the general way."""
    return LegalActions(
        ActionRange(_plain(p.build), p.counts) if isinstance(p, ActionRange) else p for p in legal.parts
    )


def _same(a: Encoded, b: Encoded) -> None:
    assert np.array_equal(a.mask, b.mask)
    assert a.table == b.table
    assert sorted(a.table) == [int(s) for s in np.flatnonzero(a.mask)]


@pytest.mark.parametrize(
    ("ruleset", "players"),
    [("classic", 6), ("classic", 2), ("risk2010", 3), ("transformers", 2), ("balance_of_power", 2)],
)
def test_ranges_filed_by_their_builder_encode_as_the_general_way_and_as_the_list(ruleset: str, players: int) -> None:
    e = raw_env(ruleset, players=players, max_turns=25)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    kinds: set[str] = set()
    for _step in range(300):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            break
        game = e.unwrapped.game
        legal = game.legal_actions()
        encoding, value = e.unwrapped.encoding, game.view(game.pending.player).trade_value
        fast = encoding.encode(legal, value)
        _same(fast, encoding.encode(_general(legal), value))
        _same(fast, encoding.encode(list(legal), value))
        assert np.array_equal(fast.mask, obs["action_mask"])
        kinds.update(type(p.build).__name__ for p in legal.parts if isinstance(p, ActionRange))
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert "Builder" in kinds  # the shortcut was taken, not only the general way


def test_an_attack_range_with_more_dice_than_the_block_keeps_every_count_legal() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo"], seed=1)
    enc = ActionEncoding(game.config)
    legal = LegalActions()
    legal.add_range(counted(Attack, "alaska", "kamchatka"), range(1, enc.attack_dice + 3))
    legal.add_range(placing(Place, "peru"), range(1, 6))
    legal.add_range(counted(Attack, "nowhere", "kamchatka"), range(1, 3))  # no such border: pooled
    fast = enc.encode(legal)
    _same(fast, enc.encode(_general(legal)))
    assert set(fast.table.values()) <= set(legal)
    assert Attack("alaska", "kamchatka", enc.attack_dice + 2) in fast.table.values()  # beyond the block: pooled


def test_a_builder_makes_the_action_of_its_shape_and_says_it() -> None:
    attack, place = counted(Attack, "alaska", "kamchatka"), placing(Place, "peru")
    assert isinstance(attack, Builder) and attack.cls is Attack and attack.args == ("alaska", "kamchatka")
    assert attack(2) == Attack("alaska", "kamchatka", 2) and place(4) == Place(4, "peru")
    assert repr(place) == "<Builder Place('peru',), count first>"
    with pytest.raises(rb.IllegalAction):
        counted(Attack, "alaska", "kamchatka")(1.5)  # type: ignore[arg-type]  # the constructor still checks


def test_the_shared_borders_are_the_rules_actions_and_their_table_stays_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    build, one, blitz = shared._border("alaska", "kamchatka")
    assert one == Attack("alaska", "kamchatka", 1) == build(1) and blitz == Blitz("alaska", "kamchatka")
    assert shared._border("alaska", "kamchatka")[2] is blitz  # made once
    monkeypatch.setattr(shared, "SHAPES_KEPT", 8)
    monkeypatch.setattr(shared, "_borders", {})
    monkeypatch.setattr(shared, "_places", {})
    for k in range(50):
        shared._border(f"a{k}", f"b{k}")
        shared._place(f"t{k}")
        assert len(shared._borders) <= 8 and len(shared._places) <= 8
    assert shared._place("t49")[1] == Place(1, "t49")


def test_card_counts_are_every_players_card_count_in_seat_order() -> None:
    e = raw_env("classic", players=4, max_turns=60)
    e.reset(seed=2)
    rng = np.random.default_rng(2)
    seen = 0
    for _step in range(1500):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            break
        game = e.unwrapped.game
        view = game.view(game.pending.player)
        assert view.card_counts == tuple(view.card_count(p) for p in game.players)
        seen += sum(view.card_counts) > 0
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert seen > 0  # some hands held cards


def test_a_maps_borders_by_index_are_its_adjacency_and_the_table_of_maps_stays_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    world, europe = rb.load_map("world"), rb.load_map("europe")
    borders, places = shared._laid_out(world)
    for src, row in enumerate(borders):
        assert [tgt for tgt, *_ in row] == list(world.adjacency[src])
        for tgt, build, one, blitz in row:
            s, t = world.ids[src], world.ids[tgt]
            assert (build(3), one, blitz) == (Attack(s, t, 3), Attack(s, t, 1), Blitz(s, t))
    assert [place[1] for place in places] == [Place(1, t) for t in world.ids]
    assert shared._laid_out(world) is shared._laid_out(world)  # made once
    monkeypatch.setattr(shared, "MAPS_KEPT", 1)
    monkeypatch.setattr(shared, "_by_map", {})
    shared._laid_out(world)
    shared._laid_out(europe)
    assert list(shared._by_map) == [europe]
