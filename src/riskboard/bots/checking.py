"""``check_bot``: play a student's bot against the built-in bots in every edition and say, in plain
words, what went wrong: the bot raised, returned nothing or something that is not an action,
chose an illegal action, or took too long over a decision.

A student writing a first bot learns more from one clear sentence ("your bot raised
ZeroDivisionError in classic at turn 3 when deciding 'attack': division by zero (my_bot.py, line
12)") than from a tournament's forfeit count. Each problem stops its game (the next game goes on),
and a decision past ``time_limit`` is interrupted by the same watch the tournaments use
(``riskboard.bots.watch``), so a bot that hangs cannot hang the check. (A bot that catches the
interruption with a bare ``except:``, or blocks inside C code, cannot be stopped in its own
process; ``rb.tournament`` with workers can.)

>>> import riskboard as rb
>>> def first(view):
...     return view.legal_actions()[0]
>>> report = rb.bots.check_bot(first, editions=["classic"], games=1, max_turns=5)
>>> report.ok, report.problems
(True, [])
"""

from __future__ import annotations

import html
import os
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from riskboard.bots.aggressive import Aggressive
from riskboard.bots.entrants import Entrant, classify
from riskboard.bots.planner import Planner
from riskboard.bots.watch import DecisionTimeout, Watch
from riskboard.engine.actions import Action
from riskboard.errors import ConfigError, IllegalAction
from riskboard.i18n import _, format_number, ngettext
from riskboard.registry import available_rulesets, get_ruleset, new_game

OPPONENTS = (Planner, Aggressive)
"""The built-in bots the checked bot meets, seat after seat."""
MOST_PLAYERS = 3
"""Players at a checking table (fewer where the edition allows fewer)."""
SHOWN = 160
"""A returned value or an exception's message is cut to this many characters in a problem."""
_HERE = os.path.dirname(__file__)


@dataclass(frozen=True)
class CheckedGame:
    """One game of a check: where the bot sat, how it ended and what went wrong, if anything."""

    edition: str
    seed: int
    seat: int
    decisions: int
    """Decisions the checked bot made."""
    slowest: float
    """Seconds of its slowest decision."""
    turns: int
    winner: str | None
    problem: str | None = None
    kind: str = ""
    """What kind of problem (an exception's type, ``"slow"``, ``"none"``, ``"garbage"``, an
    illegal action's code): the report says each kind once per edition."""


