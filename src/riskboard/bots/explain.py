"""``bot.explain()``: one plain sentence about a bot's last decision, for the classroom.

A bot stores the facts of its decision as a small tuple (a ``Why``: its kind first, then the
view it decided from and the numbers it used) and ``say`` builds the sentence only when someone
asks, so a bot that is never asked pays one tuple per decision. Views are immutable snapshots,
so the sentence describes the position the decision was made in.

Every figure a sentence states is the exact figure for the action taken, computed when the
sentence is built (an attack's odds by ``battle_odds`` for that very attack: its dice rules, and
the leaders that fight in it), and worded for what it is: a chance as a percentage that never
reads 100 % below certainty nor 0 % above impossibility, a search's playout value as a value.
The sentence is an ``Explanation``, a ``str`` that also carries those figures (``figures``), so
a test or a lesson can read the numbers rather than parse the words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from riskboard.bots.odds import action_odds
from riskboard.engine.actions import Action, Attack, Blitz, Defend, EndPhase, Fortify, Occupy, Place, TradeCards
from riskboard.engine.view import PlayerView
from riskboard.i18n import _, format_chance, format_number, ngettext
from riskboard.rulesets.actions import LeaderAttack

Why = tuple[Any, ...]
"""The facts of a decision: ``(kind, ...)``; see ``say`` for each kind's fields."""

Reason = str | tuple[str | tuple[str, str], dict[str, Any]]
"""Why a bot chose what it chose, kept until someone asks: a marked message (``N_``), or a message
(a pair marked ``Nn_`` for a count ``n``) with its fields, said in the language spoken then."""


class Explanation(str):
    """A bot's sentence about its last decision, with the figures it states: ``figures`` maps
    each figure's name (``"p_win"``, ``"units"``, ``"value"``, ...) to the exact number the
    sentence rounds, so a checker compares numbers with numbers and the sentence with its
    rendering of them. Everything a ``str`` does, it does (``bot.explain()`` stays a sentence)."""

    figures: dict[str, Any]

    def __new__(cls, text: str, figures: Mapping[str, Any] | None = None) -> Explanation:
        made = super().__new__(cls, text)
        made.figures = dict(figures or {})
        return made


def reason_text(reason: Reason, extra: Mapping[str, Any] | None = None) -> str:
    """``reason`` in the language spoken (``extra``: fields known only when it is said)."""
    if isinstance(reason, str):
        return _(reason) if reason else ""
    message, fields = reason
    fields = {**fields, **(extra or {})}
    if isinstance(message, tuple):
        return ngettext(*message, fields["n"]).format(**fields)
    return _(message).format(**fields)


def say(why: Why | None, bot: str) -> Explanation:
    """The sentence for ``why``; before any decision, a sentence saying so."""
    if why is None:
        return Explanation(_("{bot} has not decided anything yet.").format(bot=bot))
    kind = why[0]
    build = _SENTENCES.get(kind)
    if build is None:
        return Explanation(_("{bot} chose {action}.").format(bot=bot, action=_quote(why[-1])))
    said = build(*why[1:])
    return said if isinstance(said, Explanation) else Explanation(said)


chance_text = format_chance
"""A chance as the bots state it (``riskboard.i18n.format_chance``: nothing below 1 reads as certain)."""


def value_text(value: float) -> str:
    """A playout value in [0, 1] with two decimals in the language's format, more near the ends
    (a value below 1 never reads "1.00", above 0 never "0.00")."""
    if value >= 1 or value <= 0:
        return format_number(1.0 if value >= 1 else 0.0, 2)
    for decimals in (2, 3, 4):
        shown = round(value, decimals)
        if 0 < shown < 1:
            return format_number(shown, decimals)
    if value > 0.5:
        return _("more than {figure}").format(figure=format_number(0.9999, 4))
    return _("less than {figure}").format(figure=format_number(0.0001, 4))


def _quote(action: object) -> str:
    return f"'{action}'"


def _name(view: PlayerView, t: int) -> str:
    return view.map.ids[t]


def _units(n: int) -> str:
    return ngettext("{n} unit", "{n} units", n).format(n=n)


def _attack(view: PlayerView, action: Attack | Blitz, reason: Reason) -> Explanation:
    """An attack with the exact odds of that attack: a blitz is the battle fought out; a single
    throw (where defenders choose their dice) is priced as the battle it starts, fought out with
    the most dice on both sides; a leader committed to it (Transformers) rolls its d8 in every
    throw, and a defending leader where it stands. Expected losses in the reason are the same
    battle's."""
    index = view.map.index
    src, tgt = index[action.source], index[action.target]
    odds = action_odds(view, action)
    fields: dict[str, Any] = {
        "target": action.target,
        "source": action.source,
        "attackers": odds.attackers if odds is not None else view.army_counts[src] - 1,
        "defenders": odds.defenders if odds is not None else view.army_counts[tgt],
    }
    if odds is None:  # beyond the armies battle_odds answers for: no figure rather than a wrong one
        return Explanation(
            _("Attacked {target} from {source}: {attackers} against {defenders}.").format(**fields),
            {"action": str(action), **fields},
        )
    figures = {
        "action": str(action),
        "attackers": odds.attackers,
        "defenders": odds.defenders,
        "attacker_leader": odds.attacker_leader,
        "defender_leader": odds.defender_leader,
        "p_win": odds.p_win,
        "attacker_losses": odds.expected_attacker_losses,
        "defender_losses": odds.expected_defender_losses,
    }
    losses = _losses(odds.expected_defender_losses, odds.expected_attacker_losses)
    if (
        isinstance(reason, tuple)
        and reason[1].get("losses")
        and not (odds.expected_defender_losses > odds.expected_attacker_losses)
    ):
        reason = ""  # the losses the decision read differ from this battle's: claim nothing
    fields["share"] = chance_text(odds.p_win)
    fields["odds"] = _odds_clause(action, odds.defender_leader, fields)
    if reason:
        text = _("Attacked {target} from {source}: {odds}, and {reason}.").format(
            **fields, reason=reason_text(reason, losses)
        )
    else:
        text = _("Attacked {target} from {source}: {odds}.").format(**fields)
    return Explanation(text, figures)


