"""The d8's numeral stays on every face (issue 21, item 5): for each value 1 to 8 and each colour a
player's dice can have, the numeral is drawn, inside the die, in a colour that contrasts with the
face, even under a stylesheet that styles svg text the way a notebook theme might (a rule on svg
text outranks an SVG presentation attribute, so the numeral's look is in its inline style)."""

from __future__ import annotations

from typing import Any

import pytest

from riskboard.render.palette import NEUTRAL_COLOURS, OKABE_ITO

from .board_traits import best_source, board_traits, mid_game_attack
from .helpers import mount, update

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def attack_traits() -> dict[str, Any]:
    game = mid_game_attack()
    return board_traits(game, selected=best_source(game))


# a theme's rule on svg text (without !important, which nothing on a page could withstand)
THEME = ".rb-board svg text { fill: #e69f00; font-size: 0; font-family: 'No Such Font'; opacity: 0; display: none; }"

MEASURE = """() => [...document.querySelectorAll('.rb-die-poly')].map((svg) => {
  const t = svg.querySelector('text'); const poly = svg.querySelector('polygon');
  const cs = getComputedStyle(t); const a = t.getBoundingClientRect(); const b = poly.getBoundingClientRect();
  return { value: t.textContent, face: poly.getAttribute('fill'), fill: cs.fill, size: parseFloat(cs.fontSize),
           shown: cs.display !== 'none' && cs.visibility === 'visible' && parseFloat(cs.opacity) === 1,
           text: [a.left, a.top, a.right, a.bottom, a.width, a.height], die: [b.left, b.top, b.right, b.bottom] };
})"""


def _luminance(rgb: tuple[float, float, float]) -> float:
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _rgb(colour: str) -> tuple[float, float, float]:
    if colour.startswith("#"):
        return tuple(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]
    r, g, b = (float(v) for v in colour[colour.index("(") + 1 : colour.index(")")].split(",")[:3])
    return r / 255, g / 255, b / 255


def _contrast(a: str, b: str) -> float:
    x, y = sorted((_luminance(_rgb(a)), _luminance(_rgb(b))), reverse=True)
    return (x + 0.05) / (y + 0.05)


@pytest.mark.parametrize("sheet", [None, THEME])
def test_every_d8_face_shows_its_numeral_in_every_colour(
    page: Any, attack_traits: dict[str, Any], sheet: str | None
) -> None:
    mount(page, attack_traits)
    if sheet:
        page.add_style_tag(content=sheet)
    players = attack_traits["players"]
    target = next(iter(attack_traits["hints"]["targets"]))
    for colour in (*OKABE_ITO, *NEUTRAL_COLOURS, "#BBBBBB", "#C8102E", "#5B2A86", "#111111", "#FFFFFF"):
        recoloured = [{**p, "colour": colour} for p in players]
        for attack, defend in (([8, 7, 6], [5, 4, 3]), ([2, 1, 8], [1, 2, 3])):
            throw = {
                "attack": attack, "defend": defend, "attack_sides": [8, 8, 8], "defend_sides": [8, 8, 8],
                "pair_winners": ["attacker", "attacker", "attacker"], "attacker_losses": 0, "defender_losses": 3,
                "source": attack_traits["selected"], "target": target, "attacker": players[0]["name"],
                "defender": players[1]["name"], "seq": 1000 + sum(attack) + int(colour[1:], 16) % 997,
            }  # fmt: skip
            update(page, players=recoloured, dice=throw)
            dice = page.evaluate(MEASURE)
            assert sorted(d["value"] for d in dice) == sorted(str(v) for v in attack + defend)
            for d in dice:
                where = (colour, d["value"], sheet is not None)
                assert d["shown"] and d["size"] > 4, where
                assert d["text"][4] > 3 and d["text"][5] > 5, where  # drawn, at a readable size
                t, box = d["text"], d["die"]
                assert box[0] <= t[0] and t[2] <= box[2] and box[1] - 1 <= t[1] and t[3] <= box[3] + 1, where
                assert _contrast(d["fill"], d["face"]) >= 4.5, (where, d["fill"], d["face"])
