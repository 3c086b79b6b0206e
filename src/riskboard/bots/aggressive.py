"""``Aggressive``: reinforce the strongest border, attack while it outnumbers the target.

It reads the view's fast tuples (owner and armies per territory) instead of enumerating legal
actions, so it costs little more than the engine itself: it is the bot of the benchmarks.
"""

from __future__ import annotations

import random

from riskboard.bots import bop, leaders, neutral
from riskboard.bots.explain import Why, say
from riskboard.engine.actions import Action, Attack, Blitz, Defend, EndPhase, Fortify, Occupy, Place, TradeCards
from riskboard.engine.view import PlayerView

Adjacency = tuple[tuple[int, ...], ...]
_END = EndPhase()


class Aggressive:
    """Trades sets at once, masses its reinforcements on the border territory facing the weakest
    enemy, and attacks whenever the attacking units (all but the one that stays) outnumber the
    defenders. When defence dice are automatic it fights each battle out with ``blitz`` and decides
    the move-in at once; otherwise it throws again while it still outnumbers the target. After a
    conquest it moves everything forward unless the new territory faces no enemy and the old one
    does. At the end of the turn it brings the largest interior stack to the front."""

    def __init__(self, seed: int | None = None, *, trade_at: int = 0) -> None:
        self.seed = seed
        self.trade_at = trade_at
        """Trade only when the best trade gives at least this many units (a forced trade always):
        0 trades as soon as it can; with star cards a high value waits for bigger trades."""
        self._rng = random.Random(seed)
        self._target: tuple[int, int] | None = None
        # actions are immutable values: each blitz is built once per map and reused
        self._blitzes: dict[tuple[int, int, str], Blitz] = {}
        self._blitz_ids: tuple[str, ...] | None = None
        self._why: Why | None = None

    def __repr__(self) -> str:
        return f"Aggressive(seed={self.seed}" + (f", trade_at={self.trade_at})" if self.trade_at else ")")

    def act(self, view: PlayerView) -> Action:
        action = self._decide(view)
        self._why = ("aggressive", view, view.pending.decision, action)
        return action

    def explain(self) -> str:
        """Why the last decision was made, in one sentence (built only when asked)."""
        return say(self._why, "Aggressive")

    def _decide(self, view: PlayerView) -> Action:
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
            battle = view.battle
            self._target = None
            policy = _move_policy(battle.source, battle.target, owner, adjacency, me)  # type: ignore[union-attr]
            return Occupy(battle.most if policy == "all" else battle.least)  # type: ignore[union-attr]
        if decision == "place":
            if view.phase == "reinforce" and "scrapyard" in view.parts:
                back = leaders.revive(view, _best_border(owner, armies, adjacency, me))
                if back is not None:
                    return back
            if view.phase == "reinforce" and len(view.hand) >= 2:
                trade = _best_trade(view)
                if trade is not None and (not self.trade_at or view.trade_value(trade.cards) >= self.trade_at):
                    return trade
            count = view.armies_to_place
            return Place(count, ids[_best_border(owner, armies, adjacency, me)])
        if decision == "fortify":
            return _fortify(owner, armies, adjacency, ids, me)
        if decision == "defend":
            if view.leader_at(view.battle.target) is not None:  # type: ignore[union-attr]
                return leaders.defend(view)
            return Defend(view.max_defence_dice())
        if decision == "trade":
            return _best_trade(view)  # type: ignore[return-value]
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
            legal = view.legal_actions()  # the rules say where (Balance of Power: one or two territories)
            where = [t for t, o in enumerate(owner) if o >= n_players and Place(1, ids[t]) in legal]
            return Place(1, ids[self._rng.choice(where)])
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
        if decision == "neutral":
            return neutral.support(view)
        if decision == "casualty":
            return leaders.casualty()
        if decision == "continue":
            f = view.extras.fight
            if view.options["ask_defender"]:
                again: Action = Attack(ids[f.origin], ids[f.target], view.max_attack_dice(f.origin, f.target))
            else:
                again = self._blitz(view, f.origin, f.target, owner, adjacency, ids, me)
            return leaders.go_on(view, again)
        if decision == "place_leader":
            return leaders.place_leader(view)
        return self._rng.choice(view.legal_actions())

    def _attack(
        self,
        view: PlayerView,
        owner: tuple[int, ...],
        armies: tuple[int, ...],
        adjacency: Adjacency,
        ids: tuple[str, ...],
        me: int,
    ) -> Action:
        blitz = not view.options["ask_defender"]
        last = self._target
        if last is not None and not blitz:
            src, tgt = last
            # keep throwing at the same target while the source still outnumbers it
            if owner[src] == me and owner[tgt] != me and armies[src] - 1 > armies[tgt]:
                return Attack(ids[src], ids[tgt], view.max_attack_dice(src, tgt))
        best = None
        best_margin = 0
        # where an edition forbids some attacks (Transformers: allies, the origin of a liberation
        # just made), the pairs its legal actions allow
        allowed = leaders.limited_attack_pairs(view)
        for src, o in enumerate(owner):
            if o == me:
                a = armies[src] - 1  # attacking units: one stays behind
                if a > best_margin:
                    for tgt in adjacency[src]:
                        if (
                            owner[tgt] != me
                            and a - armies[tgt] > best_margin
                            and (allowed is None or (src, tgt) in allowed)
                        ):
                            best, best_margin = (src, tgt), a - armies[tgt]
        self._target = best
        if best is None:
            return _END
        src, tgt = best
        plain: Action = (
            self._blitz(view, src, tgt, owner, adjacency, ids, me)
            if blitz
            else Attack(ids[src], ids[tgt], view.max_attack_dice(src, tgt))
        )
        return plain if view.leader_at(src) is None else leaders.attack(view, src, tgt, plain)

    def _blitz(
        self,
        view: PlayerView,
        src: int,
        tgt: int,
        owner: tuple[int, ...],
        adjacency: Adjacency,
        ids: tuple[str, ...],
        me: int,
    ) -> Blitz:
        """The blitz on ``tgt`` from ``src`` with the move-in policy; each built once per map."""
        if ids is not self._blitz_ids:
            self._blitzes, self._blitz_ids = {}, ids
        key = (src, tgt, _move_policy(src, tgt, owner, adjacency, me))
        action = self._blitzes.get(key)
        if action is None:
            action = self._blitzes[key] = Blitz(ids[src], ids[tgt], key[2])
        return action


