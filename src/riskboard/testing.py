"""The engine's promises, checked for any edition: ``check_ruleset`` (as PettingZoo ships
``api_test``), so whoever writes a house edition or a map can see that it keeps them.

>>> from riskboard.testing import check_ruleset
>>> check_ruleset("classic", games=1)   # raises AssertionError naming a broken promise

The promises (DESIGN.md), at sampled positions of games played by bots:

- a game that is not over has a pending player with something legal to do, and that player's view
  lists the same actions;
- every action ``legal_actions()`` lists applies, ``check()`` accepts it and its text form parses
  back to it;
- an action that is *not* listed (unknown territories, bad counts, wrong verbs, garbage) is
  refused with an ``IllegalAction`` with a code, leaving the game exactly as it was, and
  ``check()`` returns the same error;
- only the pending player may act;

and of every game played:

- it ends with a winner, or stops at the turn limit;
- ``Game.from_json(g.to_json())`` and ``replay(g.record())`` reproduce it;
- the same seed with the same bots gives the same game, through ``Game.play`` too;
- undoing the last actions and applying them again reproduces it (or undo is refused when the
  option ``undo=False`` says so).

It uses only the public API and the shared text forms. Its checks raise ``BrokenPromise`` (an
``AssertionError``) themselves, so they run under ``python -O`` too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from riskboard import bots
from riskboard.engine import records
from riskboard.engine.actions import Action, Attack, Blitz, Defend, EndPhase, Fortify, Occupy, Place, TradeCards
from riskboard.engine.game import Game
from riskboard.engine.play import Bot
from riskboard.engine.ruleset import GameConfig, Ruleset
from riskboard.errors import ConfigError, IllegalAction
from riskboard.i18n import _
from riskboard.registry import config_from_header, get_ruleset, make_config, new_game

__all__ = ["check_game", "check_ruleset", "check_state"]

NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")

RUNS: tuple[tuple[int | None, Mapping[str, Any]], ...] = (
    (None, {}),
    (None, {"ask_defender": True}),
    (0, {"ask_defender": True}),
    (1, {"undo": False}),
)
"""The kinds of game ``check_ruleset`` plays in turn: (the seat of a ``Random`` bot among
``Aggressive`` ones, or ``None``; options, where the edition has them)."""


class BrokenPromise(AssertionError):
    """A promise of the engine that an edition does not keep: the message names it."""


def _keep(promise: object, why: object = "") -> None:
    """Raise ``AssertionError(why)`` unless ``promise`` holds: an ``assert`` that ``python -O``
    cannot remove."""
    if not promise:
        raise AssertionError(why)


def check_ruleset(name_or_ruleset: str | Ruleset, games: int = 20, seed: int = 0) -> None:
    """Play ``games`` games of an edition (a registered name, or a ``Ruleset`` object, registered
    or not) with bots and check the engine's promises (module docstring) in each; an
    ``AssertionError`` names the first promise broken, the game and the position.

    The games go round every player count, variant and setup the edition accepts, with the
    defender asked for dice or not, a ``Random`` bot or not, and undo on or off (where the edition
    has those options); game ``i`` has seed ``seed + i``. All-``Aggressive`` games play up to 600
    turns, the others 40.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ConfigError(
            _("games must be a whole number ≥ 1, got {games}").format(games=repr(games)), code="config/bad_option"
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError(
            _("seed must be a whole number, got {seed}").format(seed=repr(seed)), code="config/bad_option"
        )
    ruleset = get_ruleset(name_or_ruleset)
    combos = _combinations(ruleset)
    if not combos:
        raise BrokenPromise(f"{ruleset.name}: no player count, variant and setup starts a game")
    with _saves_find(ruleset):
        for i in range(games):
            n, variant, setup = combos[i % len(combos)]
            random_seat, wanted = RUNS[(i // len(combos)) % len(RUNS)]
            known = ruleset.default_options(variant) if hasattr(ruleset, "default_options") else {}
            options = {k: v for k, v in wanted.items() if k in known}
            players = list(NAMES[:n]) if n <= len(NAMES) else [f"P{k}" for k in range(n)]
            where = f"{ruleset.name} game {i} ({n} players, variant {variant!r}, setup {setup!r}, options {options}, seed {seed + i})"
            try:
                check_game(
                    ruleset,
                    players,
                    variant,
                    setup,
                    seed + i,
                    600 if random_seat is None else 40,
                    options=options,
                    random_seat=random_seat,
                )
            except BrokenPromise as broken:
                raise BrokenPromise(f"{where}: {broken}") from broken.__cause__


def _combinations(ruleset: Ruleset) -> list[tuple[int, str, str]]:
    """Every (players, variant, setup) the edition starts a game with."""
    out = []
    for n in range(ruleset.min_players, ruleset.max_players + 1):
        for variant in ruleset.variants:
            for setup in ruleset.setups:
                try:
                    new_game(ruleset, players=[f"P{k}" for k in range(n)], variant=variant, setup=setup, seed=0)
                except ConfigError:
                    continue
                out.append((n, variant, setup))
    return out


@contextmanager
def _promise(what: str) -> Iterator[None]:
    """Whatever goes wrong inside (a failed check, or an exception the engine should not raise)
    breaks the promise ``what``."""
    try:
        yield
    except BrokenPromise:
        raise
    except Exception as exc:
        detail = str(exc) or repr(exc)
        raise BrokenPromise(f"broken promise: {what} ({type(exc).__name__}: {detail})") from exc


@contextmanager
def _saves_find(ruleset: Ruleset) -> Iterator[None]:
    """Saves and records name their edition, and loading looks the name up in the registry: while
    an edition that is not the registered one of its name is checked, its saves find it."""
    try:
        registered = get_ruleset(ruleset.name)
    except ConfigError:
        registered = None
    if registered is ruleset:
        yield
        return

    def configure(header: Mapping[str, Any]) -> GameConfig:
        if header.get("ruleset") == ruleset.name:
            return make_config(
                ruleset, header["players"], header["variant"], header["setup"], header["options"], header["seed"]
            )
        return config_from_header(header)

    records.install_configure(configure)
    try:
        yield
    finally:
        records.install_configure(config_from_header)


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


def default_bots(players: Iterable[str], seed: int, random_seat: int | None = None) -> dict[str, Bot]:
    """Aggressive bots, except a seeded ``Random`` bot at ``random_seat`` (if given)."""
    out: dict[str, Bot] = {}
    for i, p in enumerate(players):
        out[p] = bots.Random(seed=seed * 100 + i) if i == random_seat else bots.Aggressive(seed=seed * 100 + i)
    return out


def _key(action: Action, game: Game | None = None) -> Any:
    """Actions that the rules treat alike compare alike: a trade is a set of three cards, and where
    cards carry stars (and their territories do not count) a trade of cards in hand is its mix of
    1-star and 2-star cards (``legal_actions`` lists one trade per mix)."""
    if isinstance(action, TradeCards):
        cards = action.cards
        if game is not None and "star_cards" in game.ruleset.parts(game.config):
            faces = game.ruleset.card_faces(game.config)
            hand = game.hand(game.current_player)
            if len(set(cards)) == len(cards) and all(c in hand for c in cards):
                return ("stars", tuple(sorted(faces[c]["stars"] for c in cards)))
        return ("trade", frozenset(cards)) if len(cards) == 3 and len(set(cards)) == 3 else ("trade", cards)
    if isinstance(action, Blitz):  # listed once; the move-in choice does not change legality
        return ("blitz", action.source, action.target)
    return action


def illegal_candidates(game: Game, rng: random.Random, n_random: int = 40) -> list[Any]:
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
        out += [f"fortify {src} {rng.choice(own_far)} 1", Fortify(src, rng.choice(own_far), 1)]
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
        Place(1, NOWHERE),
        Attack(src, far, 1),
        Fortify(src, far, 1),
        Occupy(0),
        Defend(0),
        EndPhase(),
    ]
    if len(hand) >= 3:
        out.append(f"trade {' '.join(rng.sample(hand, 3))}")
        out.append(TradeCards(tuple(rng.sample(hand, 3))))
    # random words from the whole universe of text forms
    for _draw in range(n_random):
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


def _fingerprint(game: Game) -> tuple[Any, ...]:
    """Everything a refused action could have changed: the state, the change counter (every apply
    and undo moves it) and the record's actions and outcomes. (The record's JSON was compared once
    here; in a 400-turn game that cost the suite half a minute, and it holds nothing these do not:
    the record is the initial state, which no action touches, and these actions and outcomes.)"""
    actions = game.actions
    return (game.state, game.state_id, len(actions), actions[-1:], game.initial_state)


def check_state(game: Game, rng: random.Random, *, max_legal: int = 80, n_random: int = 40) -> None:
    """The per-state part of the conformance check (the game is left as it was)."""
    before = _fingerprint(game)
    with _promise("a game that is not over always has a pending player with something legal to do"):
        legal = game.legal_actions()
        _pending_is_sound(game, legal)

    with _promise("every action legal_actions() lists applies, and check() accepts it"):
        _listed_apply(game, legal, rng, max_legal)
    with _promise("an action legal_actions() does not list is refused with IllegalAction, changing nothing"):
        _unlisted_refused(game, legal, rng, n_random)
    with _promise("only the pending player may act"):
        _only_pending_acts(game, legal)
    with _promise("checking a position changes nothing"):
        _keep(_fingerprint(game) == before)


def _pending_is_sound(game: Game, legal: Sequence[Action]) -> None:
    pending = game.pending
    if game.is_over:
        _keep(pending.player is None)
        _keep(legal == [])
        _keep(game.winner is not None)
    else:
        player = pending.player
        if player is None or player not in game.players:
            raise AssertionError(pending)
        _keep(legal, f"nothing is legal for {pending} in {game!r}")
        _keep(game.view(player).legal_actions() == legal, "the player's view lists other actions")


def _listed_apply(game: Game, legal: Sequence[Action], rng: random.Random, max_legal: int) -> None:
    state = game.state
    sample = legal if len(legal) <= max_legal else [legal[0], legal[-1], *rng.sample(legal, max_legal - 2)]
    branch = game.copy()
    undo = bool(game.options.get("undo", True))
    for action in sample:
        _keep(game.check(action) is None, (action, game.check(action)))
        target = branch if undo else game.copy()
        target.apply(action)
        _keep(target.state.seq == state.seq + 1)
        _keep(str(action) == str(game.parse(str(action))))
        _keep(game.parse(str(action)) == action)
        if undo:
            branch.undo()
            _keep(branch.state == state)
    _keep(game.state == state)


def _unlisted_refused(game: Game, legal: Sequence[Action], rng: random.Random, n_random: int) -> None:
    state = game.state
    pending = game.pending
    legal_keys = {_key(a, game) for a in legal}
    for candidate in illegal_candidates(game, rng, n_random):
        try:
            parsed = game.parse(candidate)
        except IllegalAction:
            parsed = None
        if parsed is not None and _key(parsed, game) in legal_keys:
            # listed in another spelling (a trade in another order): it must apply
            branch = game.copy()
            branch.apply(candidate)
            continue
        try:
            game.apply(candidate)
        except IllegalAction as exc:
            error = exc
        else:
            raise AssertionError(f"{candidate!r} is not a legal action for {pending} but apply accepted it")
        _keep(isinstance(error, ValueError))
        _keep("/" in error.code and error.code != "action/illegal", (candidate, error.code))
        _keep(str(error), candidate)
        _keep(game.state == state, candidate)
        checked = game.check(candidate)
        if not isinstance(checked, IllegalAction):
            raise AssertionError(candidate)
        _keep(checked.code == error.code, (candidate, checked.code, error.code))


def _only_pending_acts(game: Game, legal: Sequence[Action]) -> None:
    pending = game.pending
    if not game.is_over:
        for other in game.players:
            if other != pending.player:
                try:
                    game.apply(legal[0], player=other)
                except IllegalAction as exc:
                    _keep(exc.code == "action/not_your_turn", exc.code)
                else:
                    raise AssertionError(f"{other} acted for {pending.player}")
                refusal = game.check(legal[0], player=other)
                _keep(refusal is not None and refusal.code == "action/not_your_turn", refusal)
        _keep(game.check(legal[0], player=pending.player) is None)


def run_game(
    game: Game,
    bots: Mapping[str, Any],
    max_turns: int,
    on_state: Callable[[Game, int], None] | None = None,
) -> None:
    """Let ``bots`` play ``game`` through the checked ``apply(..., player=...)`` path, stopping
    exactly where ``Game.play(bots, max_turns=max_turns)`` stops."""
    limit = game.turn + max_turns
    step = 0
    while not game.is_over and game.turn <= limit:
        if on_state is not None:
            on_state(game, step)
        player = game.pending.player
        if player is None:
            raise AssertionError("a game that is not over has a pending player")
        view = game.view(player)
        choice = bots[player].act(view)
        game.apply(choice, player=player)
        step += 1
    if on_state is not None:
        on_state(game, step)


def check_game(
    ruleset: str | Ruleset,
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
) -> Game:
    """Play one game with bots and check the engine-wide promises (module docstring).

    ``random_seat`` puts a ``Random`` bot at that seat (the rest are ``Aggressive``). About
    ``samples`` states, evenly spread, are checked in depth, plus up to as many states where
    someone other than the player whose turn it is decides or a conquest is being occupied.
    Returns the finished game.
    """

    def make() -> Game:
        return new_game(ruleset, players=players, variant=variant, setup=setup, options=options, seed=seed)

    # a reference run through Game.play fixes the length of the game (to spread the samples)
    reference = make()
    with _promise("bots choosing from legal_actions() play a game through Game.play"):
        winner = reference.play(default_bots(players, seed, random_seat), max_turns=max_turns)
    every = max(1, reference.state.seq // samples)

    rng = random.Random(seed)
    game = make()
    with _promise("a new game is of this ruleset and starts at action 0"):
        _keep(game.ruleset is get_ruleset(ruleset))
        _keep(game.state.seq == 0)
    sampled = [0, samples]  # states checked, budget left for the special ones

    def on_state(g: Game, step: int) -> None:
        special = g.phase in ("occupy", "fortify") or (not g.is_over and g.pending.player != g.current_player)
        if step % every == 0 or g.is_over or (special and sampled[1] > 0 and rng.random() < 0.25):
            check_state(g, rng)
            sampled[0] += 1
            sampled[1] -= special

    with _promise("bots choosing from legal_actions() play a game through the checked apply"):
        run_game(game, default_bots(players, seed, random_seat), max_turns, on_state)
    with _promise("a game ends with a winner who is a player, or stops at the turn limit"):
        _keep(sampled[0] >= min(3, game.state.seq))
        _keep(game.state.seq == len(game.history))
        if game.winner is None:
            _keep(game.turn == max_turns + 1, (game.turn, max_turns))
        else:
            _keep(game.is_over and game.winner in game.players)

    text = game.to_json()
    with _promise("Game.from_json(game.to_json()) is the same game"):
        loaded = Game.from_json(text)
        _keep(loaded.to_json() == text)
        _keep(loaded.state == game.state)
    with _promise("replay(game.record()) is the same game"):
        _keep(records.replay(game.record()).to_json() == text)  # the installed lookup of editions

    with _promise("the same seed with the same bots gives the same game, through play() too"):
        _keep(winner == game.winner)
        _keep(reference.to_json() == text)
        again = make()
        run_game(again, default_bots(players, seed, random_seat), max_turns)
        _keep(again.to_json() == text)

    with _promise("undoing actions and applying them again gives the same game, dice and draws included"):
        _undo_redo(game, text, undo_steps)
    return game


def _undo_redo(game: Game, text: str, undo_steps: int) -> None:
    n = min(undo_steps, len(game.history))
    redo = [a for a, _ in game.history[-n:]]
    branch = game.copy()
    if game.options.get("undo", True):
        branch.undo(n)
        _keep(branch.state.seq == game.state.seq - n)
        _keep(branch.to_json() != text)
        for action in redo:
            branch.apply(action)
        _keep(branch.state == game.state)
        _keep(branch.to_json() == text)
    else:
        try:
            branch.undo()
        except IllegalAction as exc:
            _keep(exc.code == "undo/disabled")
        else:
            raise AssertionError("undo worked although the option undo=False")