def _losses(theirs: float, mine: float) -> dict[str, str]:
    """Both sides' expected losses with one decimal, more where one decimal would show a
    difference the sentence claims as equal ("1.4 against 1.4")."""
    for decimals in (1, 2, 3):
        shown = {"theirs": format_number(theirs, decimals), "mine": format_number(mine, decimals)}
        if shown["theirs"] != shown["mine"]:
            break
    return shown


def _odds_clause(action: Action, defender_leader: bool, fields: Mapping[str, Any]) -> str:
    """What the attack's chance is the chance of, in words for that kind of attack."""
    if defender_leader:
        against = _("{defenders} with their leader among them").format(**fields)
    else:
        against = str(fields["defenders"])
    if isinstance(action, LeaderAttack):
        return _(
            "fought out with my leader's die in every throw, {attackers} against {against} wins {share} of the time"
        ).format(**fields, against=against)
    if isinstance(action, Attack):
        return _(
            "fought out with the most dice on both sides, {attackers} against {against} wins {share} of the time"
        ).format(**fields, against=against)
    return _("{attackers} against {against} wins {share} of the time").format(**fields, against=against)


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


def _trade(view: PlayerView, trade: TradeCards, value: int) -> Explanation:
    """The set's value and, where the rules give one, the territory bonus: the ruleset's own
    ``card_bonus`` of each card in the order traded, the first that gives one taking it."""
    cards = ", ".join(trade.cards)
    bonus, territory = 0, None
    for card in trade.cards:
        bonus = view.card_bonus(card)
        if bonus:
            territory = card
            break
    figures = {"units": value, "territory_bonus": bonus, "bonus_territory": territory}
    if territory is None:
        return Explanation(_("Traded {cards} for {units}.").format(cards=cards, units=_units(value)), figures)
    text = _("Traded {cards} for {units}, and {bonus} more on {territory}, a territory of mine among the cards.")
    return Explanation(text.format(cards=cards, units=_units(value), bonus=_units(bonus), territory=territory), figures)


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


def _search(
    action: Action,
    playouts: int,
    visits: int,
    value: float,
    runner: Action | None,
    runner_visits: int,
    runner_value: float,
) -> Explanation:
    """A searched decision: MCTS chooses the option it tried most often (UCT's visits), so the
    next best is the next most tried; each with its average playout value (a position's worth
    in [0, 1], 1 a win, 0 a loss: a value, not a chance of winning)."""
    figures: dict[str, Any] = {"playouts": playouts, "visits": visits, "value": value}
    fields = {"action": _quote(action), "n": playouts, "visits": visits, "value": value_text(value)}
    if runner is None:
        text = ngettext(
            "Chose {action}, the only option tried in {n} playout (average playout value {value}, "
            "on a scale from 0 for a lost game to 1 for a won one).",
            "Chose {action}, the only option tried in {n} playouts (average playout value {value}, "
            "on a scale from 0 for a lost game to 1 for a won one).",
            playouts,
        ).format(**fields)
        return Explanation(text, figures)
    figures.update({"runner_up": str(runner), "runner_up_visits": runner_visits, "runner_up_value": runner_value})
    text = ngettext(
        "Chose {action}, the option tried most often in {n} playout ({visits} times, average playout value "
        "{value}, on a scale from 0 for a lost game to 1 for a won one); the next most tried, {runner}, "
        "{runner_visits} times, average value {runner_value}.",
        "Chose {action}, the option tried most often in {n} playouts ({visits} times, average playout value "
        "{value}, on a scale from 0 for a lost game to 1 for a won one); the next most tried, {runner}, "
        "{runner_visits} times, average value {runner_value}.",
        playouts,
    ).format(**fields, runner=_quote(runner), runner_visits=runner_visits, runner_value=value_text(runner_value))
    return Explanation(text, figures)


def _unsearched(action: Action, planner: Why | None) -> Explanation:
    """A decision MCTS leaves to the Planner: the Planner's sentence, and its figures."""
    said = say(planner, "Planner")
    reason = f"{said[0].lower()}{said[1:]}" if said else ""
    return Explanation(
        _("Chose {action} without searching: {reason}").format(action=_quote(action), reason=reason), said.figures
    )


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
    "unsearched": _unsearched,
}
