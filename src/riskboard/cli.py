"""The ``riskboard`` command: exact odds, bot games, tournaments and pictures from a shell.

``main(argv)`` parses the arguments and returns the exit code: 0 done; 2 bad input (a usage
error, an unknown ruleset, variant or bot, a bad number, a missing, unreadable, binary, damaged or
hostile file, an unreachable scheduler, a bot that fails outside a tournament): one line on
stderr, ``riskboard COMMAND: error: ...``, without a traceback, because it is about what was
typed; 130 after Ctrl-C (a tournament prints the standings of the games it finished first); 1 if
riskboard itself failed, also in one line that says so (``RISKBOARD_DEBUG=1`` adds the
traceback). Long work shows a progress bar on stderr (tqdm); ``--quiet`` hides it. Everything a
command does goes through the public API, so the command line plays, scores and draws exactly as
scripts and notebooks do.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import importlib
import importlib.util
import json
import math
import os
import sys
import time
import traceback
import typing
import warnings
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any

import riskboard as rb
from riskboard.analysis.exact import MAX_ARMIES
from riskboard.bots.watch import DEFAULT_TIME_LIMIT
from riskboard.engine.records import MAX_TEXT, parse_json
from riskboard.engine.serialize import GAME_FORMAT, RECORD_FORMAT
from riskboard.errors import RiskboardError
from riskboard.i18n import LANGUAGES, _, format_number, format_percent, using

PLAYER_NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo")
"""The seats' names in simulated games, in seating order."""
BUILT_IN_BOTS = {"random": "Random", "aggressive": "Aggressive", "planner": "Planner", "mcts": "MCTS"}
"""Bot names the command knows → their class in ``riskboard.bots`` (when this version has it)."""
DICE_RULES = ("attack_dice", "defence_dice", "ties", "sides", "attack_bonus", "defence_bonus", "rerolls")
"""The fields of ``rb.Rules`` that change a battle's odds, as ``--rules KEY=VALUE`` takes them."""
CHART_ROWS = 30
"""The most rows of an odds chart: longer battles are grouped."""
BAR = 40
"""The width of the chart's longest bar, in characters."""
RARE = 1e-4
"""An odds chart leaves out the ends, at either extreme, each less likely than this."""


MAX_GAMES = 10_000_000
"""The most games ``simulate`` plays in one run (as ``rb.tournament`` does)."""
FORFEITS_SHOWN = 10
"""A tournament lists this many forfeited games after its standings (and counts the rest)."""
DEBUG_ENV = "RISKBOARD_DEBUG"
"""Set to 1 to see the traceback of a failure of riskboard itself (exit code 1)."""


class CliError(Exception):
    """Bad input to the command: shown as one line, exit code 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, with its usage errors in the command's one-line form (exit code 2)."""

    def error(self, message: str) -> typing.NoReturn:
        hint = f"{self.prog} --help"
        self.exit(2, f"{self.prog}: error: {_one_line(message)} (see {hint})\n")


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


# -- odds -----------------------------------------------------------------------------------------


