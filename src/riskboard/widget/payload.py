"""What the board's front end needs, as plain JSON-ready data (no widget, no rules decided here).

Pure functions of a game, so they are easy to test and the browser harness can use them too.
The shapes are the board's contract with ``js/board.js`` (see ``riskboard.widget.board``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from riskboard.engine.actions import Action, Attack, Blitz, Defend, EndPhase, Fortify, Place, TradeCards
from riskboard.engine.combat import compare_sorted
from riskboard.engine.events import DiceRolled, GameWon
from riskboard.engine.legal import LegalActions
from riskboard.i18n import _, get_language
from riskboard.render.icons import marker_scale
from riskboard.render.palette import owner_colours, owner_shapes, region_colours
from riskboard.widget.edition import attack_dice, attacker_leader_at, edition_payload, target_odds
from riskboard.widget.geometry import compact_path, whole_box
from riskboard.widget.secrecy import Sight, mission_payload, secrets_of, sight_of, visible_event
from riskboard.widget.static import bundle_js
from riskboard.widget.texts import texts_payload

if TYPE_CHECKING:
    from riskboard.engine.game import Game
    from riskboard.maps import GameMap

A = TypeVar("A", bound=Action)


def map_payload(gm: GameMap) -> dict[str, Any]:
    """The static map, sent once: shapes, anchors, names, neighbours, sea lines, continents with
    their colours (and ``marker_scale`` for maps drawn with larger names and badges)."""
    geometry = gm.geometry or {}
    shapes = geometry.get("territories", {})
    view_box = geometry.get("view_box", [0, 0, 1000, 500])
    continent_labels = geometry.get("continents", {})
    scale = marker_scale(gm.id)
    colours = region_colours([(r.id, r.colour) for r in gm.regions])
    return {
        **({"marker_scale": scale} if scale != 1 else {}),
        "id": gm.id,
        "view_box": list(view_box),
        "whole_box": whole_box(view_box, (shape.get("path", "") for shape in shapes.values())),
        "territories": [
            {
                "id": t.id,
                "name": t.name,
                "continent": t.region,
                "path": compact_path(shapes.get(t.id, {}).get("path", "")),
                "label": shapes.get(t.id, {}).get("label", [0, 0]),
                "badge": shapes.get(t.id, {}).get("badge", [0, 0]),
                "neighbours": list(t.neighbours),
            }
            for t in gm.territories
        ],
        "sea_lines": list(geometry.get("sea_lines", [])),
        "continents": [
            {
                "id": r.id,
                "name": r.name,
                "bonus": r.bonus,
                "label": continent_labels.get(r.id, {}).get("label", [0, 0]),
                "colour": colours[r.id],
            }
            for r in gm.regions
        ],
    }


def static_payloads(game: Game, language: str) -> dict[str, Any]:
    """The traits a game sends once (again only for another game or language): the front end for
    the edition's parts, the map, the owners, the edition's own facts and the front end's words in
    ``language``."""
    parts = game.config.parts
    return {
        "_esm": bundle_js(parts),  # the front end without other editions' part modules
        "map_data": map_payload(game.map),
        "players": players_payload(game),
        "edition": edition_payload(game),
        "texts": texts_payload(language, parts),
    }


def players_payload(game: Game) -> list[dict[str, Any]]:
    """Owners in owner-index order (players, then neutral armies) with their colours and the
    shapes of their army badges."""
    cfg = game.config
    colours = owner_colours(cfg)
    shapes = owner_shapes(cfg.owners)
    return [{"name": o, "colour": colours[o], "shape": shapes[o], "neutral": o in cfg.neutrals} for o in cfg.owners]


def view_payload(game: Game, sight: Sight | str | None) -> dict[str, Any]:
    """The dynamic state the board draws (small: it is sent after every action). Secrets as
    ``sight`` allows (``riskboard.widget.secrecy``; a name: that one player's): the shown
    player's hand, each card with what it shows (a symbol or stars) and the bonus it would give
    if traded now, and their secret mission; every player's under ``secrets`` when it sees all."""
    sight = sight_of(sight)
    s = game.state
    cfg = game.config
    ruleset = cfg.ruleset
    pending = game.pending
    hand_owner = sight.shown if sight.sees(sight.shown) else None
    holder = cfg.players.index(hand_owner) if hand_owner in cfg.players else -1
    out = {
        "owner": list(s.owner),
        "armies": list(s.armies),
        "phase": s.phase,
        "turn": s.turn,
        "current": game.current_player,
        "pending": {"player": pending.player, "decision": pending.decision, "detail": pending.detail},
        "reinforcements": s.reinforcements,
        "winner": game.winner,
        "stats": game.stats(),
        "hand_owner": hand_owner,
        "hand": [],
        "cards_note": ruleset.presentation.cards_note(cfg, s, holder) if holder >= 0 else "",
    }
    if hand_owner:
        cards, secret = secrets_of(game, hand_owner)  # (the rules' hidden information, asked once)
        out["hand"] = _hand(game, hand_owner, cards)
        if mission := mission_payload(game, secret):
            out["mission"] = mission
    if sight.everyone:
        secrets: dict[str, Any] = {}
        for p in cfg.players:
            if sight.sees(p):
                cards, secret = secrets_of(game, p)
                secrets[p] = {"hand": _hand(game, p, cards), "mission": mission_payload(game, secret)}
        out["secrets"] = secrets
    if game.is_over:
        # a reason is a Said (its JSON value would be English): str() says it in the board's language
        out["win_reason"] = next(
            (_(str(e.reason)) for e in reversed(game.events(last=1)) if isinstance(e, GameWon)), ""
        )
    return out


def _hand(game: Game, player: str, hand: tuple[str, ...]) -> list[dict[str, Any]]:
    """``player``'s cards ``hand`` (their own view's) as the hand panel shows them."""
    cfg = game.config
    ruleset = cfg.ruleset
    faces = ruleset.card_faces(cfg)
    holder = cfg.players.index(player)
    cards: list[dict[str, Any]] = []
    for c in hand:
        card = {"id": c, "name": _card_name(game, c), **faces.get(c, {})}
        bonus = ruleset.card_bonus(cfg, game.state, holder, c)
        if bonus:
            card["bonus"] = bonus
        cards.append(card)
    return cards


def _card_name(game: Game, card: str) -> str:
    """A card's name: its territory's, "Wild", or its id in words (an upgrade card: "Upgrade 35")."""
    if card in game.map:
        return game.map[card].name
    if card.startswith("wild"):
        return _("Wild")
    kind, _sep, number = card.rpartition("_")
    if kind == "upgrade" and number.isdigit():
        return _("Upgrade {number}").format(number=number)
    return card.replace("_", " ").capitalize()


def _kinds(actions: list[Action]) -> Callable[[type[A]], list[A]]:
    """``of(cls)``: the actions that are a ``cls``, in their order, from one pass over ``actions``
    (the hints ask for several kinds, and a position's list can be long)."""
    groups: dict[type, list[Action]] = {}
    for a in actions:
        groups.setdefault(type(a), []).append(a)

    def of(cls: type[A]) -> list[A]:
        found = [group for kind, group in groups.items() if issubclass(kind, cls)]
        if len(found) <= 1:
            return found[0] if found else []  # type: ignore[return-value]
        return [a for a in actions if isinstance(a, cls)]  # (kinds mixed: in their order)

    return of


def hints_payload(game: Game, selected: str, sight: Sight | None = None) -> dict[str, Any]:
    """What the pending decision allows, for highlighting: where a click places, which
    territories can be a source, the attack targets of the selected source with the exact odds
    of conquering (everything that may attack), the territories the selected source can move to
    (neighbours, or every connected one where the edition says so), tradeable sets,
    occupy/defend, and the edition's own choices (capitals, sides, purchases, missions).
    Everything is read from the legal actions. The trades name the pending player's cards: listed
    only when ``sight`` sees that player's secrets (``None``: an open board, which shows them)."""
    s = game.state
    cfg = game.config
    ruleset = cfg.ruleset
    gm = game.map
    ids = gm.ids
    pending = game.pending
    # every kind of action with its counts' bounds (all the hints below read), each built once;
    # the edition's own hints get every action (built only if it reads them)
    every = game.legal_actions() if pending.player is not None else LegalActions()
    legal = every.extremes()
    of = _kinds(legal)
    places = of(Place)
    hints: dict[str, Any] = {
        "place": sorted({a.territory for a in places}),
        "sources": [],
        "targets": {},
        "fortify": {},
        "trades": [
            {"cards": list(a.cards), "value": ruleset.trade_value(cfg, s, a.cards)}
            for a in of(TradeCards)
            if sight is None or sight.may_show(pending.player)
        ],
        "occupy": None,
        "defend": None,
        "can_end": bool(of(EndPhase)),
        "blitz": bool(of(Blitz)),
    }
    hints["place_max"] = max((a.count for a in places), default=0)
    hints.update(ruleset.board_hints(cfg, s, every))
    decision = pending.decision
    if decision == "attack":
        hints["sources"] = sorted({a.source for a in of(Attack)})
    elif decision == "fortify":
        hints["sources"] = sorted({a.source for a in of(Fortify)})
    elif decision == "occupy" and s.battle:
        b = s.battle
        hints["occupy"] = {"min": b.least, "max": b.most, "source": ids[b.source], "target": ids[b.target]}  # type: ignore[union-attr]
    elif decision == "defend" and s.battle:
        hints["defend"] = {"max": max(a.dice for a in of(Defend)), "target": ids[s.battle.target]}
    elif decision == "continue" and hints.get("continue"):
        # an attack that goes on (Transformers' outcome 2): its odds, as a target's
        go = hints["continue"]
        go["p_win"] = _shown(target_odds(game, go["source"], go["target"])[0])
        if attacker_leader_at(game, go["source"]):
            go["p_win_no_leader"] = _shown(target_odds(game, go["source"], go["target"], leaders=False)[0])
    if selected and selected in gm.index:
        if decision == "attack" and selected in hints["sources"]:
            leader = attacker_leader_at(game, selected)
            for target, dice in attack_dice(of(Attack), selected).items():
                p_win, notes = target_odds(game, selected, target)
                hints["targets"][target] = {"dice": dice, "p_win": _shown(p_win), **({"notes": notes} if notes else {})}
                if leader:  # the odds without committing the leader, for an attack that keeps it back
                    hints["targets"][target]["p_win_no_leader"] = _shown(
                        target_odds(game, selected, target, leaders=False)[0]
                    )
        elif decision == "fortify" and selected in hints["sources"]:
            for a in of(Fortify):
                if a.source == selected:
                    hints["fortify"][a.target] = max(hints["fortify"].get(a.target, 0), a.count)
    return hints


def _shown(p_win: float | None) -> float | None:
    """A chance as the board shows it: never a chance that is not certain rounded up to 1 ("100%"
    would be a lie); ``None`` (odds not worked out for a battle that large) stays ``None``."""
    if p_win is None:
        return None
    return 1.0 if p_win == 1 else min(round(p_win, 4), 0.9999)


def dice_payload(game: Game) -> dict[str, Any]:
    """The last throw of the game (``{}`` before the first), so that a board drawn anew (a reloaded
    page, Voila) shows it as the kernel knows it: ``fresh`` when the last action threw it (the
    board marks an older one as such), ``seq`` the number of the position that throw led to, the
    same for as long as it is the last throw."""
    found = game.last_event(DiceRolled)
    if found is None:
        return {}
    back, event = found
    rules = game.rules
    key = (event, back == 0, game.state.seq - back, rules)
    known = _last_throw[0]
    if known is not None and known[0] == key:
        return known[1]  # the same throw, still as fresh: the same payload (the patch skips it at once)
    payload = _throw_payload(event, back, game.state.seq, rules)
    _last_throw[0] = (key, payload)
    return payload


_last_throw: list[Any] = [None]
"""The last throw's payload with what it was made of (the event, compared by identity first)."""


def _throw_payload(event: DiceRolled, back: int, seq: int, rules: Any) -> dict[str, Any]:
    ties = rules.ties
    sides = rules.sides
    return {
        "attack": list(event.attack),
        "defend": list(event.defend),
        # each die's faces, in the order of the dice (a Transformers leader's d8 beside d6)
        "attack_sides": list(getattr(event, "attack_sides", ()) or [sides] * len(event.attack)),
        "defend_sides": list(getattr(event, "defend_sides", ()) or [sides] * len(event.defend)),
        # who won each compared pair, as the rules say (ties!), so the board restates nothing
        "pair_winners": [
            "defender" if compare_sorted((a,), (d,), ties)[0] else "attacker"
            for a, d in zip(event.attack, event.defend)
        ],
        "attacker_losses": event.attacker_losses,
        "defender_losses": event.defender_losses,
        "source": event.source,
        "target": event.target,
        "attacker": event.attacker,
        "defender": event.defender,
        "fresh": back == 0,
        "seq": seq - back,
    }


def event_log_payload(game: Game, lines: int = 12, sight: Sight | None = None) -> list[str]:
    """The last ``lines`` events as sentences in the edition's words (the game gives its events
    those), newest last; an event naming a player's secret only where ``sight`` sees it (``None``:
    all events)."""
    return _recent(game, lines, sight)


def _recent(game: Game, lines: int, sight: Sight | None) -> list[str]:
    count = game.event_mark()[0]  # the actions applied
    back = lines
    while True:  # the events of the last actions, further back while a hidden event leaves a gap
        shown = [e for e in game.events(last=back) if sight is None or visible_event(e, sight)]
        if len(shown) >= lines or back >= count:
            return [str(e) for e in shown[-lines:]]
        back *= 2


class LogWindow:
    """A board's event log, carried from one position to the next: after an action only that
    action's events are put into sentences (``Game.events_since``), not the whole window again.
    The same lines as ``event_log_payload``."""

    __slots__ = ("_key", "_lines", "_mark", "lines")

    def __init__(self, lines: int = 12) -> None:
        self.lines = lines
        self._key: tuple[Game, str, Sight | None] | None = None  # the game, language and sight of ``_lines``
        self._mark: tuple[int, Any] | None = None
        self._lines: list[str] = []

    def sentences(self, game: Game, sight: Sight | None = None) -> list[str]:
        key = (game, get_language(), sight)
        known = self._key
        new = (
            game.events_since(self._mark)
            if known is not None and known[0] is game and known[1:] == key[1:] and self._mark is not None
            else None
        )
        if new is None:
            out = _recent(game, self.lines, sight)
        elif new:
            out = (self._lines + [str(e) for e in new if sight is None or visible_event(e, sight)])[-self.lines :]
        else:
            out = self._lines  # nothing new: the same list (the board's patch skips it at once)
        self._key, self._mark, self._lines = key, game.event_mark(), out
        return out
