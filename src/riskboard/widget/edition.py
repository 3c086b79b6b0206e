"""What the board's front end needs about the edition in play, as plain JSON-ready data, asked of
the ruleset rather than decided here: its rules (dice on each side, ties, how far a move goes),
how it is shown (its ``presentation``: title, words for pieces, the labels of a turn's steps and
what the prompt asks for each decision), the parts its board has beyond the map, armies and cards
(``Ruleset.parts``: missions, cities, capitals, buildings, airfields, a field hospital, ...) and
those parts' facts, state, numbers and choices (``Ruleset.board_*``). Nothing here knows which
edition it is.

``edition_payload`` is sent once; ``extras_payload`` and ``counts_payload`` follow the game, each
sent only when it changed: the first now and then, the second small.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riskboard.analysis import battle_odds
from riskboard.analysis.odds import MAX_ARMIES
from riskboard.engine.actions import Action, Attack
from riskboard.engine.events import PIECES
from riskboard.i18n import _, format_number
from riskboard.render.icons import ICON_NAMES, ICONS, LEADER_ICONS
from riskboard.widget.texts import counted_forms

if TYPE_CHECKING:
    from riskboard.engine.game import Game

SYMBOL_PARTS = frozenset({"cities", "capitals", "buildings", "airfields"})
"""Parts drawn as small symbols beside the army badges (the icons of ``riskboard.render.icons``)."""


def edition_payload(game: Game) -> dict[str, Any]:
    """The edition's fixed facts for the front end, sent once."""
    cfg = game.config
    ruleset = cfg.ruleset
    rules = cfg.rules
    shown = ruleset.presentation
    parts = ruleset.parts(cfg)
    words = shown.words(cfg)  # English ids ("army"), shown in the language spoken
    out: dict[str, Any] = {
        "parts": sorted(parts),
        "rules": {
            "attack_dice": rules.attack_dice,
            "defence_dice": rules.defence_dice,
            "ties": rules.ties,
            "fortify": rules.fortify,
            "territory_bonus": rules.territory_bonus,
            "sides": rules.sides,
        },
        "title": shown.title,  # said in the language spoken
        "words": {key: _(word) for key, word in words.items()},
        "pieces": counted_forms(*PIECES.get(words["unit"], ("{n} " + words["unit"], "{n} " + words["units"]))),
        "steps": [[step, _(label)] for step, label in shown.steps(cfg)],
        "verbs": {decision: _(verb) for decision, verb in shown.prompts(cfg).items()},
        **_shown_words(ruleset.board_facts(cfg, game.state)),
        **_shown_words(shown.board_words(cfg, game.state)),
    }
    if parts & SYMBOL_PARTS:
        out["icons"] = ICONS
        out["icon_names"] = ICON_NAMES
    if "leaders" in parts:  # each faction's leader marker (the facts say whose leader is of which)
        out["leader_icons"] = LEADER_ICONS
    return out


_IDS = frozenset({"id", "variant", "faction", "building", "args"})
"""The keys of an edition's facts whose values are ids or syntax, never shown as words."""


def _shown_words(value: Any) -> Any:
    """An edition's facts and words with each text in the language spoken: a constant the
    ruleset marked (a mission's title, a faction) is translated here, where it is shown; a
    sentence the ruleset made itself is already in the language spoken and stays as it is, as
    does an id (a text the catalogs do not hold is its own translation)."""
    if isinstance(value, str):
        return _(value) if value else value
    if isinstance(value, dict):
        return {key: item if key in _IDS else _shown_words(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_shown_words(item) for item in value]
    return value


def extras_payload(game: Game) -> dict[str, Any]:
    """The edition's parts' public state that changes now and then (``{}`` for editions without)."""
    return game.ruleset.board_state(game.config, game.state)


def counts_payload(game: Game) -> dict[str, Any]:
    """The edition's parts' numbers that change with most actions (``{}`` for editions without)."""
    return game.ruleset.board_counts(game.config, game.state)


def target_odds(game: Game, source: str, target: str, *, leaders: bool = True) -> tuple[float | None, list[str]]:
    """The chance to conquer ``target`` from ``source`` throwing the most dice allowed each time,
    under the rules of that battle (the game's house rules, an edition's terrain and airfields),
    and why those rules differ from the game's, in words. Never rounded up to a certainty.

    A leader (``Ruleset.leader_at``) of the attacker standing in ``source`` is committed to every
    throw (``leaders=False``: kept out), the defender's standing in ``target`` likewise: each rolls
    its own die and is lost last (``battle_odds(..., attacker_leader=, defender_leader=)``).

    ``None`` for a battle larger than the exact odds are worked out for (``battle_odds`` takes
    ``MAX_ARMIES`` a side, a territory may hold up to the engine's ``MAX_UNITS``), with a note
    that says so: such an attack is as legal as any, only its odds are not shown."""
    cfg = game.config
    s = game.state
    src, tgt = cfg.map.index[source], cfg.map.index[target]
    ruleset = cfg.ruleset
    rules = ruleset.battle_rules(cfg, s, s.current, tgt)
    notes = ruleset.battle_notes(cfg, s, s.current, tgt)
    attackers, defenders = s.armies[src] - 1, s.armies[tgt]
    if max(attackers, defenders) > MAX_ARMIES:
        units = _(ruleset.presentation.words(cfg)["units"])
        return None, [
            *notes,
            _("odds are worked out for battles of up to {most} {units} a side").format(
                most=format_number(MAX_ARMIES), units=units
            ),
        ]
    attacker_leader = leaders and ruleset.leader_at(cfg, s, src) == s.current
    defender_leader = ruleset.leader_at(cfg, s, tgt) == s.owner[tgt]
    p = battle_odds(
        attackers, defenders, rules, attacker_leader=attacker_leader, defender_leader=defender_leader
    ).p_win  # 1.0 only when exactly 1
    p = 1.0 if p == 1.0 else min(p, 0.9999)
    if attacker_leader:
        notes = [
            *notes,
            _("the attacking leader rolls a d{sides} in every throw, lost last").format(sides=rules.leader_sides),
        ]
    if defender_leader:
        notes = [
            *notes,
            _("the defending leader rolls a d{sides} in every throw, lost last").format(sides=rules.leader_sides),
        ]
    return p, notes


def attacker_leader_at(game: Game, source: str) -> bool:
    """Whether the attacker's leader stands in ``source`` (editions with leaders)."""
    cfg = game.config
    s = game.state
    return cfg.ruleset.leader_at(cfg, s, cfg.map.index[source]) == s.current


def attack_dice(legal: list[Action], source: str) -> dict[str, int]:
    """The most dice each target of ``source`` may be attacked with now, from the legal attacks."""
    most: dict[str, int] = {}
    for a in legal:
        if isinstance(a, Attack) and a.source == source:
            most[a.target] = max(most.get(a.target, 0), a.dice)
    return most
