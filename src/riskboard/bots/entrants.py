"""What a tournament (and ``check_bot``) accepts as a bot, and how it gets a fresh one for every
game. It lives with the bots, below the tournaments, so that ``rb.bots.check_bot`` accepts exactly
what ``rb.tournament`` does.

Each value of the ``bots`` mapping is one of:

- a **bot class**, or any **factory** (a callable that can be called with no argument, or whose
  one required argument is named ``seed``, e.g. ``functools.partial(Aggressive, trade_at=4)``):
  called once per game, with ``seed=<the seat's seed>`` when it accepts a ``seed`` keyword;
- a **bot instance** (it has an ``act`` method): deep-copied for every game, so no game sees
  what an earlier one taught it;
- a **bot function**: a callable with exactly one required positional parameter not named
  ``seed``, e.g. ``def my_bot(view): ...``; it *is* the bot and receives each view.
"""

from __future__ import annotations

import copy
import inspect
from dataclasses import dataclass
from typing import Any, Literal

from riskboard.engine.play import Bot, FunctionBot
from riskboard.errors import ConfigError
from riskboard.i18n import _

Kind = Literal["factory", "seeded_factory", "instance", "function"]


@dataclass(frozen=True)
class Entrant:
    """One bot of a tournament: its name, what was given and how to get a bot from it per game."""

    name: str
    source: Any
    kind: Kind

    def make(self, seed: int) -> Bot:
        """A fresh bot for one game (``seed`` is used only by factories that take one)."""
        if self.kind == "seeded_factory":
            return self.source(seed=seed)
        if self.kind == "factory":
            return self.source()
        if self.kind == "instance":
            return copy.deepcopy(self.source)
        return FunctionBot(self.source)


def classify(name: str, source: Any) -> Entrant:
    """Decide what ``source`` is (module docstring); ``ConfigError`` if it cannot be a bot."""
    if not isinstance(name, str) or not name.strip():
        raise ConfigError(
            _("bot names must be non-empty strings, got {name}").format(name=repr(name)), code="config/bots"
        )
    if not isinstance(source, type) and callable(getattr(source, "act", None)):
        return Entrant(name, source, "instance")
    if not callable(source):
        raise ConfigError(
            _(
                "the bot {name} is {source}, which is neither a bot (with act(view)), a bot class, a factory nor a function of the view"
            ).format(name=repr(name), source=repr(source)),
            code="config/bots",
        )
    try:
        params = list(inspect.signature(source).parameters.values())
    except (TypeError, ValueError):  # some builtins have no signature: call them as factories
        return Entrant(name, source, "factory")
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    required = [p for p in params if p.default is inspect.Parameter.empty and p.kind not in _VARIADIC]
    takes_seed = any(p.name == "seed" and p.kind != inspect.Parameter.POSITIONAL_ONLY for p in params) or any(
        p.kind == inspect.Parameter.VAR_KEYWORD for p in params
    )
    if isinstance(source, type) or not required or [p.name for p in required] == ["seed"]:
        if required and [p.name for p in required] != ["seed"]:
            raise ConfigError(
                _("the bot class {name} needs arguments; give a factory instead").format(name=repr(name)),
                code="config/bots",
            )
        return Entrant(name, source, "seeded_factory" if takes_seed else "factory")
    if len(required) == 1 and required[0].kind in positional:
        return Entrant(name, source, "function")
    raise ConfigError(
        _(
            "the bot {name} needs the arguments {names}; a bot function takes just the view (def my_bot(view)) and a factory takes nothing or seed="
        ).format(name=repr(name), names=", ".join(p.name for p in required)),
        code="config/bots",
    )


_VARIADIC = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)


def check_makes_bots(entrant: Entrant, time_limit: float | None = None) -> None:
    """Make one bot of ``entrant`` to catch a factory that fails, hangs (past ``time_limit``) or
    returns no bot before any game is played (``ConfigError``). Anything the factory raises but
    ``KeyboardInterrupt`` (even ``SystemExit``) is the factory's failure, not the caller's."""
    from riskboard.bots.watch import DecisionTimeout, Watch

    with Watch(time_limit, shelter=__file__) as watch:
        try:
            watch.follow(lambda: None, lambda: entrant.name)
            bot = entrant.make(0)
        except DecisionTimeout:
            raise ConfigError(
                _("making the bot {name} took longer than time_limit={time_limit:g} s").format(
                    name=repr(entrant.name), time_limit=time_limit
                ),
                code="config/bots",
            ) from None
        except KeyboardInterrupt:
            raise
        except BaseException as exc:
            raise ConfigError(
                _("making the bot {name} raised {error}: {shown}").format(
                    name=repr(entrant.name), error=type(exc).__name__, shown=_shown(exc)
                ),
                code="config/bots",
            ) from exc
        finally:
            watch.unfollow()
    if not callable(getattr(bot, "act", None)):
        raise ConfigError(
            _("the factory of {name} returned {shown}, which has no act(view) method").format(
                name=repr(entrant.name), shown=_shown(bot, True)
            ),
            code="config/bots",
        )


def _shown(value: object, as_repr: bool = False) -> str:
    """A value for a message, short and never raising (a factory's objects may be hostile)."""
    import reprlib

    try:
        return reprlib.repr(value) if as_repr else str(value)[:300]
    except Exception:
        return f"a {type(value).__name__} that cannot be shown"
