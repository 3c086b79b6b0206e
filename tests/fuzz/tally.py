"""Counting a fuzz family's cases and escapes, for the figures printed at the end of the run.

A *case* is one hostile input (or one position checked); an *escape* is any outcome other than the
documented one (an exception of another type, or the documented error where the input was fine);
an *impossible state loaded* is a forged save or position that was accepted although it breaks a
rule. A family fails if it has an escape or an impossible state, and says which cases did.

>>> tally = Tally("doctest")
>>> with tally.case("a bad number", expect=ValueError):
...     int("x")
>>> tally.cases, dict(tally.escapes)
(1, {})
"""

from __future__ import annotations

import contextlib
import json
import os
import traceback
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

FUZZ_DIR_ENV = "RISKBOARD_FUZZ_DIR"
MAX_EXAMPLES = 5


EXAMPLE_LIMIT = 1500
"""The most characters an example keeps (a hostile value may be a megabyte of text)."""


def _short(text: str) -> str:
    return text if len(text) <= EXAMPLE_LIMIT else text[: EXAMPLE_LIMIT - 200] + " … " + text[-197:]


class Tally:
    """The figures of one family of one test: cases, escapes by exception type, impossible states."""

    def __init__(self, family: str) -> None:
        self.family = family
        self.cases = 0
        self.escapes: Counter[str] = Counter()
        self.impossible = 0
        self.examples: list[str] = []

    @contextlib.contextmanager
    def case(self, what: object, expect: type[BaseException] | tuple[type[BaseException], ...] = ()) -> Iterator[None]:
        """One case: an exception of a type in ``expect`` is the documented outcome; any other is
        an escape, counted under its type and kept as an example."""
        self.cases += 1
        try:
            yield
        except expect:
            pass
        except Exception as exc:
            self.escape(type(exc).__name__, f"{what!r}: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=-3)}")

    def escape(self, kind: str, example: str) -> None:
        """An outcome other than the documented one (``kind``: the exception type, or a word)."""
        self.escapes[kind] += 1
        if len(self.examples) < MAX_EXAMPLES:
            self.examples.append(f"[{kind}] {_short(example)}")

    def loaded_impossible(self, example: str) -> None:
        """A forged input that was accepted although it breaks a rule."""
        self.impossible += 1
        if len(self.examples) < MAX_EXAMPLES:
            self.examples.append(f"[impossible] {_short(example)}")

    def report(self) -> None:
        """Write the figures for the run's summary, then fail if anything escaped."""
        folder = os.environ.get(FUZZ_DIR_ENV)
        if folder and Path(folder).is_dir():
            line = {
                "family": self.family,
                "cases": self.cases,
                "escapes": dict(self.escapes),
                "impossible": self.impossible,
            }
            with open(Path(folder) / f"{os.getpid()}.jsonl", "a", encoding="utf-8") as f:
                f.write(json.dumps(line) + "\n")
        assert self.cases > 0, f"{self.family}: no cases ran"
        assert not self.escapes and not self.impossible, (
            f"{self.family}: {sum(self.escapes.values())} escapes {dict(self.escapes)} and {self.impossible} "
            f"impossible states in {self.cases} cases; e.g.\n" + "\n".join(self.examples)
        )
