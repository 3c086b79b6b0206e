"""The steps of an attack that every edition shares: checking source and target, and moving in
after a conquest (RULES.md §1.2, §1.3). Editions add their own checks around them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.engine.events import ArmiesMoved, Event
from riskboard.errors import IllegalAction
from riskboard.rulesets.components.common import name_of, territory_index, wrong_phase

if TYPE_CHECKING:
    from riskboard.engine.state import GameState
    from riskboard.rulesets.base import GameConfig


def check_source_and_target(
    cfg: GameConfig, s: GameState, source: str, target: str, unit: tuple[str, str] = ("army", "armies")
) -> tuple[int, int]:
    """The source is the current player's with at least 2 ``unit``s and borders a target they do
    not own; returns both indices. ``unit`` is the edition's word, singular and plural."""
    index = cfg.map.index
    src = index.get(source)
    tgt = index.get(target)
    if src is None:
        src = territory_index(cfg, source)
    if tgt is None:
        tgt = territory_index(cfg, target)
    p = s.current
    owner = s.owner
    if owner[src] != p:
        raise IllegalAction(
            f"{cfg.players[p]} can only attack from their own territories; {source} belongs to {name_of(cfg, owner[src])}",
            code="action/not_owner",
        )
    if tgt not in cfg.map.adjacency[src]:
        raise IllegalAction(f"{source} does not border {target}, so it cannot attack it", code="action/not_adjacent")
    if owner[tgt] == p:
        raise IllegalAction(f"{target} already belongs to {cfg.players[p]}", code="action/own_territory")
    if s.armies[src] < 2:
        raise IllegalAction(
            f"{source} has only 1 {unit[0]}; a territory needs at least 2 to attack (one must stay behind)",
            code="action/too_few_armies",
        )
    return src, tgt


def no_battle_pending(cfg: GameConfig, s: GameState) -> None:
    """Refuse a new attack while a defender still has to choose dice."""
    if s.battle is not None:
        raise IllegalAction(
            f"{name_of(cfg, s.owner[s.battle[2]])} must first choose dice to defend {cfg.map.ids[s.battle[2]]}",
            code="action/awaiting_defender",
        )


def occupy(cfg: GameConfig, s: GameState, count: int, units: str = "armies") -> tuple[GameState, list[Event]]:
    """§1.2: after a conquest move ``count`` in, at least the attacking dice, leaving 1 behind."""
    if s.phase != "occupy":
        wrong_phase(cfg, s, "move in", "there is no conquered territory to occupy")
    _, src, tgt, least, most = s.battle  # type: ignore[misc]
    if not least <= count <= most:
        raise IllegalAction(
            f"move {least} to {most} {units} into {cfg.map.ids[tgt]} (at least the {least} that attacked, "
            f"leaving 1 in {cfg.map.ids[src]}), not {count}",
            code="action/bad_count",
        )
    extra = count - least
    armies = list(s.armies)
    armies[src] -= extra
    armies[tgt] += extra
    p = cfg.players[s.current]
    return s._replace(armies=tuple(armies), phase="attack", battle=None), [
        ArmiesMoved(p, cfg.map.ids[src], cfg.map.ids[tgt], extra)
    ]
