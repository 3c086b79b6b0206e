"""How the Planner reads a position: regions, borders, goals, and what a territory is worth.

Values are in armies' worth, so an attack's expected gain and its expected losses compare
directly: a territory is worth a little more than an army (it adds to the income), a region
about twice its bonus while it is held, an opponent's region broken about one and a half times
its bonus, the first conquest of a turn a card, and a goal that wins the game far more than any
of these. Goals are what an edition adds to world conquest: a classic secret mission, the 2010
edition's count of territories that wins, Balance of Power's face-up missions and capitals.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from riskboard.bots import bop
from riskboard.bots.explain import Reason
from riskboard.engine.ruleset import MissionGoal
from riskboard.engine.view import PlayerView
from riskboard.i18n import N_
from riskboard.maps import GameMap

TERRITORY = 1.3
"""A territory's worth in armies (its share of the income, and one step toward any goal)."""
HOLD_REGION = 2.0
"""A region completed: this many times its bonus."""
BREAK_REGION = 1.5
"""An opponent's region broken: this many times its bonus."""
CARD = 2.5
"""The card the first conquest of a turn earns."""
ELIMINATION = 4.0
"""Knocking a player out (their cards besides)."""
WIN = 100.0
"""A conquest that completes a goal which wins the game."""


@dataclass(frozen=True)
class Goal:
    """Hold ``need`` of ``members`` (``None``: any territories), or, with ``rival`` set, take every
    territory of that player. ``wins`` says whether reaching it wins the game (else it is worth
    ``worth``)."""

    name: str
    members: frozenset[int] | None
    need: int
    wins: bool = True
    worth: float = WIN
    rival: int | None = None


@lru_cache(maxsize=16)
def region_of(gm: GameMap) -> tuple[int, ...]:
    """Each territory's region index."""
    out = [0] * len(gm)
    for r, members in enumerate(gm.region_members):
        for t in members:
            out[t] = r
    return tuple(out)


HOLDINGS_KEPT = 4096
"""Owner tuples whose counts ``holdings`` keeps at most before it starts again."""
_holdings: dict[tuple[object, ...], tuple[list[dict[int, int]], dict[int, int]]] = {}


def holdings(
    region: tuple[int, ...], owner: tuple[int, ...], regions: int
) -> tuple[list[dict[int, int]], dict[int, int]]:
    """Per region the territories each owner holds there, and each owner's territories in all.
    Counted once per owner tuple: a turn's placements, failed attacks and moves keep the owners,
    and a search bot reads the same owners in many playouts."""
    key = (regions, region, owner)
    known = _holdings.get(key)
    if known is None:
        counts: list[dict[int, int]] = [{} for _ in range(regions)]
        for (r, o), count in Counter(zip(region, owner)).items():  # counted in C
            counts[r][o] = count
        if len(_holdings) >= HOLDINGS_KEPT:
            _holdings.clear()
        known = _holdings[key] = (counts, dict(Counter(owner)))
    return known


