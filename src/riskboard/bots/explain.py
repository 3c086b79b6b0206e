"""``bot.explain()``: one plain sentence about a bot's last decision, for the classroom.

A bot stores the facts of its decision as a small tuple (a ``Why``: its kind first, then the
view it decided from and the numbers it used) and ``say`` builds the sentence only when someone
asks, so a bot that is never asked pays one tuple per decision. Views are immutable snapshots,
so the sentence describes the position the decision was made in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riskboard.engine.actions import Action, Attack, Blitz, Defend, EndPhase, Fortify, Occupy, Place, TradeCards
from riskboard.engine.view import PlayerView

Why = tuple[Any, ...]
"""The facts of a decision: ``(kind, ...)``; see ``say`` for each kind's fields."""


def say(why: Why | None, bot: str) -> str:
    """The sentence for ``why``; before any decision, a sentence saying so."""
    if why is None:
        return f"{bot} has not decided anything yet."
    kind = why[0]
    build = _SENTENCES.get(kind)
    if build is None:
        return f"{bot} chose {_quote(why[-1])}."
    return build(*why[1:])


def _quote(action: object) -> str:
    return f"'{action}'"


def _name(view: PlayerView, t: int) -> str:
    return view.map.ids[t]


def _units(n: int) -> str:
    return f"{n} {'unit' if n == 1 else 'units'}"


def _attack(view: PlayerView, src: int, tgt: int, p: float, reason: str) -> str:
    armies = view.army_counts
    a, d = armies[src] - 1, armies[tgt]
    because = f", and {reason}" if reason else ""
    return (
        f"Attacked {_name(view, tgt)} from {_name(view, src)}: {a} against {d} wins {_percent(p)} of the time{because}."
    )


def _end_attack(view: PlayerView, considered: int) -> str:
    if not considered:
        return "Ended the attacks: no territory of mine can attack."
    return f"Ended the attacks: none of the {considered} possible attacks was worth the units it would likely cost."


def _place(view: PlayerView, t: int, count: int, reason: str) -> str:
    return f"Placed {_units(count)} on {_name(view, t)} because {reason}."


def _trade(view: PlayerView, trade: TradeCards, value: int) -> str:
    return f"Traded {', '.join(trade.cards)} for {_units(value)}."


def _fortify(view: PlayerView, src: int, tgt: int, count: int, threat: int) -> str:
    facing = f", which faces {threat} attacking units" if threat else ", to the front"
    return f"Moved {_units(count)} from {_name(view, src)} to {_name(view, tgt)}{facing}."


def _end_fortify(view: PlayerView) -> str:
    return "Ended the turn without a move: no units stand idle behind the front."


def _occupy(view: PlayerView, count: int, target: int) -> str:
    return f"Moved {_units(count)} into {_name(view, target)}, splitting the units by the threats on both sides."


def _defend(view: PlayerView, action: Action) -> str:
    battle = view.battle
    where = f" {_name(view, battle.target)}" if battle is not None else ""
    dice = getattr(action, "dice", 0)
    return f"Defended{where} with {dice} {'die' if dice == 1 else 'dice'}, the most allowed ({_quote(action)})."


def _claim(view: PlayerView, t: int) -> str:
    region = view.map.regions[[r.id for r in view.map.regions].index(view.map.territories[t].region)].name
    return f"Claimed {_name(view, t)}: {region} is where my share is best and my rivals' worst."


def _place_neutral(view: PlayerView, action: Action) -> str:
    return f"Chose {_quote(action)} for the neutral army: it stands in the way of my rival's biggest stack."


def _revive(view: PlayerView, action: Action) -> str:
    return f"Chose {_quote(action)}: the leader's d8 is worth the robots it costs."


def _helper(view: PlayerView, decision: str, action: Action) -> str:
    return f"Chose {_quote(action)} for the {decision.replace('_', ' ')} decision, by the built-in bots' shared rule."


def _random(action: Action, choices: int) -> str:
    return f"Chose {_quote(action)} at random, one of {choices} legal actions."


def _aggressive(view: PlayerView, decision: str, action: Action) -> str:
    armies = view.army_counts
    index = view.map.index
    if isinstance(action, (Attack, Blitz)):
        a, d = armies[index[action.source]] - 1, armies[index[action.target]]
        return (
            f"Attacked {action.target} from {action.source} ({_quote(action)}): "
            f"its {a} attacking units outnumber the {d} defenders."
        )
    if isinstance(action, EndPhase) and decision == "attack":
        return "Ended the attacks: no territory of mine outnumbers a neighbouring enemy."
    if isinstance(action, EndPhase):
        return f"Chose {_quote(action)}: nothing to {decision} that helps."
    if isinstance(action, Place) and decision == "place":
        return f"Placed {_units(action.count)} on {action.territory}, the border with the biggest edge over its weakest enemy neighbour."
    if isinstance(action, Fortify):
        return f"Moved the largest interior stack to the front: {_quote(action)}."
    if isinstance(action, Occupy):
        return (
            f"Moved {_units(action.count)} in ({_quote(action)}): forward unless the old territory faces more enemies."
        )
    if isinstance(action, Defend):
        return f"Defended with the most dice allowed ({_quote(action)})."
    if isinstance(action, TradeCards):
        return f"Traded the set worth the most units at once ({_quote(action)})."
    return f"Chose {_quote(action)} for the {decision.replace('_', ' ')} decision."


def _search(action: Action, playouts: int, best: float, runner_up: float | None, planner: str) -> str:
    if runner_up is None:
        return f"Chose {_quote(action)} without searching: {planner[0].lower()}{planner[1:]}"
    return (
        f"Chose {_quote(action)} by {playouts} playouts: it scored {_percent(best)} on average, "
        f"the next best {_percent(runner_up)}."
    )


def _percent(p: float) -> str:
    return f"{round(100 * p)} %"


_SENTENCES: dict[str, Callable[..., str]] = {
    "attack": _attack,
    "end_attack": _end_attack,
    "place": _place,
    "trade": _trade,
    "fortify": _fortify,
    "end_fortify": _end_fortify,
    "occupy": _occupy,
    "defend": _defend,
    "claim": _claim,
    "place_neutral": _place_neutral,
    "revive": _revive,
    "helper": _helper,
    "random": _random,
    "aggressive": _aggressive,
    "search": _search,
}
