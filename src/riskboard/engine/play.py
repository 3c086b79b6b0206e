"""Running a game between bots: the loop behind ``Game.play``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from riskboard.engine.actions import Action, parse_action
from riskboard.engine.chance import Chance
from riskboard.engine.view import PlayerView
from riskboard.errors import BotError, ConfigError, IllegalAction

if TYPE_CHECKING:
    from riskboard.engine.game import Game


def play(game: Game, bots: Mapping[str, Any], *, max_turns: int = 1000, progress: bool = False) -> str | None:
    """Ask each pending player's bot until the game ends, or until the turn after the current one
    plus ``max_turns`` further player turns would begin. Returns the winner's name, or ``None``."""
    cfg = game._cfg
    missing = [p for p in cfg.players if p not in bots]
    if missing:
        raise ConfigError(f"no bot given for {', '.join(missing)}", code="config/bots")
    for name, bot in bots.items():
        if not callable(getattr(bot, "act", None)):
            raise ConfigError(f"the bot for {name} has no act(view) method: {bot!r}", code="config/bots")
    if isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 0:
        raise ConfigError(f"max_turns must be a whole number ≥ 0, got {max_turns!r}", code="config/bots")
    rules = cfg.ruleset
    limit = game._state.turn + max_turns
    bar = _Progress(max_turns) if progress else None
    # The loop below is Game.apply without the parts bots do not need (injected dice, the
    # player check): it is the engine's hottest path, so it binds everything it uses locally.
    # A ruleset may leave the events of its hottest actions compact; they are expanded when read.
    apply = getattr(rules, "apply_compact", rules.apply)
    pending_of = rules.pending
    chance = Chance(cfg.key, 0)  # one for the whole loop: each action resets it below
    history = game._history if game._keep_history else None
    actions = game._actions
    outcomes = game._outcomes
    events_log = game._events
    while True:
        state = game._state
        if state.phase == "over" or state.turn > limit:
            break
        pending = pending_of(cfg, state)
        player = pending.player
        bot = bots[player]  # type: ignore[index]
        try:
            choice = bot.act(PlayerView(cfg, state, player, pending))  # type: ignore[arg-type]
        except Exception as exc:
            raise BotError(f"{bot!r}, playing {player}, raised {type(exc).__name__}: {exc}") from exc
        chance.counter = state.chance
        chance.queue = None
        chance.outcomes = []
        try:
            act = choice if isinstance(choice, Action) else parse_action(choice, cfg.map)
            new, events = apply(cfg, state, act, chance)
        except IllegalAction as exc:
            raise BotError(
                f"{bot!r}, playing {player}, chose the illegal action {str(choice)!r}: {exc} [{exc.code}]"
            ) from exc
        if history is not None:
            history.append(state)
        actions.append(act)
        outcomes.append(chance.outcomes)
        events_log.append(tuple(events))  # a tuple: Game.history knows it may hold compact events
        game._state = new
        if game._listeners:
            game._changed()
        else:
            game._version += 1
        if bar is not None and new.turn != state.turn:
            bar.update(new.turn - (limit - max_turns))
    if bar is not None:
        bar.close()
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