def _count_arg(text: str) -> int:
    """An argparse type: a whole number of armies, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of armies, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more armies, got {value}")
    return value


def parse_rules(items: Sequence[str] | None) -> rb.Rules:
    """``["defence_dice=3", "ties=attacker"]`` → ``rb.Rules(defence_dice=3, ties="attacker")``."""
    changes: dict[str, Any] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep:
            raise CliError(
                _("--rules takes KEY=VALUE items (e.g. defence_dice=3), got {item}; put A D before --rules").format(
                    item=repr(item)
                )
            )
        key = key.strip().replace("-", "_")
        if key == "defense_dice":
            key = "defence_dice"
        if key not in DICE_RULES:
            raise CliError(_("--rules knows {names}; got {key}").format(names=", ".join(DICE_RULES), key=repr(key)))
        if key == "ties":
            changes[key] = value.strip()
            continue
        try:
            changes[key] = int(value)
        except ValueError:
            raise CliError(
                _("--rules {key} must be a whole number, got {value}").format(key=key, value=repr(value))
            ) from None
    return rb.Rules(**changes)


def outcome_chart(odds: rb.BattleOdds, rows: int = CHART_ROWS, width: int = BAR) -> list[str]:
    """How a battle ends as text bars: the attacker conquering with the most left first, the
    defender holding with the most left last. Ends rarer than ``RARE`` at either extreme are left
    out (a line says how much they hold together); long battles are grouped into about ``rows`` rows."""
    if max(odds.attackers, odds.defenders) > MAX_ARMIES:  # past the table: the battle's own ends
        ends = odds.outcomes
    else:
        ends = rb.odds_table(odds.attackers, odds.defenders, rules=odds.rules).outcomes(odds.attackers, odds.defenders)
    sides = []
    for side, n in (("attacker", odds.attackers), ("defender", odds.defenders)):
        counts = list(range(n, 0, -1)) if side == "attacker" else list(range(1, n + 1))
        probs = [ends.get((k, 0) if side == "attacker" else (0, k), 0.0) for k in counts]
        shown = [i for i, p in enumerate(probs) if p >= RARE]
        if shown:
            sides.append((side, counts[shown[0] : shown[-1] + 1], probs[shown[0] : shown[-1] + 1]))
    total = sum(len(c) for _, c, _ in sides)
    lines: list[tuple[str, float]] = []
    for side, counts, probs in sides:
        budget = max(1, round(rows * len(counts) / total))
        group = -(-len(counts) // budget)
        for start in range(0, len(counts), group):
            ks, ps = counts[start : start + group], probs[start : start + group]
            left = f"{ks[0]}" if len(ks) == 1 else f"{min(ks)}–{max(ks)}"
            said = _("attacker conquers, {n} left") if side == "attacker" else _("defender holds, {n} left")
            lines.append((said.format(n=left), sum(ps)))
    top = max(p for _, p in lines)
    pad = max(len(label) for label, _ in lines)
    out = [f"  {label:<{pad}}  {'█' * round(width * p / top):<{width}} {format_percent(p, 2):>7}" for label, p in lines]
    rest = 1.0 - sum(p for _, p in lines)
    if rest > 1e-12:
        out.append(
            "  "
            + _("(the rarer ends, each below {rare}, are left out: {rest} together)").format(
                rare=format_percent(RARE, 2), rest=format_percent(rest, 3)
            )
        )
    return out


def odds_lines(odds: rb.BattleOdds) -> list[str]:
    """One battle's odds as lines of text."""
    rules = _("printed rules") if odds.rules == rb.Rules() else odds.rules.describe()
    lines = [
        _("{attackers} attacking against {defenders} defending ({rules}):").format(
            attackers=odds.attackers, defenders=odds.defenders, rules=rules
        ),
        "  " + _("the attacker conquers with probability {p}").format(p=format_percent(odds.p_win, 2)),
        "  "
        + _("expected losses: attacker {attacker}, defender {defender}").format(
            attacker=format_number(odds.expected_attacker_losses, 2),
            defender=format_number(odds.expected_defender_losses, 2),
        ),
    ]
    if odds.attackers and odds.defenders:
        lines += [_("How the battle ends:"), *outcome_chart(odds)]
    return lines


def table_rows(table: rb.OddsTable) -> list[list[str]]:
    """P(conquer) of 1..A attacking against 1..D defending: a header row, then one row per A."""
    header = ["attackers", *(str(d) for d in range(1, table.max_defenders + 1))]
    rows = [header]
    for a in range(1, table.max_attackers + 1):
        rows.append([str(a), *(f"{p:.6f}" for p in table.p_win[a, 1:].tolist())])
    return rows


def run_odds(args: argparse.Namespace) -> int:
    if args.attackers is None and args.table is None:
        raise CliError(_("give A D (one battle), --table MAX_A MAX_D, or both"))
    if args.attackers is not None and args.defenders is None:
        raise CliError(_("give the defenders too: riskboard odds A D"))
    if args.csv and args.table is None:
        raise CliError(_("--csv writes the table: give --table MAX_A MAX_D too"))
    rules = parse_rules(args.rules)
    try:
        if args.attackers is not None:
            print("\n".join(odds_lines(rb.battle_odds(args.attackers, args.defenders, rules=rules))))
        if args.table is not None:
            most_attackers, most_defenders = args.table
            rows = table_rows(rb.odds_table(most_attackers, most_defenders, rules=rules))
            if args.csv:
                with _output(args.csv, newline="") as out:
                    csv.writer(out).writerows(rows)
                if args.csv != "-":
                    print(f"wrote the {args.table[0]} × {args.table[1]} table to {args.csv}", file=sys.stderr)
            else:
                if args.attackers is not None:
                    print()
                print(f"P(the attacker conquers): attackers down, defenders across ({rules.describe()})")
                print(_text_table(rows))
    except ValueError as exc:  # sizes beyond the odds' bounds
        raise CliError(str(exc)) from None
    return 0


