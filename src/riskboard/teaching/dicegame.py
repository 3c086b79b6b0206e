"""``dice_game_heatmap``: where the defender of a solved dice game should roll fewer dice.

Left, a cell per state of the battle (attackers up the side, defenders along the bottom), coloured
by the share of the attacker's throws (at its best number of dice, weighted by their chance) after
which the defender's best answer is fewer dice than it may roll. Right, for one state, the
attacker's two highest dice: a square per pair, coloured by the share of throws with that pair
after which the defender rolls fewer dice. A class reads off the rule "against a high pair, one
die" and sees where it holds.
"""

from __future__ import annotations

from fractions import Fraction

import svgwrite

from riskboard.analysis import DiceGame
from riskboard.analysis.exact import side
from riskboard.i18n import _, format_percent
from riskboard.render.palette import text_colour
from riskboard.teaching.chart import INK, MUTED, WIDTH, Chart, drawing, fmt, heading, mix, text

MOST = 30
"""The most attackers or defenders the picture shows (a bigger game's corner is drawn)."""
NONE, ALL = "#F7F7F7", "#4B2991"
"""The colours of "never fewer dice" and "always fewer dice" (the odds heatmap's defender purple)."""
STOPPED = "#BBBBBB"
"""A state where the attacker stops."""
TOP, LEFT, BOTTOM = 62.0, 60.0, 56.0
PANEL = 290.0
"""The right panel's width (the pairs of the attacker's two highest dice)."""


def _share_fewer(game: DiceGame, a: int, d: int) -> float | None:
    """The chance that the defender at ``(a, d)`` rolls fewer than the most dice (``None``: the
    attacker stops there)."""
    k = game.attacker_policy[a, d]
    if k == 0:
        return None
    most = game.rules.defending(d)
    if not game.informed:
        return 1.0 if game.defender_policy[a, d, k] < most else 0.0
    rules = game.rules
    total = Fraction(0)
    for faces, p in side(k, rules.sides, rules.attack_bonus, rules.rerolls):
        if game.defender_policy[a, d, faces] < most:
            total += p
    return float(total)


def _pairs(game: DiceGame, a: int, d: int) -> dict[tuple[int, int], tuple[float, float]]:
    """(highest, second highest attacking die) → (chance of the pair, share of it answered with
    fewer dice), at the attacker's best number of dice (two or more) at ``(a, d)``."""
    rules = game.rules
    k = game.attacker_policy[a, d]
    most = rules.defending(d)
    mass: dict[tuple[int, int], list[Fraction]] = {}
    for faces, p in side(k, rules.sides, rules.attack_bonus, rules.rerolls):
        entry = mass.setdefault((faces[0], faces[1]), [Fraction(0), Fraction(0)])
        entry[0] += p
        if game.defender_policy[a, d, faces] < most:
            entry[1] += p
    return {pair: (float(p), float(fewer / p)) for pair, (p, fewer) in mass.items()}


def dice_game_heatmap(game: DiceGame, state: tuple[int, int] | None = None) -> Chart:
    """Where ``game``'s defender should roll fewer dice than it may (see the module docstring);
    ``state=(a, d)`` picks the state whose attacking pairs the right panel shows (by default the
    game's own battle). Hover a square for its numbers.

    >>> import riskboard as rb
    >>> svg = rb.dice_game_heatmap(rb.dice_game(4, 3))
    >>> svg.count("data-attackers="), 'data-pair="6-6"' in svg
    (12, True)
    """
    if not isinstance(game, DiceGame):
        raise TypeError(f"dice_game_heatmap draws a solved game, rb.dice_game(attackers, defenders), got {game!r}")
    na, nd = min(game.attackers, MOST), min(game.defenders, MOST)
    if state is None:
        state = (game.attackers, game.defenders)
    if (
        not isinstance(state, tuple)
        or len(state) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in state)
        or not (1 <= state[0] <= game.attackers and 1 <= state[1] <= game.defenders)
    ):
        raise ValueError(
            f"state must be a state of the game (attackers, defenders) up to ({game.attackers}, {game.defenders}), "
            f"got {state!r}"
        )
    panel = game.informed and game.attacker_policy[state] >= 2
    room_w = WIDTH - LEFT - 40 - (PANEL if panel else 0)
    cell = min(room_w / nd, 420 / na, 40.0)
    height = max(TOP + cell * na + BOTTOM, TOP + PANEL + 50)
    title = _("When should the defender roll fewer dice?")
    if game.informed:
        subtitle = _("The defender sees the attacker's dice first; shade: the share of throws answered with fewer dice")
    else:
        subtitle = _("The defender hears how many dice the attacker rolls; dark: fewer dice")
    dwg = drawing(WIDTH, height, title)
    heading(dwg, title, subtitle)
    _states(dwg, game, na, nd, cell)
    if panel:
        _pair_panel(dwg, game, state, WIDTH - PANEL - 8, TOP)
    return Chart(dwg.tostring())


