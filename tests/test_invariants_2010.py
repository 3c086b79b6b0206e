"""risk2010 invariants after every action of random games (Hypothesis), all three variants, 2 to 5
players.

Aggressive bots play a prefix of a game, then a list of indices picks among the legal actions.
After each action the state is checked on its own (``Ruleset.problems``: owners, cards with the
reserved ones, the ceasefire card, a shared win) and against the events the action reported:
troops change only by placements, the neutral support and a throw's losses (which are exactly
what the dice say, ties to the defender) and moves; owners only by claims and conquests; cards
only by draws, trades, eliminations and a neutral army's reserved cards; the hidden ceasefire
depth stays where it was shuffled until the card comes up; nobody wins without the rule that
says so; and no neutral army ever decides anything.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import riskboard as rb
from riskboard.engine import events as ev
from riskboard.rulesets.risk2010 import events as rev
from rules_2010.spec_2010 import (
    CEASEFIRE_WINDOW,
    CLASSIC_TO_WIN,
    MOST_STARS,
    NEUTRAL_SUPPORT,
    SIMPLE_TO_WIN,
    STAR_TABLE,
    TWO_PLAYER_TO_WIN,
    expected_troops,
    stars,
)

WORLD = rb.load_map("world")
DECK = sorted(WORLD.ids)
NAMES = ["Ada", "Bo", "Cy", "Di", "Ed"]

# phase before an action -> phases allowed after it
NEXT_PHASE = {
    "setup": {"setup", "reinforce"},
    "neutral": {"reinforce"},
    "reinforce": {"reinforce", "attack"},
    "attack": {"attack", "occupy", "fortify", "over"},
    "occupy": {"attack"},
    "fortify": {"fortify", "neutral", "reinforce", "over"},
    "over": set(),
}

# (variant, players, setup)
GAMES = [
    ("simple", 3, None),
    ("simple", 4, None),
    ("simple", 5, None),
    ("classic", 3, "claim"),
    ("classic", 4, "deal"),
    ("classic", 5, "claim"),
    ("two_player", 2, None),
]


def to_win(game: rb.Game) -> int:
    n = len(game.players)
    return {"simple": SIMPLE_TO_WIN.get(n, 0), "classic": CLASSIC_TO_WIN, "two_player": TWO_PLAYER_TO_WIN}[game.variant]


def check_state(game: rb.Game) -> None:
    s = game.state
    cfg = game.config
    assert cfg.ruleset.problems(cfg, s) == []
    assert s.phase in NEXT_PHASE
    assert s.seq == len(game.history)
    cards = [c for hand in s.hands for c in hand] + list(s.draw_pile) + list(s.discard_pile)
    cards += [c for r in s.extra.reserved for c in r]
    assert sorted(cards) == DECK  # every card once, the reserved ones included
    if s.phase == "over":
        assert game.legal_actions() == [] and game.pending.player is None
        assert game.winner in game.winners and game.winners
    else:
        assert game.legal_actions()
        assert game.pending.player in cfg.players  # never a neutral army
        assert game.winners == ()


def expected_board(game: rb.Game, before: Any, events: list[Any]) -> tuple[list[int], list[int]]:
    """Owners and troops per territory as the events say they became."""
    cfg = game.config
    index = cfg.map.index
    owners = cfg.owners
    owner = list(before.owner)
    troops = list(before.armies)
    ties = cfg.options["ties"]
    for e in events:
        if isinstance(e, ev.ArmiesPlaced):
            assert e.count >= 1 and owner[index[e.territory]] == owners.index(e.player)
            troops[index[e.territory]] += e.count
        elif isinstance(e, ev.TerritoryClaimed):
            t = index[e.territory]
            assert owner[t] == -1
            owner[t] = owners.index(e.player)
            troops[t] += 1
        elif isinstance(e, rev.NeutralArmyReinforced):
            army = owners.index(e.army)
            assert army >= len(cfg.players) and e.player in cfg.players
            assert 1 <= len(e.placements) <= 3 and sum(n for _t, n in e.placements) == NEUTRAL_SUPPORT
            for t, n in e.placements:
                assert n >= 1 and owner[index[t]] == army  # one army only
                troops[index[t]] += n
        elif isinstance(e, ev.DiceRolled):
            src, tgt = index[e.source], index[e.target]
            assert e.attacker in cfg.players  # neutral armies never attack
            assert 1 <= len(e.attack) <= min(3, troops[src] - 1) and 1 <= len(e.defend) <= min(2, troops[tgt])
            assert list(e.attack) == sorted(e.attack, reverse=True) and list(e.defend) == sorted(e.defend, reverse=True)
            pairs = list(zip(e.attack, e.defend))
            if ties == "defender":
                assert e.defender_losses == sum(a > d for a, d in pairs)
            assert e.attacker_losses + e.defender_losses == len(pairs)
            troops[src] -= e.attacker_losses
            troops[tgt] -= e.defender_losses
            assert troops[src] >= 1 and troops[tgt] >= 0
        elif isinstance(e, ev.TerritoryConquered):
            src, tgt = index[e.source], index[e.territory]
            assert troops[tgt] == 0 and e.moved >= 1
            owner[tgt] = owners.index(e.player)
            troops[tgt] += e.moved
            troops[src] -= e.moved
            assert troops[src] >= 1
        elif isinstance(e, (ev.ArmiesMoved, ev.ArmiesMovedIn)):
            src, tgt = index[e.source], index[e.target]
            assert owner[src] == owner[tgt] == owners.index(e.player)
            count = e.count - e.attackers if isinstance(e, ev.ArmiesMovedIn) else e.count
            troops[src] -= count
            troops[tgt] += count
            assert troops[src] >= 1
    return owner, troops


def expected_cards(game: rb.Game, before: Any, events: list[Any]) -> tuple[list[Counter], list[tuple[str, ...]]]:
    """Hands and reserved cards as the events say they became."""
    cfg = game.config
    hands = [Counter(h) for h in before.hands]
    reserved = list(before.extra.reserved)
    players = list(cfg.players)
    for e in events:
        if isinstance(e, ev.CardDrawn):
            hands[players.index(e.player)][e.card] += 1
        elif isinstance(e, ev.CardsTraded):
            assert 1 <= stars(e.cards) <= MOST_STARS and e.armies == STAR_TABLE[stars(e.cards)]
            hands[players.index(e.player)] -= Counter(e.cards)
        elif isinstance(e, ev.PlayerEliminated):
            loser, by = players.index(e.player), players.index(e.by)
            assert e.cards_taken == sum(hands[loser].values())
            hands[by] += hands[loser]
            hands[loser] = Counter()
        elif isinstance(e, rev.NeutralArmyEliminated):
            k = cfg.neutrals.index(e.army)
            assert e.cards == len(reserved[k]) == 3
            hands[players.index(e.conqueror)] += Counter(reserved[k])
            reserved[k] = ()
    return hands, reserved


def check_transition(game: rb.Game, before: Any, events: list[Any], depth: int | None) -> None:
    after = game.state
    cfg = game.config
    assert after.phase in NEXT_PHASE[before.phase] or after.phase == before.phase, (before.phase, after.phase)
    owner, troops = expected_board(game, before, events)
    assert list(after.owner) == owner
    assert list(after.armies) == troops
    hands, reserved = expected_cards(game, before, events)
    assert [Counter(h) for h in after.hands] == hands
    assert list(after.extra.reserved) == reserved
    # troops of a trade are placed before the attack, the maneuver or the end of the turn
    if before.reinforcements and before.phase in ("attack", "fortify"):
        assert after.phase == before.phase and after.current == before.current
    # a card only at the end of a turn with a conquest, at most one; the ceasefire card the same way
    drawn = [e for e in events if isinstance(e, (ev.CardDrawn, rev.CeasefireDrawn))]
    assert len(drawn) <= 1
    if drawn:
        assert before.conquered and drawn[0].player == cfg.players[before.current]
    ceasefire = [e for e in events if isinstance(e, rev.CeasefireDrawn)]
    if depth is not None:  # simple: the card lies where it was shuffled in until it comes up
        if ceasefire:
            assert after.extra.drawn == depth + 1 and after.phase == "over"
        elif after.phase != "over" or after.extra.ceasefire >= 0:
            assert after.extra.ceasefire + after.extra.drawn == depth
    else:
        assert not ceasefire and after.extra.ceasefire == -1
    # wins: by the rule that says so
    won = [e for e in events if isinstance(e, ev.GameWon)]
    assert bool(won) == (after.phase == "over")
    if won:
        winners = {cfg.players.index(e.player) for e in won}
        assert set(game.winners) == {e.player for e in won}
        if ceasefire:
            score = {p: (after.owner.count(p), sum(a for o, a in zip(after.owner, after.armies) if o == p))
                     for p in range(len(cfg.players)) if after.alive[p]}  # fmt: skip
            best = max(score.values())
            assert winners == {p for p, v in score.items() if v == best}
        elif sum(after.alive) > 1:
            assert len(winners) == 1 and after.owner.count(winners.pop()) >= to_win(game)
        else:
            assert len(winners) == 1 and after.alive[winners.pop()]
    # a turn that ends without a win: the player had fewer territories than a win needs (D11)
    started = [e for e in events if isinstance(e, ev.TurnStarted)]
    assert len(started) <= 1
    if started and before.phase != "setup":
        assert after.owner.count(before.current) < to_win(game)
    if started:
        counted = [e for e in events if isinstance(e, rev.TroopsCounted)]
        mine = [t for t, o in zip(cfg.map.ids, after.owner) if o == after.current]
        neutrals_left = any(o >= len(cfg.players) for o in after.owner)
        if cfg.neutrals and neutrals_left:
            assert after.phase == "neutral" and not counted
        else:
            (c,) = counted
            assert after.phase == "reinforce" and c.troops == after.reinforcements == expected_troops(mine)
    if before.phase == "neutral":
        (c,) = [e for e in events if isinstance(e, rev.TroopsCounted)]
        mine = [t for t, o in zip(cfg.map.ids, after.owner) if o == after.current]
        assert c.troops == after.reinforcements == expected_troops(mine)


def step(game: rb.Game, action: Any, depth: int | None) -> None:
    before = game.state
    events = game.apply(action)
    check_transition(game, before, events, depth)
    check_state(game)


def new(which: tuple[str, int, str | None], seed: int, ask: bool, short: bool, window: bool) -> rb.Game:
    variant, n, setup = which
    options: dict[str, Any] = {"ask_defender": ask}
    if variant == "simple" and short and (n, "short") in CEASEFIRE_WINDOW:
        options["game_length"] = "short"
    if variant == "simple" and window:
        options["ceasefire_window"] = [0, 6]  # the ceasefire comes within a few conquests
    return rb.new_game("risk2010", players=NAMES[:n], variant=variant, setup=setup, options=options, seed=seed)


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    which=st.sampled_from(GAMES),
    ask=st.booleans(),
    short=st.booleans(),
    window=st.booleans(),
    prefix=st.integers(0, 400),
    choices=st.lists(st.integers(0, 2**20), min_size=1, max_size=120),
)
def test_invariants_after_every_action(
    seed: int, which: tuple[str, int, str | None], ask: bool, short: bool, window: bool, prefix: int, choices: list[int]
) -> None:
    game = new(which, seed, ask, short, window)
    depth = game.state.extra.ceasefire if game.variant == "simple" else None
    if depth is not None:
        low, high = (
            game.config.options["ceasefire_window"]
            or CEASEFIRE_WINDOW[(len(game.players), game.options["game_length"])]
        )
        assert low <= depth <= high
    check_state(game)
    bots = {p: rb.bots.Aggressive(seed=seed + i) for i, p in enumerate(game.players)}
    for _ in range(prefix):
        if game.is_over:
            break
        player = game.pending.player
        step(game, bots[player].act(game.view(player)), depth)
    for k in choices:
        if game.is_over:
            break
        legal = game.legal_actions()
        step(game, legal[k % len(legal)], depth)
    # the game saves, loads and replays to the same position (the hidden ceasefire depth included)
    text = game.to_json()
    assert rb.Game.from_json(text).state == game.state
    assert rb.replay(game.record()).to_json() == text
    event(f"{game.variant}: ended in phase {game.phase}")
    if game.is_over:
        event(f"winners: {len(game.winners)}; ceasefire: {game.state.extra.drawn == (depth or -5) + 1}")


@pytest.mark.parametrize("which", GAMES, ids=[f"{v}-{n}p" for v, n, _s in GAMES])
def test_aggressive_bots_finish(which: tuple[str, int, str | None]) -> None:
    for seed in (1, 2):
        game = new(which, seed, ask=seed == 2, short=False, window=False)
        bots = {p: rb.bots.Aggressive(seed=seed * 10 + i) for i, p in enumerate(game.players)}
        winner = game.play(bots, max_turns=800)
        assert winner in game.players and game.is_over and game.winner == winner
        check_state(game)
