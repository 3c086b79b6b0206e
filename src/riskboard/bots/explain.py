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
from riskboard.i18n import _, format_number, ngettext

Why = tuple[Any, ...]
"""The facts of a decision: ``(kind, ...)``; see ``say`` for each kind's fields."""

Reason = str | tuple[str | tuple[str, str], dict[str, Any]]
"""Why a bot chose what it chose, kept until someone asks: a marked message (``N_``), or a message
(a pair marked ``Nn_`` for a count ``n``) with its fields, said in the language spoken then."""


def reason_text(reason: Reason) -> str:
    """``reason`` in the language spoken."""
    if isinstance(reason, str):
        return _(reason) if reason else ""
    message, fields = reason
    if isinstance(message, tuple):
        return ngettext(*message, fields["n"]).format(**fields)
    return _(message).format(**fields)


def say(why: Why | None, bot: str) -> str:
    """The sentence for ``why``; before any decision, a sentence saying so."""
    if why is None:
        return _("{bot} has not decided anything yet.").format(bot=bot)
    kind = why[0]
    build = _SENTENCES.get(kind)
    if build is None:
        return _("{bot} chose {action}.").format(bot=bot, action=_quote(why[-1]))
    return build(*why[1:])


def _quote(action: object) -> str:
    return f"'{action}'"


def _name(view: PlayerView, t: int) -> str:
    return view.map.ids[t]


def _units(n: int) -> str:
    return ngettext("{n} unit", "{n} units", n).format(n=n)


def _attack(view: PlayerView, src: int, tgt: int, p: float, reason: Reason) -> str:
    armies = view.army_counts
    fields = {
        "target": _name(view, tgt),
        "source": _name(view, src),
        "attackers": armies[src] - 1,
        "defenders": armies[tgt],
        "share": _percent(p),
    }
    if reason:
        return _(
            "Attacked {target} from {source}: {attackers} against {defenders} wins {share} of the time, and {reason}."
        ).format(**fields, reason=reason_text(reason))
    return _("Attacked {target} from {source}: {attackers} against {defenders} wins {share} of the time.").format(
        **fields
    )


def _end_attack(view: PlayerView, considered: int) -> str:
    if not considered:
        return _("Ended the attacks: no territory of mine can attack.")
    return ngettext(
        "Ended the attacks: the {n} possible attack was not worth the units it would likely cost.",
        "Ended the attacks: none of the {n} possible attacks was worth the units it would likely cost.",
        considered,
    ).format(n=considered)


def _place(view: PlayerView, t: int, count: int, reason: Reason) -> str:
    return _("Placed {units} on {territory} because {reason}.").format(
        units=_units(count), territory=_name(view, t), reason=reason_text(reason)
    )


def _trade(view: PlayerView, trade: TradeCards, value: int) -> str:
    return _("Traded {cards} for {units}.").format(cards=", ".join(trade.cards), units=_units(value))


def _fortify(view: PlayerView, src: int, tgt: int, count: int, threat: int) -> str:
    fields = {"units": _units(count), "source": _name(view, src), "target": _name(view, tgt)}
    if threat:
        return ngettext(
            "Moved {units} from {source} to {target}, which faces {n} attacking unit.",
            "Moved {units} from {source} to {target}, which faces {n} attacking units.",
            threat,
        ).format(**fields, n=threat)
    return _("Moved {units} from {source} to {target}, to the front.").format(**fields)


def _end_fortify(view: PlayerView) -> str:
    return _("Ended the turn without a move: no units stand idle behind the front.")


def _occupy(view: PlayerView, count: int, target: int) -> str:
    return _("Moved {units} into {territory}, splitting the units by the threats on both sides.").format(
        units=_units(count), territory=_name(view, target)
    )


