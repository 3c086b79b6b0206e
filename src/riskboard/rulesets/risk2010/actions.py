"""The 2010 edition's own action: ``neutral ARMY T N [T N ...]``, the two-player game's support of
one neutral army before the active player places troops (§4.6). It joins the shared verbs in the
edition's table (``VERBS``), so ``game.apply("neutral neutral_1 alaska 2 kamchatka 1")`` works and
``VERBS.parse(str(a)) == a``. The class lives in ``riskboard.rulesets.actions`` (where bots
import it) and is re-exported here; its parser is this edition's."""

from __future__ import annotations

from riskboard.engine.actions import SHARED, Action, Verbs, number
from riskboard.errors import IllegalAction
from riskboard.i18n import _
from riskboard.rulesets.actions import NeutralSupport

__all__ = ["VERBS", "NeutralSupport"]


def _parse_neutral(w: list[str], text: str) -> Action:
    if len(w) < 3 or len(w) % 2 == 0:
        raise IllegalAction(
            _("expected 'neutral ARMY TERRITORY N [TERRITORY N ...]', got {text}").format(text=repr(text)),
            code="action/unparsable",
        )
    pairs = tuple((w[i], number(w[i + 1], text)) for i in range(1, len(w), 2))
    return NeutralSupport(w[0], pairs)


VERBS: Verbs = SHARED.extend({"neutral": _parse_neutral})
"""The verbs of the 2010 edition: the shared ones and ``neutral``."""
