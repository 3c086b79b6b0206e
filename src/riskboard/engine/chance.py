"""Chance outcomes: dice, card draws and shuffles, from a seeded counter-based generator.

The generator is ``blake2b(seed, counter)``: the n-th chance outcome of a game depends only on the
game's seed and n, and n is part of the ``GameState``. So copying, undoing, saving and loading a
game need no generator state, and the same seed with the same actions gives the same game.
Outcomes can also be injected (tests, classroom demonstrations, replays); the counter advances
either way so a replay reaches the identical state.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Sequence
from hashlib import blake2b
from typing import Any

from riskboard.errors import IllegalAction


def _digest(key: bytes, counter: int, block: int) -> bytes:
    return blake2b(counter.to_bytes(8, "little") + block.to_bytes(4, "little"), key=key, digest_size=32).digest()


def seed_key(seed: int) -> bytes:
    """The blake2b key for a seed (any int)."""
    return blake2b(str(int(seed)).encode(), digest_size=32).digest()


class Chance:
    """Draws (or replays) the chance outcomes of one action.

    ``queue`` holds injected outcomes, consumed in order; every outcome actually used is appended
    to ``outcomes`` so the record can store it.
    """

    __slots__ = ("counter", "key", "outcomes", "queue")

    def __init__(self, key: bytes, counter: int, queue: Iterable[Any] | None = None) -> None:
        self.key = key
        self.counter = counter
        self.queue: deque[Any] | None = deque(queue) if queue else None
        self.outcomes: list[Any] = []

    def _injected(self) -> Any:
        if self.queue:
            return self.queue.popleft()
        return None

    def roll(self, n: int, sides: int = 6, who: str = "dice") -> tuple[int, ...]:
        """Roll ``n`` dice with ``sides`` faces (unsorted, as they fell)."""
        c = self.counter
        self.counter = c + 1
        given = self._injected()
        if given is not None:
            try:
                values = tuple(given)
            except TypeError:
                values = ()
            if len(values) != n or not all(
                isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= sides for v in values
            ):
                raise IllegalAction(
                    f"the {who} must be {n} number{'s' if n != 1 else ''} from 1 to {sides}, got {given!r}",
                    code="dice/invalid",
                )
        else:
            limit = 256 - 256 % sides
            out: list[int] = []
            block = 0
            while len(out) < n:
                for b in _digest(self.key, c, block):
                    if b < limit:
                        out.append(b % sides + 1)
                        if len(out) == n:
                            break
                block += 1
            values = tuple(out)
        self.outcomes.append(list(values))
        return values

    def draw(self, pile: Sequence[str]) -> str:
        """Draw one card uniformly at random from ``pile`` (a non-empty sequence)."""
        c = self.counter
        self.counter = c + 1
        given = self._injected()
        if given is not None:
            if given not in pile:
                raise IllegalAction(f"card {given!r} is not in the draw pile", code="chance/invalid")
            card = given
        else:
            n = len(pile)
            limit = 65536 - 65536 % n
            card = None
            block = 0
            while card is None:
                d = _digest(self.key, c, block)
                for i in range(0, 32, 2):
                    v = d[i] | (d[i + 1] << 8)
                    if v < limit:
                        card = pile[v % n]
                        break
                block += 1
        self.outcomes.append(card)
        return card

    def shuffle(self, items: Sequence[Any]) -> list[Any]:
        """A uniformly random permutation of ``items`` (given outcomes: the permutation itself)."""
        c = self.counter
        self.counter = c + 1
        given = self._injected()
        if given is not None:
            if sorted(map(str, given)) != sorted(map(str, items)):
                raise IllegalAction("an injected shuffle must be a permutation of the items", code="chance/invalid")
            out = list(given)
        else:
            out = list(items)
            random.Random(int.from_bytes(_digest(self.key, c, 0), "little")).shuffle(out)
        self.outcomes.append(list(out))
        return out

    @property
    def exhausted(self) -> bool:
        return not self.queue
