"""What every edition provides: the ``Ruleset`` interface, ``GameConfig`` and ``Pending``.

A ruleset is stateless: it turns (config, state, action) into (next state, events). The ``Game``
façade owns the state, the history and the record; a ruleset never sees them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from riskboard.engine.actions import Action
from riskboard.engine.chance import Chance
from riskboard.engine.events import Event
from riskboard.engine.state import GameState
from riskboard.errors import ConfigError, FormatError
from riskboard.maps import GameMap


@dataclass(frozen=True)
class GameConfig:
    """The fixed facts of one game: edition, variant, map, seating, options and seed."""

    ruleset: Ruleset
    variant: str
    setup: str
    map: GameMap
    players: tuple[str, ...]
    neutrals: tuple[str, ...]
    options: Mapping[str, Any]
    seed: int
    key: int = field(repr=False, default=0)

    @property
    def owners(self) -> tuple[str, ...]:
        """Owner names by owner index: the players, then the neutral armies."""
        return self.players + self.neutrals


class Pending(NamedTuple):
    """Who must decide what now. ``player`` is ``None`` when the game is over.

    A named tuple rather than a dataclass: the bot loop asks for it before every decision.
    """

    player: str | None
    decision: str
    phase: str
    detail: str = ""

    def __str__(self) -> str:
        if self.player is None:
            return "nothing: the game is over"
        return f"{self.player} to {self.decision}" + (f" ({self.detail})" if self.detail else "")


class Ruleset:
    """Base class of the editions. Subclasses set the class attributes and implement the hooks."""

    name: str = ""
    aliases: tuple[str, ...] = ()
    version: str = "1"
    title: str = ""
    variants: tuple[str, ...] = ("standard",)
    setups: tuple[str, ...] = ("claim",)
    map_name: str = "world"
    min_players: int = 2
    max_players: int = 6
    phases: tuple[str, ...] = ("setup", "reinforce", "attack", "occupy", "fortify", "over")

    # -- configuration -------------------------------------------------------------------------
    def default_options(self, variant: str) -> dict[str, Any]:
        """Every overridable [decision] and parameter of this edition, with its default."""
        return {}

    def resolve_options(self, variant: str, options: Mapping[str, Any] | None) -> Mapping[str, Any]:
        defaults = self.default_options(variant)
        merged = dict(defaults)
        if options is not None and not isinstance(options, Mapping):
            raise ConfigError(
                f"options must be a dict of option names to values, got {options!r}", code="config/bad_option"
            )
        for key, value in (options or {}).items():
            if key not in defaults:
                known = ", ".join(sorted(defaults))
                raise ConfigError(
                    f"{self.name} has no option {key!r}; its options are: {known}", code="config/unknown_option"
                )
            default = defaults[key]
            if isinstance(default, bool) and not isinstance(value, bool):
                raise ConfigError(f"option {key!r} must be true or false, got {value!r}", code="config/bad_option")
            if (
                isinstance(default, int)
                and not isinstance(default, bool)
                and (isinstance(value, bool) or not isinstance(value, int))
            ):
                raise ConfigError(f"option {key!r} must be a whole number, got {value!r}", code="config/bad_option")
            merged[key] = value
        self.validate_options(variant, merged)
        return MappingProxyType(merged)

    def validate_options(self, variant: str, options: dict[str, Any]) -> None:
        """Raise ``ConfigError`` for option values this edition cannot play with."""

    def neutrals_for(self, variant: str, players: Sequence[str]) -> tuple[str, ...]:
        return ()

    # -- the rules -----------------------------------------------------------------------------
    def initial_state(self, cfg: GameConfig, chance: Chance) -> GameState:
        raise NotImplementedError

    def scenario_state(
        self,
        cfg: GameConfig,
        position: Mapping[str, Any],
        current_player: str | None,
        phase: str | None,
        extras: Mapping[str, Any],
        chance: Chance,
    ) -> GameState:
        raise NotImplementedError

    def pending(self, cfg: GameConfig, state: GameState) -> Pending:
        raise NotImplementedError

    def attack_dice_limit(self, cfg: GameConfig, state: GameState, source: int, target: int) -> int:
        """The most dice an attack from ``source`` on ``target`` may roll: 3, one unit stays behind."""
        return min(3, state.armies[source] - 1)

    # -- the edition's own state (``GameState.extra``) -----------------------------------------
    def extra_to_dict(self, cfg: GameConfig, extra: Any) -> Any:
        """``GameState.extra`` as JSON-ready data (editions without extra state never get here)."""
        raise NotImplementedError

    def extra_from_dict(self, cfg: GameConfig, data: Any) -> Any:
        """Rebuild and validate ``GameState.extra``; editions without extra state accept only ``None``."""
        if data is not None:
            raise FormatError(f"{self.name} states have no 'extra' field", code="format/bad_field")
        return None

    def extras(self, cfg: GameConfig, state: GameState) -> Any:
        """A readable, public account of the edition's own state for cells and the board (``game.extras``)."""
        return None

    def legal_actions(self, cfg: GameConfig, state: GameState) -> list[Action]:
        raise NotImplementedError

    def apply(self, cfg: GameConfig, state: GameState, action: Action, chance: Chance) -> tuple[GameState, list[Event]]:
        """Validate ``action`` and return the next state and events; raise ``IllegalAction`` if illegal."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<Ruleset {self.name!r} v{self.version}: variants {', '.join(self.variants)}>"
