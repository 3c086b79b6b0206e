"""Hostile environment steps (issue 19, item 6): the families ``env-aec`` and ``env-gym``.

Random legal play of every edition and its variants through the PettingZoo and the Gymnasium env,
the legal index given in every form an index may take (an ``int`` or a subclass, every numpy
integer scalar, 0-d integer arrays; an ``Action`` or its text through ``step_action``), interleaved
with hostile steps: values that are not indices (bools, floats with NaN and infinities, every other
numpy dtype, arrays of other shapes, sequences, strings, bytes, mappings, ``Action`` objects,
objects that convert or lie about their class), integers outside the space, masked-out indices,
``None`` for an agent in the game and anything else for one out of it, garbage and stale actions
through ``step_action``, and steps outside the protocol. Each hostile step must raise its
documented error (docs/ENV.md) and leave the env exactly as it was (the game's ``to_json()``, the
selected agent, the agents' tables, every observation and mask); legal play then goes on, and a
step through ``step_action`` is played exactly when the action is legal. The values rotate through
fixed catalogues, so that every kind is thrown in each family at the CI size.
"""

from __future__ import annotations

import dataclasses
import reprlib
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import riskboard as rb
from fuzz.tally import Tally
from riskboard.env import env, gym_env, raw_env
from riskboard.env.aec import RiskboardEnv
from riskboard.env.gym import RiskboardGymEnv


@dataclass(frozen=True)
class Config:
    ruleset: str
    variant: str | None
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    setup: str | None = None
    max_turns: int = 3


CONFIGS = {
    "classic-2-neutral": Config("classic", None, 2),
    "classic-3-claim-ask_defender": Config("classic", None, 3, {"ask_defender": True}, setup="claim"),
    "classic-secret_missions-4": Config("classic", "secret_missions", 4),
    "risk2010-simple-3": Config("risk2010", "simple", 3),
    "risk2010-two_player-ask_defender": Config("risk2010", "two_player", 2, {"ask_defender": True}),
    "bop-basic_training": Config("balance_of_power", "basic_training", 2),
    "bop-command_room-ask_defender": Config("balance_of_power", "command_room", 2, {"ask_defender": True}),
    "transformers-4-ask_defender": Config("transformers", None, 4, {"ask_defender": True}, max_turns=4),
}
POSITIONS = 240
"""Decisions played per configuration at the CI size (enough to reach the end of an episode)."""
EVERY = 8
"""Hostile steps at one decision in this many, and at every dead step and episode's end."""
HOSTILE = 2
"""Hostile steps at each such decision."""


# -- values ------------------------------------------------------------------------------------------
class IntChild(int):
    """An ``int`` subclass that overrides its conversions: still an index, of its own value."""

    def __index__(self) -> int:
        return -(10**9)

    def __int__(self) -> int:
        return -1


