"""The end-of-turn move (RULES.md §1.5): how far it may go, stated once for every edition.

``Rules.fortify`` says it: ``"adjacent"`` (classic: to a neighbouring territory of your own),
``"connected"`` (along a chain of your own territories: the 2010 edition's and Balance of Power's
maneuver) or ``"none"`` (a house rule: no move at all). Legal actions, the move's checks, the bots
and the board all ask ``destinations``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.engine.events import pieces
from riskboard.errors import IllegalAction
from riskboard.i18n import _
from riskboard.rulesets.components.common import name_of, territory_index

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState


def connected(cfg: GameConfig, s: GameState, src: int) -> set[int]:
    """Own territories joined to ``src`` through own territories (``src`` itself not included)."""
    p = s.owner[src]
    owner = s.owner
    adjacency = cfg.map.adjacency
    seen = {src}
    stack = [src]
    while stack:
        t = stack.pop()
        for n in adjacency[t]:
            if n not in seen and owner[n] == p:
                seen.add(n)
                stack.append(n)
    seen.discard(src)
    return seen


def destinations(cfg: GameConfig, s: GameState, src: int) -> list[int]:
    """Where units may move from ``src`` at the end of the turn: its own neighbours in map order,
    every connected own territory in index order, or nowhere."""
    reach = cfg.rules.fortify
    if reach == "adjacent":
        p = s.owner[src]
        return [t for t in cfg.map.adjacency[src] if s.owner[t] == p]
    if reach == "connected":
        return sorted(connected(cfg, s, src))
    return []


def check_move(cfg: GameConfig, s: GameState, source: str, target: str, count: int, units: str) -> tuple[int, int]:
    """The checks of the end-of-turn move (and of anything moving the same way); returns both indices."""
    src = territory_index(cfg, source)
    tgt = territory_index(cfg, target)
    p = s.current
    player = cfg.players[p]
    for t, tid in ((src, source), (tgt, target)):
        if s.owner[t] != p:
            raise IllegalAction(
                _("{player} can only move between their own territories; {territory} belongs to {owner}").format(
                    player=player, territory=tid, owner=name_of(cfg, s.owner[t])
                ),
                code="action/not_owner",
            )
    if src == tgt:
        raise IllegalAction(
            _("moving {units} needs two different territories").format(units=_(units)), code="action/same_territory"
        )
    if tgt not in destinations(cfg, s, src):
        reach = cfg.rules.fortify
        if reach == "adjacent":
            raise IllegalAction(
                _("{source} does not border {target}: the end-of-turn move goes to an adjacent territory only").format(
                    source=source, target=target
                ),
                code="action/not_adjacent",
            )
        if reach == "connected":
            raise IllegalAction(
                _("{target} is not connected to {source} through territories of {player}").format(
                    target=target, source=source, player=player
                ),
                code="action/not_connected",
            )
        raise IllegalAction(
            _("this game has no end-of-turn move (house rule fortify='none')"), code="action/no_fortify"
        )
    if not 1 <= count <= s.armies[src] - 1:
        raise IllegalAction(
            _("{source} holds {pieces}, so 1 to {most} can move (one stays), not {count}").format(
                source=source,
                pieces=pieces(s.armies[src], cfg.ruleset.presentation.words(cfg)),
                most=s.armies[src] - 1,
                count=count,
            ),
            code="action/bad_count",
        )
    return src, tgt


def move(s: GameState, src: int, tgt: int, count: int) -> GameState:
    """``count`` units from ``src`` to ``tgt``."""
    armies = list(s.armies)
    armies[src] -= count
    armies[tgt] += count
    return s.evolve(armies=tuple(armies))
