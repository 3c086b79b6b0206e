"""Star cards (RULES.md §4.6.2, §5.9): every territory card shows 1 or 2 stars, and cards are
traded together for the units a star table gives for their total. Balance of Power and the 2010
edition share the mechanism; each edition gives its own table and its list of 2-star cards.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

from riskboard.engine.actions import TradeCards
from riskboard.errors import IllegalAction
from riskboard.i18n import _

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState


def stars(card: str, two_star: Collection[str]) -> int:
    """The stars on ``card``: 2 for the edition's 2-star cards, else 1."""
    return 2 if card in two_star else 1


def star_total(cards: Sequence[str], two_star: Collection[str]) -> int:
    return sum(2 if c in two_star else 1 for c in cards)


def star_trades(hand: Sequence[str], two_star: Collection[str], table: Mapping[int, int]) -> list[TradeCards]:
    """One trade per distinct mix of 1-star and 2-star cards whose total the table prices: which
    cards of equal stars are given makes no difference (the territories shown do not count)."""
    ones = [c for c in hand if c not in two_star]
    twos = [c for c in hand if c in two_star]
    out = []
    for n2 in range(len(twos) + 1):
        for n1 in range(len(ones) + 1):
            if 2 * n2 + n1 in table:
                out.append(TradeCards(tuple(twos[:n2] + ones[:n1])))
    return out


def check_cards_in_hand(cfg: GameConfig, s: GameState, cards: Sequence[str]) -> None:
    """Each card given once, and every one of them in the current player's hand."""
    if len(set(cards)) != len(cards):
        raise IllegalAction(_("each card can be traded once"), code="cards/duplicate")
    hand = s.hands[s.current]
    missing = [c for c in cards if c not in hand]
    if missing:
        raise IllegalAction(
            _("{player} does not hold the card(s) {cards}").format(
                player=cfg.players[s.current], cards=", ".join(missing)
            ),
            code="cards/not_in_hand",
        )
