"""What the 2010 rules compute from the data and a game's options: a card's stars, the territory
bonus, the troops of a turn, the territories a win needs and the ceasefire window. The turn, the
bots' view, the board and ``game.extras`` all ask here."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from riskboard.errors import ConfigError
from riskboard.i18n import N_, Nn_, _
from riskboard.rulesets.components.income import held_regions
from riskboard.rulesets.components.said import Said
from riskboard.rulesets.risk2010.data import (
    BASE_TROOPS,
    CEASEFIRE_WINDOWS,
    GAME_LENGTHS,
    SIMPLE_TO_WIN,
    STAR_TABLE,
    TERRITORY_TABLE,
    TWO_PLAYER_TO_WIN,
    TWO_STAR_CARDS,
)

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState

TO_WIN_BY_PLAYERS = {2: TWO_PLAYER_TO_WIN, **SIMPLE_TO_WIN}
"""D38: the territories that win by players in the game: the simple game's table (3 to 5), and
for two the two-player game's count (the table's steps of 5 continued)."""


def two_star_cards(cfg: GameConfig) -> frozenset[str]:
    """The 2-star cards of this game (§4.9: the data's list, or the ``two_star_cards`` option)."""
    return _as_set(cfg.options["two_star_cards"])


@lru_cache(maxsize=16)
def _as_set(listed: tuple[str, ...] | None) -> frozenset[str]:
    return frozenset(TWO_STAR_CARDS if listed is None else listed)


def territory_bonus(territories: int) -> int:
    """§4.6.1: the printed territory table, band by band (12–14 → +1, ..., 36–39 → +9, 40–42 → +10)."""
    for low, high, bonus in TERRITORY_TABLE:
        if low <= territories <= high:
            return bonus
    return 0 if territories < TERRITORY_TABLE[0][0] else TERRITORY_TABLE[-1][2]


def star_value(total: int) -> int:
    """§4.6.2: the troops for ``total`` stars traded together (0 outside the table)."""
    return STAR_TABLE.get(total, 0)


def troops(cfg: GameConfig, s: GameState, player: int) -> tuple[int, Said]:
    """§4.6.1: 3 + the territory bonus + every continent held in full; and the sum in words (a
    ``Said``: English as an event keeps it, said in the language of whoever reads it)."""
    owner = s.owner
    held = owner.count(player)
    bonus = territory_bonus(held)
    total = BASE_TROOPS + bonus
    forms = Nn_("{base} + {bonus} for {n} territory", "{base} + {bonus} for {n} territories")
    parts = [Said.counted(*forms, held, base=BASE_TROOPS, bonus=bonus)]
    for r in held_regions(cfg.map, owner, player):
        region = cfg.map.regions[r]
        total += region.bonus
        parts.append(Said(N_("{bonus} for {region}"), bonus=region.bonus, region=Said.named(cfg.map.id, region.name)))
    return total, Said.joined(" + ", parts)


def territories_to_win(cfg: GameConfig, s: GameState) -> int:
    """§4.7, D38: the territories a player must hold at the end of their turn to win. The simple
    game's count is read for the players who started (``winning_count`` ``"start"``, the default)
    or, with ``"players_left"``, for the players still in (the seed: „Hur många som krävs avgörs
    av hur många som spelar"; two left need the two-player game's count)."""
    given = cfg.options["territories_to_win"]
    if given:
        return int(given)
    if cfg.variant == "simple":
        players = sum(s.alive) if cfg.options["winning_count"] == "players_left" else len(cfg.players)
        return TO_WIN_BY_PLAYERS[max(players, 2)]
    if cfg.variant == "two_player":
        return TWO_PLAYER_TO_WIN
    return len(cfg.map)


def ceasefire_window(cfg: GameConfig) -> tuple[int, int] | None:
    """§4.3, D7: the fewest and most cards above the ceasefire card when it is shuffled in
    (``None`` outside the simple game)."""
    if cfg.variant != "simple":
        return None
    given = cfg.options["ceasefire_window"]
    if given is not None:
        return int(given[0]), int(given[1])
    key = (len(cfg.players), cfg.options["game_length"])
    if key not in GAME_LENGTHS:
        raise ConfigError(
            _(
                "the rulebook gives no {length} game for {n} players; choose game_length='medium' "
                "or set the option ceasefire_window=[fewest, most]"
            ).format(length=key[1], n=key[0]),
            code="config/bad_option",
        )
    return CEASEFIRE_WINDOWS[GAME_LENGTHS[key]]
