"""The legal placements and attacks most editions share, as count ranges (``engine/legal.py``):
``place 1..N T`` on each own territory, and ``attack S T 1..D`` (with ``blitz S T`` where the
defender's dice are automatic) on each enemy neighbour, in map order.

These are asked for at nearly every decision (an RL env or a random bot asks tens of thousands of
times a second), and the same few hundred borders come up again and again: the builders, the
one-count actions and the blitzes of a border or territory are made once (actions are frozen
values, so one of them serves every game) and kept in a table that is cleared when full; each
map's are laid out by territory index once, so a position reads them without a look-up by name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.engine.actions import Attack, Blitz, Place
from riskboard.engine.legal import ActionRange, Builder, LegalActions, counted, placing

if TYPE_CHECKING:
    from riskboard.engine.combat import Rules
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState
    from riskboard.maps import GameMap

SHAPES_KEPT = 4096
"""Borders and territories whose builders and actions are remembered (cleared when full): a map has
a few hundred; more would only be maps of games long over."""

MAPS_KEPT = 64
"""Maps whose borders and territories are laid out by index (cleared when full)."""

_borders: dict[tuple[str, str], tuple[Builder, Attack, Blitz]] = {}
_places: dict[str, tuple[Builder, Place]] = {}
_by_map: dict[
    GameMap, tuple[tuple[tuple[tuple[int, Builder, Attack, Blitz], ...], ...], tuple[tuple[Builder, Place], ...]]
] = {}
"""Per map (a ``GameMap`` is hashed by identity): of each territory, its neighbours in adjacency
order with their border's builder, one-count attack and blitz; and its own ``_place``."""


def _border(source: str, target: str) -> tuple[Builder, Attack, Blitz]:
    """``attack S T k``'s builder, ``attack S T 1`` and ``blitz S T``, made once per border."""
    key = (source, target)
    made = _borders.get(key)
    if made is None:
        if len(_borders) >= SHAPES_KEPT:
            _borders.clear()
        made = _borders[key] = (counted(Attack, source, target), Attack(source, target, 1), Blitz(source, target))
    return made


def _place(territory: str) -> tuple[Builder, Place]:
    """``place k T``'s builder and ``place 1 T``, made once per territory."""
    made = _places.get(territory)
    if made is None:
        if len(_places) >= SHAPES_KEPT:
            _places.clear()
        made = _places[territory] = (placing(Place, territory), Place(1, territory))
    return made


def _laid_out(
    gm: GameMap,
) -> tuple[tuple[tuple[tuple[int, Builder, Attack, Blitz], ...], ...], tuple[tuple[Builder, Place], ...]]:
    """``gm``'s borders and territories by index (see ``_by_map``), made once per map."""
    made = _by_map.get(gm)
    if made is None:
        if len(_by_map) >= MAPS_KEPT:
            _by_map.clear()
        ids = gm.ids
        borders = tuple(
            tuple((tgt, *_border(ids[src], ids[tgt])) for tgt in gm.adjacency[src]) for src in range(len(ids))
        )
        made = _by_map[gm] = (borders, tuple(_place(t) for t in ids))
    return made


def place_ranges(out: LegalActions, cfg: GameConfig, s: GameState, most: int) -> LegalActions:
    """Add ``place 1..most T`` for each territory of the current player; returns ``out``."""
    if most < 1:
        return out
    places = _laid_out(cfg.map)[1]
    p = s.current
    counts = range(1, most + 1)
    if most == 1:  # one count: the action itself (as ``add_range`` would make it)
        out.extend([places[t][1] for t, o in enumerate(s.owner) if o == p])
    else:
        out.extend([ActionRange(places[t][0], counts) for t, o in enumerate(s.owner) if o == p])
    return out


def attack_ranges(out: LegalActions, cfg: GameConfig, s: GameState, rules: Rules) -> LegalActions:
    """Add every attack of the current player: each dice count, then the blitz unless the defender
    chooses dice (option ``ask_defender``); returns ``out``."""
    borders = _laid_out(cfg.map)[0]
    p = s.current
    owner = s.owner
    armies = s.armies
    blitz = not cfg.options["ask_defender"]
    attacking = rules.attacking
    parts: list[Attack | Blitz | ActionRange] = []
    for src, o in enumerate(owner):
        if o == p and armies[src] > 1:
            most = attacking(armies[src])
            dice = range(1, most + 1)
            for tgt, build, one, throws in borders[src]:
                if owner[tgt] != p:
                    if most == 1:  # one count: the action itself (as ``add_range`` would make it)
                        parts.append(one)
                    elif most > 1:
                        parts.append(ActionRange(build, dice))
                    if blitz:
                        parts.append(throws)
    out.extend(parts)
    return out
