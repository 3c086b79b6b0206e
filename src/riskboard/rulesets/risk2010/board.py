"""What the 2010 edition's board shows beyond the map, armies and cards, as plain JSON-ready data:
its facts (sent once: the star table, the territory table, the territories a
win needs), its state (what the players know of the ceasefire card, the neutral armies with their
reserved cards counted), the numbers that change often (each player's territories, the territory
table's bonus and the troops of a turn) and what the pending decision allows (the neutral support:
the armies and territories that may take the troops). The ruleset offers these to the live board
(``Ruleset.board_facts`` and friends); the board draws them and decides nothing.

Only what the players may know goes out: the ceasefire card's exact place (``state.extra.ceasefire``)
and the cards reserved under the neutral armies are never part of it, only the window the players
know (``Risk2010Extras.ceasefire_range``) and how many cards each army keeps.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from riskboard.engine.actions import Action
from riskboard.engine.legal import LegalActions
from riskboard.i18n import _
from riskboard.rulesets.components.memo import remembered
from riskboard.rulesets.risk2010.actions import NeutralSupport
from riskboard.rulesets.risk2010.data import NEUTRAL_SUPPORT, NEUTRAL_SUPPORT_TERRITORIES, STAR_TABLE, TERRITORY_TABLE
from riskboard.rulesets.risk2010.extras import Risk2010Extras

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState


def facts(cfg: GameConfig, s: GameState) -> dict[str, Any]:
    """The edition's fixed facts for the front end, sent once."""
    x = Risk2010Extras(cfg, s)
    need = x.territories_to_win
    if need >= len(cfg.map):
        goal = _("Conquer all {n} territories to win.")
    elif (
        cfg.variant == "simple"
        and not cfg.options["territories_to_win"]
        and cfg.options["winning_count"] == "players_left"
    ):
        goal = _("Hold {n} territories at the end of your turn to win (fewer as players are eliminated).")
    elif cfg.variant == "two_player":
        goal = _("Hold {n} territories at the end of your turn to win, or take the other player's last territory.")
    else:
        goal = _("Hold {n} territories at the end of your turn to win.")
    out = {
        "variant": cfg.variant,
        "star_table": {str(k): v for k, v in STAR_TABLE.items()},  # shown to read, priced by the legal trades
        "territory_table": [list(band) for band in TERRITORY_TABLE],  # [fewest, most, bonus]
        "territories_to_win": need,
        "goal": goal.format(n=need),
    }
    if cfg.variant == "simple":
        out["ceasefire_rule"] = _(
            "Drawing the ceasefire card ends the game at once: the most territories win, then the most troops."
        )
    if cfg.neutrals:
        out["neutral_rule"] = _(
            "Before placing troops, each turn adds {n} troops to one neutral army, on 1 to "
            "{most} of its territories. Whoever takes an army's last territory takes "
            "the cards reserved under it."
        ).format(n=NEUTRAL_SUPPORT, most=NEUTRAL_SUPPORT_TERRITORIES)
    return out


def state(cfg: GameConfig, s: GameState) -> dict[str, Any]:
    """The edition's public state that changes now and then: the ceasefire card as far as the
    players know (simple game), the neutral armies left with the cards reserved under each (the
    two-player game)."""
    x = Risk2010Extras(cfg, s)
    out: dict[str, Any] = {}
    if cfg.variant == "simple":
        where = x.ceasefire_range()
        out["ceasefire"] = {
            "note": x.ceasefire_note(),
            "range": list(where) if where is not None else None,
            "drawn": x.cards_drawn,
        }
    if cfg.neutrals:
        out["neutral_armies"] = x.neutral_armies
    return out


def _next_band(held: int) -> list[int] | None:
    """The fewest territories of the territory table's next band above ``held`` and its bonus."""
    return next(([low, bonus] for low, _high, bonus in TERRITORY_TABLE if low > held), None)


@remembered("owner", "alive")  # who holds what, and who is still in (the territories a win needs)
def counts(cfg: GameConfig, s: GameState) -> dict[str, Any]:
    """The numbers that change with most actions: per player the territories held and needed to
    win, the territory table's bonus for them (and the next band), and the troops a turn beginning
    now would bring, with the sum in words."""
    x = Risk2010Extras(cfg, s)
    progress: dict[str, Any] = {}
    for p in cfg.players:
        held, needed = x.progress(p)
        troops, words = x.troops(p)
        progress[p] = {
            "held": held,
            "needed": needed,
            "bonus": x.territory_bonus(p),
            "next": _next_band(held),
            "troops": troops,
            "troops_words": str(words),  # said in the language spoken (JSON would write the English)
        }
    return {"progress": progress}


def hints(cfg: GameConfig, s: GameState, legal: Sequence[Action]) -> dict[str, Any]:
    """What the neutral support allows, read from the legal ``NeutralSupport`` actions: the
    territories of each neutral army that may take troops, how many troops go out in all and on how
    many territories at most (``{}`` when it is not pending)."""
    # (of a compact list, every single action and each count range's bounds: the supports are
    # single actions, and the ranges are other kinds, not worth building one by one)
    listed = legal.extremes() if isinstance(legal, LegalActions) else legal
    supports = [a for a in listed if isinstance(a, NeutralSupport)]
    if not supports:
        return {"neutral": {}}
    armies: dict[str, set[str]] = {}
    for a in supports:
        armies.setdefault(a.army, set()).update(t for t, _n in a.placements)
    return {
        "neutral": {
            "armies": {army: sorted(land) for army, land in armies.items()},
            "troops": max(sum(n for _t, n in a.placements) for a in supports),
            "territories": max(len(a.placements) for a in supports),
        }
    }
