"""``Planner``: a bot that values regions, borders and goals, and attacks by the exact odds.

Every decision reads the position once (``reading.Reading``) and scores its options in armies'
worth: an attack is worth P(conquest) × what the territory adds (a region completed or broken, a
card, a player knocked out, a step toward a mission) plus the enemy armies it is expected to
destroy, less the armies it is expected to cost, with P and the losses read from the exact odds
table of the battle's own rules. A rival's army destroyed counts as much as one of ours shared
among the rivals still in the game (against one rival, fully: what it loses cannot attack us),
a neutral army's far less. Reinforcements go where they raise the best attack the most or make a
threatened territory of a held region safest; against one rival the setup gathers every starting
army into one stack at the front and puts the neutral army's units beside the rival's biggest
stack. After a conquest the armies move on unless only the old territory still faces an enemy;
the end-of-turn move brings interior armies to the most threatened border. What the editions add
(Balance of Power's purchases and capitals, the 2010 neutral support, Transformers' leaders) is
decided by the helpers the built-in bots share.

Measured in two-player classic against ``Aggressive`` (400 seeded games): these rules won 71 %,
the earlier ones (a spread setup, the neutral's units spread thin, a rival's army worth half of
ours, the move-in split by threats) 41 %.
"""

from __future__ import annotations

import heapq
import random
from typing import NamedTuple

from riskboard.bots import bop, leaders, neutral, odds
from riskboard.bots.aggressive import _best_trade
from riskboard.bots.evaluate import evaluate
from riskboard.bots.explain import Reason, Why, say
from riskboard.bots.reading import CARD, TERRITORY, Reading
from riskboard.engine.actions import Action, Attack, Blitz, Defend, EndPhase, Fortify, Occupy, Place
from riskboard.engine.view import PlayerView
from riskboard.i18n import N_, Nn_
from riskboard.rulesets.actions import LeaderAttack, Stop

LOSS = 1.5
"""An army of ours lost (more than the army itself: it also guarded a territory and would have
attacked again)."""
NEUTRAL_KILL = 0.5
"""A neutral army destroyed: it only stood in the way. A rival's army destroyed is worth ``LOSS``
shared among the rivals still in the game (against one rival, exactly what our own is worth: it
would have attacked us; against three, the other two gain as much from its loss as we do)."""
_END = EndPhase()
MOST_SEATS = 16
"""Players whose conquest gains the Planner keeps at once (a game has at most six)."""


class Scored(NamedTuple):
    """One option with its value in armies' worth and the facts that explain it."""

    score: float
    action: Action
    why: Why