def _text_table(rows: list[list[str]]) -> str:
    head, *body = rows
    out = ["A\\D " + " ".join(f"{h:>5}" for h in head[1:])]
    out += [f"{row[0]:>3} " + " ".join(f"{float(x):5.3f}" for x in row[1:]) for row in body]
    return "\n".join(out)


@contextlib.contextmanager
def _output(path: str, newline: str | None = None) -> Iterator[IO[str]]:
    """A text file to write (``-``: stdout), with a one-line error if it cannot be opened."""
    if path == "-":
        yield sys.stdout
        return
    try:
        f = open(path, "w", encoding="utf-8", newline=newline)  # noqa: SIM115 (closed below)
    except OSError as exc:
        raise CliError(_("cannot write {path}: {value}").format(path=repr(path), value=exc.strerror or exc)) from None
    try:
        with f:
            yield f
    except OSError as exc:  # a full disk (/dev/full), a vanished drive: on write or on close
        raise CliError(_("cannot write {path}: {value}").format(path=repr(path), value=exc.strerror or exc)) from None


# -- bots ------------------------------------------------------------------------------------------


def load_bot(spec: str) -> Any:
    """A bot class (or factory) by name: ``random``, ``aggressive``, ``planner``, ``mcts``, or
    ``module:attr`` / ``path/to/file.py:attr`` for your own."""
    name = spec.strip()
    if not name:
        raise CliError(_("an empty bot name in --bots (e.g. --bots aggressive,random)"))
    if name.lower() in BUILT_IN_BOTS:
        found = getattr(rb.bots, BUILT_IN_BOTS[name.lower()], None)
        if found is None:
            have = ", ".join(k for k, v in BUILT_IN_BOTS.items() if hasattr(rb.bots, v))
            raise CliError(
                _("the {name} bot is not in this version of riskboard; available: {have}").format(name=name, have=have)
            )
        return found
    where, sep, attr = name.rpartition(":")
    if not sep or not where or not attr:
        known = ", ".join(BUILT_IN_BOTS)
        raise CliError(
            _("unknown bot {name}: use one of {known}, or module:attr / file.py:attr for your own").format(
                name=repr(name), known=known
            )
        )
    module = _load_module(where)
    try:
        return getattr(module, attr)
    except AttributeError:
        raise CliError(
            _("{where} has no {attr} (the bot class or factory to play)").format(where=repr(where), attr=repr(attr))
        ) from None


def _load_module(where: str) -> Any:
    """An importable module by name, or a ``.py`` file by path (imported under its file's name)."""
    if where.endswith(".py") or os.sep in where or "/" in where:
        path = Path(where)
        if not path.is_file():
            raise CliError(_("no bot file {where}").format(where=repr(where)))
        name = path.stem
        already = sys.modules.get(name)
        if already is not None:
            if Path(getattr(already, "__file__", "") or "").resolve() == path.resolve():
                return already
            raise CliError(
                _("a module named {name} is already imported: rename {where}").format(
                    name=repr(name), where=repr(where)
                )
            )
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise CliError(_("cannot import {where} as Python").format(where=repr(where)))
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # so its classes pickle by reference into worker processes
        try:
            spec.loader.exec_module(module)
        except KeyboardInterrupt:
            del sys.modules[name]
            raise
        except BaseException as exc:  # SyntaxError, a NUL byte, even sys.exit() at import: the file's fault
            del sys.modules[name]
            raise CliError(
                _("importing {where} failed: {kind}: {error}").format(
                    where=repr(where), kind=type(exc).__name__, error=exc
                )
            ) from None
        return module
    try:
        return importlib.import_module(where)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # not found, a relative name (TypeError), or the module failing
        raise CliError(
            _("cannot import the bot module {where}: {kind}: {error}").format(
                where=repr(where), kind=type(exc).__name__, error=exc
            )
        ) from None


