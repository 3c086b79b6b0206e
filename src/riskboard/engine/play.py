"""Running a game between bots: the loop behind ``Game.play``, and what a bot is to the engine."""

from __future__ import annotations

import gc
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from riskboard.engine.actions import Action
from riskboard.engine.view import PlayerView
from riskboard.errors import BotError, ConfigError, IllegalAction

if TYPE_CHECKING:
    from riskboard.engine.game import Game


@runtime_checkable
class Bot(Protocol):
    """A bot decides the pending decision of its player from what that player may see."""

    def act(self, view: PlayerView) -> Action | str:
        """Return a legal action (or its text form) for ``view.player``."""
        ...


def play(game: Game, bots: Mapping[str, Bot], *, max_turns: int = 1000, progress: bool = False) -> str | None:
    """Ask each pending player's bot until the game ends, or until the turn after the current one
    plus ``max_turns`` further player turns would begin. Returns the winner's name, or ``None``."""
    cfg = game.config
    missing = [p for p in cfg.players if p not in bots]
    if missing:
        raise ConfigError(f"no bot given for {', '.join(missing)}", code="config/bots")
    for name, bot in bots.items():
        if not callable(getattr(bot, "act", None)):
            raise ConfigError(f"the bot for {name} has no act(view) method: {bot!r}", code="config/bots")
    if isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 0:
        raise ConfigError(f"max_turns must be a whole number ≥ 0, got {max_turns!r}", code="config/bots")
    limit = game.turn + max_turns
    bar = _Progress(max_turns) if progress else None
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], YOUNG_GC_THRESHOLD), *thresholds[1:])
    try:
        return _loop(game, bots, limit, max_turns, bar)
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
            raise BotError(f"{bot!r}, playing {player}, raised {type(exc).__name__}: {exc}") from exc
        try:
            new = push(choice if isinstance(choice, Action) else parse(choice))
        except IllegalAction as exc:
            raise BotError(
                f"{bot!r}, playing {player}, chose the illegal action {str(choice)!r}: {exc} [{exc.code}]"
            ) from exc
        if bar is not None and new.turn != state.turn:
            bar.update(new.turn - (limit - max_turns))
        state = new
    return game.winner


class _Progress:
    """A minimal text progress bar (tqdm when installed)."""

    def __init__(self, total: int) -> None:
        try:
            from tqdm.auto import tqdm

            self._bar: Any = tqdm(total=total, unit="turn")
        except ImportError:
            self._bar = None
        self._done = 0

    def update(self, done: int) -> None:
        if self._bar is not None:
            self._bar.update(done - self._done)
        self._done = done

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