class HasIndex:
    """Python would take it as an index (``__index__``); an env index it is not."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __int__(self) -> int:
        return self.value


class LiesAboutClass(HasIndex):
    """``isinstance(x, int)`` is True: it says its ``__class__`` is ``int``."""

    @property  # type: ignore[misc]
    def __class__(self) -> type:
        return int


class Exploding:
    """Raises from every conversion, comparison and repr."""

    def _boom(self, *_: object) -> Any:
        raise RuntimeError("boom")

    __index__ = __int__ = __float__ = __bool__ = __len__ = __iter__ = __repr__ = __str__ = _boom
    __eq__ = __lt__ = __hash__ = _boom  # type: ignore[assignment]


def forged(cls: type, **fields: object) -> rb.Action:
    """An action object made without its constructor (what a buggy bot returns)."""
    action = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


INTEGER_TYPES = [np.dtype(code).type for code in np.typecodes["AllInteger"]]
OTHER_SCALARS: list[Callable[[int], object]] = [  # a numpy scalar of every dtype that is not an integer
    np.bool_,
    np.float16,
    np.float32,
    np.float64,
    np.longdouble,
    np.complex64,
    np.complex128,
    np.clongdouble,
    np.str_,
    lambda s: np.bytes_(str(s).encode()),
    lambda s: np.void(bytes([s % 256])),
    lambda s: np.datetime64(s, "D"),
    lambda s: np.timedelta64(s),  # numpy files it under np.integer
]

Maker = Callable[[int, int, rb.Action], object]
NOT_INDICES: list[tuple[str, Maker]] = [  # (what, maker(legal slot, size, legal action)): never an index
    ("True", lambda s, n, a: True),
    ("False", lambda s, n, a: False),
    ("np.True_", lambda s, n, a: np.bool_(True)),
    ("float", lambda s, n, a: float(s)),
    ("float+.5", lambda s, n, a: s + 0.5),
    ("nan", lambda s, n, a: float("nan")),
    ("inf", lambda s, n, a: float("inf")),
    ("-inf", lambda s, n, a: float("-inf")),
    ("-0.0", lambda s, n, a: -0.0),
    ("huge float", lambda s, n, a: 1e300),
    ("complex", lambda s, n, a: complex(s, 0)),
    ("Fraction", lambda s, n, a: Fraction(s)),
    ("Decimal", lambda s, n, a: Decimal(s)),
    *[(f"np scalar {i}", lambda s, n, a, make=make: make(s)) for i, make in enumerate(OTHER_SCALARS)],
    ("0-d float array", lambda s, n, a: np.array(float(s))),
    ("0-d bool array", lambda s, n, a: np.array(True)),
    ("0-d object array", lambda s, n, a: np.array(s, dtype=object)),
    ("0-d str array", lambda s, n, a: np.array(str(s))),
    ("0-d timedelta array", lambda s, n, a: np.array(np.timedelta64(s))),
    ("masked 0-d array", lambda s, n, a: np.ma.array(s, mask=True)),
    ("1-d array", lambda s, n, a: np.array([s])),
    ("1-d uint8 array", lambda s, n, a: np.array([s % 256], dtype=np.uint8)),
    ("2-d array", lambda s, n, a: np.array([[s]])),
    ("empty array", lambda s, n, a: np.array([], dtype=np.int64)),
    ("2 indices", lambda s, n, a: np.array([s, s])),
    ("str", lambda s, n, a: str(s)),
    ("empty str", lambda s, n, a: ""),
    ("text", lambda s, n, a: str(a)),
    ("bytes", lambda s, n, a: str(s).encode()),
    ("bytearray", lambda s, n, a: bytearray(str(s).encode())),
    ("memoryview", lambda s, n, a: memoryview(str(s).encode())),
    ("Action", lambda s, n, a: a),
    ("forged Action", lambda s, n, a: forged(rb.Place, count=1.5, territory=None)),
    ("empty Action", lambda s, n, a: rb.Action()),
    ("list", lambda s, n, a: [s]),
    ("empty list", lambda s, n, a: []),
    ("tuple", lambda s, n, a: (s,)),
    ("nested list", lambda s, n, a: [[s]]),
    ("dict", lambda s, n, a: {"action": s}),
    ("set", lambda s, n, a: {s}),
    ("range", lambda s, n, a: range(s, s + 1)),
    ("slice", lambda s, n, a: slice(s)),
    ("Ellipsis", lambda s, n, a: ...),
    ("the type int", lambda s, n, a: int),
    ("a numpy type", lambda s, n, a: np.int64),
    ("function", lambda s, n, a: len),
    ("object", lambda s, n, a: object()),
    ("__index__", lambda s, n, a: HasIndex(s)),
    ("lies about __class__", lambda s, n, a: LiesAboutClass(s)),
    ("exploding", lambda s, n, a: Exploding()),
]

OUT_OF_RANGE: list[tuple[str, Maker]] = [  # integers of every kind outside 0 .. n-1
    ("-1", lambda s, n, a: -1),
    ("-(s+1)", lambda s, n, a: -(s + 1)),
    ("n", lambda s, n, a: n),
    ("n+s", lambda s, n, a: n + s),
    ("2**31", lambda s, n, a: 2**31),
    ("2**63", lambda s, n, a: 2**63),
    ("2**64", lambda s, n, a: 2**64),
    ("-(2**100)", lambda s, n, a: -(2**100)),
    ("10**400", lambda s, n, a: 10**400),
    ("IntChild n", lambda s, n, a: IntChild(n)),
    ("int8 -1", lambda s, n, a: np.int8(-1)),
    ("int16 min", lambda s, n, a: np.int16(-(2**15))),
    ("int64 min", lambda s, n, a: np.int64(np.iinfo(np.int64).min)),
    ("int64 max", lambda s, n, a: np.int64(np.iinfo(np.int64).max)),
    ("uint32 n", lambda s, n, a: np.uint32(n)),
    ("uint64 max", lambda s, n, a: np.uint64(np.iinfo(np.uint64).max)),
    ("0-d array -1", lambda s, n, a: np.array(-1)),
    ("0-d uint64 array max", lambda s, n, a: np.array(np.iinfo(np.uint64).max, dtype=np.uint64)),
]

NOT_ACTIONS: list[tuple[str, Maker]] = [  # for step_action: neither an Action nor a string
    ("index", lambda s, n, a: s),
    ("np index", lambda s, n, a: np.int64(s)),
    ("None", lambda s, n, a: None),
    ("True", lambda s, n, a: True),
    ("float", lambda s, n, a: float(s)),
    ("nan", lambda s, n, a: float("nan")),
    ("bytes of the text", lambda s, n, a: str(a).encode()),
    ("np.bytes_", lambda s, n, a: np.bytes_(str(a).encode())),
    ("list of the action", lambda s, n, a: [a]),
    ("tuple of the text", lambda s, n, a: (str(a),)),
    ("dict", lambda s, n, a: {"action": str(a)}),
    ("0-d str array", lambda s, n, a: np.array(str(a))),
    ("action class", lambda s, n, a: type(a)),
    ("object", lambda s, n, a: object()),
    ("exploding", lambda s, n, a: Exploding()),
    ("forged action, fields 1.5", lambda s, n, a: _forged(a, 1.5)),
    ("forged action, no fields", lambda s, n, a: _forged(a, None)),
]


def _forged(action: Any, value: Any) -> Any:
    """An action of ``action``'s type made without its constructor: every field ``value`` (or,
    for ``None``, no field set); the engine refuses it with ``IllegalAction``. An action without
    fields (``end``) made so is the real one, so a forged placement stands in for it."""
    kind = type(action) if dataclasses.fields(type(action)) else rb.Place
    forged = object.__new__(kind)
    if value is not None:
        for field in dataclasses.fields(kind):
            object.__setattr__(forged, field.name, value)
    return forged


GARBAGE_TEXT = [
    "",
    "   ",
    "\x00",
    "end end",
    "place",
    "place 1",
    "place x alaska",
    "place -1 alaska",
    "place 1.5 alaska",
    "place nan alaska",
    "place 1e3 alaska",
    "place 99999999999999999999999 alaska",
    "place 1 nowhere",
    "attack alaska kamchatka 99",
    "attack alaska alaska 1",
    "fortify alaska alaska 1",
    "trade a b c",
    "buy nothing",
    "defend 0",
    "occupy -3",
    "ｐｌａｃｅ 1 alaska",
    "x" * 5000,
    "place " + "9" * 4000 + " alaska",
]
WORDS = ["0", "-1", "1.5", "nan", "2", "3", "1000000", "9" * 30, "x", "leader", "neutral", "end", ""]


def _short(value: object) -> str:
    return f"{reprlib.repr(value)} ({type(value).__name__})"


def _mutated(text: str, rng: np.random.Generator, ids: tuple[str, ...]) -> str:
    """A legal action's text with one word replaced (a count, a territory, garbage) or dropped."""
    words = text.split()
    k = int(rng.integers(len(words)))
    if rng.random() < 0.15:
        del words[k]
    else:
        pool = WORDS + [ids[int(rng.integers(len(ids)))]]
        words[k] = pool[int(rng.integers(len(pool)))]
    return " ".join(words)


