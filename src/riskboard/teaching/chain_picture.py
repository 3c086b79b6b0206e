"""``chain_picture``: a battle's Markov chain drawn as a graph a class can follow throw by throw.

Each state ``(a, d)`` is a circle on a grid, attackers up the side and defenders along the bottom,
so the start sits top right and every throw moves down, left or both; the conquests line the
left edge and the defences the bottom. An arrow is one throw's outcome with its probability. A
transient state is shaded by the chance that the battle passes through it (in an acyclic chain
that is the fundamental matrix's entry ``N[start, state]``), an absorbing one by the chance that
the battle ends there (``B[start, state]``).

The picture lives here, above ``riskboard.analysis`` where ``BattleChain`` computes the numbers,
because the layers let pictures import numbers and never the other way round.
"""

from __future__ import annotations

import math

import svgwrite

from riskboard.analysis.chain import PICTURED, BattleChain, State, state_label
from riskboard.i18n import _, format_chance, format_number
from riskboard.render.palette import text_colour
from riskboard.teaching.chart import INK, MUTED, WIDTH, Chart, drawing, fmt, heading, mix, text

MOST = PICTURED
"""The most attackers or defenders a chain picture shows (169 states, each still readable)."""
ATTACKER = "#0072B2"
"""The attacker's conquests, blue (as in ``rb.battle_odds``' chart)."""
DEFENDER = "#D55E00"
"""The defender's holds, orange."""
TRANSIENT = "#6A6A6A"
LEFT, TOP, BOTTOM = 70.0, 76.0, 62.0
"""Room around the grid: the axis names left and below, the title above."""


def chain_picture(chain: BattleChain, *, title: str | None = None) -> Chart:
    """The chain of ``chain`` (``rb.battle_chain(a, d)``) as a picture: states on an (a, d) grid,
    arrows for one throw's outcomes with their probabilities, each state shaded by how likely the
    battle is to pass through (or end in) it. Hover a state or an arrow for its exact numbers.

    >>> import riskboard as rb
    >>> svg = rb.chain_picture(rb.battle_chain(3, 2))
    >>> svg.count("data-state="), svg.count('class="throw"')  # 9 states, 3 + 2 + 2 + 2 arrows
    (9, 9)
    """
    if not isinstance(chain, BattleChain):
        raise TypeError(
            _("chain_picture draws a battle's chain, e.g. rb.chain_picture(rb.battle_chain(5, 3)), got {kind}").format(
                kind=type(chain).__name__
            )
        )
    if chain.attackers > MOST or chain.defenders > MOST:
        raise ValueError(
            _(
                "a chain picture shows battles of up to {most} v {most}, got {attackers} v {defenders}: "
                "draw rb.odds_heatmap for bigger battles"
            ).format(most=MOST, attackers=chain.attackers, defenders=chain.defenders)
        )
    na, nd = chain.attackers, chain.defenders
    cell = min(110.0, (WIDTH - LEFT - 60) / (nd + 1), 620 / (na + 1))
    radius = cell * 0.3
    height = TOP + cell * (na + 1) + BOTTOM
    width = WIDTH
    label = title or _("The battle of {attackers} v {defenders} as a Markov chain").format(attackers=na, defenders=nd)
    dwg = drawing(width, height, label)
    subtitle = _(
        "Each arrow is one throw; a state's shade is the chance the battle passes through it (P(conquer) = {p})"
    ).format(p=format_chance(float(chain.p_win), 1))
    heading(dwg, label, subtitle)
    if chain.attacker_leader or chain.defender_leader:
        dwg.add(text(dwg, _("★: that side's leader still fights"), 16, 61, fill=MUTED))

    places: dict[tuple[int, ...], list[State]] = {}
    for state in chain.states:  # with leaders, a place may hold two states: leader in, leader out
        places.setdefault(state[:2], []).append(state)

    def centre(state: State) -> tuple[float, float]:
        a, d = state[:2]
        shared = places[state[:2]]
        shift = (shared.index(state) - (len(shared) - 1) / 2) * cell * 0.44
        return LEFT + cell * (d + 0.5) + shift, TOP + cell * (na - a + 0.5) + shift * 0.5

    def size(state: State) -> float:
        return radius if len(places[state[:2]]) == 1 else cell * 0.21

    visits = {s: float(p) for s, p in zip(chain.transient, chain.fundamental[0])}
    ends = {s: float(p) for s, p in zip(chain.absorbing, chain.absorption.to_numpy()[0])}
    arrows = dwg.add(dwg.g(class_="throws"))
    numbers = len(chain.states) <= 60
    for i, state in enumerate(chain.transient):
        for j, nxt in enumerate(chain.states):
            p = chain.transition[i, j]
            if p and nxt != state:
                ends_at = (centre(state), centre(nxt), size(state), size(nxt), cell)
                _arrow(dwg, arrows, ends_at, state, nxt, p, chain, numbers)
    nodes = dwg.add(dwg.g(class_="states"))
    for state in chain.states:
        _node(dwg, nodes, state, centre(state), size(state), visits, ends)
    _axes(dwg, na, nd, cell, centre)
    return Chart(dwg.tostring())