@dataclass(frozen=True)
class BotCheck:
    """What ``check_bot`` found: ``ok`` (no problem at all), ``problems`` (sentences), ``games``."""

    bot: str
    editions: tuple[str, ...]
    time_limit: float
    games: tuple[CheckedGame, ...] = field(default=())
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether the bot played every game without a single problem."""
        return not self.problems

    @property
    def decisions(self) -> int:
        """Decisions the bot made over all the games."""
        return sum(g.decisions for g in self.games)

    @property
    def slowest(self) -> float:
        """Seconds of its slowest decision over all the games."""
        return max((g.slowest for g in self.games), default=0.0)

    def _summary(self) -> str:
        played = ngettext("{n} game", "{n} games", len(self.games)).format(n=len(self.games))
        made = ngettext("{n} decision", "{n} decisions", self.decisions).format(n=self.decisions)
        return _("{bot} played {games} in {editions} ({decisions}, the slowest {seconds} s).").format(
            bot=self.bot,
            games=played,
            editions=", ".join(self.editions),
            decisions=made,
            seconds=format_number(self.slowest, 3),
        )

    def __str__(self) -> str:
        lines = [self._summary()]
        if self.ok:
            lines.append(_("No problems: it is ready for a tournament."))
        else:
            lines.append(ngettext("{n} problem:", "{n} problems:", len(self.problems)).format(n=len(self.problems)))
            lines.extend(f"- {p}" for p in self.problems)
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<BotCheck of {self.bot}: {'ok' if self.ok else f'{len(self.problems)} problems'}>"

    def _repr_html_(self) -> str:
        """The notebook display: the summary, then each problem (or a green light)."""
        esc = html.escape
        head = f"<p>{esc(self._summary())}</p>"
        if self.ok:
            body = f'<p style="color: #1a7f37"><b>✓ {esc(_("No problems: it is ready for a tournament."))}</b></p>'
        else:
            said = ngettext("{n} problem:", "{n} problems:", len(self.problems)).format(n=len(self.problems))
            items = "".join(f"<li>{esc(p)}</li>" for p in self.problems)
            body = f'<p style="color: #b3261e"><b>✗ {esc(said)}</b></p><ul>{items}</ul>'
        return f'<div class="riskboard-check">{head}{body}</div>'


def _seconds(value: float) -> str:
    """Seconds as a person writes them: ``1``, ``0.25``, ``2.3`` (in the language's format)."""
    most = 1 if value >= 1 else 2
    decimals = next(d for d in range(most + 1) if round(value, d) == round(value, most))
    return format_number(value, decimals)


def _shown(value: object) -> str:
    """``repr(value)``, short and never raising (a bot's objects may be hostile)."""
    try:
        text = repr(value)
    except Exception:
        text = _("a {kind} that cannot be shown").format(kind=type(value).__name__)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def _where(exc: BaseException) -> str:
    """`` (my_bot.py, line 12)``: the last line of the bot's own code the exception passed (not the
    engine's or this module's), or nothing."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if not f.filename.startswith(_ROOT)]
    if not frames:
        return ""
    last = frames[-1]
    return " " + _("({file}, line {line})").format(file=os.path.basename(last.filename), line=last.lineno)


_ROOT = os.path.dirname(_HERE)  # the riskboard package: frames in it are not the bot's


def _names(editions: Sequence[str] | None) -> tuple[str, ...]:
    """The editions to check, by their registered names (``None``: every registered edition)."""
    if editions is None:
        return tuple(available_rulesets())
    if isinstance(editions, str) or not isinstance(editions, Sequence):
        raise ConfigError(
            _("editions must be a list of edition names such as ['classic'], or None for all; got {value}").format(
                value=_shown(editions)
            ),
            code="config/invalid",
        )
    return tuple(get_ruleset(name).name for name in editions)


def _whole(value: object, name: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ConfigError(
            _("{name} must be a whole number of at least {least}, got {value}").format(
                name=name, least=least, value=_shown(value)
            ),
            code="config/invalid",
        )
    return value


def check_bot(
    bot: Any,
    editions: Sequence[str] | None = None,
    games: int = 2,
    *,
    time_limit: float = 1.0,
    max_turns: int = 40,
    seed: int = 0,
) -> BotCheck:
    """Play ``bot`` against the built-in bots (``OPPONENTS``) in ``games`` short games (at most
    ``max_turns`` turns) of each edition of ``editions`` (names; ``None``: all) and report every
    problem in plain words (``BotCheck``: ``.ok``, ``.problems``).

    ``bot`` is what ``rb.tournament`` accepts: a bot class or factory (made afresh per game, with
    ``seed=`` if it takes one), a bot instance (copied per game) or a function of the view. Each
    of its decisions may take ``time_limit`` seconds; one that takes longer is stopped. Games are
    seeded (``seed``), so a check says the same every time; the bot sits in another seat each game.
    """
    names = _names(editions)
    games = _whole(games, "games", 1)
    max_turns = _whole(max_turns, "max_turns", 1)
    seed = _whole(seed, "seed", 0)
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not 0 < time_limit <= 3600:
        raise ConfigError(
            _("time_limit must be a number of seconds above 0 (at most an hour), got {value}").format(
                value=_shown(time_limit)
            ),
            code="config/invalid",
        )
    try:
        entrant = classify("your bot", bot)
    except ConfigError as exc:
        label = _label(bot)
        return BotCheck(
            label, names, float(time_limit), (), [_("{bot} cannot play: {reason}").format(bot=label, reason=exc)]
        )
    label = _label(bot)
    played: list[CheckedGame] = []
    with Watch(float(time_limit), shelter=__file__) as watch:
        for e, edition in enumerate(names):
            for g in range(games):
                game_seed = seed * 1_000_003 + e * 1_009 + g
                played.append(_play(entrant, edition, game_seed, g, max_turns, float(time_limit), watch))
    return BotCheck(label, names, float(time_limit), tuple(played), _problems(played))


def _problems(played: Sequence[CheckedGame]) -> list[str]:
    """Each kind of problem once per edition (its first sentence), with how often it happened."""
    first: dict[tuple[str, str], str] = {}
    count: dict[tuple[str, str], int] = {}
    for g in played:
        if g.problem is None:
            continue
        key = (g.edition, g.kind)
        first.setdefault(key, g.problem)
        count[key] = count.get(key, 0) + 1
    out = []
    for key, sentence in first.items():
        games = sum(1 for g in played if g.edition == key[0])
        if count[key] > 1:
            sentence += " " + _("(the same in {n} of {games} games)").format(n=count[key], games=games)
        out.append(sentence)
    return out


def _label(bot: object) -> str:
    """How the report names the bot: its class's or function's name."""
    name = getattr(bot, "__qualname__", None) or type(bot).__name__
    return str(name)


def _play(entrant: Entrant, edition: str, seed: int, g: int, max_turns: int, limit: float, watch: Watch) -> CheckedGame:
    """One game with the checked bot in seat ``g % players``; stops at its first problem."""
    ruleset = get_ruleset(edition)
    players = max(ruleset.min_players, min(MOST_PLAYERS, ruleset.max_players))
    seat = g % players
    names = [
        "you" if i == seat else f"{OPPONENTS[(i - (i > seat)) % len(OPPONENTS)].__name__}_{i}" for i in range(players)
    ]
    me = names[seat]
    game = new_game(edition, players=names, seed=seed)
    opponents = {
        name: OPPONENTS[(i - (i > seat)) % len(OPPONENTS)](seed=seed + i) for i, name in enumerate(names) if i != seat
    }
    decisions, slowest = 0, 0.0
    problem: str | None = None
    kind = ""

    def at(decision: str) -> str:
        if game.turn == 0:
            return _("in {edition} during the setup when deciding '{decision}'").format(
                edition=edition, decision=decision
            )
        return _("in {edition} at turn {turn} when deciding '{decision}'").format(
            edition=edition, turn=game.turn, decision=decision
        )

    try:
        watch.follow(lambda: None, lambda: me)
        mine = entrant.make(seed)
    except DecisionTimeout:
        mine, kind = None, "slow"
        problem = _("making your bot took longer than {limit} s in {edition}").format(
            limit=_seconds(limit), edition=edition
        )
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # even SystemExit: a bot's sys.exit() is the bot's problem
        mine, kind = None, type(exc).__name__
        problem = _("making your bot raised {error} in {edition}: {message}{where}").format(
            error=type(exc).__name__, edition=edition, message=_shown_message(exc), where=_where(exc)
        )
    finally:
        watch.unfollow()
    if mine is not None and not callable(getattr(mine, "act", None)):
        problem = _("your bot's factory returned {value}, which has no act(view) method").format(value=_shown(mine))
        mine, kind = None, "garbage"
    last_turn = game.turn + max_turns
    while problem is None and mine is not None and game.winner is None and game.turn <= last_turn:
        pending = game.pending
        player = pending.player
        if player is None:
            break
        view = game.view(player)
        if player != me:
            game.apply(opponents[player].act(view))
            continue
        decision = pending.decision
        started = time.perf_counter()
        try:
            watch.follow(lambda: None, lambda: me)
            choice = mine.act(view)
        except DecisionTimeout:
            kind = "slow"
            problem = _("your bot took more than {limit} s for one decision {at}, and was stopped").format(
                limit=_seconds(limit), at=at(decision)
            )
            break
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # even SystemExit: a bot's sys.exit() is the bot's problem
            kind = type(exc).__name__
            problem = _("your bot raised {error} {at}: {message}{where}").format(
                error=type(exc).__name__, at=at(decision), message=_shown_message(exc), where=_where(exc)
            )
            break
        finally:
            watch.unfollow()
        seconds = time.perf_counter() - started
        decisions += 1
        slowest = max(slowest, seconds)
        if seconds > limit:
            kind = "slow"
            problem = _("your bot took {seconds} s for one decision {at} (limit {limit} s)").format(
                seconds=_seconds(seconds), at=at(decision), limit=_seconds(limit)
            )
            break
        kind, problem = _apply(game, choice, at(decision))
    return CheckedGame(edition, seed, seat, decisions, slowest, game.turn, game.winner, problem, kind)


def _shown_message(exc: BaseException) -> str:
    try:
        text = str(exc)
    except Exception:
        text = ""
    text = text or _("(no message)")
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def _apply(game: Any, choice: object, at: str) -> tuple[str, str | None]:
    """Apply the bot's choice; the kind and sentence of what was wrong with it, or ``("", None)``."""
    if choice is None:
        return "none", _(
            "your bot returned None {at}: act(view) must return an action or its text, such as 'end' "
            "(did a branch of your function forget its return?)"
        ).format(at=at)
    if not isinstance(choice, (Action, str)):
        return "garbage", _(
            "your bot returned {value} (of type {kind}) {at}, which is not an action: return one of "
            "view.legal_actions() or its text, such as 'attack alaska kamchatka 3'"
        ).format(value=_shown(choice), kind=type(choice).__name__, at=at)
    try:
        game.apply(choice)
    except IllegalAction as exc:
        return exc.code, _("your bot returned {value} {at}, which is not legal: {message} [{code}]").format(
            value=_shown(str(choice) if isinstance(choice, Action) else choice), at=at, message=exc, code=exc.code
        )
    except Exception as exc:
        return type(exc).__name__, _(
            "your bot returned {value} {at}, which the game could not apply: {error}: {message}"
        ).format(value=_shown(choice), at=at, error=type(exc).__name__, message=_shown_message(exc))
    return "", None