def _legal_form(slot: int, rng: np.random.Generator) -> tuple[str, object]:
    """``slot`` in one of the forms an index may take, chosen at random."""
    roll = rng.random()
    if roll < 0.2:
        return "int", slot
    if roll < 0.3:
        return "int subclass", IntChild(slot)
    fitting = [t for t in INTEGER_TYPES if np.iinfo(t).max >= slot]
    kind = fitting[int(rng.integers(len(fitting)))]
    if roll < 0.7:
        return kind.__name__, kind(slot)
    return f"0-d {kind.__name__} array", np.array(slot, dtype=kind)


class Rotation:
    """A catalogue's values in turn from a random start, so that every kind comes up in a run."""

    def __init__(self, catalogue: list[tuple[str, Maker]], rng: np.random.Generator) -> None:
        self.catalogue = catalogue
        self.turn = int(rng.integers(len(catalogue)))

    def next(self, s: int, n: int, a: rb.Action) -> tuple[str, object]:
        what, make = self.catalogue[self.turn % len(self.catalogue)]
        self.turn += 1
        return what, make(s, n, a)


# -- the state a refusal must leave ------------------------------------------------------------------
def _aec_state(u: RiskboardEnv) -> tuple:
    """The game, the selected agent, the agents' tables, and the selected agent's observation and
    mask (another agent's observation is a function of the game, and its mask is all zeros)."""
    seen = u.observe(u.agent_selection)
    return (
        u.game.to_json(),  # type: ignore[union-attr]
        u.agent_selection,
        list(u.agents),
        dict(u.rewards),
        dict(u._cumulative_rewards),
        dict(u.terminations),
        dict(u.truncations),
        repr(u.infos),
        seen["observation"].tobytes(),
        seen["action_mask"].tobytes(),
    )


