"""JSON forms of states and records, and their validation on the way back in.

Saved games are JSON, never pickle. Reading never trusts the file: every field is type- and
range-checked against the game's configuration, and ``Game.from_json`` additionally replays the
record and requires it to reach the stored state, so a hand-edited file is refused with a
``FormatError`` instead of producing an impossible position.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from riskboard.engine.combat import MOST_DICE
from riskboard.engine.state import (
    MAX_COUNT,
    MAX_UNITS,
    NO_WINNER,
    UNCLAIMED,
    Defence,
    GameState,
    Occupation,
    defence,
    occupation,
)
from riskboard.errors import FormatError
from riskboard.i18n import _

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig

SCHEMA = 2  # 2: records in the compact notation (territory codes, packed throws)
GAME_FORMAT = "riskboard/game"
RECORD_FORMAT = "riskboard/record"


def state_to_dict(cfg: GameConfig, s: GameState) -> dict[str, Any]:
    owners = cfg.owners
    ids = cfg.map.ids
    return {
        "seq": s.seq,
        "phase": s.phase,
        "current": cfg.players[s.current],
        "turn": s.turn,
        "territories": {ids[i]: [owners[o] if o >= 0 else None, s.armies[i]] for i, o in enumerate(s.owner)},
        "reinforcements": s.reinforcements,
        "hands": {p: list(h) for p, h in zip(cfg.players, s.hands)},
        "draw_pile": list(s.draw_pile),
        "discard_pile": list(s.discard_pile),
        "sets_traded": s.sets_traded,
        "conquered": s.conquered,
        "bonus_used": s.bonus_used,
        "alive": {p: a for p, a in zip(cfg.players, s.alive)},
        "battle": _battle_to_list(s.battle),
        "must_trade": s.must_trade,
        "supply": {o: n for o, n in zip(owners, s.supply)},
        "setup_left": list(s.setup_left),
        "missions": {p: m for p, m in zip(cfg.players, s.missions)},
        "winner": cfg.players[s.winner] if s.winner >= 0 else None,
        "chance": s.chance,
        "first_player": cfg.players[s.first_player],
        **({"extra": cfg.ruleset.extra_to_dict(cfg, s.extra)} if s.extra is not None else {}),
    }


def _battle_to_list(battle: Defence | Occupation | None) -> list | None:
    if battle is None:
        return None
    if isinstance(battle, Defence):
        injected = battle.injected
        return [*battle[:4], [list(x) for x in injected] if injected else None]
    return list(battle)


def _bad(where: str, what: str) -> FormatError:
    """``where`` (a field's path, ``state.phase``: no word to translate) and what is wrong with it,
    a phrase in the language spoken."""
    return FormatError(_("{field} {problem}").format(field=where, problem=what), code="format/bad_field")


def _need(d: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str = "state") -> Any:
    if key not in d:
        raise FormatError(
            _("{field} has no {key} field").format(field=where, key=repr(key)), code="format/missing_field"
        )
    value = d[key]
    if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
        raise _bad(f"{where}.{key}", _("has the wrong type ({kind})").format(kind=type(value).__name__))
    return value


def _count(value: Any, where: str, most: int = MAX_COUNT) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise _bad(
            where, _("must be a whole number from 0 to {most}, got {value}").format(most=most, value=str(value)[:40])
        )
    return value


def _names(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise _bad(where, _("must be a list of card ids"))
    return tuple(value)


def _per(d: Mapping[str, Any], key: str, names: tuple[str, ...]) -> dict[str, Any]:
    """A field that maps each of ``names`` (players or owners) to a value, exactly those."""
    value = _need(d, key, dict)
    missing = [n for n in names if n not in value]
    if missing:
        raise FormatError(
            _("{field} has no entry for {names}").format(field=f"state.{key}", names=", ".join(missing)),
            code="format/missing_field",
        )
    if len(value) != len(names):
        raise _bad(
            f"state.{key}", _("must have one entry for each of {names}, and no other").format(names=", ".join(names))
        )
    return value


def state_from_dict(cfg: GameConfig, d: Any) -> GameState:
    """Rebuild a state from ``state_to_dict`` output, checking every field's type and bounds and then
    the whole position against the edition's invariants (``Ruleset.problems``): a state that could
    not arise in a game is refused with a ``FormatError`` that says what is wrong."""
    if not isinstance(d, Mapping):
        raise FormatError(_("a state must be a JSON object"), code="format/bad_field")
    phase = _need(d, "phase", str)
    if phase not in cfg.ruleset.phases:
        raise _bad("state.phase", _("is unknown: {value}").format(value=repr(phase[:40])))
    owner, armies = _territories(cfg, d, phase)
    players = cfg.players
    hands_d = _per(d, "hands", players)
    alive_d = _per(d, "alive", players)
    if not all(isinstance(v, bool) for v in alive_d.values()):
        raise _bad("state.alive", _("must map each player to true or false"))
    supply_d = _per(d, "supply", cfg.owners)
    missions_d = _need(d, "missions", dict)
    if missions_d and (
        sorted(missions_d) != sorted(players) or not all(isinstance(m, str) for m in missions_d.values())
    ):
        raise _bad("state.missions", _("must map each player to a mission, or be empty"))
    setup_left = _need(d, "setup_left", list)
    if len(setup_left) != 2:
        raise _bad("state.setup_left", _("must have two numbers"))
    state = GameState(
        seq=_count(d.get("seq"), "state.seq"),
        chance=_count(d.get("chance"), "state.chance"),
        phase=phase,
        current=_player(cfg, d.get("current"), "current"),
        turn=_count(d.get("turn"), "state.turn"),
        owner=owner,
        armies=armies,
        reinforcements=_count(d.get("reinforcements"), "state.reinforcements", MAX_UNITS),
        hands=tuple(_names(hands_d[p], f"state.hands.{p}") for p in players),
        draw_pile=_names(_need(d, "draw_pile", list), "state.draw_pile"),
        discard_pile=_names(_need(d, "discard_pile", list), "state.discard_pile"),
        sets_traded=_count(d.get("sets_traded"), "state.sets_traded"),
        conquered=_need(d, "conquered", bool),
        bonus_used=_need(d, "bonus_used", bool),
        alive=tuple(alive_d[p] for p in players),
        battle=_battle(cfg, d.get("battle")),
        must_trade=_need(d, "must_trade", bool),
        supply=tuple(_count(supply_d[o], "state.supply", MAX_UNITS) for o in cfg.owners),
        setup_left=(
            _count(setup_left[0], "state.setup_left", MAX_UNITS),
            _count(setup_left[1], "state.setup_left", MAX_UNITS),
        ),
        missions=tuple(missions_d[p] for p in players) if missions_d else (),
        winner=_player(cfg, d.get("winner"), "winner", allow_none=True),
        first_player=_player(cfg, d.get("first_player"), "first_player"),
        extra=cfg.ruleset.extra_from_dict(cfg, d.get("extra")),
    )
    problems = cfg.ruleset.problems(cfg, state) or _nothing_to_do(cfg, state)
    if problems:
        code = getattr(problems[0], "code", "format/impossible")
        raise FormatError(
            _("the saved position is impossible: {problems}").format(problems="; ".join(_(p) for p in problems[:5])),
            code=code,
        )
    return state


def _nothing_to_do(cfg: GameConfig, s: GameState) -> list[str]:
    """A game that is not over must leave its pending player something to do."""
    if s.phase == "over":
        return []
    try:
        actions = cfg.ruleset.legal_actions(cfg, s)
    except (LookupError, TypeError, ValueError, AttributeError):
        return [_("the rules cannot say what may be done in this position")]
    return [] if actions else [_("nobody can do anything in this position")]


def _player(cfg: GameConfig, name: Any, field: str, allow_none: bool = False) -> int:
    if name is None and allow_none:
        return NO_WINNER
    if not isinstance(name, str) or name not in cfg.players:
        raise _bad(f"state.{field}", _("names no player: {value}").format(value=repr(str(name)[:40])))
    return cfg.players.index(name)


def _territories(cfg: GameConfig, d: Mapping[str, Any], phase: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Owner and units per territory: every territory of the map once, a known owner (nobody only
    during the setup) and a bounded count."""
    ids = cfg.map.ids
    owners = cfg.owners
    terr = _need(d, "territories", dict)
    if sorted(terr) != sorted(ids):
        raise _bad("state.territories", _("must list every territory of the map exactly once"))
    owner: list[int] = []
    armies: list[int] = []
    for tid in ids:
        value = terr[tid]
        if not isinstance(value, list) or len(value) != 2:
            raise _bad(f"state.territories.{tid}", _("must be [owner, armies]"))
        o, n = value
        if o is None:
            owner.append(UNCLAIMED)
        elif isinstance(o, str) and o in owners:
            owner.append(owners.index(o))
        else:
            raise _bad(f"state.territories.{tid}", _("has an unknown owner {value}").format(value=repr(str(o)[:40])))
        armies.append(_count(n, f"state.territories.{tid}", MAX_UNITS))
        if phase != "setup" and (owner[-1] < 0 or armies[-1] < 1):
            raise _bad(f"state.territories.{tid}", _("needs an owner and at least 1 army"))
    return tuple(owner), tuple(armies)


def _battle(cfg: GameConfig, battle: Any) -> Defence | Occupation | None:
    """``["defend", source, target, dice, injected]`` or ``["occupy", source, target, least, most]``."""
    if battle is None:
        return None
    if not isinstance(battle, list) or len(battle) != 5 or battle[0] not in ("defend", "occupy"):
        raise _bad("state.battle", _("is malformed"))
    n = len(cfg.map)
    src, tgt = (_count(battle[i], "state.battle", n - 1) for i in (1, 2))
    if battle[0] == "occupy":
        return occupation(
            src, tgt, _count(battle[3], "state.battle", MAX_UNITS), _count(battle[4], "state.battle", MAX_UNITS)
        )
    injected = battle[4]
    if injected is not None:
        sides = cfg.rules.sides
        if (
            not isinstance(injected, list)
            or not 1 <= len(injected) <= 2
            or not all(isinstance(x, list) and 1 <= len(x) <= MOST_DICE for x in injected)
            or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= sides for x in injected for v in x)
        ):
            raise _bad("state.battle", _("has malformed dice"))
        injected = tuple(tuple(x) for x in injected) or None
    return defence(src, tgt, _count(battle[3], "state.battle", MOST_DICE), injected)
