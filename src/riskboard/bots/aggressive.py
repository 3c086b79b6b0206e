"""``Aggressive``: reinforce the strongest border, attack while it outnumbers the target.

It reads the view's fast tuples (owner and armies per territory) instead of enumerating legal
actions, so it costs little more than the engine itself: it is the bot of the benchmarks.
"""

from __future__ import annotations

import random

from riskboard.bots import bop
from riskboard.engine.actions import Action, Attack, Blitz, Defend, EndPhase, Fortify, Occupy, Place, TradeCards
from riskboard.engine.view import PlayerView
from riskboard.rulesets.components.cards import card_symbols, sets_in_hand

Adjacency = tuple[tuple[int, ...], ...]
_END = EndPhase()


class Aggressive:
    """Trades sets at once, masses its reinforcements on the border territory facing the weakest
    enemy, and attacks whenever the attacking units (all but the one that stays) outnumber the
    defenders. When defence dice are automatic it fights each battle out with ``blitz`` and decides
    the move-in at once; otherwise it throws again while it still outnumbers the target. After a
    conquest it moves everything forward unless the new territory faces no enemy and the old one
    does. At the end of the turn it brings the largest interior stack to the front."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._symbols: dict[str, str] | None = None
        self._target: tuple[int, int] | None = None
        self._star_cards: bool | None = None
        # actions are immutable values: each blitz is built once per map and reused
        self._blitzes: dict[tuple[int, int, str], Blitz] = {}
        self._blitz_ids: tuple[str, ...] | None = None

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

        if decision == "attack":
            return self._attack(view, owner, armies, adjacency, ids, me)
        if decision == "occupy":
            _, src, tgt, least, most = view.battle  # type: ignore[misc]
            self._target = None
            return Occupy(most if _move_policy(src, tgt, owner, adjacency, me) == "all" else least)
        if decision == "place":
            if view.phase == "reinforce" and len(view.hand) >= 2:
                if self._stars(view):
                    trade = bop.star_trade(view.hand)
                    if trade is not None:
                        return trade
                elif len(view.hand) >= 3:
                    cards = self._a_set(view)
                    if cards:
                        return TradeCards(cards)
            count = view.armies_to_place
            return Place(count, ids[_best_border(owner, armies, adjacency, me)])
        if decision == "fortify":
            return _fortify(owner, armies, adjacency, ids, me)
        if decision == "defend":
            return Defend(min(2, armies[view.battle[2]]))  # type: ignore[index]
        if decision == "trade":
            return TradeCards(self._a_set(view))  # type: ignore[arg-type]
        if decision == "claim":
            rng = self._rng
            best, best_score = -1, -1.0
            for t, o in enumerate(owner):
                if o == -1:
                    score = sum(1 for n in adjacency[t] if owner[n] == me) + rng.random()
                    if score > best_score:
                        best, best_score = t, score
            return Place(1, ids[best])
        if decision == "place_neutral":
            n_players = len(view.players)
            return Place(1, ids[self._rng.choice([t for t, o in enumerate(owner) if o >= n_players])])
        if decision == "buy":
            return bop.buy(view, _best_border(owner, armies, adjacency, me))
        if decision == "collect":
            return bop.collect(view)
        if decision == "setup_place":
            return bop.setup_place(view, self._rng)
        if decision == "capital":
            return bop.capital(view)
        if decision == "choose":
            return bop.choose()
        return self._rng.choice(view.legal_actions())

    def _stars(self, view: PlayerView) -> bool:
        """Balance of Power trades cards by stars rather than in sets of three."""
        if self._star_cards is None:
            self._star_cards = view.ruleset == "balance_of_power"
        return self._star_cards

    def _attack(self, view: PlayerView, owner, armies, adjacency: Adjacency, ids, me: int) -> Action:  # type: ignore[no-untyped-def]
        blitz = not view.options["ask_defender"]
        last = self._target
        if last is not None and not blitz:
            src, tgt = last
            # keep throwing at the same target while the source still outnumbers it
            if owner[src] == me and owner[tgt] != me and armies[src] - 1 > armies[tgt]:
                return Attack(ids[src], ids[tgt], view.max_attack_dice(src, tgt))
        best = None
        best_margin = 0
        for src, o in enumerate(owner):
            if o == me:
                a = armies[src] - 1  # attacking units: one stays behind
                if a > best_margin:
                    for tgt in adjacency[src]:
                        if owner[tgt] != me and a - armies[tgt] > best_margin:
                            best, best_margin = (src, tgt), a - armies[tgt]
        self._target = best
        if best is None:
            return _END
        src, tgt = best
        if blitz:
            if ids is not self._blitz_ids:
                self._blitzes, self._blitz_ids = {}, ids
            key = (src, tgt, _move_policy(src, tgt, owner, adjacency, me))
            action = self._blitzes.get(key)
            if action is None:
                action = self._blitzes[key] = Blitz(ids[src], ids[tgt], key[2])
            return action
        return Attack(ids[src], ids[tgt], view.max_attack_dice(src, tgt))

    def _a_set(self, view: PlayerView) -> tuple[str, ...] | None:
        if self._symbols is None:
            self._symbols = card_symbols(view.map)
        symbols = self._symbols
        owner = view.owner_indices
        index = view.map.index
        me = view.me
        best = None
        for combo in sets_in_hand(view.hand, symbols):
            # a card of a territory we own goes first, so its +2 bonus lands there
            ordered = sorted(combo, key=lambda c: 0 if c in index and owner[index[c]] == me else 1)
            if best is None or (ordered[0] in index and owner[index[ordered[0]]] == me):
                best = tuple(ordered)
        return best


def _move_policy(src: int, tgt: int, owner: tuple[int, ...], adjacency: Adjacency, me: int) -> str:
    """``"all"`` forward, unless the conquered territory faces no other enemy while the source does."""
    for n in adjacency[tgt]:
        if n != src and owner[n] != me:
            return "all"
    for n in adjacency[src]:
        if n != tgt and owner[n] != me:
            return "min"
    return "all"


def _best_border(owner: tuple[int, ...], armies: tuple[int, ...], adjacency: Adjacency, me: int) -> int:
    """The own territory with the biggest edge over its weakest enemy neighbour."""
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
            if weakest < 10**9 and armies[t] - weakest > best_score:
                best, best_score = t, armies[t] - weakest
    return best if best >= 0 else fallback


def _fortify(owner: tuple[int, ...], armies: tuple[int, ...], adjacency: Adjacency, ids, me: int) -> Action:  # type: ignore[no-untyped-def]
    """Move the largest interior stack to a neighbouring front territory, if any."""
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
