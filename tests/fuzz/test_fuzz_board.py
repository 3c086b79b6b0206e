"""Hostile messages and trait writes from the board's front end (issue 19, item 5).

Two families, against boards of every edition and a few variants, in positions of every kind
(setup, an attack with a source selected, a move-in, a defender asked for dice, a continued attack,
neutral support, a purchase, a finished game):

- ``board-messages``: intents built by a seeded ``random.Random``, in the intent shape and outside
  it: values of every JSON type and beyond (bytes, NaN, huge numbers and texts, deep nesting),
  valid kinds with wrong fields, real action texts that are illegal now (or mutated, or legal),
  stale and missing state ids, buffers; sent as the message callback gets them and as whole comm
  messages, up to eight to a board (accepted ones move its game on, and the next is made for it).
- ``board-traits``: writes of every synced trait from the "front end" (the comm's ``update``):
  the kernel's own value, forged values of the right type (a seat taken by a bot that does not
  exist, a state id ahead), junk, unknown names, malformed states and buffers.

After each case: nothing was raised; a refused message or write changed neither the game (its
``to_json()`` and ``state_id``) nor any trait but ``error``, and set ``error`` (with the documented
code where the message decides it); every trait agrees with the game; ``board.log`` is still the
widget library's logger. A trait write also has the kernel's values sent back, and a legal action
after it is still accepted. Anything else is an escape, counted by kind.
"""

from __future__ import annotations

import logging
import math
import random
import re
import reprlib
from collections.abc import Callable
from typing import Any

import pytest

import riskboard as rb
from fuzz.tally import Tally
from riskboard.engine.state import MAX_UNITS
from riskboard.widget.board import MESSAGE_LIMIT, SEATS
from riskboard.widget.contract import UNDATED_INTENTS
from riskboard.widget.edition import counts_payload, extras_payload
from riskboard.widget.payload import dice_payload, event_log_payload, hints_payload, view_payload
from riskboard.widget.replay import REPLAY_INTENTS

MESSAGES = 100
"""Messages per position in the CI size of ``board-messages``."""
CHAIN = 8
"""Messages one board of a position gets before a fresh one (accepted ones move its game on)."""
WRITES = 50
"""Trait writes per position in the CI size of ``board-traits``."""
KINDS = tuple(sorted(name.removeprefix("_intent_") for name in dir(rb.Board) if name.startswith("_intent_")))
"""Every intent the board knows (a new one is fuzzed too, with the fields of none)."""
CODE = re.compile(r"[a-z0-9_]+/[a-z0-9_]+")
"""A refusal's code: stable English words, ``family/name`` (``board/internal`` is a bug, not a refusal)."""

_short = reprlib.Repr()
_short.maxstring = _short.maxother = 60
_short.maxlevel = 3


def _what(value: object) -> str:
    """A case's description for the figures: short, and safe for any value (deep, huge)."""
    try:
        return _short.repr(value)
    except Exception as exc:  # a value whose repr fails is itself a fair hostile input
        return f"<unprintable {type(value).__name__}: {type(exc).__name__}>"


# -- positions -------------------------------------------------------------------------------------
def _play_until(game: rb.Game, decision: str, seed: int) -> rb.Game:
    """Random bots play ``game`` until ``decision`` is pending."""
    bots = {p: rb.bots.Random(seed=seed + i) for i, p in enumerate(game.players)}
    for _ in range(5000):
        pending = game.pending
        if pending.decision == decision:
            return game
        if pending.player is None:
            break
        game.apply(bots[pending.player].act(game.view(pending.player)))
    raise AssertionError(f"no {decision!r} decision reached (now {game.pending})")


def _finished(name: str, players: list[str], **kw: Any) -> rb.Game:
    game = rb.new_game(name, players=players, seed=2, **kw)
    game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(players)}, max_turns=500)
    assert game.is_over
    return game