def _best_trade(view: PlayerView) -> TradeCards | None:
    """The trade worth the most units, with the fewest cards. Where traded cards can put a bonus
    on their territory, the last such trade that holds a card of one of our territories, that card
    first (the first such card takes the bonus); otherwise the first."""
    trades = view.trades()
    if len(trades) < 2:
        return _ordered(view, trades[0].cards) if trades else None
    value = {t: view.trade_value(t.cards) for t in trades}
    best_value = max(value.values())
    fewest = min(len(t.cards) for t in trades if value[t] == best_value)
    candidates = [t.cards for t in trades if value[t] == best_value and len(t.cards) == fewest]
    if len(candidates) == 1 or not view.rules.territory_bonus:
        return _ordered(view, candidates[0])
    index = view.map.index
    owner = view.owner_indices
    me = view.me
    best = candidates[0]
    for cards in candidates:
        if any(c in index and owner[index[c]] == me for c in cards):
            best = cards
    return _ordered(view, best)


def _ordered(view: PlayerView, cards: tuple[str, ...]) -> TradeCards:
    """The cards with those of our own territories first, where traded cards give a territory bonus."""
    if not view.rules.territory_bonus:
        return TradeCards(cards)
    index = view.map.index
    owner = view.owner_indices
    me = view.me
    return TradeCards(tuple(sorted(cards, key=lambda c: 0 if c in index and owner[index[c]] == me else 1)))


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


def _fortify(
    owner: tuple[int, ...], armies: tuple[int, ...], adjacency: Adjacency, ids: tuple[str, ...], me: int
) -> Action:
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
