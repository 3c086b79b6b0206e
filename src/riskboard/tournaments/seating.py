"""Who plays which game, in which seat, with which seeds: pure functions of the tournament seed
and the game index, so a game is the same whichever worker plays it and in whatever order.

Seating rule. Games are taken in blocks of ``n`` (the number of bots): block ``b`` draws one
shuffled order of all the bots from the tournament seed, and game ``b * n + r`` seats the ``k``
bots that start at position ``r`` of that order, going round it (``order[r], order[r + 1], ...``
modulo ``n``). So within every complete block each bot plays exactly ``k`` games and sits in each
of the seats ``1..k`` exactly once: no bot keeps the first seat, and with ``k == n`` each game
seats everyone, each block being a Latin square of seats. A fresh shuffle per block varies who
sits next to whom.

Two other rules, for experiments (``rb.tournament(..., seating=...)``):

- ``"round_robin"``: the games go round every ordered arrangement of ``k`` distinct bots (all
  ``n! / (n - k)!`` of them, in a fixed order): with two seats each pair meets in both seat
  orders, so a tournament of a whole number of rounds is seat-balanced pair by pair, which the
  meta-game's payoffs need (``TournamentResult.payoffs``). The rotating rule is not: with three or
  more bots at two seats, a block meets only neighbours of its shuffle, in one order.
- ``"fixed"``: every game seats the first ``k`` bots in the order given, so that seat order is
  held constant while a policy varies (the kingmaking experiment).

No rule seats one bot twice at a table: a player is named after its bot. A table of two copies of
a bot is two entries under different names (``{"a": Aggressive, "a 2": Aggressive}``).
"""

from __future__ import annotations

import hashlib
import itertools
import random
from collections.abc import Sequence

_SEED_BITS = 63

RULES = ("rotate", "round_robin", "fixed")
"""The seating rules (module docstring); ``"rotate"`` is the default."""


def derive_seed(seed: int, *parts: int | str) -> int:
    """A 63-bit seed for one purpose (``"game"``, ``"seating"``, a seat's bot) drawn from the
    tournament ``seed``; a hash, not a generator, so it never depends on what was drawn before.

    >>> derive_seed(1, 0, "game") == derive_seed(1, 0, "game") != derive_seed(1, 1, "game")
    True
    """
    text = ":".join(str(p) for p in ("riskboard-tournament", seed, *parts))
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - _SEED_BITS)


def seating(names: Sequence[str], players: int, seed: int, index: int, rule: str = "rotate") -> tuple[str, ...]:
    """The bots of game ``index``, in seat order (see the module docstring for the rules).

    >>> seating(["a", "b", "c"], 3, seed=1, index=0) != seating(["a", "b", "c"], 3, seed=1, index=1)
    True
    >>> [seating(["a", "b", "c"], 2, seed=1, index=i, rule="round_robin") for i in range(3)]
    [('a', 'b'), ('a', 'c'), ('b', 'a')]
    >>> seating(["a", "b", "c"], 2, seed=1, index=5, rule="fixed")
    ('a', 'b')
    """
    if rule == "fixed":
        return tuple(names[:players])
    if rule == "round_robin":
        arrangements = round_robin(len(names), players)
        return tuple(names[i] for i in arrangements[index % len(arrangements)])
    n = len(names)
    block, start = divmod(index, n)
    order = list(names)
    random.Random(derive_seed(seed, block, "seating")).shuffle(order)
    return tuple(order[(start + s) % n] for s in range(players))


def game_seed(seed: int, index: int) -> int:
    """The engine seed of game ``index``."""
    return derive_seed(seed, index, "game")


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The ``seed=`` given to the factory of the bot in ``seat`` (0-based) of game ``index``."""
    return derive_seed(seed, index, "bot", seat)


def round_robin(n: int, players: int) -> tuple[tuple[int, ...], ...]:
    """Every ordered arrangement of ``players`` of ``n`` bots (by position), in a fixed order: one
    round of the ``"round_robin"`` rule.

    >>> len(round_robin(4, 2)), len(round_robin(4, 3))
    (12, 24)
    """
    return tuple(itertools.permutations(range(n), players))
