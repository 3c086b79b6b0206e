"""Exact battle odds at the speed a bot needs: ``rb.odds_table`` read as plain Python lists.

The Planner asks for the odds of dozens of battles per decision, and a search bot asks thousands of
times per move. An ``OddsTable`` is built once per dice rules (the analysis layer caches it) and
kept here as nested lists, so one lookup costs an index, not a numpy scalar. Transformers leaders
roll a d8 and are lost last; those battles are solved by ``battle_odds`` and cached (their size is
capped for a decision's many lookups, which only compare attacks; what a bot *states* about the
attack it makes is ``action_odds``, exact at any size).

What is kept is bounded: lists only up to ``LIST_SIZE`` armies a side (1.6 MB for one dice rules),
for at most ``MOST_RULES`` dice rules; a bigger battle (about 2 % of the Planner's lookups in long
games) is read from the analysis layer's table, whose own memory is bounded there. Lists of a
1,000-army table took 120 MB, kept for the life of the process, for every rules a game had.
"""

from __future__ import annotations

from functools import lru_cache

from riskboard.analysis import BattleOdds, battle_odds, odds_table
from riskboard.analysis.exact import MAX_ARMIES
from riskboard.analysis.table import table_lookup
from riskboard.engine.actions import Attack, Blitz
from riskboard.engine.combat import Rules
from riskboard.engine.view import PlayerView
from riskboard.rulesets.actions import LeaderAttack

FIRST_SIZE = 64
"""Armies per side of the first table kept for some rules; it doubles when a battle is bigger."""
LIST_SIZE = 128
"""The largest table kept as lists (3 × 129² floats, 1.6 MB); bigger battles are read from the
analysis layer's table, about 3 µs a lookup where the lists take 1.5 µs."""
MOST_RULES = 16
"""Dice rules whose lists are kept (the first kept is dropped first). A game reads one or two
(Balance of Power: three and two attacking dice); 16 leave room for a notebook comparing house rules."""
MOST_ALIASES = 64
"""Rules remembered as reading the lists of their dice rules (cleared when full): rules that differ
only in what the dice do not see (fortify, territory bonus) share one set of lists."""
LARGEST = MAX_ARMIES
"""Battles beyond this many armies a side are read at this size: the largest table ``odds_table``
builds, as the analysis layer states it (their odds are 0 or 1 by then)."""
LEADER_CAP = 12
"""Battles with a leader are solved with at most this many units a side for a decision (a
bigger one is priced as this size: an estimate that only ranks attacks, never stated)."""
LEADER_KEPT = 4096
"""Leader battles kept by ``leader_p_win`` (a few hundred bytes each, about 1 MB in all)."""

_Lists = tuple[list[list[float]], list[list[float]], list[list[float]]]
_Kept = tuple[int, _Lists]
"""(armies a side, the lists of P(conquest), of the attacker's and of the defender's expected losses)."""
_KEPT: dict[Rules, _Kept] = {}
"""Dice rules → their lists: at most ``MOST_RULES``, of at most ``LIST_SIZE`` armies a side."""
_TABLES: dict[Rules, _Kept] = {}
"""Any rules → the lists of its dice rules (what the bot loop looks up): at most ``MOST_ALIASES``,
each one of ``_KEPT``'s (emptied whenever ``_KEPT`` changes, so no list outlives its place there)."""


_LAST: list[object] = [None, 0, None]
"""The rules object last looked up, its lists' size and the lists: a game asks with one ``Rules``
object thousands of times a second, and telling it is the same object costs less than hashing it."""


def _lists(rules: Rules, size: int) -> _Lists:
    """The lists for ``rules`` of at least ``size`` (at most ``LIST_SIZE``) armies a side. The
    analysis layer's table says what its odds depend on (``OddsTable.rules``: only what the dice
    do), so rules that differ elsewhere share one set of lists without this module restating it."""
    last = _LAST
    if rules is last[0] and size <= last[1]:  # type: ignore[operator]
        return last[2]  # type: ignore[return-value]
    known = _TABLES.get(rules)
    if known is not None and known[0] >= size:
        _LAST[:] = [rules, known[0], known[1]]
        return known[1]
    grown = FIRST_SIZE if known is None else known[0]
    while grown < size:
        grown = min(grown * 2, LIST_SIZE)
    table = odds_table(grown, grown, rules=rules)
    dice = table.rules
    kept = _KEPT.get(dice)
    if kept is None or kept[0] < grown:
        if kept is None and len(_KEPT) >= MOST_RULES:
            del _KEPT[next(iter(_KEPT))]
        kept = _KEPT[dice] = (
            grown,
            (table.p_win.tolist(), table.expected_attacker_losses.tolist(), table.expected_defender_losses.tolist()),
        )
        _TABLES.clear()
    if len(_TABLES) >= MOST_ALIASES:
        _TABLES.clear()
    _TABLES[rules] = kept
    _LAST[:] = [rules, kept[0], kept[1]]
    return kept[1]


def p_win(attackers: int, defenders: int, rules: Rules) -> float:
    """P(``attackers`` units that may roll conquer ``defenders``), each throw with the most dice."""
    last = _LAST
    if rules is last[0] and 0 < attackers <= last[1] and 0 <= defenders <= last[1]:  # type: ignore[operator]
        return last[2][0][attackers][defenders]  # type: ignore[index]
    a, d = min(attackers, LARGEST), min(defenders, LARGEST)
    if a <= 0:
        return 0.0 if d > 0 else 1.0
    size = a if a > d else d
    if size > LIST_SIZE:
        return table_lookup(a, d, rules)[0]
    return _lists(rules, size)[0][a][d]


def battle(attackers: int, defenders: int, rules: Rules) -> tuple[float, float, float]:
    """(P(conquest), the attacker's expected losses, the defender's expected losses)."""
    a, d = min(max(attackers, 0), LARGEST), min(max(defenders, 0), LARGEST)
    size = a if a > d else d
    if size > LIST_SIZE:
        return table_lookup(a, d, rules)
    win, lost_a, lost_d = _lists(rules, size if size > 1 else 1)
    return win[a][d], lost_a[a][d], lost_d[a][d]


@lru_cache(maxsize=LEADER_KEPT)
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


def action_odds(view: PlayerView, action: Attack | Blitz) -> BattleOdds | None:
    """The exact odds of ``action`` as the engine fights it from ``view``'s position: its own dice
    rules (``view.battle_rules``: terrain, airfields), the attacker's leader only when the action
    commits it (``LeaderAttack``; a blitz leaves it behind), the defender's where it stands (the
    automatic defence commits it, and a bot asked to defend does too). ``None`` beyond the armies
    ``battle_odds`` answers for."""
    index = view.map.index
    src, tgt = index[action.source], index[action.target]
    armies = view.army_counts
    attackers, defenders = armies[src] - 1, armies[tgt]
    if not (0 <= attackers <= MAX_ARMIES and 0 <= defenders <= MAX_ARMIES):
        return None
    return battle_odds(
        attackers,
        defenders,
        view.battle_rules(src, tgt),
        attacker_leader=isinstance(action, LeaderAttack) and attackers > 0,
        defender_leader=view.leader_at(tgt) is not None and defenders > 0,
    )
