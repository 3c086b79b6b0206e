"""``remembered``: a presentation function that is asked after every action but reads only parts
of the state that change now and then keeps its last answer.

A state is immutable and an action builds the next one with ``_replace``, so a part it did not
touch is the very same object in the next state: comparing the parts a function reads (equal
tuples compare at C speed, identical ones at once) tells whether its answer can change. The
function names those parts itself, next to the code that reads them, so the knowledge of what it
depends on stays in one place. The board's payloads are the callers: an unchanged answer is the
same object, which the board's patch then skips without comparing it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar

from riskboard.i18n import get_language

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState

T = TypeVar("T")

_ANSWERS: list[list[Any]] = []
"""Every remembered function's last answer (``forget`` clears them)."""


def forget() -> None:
    """Forget every remembered answer: for code that changes a rule in its one home while a game
    is open (a test patching a constant), since an answer is remembered by the state alone."""
    for last in _ANSWERS:
        last[0] = None


def remembered(
    *fields: str,
) -> Callable[[Callable[[GameConfig, GameState], T]], Callable[[GameConfig, GameState], T]]:
    """Decorate ``f(cfg, s)`` that reads only the state's ``fields`` (dotted for a part of a field:
    ``"extra.cities"``; and the language spoken, in which its texts are said): it answers again
    only when one of them changed. Its answer must not be changed by the callers (they get the
    same object again)."""

    def decorate(f: Callable[[GameConfig, GameState], T]) -> Callable[[GameConfig, GameState], T]:
        last: list[Any] = [None]  # the last (key, answer), replaced whole (threads see one or the other)
        _ANSWERS.append(last)
        read = attrgetter(*fields, "__class__")  # (a tuple however many fields: the class as one more)

        @wraps(f)
        def answer(cfg: GameConfig, s: GameState) -> T:
            key = (cfg, get_language(), read(s))
            known = last[0]
            if known is not None and known[0] == key:
                return known[1]
            value = f(cfg, s)
            last[0] = (key, value)
            return value

        answer.reads = fields  # type: ignore[attr-defined]  # (what a test may check it by)
        return answer

    return decorate
