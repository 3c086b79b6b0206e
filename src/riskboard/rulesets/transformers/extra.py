"""``TfExtra``: the Transformers facts a ``GameState`` carries in its ``extra`` field (where each
leader stands, the scrapyards, the round, a liberation action between throws), and their JSON form.
Indices and tuples only, so states stay hashable values."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from riskboard.engine.state import MAX_COUNT, MAX_UNITS
from riskboard.errors import FormatError
from riskboard.i18n import _

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig

SCRAPYARD = -1
"""A leader's place when it is on its owner's scrapyard."""
UNPLACED = -2
"""A leader's place before its start zone is chosen (setup)."""
STAGES = ("defend", "casualty", "continue")


class Fight(NamedTuple):
    """A liberation action between its throws (§6.4–6.5)."""

    origin: int
    target: int
    committed: int
    """Attacking units committed to the last (or pending) throw."""
    leader: bool
    """The attacker's leader is one of them."""
    stage: str
    """``defend``: the defender chooses dice; ``casualty``: a loser chooses casualties;
    ``continue``: outcome 2, the attacker continues or stops."""
    attacker_lost: int = 0
    """Units the attacker lost in the last throw (the rest move in after a liberation)."""
    casualties: tuple[tuple[int, int], ...] = ()
    """Casualty choices still to make: (side, units lost), side 0 the attacker, 1 the defender."""
    defender_leader: bool = False
    """The defender's leader defended in the last throw."""
    injected: tuple[tuple[int, ...], ...] = ()
    """Stage ``defend`` only: dice given with the attack (the attacker's, perhaps the defender's),
    thrown when the defender answers. Kept here, not in ``GameState.battle``, whose saved form
    allows d6 values only."""


class TfExtra(NamedTuple):
    leaders: tuple[int, ...]
    """Per player: the zone its leader stands on, ``SCRAPYARD`` or ``UNPLACED``."""
    scrapyard: tuple[int, ...]
    """Per player: robots on its scrapyard (§6.6)."""
    round: int
    """The round being played, 1 to 6 (0 during the setup)."""
    blocked: int = -1
    """After a liberated zone, the origin the next action may not start from (§6.5), or -1."""
    fight: Fight | None = None
    winners: tuple[int, ...] = ()
    """Every winner when several share the win (an alliance, a tie after round 6)."""


def extra_to_dict(cfg: GameConfig, x: TfExtra) -> dict[str, Any]:
    ids = cfg.map.ids

    def where(t: int) -> str | None:
        return ids[t] if t >= 0 else ("scrapyard" if t == SCRAPYARD else None)

    f = x.fight
    return {
        "leaders": {p: where(t) for p, t in zip(cfg.players, x.leaders)},
        "scrapyard": dict(zip(cfg.players, x.scrapyard)),
        "round": x.round,
        "blocked": ids[x.blocked] if x.blocked >= 0 else None,
        "fight": None
        if f is None
        else {
            "origin": ids[f.origin],
            "target": ids[f.target],
            "committed": f.committed,
            "leader": f.leader,
            "stage": f.stage,
            "attacker_lost": f.attacker_lost,
            "casualties": [list(c) for c in f.casualties],
            "defender_leader": f.defender_leader,
            "injected": [list(d) for d in f.injected],
        },
        "winners": [cfg.players[w] for w in x.winners],
    }


def _bad(what: str) -> FormatError:
    return FormatError(_("state.extra.{field} is malformed").format(field=what), code="format/bad_field")


def extra_from_dict(cfg: GameConfig, d: Any) -> TfExtra:
    """Rebuild ``TfExtra`` from ``extra_to_dict`` output, checking every field's type and bounds
    (the position as a whole is checked by the edition's invariants)."""
    if not isinstance(d, dict):
        raise FormatError(_("a Transformers state needs its 'extra' object"), code="format/missing_field")
    index = cfg.map.index
    players = cfg.players

    def count(v: Any, what: str, most: int = MAX_UNITS, least: int = 0) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or not least <= v <= most:
            raise _bad(what)
        return v

    def zone(v: Any, what: str) -> int:
        if not isinstance(v, str) or v not in index:
            raise _bad(what)
        return index[v]

    def per_player(key: str) -> dict[str, Any]:
        v = d.get(key)
        if not isinstance(v, dict) or sorted(v) != sorted(players):
            raise _bad(key)
        return v

    leaders_d = per_player("leaders")
    leaders = []
    for p in players:
        v = leaders_d[p]
        leaders.append(UNPLACED if v is None else SCRAPYARD if v == "scrapyard" else zone(v, "leaders"))
    yard = per_player("scrapyard")
    blocked = d.get("blocked")
    fight = None
    f = d.get("fight")
    if f is not None:
        if not isinstance(f, dict) or f.get("stage") not in STAGES:
            raise _bad("fight")
        cas = f.get("casualties", [])
        if not isinstance(cas, list) or len(cas) > 2:
            raise _bad("fight")
        casualties = []
        for c in cas:
            if not isinstance(c, list) or len(c) != 2:
                raise _bad("fight")
            casualties.append((count(c[0], "fight", 1), count(c[1], "fight", 3, 1)))
        if not all(isinstance(f.get(k, False), bool) for k in ("leader", "defender_leader")):
            raise _bad("fight")
        given = f.get("injected", [])
        if not isinstance(given, list) or len(given) > 2:
            raise _bad("fight")
        injected = []
        for dice in given:
            if not isinstance(dice, list) or not 1 <= len(dice) <= 3:
                raise _bad("fight")
            injected.append(tuple(count(v, "fight", cfg.rules.leader_sides, 1) for v in dice))
        fight = Fight(
            zone(f.get("origin"), "fight"),
            zone(f.get("target"), "fight"),
            count(f.get("committed"), "fight", 3, 1),
            f.get("leader", False),
            f["stage"],
            count(f.get("attacker_lost", 0), "fight", 3),
            tuple(casualties),
            f.get("defender_leader", False),
            tuple(injected),
        )
    winners = d.get("winners", [])
    if not isinstance(winners, list) or not all(isinstance(w, str) and w in players for w in winners):
        raise _bad("winners")
    if len(set(winners)) != len(winners):
        raise _bad("winners")
    return TfExtra(
        leaders=tuple(leaders),
        scrapyard=tuple(count(yard[p], "scrapyard") for p in players),
        round=count(d.get("round"), "round", MAX_COUNT),
        blocked=-1 if blocked is None else zone(blocked, "blocked"),
        fight=fight,
        winners=tuple(sorted(players.index(w) for w in winners)),
    )
