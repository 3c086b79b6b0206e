"""The claiming setup of the world game (RULES.md §2.2, §4.4): territories claimed one army at a
time in turn (or dealt round the table), then the starting armies placed one at a time until
every supply is empty. Classic RISK and the 2010 edition's classic variant share it; each edition
says how its first turn begins (``begin``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from riskboard.engine.actions import Place
from riskboard.engine.events import Events, TerritoryClaimed, armies_placed
from riskboard.engine.state import UNCLAIMED
from riskboard.errors import IllegalAction
from riskboard.i18n import _
from riskboard.rulesets.components.common import name_of, replace_at, territory_index

if TYPE_CHECKING:
    from riskboard.engine.chance import Chance
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState

Begin = Callable[["GameConfig", "GameState", int, Events], "GameState"]
"""``(cfg, state, first player, events) -> state``: the edition's first turn starts."""


def deal_territories(
    cfg: GameConfig, first: int, owner: list[int], armies: list[int], supply: list[int], chance: Chance
) -> None:
    """Deal every territory round the table from ``first``, one army on each, taken from the
    owner's supply (the lists are filled in place)."""
    gm = cfg.map
    n = len(cfg.players)
    for k, tid in enumerate(chance.shuffle(gm.ids)):
        i = gm.index[tid]
        o = (first + k) % n
        owner[i] = o
        armies[i] = 1
        supply[o] -= 1


def claim_or_place(cfg: GameConfig, s: GameState, a: Place, begin: Begin) -> tuple[GameState, Events]:
    """One setup placement: claim an empty territory while any is left, then add 1 army to one of
    your own; the next player with armies left follows, and when none has any the game begins."""
    t = territory_index(cfg, a.territory)
    p = s.current
    player = cfg.players[p]
    owner_t = s.owner[t]
    events: Events = []
    if a.count != 1:
        raise IllegalAction(_("during setup armies are placed one at a time"), code="action/bad_count")
    if UNCLAIMED in s.owner:
        if owner_t != UNCLAIMED:
            raise IllegalAction(
                _("{territory} is already claimed by {owner}; claim an empty territory first").format(
                    territory=a.territory, owner=name_of(cfg, owner_t)
                ),
                code="action/already_claimed",
            )
        owner = replace_at(s.owner, t, p)
        events.append(TerritoryClaimed(player, a.territory))
    else:
        if owner_t != p:
            raise IllegalAction(
                _("{player} can only reinforce their own territories; {territory} belongs to {owner}").format(
                    player=player, territory=a.territory, owner=name_of(cfg, owner_t)
                ),
                code="action/not_owner",
            )
        owner = s.owner
        events.append(armies_placed(player, a.territory, 1))
    s = s.evolve(
        owner=owner, armies=replace_at(s.armies, t, s.armies[t] + 1), supply=replace_at(s.supply, p, s.supply[p] - 1)
    )
    return next_to_place(cfg, s, events, begin), events


def next_to_place(cfg: GameConfig, s: GameState, events: Events, begin: Begin) -> GameState:
    """The next player round the table with armies left to place, or the first turn."""
    n = len(cfg.players)
    for step in range(1, n + 1):
        p = (s.current + step) % n
        if s.supply[p] > 0:
            return s.evolve(current=p)
    return begin(cfg, s.evolve(setup_left=(0, 0)), s.first_player, events)


def claim_actions(cfg: GameConfig, s: GameState) -> list[Place]:
    """The legal placements of the claiming setup: an empty territory while any is left, else one
    of your own."""
    ids = cfg.map.ids
    wanted = UNCLAIMED if UNCLAIMED in s.owner else s.current
    return [Place(1, ids[t]) for t, o in enumerate(s.owner) if o == wanted]


def claim_problems(cfg: GameConfig, s: GameState) -> list[str]:
    """The invariant of a claiming setup: while territories are unclaimed the players claim one each
    in turn from the player to move, each claim from their supply, so each needs a unit in supply
    for every claim still to make (a player without one could never claim)."""
    if s.phase != "setup" or UNCLAIMED not in s.owner or not 0 <= s.current < len(cfg.players):
        return []
    unclaimed = s.owner.count(UNCLAIMED)
    n = len(cfg.players)
    out = []
    for p in range(n):
        claims = max(0, -(-(unclaimed - (p - s.current) % n) // n))
        if s.supply[p] < claims:
            out.append(
                _("{player} has {units} units to place but {claims} territories still to claim").format(
                    player=cfg.players[p], units=s.supply[p], claims=claims
                )
            )
    return out