class Reading:
    """One position as the Planner sees it, read once per decision."""

    __slots__ = (
        "_gains",
        "_worth",
        "adjacency",
        "armies",
        "bonus",
        "goals",
        "held",
        "me",
        "members",
        "owner",
        "players",
        "region",
        "territories",
        "view",
    )

    def __init__(self, view: PlayerView, goals: Sequence[Goal] | None = None) -> None:
        gm = view.map
        self.view = view
        self.me = view.me
        self.owner = view.owner_indices
        self.armies = view.army_counts
        self.adjacency = gm.adjacency
        self.players = len(view.players)
        self.region = region_of(gm)
        self.members = gm.region_members
        self.bonus = gm.region_bonus
        self.held, self.territories = holdings(self.region, self.owner, len(self.members))
        """Per region: territories held by each owner; and territories held by each owner (both
        shared by every Reading of the same owners: read them, never change them)."""
        self.goals = list(goals) if goals is not None else read_goals(view)
        self._gains: dict[int, tuple[float, Reason]] = {}
        """``conquest_gain`` by territory: a decision asks for each target many times."""
        self._worth: dict[int, float] = {}
        """``gain`` by territory; the Planner may hand in one table for positions whose holdings,
        hands and goals are the same (``share_worth``)."""

    # -- borders ---------------------------------------------------------------------------------
    def threat(self, t: int) -> int:
        """The biggest stack of another player next to ``t`` (the attackers it could send: all but one)."""
        owner, armies, me, players = self.owner, self.armies, self.me, self.players
        most = 0
        for n in self.adjacency[t]:
            o = owner[n]
            if o != me and 0 <= o < players and armies[n] - 1 > most:
                most = armies[n] - 1
        return most

    def is_border(self, t: int) -> bool:
        owner, me = self.owner, self.me
        return any(owner[n] != me for n in self.adjacency[t])

    # -- worth -----------------------------------------------------------------------------------
    def region_worth(self, t: int) -> float:
        """What holding ``t`` does for this player's region: its whole bonus if the region is ours."""
        r = self.region[t]
        size = len(self.members[r])
        mine = self.held[r].get(self.me, 0)
        return HOLD_REGION * self.bonus[r] if mine == size else self.bonus[r] * mine / size

    def conquest_gain(self, t: int) -> tuple[float, Reason]:
        """What taking ``t`` is worth to this player, and the main reason (words for ``explain``).
        Read once per territory: the position does not change while a decision is read."""
        known = self._gains.get(t)
        if known is None:
            known = self._gains[t] = self._conquest_gain(t)
        return known

    def gain(self, t: int) -> float:
        """What taking ``t`` is worth (``conquest_gain`` without the reason)."""
        worth = self._worth
        known = worth.get(t)
        if known is None:
            known = worth[t] = self.conquest_gain(t)[0]
        return known

    def share_worth(self, table: dict[int, float]) -> None:
        """Read ``gain`` from ``table`` (and add to it): the caller vouches that ``table`` was filled
        for the same map, player, owners, hand sizes and no goals, all that ``gain`` reads."""
        self._worth = table

    def _conquest_gain(self, t: int) -> tuple[float, Reason]:
        owner, me = self.owner, self.me
        o = owner[t]
        r = self.region[t]
        size = len(self.members[r])
        gain = TERRITORY
        why: Reason = ""
        mine = self.held[r].get(me, 0)
        bonus = self.bonus[r]
        if bonus:
            if mine + 1 == size:
                gain += HOLD_REGION * bonus
                why = (N_("it completes {region}"), {"region": self.view.map.regions[r].name})
            else:
                gain += 0.5 * bonus * (mine + 1) / size
            if o != me and self.held[r].get(o, 0) == size and 0 <= o < self.players:
                gain += BREAK_REGION * bonus
                why = why or (
                    N_("it breaks {owner}'s hold on {region}"),
                    {"owner": self.view.owners[o], "region": self.view.map.regions[r].name},
                )
        if 0 <= o < self.players and self.territories.get(o, 0) == 1:
            gain += ELIMINATION + CARD * self.view.card_count(self.view.players[o])
            why = (N_("it knocks {owner} out"), {"owner": self.view.owners[o]})
        for goal in self.goals:
            more, done = self._goal_step(goal, t)
            if more:
                gain += more
                if done and goal.wins:
                    why = (N_("it completes my goal ({goal}) and wins"), {"goal": goal.name})
                elif not why:
                    why = (N_("it counts toward {goal}"), {"goal": goal.name})
        return gain, why

    def goal_have(self, goal: Goal) -> int:
        owner, me = self.owner, self.me
        if goal.rival is not None:
            return -self.territories.get(goal.rival, 0)
        if goal.members is None:
            return self.territories.get(me, 0)
        return sum(1 for t in goal.members if owner[t] == me)

    def _goal_step(self, goal: Goal, t: int) -> tuple[float, bool]:
        """What one more territory ``t`` adds toward ``goal``, and whether it reaches it."""
        if goal.rival is not None:
            if self.owner[t] != goal.rival:
                return 0.0, False
            left = self.territories.get(goal.rival, 0)
            return (goal.worth, True) if left == 1 else (goal.worth * 0.2 / max(left, 1), False)
        if goal.members is not None and t not in goal.members:
            return 0.0, False
        have = self.goal_have(goal)
        need = max(goal.need, 1)
        if have >= need:
            return 0.0, False
        if have + 1 >= need:
            return goal.worth, True
        return goal.worth * 0.25 * ((have + 1) ** 2 - have**2) / need**2, False

    def goal_progress(self) -> float:
        """How far along this player's goals are, 0 to 1 (the best of them)."""
        best = 0.0
        for goal in self.goals:
            if goal.rival is not None:
                left = self.territories.get(goal.rival, 0)
                best = max(best, 1.0 if left == 0 else 1.0 / (1 + left))
                continue
            need = max(goal.need, 1)
            best = max(best, min(self.goal_have(goal), need) / need)
        return best


def read_goals(view: PlayerView) -> list[Goal]:
    """The goals this player's edition and variant give it, by the parts it has (a secret mission,
    the territories that win, face-up missions), each read from what the ruleset says."""
    goals: list[Goal] = []
    parts = view.parts
    if "secret_missions" in parts:
        goal = view.mission_goal
        if goal is not None:
            goals.extend(_secret_mission(view, goal))
    if "win_progress" in parts:
        need = view.extras.territories_to_win
        if need > 0:
            goals.append(Goal(f"holding {need} territories", None, need))
    if "missions" in parts:
        goals.extend(_bop_goals(view, view.extras))
    return goals


def _secret_mission(view: PlayerView, goal: MissionGoal) -> list[Goal]:
    """A secret mission as the Planner's goal: a rival to knock out, territories to hold, or the
    regions it names (a further region of one's choice is left to the region values)."""
    name = goal.text.lower()
    if goal.rival is not None:
        return [Goal(name, None, 0, rival=view.players.index(goal.rival))] if goal.rival in view.players else []
    if goal.territories:
        return [Goal(name, None, goal.territories)]
    gm = view.map
    region = {r.id: k for k, r in enumerate(gm.regions)}
    members = frozenset(t for c in goal.regions for t in gm.region_members[region[c]])
    return [Goal(name, members, len(members))] if members else []


def _bop_goals(view: PlayerView, extras: Any) -> list[Goal]:
    """Each face-up mission as a set of territories to hold (worth a mission, or the win with the
    last one needed), and the opponent's capital (it must be held to win by missions)."""
    me = view.players[view.me]
    have = len(extras.collected[me])
    to_win = extras.missions_to_win
    goals = []
    for mission, members, need in bop.mission_targets(view):
        wins = have + 1 >= to_win
        goals.append(Goal(extras.mission_title(mission).lower(), members, need, wins, WIN if wins else 12.0))
    index = view.map.index
    for player, capital in extras.capitals.items():
        if player != me and capital is not None:
            goals.append(Goal(f"{player}'s capital", frozenset({index[capital]}), 1, False, 6.0))
    return goals