def _large_stack() -> rb.Game:
    """An attack from a source at the engine's bound (its odds are not worked out), won at once."""
    world = rb.load_map("world")
    position = {t: ("Bo", 2) for t in world.ids}
    na = world.region("north_america").territories
    for t in na:
        position[t] = ("Ada", 1)
    position["alaska"] = ("Ada", MAX_UNITS - (len(na) - 1))
    return rb.new_game("classic", players=["Ada", "Bo"], position=position, current_player="Ada", phase="attack")


P2, P3, P4 = ["Ada", "Bo"], ["Ada", "Bo", "Cy"], ["Ada", "Bo", "Cy", "Di"]
POSITIONS: list[tuple[str, Callable[[], rb.Game], bool]] = [
    # (name, the game, whether a source is selected first)
    ("classic setup", lambda: rb.new_game("classic", players=P3, seed=7), False),
    ("classic 2-player attack", lambda: _play_until(rb.new_game("classic", players=P2, seed=2), "attack", 2), True),
    (
        "classic secret missions attack",
        lambda: _play_until(rb.new_game("classic", players=P4, variant="secret_missions", seed=3), "attack", 3),
        True,
    ),
    (
        "classic occupy",
        lambda: _play_until(rb.new_game("classic", players=P3, seed=4, setup="deal"), "occupy", 4),
        False,
    ),
    (
        "classic defend (ask_defender)",
        lambda: _play_until(
            rb.new_game("classic", players=P3, seed=5, setup="deal", options={"ask_defender": True}), "defend", 5
        ),
        False,
    ),
    (
        "classic fortify",
        lambda: _play_until(rb.new_game("classic", players=P3, seed=5, setup="deal"), "fortify", 5),
        True,
    ),
    ("classic a source of the most units", _large_stack, True),
    ("classic over", lambda: _finished("classic", P2), False),
    (
        "risk2010 two_player neutral support",
        lambda: _play_until(rb.new_game("risk2010", players=P2, variant="two_player", seed=1), "neutral", 1),
        False,
    ),
    ("risk2010 attack", lambda: _play_until(rb.new_game("risk2010", players=P3, seed=1), "attack", 1), True),
    ("risk2010 over", lambda: _finished("risk2010", P3), False),
    (
        "balance_of_power command_room buy",
        lambda: _play_until(rb.new_game("balance_of_power", players=P2, variant="command_room", seed=1), "buy", 1),
        False,
    ),
    (
        "balance_of_power basic_training attack",
        lambda: _play_until(rb.new_game("balance_of_power", players=P2, seed=1), "attack", 1),
        True,
    ),
    ("transformers setup", lambda: rb.new_game("transformers", players=P3, seed=1), False),
    (
        "transformers continue",
        lambda: _play_until(rb.new_game("transformers", players=P3, seed=1), "continue", 1),
        False,
    ),
    ("transformers attack", lambda: _play_until(rb.new_game("transformers", players=P2, seed=4), "attack", 4), True),
    ("transformers over", lambda: _finished("transformers", P2), False),
]


