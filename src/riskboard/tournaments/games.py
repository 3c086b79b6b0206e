"""One tournament game, played wherever a worker runs it: a pure function of the tournament's
``Spec`` and the game's index, returning a picklable ``Outcome``.

How a game ends (``Outcome.outcome``):

- ``"win"``: one winner;
- ``"shared"``: several winners (the 2010 edition's ceasefire): a draw for each sharer, a loss
  for everyone else;
- ``"draw"``: nobody won within ``max_turns``;
- ``"forfeit"``: a bot raised or chose an illegal action (the engine's ``BotError``): that bot
  forfeits (a loss, counted apart), the game stops there and nobody wins it: a draw for the others.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from riskboard.errors import BotError
from riskboard.registry import new_game
from riskboard.tournaments.entrants import Entrant
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


def play_game(spec: Spec, index: int) -> Outcome:
    """Play game ``index`` of the tournament out (see the module docstring for its outcomes)."""
    started = time.perf_counter()
    seats = seating(spec.names, spec.players, spec.seed, index)
    entrants = {e.name: e for e in spec.entrants}
    seed = game_seed(spec.seed, index)
    game = new_game(spec.ruleset, players=seats, variant=spec.variant, options=spec.options, seed=seed, lean=True)
    bots = {name: entrants[name].make(bot_seed(spec.seed, index, seat)) for seat, name in enumerate(seats)}
    forfeit_bot = forfeit_error = None
    try:
        game.play(bots, max_turns=spec.max_turns)
    except BotError as exc:
        forfeit_bot = game.pending.player  # a refused or failed decision leaves the state as it was
        forfeit_error = _without_repr(str(exc), bots.get(forfeit_bot or ""))
    winners = () if forfeit_bot else game.winners
    if forfeit_bot:
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
        forfeit_error=forfeit_error,
        seconds=time.perf_counter() - started,
        record=game.record() if spec.records else None,
    )


def _without_repr(message: str, bot: object) -> str:
    """The engine's message starts with the bot's repr, which may hold a memory address: drop it
    so that a forfeit reads the same whichever process played the game."""
    prefix = f"{bot!r}, "
    return message[len(prefix) :] if message.startswith(prefix) else message


def play_games(spec: Spec, indices: Sequence[int]) -> list[Outcome]:
    """Play a chunk of games (one task for a worker process or a Dask worker)."""
    return [play_game(spec, i) for i in indices]


_WORKER_SPEC: Spec | None = None
"""The spec a forked pool worker inherited (see ``runner``): only game indices cross processes."""


def install_spec(spec: Spec) -> None:
    """Pool initializer: remember the tournament in this worker."""
    global _WORKER_SPEC
    _WORKER_SPEC = spec


def play_installed(indices: Sequence[int]) -> list[Outcome]:
    """Play a chunk with the spec ``install_spec`` left in this worker."""
    if _WORKER_SPEC is None:
        raise RuntimeError("this worker was started without a tournament (install_spec)")
    return play_games(_WORKER_SPEC, indices)
