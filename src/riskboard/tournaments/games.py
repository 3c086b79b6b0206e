"""One tournament game, played wherever a worker runs it: a pure function of the tournament's
``Spec`` and the game's index, returning a picklable ``Outcome``.

How a game ends (``Outcome.outcome``):

- ``"win"``: one winner;
- ``"shared"``: several winners (the 2010 edition's ceasefire): a draw for each sharer, a loss
  for everyone else;
- ``"draw"``: nobody won within ``max_turns``;
- ``"forfeit"``: a bot failed: it raised, chose something that is not a legal action, ran past
  the time limit, or ended or hung its worker process (twice: ``pool``). That bot forfeits (a
  loss, counted apart), the game stops there and nobody wins it: a draw for the others.
  ``forfeit_error`` says what happened; ``forfeit_bot`` is ``None`` only when no bot can be named
  (a Dask worker that died: Dask does not say which decision was running).
"""

from __future__ import annotations

import reprlib
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from riskboard.bots.entrants import Entrant
from riskboard.bots.watch import DecisionTimeout, Watch
from riskboard.engine.play import Bot
from riskboard.errors import BotError
from riskboard.registry import new_game
from riskboard.tournaments.seating import bot_seed, game_seed, seating


@dataclass(frozen=True)
class Spec:
    """Everything a worker needs to play any game of the tournament."""

    entrants: tuple[Entrant, ...]
    ruleset: str
    variant: str | None
    options: Mapping[str, Any] | None
    players: int
    seed: int
    max_turns: int
    records: bool
    time_limit: float | None = None
    seating: str = "rotate"

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(e.name for e in self.entrants)


@dataclass(frozen=True)
class Outcome:
    """What one game produced (``seconds`` is the only field that varies between runs)."""

    index: int
    seed: int
    seats: tuple[str, ...]
    outcome: str
    winners: tuple[str, ...]
    turns: int
    actions: int
    forfeit_bot: str | None = None
    forfeit_error: str | None = None
    seconds: float = 0.0
    record: dict[str, Any] | None = field(default=None, repr=False)


NO_WATCH = Watch(None)
"""A watch that times nothing (``time_limit=None``)."""

MAKING, DECIDING, APPLYING = 1, 2, 3
"""What a traced game was doing (``play_game``'s ``trace``): making a bot, a bot deciding, the
engine applying the bot's choice."""

MAX_REASON = 600
"""A forfeit's reason is cut to this many characters (a bot's exception may say a lot)."""


def play_game(
    spec: Spec,
    index: int,
    watch: Watch = NO_WATCH,
    trace: Callable[[int, int], None] | None = None,
    interruptible: bool = False,
) -> Outcome:
    """Play game ``index`` of the tournament out (see the module docstring for its outcomes).

    Whatever a bot does wrong costs it this game and nothing more: raising anything (even
    ``SystemExit``), returning anything that is not a legal action (even a forged one the engine
    cannot read), running past the time limit (``watch``) or failing to be made. Only
    ``KeyboardInterrupt`` stops the tournament, and only when ``interruptible`` (the games are
    played in the caller's thread, where Ctrl-C arrives; elsewhere it can only be a bot's).
    ``trace(seat, what)`` is told before each step of a bot (``MAKING``, ``DECIDING``,
    ``APPLYING``): the pool traces a game that killed its worker, to say whose step it was.
    """
    started = time.perf_counter()
    seats = seating(spec.names, spec.players, spec.seed, index, spec.seating)
    entrants = {e.name: e for e in spec.entrants}
    seed = game_seed(spec.seed, index)
    game = new_game(spec.ruleset, players=seats, variant=spec.variant, options=spec.options, seed=seed, lean=True)
    bots: dict[str, Bot] = {}
    making: str | None = None
    blame: tuple[str | None, str] | None = None
    try:
        for seat, name in enumerate(seats):
            making = name
            if trace is not None:
                trace(seat, MAKING)
            watch.follow(_unchanging, lambda name=name: name)  # type: ignore[misc]
            bot = entrants[name].make(bot_seed(spec.seed, index, seat))
            if not callable(getattr(bot, "act", None)):
                raise TypeError(f"its factory returned {_text(bot)}, which has no act(view) method")
            bots[name] = bot if trace is None else _Traced(bot, seat, trace)
        making = None
        watch.follow(lambda: game.state, lambda: _deciding(game))
        game.play(bots, max_turns=spec.max_turns)
    except DecisionTimeout:
        what = "to be made" if making is not None else "to decide"
        blame = (making or watch.late or _deciding(game), f"took longer than time_limit={spec.time_limit:g} s {what}")
    except BotError as exc:
        blame = (_deciding(game), _engine_message(str(exc), _deciding(game)))
    except KeyboardInterrupt as exc:
        if interruptible:
            raise
        blame = (making or _deciding(game), _failure(exc, making))
    except BaseException as exc:  # a bot's SystemExit too: it costs the bot its game, nothing more
        blame = (making or _deciding(game), _failure(exc, making))
    finally:
        watch.unfollow()
    forfeit_bot, forfeit_error = blame if blame is not None else (None, None)
    if blame is not None and forfeit_bot is None:  # nobody to blame: still a forfeit, not a result
        forfeit_error = f"the game could not go on: {forfeit_error}"
    winners = () if blame is not None else game.winners
    if blame is not None:
        outcome = "forfeit"
    else:
        outcome = "win" if len(winners) == 1 else "shared" if winners else "draw"
    return Outcome(
        index=index,
        seed=seed,
        seats=seats,
        outcome=outcome,
        winners=tuple(winners),
        turns=game.turn,
        actions=len(game.actions),
        forfeit_bot=forfeit_bot,
        forfeit_error=None if forfeit_error is None else forfeit_error[:MAX_REASON],
        seconds=time.perf_counter() - started,
        record=game.record() if spec.records else None,
    )