def bot_names(text: str) -> list[str]:
    names = [b.strip() for b in text.split(",")]
    if not all(names):
        raise CliError(
            _("--bots is a comma-separated list of bots, e.g. aggressive,random; got {text}").format(text=repr(text))
        )
    return names


def _unique(names: Sequence[str]) -> list[str]:
    """Names with repeats numbered: ``aggressive, aggressive`` → ``aggressive, aggressive_2``."""
    seen: Counter[str] = Counter()
    out = []
    for n in names:
        seen[n] += 1
        out.append(n if seen[n] == 1 else f"{n}_{seen[n]}")
    return out


def _progress(total: int, quiet: bool, unit: str) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, disable=quiet, unit=unit, file=sys.stderr, leave=False, dynamic_ncols=True)


# -- simulate --------------------------------------------------------------------------------------


def run_simulate(args: argparse.Namespace) -> int:
    from riskboard.bots.entrants import classify

    _check_names(args)
    ruleset = rb.get_ruleset(args.ruleset)
    players = min(4, ruleset.max_players) if args.players is None else args.players
    if not 1 <= players <= len(PLAYER_NAMES):  # the edition checks its own limits below
        raise CliError(
            _("--players must be from 2 to {most} (this command names six seats), got {players}").format(
                most=len(PLAYER_NAMES), players=players
            )
        )
    if not 1 <= args.games <= MAX_GAMES:
        raise CliError(_("--games must be from 1 to {most:,}, got {games}").format(most=MAX_GAMES, games=args.games))
    if args.max_turns < 0:
        raise CliError(_("--max-turns must be 0 or more, got {max_turns}").format(max_turns=args.max_turns))
    names = bot_names(args.bots)
    entrants = [classify(n, load_bot(n)) for n in names]
    seats = list(PLAYER_NAMES[:players])
    seat_bots = [names[i % len(names)] for i in range(players)]
    records = Path(args.save_records) if args.save_records else None
    if records is not None:
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CliError(
                _("cannot make the records folder {folder}: {value}").format(
                    folder=repr(str(records)), value=exc.strerror or exc
                )
            ) from None
    rb.new_game(ruleset.name, players=seats, variant=args.variant, seed=args.seed)  # bad settings: refused up front
    wins: Counter[str] = Counter()
    turns = 0
    undecided = 0
    started = time.perf_counter()
    with _progress(args.games, args.quiet, "game") as bar:
        for g in range(args.games):
            seed = args.seed + g
            game = rb.new_game(ruleset.name, players=seats, variant=args.variant, seed=seed, lean=True)
            _play_simulated(game, entrants, seed, args.max_turns)
            wins.update(game.winners)
            undecided += not game.winners
            turns += game.turn
            if records is not None:
                where = records / f"game_{g + 1:05d}.json"
                try:
                    where.write_text(json.dumps(game.record()), encoding="utf-8")
                except OSError as exc:
                    raise CliError(
                        _("cannot write {path}: {value}").format(path=repr(str(where)), value=exc.strerror or exc)
                    ) from None
            bar.update(1)
    elapsed = time.perf_counter() - started
    print("\n".join(_simulate_summary(args, ruleset.name, seats, seat_bots, wins, undecided, turns, elapsed)))
    return 0


def _play_simulated(game: rb.Game, entrants: list[Any], seed: int, max_turns: int) -> None:
    """Play one game of ``simulate``: a bot that fails stops the command with one line naming it
    (``simulate`` has no forfeits; ``tournament`` does)."""
    where = f"the game with seed {seed}"
    bots = {}
    for i, player in enumerate(game.players):
        entrant = entrants[i % len(entrants)]
        try:
            bots[player] = entrant.make(seed * 8 + i)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:
            raise CliError(
                _("making the bot {name} for {where} raised {kind}: {error}").format(
                    name=entrant.name, where=where, kind=type(exc).__name__, error=exc
                )
            ) from None
    try:
        game.play(bots, max_turns=max_turns)
    except (KeyboardInterrupt, RiskboardError):
        raise
    except BaseException as exc:  # a bot's SystemExit, or what the engine raised on a bot's choice
        whose = _pending_player(game)
        raise CliError(
            f"{where} stopped on {whose}'s decision: {type(exc).__name__}: {exc}"
            + (" (a bot returned something that is not an action)" if isinstance(exc, Exception) else "")
        ) from None


