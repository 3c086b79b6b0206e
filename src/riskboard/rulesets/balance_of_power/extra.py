"""``BopExtra``: the Balance of Power facts a ``GameState`` carries in its ``extra`` field,
and their JSON form. Everything is indices and tuples, so states stay hashable values."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from riskboard.engine.state import MAX_UNITS
from riskboard.errors import FormatError
from riskboard.i18n import _
from riskboard.rulesets.balance_of_power.data import COMMANDS, MISSIONS

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig

NONE = -1


class BopExtra(NamedTuple):
    """Cities, capitals, missions, field hospitals, airfields and this turn's purchases."""

    cities: tuple[int, ...]
    """Territory indices with a city, ascending."""
    capitals: tuple[int, ...]
    """Per player: the territory of their capital (``-1`` while not yet placed in a free setup)."""
    board_missions: tuple[str, ...]
    """The face-up missions still on the board."""
    collected: tuple[tuple[str, ...], ...]
    """Per player: the missions they have collected, in order."""
    collected_this_turn: bool
    hospital: tuple[int, ...]
    """Per player: defeated units waiting on their field hospital."""
    airfields: tuple[int, ...]
    """Per player: the territory of their airfield, or ``-1``."""
    purchases: tuple[str, ...]
    """The special commands the current player bought this turn, in order."""
    step_left: int = 0
    """Units still to place in a multi-action step (neutral resistance)."""
    step_used: tuple[int, ...] = ()
    """Territories used so far in that step (neutral resistance allows one or two)."""
    uprising: tuple[int, int, int] | None = None
    """An uprising waiting for the defender's dice: (neutral source, target, neutral dice)."""


def extra_to_dict(cfg: GameConfig, x: BopExtra) -> dict[str, Any]:
    ids = cfg.map.ids
    players = cfg.players
    return {
        "cities": [ids[t] for t in x.cities],
        "capitals": {p: ids[t] if t >= 0 else None for p, t in zip(players, x.capitals)},
        "board_missions": list(x.board_missions),
        "collected": {p: list(m) for p, m in zip(players, x.collected)},
        "collected_this_turn": x.collected_this_turn,
        "hospital": {p: n for p, n in zip(players, x.hospital)},
        "airfields": {p: ids[t] if t >= 0 else None for p, t in zip(players, x.airfields)},
        "purchases": list(x.purchases),
        "step_left": x.step_left,
        "step_used": [ids[t] for t in x.step_used],
        "uprising": [ids[x.uprising[0]], ids[x.uprising[1]], x.uprising[2]] if x.uprising else None,
    }


def _bad(what: str) -> FormatError:
    return FormatError(_("state.extra.{field} is malformed").format(field=what), code="format/bad_field")


def extra_from_dict(cfg: GameConfig, d: Any) -> BopExtra:
    """Rebuild ``BopExtra`` from ``extra_to_dict`` output, checking every field's type and bounds
    (the position as a whole is checked by the edition's invariants)."""
    if not isinstance(d, dict):
        raise FormatError(_("a Balance of Power state needs its 'extra' object"), code="format/missing_field")
    index = cfg.map.index
    players = cfg.players

    def territory(v: Any, what: str, allow_none: bool = False) -> int:
        if v is None and allow_none:
            return NONE
        if not isinstance(v, str) or v not in index:
            raise _bad(what)
        return index[v]

    def per_player(key: str) -> dict[str, Any]:
        v = d.get(key)
        if not isinstance(v, dict) or sorted(v) != sorted(players):
            raise _bad(key)
        return v

    def count(v: Any, what: str) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_UNITS:
            raise _bad(what)
        return v

    def words(v: Any, what: str, known: Any) -> tuple[str, ...]:
        if not isinstance(v, list) or not all(isinstance(m, str) and m in known for m in v):
            raise _bad(what)
        return tuple(v)

    cities = d.get("cities")
    if not isinstance(cities, list) or not all(isinstance(c, str) for c in cities) or len(set(cities)) != len(cities):
        raise _bad("cities")
    capitals = per_player("capitals")
    collected = per_player("collected")
    hospital = per_player("hospital")
    airfields = per_player("airfields")
    if not isinstance(d.get("collected_this_turn"), bool):
        raise _bad("collected_this_turn")
    used = d.get("step_used", [])
    if not isinstance(used, list) or len(used) > 2:
        raise _bad("step_used")
    up = d.get("uprising")
    uprising = None
    if up is not None:
        if not isinstance(up, list) or len(up) != 3:
            raise _bad("uprising")
        uprising = (territory(up[0], "uprising"), territory(up[1], "uprising"), count(up[2], "uprising"))
    return BopExtra(
        cities=tuple(sorted(territory(c, "cities") for c in cities)),
        capitals=tuple(territory(capitals[p], "capitals", allow_none=True) for p in players),
        board_missions=words(d.get("board_missions"), "board_missions", MISSIONS),
        collected=tuple(words(collected[p], "collected", MISSIONS) for p in players),
        collected_this_turn=d["collected_this_turn"],
        hospital=tuple(count(hospital[p], "hospital") for p in players),
        airfields=tuple(territory(airfields[p], "airfields", allow_none=True) for p in players),
        purchases=words(d.get("purchases"), "purchases", COMMANDS),
        step_left=count(d.get("step_left", 0), "step_left"),
        step_used=tuple(territory(t, "step_used") for t in used),
        uprising=uprising,
    )
