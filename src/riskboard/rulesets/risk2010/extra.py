"""``Risk2010Extra``: the 2010 facts a ``GameState`` carries in its ``extra`` field (the cards
reserved under the neutral armies, where the ceasefire card lies, a shared win), and their JSON
form. Indices and tuples only, so states stay hashable values."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from riskboard.engine.state import MAX_COUNT
from riskboard.errors import FormatError
from riskboard.i18n import _

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig

NOT_IN_GAME = -1


class Risk2010Extra(NamedTuple):
    reserved: tuple[tuple[str, ...], ...]
    """Per neutral army (two-player game): the cards face down under it (§4.5 step 4); ``()``
    in the other variants."""
    ceasefire: int
    """Cards still above the ceasefire card in the draw pile (§4.3 step 4; the next draw takes it
    at 0), or ``-1`` when it is not in the pile (not used, or drawn). Hidden from the players."""
    drawn: int
    """Cards drawn from the pile since the game began: public, it says how near the ceasefire is."""
    winners: tuple[int, ...] = ()
    """Every winner of a shared win after the ceasefire (§4.7); ``()`` otherwise."""


def extra_to_dict(cfg: GameConfig, x: Risk2010Extra) -> dict[str, Any]:
    return {
        "reserved": {n: list(cards) for n, cards in zip(cfg.neutrals, x.reserved)},
        "ceasefire": x.ceasefire,
        "drawn": x.drawn,
        "winners": [cfg.players[w] for w in x.winners],
    }


def _bad(what: str) -> FormatError:
    return FormatError(_("state.extra.{field} is malformed").format(field=what), code="format/bad_field")


def extra_from_dict(cfg: GameConfig, d: Any) -> Risk2010Extra:
    """Rebuild ``Risk2010Extra`` from ``extra_to_dict`` output, checking every field's type and
    bounds (the position as a whole is checked by the edition's invariants)."""
    if not isinstance(d, dict):
        raise FormatError(_("a 2010 edition state needs its 'extra' object"), code="format/missing_field")
    reserved = d.get("reserved")
    if not isinstance(reserved, dict) or sorted(reserved) != sorted(cfg.neutrals):
        raise _bad("reserved")
    cards: list[tuple[str, ...]] = []
    for n in cfg.neutrals:
        v = reserved[n]
        if not isinstance(v, list) or not all(isinstance(c, str) and c in cfg.map.index for c in v):
            raise _bad("reserved")
        cards.append(tuple(v))

    def count(key: str, least: int) -> int:
        v = d.get(key)
        if isinstance(v, bool) or not isinstance(v, int) or not least <= v <= MAX_COUNT:
            raise _bad(key)
        return v

    winners = d.get("winners", [])
    if not isinstance(winners, list) or not all(isinstance(w, str) and w in cfg.players for w in winners):
        raise _bad("winners")
    if len(set(winners)) != len(winners):
        raise _bad("winners")
    return Risk2010Extra(
        reserved=tuple(cards),
        ceasefire=count("ceasefire", NOT_IN_GAME),
        drawn=count("drawn", 0),
        winners=tuple(sorted(cfg.players.index(w) for w in winners)),
    )