def _pending_player(game: rb.Game) -> str:
    try:
        return str(game.pending.player)
    except Exception:
        return "a player"


def _simulate_summary(
    args: argparse.Namespace,
    ruleset: str,
    seats: list[str],
    seat_bots: list[str],
    wins: Counter[str],
    undecided: int,
    turns: int,
    elapsed: float,
) -> list[str]:
    n = args.games
    variant = f" ({args.variant})" if args.variant else ""
    lines = [
        f"{ruleset}{variant}: {n} game{'s' * (n != 1)} of {len(seats)} players, seeds {args.seed}..{args.seed + n - 1}, "
        f"at most {args.max_turns} turns each",
        f"{'seat':>4}  {'player':<6}  {'bot':<24} {'wins':>6}  {'share':>7}",
    ]
    for i, (player, bot) in enumerate(zip(seats, seat_bots), start=1):
        lines.append(f"{i:>4}  {player:<6}  {bot[:24]:<24} {wins[player]:>6}  {wins[player] / n:>7.1%}")
    by_bot: Counter[str] = Counter()
    seats_of: Counter[str] = Counter(seat_bots)
    for player, bot in zip(seats, seat_bots):
        by_bot[bot] += wins[player]
    lines.append(
        "by bot: "
        + "; ".join(
            f"{b} won {by_bot[b]} of {seats_of[b] * n} seat-games ({by_bot[b] / (seats_of[b] * n):.1%})"
            for b in seats_of
        )
    )
    if sum(wins.values()) > n - undecided:
        lines.append("(some games were won by more than one player together: each winner counts a win)")
    lines.append(f"no winner within the turn limit: {undecided} game{'s' * (undecided != 1)}")
    lines.append(f"mean turns {turns / n:.1f}; {n / elapsed:.1f} games/s ({elapsed:.2f} s)")
    if args.save_records:
        lines.append(f"records written to {args.save_records}")
    return lines


# -- tournament ------------------------------------------------------------------------------------


def _check_names(args: argparse.Namespace) -> None:
    """An empty ``--ruleset`` or ``--variant`` is a mistake, not a request for the default."""
    for option in ("ruleset", "variant"):
        value = getattr(args, option, None)
        if value is not None and not value.strip():
            raise CliError(_("--{option} needs a name (leave it out for the default)").format(option=option))


def run_tournament(args: argparse.Namespace) -> int:
    _check_names(args)
    names = bot_names(args.bots)
    if len(names) < 2:
        raise CliError(_("a tournament needs at least two bots, e.g. --bots aggressive,random"))
    bots = {key: load_bot(n) for key, n in zip(_unique(names), names)}
    if args.csv and args.csv != "-":
        _check_writable(args.csv)  # before the games, not after them
    kwargs: dict[str, Any] = {
        "ruleset": args.ruleset,
        "games": args.games,
        "seed": args.seed,
        "workers": args.workers,
        "max_turns": args.max_turns,
        "progress": not args.quiet,
        "time_limit": args.time_limit,
    }
    if args.players is not None:
        kwargs["players"] = args.players
    if args.variant is not None:
        kwargs["variant"] = args.variant
    client = None
    if args.scheduler is not None:
        if not args.scheduler.strip():
            raise CliError(_("--scheduler needs the address of a Dask scheduler, e.g. tcp://host:8786"))
        client = _dask_client(args.scheduler)
        kwargs["client"] = client
    from riskboard.tournaments import ForfeitWarning, TournamentInterrupted

    interrupted: KeyboardInterrupt | None = None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ForfeitWarning)  # the forfeits are printed below instead
            result = rb.tournament(bots, **kwargs)
    except TournamentInterrupted as stop:
        result, interrupted = stop.result, stop
    finally:
        if client is not None:
            with contextlib.suppress(Exception):
                client.close()
    print(result)
    if len(result.forfeits):
        print(f"\nforfeited games: {len(result.forfeits)}")
        for row in result.forfeits.head(FORFEITS_SHOWN).itertuples(index=False):
            print(f"  game {row.game}: {row.bot if isinstance(row.bot, str) else '(no bot named)'}: {row.error}")
        if len(result.forfeits) > FORFEITS_SHOWN:
            print(f"  ... and {len(result.forfeits) - FORFEITS_SHOWN} more")
    _write_standings(args, result)
    if interrupted is not None:
        n = len(result.games)
        print(
            f"riskboard tournament: interrupted after {n} of {result.planned} games; the standings count those only",
            file=sys.stderr,
        )
        raise interrupted
    return 0