def _arrow(
    dwg: svgwrite.Drawing,
    group: svgwrite.container.Group,
    ends_at: tuple[tuple[float, float], tuple[float, float], float, float, float],
    state: State,
    nxt: State,
    p: object,
    chain: BattleChain,
    numbers: bool,
) -> None:
    """One throw's outcome: a line from circle to circle (a curve, bowed up or right, where it
    would pass over a state between them), an arrowhead, the probability beside it. ``ends_at``:
    the two centres, the two radii and the grid's cell."""
    (x1, y1), (x2, y2), r1, r2, cell = ends_at
    length = math.hypot(x2 - x1, y2 - y1)
    # a straight line, unless it would run over the states between: then a curve bowed outwards
    straight = (x1 != x2 and y1 != y2) or length < 1.5 * cell
    bow = (0.0, -1.0) if y1 == y2 else (1.0, 0.0)
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    if not straight:
        cx, cy = cx + bow[0] * length * 0.22, cy + bow[1] * length * 0.22
    ux, uy = _unit(x1, y1, cx, cy) if not straight else _unit(x1, y1, x2, y2)
    sx, sy = x1 + ux * r1, y1 + uy * r1
    vx, vy = _unit(cx, cy, x2, y2) if not straight else (ux, uy)
    ex, ey = x2 - vx * (r2 + 2), y2 - vy * (r2 + 2)
    chance = float(p)  # type: ignore[arg-type]
    shown = str(p) if chain.exact else format_number(chance, 3)
    arrow = dwg.g(class_="throw")
    arrow.attribs.update({"data-from": state_label(state), "data-to": state_label(nxt), "data-p": repr(chance)})
    width = 1 + 3 * chance
    if straight:
        arrow.add(dwg.line((fmt(sx), fmt(sy)), (fmt(ex), fmt(ey)), stroke=MUTED, stroke_width=fmt(width)))
    else:
        path = f"M{fmt(sx)} {fmt(sy)}Q{fmt(cx)} {fmt(cy)} {fmt(ex)} {fmt(ey)}"
        arrow.add(dwg.path(d=path, fill="none", stroke=MUTED, stroke_width=fmt(width)))
    head = 7 + 2 * width
    px, py = -vy, vx
    points = [
        (ex + vx * 2, ey + vy * 2),
        (ex - vx * head + px * head / 2.2, ey - vy * head + py * head / 2.2),
        (ex - vx * head - px * head / 2.2, ey - vy * head - py * head / 2.2),
    ]
    arrow.add(dwg.polygon([(fmt(x), fmt(y)) for x, y in points], fill=MUTED))
    arrow.set_desc(
        title=_("from {state} one throw leads to {next} with probability {p}").format(
            state=state_label(state), next=state_label(nxt), p=f"{shown} ({format_chance(chance, 1)})"
        )
    )
    if numbers:
        if straight:
            # a third of the way along, so that labels of arrows into one state do not meet
            mx, my = (2 * sx + ex) / 3 - uy * 10, (2 * sy + ey) / 3 + ux * 10
        else:  # on the curve a third of the way along, a little outside it
            t = 1 / 3
            mx = (1 - t) ** 2 * sx + 2 * t * (1 - t) * cx + t**2 * ex + bow[0] * 16
            my = (1 - t) ** 2 * sy + 2 * t * (1 - t) * cy + t**2 * ey + bow[1] * 10
        arrow.add(text(dwg, format_number(chance, 2), mx, my + 4, size=13, anchor="middle", fill=INK))
    group.add(arrow)


def _unit(x1: float, y1: float, x2: float, y2: float) -> tuple[float, float]:
    """The unit vector from one point towards another."""
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    return (x2 - x1) / length, (y2 - y1) / length


def _node(
    dwg: svgwrite.Drawing,
    group: svgwrite.container.Group,
    state: State,
    at: tuple[float, float],
    radius: float,
    visits: dict[State, float],
    ends: dict[State, float],
) -> None:
    """One state: a circle shaded by its chance, its label "a v d" inside."""
    d = state[1]
    if state in visits:
        chance, colour, kind = visits[state], TRANSIENT, "transient"
        said = _("{state}: the battle passes through it with probability {p}")
    else:
        chance, colour, kind = ends[state], ATTACKER if d == 0 else DEFENDER, "conquest" if d == 0 else "defence"
        said = _("{state}: the battle ends here with probability {p}")
    fill = mix("#FFFFFF", colour, 0.15 + 0.85 * min(chance, 1.0))
    circle = dwg.circle(center=(fmt(at[0]), fmt(at[1])), r=fmt(radius), fill=fill, stroke=colour, stroke_width=2)
    circle.attribs.update({"data-state": state_label(state), "data-kind": kind, "data-p": repr(chance)})
    circle.set_desc(title=said.format(state=state_label(state), p=format_chance(chance, 2)))
    group.add(circle)
    size = min(16.0, 2.8 * radius / max(len(state_label(state)), 1))  # the label fits its circle
    words = text(
        dwg, state_label(state), at[0], at[1] + size * 0.36, size=size, anchor="middle", fill=text_colour(fill)
    )
    words.attribs["pointer-events"] = "none"
    group.add(words)


def _axes(dwg: svgwrite.Drawing, na: int, nd: int, cell: float, centre: object) -> None:
    """The armies along both sides and the axes' names, big enough for a projector."""
    bottom = TOP + cell * (na + 1)
    for d in range(nd + 1):
        dwg.add(text(dwg, str(d), LEFT + cell * (d + 0.5), bottom + 20, size=15, anchor="middle"))
    for a in range(na + 1):
        dwg.add(text(dwg, str(a), LEFT - 12, TOP + cell * (na - a + 0.5) + 5, size=15, anchor="end"))
    dwg.add(text(dwg, _("defending armies"), LEFT + cell * (nd + 1) / 2, bottom + 46, size=15, anchor="middle"))
    dwg.add(text(dwg, _("attacking armies"), 22, TOP + cell * (na + 1) / 2, size=15, anchor="middle", rotate=True))
