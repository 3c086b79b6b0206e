"""Territory cards: drawing one (with the reshuffle of the discards), and the classic cards with
symbols (the deck, what makes a set, the escalating set values).

Card ids are territory ids; the wild cards are ``wild_1`` and ``wild_2`` (RULES.md §2.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from riskboard.engine.events import CardDrawn, DiscardsReshuffled, Events
from riskboard.i18n import N_, _
from riskboard.maps import GameMap
from riskboard.rulesets.components.common import replace_at

if TYPE_CHECKING:
    from riskboard.engine.chance import Chance
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState

WILDS = ("wild_1", "wild_2")
WILD = "wild"
SYMBOL_WORDS = {"infantry": N_("infantry"), "cavalry": N_("cavalry"), "artillery": N_("artillery"), WILD: N_("wild")}
"""Each card symbol in words (English ids, the seeds' 歩兵 / 騎兵 / 砲兵 in Japanese: ``symbol_word``)."""


def symbol_word(symbol: str) -> str:
    """A card's symbol in the language spoken (an unknown symbol as it is)."""
    word = SYMBOL_WORDS.get(symbol)
    return _(word) if word else symbol


def build_deck(game_map: GameMap, wilds: int = 2) -> tuple[str, ...]:
    """The playing deck: one card per territory plus ``wilds`` wild cards, sorted."""
    return tuple(sorted(game_map.ids + WILDS[:wilds]))


def card_symbols(game_map: GameMap) -> dict[str, str]:
    """Card id → symbol (``infantry``/``cavalry``/``artillery``/``wild``)."""
    symbols = {t.id: t.card_symbol or WILD for t in game_map.territories}
    for w in WILDS:
        symbols[w] = WILD
    return symbols


def is_set(symbols: Sequence[str]) -> bool:
    """Three cards form a set: three alike, one of each, or any with a wild."""
    if len(symbols) != 3:
        return False
    if WILD in symbols:
        return True
    distinct = len(set(symbols))
    return distinct == 1 or distinct == 3


PATTERNS_KEPT = 4096
"""Symbol patterns whose sets ``sets_in_hand`` remembers (cleared when full): every pattern of up to
five cards (1,364) and the commonest longer ones, 600 bytes each on average."""
_SETS_BY_SYMBOLS: dict[tuple[str, ...], tuple[tuple[int, int, int], ...]] = {}
"""A hand's symbols, in hand order → the positions of every set in it: hands are many, their
symbol patterns few, so each pattern's sets are worked out once."""


def sets_in_hand(hand: Sequence[str], symbols: dict[str, str]) -> list[tuple[str, str, str]]:
    """Every set that can be made from ``hand``, in hand order (no duplicates)."""
    pattern = tuple([symbols[c] for c in hand])
    positions = _SETS_BY_SYMBOLS.get(pattern)
    if positions is None:
        if len(_SETS_BY_SYMBOLS) >= PATTERNS_KEPT:
            _SETS_BY_SYMBOLS.clear()
        positions = _SETS_BY_SYMBOLS[pattern] = tuple(
            c for c in combinations(range(len(hand)), 3) if is_set([pattern[i] for i in c])
        )
    return [(hand[i], hand[j], hand[k]) for i, j, k in positions]


def set_value(n: int, values: Sequence[int], step: int) -> int:
    """Armies for the ``n``-th set traded in the whole game (1-based): 4, 6, 8, 10, 12, 15, then +step."""
    if n < 1:
        raise ValueError("sets are counted from 1")
    if n <= len(values):
        return int(values[n - 1])
    return int(values[-1]) + step * (n - len(values))


def draw_card(cfg: GameConfig, s: GameState, player: int, chance: Chance, events: Events) -> GameState:
    """One card for ``player`` from the draw pile, drawn at random (RULES.md §1.4). An empty pile
    is first refilled with the discards when the game's ``reshuffle_discards`` option says so (D5);
    with no card left, nothing is drawn."""
    pile, discards = s.draw_pile, s.discard_pile
    if not pile and discards and cfg.options["reshuffle_discards"]:
        pile, discards = tuple(sorted(discards)), ()
        events.append(DiscardsReshuffled(len(pile)))
    if not pile:
        return s.evolve(draw_pile=pile, discard_pile=discards)
    card = chance.draw(pile)
    i = pile.index(card)
    events.append(CardDrawn(cfg.players[player], card))
    return s.evolve(
        draw_pile=pile[:i] + pile[i + 1 :],
        discard_pile=discards,
        hands=replace_at(s.hands, player, (*s.hands[player], card)),
    )


def can_draw(cfg: GameConfig, s: GameState) -> bool:
    """Whether a card can be drawn now (from the pile, or from the discards once reshuffled)."""
    return bool(s.draw_pile or (s.discard_pile and cfg.options["reshuffle_discards"]))