def _check_writable(path: str) -> None:
    """``CliError`` now if ``path`` cannot be a file to write (a folder, or in a missing one)."""
    target = Path(path)
    if target.is_dir():
        raise CliError(_("cannot write {path}: it is a folder").format(path=repr(path)))
    if not target.parent.is_dir():
        raise CliError(
            _("cannot write {path}: no folder {folder}").format(path=repr(path), folder=repr(str(target.parent)))
        )


def _write_standings(args: argparse.Namespace, result: Any) -> None:
    if args.csv:
        if args.csv == "-":
            result.table.to_csv(sys.stdout)
        else:
            try:
                result.to_csv(args.csv)
            except OSError as exc:
                raise CliError(
                    _("cannot write {path}: {value}").format(path=repr(args.csv), value=exc.strerror or exc)
                ) from None
            print(f"wrote the table to {args.csv}", file=sys.stderr)


def _dask_client(address: str) -> Any:
    try:
        from dask.distributed import Client
    except ImportError:
        raise CliError(_("--scheduler needs dask.distributed: pip install 'riskboard[dask]'")) from None
    try:
        return Client(address, timeout="10s")
    except Exception as exc:  # a malformed address (ValueError, TypeError), refused, unreachable, ...
        raise CliError(
            _("cannot reach the Dask scheduler at {address}: {kind}: {error}").format(
                address=repr(address), kind=type(exc).__name__, error=exc
            )
        ) from None