class Planner:
    """Values regions, borders and goals and attacks when the exact odds and the gain justify it.

    ``caution`` scales what a lost army costs (higher: fewer, safer attacks); ``seed`` fixes the
    few choices left to chance (free setups) and the order of ties."""

    def __init__(self, seed: int | None = None, *, caution: float = 1.0) -> None:
        if not isinstance(caution, (int, float)) or caution <= 0:
            raise ValueError(f"caution must be a positive number (1.0 is the default), got {caution!r}")
        self.seed = seed
        self.caution = float(caution)
        self._rng = random.Random(seed)
        self._why: Why | None = None
        self._worth: dict[int, tuple[tuple[object, ...], dict[int, float]]] = {}
        """Per player placing (a setup's placements go round the table): the conquest gains kept
        from one placement to the next while the holdings stay the same (``_shared_worth``)."""

    def __repr__(self) -> str:
        return f"Planner(seed={self.seed}" + (f", caution={self.caution})" if self.caution != 1.0 else ")")

    # -- the protocol ----------------------------------------------------------------------------
    def act(self, view: PlayerView) -> Action:
        decision = view.pending.decision
        if decision in ("attack", "place", "fortify"):
            options = self.candidates(view, 1)
            if options:
                best = options[0]
                self._why = best.why
                return best.action
        action, why = self._other(view, decision)
        self._why = why
        return action

    def explain(self) -> str:
        """Why the last decision was made, in one sentence."""
        return say(self._why, "Planner")

    def evaluate(self, view: PlayerView) -> float:
        """How good the position is for ``view.player``, from 0 (lost) to 1 (won)."""
        return evaluate(view)

    # -- the decisions it plans ------------------------------------------------------------------
    def candidates(self, view: PlayerView, k: int = 4) -> list[Scored]:
        """The ``k`` best options for an ``attack``, ``place`` or ``fortify`` decision, best first;
        ending the step is always among them where it is allowed (a search bot tries them)."""
        decision = view.pending.decision
        if decision == "attack":
            return self._attack_options(view, k)
        if decision == "place":
            return self._place_options(view, k)
        if decision == "fortify":
            return self._fortify_options(view, k)
        return []

    def _attack_options(self, view: PlayerView, k: int) -> list[Scored]:
        r = Reading(view)
        me, owner, armies, adjacency = r.me, r.owner, r.armies, r.adjacency
        allowed = leaders.limited_attack_pairs(view)
        card = 0.0 if view.conquered else CARD
        ask = bool(view.options.get("ask_defender", False))
        loss = LOSS * self.caution
        kill = _kill_worth(r)
        rules = view.rules
        per_target = _rules_per_target(view)
        leaders_here = "leaders" in view.parts
        options: list[tuple[float, int, int, Action | None, bool]] = []
        """(score, source, target, the action or None, whether it should cost the defender more):
        without leaders the action and the reason are made only for the few options kept (with
        leaders, the action says whether our leader fights)."""
        for src, o in enumerate(owner):
            if o != me or armies[src] < 2:
                continue
            a = armies[src] - 1
            for tgt in adjacency[src]:
                if owner[tgt] == me or (allowed is not None and (src, tgt) not in allowed):
                    continue
                d = armies[tgt]
                battle_rules = view.battle_rules(src, tgt) if per_target else rules
                p, lost_a, lost_d = odds.battle(a, d, battle_rules)
                action: Action | None = None
                if leaders_here:
                    # the leaders that fight in this very action: ours only when the action commits it
                    action = self._attack_action(view, src, tgt, ask, r)
                    ours, theirs = isinstance(action, LeaderAttack), view.leader_at(tgt) is not None
                    if ours or theirs:
                        p = odds.leader_p_win(a, d, battle_rules, ours, theirs)
                gain = r.gain(tgt)
                rival = owner[tgt] < r.players
                value = p * (gain + card) + kill[rival] * lost_d - loss * lost_a
                if not rival:  # a neutral army strikes back at no one
                    value += 0.1
                options.append((value, src, tgt, action, lost_d > lost_a))
        # the best few, as the first of a stable sort by value would give them; their reasons only
        kept = heapq.nsmallest(max(k - 1, 1), [s for s in options if s[0] > 0], key=lambda s: -s[0])
        good = []
        for value, src, tgt, made, costlier in kept:
            reason = r.conquest_gain(tgt)[1]
            if not reason and costlier and owner[tgt] < r.players:
                # the figures are the exact ones of the battle, said when asked (explain._attack)
                reason = (
                    N_("it should cost {owner} more armies than me ({theirs} against {mine})"),
                    {"owner": view.owners[owner[tgt]], "losses": True},
                )
            action = made if made is not None else self._attack_action(view, src, tgt, ask, r)
            good.append(Scored(value, action, ("attack", view, action, reason)))
        end_score = 0.0 if good else 1.0
        return (
            [*good, Scored(end_score, _END, ("end_attack", view, len(options)))][: max(k, 1)]
            if good
            else [Scored(end_score, _END, ("end_attack", view, len(options)))]
        )

    def _attack_action(self, view: PlayerView, src: int, tgt: int, ask: bool, r: Reading) -> Action:
        ids = view.map.ids
        if ask:
            plain: Action = Attack(ids[src], ids[tgt], view.max_attack_dice(src, tgt))
        else:
            plain = Blitz(ids[src], ids[tgt], "all" if self._forward_share(r, src, tgt) > 0 else "min")
        return plain if view.leader_at(src) is None else leaders.attack(view, src, tgt, plain)

    def _forward_share(self, r: Reading, src: int, tgt: int) -> float:
        """The share of the armies that should stand in ``tgt`` after taking it: by the threat each
        territory will face (the new front counts half again: attacks go on from there)."""
        owner, armies, me = r.owner, r.armies, r.me
        front = sum(armies[n] for n in r.adjacency[tgt] if n != src and owner[n] != me)
        back = sum(armies[n] for n in r.adjacency[src] if n != tgt and owner[n] != me)
        if front == 0:
            return 0.0 if back else 1.0
        if back == 0:
            return 1.0
        return 1.5 * front / (1.5 * front + back)

    def _place_options(self, view: PlayerView, k: int) -> list[Scored]:
        if view.phase == "reinforce":
            if "scrapyard" in view.parts:
                r0 = Reading(view)
                back = leaders.revive(view, self._best_border(r0))
                if back is not None:
                    return [Scored(1.0, back, ("revive", view, back))]
            if len(view.hand) >= 2:
                trade = _best_trade(view)
                if trade is not None:
                    return [Scored(1.0, trade, ("trade", view, trade, view.trade_value(trade.cards)))]
        count = view.armies_to_place
        r = Reading(view)
        self._shared_worth(view, r)
        ids = view.map.ids
        options: list[tuple[float, int, Reason]] = []
        stack = view.phase == "setup" and _rivals(r) == 1
        for t, o in enumerate(r.owner):
            if o != r.me:
                continue
            score, reason = self._staging(r, t) if stack else self._placement(view, r, t, count)
            options.append((score, t, reason))
        options.sort(key=lambda s: -s[0])
        return [
            Scored(score, Place(count, ids[t]), ("place", view, t, count, reason))
            for score, t, reason in options[: max(k, 1)]
        ]

    def _shared_worth(self, view: PlayerView, r: Reading) -> None:
        """Give ``r`` the conquest gains of the last placement if all they read is the same: the
        map, the player, every territory's owner and every hand's size, with no goals (a goal may
        move with what the owners do not show)."""
        if r.goals:
            return
        key = (view.map, r.owner, tuple(view.card_count(p) for p in view.players))
        kept = self._worth.get(r.me)
        if kept is None or kept[0][0] is not key[0] or kept[0][1:] != key[1:]:
            if kept is None and len(self._worth) >= MOST_SEATS:
                self._worth.clear()
            kept = self._worth[r.me] = (key, {})
        r.share_worth(kept[1])

    def _staging(self, r: Reading, t: int) -> tuple[float, Reason]:
        """Setup against one rival: every starting army on one stack (the biggest so far), facing the
        rival's biggest stack and a weak neighbour. Spread armies only guard territories one at a
        time, while a stack takes a path of them on the first turn and keeps the rival's stack off
        its neighbours (measured: 53 % of two-player games against Aggressive spread, 64 % stacked)."""
        owner, armies, me, players = r.owner, r.armies, r.me, r.players
        weakest, rival_stack = 0, 0
        for n in r.adjacency[t]:
            if owner[n] != me:
                weakest = armies[n] if not weakest else min(weakest, armies[n])
                if 0 <= owner[n] < players:
                    rival_stack = max(rival_stack, armies[n])
        if not weakest:
            return -1.0 + 0.001 * armies[t], N_("it is the least bad place")
        return 10.0 * armies[t] + rival_stack - weakest, N_("it gathers my starting armies into one stack at the front")

    def _placement(self, view: PlayerView, r: Reading, t: int, count: int) -> tuple[float, Reason]:
        """What ``count`` more armies on ``t`` are worth: the best attack from it gets likelier,
        and a threatened territory gets safer (worth more in a held region)."""
        owner, armies, me = r.owner, r.armies, r.me
        rules = view.rules
        best_before = best_after = 0.0
        target = -1
        p_win, gain_of = odds.p_win, r.gain
        here = armies[t] - 1
        for n in r.adjacency[t]:
            if owner[n] == me:
                continue
            gain = gain_of(n)
            before = p_win(here, armies[n], rules) * gain
            after = p_win(here + count, armies[n], rules) * gain
            if before > best_before:
                best_before = before
            if after > best_after:
                best_after, target = after, n
        attack = best_after - best_before
        threat = r.threat(t)
        defence = 0.0
        if threat:
            worth = TERRITORY + r.region_worth(t)
            danger_now = odds.p_win(threat, armies[t], rules)
            danger_then = odds.p_win(threat, armies[t] + count, rules)
            defence = (danger_now - danger_then) * worth
        if target < 0 and not threat:
            return -1.0 + 0.001 * armies[t], N_("it is the least bad place")
        if defence > attack:
            return defence, (
                Nn_("it is threatened by {n} attacking army", "it is threatened by {n} attacking armies"),
                {"n": threat},
            )
        if target >= 0:
            return attack, (N_("it readies an attack on {territory}"), {"territory": view.map.ids[target]})
        return attack, N_("it borders the enemy")

    def _best_border(self, r: Reading) -> int:
        best, best_score = -1, -1e9
        for t, o in enumerate(r.owner):
            if o == r.me:
                score = r.threat(t) + (1000 if r.is_border(t) else 0) + 0.001 * r.armies[t]
                if score > best_score:
                    best, best_score = t, score
        return best

    def _fortify_options(self, view: PlayerView, k: int) -> list[Scored]:
        r = Reading(view)
        owner, armies, me = r.owner, r.armies, r.me
        ids = view.map.ids
        options: list[Scored] = []
        for src, o in enumerate(owner):
            if o != me or armies[src] < 2 or r.is_border(src):
                continue
            surplus = armies[src] - 1
            for tgt in view.destinations(src):  # none where the edition has no end-of-turn move
                if not r.is_border(tgt):
                    continue
                need = r.threat(tgt) - armies[tgt] + 2
                worth = TERRITORY + r.region_worth(tgt)
                score = surplus * 0.2 + max(need, 0) * 0.1 * worth + 0.01 * r.threat(tgt)
                why = ("fortify", view, src, tgt, surplus, r.threat(tgt))
                options.append(Scored(score, Fortify(ids[src], ids[tgt], surplus), why))
        options.sort(key=lambda s: -s.score)
        out = options[: max(k - 1, 1)]
        legal_now = view.legal_actions()
        if out and out[0].action in legal_now:
            return [*out, Scored(0.0, _END, ("end_fortify", view))]
        legal = [s for s in out if s.action in legal_now]
        return [*legal, Scored(0.0, _END, ("end_fortify", view))]

    # -- everything else -------------------------------------------------------------------------
    def _other(self, view: PlayerView, decision: str) -> tuple[Action, Why]:
        if decision == "occupy":
            battle = view.battle
            r = Reading(view, goals=())
            share = self._forward_share(r, battle.source, battle.target)  # type: ignore[union-attr]
            least, most = battle.least, battle.most  # type: ignore[union-attr]
            count = least + round((most - least) * share)
            return Occupy(count), ("occupy", view, count, battle.target)  # type: ignore[union-attr]
        if decision == "defend":
            battle = view.battle
            if battle is not None and view.leader_at(battle.target) is not None:
                action = leaders.defend(view)
            else:
                action = Defend(view.max_defence_dice())
            return action, ("defend", view, action)
        if decision == "trade":
            trade = _best_trade(view)
            if trade is not None:
                return trade, ("trade", view, trade, view.trade_value(trade.cards))
        if decision == "claim":
            t = self._claim(view)
            return Place(1, view.map.ids[t]), ("claim", view, t)
        if decision == "place_neutral":
            action = self._neutral_place(view)
            return action, ("place_neutral", view, action)
        r = Reading(view, goals=())
        if decision == "buy":
            action = bop.buy(view, self._best_border(r))
        elif decision == "collect":
            action = bop.collect(view)
        elif decision == "setup_place":
            action = bop.setup_place(view, self._rng)
        elif decision == "capital":
            action = bop.capital(view)
        elif decision == "choose":
            action = bop.choose()
        elif decision == "neutral":
            action = neutral.support(view)
        elif decision == "casualty":
            action = leaders.casualty()
        elif decision == "continue":
            action = self._continue(view, r)
        elif decision == "place_leader":
            action = leaders.place_leader(view)
        else:
            legal = view.legal_actions()
            action = legal[0] if len(legal) else _END
        return action, ("helper", view, decision, action)

    def _continue(self, view: PlayerView, r: Reading) -> Action:
        """Transformers, between throws: go on while the odds of taking the zone still pay."""
        f = view.extras.fight
        ids = view.map.ids
        p, lost_a, lost_d = odds.battle(r.armies[f.origin] - 1, r.armies[f.target], view.rules)
        gain = r.conquest_gain(f.target)[0]
        kill = _kill_worth(r)[r.owner[f.target] < r.players]
        if p * gain + kill * lost_d - LOSS * self.caution * lost_a <= 0:
            return Stop()
        if view.options["ask_defender"]:
            again: Action = Attack(ids[f.origin], ids[f.target], view.max_attack_dice(f.origin, f.target))
        else:
            again = Blitz(ids[f.origin], ids[f.target], "all")
        return leaders.attack(view, f.origin, f.target, again)

    def _claim(self, view: PlayerView) -> int:
        """An empty territory in the region where this player's share is best and its rivals' worst;
        small regions first (they are held soonest), next to our own where it can be."""
        r = Reading(view, goals=())
        owner, me = r.owner, r.me
        best, best_score = -1, -1e9
        for t, o in enumerate(owner):
            if o != -1:
                continue
            reg = r.region[t]
            size = len(r.members[reg])
            held = r.held[reg]
            rival = max((n for w, n in held.items() if w not in (me, -1)), default=0)
            score = (held.get(me, 0) + 1 - 1.2 * rival) / size + 0.4 * r.bonus[reg] / size
            score += 0.05 * sum(1 for n in r.adjacency[t] if owner[n] == me) + 0.001 * self._rng.random()
            if score > best_score:
                best, best_score = t, score
        return best

    def _neutral_place(self, view: PlayerView) -> Action:
        """A neutral army's units where they stand in the way of the rivals' biggest stacks and
        away from this player's own (measured: 64 % of two-player games against Aggressive with the
        units spread thin, 71 % placed this way)."""
        legal = view.legal_actions()
        places = [a for a in _singles(legal) if isinstance(a, Place)]
        if not places:
            return legal[0]
        r = Reading(view, goals=())
        index = view.map.index
        owner, armies, adjacency, me, players = r.owner, r.armies, r.adjacency, r.me, r.players

        def score(a: Place) -> float:
            t = index[a.territory]
            rival = mine = 0
            for n in adjacency[t]:
                o = owner[n]
                if o == me:
                    mine = max(mine, armies[n])
                elif 0 <= o < players:
                    rival = max(rival, armies[n])
            return rival - 0.5 * mine + 0.01 * armies[t] - 0.001 * a.count

        return max(places, key=score)


def _rivals(r: Reading) -> int:
    """Other players still in the game (at least 1)."""
    alive = sum(1 for p in range(r.players) if p != r.me and r.territories.get(p, 0))
    return max(alive, 1)


def _kill_worth(r: Reading) -> tuple[float, float]:
    """What one army destroyed is worth: ``[0]`` a neutral army's, ``[1]`` a rival's (see ``LOSS``)."""
    return NEUTRAL_KILL, LOSS / _rivals(r)


def _rules_per_target(view: PlayerView) -> bool:
    """Whether battles' dice differ by territory (the part ``battle_modifiers``: Balance of Power's
    terrain, airfields, recon)."""
    return "battle_modifiers" in view.parts


def _singles(legal: object) -> list[Action]:
    """One action per part of a legal-action list: each single action, and the first and last of
    each count range (enough to see which moves exist without building every count)."""
    parts = getattr(legal, "parts", None)
    if parts is None:
        return list(legal)  # type: ignore[call-overload]
    out: list[Action] = []
    for p in parts:
        if isinstance(p, Action):
            out.append(p)
        else:
            out.append(p.first)
            out.append(p.last)
    return out
