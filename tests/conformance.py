"""The conformance check every ruleset must pass (STYLE.md point 8).

``check_ruleset_conformance`` plays one game with bots and, at sampled states, checks the
engine-wide promises of DESIGN.md:

- every action in ``legal_actions()`` applies;
- an action that is *not* listed is refused with ``IllegalAction``, leaving ``state`` and
  ``to_json()`` exactly as they were, and ``check()`` returns the same error;
- only the pending player may act;

and at the end:

- ``Game.from_json(g.to_json())`` and ``replay(g.record())`` reproduce the game;
- the same seed with the same bots gives the identical game, through ``Game.play`` too;
- undoing the last actions and applying them again reproduces the state.

It uses only the public API and the shared text forms, so later editions reuse it unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import riskboard as rb

# Texts and objects that are never an action of any edition.
GARBAGE: tuple[Any, ...] = (
    "",
    "   ",
    "attack",
    "fly alaska",
    "place x alaska",
    "place 3",
    "place 1 2 3",
    "end now",
    "occupy",
    "occupy many",
    "defend 1 2",
    "fortify alaska",
    "attack a b c",
    "trade",
    42,
    None,
    3.5,
    b"end",
    ["end"],
    ("place", 1, "alaska"),
)
COUNTS = (-1, 0, 1, 2, 3, 4, 7, 99)
NOWHERE = "atlantis"


def default_bots(players: Iterable[str], seed: int, random_seat: int | None = None) -> dict[str, Any]:
    """Aggressive bots, except a seeded ``Random`` bot at ``random_seat`` (if given)."""
    out: dict[str, Any] = {}
    for i, p in enumerate(players):
        out[p] = rb.bots.Random(seed=seed * 100 + i) if i == random_seat else rb.bots.Aggressive(seed=seed * 100 + i)
    return out


def _key(action: rb.Action, game: rb.Game | None = None) -> Any:
    """Actions that the rules treat alike compare alike: a trade is a set of three cards, and where
    cards carry stars (and their territories do not count) a trade of cards in hand is its mix of
    1-star and 2-star cards (``legal_actions`` lists one trade per mix)."""
    if isinstance(action, rb.TradeCards):
        cards = action.cards
        if game is not None and "star_cards" in game.ruleset.parts(game.config):
            faces = game.ruleset.card_faces(game.config)
            hand = game.hand(game.current_player)
            if len(set(cards)) == len(cards) and all(c in hand for c in cards):
                return ("stars", tuple(sorted(faces[c]["stars"] for c in cards)))
        return ("trade", frozenset(cards)) if len(cards) == 3 and len(set(cards)) == 3 else ("trade", cards)
    if isinstance(action, rb.Blitz):  # listed once; the move-in choice does not change legality
        return ("blitz", action.source, action.target)
    return action


def illegal_candidates(game: rb.Game, rng: random.Random, n_random: int = 40) -> list[Any]:
    """Actions (objects and texts) to try against ``game``: unknown territories, non-adjacent
    attacks, bad counts, wrong verbs for the phase, cards not held, garbage. Some may happen to
    be legal; the caller sorts them with ``legal_actions()``."""
    gm = game.map
    ids = list(gm.ids)
    state = game.state
    me = state.current
    mine = [t for t, o in zip(ids, state.owner) if o == me] or ids
    theirs = [t for t, o in zip(ids, state.owner) if o != me] or ids
    deck = sorted({*ids, "wild_1", "wild_2"})
    hand = list(state.hands[me])

    def non_neighbour(t: str) -> str:
        options = [u for u in ids if u != t and not gm.is_adjacent(t, u)]
        return rng.choice(options)

    out: list[Any] = list(GARBAGE)
    strong = [t for t in mine if state.armies[gm.index[t]] > 1] or mine
    src = rng.choice(strong)
    far = non_neighbour(src)
    # between own territories, and towards enemies, but not across a border
    own_far = [t for t in mine if t != src and not gm.is_adjacent(src, t)]
    enemy_far = [t for t in theirs if not gm.is_adjacent(src, t)]
    if own_far:
        out += [f"fortify {src} {rng.choice(own_far)} 1", rb.Fortify(src, rng.choice(own_far), 1)]
    if enemy_far:
        out += [f"attack {src} {rng.choice(enemy_far)} 1", f"blitz {src} {rng.choice(enemy_far)}"]
    out += [
        f"place 1 {NOWHERE}",
        f"place 0 {rng.choice(mine)}",
        f"place -1 {rng.choice(mine)}",
        f"place 999 {rng.choice(mine)}",
        f"place 1 {rng.choice(theirs)}",
        f"attack {src} {far} 1",
        f"attack {src} {NOWHERE} 1",
        f"attack {NOWHERE} {src} 1",
        f"attack {rng.choice(theirs)} {rng.choice(ids)} 1",
        f"attack {src} {rng.choice(gm.neighbours(src))} 0",
        f"attack {src} {rng.choice(gm.neighbours(src))} 4",
        f"attack {src} {src} 1",
        f"blitz {src} {far}",
        f"blitz {src} {far} all",
        f"blitz {src} {NOWHERE} min",
        f"blitz {src} {rng.choice(gm.neighbours(src))} some",
        f"fortify {src} {far} 1",
        f"fortify {src} {src} 1",
        f"fortify {src} {rng.choice(gm.neighbours(src))} 0",
        f"fortify {src} {rng.choice(gm.neighbours(src))} 999",
        f"fortify {NOWHERE} {src} 1",
        "occupy 0",
        "occupy -1",
        "occupy 999",
        "defend 0",
        "defend 3",
        "end",
        f"trade {' '.join(rng.sample(deck, 3))}",
        f"trade {' '.join(rng.sample(deck, 2))}",
        f"trade {deck[0]} {deck[0]} {deck[1]}",
        rb.Place(1, NOWHERE),
        rb.Attack(src, far, 1),
        rb.Fortify(src, far, 1),
        rb.Occupy(0),
        rb.Defend(0),
        rb.EndPhase(),
    ]
    if len(hand) >= 3:
        out.append(f"trade {' '.join(rng.sample(hand, 3))}")
        out.append(rb.TradeCards(tuple(rng.sample(hand, 3))))
    # random words from the whole universe of text forms
    for _ in range(n_random):
        verb = rng.choice(("place", "attack", "blitz", "fortify", "occupy", "defend", "trade", "end"))
        a, b = rng.choice(ids), rng.choice(ids)
        c = rng.choice(COUNTS)
        if verb == "place":
            out.append(f"place {c} {a}")
        elif verb in ("attack", "fortify"):
            b = rng.choice(gm.neighbours(a)) if rng.random() < 0.7 else b
            out.append(f"{verb} {a} {b} {c}")
        elif verb == "blitz":
            b = rng.choice(gm.neighbours(a)) if rng.random() < 0.7 else b
            out.append(f"blitz {a} {b} {rng.choice(('', 'all', 'min'))}".strip())
        elif verb in ("occupy", "defend"):
            out.append(f"{verb} {c}")
        elif verb == "trade":
            out.append("trade " + " ".join(rng.sample(deck, 3)))
        else:
            out.append("end")
    return out


def _fingerprint(game: rb.Game) -> tuple[Any, ...]:
    """Everything a refused action could have changed: the state, the change counter (every apply
    and undo moves it) and the record's actions and outcomes. (The record's JSON was compared once
    here; in a 400-turn game that cost the suite half a minute, and it holds nothing these do not:
    the record is the initial state, which no action touches, and these actions and outcomes.)"""
    actions = game.actions
    return (game.state, game.state_id, len(actions), actions[-1:], game.initial_state)


def check_state(game: rb.Game, rng: random.Random, *, max_legal: int = 80, n_random: int = 40) -> None:
    """The per-state part of the conformance check (the game is left as it was)."""
    before = _fingerprint(game)
    state = game.state
    pending = game.pending
    legal = game.legal_actions()
    if game.is_over:
        assert pending.player is None
        assert legal == []
        assert game.winner is not None
    else:
        assert pending.player in game.players, pending
        assert legal, f"nothing is legal for {pending} in {game!r}"
        assert game.view(pending.player).legal_actions() == legal

    # every listed action applies (on a copy) and check() agrees
    sample = legal if len(legal) <= max_legal else [legal[0], legal[-1], *rng.sample(legal, max_legal - 2)]
    branch = game.copy()
    undo = bool(game.options.get("undo", True))
    for action in sample:
        assert game.check(action) is None, (action, game.check(action))
        target = branch if undo else game.copy()
        target.apply(action)
        assert target.state.seq == state.seq + 1
        assert str(action) == str(game.parse(str(action)))
        assert game.parse(str(action)) == action
        if undo:
            branch.undo()
            assert branch.state == state
    assert game.state == state

    # anything not listed is refused and changes nothing
    legal_keys = {_key(a, game) for a in legal}
    for candidate in illegal_candidates(game, rng, n_random):
        try:
            parsed = game.parse(candidate)
        except rb.IllegalAction:
            parsed = None
        if parsed is not None and _key(parsed, game) in legal_keys:
            # listed in another spelling (a trade in another order): it must apply
            branch = game.copy()
            branch.apply(candidate)
            continue
        try:
            game.apply(candidate)
        except rb.IllegalAction as exc:
            error = exc
        else:
            raise AssertionError(f"{candidate!r} is not a legal action for {pending} but apply accepted it")
        assert isinstance(error, ValueError)
        assert "/" in error.code and error.code != "action/illegal", (candidate, error.code)
        assert str(error), candidate
        assert game.state == state, candidate
        checked = game.check(candidate)
        assert isinstance(checked, rb.IllegalAction), candidate
        assert checked.code == error.code, (candidate, checked.code, error.code)

    # only the pending player decides
    if not game.is_over:
        for other in game.players:
            if other != pending.player:
                try:
                    game.apply(legal[0], player=other)
                except rb.IllegalAction as exc:
                    assert exc.code == "action/not_your_turn", exc.code
                else:
                    raise AssertionError(f"{other} acted for {pending.player}")
                assert game.check(legal[0], player=other).code == "action/not_your_turn"
        assert game.check(legal[0], player=pending.player) is None
    assert _fingerprint(game) == before


def run_game(
    game: rb.Game,
    bots: Mapping[str, Any],
    max_turns: int,
    on_state: Callable[[rb.Game, int], None] | None = None,
) -> None:
    """Let ``bots`` play ``game`` through the checked ``apply(..., player=...)`` path, stopping
    exactly where ``Game.play(bots, max_turns=max_turns)`` stops."""
    limit = game.turn + max_turns
    step = 0
    while not game.is_over and game.turn <= limit:
        if on_state is not None:
            on_state(game, step)
        player = game.pending.player
        view = game.view(player)
        choice = bots[player].act(view)
        game.apply(choice, player=player)
        step += 1
    if on_state is not None:
        on_state(game, step)


def check_ruleset_conformance(
    ruleset_name: str,
    players: list[str],
    variant: str | None,
    setup: str | None,
    seed: int,
    max_turns: int,
    *,
    options: Mapping[str, Any] | None = None,
    random_seat: int | None = None,
    samples: int = 40,
    undo_steps: int = 25,
) -> rb.Game:
    """Play one game with bots and check the engine-wide promises (module docstring).

    ``random_seat`` puts a ``Random`` bot at that seat (the rest are ``Aggressive``). About
    ``samples`` states, evenly spread, are checked in depth, plus up to as many states where
    someone other than the player whose turn it is decides or a conquest is being occupied.
    Returns the finished game.
    """

    def make() -> rb.Game:
        return rb.new_game(ruleset_name, players=players, variant=variant, setup=setup, options=options, seed=seed)

    # a reference run through Game.play fixes the length of the game (to spread the samples)
    reference = make()
    winner = reference.play(default_bots(players, seed, random_seat), max_turns=max_turns)
    every = max(1, reference.state.seq // samples)

    rng = random.Random(seed)
    game = make()
    assert game.ruleset.name == ruleset_name
    assert game.state.seq == 0
    sampled = [0, samples]  # states checked, budget left for the special ones

    def on_state(g: rb.Game, step: int) -> None:
        special = g.phase in ("occupy", "fortify") or (not g.is_over and g.pending.player != g.current_player)
        if step % every == 0 or g.is_over or (special and sampled[1] > 0 and rng.random() < 0.25):
            check_state(g, rng)
            sampled[0] += 1
            sampled[1] -= special

    run_game(game, default_bots(players, seed, random_seat), max_turns, on_state)
    assert sampled[0] >= min(3, game.state.seq)
    assert game.state.seq == len(game.history)
    if game.winner is None:
        assert game.turn == max_turns + 1, (game.turn, max_turns)
    else:
        assert game.is_over and game.winner in game.players

    text = game.to_json()
    # saved and loaded, replayed from the record
    loaded = rb.Game.from_json(text)
    assert loaded.to_json() == text
    assert loaded.state == game.state
    assert rb.replay(game.record()).to_json() == text

    # the same seed and the same bots: the same game, through the checked loop and through play()
    assert winner == game.winner
    assert reference.to_json() == text
    again = make()
    run_game(again, default_bots(players, seed, random_seat), max_turns)
    assert again.to_json() == text

    # undo the last actions and apply them again: the same state, dice and card draws included
    n = min(undo_steps, len(game.history))
    redo = [a for a, _ in game.history[-n:]]
    branch = game.copy()
    if game.options.get("undo", True):
        branch.undo(n)
        assert branch.state.seq == game.state.seq - n
        assert branch.to_json() != text
        for action in redo:
            branch.apply(action)
        assert branch.state == game.state
        assert branch.to_json() == text
    else:
        try:
            branch.undo()
        except rb.IllegalAction as exc:
            assert exc.code == "undo/disabled"
        else:
            raise AssertionError("undo worked although the option undo=False")
    return game
