"""Records and saved games: a game as JSON, and a game back from JSON.

A record is the configuration, the initial state and every action in the compact notation
(``riskboard.engine.notation``), enough to replay the game exactly without a random generator. A
saved game is the record plus the current state. Reading never trusts the text: JSON limits
(depth, number size, no NaN or Infinity), every field of both states (``serialize``), the
edition's own invariants (``Ruleset.problems``), every replayed action and the agreement of the
replay with the stored state are checked, and anything wrong is a ``FormatError`` saying what.

Which edition a record names is the registry's business, above the engine: it installs the
function that turns a record's header into a ``GameConfig`` (``install_configure``), so the
engine never imports the editions.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from riskboard.engine.combat import MOST_DICE
from riskboard.engine.notation import decode_entry, encode_entry
from riskboard.engine.ruleset import GameConfig
from riskboard.engine.serialize import GAME_FORMAT, RECORD_FORMAT, SCHEMA, state_from_dict, state_to_dict
from riskboard.engine.state import MAX_UNITS
from riskboard.errors import ConfigError, FormatError, IllegalAction
from riskboard.i18n import N_, _

if TYPE_CHECKING:
    from riskboard.engine.game import Game

Configure = Callable[[Mapping[str, Any]], GameConfig]
"""Builds a game's configuration from a record's header (ruleset, variant, setup, players, options, seed)."""
_configure: list[Configure] = []
MAX_DEPTH = 64
"""JSON nested deeper than this is not a riskboard file (a save is about six levels deep)."""
MAX_TEXT = 2**30
"""The largest file read (1 GiB, some fifty million actions of a record): a guard against reading
what is no game at all, far above any game bots play (a 3,500-action game is under 90 KB)."""
MAX_ENTRY = 64 + 2 * MAX_UNITS * 2 * (MOST_DICE + 1)
"""The longest record entry: an action's text and every throw of a blitz between two stacks of
``MAX_UNITS`` (each throw takes a unit away, so at most ``2 * MAX_UNITS`` throws), each throw at
most a die's digit and a space per die on each side. What the engine writes, the loader reads."""


def install_configure(configure: Configure) -> None:
    """Let records name their edition: the registry installs its lookup here when it is imported."""
    _configure[:] = [configure]


def record(game: Game) -> dict[str, Any]:
    """``game.record()``: configuration, initial state and every action with its outcomes."""
    cfg = game.config
    game_map = cfg.map
    return {
        "format": RECORD_FORMAT,
        "schema": SCHEMA,
        **header(cfg),
        "initial": state_to_dict(cfg, game.initial_state),
        "actions": [encode_entry(act, outcomes, game_map) for act, outcomes in game.actions],
    }


def header(cfg: GameConfig) -> dict[str, Any]:
    return {
        "ruleset": cfg.ruleset.name,
        "ruleset_version": cfg.ruleset.version,
        "variant": cfg.variant,
        "setup": cfg.setup,
        "players": list(cfg.players),
        "options": dict(cfg.options),
        "seed": cfg.seed,
    }


def to_json(game: Game, indent: int | None = None) -> str:
    data = {
        "format": GAME_FORMAT,
        "schema": SCHEMA,
        "record": record(game),
        "state": state_to_dict(game.config, game.state),
    }
    return json.dumps(data, indent=indent, ensure_ascii=False, separators=None if indent else (",", ":"))


def _no_constant(name: str) -> Any:
    raise FormatError(_("{name} is not a number a riskboard file may hold").format(name=name), code="format/json")


