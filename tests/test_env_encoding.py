"""The fixed action encoding: its layout per configuration, the count buckets, the trade order, the
round-robin blocks, and the same mask from a plain list and from a lazy sequence with ``.parts``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

import riskboard as rb
from riskboard.engine.actions import Action, Place
from riskboard.env.encoding import TRADE_SLOTS, ActionEncoding

WORLD = rb.load_map("world")
PLAYERS = ["Ada", "Bo", "Cy"]


def _game(phase: str = "reinforce", hands: dict | None = None, reinforcements: int = 10, **kw: object) -> rb.Game:
    pos = {t: (PLAYERS[i % 3], 3) for i, t in enumerate(WORLD.ids)}
    return rb.new_game(
        "classic",
        players=PLAYERS,
        position=pos,
        current_player="Ada",
        phase=phase,
        hands=hands or {p: [] for p in PLAYERS},
        reinforcements=reinforcements,
        seed=1,
        **kw,
    )


def test_the_layout_is_fixed_by_the_configuration() -> None:
    classic = ActionEncoding(rb.new_game("classic", players=PLAYERS, seed=1).config)
    again = ActionEncoding(rb.new_game("classic", players=["x", "y", "z"], seed=99).config)
    assert classic.size == again.size
    assert [b.name for b in classic.blocks][:8] == [
        "end", "place", "trade", "attack", "blitz", "defend", "occupy", "fortify"
    ]  # fmt: skip
    edges = sum(len(a) for a in WORLD.adjacency)
    assert classic.block("attack").size == 3 * edges and classic.block("fortify").size == 3 * edges
    connected = ActionEncoding(rb.new_game("classic", players=PLAYERS, options={"fortify": "connected"}, seed=1).config)
    assert connected.block("fortify").size == 3 * 42 * 41
    four_dice = ActionEncoding(rb.new_game("classic", players=PLAYERS, options={"attack_dice": 4}, seed=1).config)
    assert four_dice.block("attack").size == 4 * edges
    tf = ActionEncoding(rb.new_game("transformers", players=["a", "b"], seed=1).config)
    assert {"attack_leader", "defend_leader", "fortify_leader", "casualty", "revive", "stop"} <= {
        b.name for b in tf.blocks
    }
    bop = ActionEncoding(rb.new_game("balance_of_power", players=["a", "b"], variant="command_room", seed=1).config)
    assert {"buy", "collect", "capital", "choose"} <= {b.name for b in bop.blocks}
    assert "buy" not in {b.name for b in classic.blocks}


def test_place_buckets_pick_least_half_and_most() -> None:
    game = _game(reinforcements=10)
    enc = ActionEncoding(game.config)
    encoded = enc.encode(game.legal_actions())
    base = enc.block("place").start + 3 * WORLD.index["alaska"]
    assert [str(encoded.table[base + k]) for k in range(3)] == ["place 1 alaska", "place 5 alaska", "place 10 alaska"]
    assert enc.slot_name(base + 1) == "place [half] alaska"
    assert int(encoded.mask.sum()) == 3 * 14  # Ada's 14 territories


def test_buckets_never_repeat_an_action() -> None:
    for count, expected in ((1, ["place 1 alaska"]), (2, ["place 1 alaska", "place 2 alaska"])):
        game = _game(reinforcements=count)
        enc = ActionEncoding(game.config)
        table = enc.encode(game.legal_actions()).table
        base = enc.block("place").start + 3 * WORLD.index["alaska"]
        assert [str(table[s]) for s in range(base, base + 3) if s in table] == expected


def test_trades_are_ordered_by_value_then_text_and_capped() -> None:
    hand = ["alaska", "brazil", "wild_1", "peru", "china", "egypt", "wild_2"]
    game = _game(hands={"Ada": hand, "Bo": [], "Cy": []})
    view = game.view("Ada")
    enc = ActionEncoding(game.config)
    trades = view.trades()
    assert len(trades) > TRADE_SLOTS  # the cap is exercised
    table = enc.encode(game.legal_actions(), view.trade_value).table
    start = enc.block("trade").start
    got = [str(table[s]) for s in range(start, start + TRADE_SLOTS)]
    assert got == sorted(str(t) for t in trades)[:TRADE_SLOTS]  # every set is worth the same in classic


def test_the_trade_order_puts_the_most_valuable_first() -> None:
    cards = rb.new_game("risk2010", players=PLAYERS, variant="classic", seed=1)
    faces = cards.ruleset.card_faces(cards.config)
    two_star = [c for c, face in faces.items() if face["stars"] == 2][:3]
    one_star = [c for c, face in faces.items() if face["stars"] == 1][:4]
    pos = {t: (PLAYERS[i % 3], 3) for i, t in enumerate(WORLD.ids)}
    game = rb.new_game(
        "risk2010",
        players=PLAYERS,
        variant="classic",
        position=pos,
        current_player="Ada",
        phase="reinforce",
        hands={"Ada": two_star + one_star, "Bo": [], "Cy": []},
        seed=1,
    )
    view = game.view("Ada")
    enc = ActionEncoding(game.config)
    table = enc.encode(game.legal_actions(), view.trade_value).table
    start = enc.block("trade").start
    values = [view.trade_value(table[s].cards) for s in range(start, start + TRADE_SLOTS) if s in table]
    assert len(view.trades()) > TRADE_SLOTS
    assert values[0] == max(view.trade_value(t.cards) for t in view.trades())
    assert len(values) == TRADE_SLOTS and values == sorted(values, reverse=True) and len(set(values)) > 3


def test_round_robin_blocks_give_every_kind_a_slot() -> None:
    game = rb.new_game("risk2010", players=["a", "b"], variant="two_player", seed=1)
    enc = ActionEncoding(game.config)
    legal = game.legal_actions()
    table = enc.encode(legal).table
    block = enc.block("neutral")
    held = [table[s] for s in range(block.start, block.stop) if s in table]
    assert len(legal) > block.size == len(held)

    def kind(a: Action) -> tuple[str, int]:
        return a.army, len(a.placements)  # type: ignore[attr-defined]

    assert {kind(a) for a in held} == {kind(a) for a in legal}


@dataclass
class FakeRange:
    """What the lead engineer's ``ActionRange`` offers: one shape with a count range."""

    territory: str
    counts: range

    def build(self, count: int) -> Action:
        return Place(count, self.territory)

    @property
    def first(self) -> Action:
        return self.build(self.counts[0])


class FakeLegal(Sequence):
    """A lazy legal-action sequence with ``.parts``, as ``engine.legal.LegalActions`` will be."""

    def __init__(self, parts: list) -> None:
        self.parts = parts
        self._flat = [a for p in parts for a in (map(p.build, p.counts) if isinstance(p, FakeRange) else [p])]

    def __len__(self) -> int:
        return len(self._flat)

    def __getitem__(self, i):  # type: ignore[no-untyped-def]
        return self._flat[i]


def test_a_lazy_sequence_with_parts_encodes_like_the_list() -> None:
    game = _game(reinforcements=7, hands={"Ada": ["alaska", "brazil", "wild_1"], "Bo": [], "Cy": []})
    enc = ActionEncoding(game.config)
    plain = game.legal_actions()
    trades = [a for a in plain if not isinstance(a, Place)]
    places = sorted({a.territory for a in plain if isinstance(a, Place)})
    lazy = FakeLegal([*trades, *(FakeRange(t, range(1, 8)) for t in places)])
    assert list(lazy) != [] and len(lazy) == len(plain)
    a, b = enc.encode(plain), enc.encode(lazy)
    assert np.array_equal(a.mask, b.mask)
    assert a.table == b.table