def lost_game(spec: Spec, index: int, bot: str | None, reason: str, seconds: float = 0.0) -> Outcome:
    """The outcome of a game that could not be played to its end where it ran (its worker process
    died or hung): a forfeit by ``bot`` (``None`` if nobody can be blamed), with no turns counted."""
    return Outcome(
        index=index,
        seed=game_seed(spec.seed, index),
        seats=seating(spec.names, spec.players, spec.seed, index, spec.seating),
        outcome="forfeit",
        winners=(),
        turns=0,
        actions=0,
        forfeit_bot=bot,
        forfeit_error=reason[:MAX_REASON],
        seconds=seconds,
    )


def _unchanging() -> None:
    """The progress of a bot being made: none until it is made."""


def _deciding(game: Any) -> str | None:
    """Who must decide now (a bot's name: the tournament seats its bots under their names)."""
    try:
        return str(game.pending.player)
    except Exception:  # a state the engine cannot read any more: nobody to name
        return None


def _text(value: object) -> str:
    """``repr(value)`` for a message, short, and never raising (a bot's objects may be hostile)."""
    try:
        text = reprlib.repr(value)
    except Exception:
        text = f"a {type(value).__name__} that cannot be shown"
    return text


def _describe(exc: BaseException) -> str:
    try:
        said = str(exc)
    except Exception:
        said = "(its message cannot be shown)"
    return f"{type(exc).__name__}: {said}" if said else type(exc).__name__


def _failure(exc: BaseException, making: str | None) -> str:
    """The reason for a forfeit the engine did not phrase: the bot's factory raised, the bot
    raised something that is not an ``Exception`` (``SystemExit``, ``KeyboardInterrupt``), or the
    engine raised on what the bot chose (a forged action, a garbage object)."""
    if making is not None:
        return f"making the bot raised {_describe(exc)}"
    if not isinstance(exc, Exception):
        return f"raised {_describe(exc)}"
    return f"chose something the engine could not apply: it raised {_describe(exc)}"


def _engine_message(message: str, player: str | None) -> str:
    """The engine's ``BotError`` message from ``playing ...`` on: it starts with the bot's repr,
    which may hold a memory address, so that a forfeit reads the same in every process."""
    marker = f", playing {player}, "
    at = message.find(marker)
    return message[at + 2 :] if at >= 0 else message


class _Traced:
    """A bot that tells ``trace`` before it decides and after (for a game being isolated)."""

    __slots__ = ("_bot", "_seat", "_trace")

    def __init__(self, bot: Bot, seat: int, trace: Callable[[int, int], None]) -> None:
        self._bot, self._seat, self._trace = bot, seat, trace

    def act(self, view: Any) -> Any:
        self._trace(self._seat, DECIDING)
        choice = self._bot.act(view)
        self._trace(self._seat, APPLYING)
        return choice

    def __repr__(self) -> str:
        return repr(self._bot)


STRAY_RETRIES = 3
"""How often a game is played again when its time-limit interruption landed after the game had
ended (possible only when the watch interrupts from another thread: see ``watch``)."""


def play_safely(
    spec: Spec,
    index: int,
    watch: Watch = NO_WATCH,
    trace: Callable[[int, int], None] | None = None,
    interruptible: bool = False,
) -> Outcome:
    """``play_game``, played again if a late interruption escaped it: a game is a pure function
    of its index, so the replay is the same game."""
    for _ in range(STRAY_RETRIES):
        try:
            return play_game(spec, index, watch, trace, interruptible)
        except DecisionTimeout:
            watch.unfollow()
    return lost_game(spec, index, None, "its time limit's interruptions kept landing outside its decisions")


def play_games(spec: Spec, indices: Sequence[int]) -> list[Outcome]:
    """Play a chunk of games: a Dask task (in a worker's thread, so the watch interrupts from a
    watchdog thread)."""
    with Watch(spec.time_limit) as watch:
        return [play_safely(spec, i, watch) for i in indices]
