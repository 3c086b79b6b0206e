"""``armies_over_time``: how a game went, as each owner's armies and territories turn by turn.

The states come from ``Game.states()``, which rebuilds them from the record (so a game that keeps
no undo history, or a lean one, draws too); only the state at the end of each turn is kept.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

import svgwrite

from riskboard.engine.game import Game
from riskboard.engine.state import GameState
from riskboard.i18n import _, ngettext
from riskboard.registry import replay
from riskboard.render.extras import listed
from riskboard.render.palette import owner_colours
from riskboard.teaching.chart import (
    GRID,
    INK,
    LIGHT,
    MUTED,
    WIDTH,
    Chart,
    drawing,
    fmt,
    heading,
    luminance,
    text,
    whole_ticks,
)

PER = ("turn", "action")
"""Where the lines take a point: after every player turn, or after every action."""
DASHES = ("", "7 3", "2 3", "9 3 2 3", "4 4", "1 2", "12 4")
"""A dash pattern per owner, so that lines whose colours look alike still differ."""
LEFT, RIGHT, TOP = 62.0, 150.0, 64.0
PANELS = (("armies", 250.0), ("territories", 170.0))
"""Each panel's measure and height in pixels, top to bottom."""
GAP = 58.0
"""Room under each panel for its axis numbers and name."""
MOST_POINTS = 240
"""Lines with more points than this draw only their last point as a dot (the picture stays small)."""


class Sample(NamedTuple):
    """One point along the lines: when (turn or action number) and each owner's counts."""

    at: int
    armies: tuple[int, ...]
    territories: tuple[int, ...]


def _game(game_or_record: object) -> Game:
    if isinstance(game_or_record, Game):
        return game_or_record
    if isinstance(game_or_record, (Mapping, str, bytes)):
        return replay(game_or_record)  # a FormatError says what is wrong with a bad record
    raise TypeError(
        f"armies_over_time needs a game or its record (game.record(), a dict or its JSON text), "
        f"got {type(game_or_record).__name__}"
    )


