"""Reading a scenario's ``position`` (``{territory: (owner, units)}``) and the keywords every
edition shares, with one clear ``ConfigError`` per mistake (DESIGN.md: scenarios for every edition)."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING, Any

from riskboard.engine.state import MAX_UNITS
from riskboard.errors import ConfigError
from riskboard.i18n import _

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig


def read_position(
    cfg: GameConfig, position: Any, current_player: str | None
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...], int]:
    """Owner and units per territory, who is still alive, and the index of the player to move;
    every territory named once with a known owner and at least 1 unit, two players with land."""
    gm = cfg.map
    owners = cfg.owners
    if not isinstance(position, Mapping):
        raise ConfigError(_("position must be a mapping {territory: (owner, armies)}"), code="scenario/invalid")
    unknown = sorted(str(k) for k in position if k not in gm.index)
    if unknown:
        raise ConfigError(
            _("position names territories the {map} map does not have: {territories}").format(
                map=gm.id, territories=", ".join(unknown)
            ),
            code="scenario/unknown_territory",
        )
    missing = [t for t in gm.ids if t not in position]
    if missing:
        raise ConfigError(
            _("position must give every territory an owner and armies; missing: {territories}").format(
                territories=", ".join(missing)
            ),
            code="scenario/incomplete",
        )
    owner = [0] * len(gm)
    armies = [0] * len(gm)
    for tid, value in position.items():
        try:
            who, count = value
        except (TypeError, ValueError):
            raise ConfigError(
                _("position[{territory}] must be (owner, armies), got {value}").format(
                    territory=repr(tid), value=repr(value)
                ),
                code="scenario/invalid",
            ) from None
        if who not in owners:
            raise ConfigError(
                _("{territory}: unknown owner {owner}; owners are {owners}").format(
                    territory=tid, owner=repr(who), owners=", ".join(owners)
                ),
                code="scenario/unknown_owner",
            )
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_UNITS:
            raise ConfigError(
                _("{territory}: every territory needs 1 to {most} armies, got {count}").format(
                    territory=tid, most=MAX_UNITS, count=repr(count)
                ),
                code="scenario/bad_armies",
            )
        owner[gm.index[tid]] = owners.index(who)
        armies[gm.index[tid]] = count

    alive = tuple(p in owner for p in range(len(cfg.players)))
    if sum(alive) < 2:
        raise ConfigError(_("a scenario needs at least two players who own territories"), code="scenario/over")
    current_player = cfg.players[0] if current_player is None else current_player
    if current_player not in cfg.players:
        raise ConfigError(
            _("current_player {player} is not one of {players}").format(
                player=repr(current_player), players=", ".join(cfg.players)
            ),
            code="scenario/unknown_player",
        )
    current = cfg.players.index(current_player)
    if not alive[current]:
        raise ConfigError(
            _("{player} owns no territory and cannot have the turn").format(player=current_player),
            code="scenario/invalid",
        )
    return tuple(owner), tuple(armies), alive, current


def read_turn(extras: Mapping[str, Any]) -> tuple[int, bool]:
    """The ``turn`` (default 1) and ``conquered`` (default False) keywords."""
    turn = extras.get("turn", 1)
    if isinstance(turn, bool) or not isinstance(turn, int) or not 1 <= turn <= 10**6:
        raise ConfigError(
            _("turn must be a whole number ≥ 1, got {value}").format(value=repr(turn)), code="scenario/invalid"
        )
    return turn, bool(extras.get("conquered", False))


def check_keywords(extras: Mapping[str, Any], known: AbstractSet[str]) -> None:
    """Refuse a scenario keyword the edition does not know, naming those it does."""
    unknown = sorted(set(extras) - known)
    if unknown:
        raise ConfigError(
            _("unknown scenario keywords: {unknown}; known: {known}").format(
                unknown=", ".join(unknown), known=", ".join(sorted(known))
            ),
            code="scenario/unknown_keyword",
        )


def read_reinforcements(extras: Mapping[str, Any], default: int) -> int:
    """The ``reinforcements`` keyword (units still to place), or ``default`` when not given."""
    given = extras.get("reinforcements")
    if given is None:
        return default
    if isinstance(given, bool) or not isinstance(given, int) or given < 0:
        raise ConfigError(
            _("reinforcements must be a whole number ≥ 0, got {value}").format(value=repr(given)),
            code="scenario/invalid",
        )
    return given
