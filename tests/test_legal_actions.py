"""``legal_actions()`` keeps actions that differ only in a count as one ``ActionRange``
(engine/legal.py) and still behaves as the list of every legal action, in the same order."""

from __future__ import annotations

import random

import pytest

import riskboard as rb
from riskboard.engine.legal import ActionRange, LegalActions

EDITIONS = [
    ("classic", 4, None),
    ("classic", 2, None),
    ("risk2010", 3, "simple"),
    ("risk2010", 2, "two_player"),
    ("balance_of_power", 2, "command_room"),
    ("transformers", 3, None),
]


def _positions(ruleset: str, n: int, variant: str | None, seed: int, steps: int = 400) -> list[rb.Game]:
    """Games at the positions a random game passes through (copies)."""
    players = [f"p{i}" for i in range(n)]
    game = rb.new_game(ruleset, players=players, seed=seed, **({"variant": variant} if variant else {}))
    rng = random.Random(seed)
    out = []
    for _ in range(steps):
        if game.is_over:
            break
        legal = game.legal_actions()
        out.append(game.copy())
        game.push(legal[rng.randrange(len(legal))])
    return out


@pytest.mark.parametrize(("ruleset", "n", "variant"), EDITIONS)
def test_the_compact_form_is_the_whole_list(ruleset: str, n: int, variant: str | None) -> None:
    ranges_seen = 0
    for game in _positions(ruleset, n, variant, seed=3)[::7]:
        legal = game.legal_actions()
        assert isinstance(legal, LegalActions)
        every = list(legal)
        assert len(legal) == len(every) > 0
        # indexing (what a random bot does) and negative indexing agree with iteration
        assert [legal[i] for i in range(len(legal))] == every
        assert legal[-1] == every[-1]
        assert legal == every and every == list(legal)
        assert len(set(every)) == len(every), "an action is listed twice"
        for part in legal.parts:
            if isinstance(part, ActionRange):
                ranges_seen += 1
                assert len(part) >= 2 and list(part) == [part.build(k) for k in part.counts]
                assert part.first == part[0] and part.last == part[-1]
        # every listed action is legal: each range's ends at least, and a sample of the rest
        for part in legal.parts:
            ends = (part.first, part.last) if isinstance(part, ActionRange) else (part,)
            for action in ends:
                assert game.check(action) is None, (str(action), game.check(action))
    assert ranges_seen > 0


def test_a_reinforce_step_is_a_few_ranges_not_hundreds_of_actions() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=7)
    game.play({p: rb.bots.Aggressive(seed=1) for p in game.players}, max_turns=0)
    assert game.phase == "reinforce"
    legal = game.legal_actions()
    mine = sum(1 for t in game.map.ids if game.owner(t) == game.current_player)
    places = [p for p in legal.parts if isinstance(p, ActionRange)]
    assert len(places) == mine and len(legal) >= mine * game.reinforcements
    assert places[0].text == f"place 1..{game.reinforcements} {places[0].first.territory}"
    assert {str(a) for a in legal if isinstance(a, rb.Place)} == {
        f"place {k} {t}"
        for t in game.map.ids
        if game.owner(t) == game.current_player
        for k in range(1, game.reinforcements + 1)
    }


def test_an_empty_list_and_the_list_behaviour() -> None:
    empty = LegalActions()
    assert len(empty) == 0 and not empty and list(empty) == [] and empty == []
    with pytest.raises(IndexError):
        empty[0]
    legal = LegalActions()
    legal.add_range(lambda k: rb.Occupy(k), range(3, 6))
    legal.add_range(lambda k: rb.Occupy(k), range(9, 10))  # a range of one is kept as the action
    legal.append(rb.EndPhase())
    assert [str(a) for a in legal] == ["occupy 3", "occupy 4", "occupy 5", "occupy 9", "end"]
    assert legal[1:3] == [rb.Occupy(4), rb.Occupy(5)]
    assert rb.Occupy(4) in legal and rb.Occupy(6) not in legal
    assert legal.texts() == ["occupy 3..5", "occupy 9", "end"]
    assert legal + [rb.Occupy(1)] == [*legal, rb.Occupy(1)]
    assert "5 actions" in repr(legal)
    with pytest.raises(IndexError):
        legal[5]


def test_random_bots_choose_the_same_as_from_the_whole_list() -> None:
    """Indexing the compact form picks exactly what the old list picked: a seeded game is the
    same game (the goldens check this too, for whole recorded games)."""
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=11)
    rng_a, rng_b = random.Random(5), random.Random(5)
    for _ in range(300):
        legal = game.legal_actions()
        every = list(legal)
        a = legal[rng_a.randrange(len(legal))]
        b = every[rng_b.randrange(len(every))]
        assert a == b
        game.push(a)


@pytest.mark.parametrize(("ruleset", "n", "variant"), EDITIONS)
def test_in_reads_a_count_range_as_the_whole_list_would(ruleset: str, n: int, variant: str | None) -> None:
    """``action in legal`` answers from each range's counts, as a search over every action would,
    for actions inside a range and for the next count beyond it."""
    for game in _positions(ruleset, n, variant, seed=5)[::5]:
        legal = game.legal_actions()
        every = list(legal)
        for action in every[:: max(1, len(every) // 25)]:
            assert action in legal
        for part in legal.ranges:
            try:
                beyond = part.build(part.counts[-1] + 1)
            except rb.IllegalAction:
                continue
            assert (beyond in legal) == (beyond in every) and (beyond in part) == (beyond in list(part))
