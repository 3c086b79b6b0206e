"""Every action, however it was made, is validated on ``apply`` and refused with ``IllegalAction``
(issue 19, item 4), and a refused action changes nothing.

In positions of every edition (played into with bots: setups, attacks, move-ins, defences, trades,
purchases, finished games) hostile actions are thrown at ``apply``, ``push`` and ``check``: texts
(garbage, huge, unicode, codes), actions built without their constructors' checks
(``object.__new__`` with fields of every wrong type, or missing), every action type's constructor
with hostile values, other editions' actions, wrong ``dice`` and ``player`` arguments. The
documented outcome is ``IllegalAction`` with the game unchanged (state, ``state_id``, record), or,
where the action happens to be legal, a game that still saves and loads back exactly.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

import numpy as np

import riskboard as rb
from fuzz.tally import Tally
from riskboard.rulesets.balance_of_power.actions import Buy, ChooseSide, CollectMission, PlaceCapital
from riskboard.rulesets.risk2010.actions import NeutralSupport
from riskboard.rulesets.transformers.actions import Casualty, LeaderAttack, LeaderDefend, LeaderMove, Revive, Stop

ACTION_TYPES: list[type[rb.Action]] = [
    rb.Place, rb.TradeCards, rb.Attack, rb.Blitz, rb.Defend, rb.Occupy, rb.Fortify, rb.EndPhase,
    Buy, CollectMission, PlaceCapital, ChooseSide, NeutralSupport, LeaderAttack, LeaderDefend, LeaderMove,
    Casualty, Stop, Revive,
]  # fmt: skip

ODD_VALUES: list[Any] = [
    None, True, False, 0, 1, -1, 2**70, 1.5, 3.0, math.nan, math.inf, "", " ", "alaska", "ala", "x" * 10_000,
    "al aska", "ålaska", "1", b"alaska", [], ["alaska"], ("alaska",), (("alaska", 1),), {"a": 1}, {1, 2},
    np.int64(2), np.bool_(True), np.float64(2.0), np.array([1]), object(), rb.EndPhase(), complex(1, 1),
]  # fmt: skip

TEXTS: list[Any] = [
    "", "   ", "\x00", "place", "place 1", "place one alaska", "place 1.5 alaska", "place 1e3 alaska",
    "place ３ alaska", "place 99999999999 alaska", "attack alaska", "blitz a b c d", "trade " + "x " * 500,
    "end " * 100, "buy", "buy special_forces " + "1 " * 20, "collect", "neutral", "neutral x 1", "casualty",
    "revive", "choose maybe", "defend 1 leader leader", "occupy 1 leader", "fortify a b 1 leader x",
    "a" * 100_000, "PLACE 3 ALASKA", "place\t3\nalaska", "🙂", None, 3, 2.5, b"end", ["end"], {"end": 1},
]  # fmt: skip


def _forged(cls: type[rb.Action], rng: random.Random) -> rb.Action:
    """An action of ``cls`` made without its constructor: random values, or some fields missing."""
    action = object.__new__(cls)
    for field in dataclasses.fields(cls):
        if rng.random() < 0.9:
            object.__setattr__(action, field.name, rng.choice(ODD_VALUES))
    return action


def _constructed(cls: type[rb.Action], rng: random.Random) -> Any:
    """``cls`` called with hostile values: it either refuses them with ``IllegalAction`` or makes
    an action (which the rules then judge)."""
    n = len(dataclasses.fields(cls))
    return cls(*(rng.choice(ODD_VALUES) for _ in range(n)))


def positions() -> dict[str, rb.Game]:
    """Games of every edition at several kinds of decision, reached by bots."""
    out: dict[str, rb.Game] = {}
    configs = [
        ("classic", 3, None, {}),
        ("classic", 2, None, {"ask_defender": True}),
        ("classic", 4, "secret_missions", {}),
        ("risk2010", 3, "simple", {}),
        ("risk2010", 2, "two_player", {"ask_defender": True}),
        ("balance_of_power", 2, "command_room", {}),
        ("balance_of_power", 2, "basic_training", {"ask_defender": True}),
        ("transformers", 4, None, {"ask_defender": True}),
    ]
    for name, n, variant, options in configs:
        players = ["Ada", "Bo", "Cy", "Di"][:n]
        game = rb.new_game(name, players=players, variant=variant, options=options, seed=len(out))
        bots = {p: rb.bots.Aggressive(seed=i) for i, p in enumerate(players)}
        seen: set[str] = set()
        for _ in range(3000):
            if game.is_over:
                break
            decision = f"{game.phase}/{game.pending.decision}"
            if decision not in seen:
                seen.add(decision)
                out[f"{name}-{variant}-{decision}"] = game.copy()
            player = game.pending.player
            game.apply(bots[player].act(game.view(player)))
        out[f"{name}-{variant}-end"] = game
    return out


def _fingerprint(game: rb.Game) -> tuple[Any, ...]:
    return game.state, game.state_id, len(game.actions), game.actions[-1:]


def _try(game: rb.Game, tally: Tally, what: str, do: Any) -> None:
    """One case: ``do(game)`` raises ``IllegalAction`` and changes nothing, or succeeds and leaves
    a game that saves and loads back exactly."""
    branch = game.copy()
    before = _fingerprint(branch)
    tally.cases += 1
    try:
        do(branch)
    except rb.IllegalAction as exc:
        if _fingerprint(branch) != before:
            tally.escape("changed", f"{what}: refused ({exc.code}) but the game changed")
        elif not isinstance(exc.code, str) or "/" not in exc.code or len(str(exc)) > 2000:
            tally.escape("bad error", f"{what}: code {exc.code!r}, message of {len(str(exc))} characters")
        return
    except Exception as exc:
        tally.escape(type(exc).__name__, f"{what}: {type(exc).__name__}: {str(exc)[:200]}")
        return
    text = branch.to_json()
    try:
        again = rb.Game.from_json(text)
    except rb.FormatError as exc:
        tally.escape("unsavable", f"{what}: accepted, then the save was refused: {exc}")
        return
    if again.to_json() != text:
        tally.escape("changed by saving", what)


def test_hostile_actions_are_refused_and_change_nothing(fuzz_size: int) -> None:
    tally = Tally("actions")
    rng = random.Random("actions")
    for name, game in positions().items():
        player = game.pending.player or game.players[0]
        cases: list[tuple[str, Any]] = []
        for text in TEXTS:
            cases.append((f"{name} apply {str(text)[:40]!r}", lambda g, t=text: g.apply(t)))
        for _ in range(8 * fuzz_size):
            cls = rng.choice(ACTION_TYPES)
            forged = _forged(cls, rng)
            cases.append((f"{name} forged {cls.__name__}", lambda g, a=forged: g.apply(a)))
            cases.append((f"{name} push forged {cls.__name__}", lambda g, a=forged: g.push(a)))
            cases.append((f"{name} check forged {cls.__name__}", lambda g, a=forged: _checked(g, a)))
            cls = rng.choice(ACTION_TYPES)
            cases.append((f"{name} {cls.__name__}(hostile)", lambda g, c=cls: g.apply(_constructed(c, rng))))
        legal = list(game.legal_actions())
        if legal:
            action = rng.choice(legal)
            cases += [
                (f"{name} dice {d!r}", lambda g, d=d, a=action: g.apply(a, dice=d))
                for d in ([], "66", [[7]], [[6, 6, 6, 6, 6, 6, 6]], [[1.5]], [[True]], [[6], [6], [6]], 5, [[0]])
            ]
            cases += [
                (f"{name} player {p!r}", lambda g, p=p, a=action: g.apply(a, player=p))
                for p in ("nobody", "", None, 3, ["Ada"], "neutral")
                if p != player
            ]
            for field in dataclasses.fields(type(action)):
                for value in rng.sample(ODD_VALUES, 4):
                    changed = object.__new__(type(action))
                    for f in dataclasses.fields(type(action)):
                        object.__setattr__(changed, f.name, value if f is field else getattr(action, f.name))
                    cases.append((f"{name} {action} with {field.name}={value!r:.30}", lambda g, a=changed: g.apply(a)))
        for what, do in cases:
            _try(game, tally, what, do)
    tally.report()


def _checked(game: rb.Game, action: rb.Action) -> None:
    """``check`` never raises: it returns the error ``apply`` would raise, which is raised here."""
    error = game.check(action)
    if error is not None:
        raise error
    game.apply(action)


def test_an_integer_of_another_type_is_read_as_its_value() -> None:
    """A bot's numpy arithmetic makes a count that is not a Python int: it is read as its value,
    so the action equals, prints and records as the plain one; a bool or a float is refused."""
    assert rb.Place(np.int64(3), "alaska") == rb.Place(3, "alaska")
    assert type(rb.Place(np.int64(3), "alaska").count) is int
    for bad in (True, 1.5, 3.0, "3", None):
        try:
            rb.Place(bad, "alaska")  # type: ignore[arg-type]
        except rb.IllegalAction as exc:
            assert exc.code == "action/bad_count"
        else:
            raise AssertionError(f"Place({bad!r}, 'alaska') was made")