class Watch:
    """What a refusal must leave as it was, read once per case: the state after one refused step
    is the state before the next, until a step is played (``moved``)."""

    def __init__(self, read: Callable[[], object]) -> None:
        self.read = read
        self.seen: object | None = None

    def before(self) -> object:
        if self.seen is None:
            self.seen = self.read()
        return self.seen

    def after(self) -> object:
        self.seen = self.read()
        return self.seen

    def moved(self) -> None:
        self.seen = None


def _refused(
    tally: Tally,
    what: str,
    step: Callable[[Any], object],
    value: object,
    expect: type[BaseException],
    watch: Watch,
    *,
    check: Callable[[object], str | None] | None = None,
) -> None:
    """One hostile case: ``step(value)`` must raise ``expect`` (or, with ``check``, return what
    ``check`` accepts: it says what is wrong, or None) and leave the watched state as it was."""
    before = watch.before()
    with tally.case(what, expect=expect):
        result = step(value)
        wrong = "it was not refused" if check is None else check(result)
        if wrong is not None:
            tally.escape("accepted", f"{what}: {wrong}")
    if watch.after() != before:
        tally.escape("changed", f"{what}: refused, but the env changed")


def _rng(name: str, family: str) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(f"{family} {name}".encode()))


def _new_aec(cfg: Config, wrapped: bool) -> Any:
    make = env if wrapped else raw_env
    return make(
        cfg.ruleset,
        players=cfg.players,
        variant=cfg.variant,
        setup=cfg.setup,
        options=cfg.options,
        max_turns=cfg.max_turns,
    )


