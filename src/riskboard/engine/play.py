"""Running a game between bots: the loop behind ``Game.play``, and what a bot is to the engine."""

from __future__ import annotations

import gc
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

from riskboard.engine.actions import Action
from riskboard.engine.view import PlayerView
from riskboard.errors import BotError, ConfigError, IllegalAction
from riskboard.i18n import _

if TYPE_CHECKING:
    from riskboard.engine.game import Game


@runtime_checkable
class Bot(Protocol):
    """A bot decides the pending decision of its player from what that player may see."""

    def act(self, view: PlayerView) -> Action | str:
        """Return a legal action (or its text form) for ``view.player``."""
        ...


class FunctionBot:
    """A plain function ``f(view) -> action`` as a bot: writing a bot can be one function. Its repr
    is the function's name, so a message about it reads the same in every process."""

    __slots__ = ("_last", "function")

    def __init__(self, function: Callable[[PlayerView], Action | str]) -> None:
        self.function = function
        self._last: Action | str | None = None

    def act(self, view: PlayerView) -> Action | str:
        choice = self._last = self.function(view)
        return choice

    def explain(self) -> str:
        """What the function chose last (a function gives no reasons of its own)."""
        if self._last is None:
            return _("{bot} has not decided anything yet.").format(bot=repr(self))
        return _("{bot} chose '{action}'.").format(bot=repr(self), action=self._last)

    def __repr__(self) -> str:
        return getattr(self.function, "__qualname__", None) or repr(self.function)


def as_bot(bot: object, name: str = "") -> Bot:
    """``bot`` itself if it has ``act(view)``, a plain function wrapped as a ``FunctionBot``;
    anything else is a ``ConfigError``."""
    if callable(getattr(bot, "act", None)) and not isinstance(bot, type):
        return cast(Bot, bot)  # it has an act(view): what a Bot is
    if callable(bot) and not isinstance(bot, type):
        return FunctionBot(bot)
    given = repr(bot) + (_(" (a class: give an instance, e.g. Aggressive())") if isinstance(bot, type) else "")
    if name:
        message = _("the bot for {player} has no act(view) method and is not a function of the view: {bot}")
    else:
        message = _("a bot has no act(view) method and is not a function of the view: {bot}")
    raise ConfigError(message.format(player=name, bot=given), code="config/bots")


def play(
    game: Game,
    bots: Mapping[str, Bot | Callable[[PlayerView], Action | str]],
    *,
    max_turns: int = 1000,
    progress: bool = False,
) -> str | None:
    """Ask each pending player's bot until the game ends, or until the turn after the current one
    plus ``max_turns`` further player turns would begin. Returns the winner's name, or ``None``.
    A bot is anything with ``act(view)``, or a plain function of the view."""
    cfg = game.config
    missing = [p for p in cfg.players if p not in bots]
    if missing:
        raise ConfigError(_("no bot given for {players}").format(players=", ".join(missing)), code="config/bots")
    seated = {name: as_bot(bot, name) for name, bot in bots.items()}
    if isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 0:
        raise ConfigError(
            _("max_turns must be a whole number ≥ 0, got {value}").format(value=repr(max_turns)), code="config/bots"
        )
    limit = game.turn + max_turns
    bar = _Progress(max_turns) if progress else None
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], YOUNG_GC_THRESHOLD), *thresholds[1:])
    try:
        return _loop(game, seated, limit, max_turns, bar)
    finally:
        gc.set_threshold(*thresholds)
        if bar is not None:
            bar.close()


YOUNG_GC_THRESHOLD = 5000
"""While bots play, the collector looks at young objects after 5,000 new ones instead of Python's
700: the loop makes many short-lived containers (views, event lists) and no reference cycles, and
collecting less often makes it about a fifth faster. The setting is restored when ``play`` returns."""


def _loop(game: Game, bots: Mapping[str, Bot], limit: int, max_turns: int, bar: _Progress | None) -> str | None:
    cfg = game.config
    # the engine's hottest loop: everything it uses is bound once; actions go through Game.push
    pending_of = cfg.ruleset.pending
    push = game.push
    parse = game.parse
    state = game.state
    while state.phase != "over" and state.turn <= limit:
        pending = pending_of(cfg, state)
        player = pending.player
        bot = bots[player]  # type: ignore[index]
        try:
            choice = bot.act(PlayerView(cfg, state, player, pending))  # type: ignore[arg-type]
        except Exception as exc:
            raise BotError(
                _("{bot}, playing {player}, raised {error}: {message}").format(
                    bot=shown(bot, repr), player=player, error=type(exc).__name__, message=shown(exc)
                )
            ) from exc
        try:
            new = push(choice if isinstance(choice, Action) else parse(choice))
        except IllegalAction as exc:
            raise BotError(
                _("{bot}, playing {player}, chose the illegal action {action}: {message} [{code}]").format(
                    bot=shown(bot, repr), player=player, action=repr(shown(choice)), message=exc, code=exc.code
                )
            ) from exc
        if bar is not None and new.turn != state.turn:  # the turn that begins past the limit is not played
            bar.update(min(new.turn, limit) - (limit - max_turns))
        state = new
    return game.winner


def shown(value: object, how: Callable[[object], str] = str) -> str:
    """``how(value)`` for a message about a bot, or its type's name if that fails: a bot's own
    objects may have a ``__str__`` or ``__repr__`` that raises, and the message must still be made."""
    try:
        return how(value)
    except Exception:
        return f"<{type(value).__name__}>"


class _Progress:
    """A tqdm bar over player turns (tqdm is a dependency; imported only when a bar is asked for)."""

    def __init__(self, total: int) -> None:
        from tqdm.auto import tqdm

        self._bar: Any = tqdm(total=total, unit="turn")
        self._done = 0

    def update(self, done: int) -> None:
        self._bar.update(done - self._done)
        self._done = done

    def close(self) -> None:
        self._bar.close()