def _seconds_arg(text: str) -> float | None:
    """An argparse type: a positive number of seconds, or ``none`` for no limit."""
    if text.strip().lower() in ("none", "off"):
        return None
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds (e.g. 2.5) or none, got {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds or none, got {text!r}")
    return value


# -- render ----------------------------------------------------------------------------------------


def read_game(path: str) -> rb.Game:
    """A saved game (``game.save`` / ``to_json``) or a record (``game.record()``, replayed)."""
    try:  # bytes, and a bounded read: /dev/zero must not fill memory, nor a huge file be decoded
        if path == "-":
            stream = getattr(sys.stdin, "buffer", sys.stdin)
            raw = stream.read(MAX_TEXT + 1)
        else:
            with open(path, "rb") as f:
                raw = f.read(MAX_TEXT + 1)
    except OSError as exc:
        raise CliError(_("cannot read {path}: {value}").format(path=repr(path), value=exc.strerror or exc)) from None
    if len(raw) > MAX_TEXT:
        raise CliError(
            _("{path} is larger than {value} MB, which no saved game or record is").format(
                path=repr(path), value=MAX_TEXT // 2**20
            )
        )
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise CliError(
            _("{path} is not a text file (a saved game or record is JSON)").format(path=repr(path))
        ) from None
    if "\x00" in text:
        raise CliError(_("{path} is not a text file (a saved game or record is JSON)").format(path=repr(path)))
    try:  # the engine's reading: too large, too deep, NaN, endless digits are all refused
        data = parse_json(text, repr(path))
    except RiskboardError as exc:
        raise CliError(str(exc)) from None
    kind = data.get("format") if isinstance(data, dict) else None
    if kind not in (GAME_FORMAT, RECORD_FORMAT):
        raise CliError(
            _(
                "{path} is neither a saved riskboard game nor a record (their 'format' is {game} or {record}, this file's is {kind})"
            ).format(path=repr(path), game=repr(GAME_FORMAT), record=repr(RECORD_FORMAT), kind=repr(kind))
        )
    try:
        return rb.replay(data) if kind == RECORD_FORMAT else rb.Game.from_json(text)
    except RiskboardError as exc:
        raise CliError(_("{path}: {error}").format(path=repr(path), error=exc)) from None
    except (KeyboardInterrupt, MemoryError):
        raise
    except Exception as exc:  # a check the loader missed: still the file's fault, not a crash
        raise CliError(
            _("{path} is not a game riskboard can read ({kind}: {error})").format(
                path=repr(path), kind=type(exc).__name__, error=exc
            )
        ) from None


def run_render(args: argparse.Namespace) -> int:
    game = read_game(args.file)
    # the picture holds nothing hidden from any player: it is what every player, --player too, sees
    if args.player is not None and args.player not in game.players:
        raise CliError(
            _("--player {player} is not in this game: {names}").format(
                player=repr(args.player), names=", ".join(game.players)
            )
        )
    try:
        svg = str(rb.render_svg(game))
    except ValueError as exc:  # a map without geometry
        raise CliError(str(exc)) from None
    with _output(args.output) as out:
        out.write(svg)
        if args.output == "-":
            out.write("\n")
    if args.output != "-":
        print(f"wrote {args.output}", file=sys.stderr)
    return 0


# -- the parser ------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="riskboard",
        description="The game of world conquest from the command line: exact battle odds, bot games, "
        "tournaments and pictures of saved games.",
        epilog="Each command has its own --help, e.g. riskboard odds --help.",
    )
    parser.add_argument("--version", action="version", version=f"riskboard {rb.__version__}")
    parser.add_argument(
        "--language",
        choices=LANGUAGES,
        default=None,
        help="the language of what the command says: en, de, sv or ja (default: English, or rb.set_language's)",
    )
    quiet = _Parser(add_help=False)
    quiet.add_argument("--quiet", "-q", action="store_true", help="no progress bar on stderr")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    raw = argparse.RawDescriptionHelpFormatter

    odds = commands.add_parser(
        "odds",
        help="exact odds of a battle, or a table of them",
        formatter_class=raw,
        description="Exact whole-battle odds, both sides always rolling the most dice allowed: the\n"
        "attacker's chance to conquer, the expected losses, and how the battle ends as a chart.\n"
        "A counts the armies that may attack (a territory of 10 attacks with 9).\n\n"
        "examples:\n"
        "  riskboard odds 10 10\n"
        "  riskboard odds 10 10 --rules defence_dice=3 ties=attacker\n"
        "  riskboard odds --table 20 20 --csv odds.csv",
    )
    odds.add_argument("attackers", metavar="A", nargs="?", type=_count_arg, help="attacking armies (that may roll)")
    odds.add_argument("defenders", metavar="D", nargs="?", type=_count_arg, help="defending armies")
    odds.add_argument(
        "--rules",
        nargs="+",
        action="extend",
        metavar="KEY=VALUE",
        help=f"house rules of the dice: {', '.join(DICE_RULES)} (ties=defender|attacker)",
    )
    odds.add_argument(
        "--table",
        nargs=2,
        type=_count_arg,
        metavar=("MAX_A", "MAX_D"),
        help="also the table of P(conquer) for 1..MAX_A attacking against 1..MAX_D defending",
    )
    odds.add_argument("--csv", metavar="FILE", help="write the --table as CSV to FILE (- for stdout)")
    odds.set_defaults(run=run_odds)

    simulate = commands.add_parser(
        "simulate",
        parents=[quiet],
        help="play games between bots and count the wins",
        formatter_class=raw,
        description="Play N games between bots, seat i taking the i-th bot of --bots (repeated round\n"
        "the table), game g with seed S + g; prints the wins per seat and per bot, the mean\n"
        "number of turns and the games per second.\n\n"
        "example:\n"
        "  riskboard simulate --ruleset classic --players 4 --bots aggressive,random --games 20 --seed 1",
    )
    simulate.add_argument("--ruleset", default="classic", help="the edition: classic, risk2010, balance_of_power, ...")
    simulate.add_argument("--players", type=int, help="how many players (default 4, or the edition's most if fewer)")
    simulate.add_argument("--variant", help="the edition's variant, e.g. secret_missions or two_player")
    simulate.add_argument(
        "--bots",
        default="aggressive",
        help="comma-separated bots: random, aggressive, planner, mcts, or module:attr / file.py:attr",
    )
    simulate.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    simulate.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    simulate.add_argument("--max-turns", type=int, default=1000, help="player turns before a game is a draw")
    simulate.add_argument("--save-records", metavar="DIR", help="write each game's record as JSON into DIR")
    simulate.set_defaults(run=run_simulate)

    tournament = commands.add_parser(
        "tournament",
        parents=[quiet],
        help="a seeded tournament between bots (rb.tournament)",
        formatter_class=raw,
        description="Play a tournament between bots with rb.tournament: seats rotated fairly, seeded\n"
        "games, in worker processes or on a Dask cluster; prints the standings (wins, win rates\n"
        "with intervals, ratings).\n\n"
        "A bot that raises, plays an illegal move, takes longer than --time-limit over one\n"
        "decision or ends its worker process forfeits that game (listed after the standings);\n"
        "Ctrl-C stops at once and prints the standings of the games that finished.\n\n"
        "examples:\n"
        "  riskboard tournament --ruleset classic --bots aggressive,random --games 100 --seed 1\n"
        "  riskboard tournament --bots aggressive,mybots.py:Clever --games 200 --csv table.csv\n"
        "  riskboard tournament --bots aggressive,random --scheduler tcp://10.0.0.5:8786",
    )
    tournament.add_argument("--ruleset", default="classic", help="the edition (default classic)")
    tournament.add_argument("--variant", help="the edition's variant")
    tournament.add_argument(
        "--bots",
        required=True,
        help="comma-separated bots: random, aggressive, planner, mcts, or module:attr / file.py:attr",
    )
    tournament.add_argument("--players", type=int, help="bots seated per game (default: all of them)")
    tournament.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    tournament.add_argument("--seed", type=int, default=1, help="the tournament's seed (default 1)")
    tournament.add_argument("--workers", type=int, help="worker processes (default: every core; 1: this process)")
    tournament.add_argument("--max-turns", type=int, default=1000, help="player turns before a game is a draw")
    tournament.add_argument("--csv", metavar="FILE", help="write the standings as CSV to FILE (- for stdout)")
    tournament.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler, e.g. tcp://host:8786")
    tournament.add_argument(
        "--time-limit",
        type=_seconds_arg,
        default=DEFAULT_TIME_LIMIT,
        metavar="SECONDS",
        help=f"seconds a bot may take over one decision before it forfeits the game (default {DEFAULT_TIME_LIMIT:g}; "
        "none: no limit)",
    )
    tournament.set_defaults(run=run_tournament)

    render = commands.add_parser(
        "render",
        help="draw a saved game or a record as SVG",
        formatter_class=raw,
        description="Draw the position of a saved game (game.save / to_json) or of a record\n"
        "(game.record(), replayed to its end) as a static SVG picture.\n\n"
        "examples:\n"
        "  riskboard render saved.json -o board.svg\n"
        "  riskboard render record.json -o - > board.svg",
    )
    render.add_argument("file", metavar="FILE", help="a saved game or a record (JSON); - reads stdin")
    render.add_argument(
        "-o", "--output", default="board.svg", help="the SVG file to write (default board.svg; - stdout)"
    )
    render.add_argument(
        "--player",
        metavar="NAME",
        help="draw what this player may see (the picture shows nothing hidden, so every player sees it)",
    )
    render.set_defaults(run=run_render)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line on ``argv`` (default ``sys.argv[1:]``) and return the exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error (argparse printed it)
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    with using(args.language):  # the command and its messages, errors included
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    """The command ``args`` names, its failures as exit codes (``main`` says which)."""
    try:
        return int(args.run(args))
    except (CliError, RiskboardError) as exc:
        print(
            _("riskboard {command}: error: {message}").format(command=args.command, message=_one_line(exc)),
            file=sys.stderr,
        )
        return 2
    except KeyboardInterrupt as exc:
        if getattr(exc, "result", None) is None:  # a tournament printed its finished games and said so
            print(_("riskboard {command}: interrupted").format(command=args.command), file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. riskboard odds --table 100 100 | head
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (silences the interpreter's final flush)
        return 0
    except Exception as exc:  # riskboard's own failure: still one line, and a way to see more
        if os.environ.get(DEBUG_ENV):
            traceback.print_exc()
        print(
            f"riskboard {args.command}: internal error: {type(exc).__name__}: {_one_line(exc)} "
            f"(a bug in riskboard: please report it with the command line; {DEBUG_ENV}=1 shows the traceback)",
            file=sys.stderr,
        )
        return 1
