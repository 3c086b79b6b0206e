"""Helpers every edition's rule modules share: name lookups, clear errors, tuple updates."""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from riskboard.errors import IllegalAction
from riskboard.i18n import N_, _
from riskboard.rulesets.components.said import Said

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState

PHASE_WORDS = {
    "setup": N_("the setup"),
    "reinforce": N_("the reinforcement phase"),
    "attack": N_("the attack phase"),
    "occupy": N_("moving in after a conquest"),
    "fortify": N_("the fortify phase"),
    "neutral": N_("the neutral resistance step"),
    "hospital": N_("the field hospital step"),
    "missions": N_("the mission step"),
    "over": N_("the end of the game"),
}
"""Each phase as a refusal names it (English ids, translated where shown)."""

FORTIFY_PHASES = {
    "fortify": N_("the fortify phase"),
    "maneuver": N_("the maneuver phase"),
    "move": N_("the move phase"),
}
"""The end-of-turn step in each edition's word for it (``words["fortify"]``)."""


def territory_index(cfg: GameConfig, territory: str) -> int:
    i = cfg.map.index.get(territory)
    if i is None:
        raise IllegalAction(
            _("there is no territory called {territory} on the {map} map{hint}").format(
                territory=repr(territory), map=cfg.map.id, hint=cfg.map.did_you_mean(territory)
            ),
            code="action/unknown_territory",
        )
    return i


def name_of(cfg: GameConfig, owner: int) -> str:
    return cfg.owners[owner] if owner >= 0 else _("nobody")


def wrong_phase(cfg: GameConfig, state: GameState, what: str, hint: str = "") -> NoReturn:
    """Refuse ``what`` (an English id marked ``N_``, as is ``hint``) in the phase the game is in,
    naming the phase and whose turn it is, in the language spoken."""
    what = _(what)
    if state.phase == "over":
        raise IllegalAction(_("you cannot {what}: the game is over").format(what=what), code="game/over")
    who = cfg.players[state.current] if state.phase != "setup" else ""
    where = PHASE_WORDS.get(state.phase, state.phase)
    if state.phase == "fortify":  # named as the edition names its end-of-turn move (the maneuver)
        fortify = cfg.ruleset.presentation.words(cfg)["fortify"]
        where = FORTIFY_PHASES.get(fortify) or where.replace("fortify", fortify)
    said = str(hint) if isinstance(hint, Said) else _(hint) if hint else ""  # a hint composed of sentences says itself
    fields = {"what": what, "where": _(where), "player": who, "hint": said}
    if who and hint:
        msg = _("you cannot {what} now: it is {where} (turn of {player}); {hint}")
    elif who:
        msg = _("you cannot {what} now: it is {where} (turn of {player})")
    elif hint:
        msg = _("you cannot {what} now: it is {where}; {hint}")
    else:
        msg = _("you cannot {what} now: it is {where}")
    raise IllegalAction(msg.format(**fields), code="action/wrong_phase")


def next_alive(state: GameState, after: int) -> int:
    n = len(state.alive)
    for step in range(1, n + 1):
        p = (after + step) % n
        if state.alive[p]:
            return p
    return after


def replace_at(values: tuple, i: int, v: object) -> tuple:
    """``values`` with item ``i`` replaced by ``v`` (one list and one tuple: a third faster than
    joining two slices around it, and among the commonest calls of every transition)."""
    changed = list(values)
    changed[i] = v
    return tuple(changed)