def _defend(view: PlayerView, action: Action) -> str:
    battle = view.battle
    dice = getattr(action, "dice", 0)
    fields = {"n": dice, "action": _quote(action)}
    if battle is not None:
        return ngettext(
            "Defended {territory} with {n} die, the most allowed ({action}).",
            "Defended {territory} with {n} dice, the most allowed ({action}).",
            dice,
        ).format(**fields, territory=_name(view, battle.target))
    return ngettext(
        "Defended with {n} die, the most allowed ({action}).",
        "Defended with {n} dice, the most allowed ({action}).",
        dice,
    ).format(**fields)


def _claim(view: PlayerView, t: int) -> str:
    region = view.map.regions[[r.id for r in view.map.regions].index(view.map.territories[t].region)].name
    return _("Claimed {territory}: {region} is where my share is best and my rivals' worst.").format(
        territory=_name(view, t), region=region
    )


def _place_neutral(view: PlayerView, action: Action) -> str:
    return _("Chose {action} for the neutral army: it stands in the way of my rival's biggest stack.").format(
        action=_quote(action)
    )


def _revive(view: PlayerView, action: Action) -> str:
    return _("Chose {action}: the leader's d8 is worth the robots it costs.").format(action=_quote(action))


def _helper(view: PlayerView, decision: str, action: Action) -> str:
    return _("Chose {action} for the {decision} decision, by the built-in bots' shared rule.").format(
        action=_quote(action), decision=decision.replace("_", " ")
    )


def _random(action: Action, choices: int) -> str:
    return ngettext(
        "Chose {action} at random, the only legal action.",
        "Chose {action} at random, one of {n} legal actions.",
        choices,
    ).format(action=_quote(action), n=choices)


def _aggressive(view: PlayerView, decision: str, action: Action) -> str:
    armies = view.army_counts
    index = view.map.index
    said = _quote(action)
    if isinstance(action, (Attack, Blitz)):
        a, d = armies[index[action.source]] - 1, armies[index[action.target]]
        return _(
            "Attacked {target} from {source} ({action}): its {attackers} attacking units outnumber the {defenders} defenders."
        ).format(target=action.target, source=action.source, action=said, attackers=a, defenders=d)
    if isinstance(action, EndPhase) and decision == "attack":
        return _("Ended the attacks: no territory of mine outnumbers a neighbouring enemy.")
    if isinstance(action, EndPhase):
        return _("Chose {action}: nothing to {decision} that helps.").format(action=said, decision=decision)
    if isinstance(action, Place) and decision == "place":
        return _(
            "Placed {units} on {territory}, the border with the biggest edge over its weakest enemy neighbour."
        ).format(units=_units(action.count), territory=action.territory)
    if isinstance(action, Fortify):
        return _("Moved the largest interior stack to the front: {action}.").format(action=said)
    if isinstance(action, Occupy):
        return _("Moved {units} in ({action}): forward unless the old territory faces more enemies.").format(
            units=_units(action.count), action=said
        )
    if isinstance(action, Defend):
        return _("Defended with the most dice allowed ({action}).").format(action=said)
    if isinstance(action, TradeCards):
        return _("Traded the set worth the most units at once ({action}).").format(action=said)
    return _("Chose {action} for the {decision} decision.").format(action=said, decision=decision.replace("_", " "))


def _search(action: Action, playouts: int, best: float, runner_up: float | None, planner: str) -> str:
    if runner_up is None:
        return _("Chose {action} without searching: {reason}").format(
            action=_quote(action), reason=f"{planner[0].lower()}{planner[1:]}"
        )
    return ngettext(
        "Chose {action} by {n} playout: it scored {best} on average, the next best {runner_up}.",
        "Chose {action} by {n} playouts: it scored {best} on average, the next best {runner_up}.",
        playouts,
    ).format(action=_quote(action), n=playouts, best=_percent(best), runner_up=_percent(runner_up))


def _percent(p: float) -> str:
    return _("{percent} %").format(percent=format_number(round(100 * p)))


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
