"""JSON forms of states and records, and their validation on the way back in.

Saved games are JSON, never pickle. Reading never trusts the file: every field is type- and
range-checked against the game's configuration, and ``Game.from_json`` additionally replays the
record and requires it to reach the stored state, so a hand-edited file is refused with a
``FormatError`` instead of producing an impossible position.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from riskboard.engine.state import GameState, defence, occupation
from riskboard.errors import FormatError

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


def _battle_to_list(battle: tuple | None) -> list | None:
    if battle is None:
        return None
    if battle[0] == "defend":
        injected = battle[4]
        return [*battle[:4], [list(x) if isinstance(x, (list, tuple)) else x for x in injected] if injected else None]
    return list(battle)


def _need(d: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str = "state") -> Any:
    if key not in d:
        raise FormatError(f"{where} has no {key!r} field", code="format/missing_field")
    value = d[key]
    if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
        raise FormatError(f"{where}.{key} has the wrong type ({type(value).__name__})", code="format/bad_field")
    return value


def _count(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise FormatError(f"{where} must be a whole number ≥ 0, got {value!r}", code="format/bad_field")
    return value


def state_from_dict(cfg: GameConfig, d: Any) -> GameState:
    """Rebuild a state from ``state_to_dict`` output, checking every field."""
    if not isinstance(d, Mapping):
        raise FormatError("a state must be a JSON object", code="format/bad_field")
    players = cfg.players
    owners = cfg.owners
    ids = cfg.map.ids
    phase = _need(d, "phase", str)
    if phase not in cfg.ruleset.phases:
        raise FormatError(f"unknown phase {phase!r}", code="format/bad_field")

    def player_index(name: Any, field: str, allow_none: bool = False) -> int:
        if name is None and allow_none:
            return -1
        if name not in players:
            raise FormatError(f"state.{field}: {name!r} is not a player", code="format/bad_field")
        return players.index(name)

    terr = _need(d, "territories", dict)
    if sorted(terr) != sorted(ids):
        raise FormatError(
            "state.territories must list every territory of the map exactly once", code="format/bad_field"
        )
    owner: list[int] = []
    armies: list[int] = []
    for tid in ids:
        value = terr[tid]
        if not isinstance(value, list) or len(value) != 2:
            raise FormatError(f"state.territories.{tid} must be [owner, armies]", code="format/bad_field")
        o, n = value
        if o is None:
            owner.append(-1)
        elif o in owners:
            owner.append(owners.index(o))
        else:
            raise FormatError(f"state.territories.{tid}: unknown owner {o!r}", code="format/bad_field")
        armies.append(_count(n, f"state.territories.{tid}"))
        if phase != "setup" and (owner[-1] < 0 or armies[-1] < 1):
            raise FormatError(
                f"state.territories.{tid}: every territory needs an owner and at least 1 army", code="format/bad_field"
            )

    hands_d = _need(d, "hands", dict)
    if sorted(hands_d) != sorted(players):
        raise FormatError("state.hands must have one entry per player", code="format/bad_field")
    for p in players:
        if not isinstance(hands_d[p], list) or not all(isinstance(c, str) for c in hands_d[p]):
            raise FormatError(f"state.hands.{p} must be a list of card ids", code="format/bad_field")
    hands = tuple(tuple(hands_d[p]) for p in players)
    draw = tuple(_need(d, "draw_pile", list))
    discard = tuple(_need(d, "discard_pile", list))
    cards = [c for h in hands for c in h] + list(draw) + list(discard)
    expected = cfg.ruleset.deck(cfg) if hasattr(cfg.ruleset, "deck") else None
    if expected is not None and sorted(map(str, cards)) != sorted(expected):
        raise FormatError("the cards in hands and piles must be the whole deck, each card once", code="format/cards")

    alive_d = _need(d, "alive", dict)
    if not all(isinstance(v, bool) for v in alive_d.values()):
        raise FormatError("state.alive must map each player to true or false", code="format/bad_field")
    supply_d = _need(d, "supply", dict)
    missions_d = _need(d, "missions", dict)
    setup_left = _need(d, "setup_left", list)
    if len(setup_left) != 2:
        raise FormatError("state.setup_left must have two numbers", code="format/bad_field")
    battle = d.get("battle")
    if battle is not None:
        if not isinstance(battle, list) or len(battle) != 5 or battle[0] not in ("defend", "occupy"):
            raise FormatError("state.battle is malformed", code="format/bad_field")
        for i in (1, 2):
            if not (isinstance(battle[i], int) and 0 <= battle[i] < len(ids)):
                raise FormatError("state.battle names no territory", code="format/bad_field")
        if battle[0] == "defend":
            inj = battle[4]
            injected = tuple(tuple(x) if isinstance(x, list) else x for x in inj) if inj else None
            battle = defence(battle[1], battle[2], _count(battle[3], "state.battle"), injected)
        else:
            battle = occupation(
                battle[1], battle[2], _count(battle[3], "state.battle"), _count(battle[4], "state.battle")
            )
    try:
        return GameState(
            seq=_count(d.get("seq"), "state.seq"),
            phase=phase,
            current=player_index(d.get("current"), "current"),
            turn=_count(d.get("turn"), "state.turn"),
            owner=tuple(owner),
            armies=tuple(armies),
            reinforcements=_count(d.get("reinforcements"), "state.reinforcements"),
            hands=hands,
            draw_pile=draw,
            discard_pile=discard,
            sets_traded=_count(d.get("sets_traded"), "state.sets_traded"),
            conquered=bool(_need(d, "conquered", bool)),
            bonus_used=bool(_need(d, "bonus_used", bool)),
            alive=tuple(bool(alive_d[p]) for p in players),
            battle=battle,
            must_trade=bool(_need(d, "must_trade", bool)),
            supply=tuple(_count(supply_d[o], "state.supply") for o in owners),
            setup_left=(_count(setup_left[0], "state.setup_left"), _count(setup_left[1], "state.setup_left")),
            missions=tuple(str(missions_d[p]) for p in players) if missions_d else (),
            winner=player_index(d.get("winner"), "winner", allow_none=True),
            chance=_count(d.get("chance"), "state.chance"),
            first_player=player_index(d.get("first_player"), "first_player"),
            extra=cfg.ruleset.extra_from_dict(cfg, d.get("extra")),
        )
    except KeyError as exc:
        raise FormatError(f"state is missing an entry for {exc.args[0]!r}", code="format/missing_field") from None
