"""Saves edited field by field, truncated, nested and scrambled (issue 19, items 1 and 3): each is
refused with a ``FormatError`` or loads as a game that is really possible.

The saves are those of ``tests/test_save_fuzz.py`` (every edition and kind of pending decision).
Each edit is made to the stored state and to the record's initial state alike, with the record's
actions dropped, so the edited position itself is judged, not a replay that disagrees with it.
Values are both wrong in kind and *plausible*: a count one more or one less, another player's or
territory's name, a list with an item dropped, doubled or swapped. A save that loads must then
behave as a game: its pending decision and legal actions answer, every player's view answers, bots
play on from it without any error, and it saves back to the same text. One that does not is
counted as an impossible state loaded.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import riskboard as rb
from fuzz.tally import Tally
from test_save_fuzz import BAD_VALUES, _paths, _set, saves

SAVES = {name: game.to_json() for name, game in saves().items()}


def _rebased(text: str) -> dict[str, Any]:
    data = json.loads(text)
    data["record"]["initial"] = copy.deepcopy(data["state"])
    data["record"]["actions"] = []
    return data


def _get(target: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        target = target[key]
    return target


def _plausible(old: Any, names: list[str], rng: random.Random) -> list[Any]:
    """Values a careless edit or a buggy writer would put there: near the old one, of its kind."""
    out: list[Any] = [copy.deepcopy(rng.choice(BAD_VALUES))]
    if isinstance(old, bool):
        out.append(not old)
    elif isinstance(old, int):
        out += [old + 1, old - 1, old * 2, 0, rng.randint(-3, 60)]
    elif isinstance(old, str):
        out += [rng.choice(names), old.upper(), old + "_"]
    elif isinstance(old, list) and old:
        dropped = old[:]
        dropped.pop(rng.randrange(len(old)))
        swapped = old[:]
        rng.shuffle(swapped)
        out += [dropped, [*old, old[0]], swapped, [rng.choice(names)] * len(old)]
    elif isinstance(old, dict) and old:
        key = rng.choice(list(old))
        out += [{k: v for k, v in old.items() if k != key}, {**old, rng.choice(names): old[key]}]
    elif old is None:
        out += [rng.choice(names), 0, []]
    return out


def behaves(game: rb.Game, seed: int) -> str:
    """'' if the loaded game behaves as a game, else what went wrong."""
    try:
        cfg = game.config
        if cfg.ruleset.problems(cfg, game.state):
            return "it breaks its edition's invariants"
        for player in game.players:
            game.view(player).legal_actions()
        bots = {p: (rb.bots.Random if i % 2 else rb.bots.Aggressive)(seed=seed + i) for i, p in enumerate(game.players)}
        for _ in range(15):
            if game.is_over:
                break
            player = game.pending.player
            if player is None or not game.legal_actions():
                return "nothing can be done in it"
            game.apply(bots[player].act(game.view(player)))
        text = game.to_json()
        if rb.Game.from_json(text).to_json() != text:
            return "it does not save back to the same text"
    except Exception as exc:
        return f"{type(exc).__name__}: {str(exc)[:150]}"
    return ""


def _judge(tally: Tally, text: str, what: str, seed: int) -> None:
    tally.cases += 1
    try:
        game = rb.Game.from_json(text)
    except rb.FormatError as exc:
        if "unexpected" in str(exc):  # a check is missing: the loader caught something else
            tally.escape(f"FormatError({exc.__cause__.__class__.__name__})", f"{what}: {exc}")
        return
    except Exception as exc:
        tally.escape(type(exc).__name__, f"{what}: {str(exc)[:200]}")
        return
    wrong = behaves(game, seed)
    if wrong:
        tally.loaded_impossible(f"{what}: loaded, but {wrong}")


def test_fields_edited_one_by_one(fuzz_size: int) -> None:
    tally = Tally("saves-fields")
    rng = random.Random("saves-fields")
    for name, text in sorted(SAVES.items()):
        base = _rebased(text)
        game = rb.Game.from_json(text)
        names = [*game.players, *game.config.neutrals, *rng.sample(list(game.map.ids), 3), "nobody"]
        paths = [p for p in _paths(base["state"]) if p]
        for path in rng.sample(paths, min(len(paths), 25 * fuzz_size)):
            for value in _plausible(_get(base["state"], path), names, rng):
                data = copy.deepcopy(base)
                for root in (data["state"], data["record"]["initial"]):
                    _set(root, path, copy.deepcopy(value))
                _judge(tally, json.dumps(data), f"{name} {'.'.join(map(str, path))}={value!r:.40}", rng.randrange(99))
    tally.report()


def test_files_truncated_scrambled_and_nested(fuzz_size: int) -> None:
    tally = Tally("saves-text")
    rng = random.Random("saves-text")
    for name, text in sorted(SAVES.items()):
        for _ in range(6 * fuzz_size):
            cut = rng.randrange(len(text))
            _judge(tally, text[:cut], f"{name} cut at {cut}", 1)
            flipped = list(text)
            for _ in range(rng.randint(1, 3)):
                flipped[rng.randrange(len(text))] = rng.choice('0123456789{}[]",:-.aeZ\\ ')
            _judge(tally, "".join(flipped), f"{name} characters changed", 1)
        data = json.loads(text)
        for depth in (10, 80):
            nested = copy.deepcopy(data)
            nested["state"]["extra"] = json.loads("[" * depth + "]" * depth)
            _judge(tally, json.dumps(nested), f"{name} nested {depth}", 1)
        _judge(tally, text[:-1] + ',"x":' + "[" * 5000 + "]" * 5000 + "}", f"{name} nested 5000", 1)
        entries = data["record"]["actions"]
        for _ in range(3 * fuzz_size):
            if not entries:
                break
            changed = copy.deepcopy(data)
            k = rng.randrange(len(entries))
            entry = entries[k]
            changed["record"]["actions"][k] = rng.choice(
                [entry[:-1], entry + "A", entry.replace("=", "/"), entry * 2, "", 7, None, entry.upper()]
            )
            _judge(tally, json.dumps(changed), f"{name} record entry {k} edited", 1)
    for junk in ("", "null", "[]", "{}", '"riskboard"', "1e999", "NaN", b"\xff\xfe", "{" * 10**5):
        _judge(tally, junk, f"junk {junk[:10]!r}", 1)  # type: ignore[arg-type]
    tally.report()
