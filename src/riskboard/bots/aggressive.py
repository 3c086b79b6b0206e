"""``Aggressive``: reinforce the strongest border, attack while it outnumbers the target.

It reads the view's fast tuples (owner and armies per territory) instead of enumerating legal
actions, so it costs little more than the engine itself: it is the bot of the benchmarks.
"""

from __future__ import annotations

import random
from itertools import combinations

from riskboard.engine.actions import Action, Attack, Defend, EndPhase, Fortify, Occupy, Place, TradeCards
from riskboard.engine.view import PlayerView
from riskboard.rulesets.components.cards import card_symbols, is_set


class Aggressive:
    """Trades sets at once, masses armies on one border territory and attacks whenever the source
    holds more armies than the target; moves everything forward after a conquest."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._symbols: dict[str, str] | None = None

    def __repr__(self) -> str:
        return f"Aggressive(seed={self.seed})"

    def act(self, view: PlayerView) -> Action:
        pending = view.pending
        decision = pending.decision
        gm = view.map
        adjacency = gm.adjacency
        ids = gm.ids
        owner = view.owner_indices
        armies = view.army_counts
        me = view.me
        rng = self._rng

        if decision == "defend":
            tgt = view.battle[2]  # type: ignore[index]
            return Defend(min(2, armies[tgt]))
        if decision == "claim":
            best = None
            best_score = -1.0
            for t, o in enumerate(owner):
                if o == -1:
                    score = sum(1 for n in adjacency[t] if owner[n] == me) + rng.random()
                    if score > best_score:
                        best, best_score = t, score
            return Place(1, ids[best])  # type: ignore[index]
        if decision == "place_neutral":
            n_players = len(view.players)
            options = [t for t, o in enumerate(owner) if o >= n_players]
            return Place(1, ids[rng.choice(options)])
        if decision == "trade":
            return TradeCards(self._a_set(view))  # type: ignore[arg-type]
        if decision == "place":
            if view.phase == "reinforce":
                cards = self._a_set(view) if len(view.hand) >= 3 else None
                if cards:
                    return TradeCards(cards)
            count = view.reinforcements if view.phase != "setup" else pending_count(view)
            return Place(count, ids[self._best_border(owner, armies, adjacency, me)])
        if decision == "attack":
            best = None
            best_margin = 0
            for src, o in enumerate(owner):
                if o == me:
                    a = armies[src]
                    if a > 1:
                        for tgt in adjacency[src]:
                            if owner[tgt] != me:
                                margin = a - armies[tgt]
                                if margin > best_margin:
                                    best, best_margin = (src, tgt), margin
            if best is None:
                return EndPhase()
            src, tgt = best
            return Attack(ids[src], ids[tgt], min(3, armies[src] - 1))
        if decision == "occupy":
            _, src, tgt, least, most = view.battle  # type: ignore[misc]
            tgt_front = any(owner[n] != me for n in adjacency[tgt])
            src_front = any(owner[n] != me for n in adjacency[src])
            return Occupy(most if tgt_front or not src_front else least)
        if decision == "fortify":
            best_move = None
            best_count = 0
            for src, o in enumerate(owner):
                if o == me and armies[src] - 1 > best_count and all(owner[n] == me for n in adjacency[src]):
                    for n in adjacency[src]:
                        if any(owner[m] != me for m in adjacency[n]):
                            best_move, best_count = (src, n), armies[src] - 1
                            break
            if best_move is None:
                return EndPhase()
            return Fortify(ids[best_move[0]], ids[best_move[1]], best_count)
        # anything else: fall back to a random legal action
        return rng.choice(view.legal_actions())

    def _a_set(self, view: PlayerView) -> tuple[str, ...] | None:
        if self._symbols is None:
            self._symbols = card_symbols(view.map)
        symbols = self._symbols
        hand = view.hand
        owner = view.owner_indices
        index = view.map.index
        me = view.me
        best = None
        for combo in combinations(hand, 3):
            if is_set([symbols[c] for c in combo]):
                # put a card of a territory we own first, so its +2 bonus lands there
                ordered = sorted(combo, key=lambda c: 0 if c in index and owner[index[c]] == me else 1)
                if best is None or (ordered[0] in index and owner[index[ordered[0]]] == me):
                    best = tuple(ordered)
        return best

    def _best_border(self, owner: tuple[int, ...], armies: tuple[int, ...], adjacency, me: int) -> int:  # type: ignore[no-untyped-def]
        best = -1
        best_score = -(10**9)
        fallback = -1
        for t, o in enumerate(owner):
            if o == me:
                fallback = t
                weakest = 10**9
                for n in adjacency[t]:
                    if owner[n] != me and armies[n] < weakest:
                        weakest = armies[n]
                if weakest < 10**9:
                    score = armies[t] - weakest
                    if score > best_score:
                        best, best_score = t, score
        return best if best >= 0 else fallback


def pending_count(view: PlayerView) -> int:
    """Armies to place in one go during setup: 1, or up to 2 in the two-player game."""
    detail = view.pending.detail
    return (
        int(detail.split()[0]) if view.pending.phase == "setup" and detail[:1].isdigit() and "of your" in detail else 1
    )
