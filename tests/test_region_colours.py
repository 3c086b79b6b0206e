"""Region colours and owner shapes in the board's payload: every region has a colour of its own that
cannot be taken for a player's colour (nor, under deuteranopia, for a player's colour as such a
student sees it), and every owner's army badges have a shape of their own."""

from __future__ import annotations

import copy
import math
import re

import pytest

import riskboard as rb
from riskboard.errors import MapError
from riskboard.maps.loader import map_from_dict
from riskboard.render.palette import REGION_COLOURS, badge_outline, owner_colours, region_colours
from riskboard.widget.payload import map_payload, players_payload

GAMES = {
    "classic": lambda: rb.new_game("classic", players=["A", "B", "C", "D", "E", "F"], seed=1),
    "classic_two": lambda: rb.new_game("classic", players=["A", "B"], seed=1),
    "balance_of_power": lambda: rb.new_game("balance_of_power", players=["red", "blue"], seed=1),
}


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _lab(hex_colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (_linear(int(hex_colour[i : i + 2], 16)) for i in (1, 3, 5))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _deuteranope(hex_colour: str) -> str:
    """The colour as a deuteranope sees it (Machado, Oliveira and Fernandes 2009, severity 1)."""
    rows = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
    rgb = [_linear(int(hex_colour[i : i + 2], 16)) for i in (1, 3, 5)]
    out = []
    for row in rows:
        v = min(1.0, max(0.0, sum(k * c for k, c in zip(row, rgb))))
        out.append(round(255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)))
    return "#{:02X}{:02X}{:02X}".format(*out)


def delta_e(a: str, b: str) -> float:
    return math.dist(_lab(a), _lab(b))


@pytest.mark.parametrize("edition", sorted(GAMES))
def test_every_region_has_a_colour_far_from_every_owner(edition: str) -> None:
    game = GAMES[edition]()
    continents = map_payload(game.map)["continents"]
    assert [c["id"] for c in continents] == [r.id for r in game.map.regions]
    owners = owner_colours(game.config).values()
    for c in continents:
        assert re.fullmatch(r"#[0-9A-F]{6}", c["colour"]), c
        for owner in owners:
            assert delta_e(c["colour"], owner) >= 25, (c["id"], c["colour"], owner)
            assert delta_e(_deuteranope(c["colour"]), _deuteranope(owner)) >= 12, (c["id"], c["colour"], owner)
    for a in continents:
        for b in continents:
            if a["id"] < b["id"]:
                assert delta_e(a["colour"], b["colour"]) >= 20, (a, b)


def test_balance_of_power_regions_look_like_their_names() -> None:
    """A mission names a region by colour, so the colour drawn is that hue: orange is orange (and not
    the red player's vermilion), grey is grey."""
    colours = {c["id"]: c["colour"] for c in map_payload(rb.load_map("europe"))["continents"]}
    red = owner_colours(GAMES["balance_of_power"]().config)["red"]
    r, g, b = (int(colours["orange"][i : i + 2], 16) for i in (1, 3, 5))
    assert r > g > b and g >= 0.55 * r  # orange: red over green over blue, green well up
    assert delta_e(colours["orange"], red) >= 25
    grey = colours["grey"][1:]
    assert len({grey[i : i + 2] for i in (0, 2, 4)}) == 1
    assert delta_e(colours["yellow"], "#FFFF00") < 30


def test_a_map_without_region_colours_gets_distinct_ones() -> None:
    raw = copy.deepcopy(dict(rb.load_map("world").raw))
    for r in raw["regions"]:
        r.pop("colour", None)
    gm = map_from_dict(raw)
    assert all(r.colour is None for r in gm.regions)
    colours = [c["colour"] for c in map_payload(gm)["continents"]]
    assert colours == list(REGION_COLOURS[: len(colours)])
    assert region_colours([("a", None), ("b", "#123456")]) == {"a": REGION_COLOURS[0], "b": "#123456"}


@pytest.mark.parametrize("bad", ["orange", "#12345", "#GGGGGG", 7, ["#123456"]])
def test_a_bad_region_colour_is_refused(bad: object) -> None:
    raw = copy.deepcopy(dict(rb.load_map("europe").raw))
    raw["regions"][0]["colour"] = bad
    with pytest.raises(MapError, match="colour"):
        map_from_dict(raw)


@pytest.mark.parametrize("edition", sorted(GAMES))
def test_every_owner_has_a_badge_shape_of_its_own(edition: str) -> None:
    game = GAMES[edition]()
    players = players_payload(game)
    shapes = [p["shape"] for p in players]
    assert len(set(shapes)) == len(shapes) == len(game.config.owners)
    assert shapes[0] == "circle"


def test_the_static_picture_draws_the_regions_and_the_owners_shapes() -> None:
    """render_svg draws what the live board draws: a band per region in its colour, and army badges
    and legend swatches in the owner's shape."""
    game = GAMES["classic"]()
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    svg = rb.render_svg(game)
    continents = map_payload(game.map)["continents"]
    for c in continents:
        assert f'data-region="{c["id"]}"' in svg
        assert f'flood-color="{c["colour"]}"' in svg
    for shape in ("circle", "square", "hexagon"):
        outline = badge_outline(shape, 10, 10)
        assert f'd="{outline}"' in svg  # the legend's swatch of that owner
    assert svg.count('class="region-band"') == len(continents)
