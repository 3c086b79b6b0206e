"""Exact battle odds at the speed a bot needs: ``rb.odds_table`` read as plain Python lists.

The Planner asks for the odds of dozens of battles per decision, and a search bot asks thousands of
times per move. An ``OddsTable`` is built once per dice rules (the analysis layer caches it) and
kept here as nested lists, so one lookup costs an index, not a numpy scalar. Transformers leaders
roll a d8 and are lost last; those battles are solved by ``battle_odds`` and cached (their size is
capped: past a dozen units the leader's die barely moves the odds).
"""

from __future__ import annotations

from functools import lru_cache

from riskboard.analysis import battle_odds, odds_table
from riskboard.engine.combat import Rules

FIRST_SIZE = 64
"""Armies per side of the first table kept for some rules; it doubles when a battle is bigger."""
LARGEST = 1000
"""Battles beyond this many armies a side are read at this size (the largest table ``odds_table``
builds; their odds are 0 or 1 by then)."""
LEADER_CAP = 12
"""Battles with a leader are solved exactly with at most this many units a side."""

_Lists = tuple[list[list[float]], list[list[float]], list[list[float]]]
_TABLES: dict[Rules, tuple[int, _Lists]] = {}


def _lists(rules: Rules, size: int) -> _Lists:
    known = _TABLES.get(rules)
    if known is not None and known[0] >= size:
        return known[1]
    grown = FIRST_SIZE if known is None else known[0]
    while grown < size:
        grown = min(grown * 2, LARGEST)
    table = odds_table(grown, grown, rules=rules)
    lists = (table.p_win.tolist(), table.expected_attacker_losses.tolist(), table.expected_defender_losses.tolist())
    _TABLES[rules] = (grown, lists)
    return lists


def p_win(attackers: int, defenders: int, rules: Rules) -> float:
    """P(``attackers`` units that may roll conquer ``defenders``), each throw with the most dice."""
    a, d = min(attackers, LARGEST), min(defenders, LARGEST)
    if a <= 0:
        return 0.0 if d > 0 else 1.0
    return _lists(rules, max(a, d))[0][a][d]


def battle(attackers: int, defenders: int, rules: Rules) -> tuple[float, float, float]:
    """(P(conquest), the attacker's expected losses, the defender's expected losses)."""
    a, d = min(max(attackers, 0), LARGEST), min(max(defenders, 0), LARGEST)
    win, lost_a, lost_d = _lists(rules, max(a, d, 1))
    return win[a][d], lost_a[a][d], lost_d[a][d]


@lru_cache(maxsize=4096)
def leader_p_win(attackers: int, defenders: int, rules: Rules, attacker_leader: bool, defender_leader: bool) -> float:
    """P(conquest) with a leader on either side (capped sizes, see ``LEADER_CAP``); rules whose
    rerolls a leader's die cannot take fall back to the plain table."""
    a, d = min(attackers, LEADER_CAP), min(defenders, LEADER_CAP)
    if a <= 0 or d <= 0:
        return p_win(attackers, defenders, rules)
    try:
        return battle_odds(
            a, d, rules, attacker_leader=attacker_leader and a > 0, defender_leader=defender_leader
        ).p_win
    except ValueError:
        return p_win(attackers, defenders, rules)
