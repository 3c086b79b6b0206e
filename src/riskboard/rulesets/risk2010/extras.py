"""``game.extras`` for the 2010 edition: each player's progress toward the territories that win,
the territory table's bonus and the troops of a turn, what the players know of the ceasefire
card, and the neutral armies with their reserved cards counted. Everything here is public: the
hands, the reserved cards themselves and the ceasefire card's exact place are not in it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.i18n import _, ngettext
from riskboard.rulesets.risk2010.counts import ceasefire_window, territories_to_win, territory_bonus, troops
from riskboard.rulesets.risk2010.extra import NOT_IN_GAME

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState


class Risk2010Extras:
    """A read-only account of one state (``game.extras``); cheap to make, computed on demand."""

    def __init__(self, cfg: GameConfig, state: GameState) -> None:
        self._cfg = cfg
        self._s = state
        self._x = state.extra

    def _player(self, player: str) -> int:
        return self._cfg.players.index(player)

    @property
    def territories_to_win(self) -> int:
        """Territories a player must hold at the end of their turn to win (§4.7)."""
        return territories_to_win(self._cfg, self._s)

    def progress(self, player: str) -> tuple[int, int]:
        """``(territories held, territories needed)`` for ``player``."""
        return self._s.owner.count(self._player(player)), self.territories_to_win

    def territory_bonus(self, player: str) -> int:
        """What the territory table adds to ``player``'s troops for the territories held now."""
        return territory_bonus(self._s.owner.count(self._player(player)))

    def troops(self, player: str) -> tuple[int, str]:
        """The troops ``player`` would receive if their turn began now, and the sum in words."""
        return troops(self._cfg, self._s, self._player(player))

    @property
    def cards_drawn(self) -> int:
        """Cards drawn from the pile since the game began."""
        return self._x.drawn

    def ceasefire_range(self) -> tuple[int, int] | None:
        """Where the ceasefire card may lie as far as the players know: ``(earliest, latest)`` as
        positions among the next cards drawn (1 = the next card); ``None`` outside the simple game
        and once the game is over (the card drawn, or a win before it). Players know the window it
        was shuffled into and how many cards have been drawn since, nothing more."""
        window = ceasefire_window(self._cfg)
        if window is None or self._s.phase == "over":
            return None
        low, high = window
        drawn = self._x.drawn
        return max(1, low + 1 - drawn), max(1, high + 1 - drawn)

    def ceasefire_note(self) -> str:
        """The ceasefire range in words, for a cell or the board."""
        where = self.ceasefire_range()
        if where is None:
            if ceasefire_window(self._cfg) is None:
                return ""
            if self._x.ceasefire == NOT_IN_GAME:  # only the card's coming up takes it out of the pile
                return _("The ceasefire card was drawn.")
            return _("The game ended before the ceasefire card was drawn.")
        earliest, latest = where
        if earliest == latest == 1:
            return _("The ceasefire card is the next card drawn.")
        if earliest == latest:
            more = earliest - 1
            return ngettext(
                "The ceasefire card comes up after {n} more card.",
                "The ceasefire card comes up after {n} more cards.",
                more,
            ).format(n=more)
        return ngettext(
            "The ceasefire card is somewhere in the next {n} card (not before card {earliest}).",
            "The ceasefire card is somewhere in the next {n} cards (not before card {earliest}).",
            latest,
        ).format(n=latest, earliest=earliest)

    @property
    def neutral_armies(self) -> dict[str, int]:
        """Per neutral army still on the board: the cards reserved under it (3; face down)."""
        n = len(self._cfg.players)
        return {name: len(self._x.reserved[k]) for k, name in enumerate(self._cfg.neutrals) if (n + k) in self._s.owner}

    def __repr__(self) -> str:
        lines = [
            _("{player}: {held} of {need} territories").format(player=p, held=held, need=need)
            for p in self._cfg.players
            for held, need in [self.progress(p)]
        ]
        note = self.ceasefire_note()
        return "\n".join([*lines, *([note] if note else [])])