def _states(dwg: svgwrite.Drawing, game: DiceGame, na: int, nd: int, cell: float) -> None:
    """A cell per state: the share of throws the defender answers with fewer dice."""
    group = dwg.add(dwg.g(class_="states", stroke="#FFFFFF", stroke_width=0.5))
    values = game.values()
    for a in range(1, na + 1):
        for d in range(1, nd + 1):
            share = _share_fewer(game, a, d)
            fill = STOPPED if share is None else mix(NONE, ALL, share)
            x, y = LEFT + (d - 1) * cell, TOP + (na - a) * cell
            rect = dwg.rect(insert=(fmt(x), fmt(y)), size=(fmt(cell), fmt(cell)), fill=fill)
            rect.attribs.update({"data-attackers": a, "data-defenders": d, "data-share": repr(share)})
            if share is None:
                tip = _("{attackers} v {defenders}: the attacker stops").format(attackers=a, defenders=d)
            else:
                tip = _("{attackers} v {defenders}: the defender rolls fewer dice after {share} of the throws").format(
                    attackers=a, defenders=d, share=format_percent(share, 1)
                )
            tip += "; " + _("the attacker conquers with probability {p}").format(
                p=format_percent(float(values.at[a, d]), 2)
            )
            rect.set_desc(title=tip)
            group.add(rect)
            if cell >= 24 and share:
                label = format_percent(share, 0)
                dwg.add(
                    text(dwg, label, x + cell / 2, y + cell / 2 + 4, size=9, anchor="middle", fill=text_colour(fill))
                )
    bottom = TOP + na * cell
    for d in range(1, nd + 1):
        dwg.add(text(dwg, str(d), LEFT + (d - 0.5) * cell, bottom + 14, size=11, anchor="middle"))
    for a in range(1, na + 1):
        dwg.add(text(dwg, str(a), LEFT - 6, TOP + (na - a + 0.5) * cell + 4, size=11, anchor="end"))
    dwg.add(text(dwg, _("defending armies"), LEFT + nd * cell / 2, bottom + 34, size=13, anchor="middle"))
    middle = TOP + na * cell / 2
    dwg.add(text(dwg, _("attacking armies (that may roll)"), 20, middle, size=13, anchor="middle", rotate=True))


def _pair_panel(dwg: svgwrite.Drawing, game: DiceGame, state: tuple[int, int], x0: float, y0: float) -> None:
    """The attacker's two highest dice at ``state``: highest along, second up, one square each."""
    a, d = state
    pairs = _pairs(game, a, d)
    faces = sorted({f for pair in pairs for f in pair})
    n = len(faces)
    size = (PANEL - 50) / n
    dwg.add(
        text(
            dwg,
            _("{attackers} v {defenders}: the attacker's two highest dice").format(attackers=a, defenders=d),
            x0,
            y0 + 4,
            size=12,
            fill=MUTED,
        )
    )
    top = y0 + 16
    group = dwg.add(dwg.g(class_="pairs", stroke="#FFFFFF", stroke_width=1))
    for (high, second), (p, share) in sorted(pairs.items()):
        i, j = faces.index(high), faces.index(second)
        x, y = x0 + 30 + i * size, top + (n - 1 - j) * size
        fill = mix(NONE, ALL, share)
        rect = dwg.rect(insert=(fmt(x), fmt(y)), size=(fmt(size), fmt(size)), fill=fill)
        rect.attribs.update({"data-pair": f"{high}-{second}", "data-share": repr(share), "data-p": repr(p)})
        if share >= 1:
            tip = _("{high}-{second}: one die fewer (a throw in {n})")
        elif share <= 0:
            tip = _("{high}-{second}: the most dice (a throw in {n})")
        else:
            tip = _("{high}-{second}: fewer dice in part, by the lower dice (a throw in {n})")
        rect.set_desc(title=tip.format(high=high, second=second, n=round(1 / p)))
        group.add(rect)
        word = _("fewer") if share >= 1 else "" if share <= 0 else "~"
        if word:
            dwg.add(text(dwg, word, x + size / 2, y + size / 2 + 4, size=9, anchor="middle", fill=text_colour(fill)))
    for i, f in enumerate(faces):
        dwg.add(text(dwg, str(f), x0 + 30 + (i + 0.5) * size, top + n * size + 14, size=11, anchor="middle"))
        dwg.add(text(dwg, str(f), x0 + 24, top + (n - 1 - i + 0.5) * size + 4, size=11, anchor="end"))
    dwg.add(text(dwg, _("highest die"), x0 + 30 + n * size / 2, top + n * size + 32, size=12, anchor="middle"))
    key_y = top + n * size + 52
    for i, (fill, words) in enumerate(((NONE, _("the most dice")), (ALL, _("fewer dice")))):
        x = x0 + 30 + i * 120
        dwg.add(dwg.rect(insert=(fmt(x), fmt(key_y)), size=(14, 14), fill=fill, stroke=INK, stroke_width=0.5))
        dwg.add(text(dwg, words, x + 20, key_y + 11, size=11))
    dwg.add(text(dwg, _("second die"), x0 + 8, top + n * size / 2, size=12, anchor="middle", rotate=True, fill=INK))
