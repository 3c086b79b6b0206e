"""The Transformers actions. A leader joins a liberation action, a defence or a move by the word
``leader`` after the shared text form (``attack S T N leader``, ``defend N leader``,
``occupy N leader``, ``fortify S T N leader``): ``LeaderAttack``, ``LeaderDefend``, ``LeaderOccupy``
and ``LeaderMove`` are the shared actions with the leader committed, so whatever reads an
``Attack`` reads them too. The edition's own: ``casualty leader|robot`` (the loser's choice when a leader was committed), ``stop`` (end a
liberation action after outcome 2) and ``revive T`` (a leader back from the scrapyard). The classes live in
``riskboard.rulesets.actions`` (where bots import them) and are re-exported here; their parsers
are this edition's."""

from __future__ import annotations

from riskboard.engine.actions import SHARED, Action, Attack, Defend, Fortify, Occupy, Verbs, number
from riskboard.errors import IllegalAction
from riskboard.i18n import _
from riskboard.rulesets.actions import (
    LEADER,
    Casualty,
    LeaderAttack,
    LeaderDefend,
    LeaderMove,
    LeaderOccupy,
    Revive,
    Stop,
)

__all__ = [
    "LEADER",
    "VERBS",
    "Casualty",
    "LeaderAttack",
    "LeaderDefend",
    "LeaderMove",
    "LeaderOccupy",
    "Revive",
    "Stop",
]


def _leader(w: list[str], n: int, text: str, form: str) -> bool:
    """Whether the words end with ``leader`` after ``n`` arguments."""
    if len(w) == n:
        return False
    if len(w) == n + 1 and w[-1] == LEADER:
        return True
    raise IllegalAction(_("expected '{form}', got {text}").format(form=form, text=repr(text)), code="action/unparsable")


def _parse_attack(w: list[str], text: str) -> Action:
    leader = _leader(w, 3, text, "attack FROM TO N [leader]")
    return (LeaderAttack if leader else Attack)(w[0], w[1], number(w[2], text))


def _parse_defend(w: list[str], text: str) -> Action:
    leader = _leader(w, 1, text, "defend N [leader]")
    return (LeaderDefend if leader else Defend)(number(w[0], text))


def _parse_occupy(w: list[str], text: str) -> Action:
    leader = _leader(w, 1, text, "occupy N [leader]")
    return (LeaderOccupy if leader else Occupy)(number(w[0], text))


def _parse_fortify(w: list[str], text: str) -> Action:
    leader = _leader(w, 3, text, "fortify FROM TO N [leader]")
    return (LeaderMove if leader else Fortify)(w[0], w[1], number(w[2], text))


def _parse_casualty(w: list[str], text: str) -> Action:
    if len(w) != 1:
        raise IllegalAction(
            _("expected 'casualty leader' or 'casualty robot', got {text}").format(text=repr(text)),
            code="action/unparsable",
        )
    return Casualty(w[0])


def _parse_stop(w: list[str], text: str) -> Action:
    if w:
        raise IllegalAction(
            _("'stop' takes nothing after it, got {text}").format(text=repr(text)), code="action/unparsable"
        )
    return Stop()


def _parse_revive(w: list[str], text: str) -> Action:
    if len(w) != 1:
        raise IllegalAction(_("expected 'revive ZONE', got {text}").format(text=repr(text)), code="action/unparsable")
    return Revive(w[0])


VERBS: Verbs = SHARED.override(
    {"attack": _parse_attack, "defend": _parse_defend, "occupy": _parse_occupy, "fortify": _parse_fortify}
).extend({"casualty": _parse_casualty, "stop": _parse_stop, "revive": _parse_revive})
"""The verbs of Transformers: the shared ones (attack, defend, occupy and fortify with ``leader``) and its own."""