def _counts(state: GameState, owners: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    armies = [0] * owners
    held = [0] * owners
    for o, n in zip(state.owner, state.armies):
        if o >= 0:
            armies[o] += n
            held[o] += 1
    return tuple(armies), tuple(held)


def samples(game: Game, per: str = "turn") -> list[Sample]:
    """Each owner's armies and territories at the end of every turn (turn 0: the setup, where
    there is one), and last the game's current position if a turn is under way or the game ended
    in one; or after every action (``per="action"``, the first point the initial position)."""
    if per not in PER:
        raise ValueError(
            _("per must be one of {choices}, got {per}").format(choices=", ".join(map(repr, PER)), per=repr(per))
        )
    owners = len(game.config.owners)
    out: list[Sample] = []
    before: GameState | None = None
    ended_turn = False  # the last state taken ended a turn
    for n, state in enumerate(game.states()):
        if per == "action":
            out.append(Sample(n, *_counts(state, owners)))
        elif before is not None:
            ended_turn = state.turn != before.turn
            if ended_turn:
                out.append(Sample(before.turn, *_counts(state, owners)))  # after the action that ended a turn
        before = state
    if before != game.state:
        raise ValueError(_("the game's actions do not lead to its current state: it cannot be drawn"))
    if per == "turn" and not ended_turn:
        assert before is not None
        out.append(Sample(before.turn, *_counts(before, owners)))  # a turn under way, or the game's last
    return out


def armies_over_time(game_or_record: Game | Mapping[str, Any] | str, *, per: str = "turn") -> Chart:
    """Each owner's armies (top) and territories (below) after every player turn of a game, from
    the game itself or its record (``game.record()``, a dict or its JSON text); neutral armies
    too, every owner in its board colour. ``per="action"`` takes a point after every action
    instead. Hover a point for its numbers.

    >>> import riskboard as rb
    >>> game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=1)
    >>> _ = game.play({p: rb.bots.Aggressive(seed=1) for p in game.players}, max_turns=6)
    >>> svg = rb.armies_over_time(game)
    >>> svg.count('class="last"')  # a last dot per owner on each panel: its counts now
    6
    >>> f'data-armies="{game.stats()["Ada"]["armies"]}" data-owner="Ada"' in svg
    True
    """
    game = _game(game_or_record)
    points = samples(game, per)
    cfg = game.config
    owners = cfg.owners
    colours = owner_colours(cfg)
    height = TOP + sum(h + GAP for _, h in PANELS) - 10
    edition = _(game.ruleset.presentation.title) if game.ruleset.presentation.title else game.ruleset.name
    if per == "turn":
        title = _("{title}: armies and territories by turn").format(title=edition)
    else:
        title = _("{title}: armies and territories by action").format(title=edition)
    dwg = drawing(WIDTH, height, title)
    ended = _("won by {players}").format(players=listed(game.winners)) if game.is_over else _("still going")
    if per == "action":
        x_name = _("actions")
    else:
        x_name = _("player turns (0: the setup)") if points[0].at == 0 else _("player turns")
    steps = _("after {turns} ({actions})").format(
        turns=ngettext("{n} turn", "{n} turns", game.turn).format(n=game.turn),
        actions=ngettext("{n} action", "{n} actions", len(game.actions)).format(n=len(game.actions)),
    )
    heading(
        dwg,
        _("Who held what, turn by turn") if per == "turn" else _("Who held what, action by action"),
        _short(f"{ended} {steps}; {edition}"),
    )
    first, end = points[0].at, max(points[-1].at, points[0].at + 1)
    plot_w = WIDTH - LEFT - RIGHT

    def x_of(at: int) -> float:
        return LEFT + plot_w * (at - first) / (end - first)

    y = TOP
    for measure, h in PANELS:
        values = [getattr(s, measure) for s in points]
        top_value = max(max(v) for v in values) or 1
        ticks = whole_ticks(top_value, 6)
        scale = ticks[-1]

        def y_of(v: float, y: float = y, h: float = h, scale: int = scale) -> float:
            return y + h - h * v / scale

        _frame(dwg, measure, ticks, x_of, y_of, (first, end), y + h, x_name)
        group = dwg.add(dwg.g(class_=f"panel {measure}", fill="none", stroke_width=2, stroke_linejoin="round"))
        for o, owner in enumerate(owners):
            line = [(fmt(x_of(s.at)), fmt(y_of(v[o]))) for s, v in zip(points, values)]
            dashes = DASHES[o % len(DASHES)]
            if luminance(colours[owner]) > LIGHT:  # a pale line (yellow, beige) on a darker edge, to be seen on white
                edge = group.add(dwg.polyline(points=line, stroke=MUTED, stroke_width=3.6, class_="edge"))
                if dashes:
                    edge.attribs["stroke-dasharray"] = dashes
            polyline = dwg.polyline(points=line, stroke=colours[owner])
            polyline.attribs.update({"data-owner": owner, "data-measure": measure})
            if dashes:
                polyline.attribs["stroke-dasharray"] = dashes
            group.add(polyline)
        _dots(dwg, points, measure, owners, colours, x_of, y_of, per)
        y += h + GAP
    _legend(dwg, owners, colours, points[-1], WIDTH - RIGHT + 18, TOP)
    return Chart(dwg.tostring())


def _short(line: str, most: int = 110) -> str:
    """``line`` cut to fit the picture's width."""
    return line if len(line) <= most else line[: most - 1].rstrip(" ,;") + "…"


def _frame(
    dwg: svgwrite.Drawing,
    measure: str,
    ticks: Sequence[int],
    x_of: Callable[[int], float],
    y_of: Callable[[float], float],
    span: tuple[int, int],
    bottom: float,
    x_name: str,
) -> None:
    """A panel's grid lines, its numbers on both axes and their names."""
    left, right = x_of(span[0]), x_of(span[1])
    for t in ticks:
        ty = y_of(t)
        dwg.add(dwg.line(start=(fmt(left), fmt(ty)), end=(fmt(right), fmt(ty)), stroke=GRID))
        dwg.add(text(dwg, str(t), left - 6, ty + 4, size=11, anchor="end"))
    for t in whole_ticks(span[1], 10):
        if span[0] <= t <= span[1]:
            dwg.add(text(dwg, str(t), x_of(t), bottom + 15, size=11, anchor="middle"))
    dwg.add(dwg.line(start=(fmt(left), fmt(bottom)), end=(fmt(right), fmt(bottom)), stroke=INK))
    dwg.add(text(dwg, x_name, (left + right) / 2, bottom + 33, size=12, anchor="middle", fill=MUTED))
    name = _("armies") if measure == "armies" else _("territories")
    dwg.add(text(dwg, name, 20, (y_of(0) + y_of(ticks[-1])) / 2, size=13, anchor="middle", rotate=True))


def _dots(
    dwg: svgwrite.Drawing,
    points: Sequence[Sample],
    measure: str,
    owners: Sequence[str],
    colours: Mapping[str, str],
    x_of: Callable[[int], float],
    y_of: Callable[[float], float],
    per: str,
) -> None:
    """A dot per point with its numbers as a tooltip (only the last points on a long game's lines)."""
    shown = points if len(points) <= MOST_POINTS else points[-1:]
    group = dwg.add(dwg.g(class_=f"points {measure}", stroke="#FFFFFF", stroke_width=0.8))
    for s in shown:
        last = s is points[-1]
        for o, owner in enumerate(owners):
            v = getattr(s, measure)[o]
            dot = dwg.circle(center=(fmt(x_of(s.at)), fmt(y_of(v))), r=4 if last else 2.6, fill=colours[owner])
            if per != "turn":
                when = _("after action {n}").format(n=s.at)
            else:
                when = _("after the setup") if s.at == 0 else _("after turn {n}").format(n=s.at)
            dot.attribs.update(
                {
                    "data-owner": owner,
                    f"data-{per}": s.at,
                    "data-armies": s.armies[o],
                    "data-territories": s.territories[o],
                }
            )
            if last:
                dot.attribs["class"] = "last"
            if luminance(colours[owner]) > LIGHT:
                dot.attribs["stroke"] = MUTED
            dot.set_desc(
                title=_("{owner} {when}: {armies} on {territories}").format(
                    owner=owner,
                    when=when,
                    armies=ngettext("{n} army", "{n} armies", s.armies[o]).format(n=s.armies[o]),
                    territories=ngettext("{n} territory", "{n} territories", s.territories[o]).format(
                        n=s.territories[o]
                    ),
                )
            )
            group.add(dot)


def _legend(
    dwg: svgwrite.Drawing, owners: Sequence[str], colours: Mapping[str, str], last: Sample, x: float, y: float
) -> None:
    """Each owner's line, name and final counts, strongest first."""
    dwg.add(text(dwg, _("at the end"), x, y + 4, size=12, fill=MUTED))
    order = sorted(range(len(owners)), key=lambda o: (-last.armies[o], o))
    for row, o in enumerate(order):
        ly = y + 24 + row * 44
        dashes = DASHES[o % len(DASHES)]
        if luminance(colours[owners[o]]) > LIGHT:
            edge = dwg.add(dwg.line(start=(x, ly), end=(x + 26, ly), stroke=MUTED, stroke_width=4.6))
            if dashes:
                edge.attribs["stroke-dasharray"] = dashes
        line = dwg.line(start=(x, ly), end=(x + 26, ly), stroke=colours[owners[o]], stroke_width=3)
        if dashes:
            line.attribs["stroke-dasharray"] = dashes
        dwg.add(line)
        dwg.add(text(dwg, owners[o], x + 32, ly + 4, size=12))
        dwg.add(text(dwg, f"{last.armies[o]} armies", x + 32, ly + 18, size=10, fill=MUTED))
        dwg.add(text(dwg, f"{last.territories[o]} territories", x + 32, ly + 30, size=10, fill=MUTED))