def parse_json(text: str | bytes, what: str) -> Any:
    """JSON text as Python data, refusing what no riskboard file holds: NaN and Infinity, numbers
    of more than 4,300 digits, nesting deeper than ``MAX_DEPTH``."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise FormatError(
            _("{what} must be JSON text, got {kind}").format(what=_(what), kind=type(text).__name__), code="format/json"
        )
    if len(text) > MAX_TEXT:
        raise FormatError(
            _("{what} is larger than {size} GiB").format(what=_(what), size=MAX_TEXT // 2**30), code="format/json"
        )
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except FormatError:
        raise
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:  # JSONDecodeError is a ValueError
        raise FormatError(
            _("{what} is not valid JSON ({error})").format(what=_(what), error=exc), code="format/json"
        ) from None
    if _depth(data) > MAX_DEPTH:
        raise FormatError(_("{what} is nested deeper than any riskboard file").format(what=_(what)), code="format/json")
    return data


def _depth(data: Any) -> int:
    """How deeply ``data`` nests lists and objects (iteratively: deep input must not recurse)."""
    deepest = 0
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                return depth
            stack.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


UNEXPECTED = "unexpected"


def load(text: str | bytes) -> Game:
    """``Game.from_json``: a saved game, every part of it checked."""
    try:
        return _load(text)
    except (LookupError, TypeError, ValueError, AttributeError, ArithmeticError, RecursionError) as exc:
        if isinstance(exc, FormatError):
            raise
        # every part of a save is checked before use; this only keeps a check we missed from
        # escaping as something other than a FormatError (the fuzz tests look for the word)
        raise FormatError(
            _("the file is not a game this riskboard can read ({unexpected} {error})").format(
                unexpected=UNEXPECTED, error=type(exc).__name__
            )
        ) from exc


def _load(text: str | bytes) -> Game:
    data = parse_json(text, N_("the game file"))
    if not isinstance(data, dict) or data.get("format") != GAME_FORMAT:
        raise FormatError(
            _("not a riskboard game file (expected format {format})").format(format=repr(GAME_FORMAT)),
            code="format/kind",
        )
    check_schema(data)
    game = _replay(data.get("record"), None)
    stored = data.get("state")
    if not isinstance(stored, dict):
        raise FormatError(_("the game file has no state"), code="format/missing_field")
    state = state_from_dict(game.config, stored)
    if state != game.state:
        raise FormatError(
            _("the saved state does not match what its record produces: the file was edited or is corrupt"),
            code="format/inconsistent",
        )
    return game


def check_schema(data: Mapping[str, Any]) -> None:
    schema = data.get("schema")
    if schema != SCHEMA:
        raise FormatError(
            _("this file has schema version {schema}; this riskboard reads version {version}").format(
                schema=repr(schema), version=SCHEMA
            ),
            code="format/version",
        )


def replay(record: Any, configure: Configure | None = None) -> Game:
    """A game rebuilt from ``game.record()`` (a dict or its JSON text): every action replayed with
    its recorded outcomes. ``configure`` turns the header into a configuration (by default the
    registry's, installed with ``install_configure``). Anything wrong is a ``FormatError``."""
    try:
        return _replay(record, configure)
    except (LookupError, TypeError, ValueError, AttributeError, ArithmeticError, RecursionError) as exc:
        if isinstance(exc, FormatError):
            raise
        raise FormatError(
            _("the record is not one this riskboard can read ({unexpected} {error})").format(
                unexpected=UNEXPECTED, error=type(exc).__name__
            )
        ) from exc


def _replay(record: Any, configure: Configure | None) -> Game:
    from riskboard.engine.game import Game

    if isinstance(record, (str, bytes)):
        record = parse_json(record, N_("the record"))
    if not isinstance(record, Mapping) or record.get("format") != RECORD_FORMAT:
        raise FormatError(
            _("not a riskboard record (expected format {format})").format(format=repr(RECORD_FORMAT)),
            code="format/kind",
        )
    check_schema(record)
    cfg = _config(record, configure)
    game = Game(cfg, state_from_dict(cfg, record.get("initial")))
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise FormatError(_("the record has no list of actions"), code="format/missing_field")
    for n, entry in enumerate(actions, 1):
        if not isinstance(entry, str) or len(entry) > MAX_ENTRY:
            raise FormatError(
                _("action {n} of the record is malformed: {entry}").format(n=n, entry=repr(str(entry)[:80])),
                code="format/bad_action",
            )
        try:
            text, outcomes = decode_entry(entry, cfg.map)
            game.replay_entry(text, outcomes)
        except (FormatError, IllegalAction) as exc:
            raise FormatError(
                _("action {n} of the record ({entry}) cannot be replayed: {error}").format(
                    n=n, entry=repr(entry), error=exc
                ),
                code="format/bad_action",
            ) from None
    return game


def _config(record: Mapping[str, Any], configure: Configure | None) -> GameConfig:
    for key in ("ruleset", "players", "variant", "setup", "options", "seed"):
        if key not in record:
            raise FormatError(_("the record has no {key} entry").format(key=repr(key)), code="format/missing_field")
    seed = record.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        # a seed of None would make a random one: the loaded game would then roll other dice
        raise FormatError(
            _("the record's seed must be a whole number, got {seed}").format(seed=repr(seed)), code="format/bad_field"
        )
    configure = configure or (_configure[0] if _configure else None)
    if configure is None:
        raise FormatError(_("no registry of editions is installed to read this record"), code="format/config")
    try:
        cfg = configure(record)
    except ConfigError as exc:
        raise FormatError(
            _("the record's configuration is invalid: {error}").format(error=exc), code="format/config"
        ) from None
    if str(record.get("ruleset_version")) != cfg.ruleset.version:
        raise FormatError(
            _("the record was made with {ruleset} rules version {made}; this riskboard has version {version}").format(
                ruleset=cfg.ruleset.name, made=repr(record.get("ruleset_version")), version=cfg.ruleset.version
            ),
            code="format/version",
        )
    return cfg
