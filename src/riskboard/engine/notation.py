"""The record's notation: one short string per applied action, its chance outcomes included.

A record must replay a game exactly without a random generator, so it stores every die, card
draw and shuffle; and a finished game's record should stay small (≤ 100 KB) while people can still
read the moves. An entry is the action's text with each territory or card id written as its map
code and a blitz's move policy as one letter (``a``/``m``), then the outcomes:

- ``=`` and two characters per battle throw: the attacker's and the defender's dice, each sorted
  high to low, as one index into every such throw of six-sided dice, in base 62. Digits (``662 11``)
  would take five to seven characters a throw, and a long game throws some 11,000 times;
- ``/`` and readable tokens separated by spaces: a card (its code, or ``wild_1``), dice that are
  not a throw as digits (``4231``), a shuffle as items each followed by a comma (``ala,kam,``).

``"place 3 egy"``, ``"blitz bra naf a=DvOR"`` (662 against 11, then 541 against 3), ``"end/ala"``,
``"trade ala kam wild_1"``. The text before ``=`` or ``/`` is a valid action text with the same
meaning (``parse_action`` reads codes and ``a``/``m`` given the map).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from riskboard.engine.actions import Action, Blitz
from riskboard.errors import FormatError
from riskboard.i18n import _

if TYPE_CHECKING:
    from riskboard.maps import GameMap

THROW = "="
TOKENS = "/"
BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_SHORT_MOVE = {"all": "a", "min": "m"}


def _sides(most: int) -> list[tuple[int, ...]]:
    """Every side of a throw of 1 to ``most`` six-sided dice, sorted high to low."""
    return [dice for n in range(1, most + 1) for dice in combinations_with_replacement(range(6, 0, -1), n)]


_ATTACK = _sides(3)  # 83 sides
_DEFEND = _sides(2)  # 27 sides: 83 * 27 = 2241 throws fit in two base-62 characters (3844)
_THROW_CODE: dict[tuple[tuple[int, ...], tuple[int, ...]], str] = {}
_CODE_THROW: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {}
for _i, (_att, _de) in enumerate((a, d) for a in _ATTACK for d in _DEFEND):
    _code = BASE62[_i // 62] + BASE62[_i % 62]
    _THROW_CODE[_att, _de] = _code
    _CODE_THROW[_code] = (_att, _de)
_SEPARATOR = re.compile(r"[=/]")
_OUTCOMES = re.compile(r"(?:[=/][^=/]*)+")
_GROUP = re.compile(r"([=/])([^=/]*)")
_THROWS = re.compile(r"(?:[0-9A-Za-z]{2})+")


def short_text(action: Action, game_map: GameMap) -> str:
    """The action's text with ids as codes and a blitz's move policy as one letter
    (``blitz bra naf a``): ``parse_action(short_text(a, m), m) == a``."""
    index = game_map.index
    codes = game_map.codes
    words = str(action).split()
    words[1:] = [codes[index[w]] if w in index else w for w in words[1:]]
    if isinstance(action, Blitz) and action.move is not None:
        words[-1] = _SHORT_MOVE[action.move]
    return " ".join(words)


def _dice(outcome: Any) -> tuple[int, ...] | None:
    if isinstance(outcome, (list, tuple)) and all(type(v) is int for v in outcome):
        return tuple(outcome)
    return None


def _token(outcome: Any, game_map: GameMap | None) -> str:
    """One outcome that is not part of a throw, readable."""
    index = game_map.index if game_map is not None else {}

    def code(item: Any) -> str:
        text = str(item)
        return game_map.codes[index[text]] if game_map is not None and text in index else text

    if isinstance(outcome, str):
        return code(outcome)
    if outcome and _dice(outcome) is not None:
        return "".join(map(str, outcome))
    return ",".join(map(code, outcome)) + ","


def encode_outcomes(outcomes: Sequence[Any], game_map: GameMap | None = None) -> str:
    """The chance outcomes of one action in the record's notation (``"=DvOR"``, ``"/ala"``; ``""``
    for none). Two dice outcomes in a row that form a throw are packed into two characters, others
    written as tokens; ``decode_outcomes`` gives the same list back."""
    groups: list[tuple[str, list[str]]] = []
    i, n = 0, len(outcomes)
    while i < n:
        attack = _dice(outcomes[i])
        defend = _dice(outcomes[i + 1]) if attack is not None and i + 1 < n else None
        pair = _THROW_CODE.get((attack, defend)) if attack is not None and defend is not None else None
        if pair is not None:
            kind, piece = THROW, pair
            i += 2
        else:
            kind, piece = TOKENS, _token(outcomes[i], game_map)
            i += 1
        if groups and groups[-1][0] == kind:
            groups[-1][1].append(piece)
        else:
            groups.append((kind, [piece]))
    return "".join(kind + ("" if kind == THROW else " ").join(pieces) for kind, pieces in groups)


def decode_outcomes(text: str, game_map: GameMap | None = None) -> list[Any]:
    """The outcomes ``encode_outcomes`` wrote: dice as lists of ints, cards as ids, shuffles as
    lists. Raises ``FormatError`` (``format/bad_action``) on anything it did not write."""
    if not text:
        return []
    if not _OUTCOMES.fullmatch(text):
        raise FormatError(
            _("the chance outcomes {text} must start with '=' or '/'").format(text=repr(text)), code="format/bad_action"
        )
    by_code = game_map.by_code if game_map is not None else {}
    out: list[Any] = []
    for kind, body in _GROUP.findall(text):
        if kind == THROW:
            if not _THROWS.fullmatch(body) or any(body[k : k + 2] not in _CODE_THROW for k in range(0, len(body), 2)):
                raise FormatError(
                    _("{body} in {text} is not a list of throws (two characters each)").format(
                        body=repr(body), text=repr(text)
                    ),
                    code="format/bad_action",
                )
            for k in range(0, len(body), 2):
                att, de = _CODE_THROW[body[k : k + 2]]
                out += [list(att), list(de)]
            continue
        tokens = body.split()
        if not tokens:
            raise FormatError(
                _("an empty '/' in the chance outcomes {text}").format(text=repr(text)), code="format/bad_action"
            )
        for token in tokens:
            if token.isascii() and token.isdigit():
                out.append([int(ch) for ch in token])
            elif token.endswith(","):
                out.append([by_code.get(item, item) for item in token[:-1].split(",")] if token != "," else [])
            else:
                out.append(by_code.get(token, token))
    return out


def encode_entry(action: Action, outcomes: Sequence[Any], game_map: GameMap) -> str:
    """One record entry: the action's short text and its outcomes (``"blitz bra naf a=DvOR"``)."""
    return short_text(action, game_map) + encode_outcomes(outcomes, game_map)


def decode_entry(entry: str, game_map: GameMap) -> tuple[str, list[Any]]:
    """``(action text, outcomes)`` of a record entry; the text may still hold codes."""
    found = _SEPARATOR.search(entry)
    if found is None:
        return entry, []
    return entry[: found.start()], decode_outcomes(entry[found.start() :], game_map)