class Position:
    """A game to copy for each case, what a case selects first, and the action texts it tries."""

    def __init__(self, name: str, game: rb.Game, select: bool) -> None:
        self.name = name
        self.game = game
        legal = list(game.legal_actions()) if game.pending.player is not None else []
        self.legal = [str(a) for a in legal]
        sources = hints_payload(game, "")["sources"] if select else []
        self.selection = sources[len(sources) // 2] if sources else ""
        self.foreign: list[str] = []  # texts legal in the other positions, mostly illegal here

    def board(self) -> tuple[rb.Board, rb.Game]:
        game = self.game.copy()
        board = rb.Board(game, delay=0, seed=1)
        if self.selection:
            board.select(self.selection)
        return board, game


@pytest.fixture(scope="module")
def positions() -> list[Position]:
    out = [Position(name, make(), select) for name, make, select in POSITIONS]
    for p in out:
        p.foreign = sorted({text for q in out if q is not p for text in q.legal})
    return out


# -- hostile values --------------------------------------------------------------------------------
STRINGS = [
    "",
    " ",
    "alaska",
    "ALASKA",
    "kamchatka",
    "neutral",
    "wild_1",
    "human",
    "Aggressive",
    "Planner",
    "Ada",
    "end",
    "\x00",
    "ａｌａｓｋａ",
    "\u202eakas",
    "🎲" * 3,
    "null",
    "NaN",
    "{}",
    "<script>alert(1)</script>",
    "place 1 alaska",
]
NUMBERS = [0, 1, -1, 2, 3, 7, 2**31, 2**63, -(2**63), 10**30, 10**5000, 1.5, -0.0, math.nan, math.inf, -math.inf]


def junk(rng: random.Random, depth: int = 0) -> Any:
    """A random value: every JSON type and some the wire never carries (bytes, tuples, sets)."""
    r = rng.random()
    if r < 0.12:
        return None
    if r < 0.18:
        return rng.random() < 0.5
    if r < 0.36:
        return rng.choice(NUMBERS) if rng.random() < 0.7 else rng.randint(-100, 100)
    if r < 0.58:
        return _text(rng)
    if r < 0.64:
        return rng.choice([b"", b"\xff\xfe", bytearray(b"abc"), memoryview(b"board"), b"x" * 5000])
    if r < 0.67:
        return _deep(rng)
    if depth > 2:
        return rng.choice(STRINGS)
    if r < 0.82:
        return [junk(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    if r < 0.85:
        return rng.choice([(1, 2), {1, 2}, frozenset(), object()])
    return {
        _text(rng) if rng.random() < 0.9 else rng.choice(NUMBERS): junk(rng, depth + 1)
        for _ in range(rng.randint(0, 4))
    }


def _text(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.6:
        return rng.choice(STRINGS)
    if r < 0.8:
        return "".join(chr(rng.randint(32, 0x2FFF)) for _ in range(rng.randint(1, 30)))
    return rng.choice(STRINGS) * rng.randint(1000, 50_000)  # huge


def _nested(depth: int, dicts: bool) -> Any:
    value: Any = "alaska"
    for _ in range(depth):
        value = {"kind": value} if dicts else [value]
    return value


DEEP = [_nested(depth, dicts) for depth in (50, 1000, 20_000) for dicts in (False, True)]
"""Values nested far deeper than any repr or JSON encoder goes (built once: they are slow to make)."""


def _deep(rng: random.Random) -> Any:
    return rng.choice(DEEP)


def action_text(rng: random.Random, position: Position) -> str:
    """A real action text: legal here now (sometimes), legal in another position, or mutated."""
    r = rng.random()
    if position.legal and r < 0.15:
        return rng.choice(position.legal)
    text = rng.choice(position.foreign if r < 0.55 or not position.legal else position.legal)
    if r < 0.4:  # legal in another position, as it is
        return text
    words = text.split()
    how = rng.randrange(7)  # 5 and 6: as it is
    if how == 0:  # a count out of range or not a whole number
        i = rng.randrange(len(words))
        words[i] = rng.choice(["0", "-1", "1.5", "1e3", str(MAX_UNITS + 1), "10" * 50, "three", "٣", "True"])
    elif how == 1:  # a territory swapped for another, unknown or misspelt
        i = rng.randrange(len(words))
        words[i] = rng.choice(["alaska", "atlantis", "alsaka", "", "kamchatka", "neutral_1", words[0]])
    elif how == 2:  # a word too many or too few
        words = [*words, rng.choice(words)] if rng.random() < 0.5 else words[:-1]
    elif how == 3:
        words = [w.upper() for w in words]
    elif how == 4:
        return "  ".join(words) + rng.choice(["", "\n", "\t", " ;", "\x00"])
    return " ".join(words)


def message(rng: random.Random, board: rb.Board, position: Position) -> tuple[Any, str | None]:
    """A hostile intent, and the code its refusal must carry where the message alone decides it."""
    r = rng.random()
    if r < 0.07:
        content = junk(rng)
        return content, None if isinstance(content, dict) else "intent/malformed"
    kind: Any = "action" if rng.random() < 0.3 else rng.choice(KINDS)  # action texts most of all
    if r < 0.14:
        kind = junk(rng) if rng.random() < 0.5 else rng.choice(["fly", "Action", "action ", "_intent_action", "log"])
    content: dict[Any, Any] = {"kind": kind}
    fields = {
        "action": ("text",),
        "click": ("territory",),
        "select": ("territory",),
        "set_seat": ("player", "seat"),
        "set_dice": ("attack", "defend"),
        "load": ("text",),
        "replay": ("step",),
    }
    for field in fields.get(kind, ()) if isinstance(kind, str) else ():
        content[field] = _field(rng, field, board, position)
    if rng.random() < 0.15:  # fields no intent has
        content[_text(rng)] = junk(rng)
    state = board.state_id
    s = rng.random()
    if s < 0.7:
        content["state_id"] = state
    elif s < 0.8:
        content["state_id"] = rng.choice([state - 1, state + 1, -1, 10**30])
    elif s < 0.9:
        content["state_id"] = rng.choice([float(state), str(state), True, None, [state], math.nan])
    # else: no state id
    known = isinstance(kind, str) and kind in KINDS
    if not known:
        return content, "intent/unknown"
    if board.replaying and kind not in REPLAY_INTENTS:
        return content, "replay/active"  # a replay refuses what would act, before anything else
    if kind not in UNDATED_INTENTS:  # (stop, and what looks at no position: save, load, replay, live)
        sid = content.get("state_id")
        if isinstance(sid, bool) or not isinstance(sid, int):
            return content, "intent/malformed"
        if sid != state:
            return content, "intent/stale"
    return content, None


def _field(rng: random.Random, field: str, board: rb.Board, position: Position) -> Any:
    if rng.random() < 0.25:
        return junk(rng)
    game = board.game
    if field == "text":
        return action_text(rng, position)
    if field == "territory":
        return rng.choice(
            [*game.map.ids[:6], *board.hints.get("sources", [])[:4], *board.hints.get("targets", {}), "", "atlantis"]
        )
    if field == "player":
        return rng.choice([*game.players, "neutral", "Zed", ""])
    if field == "step":
        return rng.choice([0, 1, 3, -1, None, 10**30, 1.5, True, "2"])
    if field == "seat":
        return rng.choice([*SEATS, "human", "human", "Planner", "Genius", ""])
    # dice: valid, too many, out of range, not whole numbers
    return rng.choice([[6], [6, 5, 4], [1, 1], [7], [0], [6, 6, 6, 6], [1.5], [True], [], [8, 1]])


# -- what must hold after each case ----------------------------------------------------------------
def disagreement(board: rb.Board, game: rb.Game) -> str | None:
    """How the board's traits disagree with its game (or with their own rules), or ``None``."""
    if not isinstance(board.log, logging.Logger):
        return f"board.log is a {type(board.log).__name__}, not the widget library's logger"
    if board.state_id != game.state_id:
        return f"state_id {board.state_id} but the game's is {game.state_id}"
    selected = board.selected
    if board.replaying:  # the board shows a position of the record: the game replayed to it
        record = game.record()
        game = rb.replay({**record, "actions": record["actions"][: board.replaying["step"]]})
        selected = ""
    hand_owner = board.viewer or (game.current_player if not game.is_over else None)
    for name, payload in (
        ("view", lambda: view_payload(game, hand_owner)),
        ("extras", lambda: extras_payload(game)),
        ("counts", lambda: counts_payload(game)),
        ("dice", lambda: dice_payload(game)),
        ("event_log", lambda: event_log_payload(game)),
        ("hints", lambda: hints_payload(game, selected)),
    ):
        if getattr(board, name) != payload():
            return f"{name} differs from the game's"
    if board.selected and board.selected not in game.map.index:
        return f"selected {board.selected!r} is no territory"
    if set(board.seats) != set(game.players) or not set(board.seats.values()) <= set(SEATS):
        return f"seats {_what(board.seats)}"
    if board.busy:
        return "busy after the message was handled"
    return disagreement_of_error(board.error) if board.error else None


def disagreement_of_error(error: dict[str, Any]) -> str | None:
    """What is wrong with a non-empty ``error`` (a code and a short message, both text), or ``None``."""
    if (
        set(error) == {"code", "message"}
        and isinstance(error["code"], str)
        and isinstance(error["message"], str)
        and 0 < len(error["message"]) <= MESSAGE_LIMIT
    ):
        return None
    return f"error {_what(error)}"


Snapshot = tuple[str, int, dict[str, Any]]
"""The game's ``to_json()`` and ``state_id`` and every synced trait's value, before a case."""


def snapshot(board: rb.Board, game: rb.Game) -> Snapshot:
    return game.to_json(), game.state_id, {name: getattr(board, name) for name in board.keys}


def check(tally: Tally, what: str, board: rb.Board, game: rb.Game, before: Snapshot, humans: bool) -> Snapshot:
    """The case's outcome: a refusal changed nothing but ``error``, and the board agrees with its
    game (worked out again only when something but ``error`` changed: a refusal that changed
    nothing leaves the board as the last check found it). Returns the snapshot for the next case."""
    text, state_id, traits = before
    after = snapshot(board, game)
    changed = [name for name, value in after[2].items() if name != "error" and traits.get(name) != value]
    if board.error.get("code") == "board/internal":  # a bug, whoever met it
        tally.escape("internal", f"{what}: {board.error.get('message')}")
    if board.error and humans:  # (bots answering an accepted move may report their own errors)
        if after[1] != state_id or after[0] != text:
            tally.escape("changed", f"{what}: refused ({board.error.get('code')}) but the game changed")
        if changed:
            tally.escape("changed", f"{what}: refused ({board.error.get('code')}) but {changed} changed")
    problem = disagreement(board, game) if changed or after[1] != state_id or after[0] != text else None
    if problem is None and board.error:
        problem = disagreement_of_error(board.error)
    if problem:
        tally.escape("inconsistent", f"{what}: {problem}")
    return after


# -- the families ----------------------------------------------------------------------------------
def test_hostile_board_messages(positions: list[Position], fuzz_size: int) -> None:
    tally = Tally("board-messages")
    rng = random.Random(19)
    for position in positions:
        board, game = position.board()
        before, sent = snapshot(board, game), 0
        for _ in range(MESSAGES * fuzz_size):
            if sent == CHAIN:  # a fresh board of the position now and then (the game wanders off)
                board.close()
                board, game = position.board()
                before, sent = snapshot(board, game), 0
            content, code = message(rng, board, position)
            buffers: Any = rng.choice([[], [], [b"\x00" * 10], [memoryview(b"abc"), b""], None, "x"])
            what = f"{position.name}: {_what(content)}"
            humans = all(seat == "human" for seat in board.seats.values())
            checked = False
            with tally.case(what):
                if rng.random() < 0.5:
                    board._on_msg(board, content, buffers)
                else:  # the whole comm message, as the kernel hands it to the widget
                    board._handle_msg(
                        {"content": {"data": {"method": "custom", "content": content}}, "buffers": buffers}
                    )
                if code is not None and board.error.get("code") != code:
                    tally.escape("undocumented", f"{what}: {_what(board.error)}, not {code}")
                elif board.error and not CODE.fullmatch(str(board.error.get("code"))):
                    tally.escape("undocumented", f"{what}: {_what(board.error)}")
                before = check(tally, what, board, game, before, humans)
                checked = True
            sent = sent + 1 if checked else CHAIN  # after an escape, a fresh board (the last snapshot is stale)
        board.close()
    tally.report()


def trait_value(rng: random.Random, name: str, board: rb.Board) -> Any:
    """A value for a write of ``name``: the kernel's own, a forged one of the right type, or junk."""
    current = board.get_state(key=name)[name]
    r = rng.random()
    if r < 0.2:
        return current
    if r < 0.6:
        game = board.game
        forged: dict[str, list[Any]] = {
            "seats": [
                {p: rng.choice(["Genius", "Planner", "Aggressive", "Random", "", None, 3]) for p in game.players},
                {"Zed": "Random"},
                {},
            ],
            "state_id": [board.state_id + 1, board.state_id - 1, -1, 2**63, "0", 1.5],
            "selected": [rng.choice(game.map.ids), "atlantis", "", 7],
            "busy": [not board.busy, 1, "yes"],
            "error": [{}, {"code": "board/internal"}, "boom"],
            "next_dice": [{"attack": [6, 6, 6], "defend": [1, 1]}, {"attack": [99]}, {}],
            "event_log": [[], ["Ada conquered the world"], [7]],
            "view": [{**board.view, "winner": game.players[0]}, {}, {"armies": [MAX_UNITS] * 42}],
            "hints": [{**board.hints, "can_end": True}, {"targets": {"alaska": {"dice": 3, "p_win": 1}}}],
            "players": [[], board.players[:1]],
        }
        if name in forged:
            return rng.choice(forged[name])
    return junk(rng)


def test_hostile_trait_writes(positions: list[Position], fuzz_size: int) -> None:
    tally = Tally("board-traits")
    rng = random.Random(5)
    for position in positions:
        board, game = position.board()
        names = sorted(board.keys)  # every synced trait, the widget library's own included
        sent: list[dict[str, Any]] = []
        board._send = lambda msg, buffers=None, sent=sent: sent.append(msg)  # type: ignore[method-assign]
        before = snapshot(board, game)
        for i in range(WRITES * fuzz_size):
            first = names[i % len(names)]  # each trait in turn, then others beside it
            write: Any = {first: trait_value(rng, first, board)}
            for _ in range(rng.choice([0, 0, 1, 3])):
                other = rng.choice(names) if rng.random() < 0.8 else _text(rng)
                write[other] = trait_value(rng, other, board) if other in names else junk(rng)
            if rng.random() < 0.05:
                write = junk(rng)
            what = f"{position.name}: {_what(write)}"
            sent.clear()
            checked = False
            with tally.case(what):
                how = rng.random()
                if how < 0.3:
                    board.set_state(write)
                else:  # the comm's update, its buffers in their places or not
                    data: dict[str, Any] = {"method": "update", "state": write}
                    if how < 0.6:
                        data["buffer_paths"] = rng.choice([[], [[first]], [[first, 0]], [["x", 9]], "x", [[None]]])
                    board._handle_msg({"content": {"data": data}, "buffers": rng.choice([[], [b"\x01"], None])})
                code = board.error.get("code")
                if code not in ("trait/kernel_owned", "trait/unknown", "trait/malformed"):
                    tally.escape("accepted", f"{what}: {_what(board.error)}")
                owned = [n for n in write if n in names] if isinstance(write, dict) else []
                if owned:  # the kernel's values went back (error's before this refusal set it anew)
                    back = [m["state"] for m in sent if m.get("method") == "update" and set(m["state"]) >= set(owned)]
                    kernel = {n: board.get_state(key=n)[n] for n in owned if n != "error"}
                    if not back or any(back[-1][n] != v for n, v in kernel.items()):
                        tally.escape("not re-sent", f"{what}: the kernel's values of {owned} were not sent back")
                before = check(tally, what, board, game, before, humans=True)
                pending = game.pending.player
                if pending is not None and rng.random() < 0.1:  # the board still takes a legal action
                    text = str(rng.choice(list(game.legal_actions())))
                    board._on_msg(board, {"kind": "action", "text": text, "state_id": board.state_id}, [])
                    if board.error:
                        tally.escape("refused", f"{what}: then {text!r} was refused: {_what(board.error)}")
                    before = check(tally, what, board, game, before, humans=True)
                checked = True
            if not checked:  # after an escape, the last check's snapshot is stale
                before = snapshot(board, game)
        board.close()
    tally.report()
