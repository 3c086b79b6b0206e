"""``view.pending``: every decision of every edition with its legal range, read as a bot reads it."""

from __future__ import annotations

import pytest

import riskboard as rb
from riskboard.engine.actions import Attack, Defend, Fortify, Occupy, Place
from riskboard.engine.decisions import COUNTS, DECISIONS, Decision
from riskboard.env.observation import DECISIONS as ENV_DECISIONS

GAMES = [
    ("classic", ["A", "B", "C"], {}),
    ("classic", ["A", "B"], {"options": {"ask_defender": True}}),
    ("risk2010", ["A", "B", "C"], {}),
    ("risk2010", ["A", "B"], {"variant": "two_player"}),
    ("balance_of_power", ["A", "B"], {"variant": "command_room"}),
    ("transformers", ["A", "B"], {}),
]


def _numbers(game: rb.Game, counts: str) -> list[int]:
    """Every count the legal actions take, read one by one (not through the ranges)."""
    out = []
    for a in game.legal_actions():
        if counts == "dice" and isinstance(a, (Attack, Defend)):
            out.append(a.dice)
        elif counts == "units" and isinstance(a, (Place, Occupy, Fortify)):
            out.append(a.count)
        elif counts == "units" and hasattr(a, "placements"):
            out.append(sum(n for _, n in a.placements))
    return out


@pytest.mark.parametrize(("edition", "players", "kw"), GAMES)
def test_the_range_on_view_pending_is_the_legal_range(edition: str, players: list[str], kw: dict) -> None:
    game = rb.new_game(edition, players=players, seed=3, **kw)
    bots = {p: rb.bots.Random(seed=i) for i, p in enumerate(players)}
    seen = set()
    for _ in range(600):
        raw = game.pending
        if raw.player is None:
            break
        view = game.view(raw.player)
        pending = view.pending
        assert isinstance(pending, Decision)
        assert pending == raw and pending.detail == raw.detail and str(pending) == str(raw)
        assert pending.decision in DECISIONS
        seen.add(pending.decision)
        numbers = _numbers(game, pending.counts) if pending.counts else []
        assert (pending.least, pending.most) == ((min(numbers), max(numbers)) if numbers else (0, 0))
        battle = game.state.battle
        if pending.decision in ("defend", "occupy"):
            assert battle is not None
            assert (pending.source, pending.target) == (game.map.ids[battle.source], game.map.ids[battle.target])
        if pending.decision == "occupy":
            assert (pending.least, pending.most) == (battle.least, battle.most)
        if pending.decision == "defend":
            assert pending.most == view.max_defence_dice()
        game.apply(bots[raw.player].act(view))
    assert {"place", "attack", "occupy", "fortify"} <= seen or edition == "balance_of_power"


def test_every_decision_the_env_knows_is_documented() -> None:
    assert set(ENV_DECISIONS) - {"other"} == set(DECISIONS)
    doc = rb.engine.decisions.__doc__ or ""
    for name in DECISIONS:
        assert f"``{name}``" in doc
    assert set(COUNTS.values()) == {"units", "dice", ""}


def test_a_student_reads_the_move_in_and_the_defence_from_pending() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo"], seed=1, options={"ask_defender": True})
    while game.phase != "attack" or game.pending.decision != "attack":
        game.apply(rb.bots.Random(seed=1).act(game.view(game.pending.player)))
    attack = next(a for a in game.legal_actions() if isinstance(a, Attack) and a.dice == 1)
    game.apply(attack)
    pending = game.view(game.pending.player).pending
    assert (pending.decision, pending.counts, pending.least) == ("defend", "dice", 1)
    assert (pending.source, pending.target) == (attack.source, attack.target)
    assert "defend" in repr(pending) and "dice" in repr(pending)


def test_a_decision_without_a_number_says_so() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=1)
    game.play({p: rb.bots.Planner(seed=1) for p in game.players}, max_turns=400)
    pending = game.view("Ada").pending
    assert (pending.decision, pending.counts, pending.least, pending.most, pending.player) == ("none", "", 0, 0, None)


def test_a_decision_pickles_and_copies_with_its_range() -> None:
    import copy
    import pickle

    game = rb.new_game("classic", players=["Ada", "Bo"], seed=1)
    pending = game.view("Ada").pending
    for twin in (pickle.loads(pickle.dumps(pending)), copy.deepcopy(pending)):
        assert twin == pending and isinstance(twin, Decision)
        assert (twin.least, twin.most, twin.counts) == (pending.least, pending.most, pending.counts)
    with pytest.raises(AttributeError, match=r"ask view\.pending again"):
        pending._replace(detail="changed").most  # noqa: B018
