"""What holding territory brings at the start of a turn, stated once for the editions that share
it: which regions (continents, sectors) a player holds in full, the classic count of
max(3, territories ÷ 3) plus those regions' bonuses (RULES.md §2.4; Transformers' D29), and the
units a turn gives within the limits (the start of a turn and a scenario's reinforce step)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.rulesets.components.limits import granted

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState
    from riskboard.maps import GameMap


def held_regions(game_map: GameMap, owner: tuple[int, ...], player: int) -> list[int]:
    """The indices of the regions every territory of which ``player`` owns."""
    return [r for r, members in enumerate(game_map.region_members) if all(owner[t] == player for t in members)]


def army_income(cfg: GameConfig, s: GameState, player: int) -> int:
    """max(``min_reinforcements``, territories ÷ 3) plus the bonus of every region held in full.
    Asked at every turn's start by the bots' games, so the region test stops at the first
    territory held by someone else."""
    owner = s.owner
    total = max(cfg.options["min_reinforcements"], owner.count(player) // 3)
    for members, bonus in zip(cfg.map.region_members, cfg.map.region_bonus):
        for i in members:
            if owner[i] != player:
                break
        else:
            total += bonus
    return total


def turn_income(cfg: GameConfig, s: GameState, player: int) -> int:
    """The units ``player`` receives to place at the start of a turn: ``army_income``, or as much
    of it as the player can still hold (``components.limits``)."""
    return granted(s, player, army_income(cfg, s, player))
