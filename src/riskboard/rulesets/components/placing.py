"""Placing the units of a turn (RULES.md §2.4, §4.6.1, §5.8, §6.3), stated once: on one of the
current player's own territories, 1 to the units still to place; the last one placed in the
reinforcement step opens the attack step. Each edition checks first when placing is allowed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.engine.events import Events, armies_placed, phase_changed, pieces
from riskboard.errors import IllegalAction
from riskboard.i18n import _
from riskboard.rulesets.components.common import name_of, replace_at, territory_index

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState


def place_units(cfg: GameConfig, s: GameState, territory: str, count: int) -> tuple[GameState, Events]:
    """``count`` units to place onto ``territory``; ``IllegalAction`` (in the edition's words) if it
    is not the player's or the count is not 1 to the units left."""
    p = s.current
    t = territory_index(cfg, territory)
    if s.owner[t] != p:
        words = cfg.ruleset.presentation.words(cfg)
        if words.get("territories", "territories") == "zones":
            text = _("{player} can only place {units} on their own zones; {territory} belongs to {owner}")
        else:
            text = _("{player} can only place {units} on their own territories; {territory} belongs to {owner}")
        raise IllegalAction(
            text.format(
                player=cfg.players[p], units=_(words["units"]), territory=territory, owner=name_of(cfg, s.owner[t])
            ),
            code="action/not_owner",
        )
    if not 1 <= count <= s.reinforcements:
        raise IllegalAction(
            _("{player}: {pieces} to place, so not {count}").format(
                player=cfg.players[p], pieces=pieces(s.reinforcements, cfg.ruleset.presentation.words(cfg)), count=count
            ),
            code="action/bad_count",
        )
    events: Events = [armies_placed(cfg.players[p], territory, count)]
    return units_placed(cfg, s.evolve(armies=replace_at(s.armies, t, s.armies[t] + count)), count, events), events


def units_placed(cfg: GameConfig, s: GameState, used: int, events: Events) -> GameState:
    """``used`` of the units to place are spent; the last one in the reinforcement step opens the
    attack step (units traded for later in a turn are placed where they are)."""
    left = s.reinforcements - used
    if left == 0 and s.phase == "reinforce":
        events.append(phase_changed(cfg.players[s.current], "attack"))
        return s.evolve(reinforcements=0, phase="attack")
    return s.evolve(reinforcements=left)
