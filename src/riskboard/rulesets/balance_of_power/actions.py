"""The Balance of Power actions: ``buy``, ``collect``, ``capital`` and ``choose``.

Their words join the shared verbs in this edition's own table (``VERBS``), so
``game.apply("buy special_forces")`` works like every other action and
``VERBS.parse(str(a)) == a``. The classes live in ``riskboard.rulesets.actions`` (where bots
import them) and are re-exported here; their parsers are this edition's.
"""

from __future__ import annotations

from riskboard.engine.actions import SHARED, Action, Verbs
from riskboard.errors import IllegalAction
from riskboard.i18n import _
from riskboard.rulesets.actions import Buy, ChooseSide, CollectMission, PlaceCapital

__all__ = ["VERBS", "Buy", "ChooseSide", "CollectMission", "PlaceCapital"]


def _parse_buy(w: list[str], text: str) -> Action:
    if not w:
        raise IllegalAction(
            _("expected 'buy COMMAND [ARGUMENTS]', got {text}").format(text=repr(text)), code="action/unparsable"
        )
    return Buy(w[0], tuple(w[1:]))


def _parse_collect(w: list[str], text: str) -> Action:
    if len(w) != 1:
        raise IllegalAction(
            _("expected 'collect MISSION', got {text}").format(text=repr(text)), code="action/unparsable"
        )
    return CollectMission(w[0])


def _parse_capital(w: list[str], text: str) -> Action:
    if len(w) != 1:
        raise IllegalAction(
            _("expected 'capital TERRITORY', got {text}").format(text=repr(text)), code="action/unparsable"
        )
    return PlaceCapital(w[0])


def _parse_choose(w: list[str], text: str) -> Action:
    if len(w) != 2:
        raise IllegalAction(
            _("expected 'choose keep|swap first|second', got {text}").format(text=repr(text)), code="action/unparsable"
        )
    return ChooseSide(w[0], w[1])


VERBS: Verbs = SHARED.extend(
    {"buy": _parse_buy, "collect": _parse_collect, "capital": _parse_capital, "choose": _parse_choose}
)
"""The verbs of Balance of Power: the shared ones and its own."""
