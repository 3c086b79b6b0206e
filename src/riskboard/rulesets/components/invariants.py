"""What every position of every edition satisfies, stated once: reading a save checks a position
against it (with the edition's own additions, ``Ruleset.problems``), and the invariant tests check
every position their random games reach against the same statement.

Each check returns sentences, one per broken invariant, so a refused save says what is wrong.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from riskboard.engine.ruleset import CardsProblem
from riskboard.engine.state import MAX_COUNT, MAX_UNITS, UNCLAIMED, Defence, Occupation
from riskboard.i18n import _
from riskboard.rulesets.components.limits import granted, holding_problems

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState


def shared_problems(cfg: GameConfig, s: GameState, deck: Sequence[str]) -> list[str]:
    """Territories, players, cards, the winner, the pending battle and every count's bounds."""
    out: list[str] = []
    if deck:
        cards = [c for hand in s.hands for c in hand] + list(s.draw_pile) + list(s.discard_pile)
        if Counter(cards) != Counter(deck):
            out.append(CardsProblem(_("the cards in hands and piles must be the whole deck, each card once")))
    players = len(cfg.players)
    owners = len(cfg.owners)
    ids = cfg.map.ids
    for name in ("seq", "turn", "chance", "sets_traded"):
        if not 0 <= getattr(s, name) <= MAX_COUNT:
            out.append(_("{field} is out of range").format(field=name))
    if not 0 <= s.reinforcements <= MAX_UNITS:
        out.append(_("reinforcements must be 0 to {most}").format(most=MAX_UNITS))
    elif (
        s.phase == "reinforce"
        and not s.reinforcements
        and 0 <= s.current < len(cfg.players)
        and granted(s, s.current, 1)  # a player at the limit may be in it to make a forced trade
    ):
        out.append(_("the reinforcement step has units to place until the last is placed"))
    if any(not 0 <= n <= MAX_UNITS for n in s.supply):
        out.append(_("every supply must be 0 to {most}").format(most=MAX_UNITS))
    if not 0 <= s.current < players:
        return [*out, _("the player to move is not a player")]
    setup = s.phase == "setup"
    if setup != (s.turn == 0):
        out.append(_("turn 0 is the setup, and only the setup"))
    for tid, o, a in zip(ids, s.owner, s.armies):
        if not UNCLAIMED <= o < owners:
            out.append(_("{territory} has an unknown owner").format(territory=tid))
        elif a > MAX_UNITS:
            out.append(_("{territory} holds more than {most} units").format(territory=tid, most=MAX_UNITS))
        elif o == UNCLAIMED and not (setup and a == 0):
            out.append(
                _("{territory} has no owner but holds units").format(territory=tid)
                if setup
                else _("{territory} has no owner").format(territory=tid)
            )
        elif o != UNCLAIMED and a < 1:
            out.append(_("{territory} has an owner but no unit").format(territory=tid))
    if setup and not all(s.alive):
        out.append(_("nobody is out of the game during the setup"))
    for p in range(players):
        if not s.alive[p]:
            if p in s.owner:
                out.append(_("{player}: out of the game but still owning territory").format(player=cfg.players[p]))
        elif not setup and p not in s.owner:
            out.append(_("{player}: owning nothing but still in the game").format(player=cfg.players[p]))
    over = s.phase == "over"
    if over != (s.winner >= 0):
        out.append(_("a game has a winner exactly when it is over"))
    if s.winner >= players:
        out.append(_("the winner is not a player"))
    if not over and not s.alive[s.current]:
        out.append(_("the player to move is out of the game"))
    out += holding_problems(s, cfg.owners)
    out += _battle_problems(cfg, s)
    return out


def _battle_problems(cfg: GameConfig, s: GameState) -> list[str]:
    battle = s.battle
    if (s.phase == "occupy") != isinstance(battle, Occupation):
        return [_("a move-in after a conquest is pending exactly in the occupy step")]
    if battle is None:
        return []
    n = len(cfg.map)
    if not (0 <= battle.source < n and 0 <= battle.target < n):
        return [_("the pending battle names no territory")]
    if battle.target not in cfg.map.adjacency[battle.source]:
        return [_("the pending battle is between territories that do not border")]
    if isinstance(battle, Occupation):
        if not s.owner[battle.source] == s.owner[battle.target] == s.current:
            return [_("a move-in goes between two territories of the player to move")]
        if not 1 <= battle.least <= battle.most or battle.most - battle.least != s.armies[battle.source] - 1:
            return [_("the move-in's numbers do not fit the armies there")]
        return []
    assert isinstance(battle, Defence)
    if s.owner[battle.target] == s.owner[battle.source]:
        return [_("a defender is asked to defend against their own territory")]
    if not 1 <= battle.dice <= min(cfg.rules.attack_dice, s.armies[battle.source]):
        return [_("the pending attack rolls a number of dice its territory cannot")]
    if not _chooser_can_answer(cfg, s, battle):
        return [_("a defender is asked for dice only in a game that asks defenders, and only a player in the game")]
    return []


def _chooser_can_answer(cfg: GameConfig, s: GameState, battle: Defence) -> bool:
    """Whether the edition names a player still in the game to choose the pending defence dice."""
    chooser = getattr(cfg.ruleset, "defence_chooser", None)
    if chooser is None:
        return True
    try:
        who = chooser(cfg, s, s.owner[battle.target])
    except (LookupError, StopIteration, ValueError):
        return False
    return who is not None and 0 <= who < len(cfg.players) and s.alive[who]