# -- the families ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(CONFIGS))
def test_hostile_aec_steps(name: str, fuzz_size: int) -> None:
    cfg = CONFIGS[name]
    tally = Tally("env-aec")
    rng = _rng(name, "env-aec")
    wrapped = list(CONFIGS).index(name) % 2 == 0  # half through PettingZoo's OrderEnforcingWrapper
    e = _new_aec(cfg, wrapped)
    u: RiskboardEnv = e.unwrapped
    if not wrapped:  # the wrapper has its own answer (an AssertionError) to a step before reset
        for what, value in (("0", 0), ("None", None), ("nan", float("nan"))):
            _refused(tally, f"step({what}) before reset", u.step, value, RuntimeError, Watch(lambda: None))
        _refused(tally, "step_action before reset", u.step_action, "end", RuntimeError, Watch(lambda: None))
    e.reset(seed=int(rng.integers(2**31)))
    state = Watch(lambda: _aec_state(u))

    stale: list[rb.Action] = []  # actions legal in earlier positions
    not_indices, out_of_range, not_actions = (Rotation(c, rng) for c in (NOT_INDICES, OUT_OF_RANGE, NOT_ACTIONS))
    anything = Rotation(NOT_INDICES + OUT_OF_RANGE + NOT_ACTIONS, rng)
    for i in range(POSITIONS * fuzz_size):
        state.moved()
        if not u.agents:  # the episode is over: the raw env refuses any step, then a new game
            if not wrapped:  # the wrapper only warns (PettingZoo's convention)
                value = anything.next(0, u.encoding.size, rb.EndPhase())[1]
                _refused(tally, f"step after the end {_short(value)}", u.step, value, RuntimeError, state)
            e.reset(seed=int(rng.integers(2**31)))
            continue
        agent = u.agent_selection
        n = u.encoding.size
        if u.terminations[agent] or u.truncations[agent]:  # the dead step: None and only None
            for _ in range(HOSTILE):
                what, value = anything.next(0, n, rb.EndPhase())
                if value is None:
                    value = 0
                _refused(tally, f"dead step({what}: {_short(value)})", e.step, value, ValueError, state)
                _refused(tally, f"dead step_action({what})", e.step_action, value, ValueError, state)
            with tally.case(f"the dead step of {agent}"):
                e.step(None)
                if agent in u.agents:
                    tally.escape("not removed", f"{agent} stepped with None is still an agent")
            continue

        encoded = u._position()[1]  # what observe's mask and decode read
        slots = sorted(encoded.table)
        slot = slots[int(rng.integers(len(slots)))]
        action = encoded.table[slot]
        masked_out = np.flatnonzero(encoded.mask == 0)
        for _ in range(HOSTILE if i % EVERY == 0 else 0):
            roll = rng.random()
            if roll < 0.45:
                what, value = not_indices.next(slot, n, action)
                _refused(tally, f"step({what}: {_short(value)})", e.step, value, ValueError, state)
            elif roll < 0.6:
                what, value = out_of_range.next(slot, n, action)
                _refused(tally, f"step({what}: {_short(value)})", e.step, value, ValueError, state)
            elif roll < 0.7:
                what, value = _legal_form(int(masked_out[int(rng.integers(len(masked_out)))]), rng)
                _refused(tally, f"step(masked out {what}: {value!r})", e.step, value, ValueError, state)
            elif roll < 0.75:
                _refused(tally, f"step(None) for {agent}", e.step, None, ValueError, state)
            elif roll < 0.85:
                what, value = not_actions.next(slot, n, action)
                _refused(tally, f"step_action({what})", e.step_action, value, rb.IllegalAction, state)
            else:
                _maybe_legal_text(tally, e, u, rng, stale, state)
        if not u.agents or u.agent_selection != agent or u._position()[1].table.get(slot) != action:
            continue  # a hostile text was legal and played: the next round starts from there

        through = rng.random()
        with tally.case(f"legal {action} (slot {slot})"):
            count = len(u.game.actions)  # type: ignore[union-attr]
            if through < 0.15:
                e.step_action(action)
            elif through < 0.25:
                e.step_action(str(action))
            else:
                what, value = _legal_form(slot, rng)
                e.step(value)
            played = u.game.actions  # type: ignore[union-attr]
            if len(played) != count + 1 or played[-1][0] != action:
                tally.escape("not played", f"legal {action} was not played")
        stale.append(action)
        del stale[:-30]
    tally.report()


def _maybe_legal_text(
    tally: Tally, e: Any, u: RiskboardEnv, rng: np.random.Generator, stale: list[rb.Action], state: Watch
) -> None:
    """``step_action`` with an action or a text that may be legal now: a stale action, a legal one
    mutated, or garbage. Played exactly when legal; otherwise ``IllegalAction``, nothing changed."""
    game = u.game
    assert game is not None
    legal = game.legal_actions()
    roll = rng.random()
    if roll < 0.35 and stale:
        value: object = stale[int(rng.integers(len(stale)))]
        value = value if rng.random() < 0.5 else str(value)
    elif roll < 0.8 and legal:
        value = _mutated(str(legal[int(rng.integers(len(legal)))]), rng, game.map.ids)
    else:
        value = GARBAGE_TEXT[int(rng.integers(len(GARBAGE_TEXT)))]
    try:
        wanted: rb.Action | None = game.parse(value)  # type: ignore[arg-type]
    except rb.IllegalAction:
        wanted = None
    is_legal = wanted is not None and wanted in legal
    what = f"step_action({_short(value)}), {'legal' if is_legal else 'illegal'}"
    if is_legal:
        with tally.case(what):
            e.step_action(value)
            if game.actions[-1][0] != wanted:
                tally.escape("not played", f"{what}: not played")
        state.moved()
        return
    _refused(tally, what, e.step_action, value, rb.IllegalAction, state)


