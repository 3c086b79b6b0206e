"""Decisions only some editions ask for (a free setup, capitals, sides, the field hospital,
collecting missions), for the built-in bots. Plain functions of a ``PlayerView`` so any bot can reuse them."""

from __future__ import annotations

import random

from riskboard.engine.actions import Action, EndPhase, Place
from riskboard.engine.view import PlayerView
from riskboard.rulesets.actions import Buy, ChooseSide, CollectMission, PlaceCapital


def setup_place(view: PlayerView, rng: random.Random) -> Action:
    """Free setup: players get stacks of 3 on connected empty territories; the neutral army
    spreads its units so that every territory is covered."""
    owner = view.owner_indices
    gm = view.map
    supply = view.supply
    who = next(o for o, n in enumerate(supply) if n)
    empty = [t for t, o in enumerate(owner) if o == -1]
    left = sum(supply)
    if not empty:
        mine = [t for t, o in enumerate(owner) if o == who]
        return Place(supply[who], gm.ids[max(mine, key=lambda t: view.army_counts[t])])
    if who < len(view.players):
        near = [t for t in empty if any(owner[n] == who for n in gm.adjacency[t])]
        t = rng.choice(near or empty)
        k = min(3, supply[who], left - (len(empty) - 1))
        return Place(max(1, k), gm.ids[t])
    t = empty[0]
    k = supply[who] - (len(empty) - 1) if len(empty) == 1 else max(1, supply[who] // len(empty))
    return Place(k, gm.ids[t])


def capital(view: PlayerView) -> Action:
    """The capital goes on the player's biggest stack."""
    who = view.extras.capitals
    player = next(p for p, c in who.items() if c is None)
    me = view.players.index(player)
    mine = [t for t, o in enumerate(view.owner_indices) if o == me]
    return PlaceCapital(view.map.ids[max(mine, key=lambda t: view.army_counts[t])])


def choose() -> Action:
    return ChooseSide("keep", "first")


def buy(view: PlayerView, best_border: int) -> Action:
    """An airfield on the strongest border first, then 3 reinforcements; otherwise save units.
    What the hospital can pay for now is the ruleset's to say: its legal purchases."""
    legal = view.legal_actions()
    for wish in (Buy("build_airfield", (view.map.ids[best_border],)), Buy("reinforce_3")):
        if wish in legal:
            return wish
    return EndPhase()


def collect(view: PlayerView) -> Action:
    """The first fulfilled face-up mission."""
    for a in view.legal_actions():
        if isinstance(a, CollectMission):
            return a
    return EndPhase()


def mission_targets(view: PlayerView) -> list[tuple[str, frozenset[int], int]]:
    """Each face-up mission as (mission, the territories it counts, how many are needed), for the
    Planner's goals, as the ruleset states them (``extras.mission_territories``); missions that are not
    about holding given territories (two whole regions) are left to its region values."""
    info = view.extras
    index = view.map.index
    out: list[tuple[str, frozenset[int], int]] = []
    for mission in info.board_missions:
        target = info.mission_territories(mission)
        if target is not None:
            members, need = target
            out.append((mission, frozenset(index[t] for t in members), need))
    return out
