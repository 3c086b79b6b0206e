"""Determinization (``riskboard.engine.sampling.sample_game``): a sampled game shows the player
exactly what the view shows, draws everything hidden again, keeps every card once, passes the
edition's invariants, and knows nothing of the real game's dice."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import riskboard as rb
from riskboard.engine.sampling import sample_game
from riskboard.rulesets.base import BaseRuleset

# (edition, players, variant, setup): every edition and variant
CASES = [
    ("classic", ("Ada", "Bo", "Cy"), "standard", None),
    ("classic", ("Ada", "Bo"), "standard", None),
    ("classic", ("Ada", "Bo", "Cy", "Di"), "secret_missions", None),
    ("risk2010", ("Ada", "Bo", "Cy"), "simple", None),
    ("risk2010", ("Ada", "Bo", "Cy"), "classic", None),
    ("risk2010", ("Ada", "Bo"), "two_player", None),
    ("balance_of_power", ("red", "blue"), "basic_training", None),
    ("balance_of_power", ("red", "blue"), "command_room", "random"),
    ("transformers", ("Ada", "Bo", "Cy"), None, None),
]
SEEDS = range(8)


def _cards(s: rb.GameState) -> Counter[str]:
    reserved = [c for r in getattr(s.extra, "reserved", ()) for c in r]
    return Counter([c for hand in s.hands for c in hand] + list(s.draw_pile) + list(s.discard_pile) + reserved)


def _played(edition: str, players: tuple[str, ...], variant: str | None, setup: str | None) -> rb.Game:
    """A game some turns in, at a moment when another player holds cards (so something is hidden)."""
    game = rb.new_game(edition, players=list(players), variant=variant, setup=setup, seed=11)
    bots = {p: rb.bots.Aggressive(seed=i) for i, p in enumerate(players)}
    for _ in range(40):
        game.play(bots, max_turns=1)
        s = game.state
        if game.is_over:
            break
        if any(s.hands[p] for p in range(1, len(players))) and s.draw_pile:
            return game
    pytest.fail(f"{edition}/{variant}: no position with hidden cards in 40 turns")


def _public(view: rb.PlayerView) -> dict[str, Any]:
    """Everything the view shows: what a sampled game must show the same player."""
    extras = view.extras
    facts: dict[str, Any] = {
        "owners": view.owner_indices,
        "armies": view.army_counts,
        "hand": view.hand,
        "mission": view.mission,
        "phase": view.phase,
        "pending": view.pending,
        "turn": view.turn,
        "current": view.current_player,
        "reinforcements": view.reinforcements,
        "sets_traded": view.sets_traded,
        "discard": view.discard_pile,
        "draw_pile_size": view.draw_pile_size,
        "cards": [view.card_count(p) for p in view.players],
        "battle": view.battle,
        "supply": view.supply,
        "legal": list(view.legal_actions()),
    }
    for name in ("ceasefire_range", "cards_drawn", "neutral_armies", "board_missions", "collected", "capitals",
                 "hospital", "leader_zones", "scrapyard", "round"):  # fmt: skip
        value = getattr(extras, name, None)
        if value is not None:
            facts[name] = value() if callable(value) else value
    return facts


@pytest.mark.parametrize(("edition", "players", "variant", "setup"), CASES, ids=lambda c: str(c))
def test_a_sample_shows_what_the_view_shows_and_redraws_the_rest(
    edition: str, players: tuple[str, ...], variant: str | None, setup: str | None
) -> None:
    game = _played(edition, players, variant, setup)
    me = players[0]
    view = game.view(me)
    seen = _public(view)
    cfg = game.config
    hidden = set()
    for seed in SEEDS:
        sampled = sample_game(view, random.Random(seed))
        s = sampled.state
        assert _public(sampled.view(me)) == seen
        assert cfg.ruleset.problems(sampled.config, s) == []
        assert _cards(s) == _cards(game.state)  # every card once, wherever it now lies
        assert list(s.draw_pile) == sorted(s.draw_pile)
        assert sampled.config.key != cfg.key  # the dice to come are not the real game's
        assert not sampled.options["undo"]
        hidden.add((s.hands[1:], s.draw_pile, getattr(s.extra, "reserved", None)))
    assert len(hidden) > 1, "the hidden cards were never dealt differently"


def test_the_same_rng_gives_the_same_sample() -> None:
    view = _played("classic", ("Ada", "Bo", "Cy"), "standard", None).view("Ada")
    a, b = sample_game(view, random.Random(5)), sample_game(view, random.Random(5))
    assert a.state == b.state and a.config.key == b.config.key


def test_other_secret_missions_are_dealt_again_and_mine_kept() -> None:
    game = _played("classic", ("Ada", "Bo", "Cy", "Di"), "secret_missions", None)
    view = game.view("Bo")
    others = set()
    for seed in range(12):
        missions = sample_game(view, random.Random(seed)).state.missions
        assert missions[1] == game.mission("Bo")
        assert all(m for m in missions)
        others.add(missions[:1] + missions[2:])
    assert len(others) > 3


def test_the_ceasefire_card_stays_where_the_players_know_it_may_be() -> None:
    game = _played("risk2010", ("Ada", "Bo", "Cy"), "simple", None)
    view = game.view("Ada")
    earliest, latest = view.extras.ceasefire_range()
    places = set()
    for seed in range(30):
        s = sample_game(view, random.Random(seed)).state
        assert earliest <= s.extra.ceasefire + 1 <= latest
        assert s.extra.ceasefire <= len(s.draw_pile)
        places.add(s.extra.ceasefire)
    assert len(places) > 1 or earliest == latest


def test_a_sample_plays_on_and_leaves_the_real_game_alone() -> None:
    game = _played("balance_of_power", ("red", "blue"), "command_room", "random")
    before = game.to_json()
    sampled = sample_game(game.view("red"), random.Random(1))
    sampled.play({p: rb.bots.Planner(seed=1) for p in game.players}, max_turns=3)
    assert sampled.state.seq > game.state.seq
    assert game.to_json() == before


def test_bad_arguments_say_what_to_pass() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=1)
    with pytest.raises(TypeError, match="PlayerView"):
        sample_game(game, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"random\.Random"):
        sample_game(game.view("Ada"), 1)  # type: ignore[arg-type]


# -- the editions' hook (``Ruleset.resample_hidden``), which ``sample_game`` calls -----------------


@pytest.mark.parametrize(("edition", "players", "variant", "setup"), CASES, ids=lambda c: str(c))
def test_each_editions_hook_keeps_what_the_player_sees_and_every_card(
    edition: str, players: tuple[str, ...], variant: str | None, setup: str | None
) -> None:
    game = _played(edition, players, variant, setup)
    cfg, state = game.config, game.state
    for me, name in enumerate(players):
        seen = _public(game.view(name))
        for seed in range(4):
            again = cfg.ruleset.resample_hidden(cfg, state, me, random.Random(seed))
            assert _public(rb.Game(cfg, again).view(name)) == seen
            assert _cards(again) == _cards(state)
            assert [len(h) for h in again.hands] == [len(h) for h in state.hands]
            assert list(again.draw_pile) == sorted(again.draw_pile)
            assert cfg.ruleset.problems(cfg, again) == []
            assert (again.owner, again.armies, again.phase, again.seq) == (
                state.owner,
                state.armies,
                state.phase,
                state.seq,
            )


def test_the_base_hook_alone_deals_the_other_hands_again_and_nothing_else() -> None:
    game = _played("classic", ("Ada", "Bo", "Cy", "Di"), "secret_missions", None)
    cfg, state = game.config, game.state
    hands = set()
    for seed in range(12):
        again = BaseRuleset.resample_hidden(cfg.ruleset, cfg, state, 0, random.Random(seed))
        assert again.hands[0] == state.hands[0]
        assert [len(h) for h in again.hands] == [len(h) for h in state.hands]
        assert _cards(again) == _cards(state)
        assert list(again.draw_pile) == sorted(again.draw_pile)
        assert again.missions == state.missions  # the secret missions are the edition's to redraw
        assert again._replace(hands=state.hands, draw_pile=state.draw_pile) == state
        hands.add(again.hands[1:])
    assert len(hands) > 1, "the other hands were never dealt differently"


def test_face_down_piles_are_dealt_from_the_same_pool_and_keep_their_sizes() -> None:
    game = _played("risk2010", ("Ada", "Bo"), "two_player", None)
    state = game.state
    face_down = (("alaska", "peru", "siam"), ("egypt",))
    pool = Counter([*state.draw_pile, *state.hands[1], *(c for pile in face_down for c in pile)])
    drawn = set()
    for seed in range(12):
        again, piles = BaseRuleset.deal_unseen(state, 0, random.Random(seed), face_down)
        assert [len(p) for p in piles] == [3, 1] and all(list(p) == sorted(p) for p in piles)
        assert Counter([*again.draw_pile, *again.hands[1], *(c for p in piles for c in p)]) == pool
        assert again.hands[0] == state.hands[0]
        drawn.add(piles)
    assert len(drawn) > 1


def test_with_nothing_hidden_the_hook_changes_nothing() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=1)  # before the first card is drawn
    state = game.state._replace(draw_pile=())
    rng = random.Random(3)
    assert game.config.ruleset.resample_hidden(game.config, state, 0, rng) == state
    assert rng.random() == random.Random(3).random()  # and draws nothing from the rng


def test_no_other_mission_names_a_player_already_out() -> None:
    game = _played("classic", ("Ada", "Bo", "Cy", "Di"), "secret_missions", None)
    cfg = game.config
    me = next(p for p, m in enumerate(game.state.missions) if m != "destroy:Di" and p != 3)
    state = game.state._replace(alive=(True, True, True, False))  # Di is out
    missions = set()
    for seed in range(24):
        again = cfg.ruleset.resample_hidden(cfg, state, me, random.Random(seed)).missions
        assert again[me] == state.missions[me]
        assert "destroy:Di" not in again
        missions.add(again)
    assert len(missions) > 3
