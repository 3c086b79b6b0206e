"""What every Balance of Power position satisfies besides the shared invariants: missions,
cities, capitals, airfields, field hospitals and the steps of a turn (RULES.md §5). Reading a
save checks them (``Ruleset.problems``), and so do the invariant tests after every action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.engine.state import MAX_UNITS, UNCLAIMED
from riskboard.i18n import _
from riskboard.rulesets.balance_of_power.data import CITY_COUNT, MISSIONS, MISSIONS_ON_BOARD
from riskboard.rulesets.balance_of_power.extra import BopExtra

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState


def problems(cfg: GameConfig, s: GameState) -> list[str]:
    x = s.extra
    if not isinstance(x, BopExtra):
        return [_("a Balance of Power position needs its cities, capitals and missions")]
    out: list[str] = []
    players = len(cfg.players)
    held = [m for ms in x.collected for m in ms]
    if (
        len(set(held)) != len(held)
        or set(held) & set(x.board_missions)
        or len(set(x.board_missions)) != len(x.board_missions)
    ):
        out.append(_("a mission is either face up or collected by one player, once"))
    if not all(m in MISSIONS for m in (*held, *x.board_missions)):
        out.append(_("an unknown mission"))
    # a game has 8 missions in play and 9 cities; a scenario may start with fewer (no more)
    if len(held) + len(x.board_missions) > MISSIONS_ON_BOARD:
        out.append(_("at most {n} missions are in play, face up or collected").format(n=MISSIONS_ON_BOARD))
    if len(x.cities) > CITY_COUNT or len(set(x.cities)) != len(x.cities):
        out.append(_("the game has {n} cities, each on its own territory").format(n=CITY_COUNT))
    if any(x.hospital) and not cfg.options["field_hospital"]:
        out.append(_("units wait in a field hospital only in a game with field hospitals"))
    if x.purchases and not cfg.options["field_hospital"]:
        out.append(_("special commands are bought only in a game with field hospitals"))
    if s.phase != "setup" and any(c < 0 for c in x.capitals):
        out.append(_("every player has a capital once the setup is over"))
    if s.phase == "setup":
        out += _free_setup_problems(cfg, s)
    for p, t in enumerate(x.airfields):
        if t >= 0 and (not cfg.options["airfields"] or s.owner[t] != p):
            out.append(
                _("{player}'s airfield must stand on their own territory, in a game with airfields").format(
                    player=cfg.players[p]
                )
            )
    if any(not 0 <= n <= MAX_UNITS for n in x.hospital):
        out.append(_("a field hospital holds 0 to {most} units").format(most=MAX_UNITS))
    if not 0 <= x.step_left <= MAX_UNITS or (s.phase == "neutral") != (x.step_left > 0):
        out.append(_("neutral resistance units are left to place exactly in the neutral step"))
    if len(x.step_used) > 2:
        out.append(_("neutral resistance goes on one or two territories"))
    if x.uprising is not None:
        src, tgt, dice = x.uprising
        if s.phase != "hospital" or s.owner[src] != players or s.owner[tgt] >= players or not 1 <= dice < s.armies[src]:
            out.append(_("an uprising goes from a neutral territory against a player's, in the field-hospital step"))
    if x.collected_this_turn and s.phase not in ("fortify", "over"):
        out.append(_("a mission is collected after attacking"))
    if s.missions:
        out.append(_("Balance of Power has no secret missions"))
    battle = s.battle
    if battle is not None and battle.kind == "defend":
        if s.owner[battle.target] >= players:
            out.append(_("only players are asked for defence dice"))
        if s.phase not in ("attack", "hospital"):
            out.append(_("a defender is asked in the attack step, or in an uprising"))
    if s.phase == "over" and 0 <= s.winner < players:
        w = s.winner
        capital = x.capitals[w]
        by_missions = len(x.collected[w]) >= cfg.options["missions_to_win"] and capital >= 0 and s.owner[capital] == w
        if not (by_missions or (1 - w) not in s.owner):
            out.append(_("the winner has neither the missions and their capital nor a defeated opponent"))
    return out


def _free_setup_problems(cfg: GameConfig, s: GameState) -> list[str]:
    """A free setup can still be finished: every territory gets a unit and every player a
    territory (what ``setup.setup_place`` refuses to spoil), from the units left to place."""
    empty = s.owner.count(UNCLAIMED)
    landless = [p for p in range(len(cfg.players)) if p not in s.owner]
    if any(not s.supply[p] for p in landless):
        return [_("in the setup every player holds a territory or still has units to place on one")]
    if sum(s.supply) < empty:
        return [_("in the setup the units left to place must fill every empty territory")]
    if len(landless) > empty:
        return [_("in the setup each player without a territory needs an empty one left")]
    return []