@pytest.mark.parametrize("name", list(CONFIGS))
def test_hostile_gym_steps(name: str, fuzz_size: int) -> None:
    cfg = CONFIGS[name]
    tally = Tally("env-gym")
    rng = _rng(name, "env-gym")
    index = list(CONFIGS).index(name)
    on_illegal = ("ignore", "raise")[index % 2]
    e: RiskboardGymEnv = gym_env(
        cfg.ruleset,
        players=cfg.players,
        variant=cfg.variant,
        setup=cfg.setup,
        options=cfg.options,
        max_turns=cfg.max_turns,
        learner=index % cfg.players,
        opponents=rb.bots.Random,
        on_illegal=on_illegal,
    )
    for what, value in (("0", 0), ("None", None), ("nan", float("nan"))):
        _refused(tally, f"step({what}) before reset", e.step, value, RuntimeError, Watch(lambda: None))
    obs, _ = e.reset(seed=int(rng.integers(2**31)))
    state = Watch(lambda: _aec_state(e.aec))

    def ignored(result: object) -> str | None:
        """What ``on_illegal="ignore"`` returns for a masked-out index: the same observation, 0, not
        done, ``info["illegal_action"]``."""
        got_obs, reward, terminated, truncated, info = result  # type: ignore[misc]
        same = np.array_equal(got_obs["observation"], obs["observation"]) and np.array_equal(
            got_obs["action_mask"], obs["action_mask"]
        )
        if same and reward == 0.0 and not terminated and not truncated and info == {"illegal_action": True}:
            return None
        return f"ignored as {reward, terminated, truncated, info}, same observation: {same}"

    n = e.action_space.n
    not_values = Rotation(NOT_INDICES + [("None", lambda s, n, a: None)], rng)
    out_of_range = Rotation(OUT_OF_RANGE, rng)
    anything = Rotation(NOT_INDICES + OUT_OF_RANGE, rng)
    for i in range(POSITIONS * fuzz_size):
        state.moved()
        mask = obs["action_mask"]  # what the last reset or step returned
        legal = np.flatnonzero(mask)
        masked_out = np.flatnonzero(mask == 0)
        slot = int(legal[int(rng.integers(len(legal)))])
        action = e.aec.decode(slot)
        for _ in range(HOSTILE if i % EVERY == 0 else 0):
            roll = rng.random()
            if roll < 0.55:
                what, value = not_values.next(slot, n, action)
            elif roll < 0.75:
                what, value = out_of_range.next(slot, n, action)
            else:
                what, value = _legal_form(int(masked_out[int(rng.integers(len(masked_out)))]), rng)
                what = f"masked out {what}"
                if on_illegal == "ignore":
                    _refused(tally, what, e.step, value, ValueError, state, check=ignored)
                    continue
            _refused(tally, f"step({what}: {_short(value)}), {on_illegal}", e.step, value, ValueError, state)

        what, value = _legal_form(slot, rng)
        done = False
        with tally.case(f"legal {action} as {what}"):
            count = len(e.game.actions)
            obs, _, terminated, truncated, _ = e.step(value)
            done = terminated or truncated
            if e.game.actions[count][0] != action:
                tally.escape("not played", f"legal {action} was not played")
        state.moved()
        if done:
            what, value = anything.next(slot, n, action)
            for after in (slot, value):
                _refused(tally, f"step after the end ({_short(after)})", e.step, after, RuntimeError, state)
            obs, _ = e.reset(seed=int(rng.integers(2**31)))
    tally.report()
