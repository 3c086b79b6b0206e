"""The static SVG board: every territory drawn, findable, titled and coloured by its owner."""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET

import pytest

import riskboard as rb
from bop_scenarios import command_room
from riskboard.maps import map_from_dict
from riskboard.render.palette import OKABE_ITO, player_colours, text_colour

SVG = "{http://www.w3.org/2000/svg}"


def _game(players: list[str], turns: int, seed: int = 7) -> rb.Game:
    game = rb.new_game("classic", players=players, seed=seed)
    game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(players)}, max_turns=turns)
    return game


def _paths(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {p.attrib["data-territory"]: p for p in root.iter(f"{SVG}path") if "data-territory" in p.attrib}


def test_every_territory_is_drawn_once_with_its_owner_colour_and_a_title() -> None:
    game = _game(["Ada", "Bo", "Cy"], turns=3)
    svg = rb.render_svg(game)
    paths = _paths(svg)
    assert sorted(paths) == sorted(game.map.ids)
    colours = player_colours(game.players)
    for tid, path in paths.items():
        owner = game.owner(tid)
        assert path.attrib["fill"] == colours[owner], tid
        title = path.find(f"{SVG}title")
        assert title is not None
        n = game.armies(tid)
        assert title.text == f"{game.map[tid].name}: {owner}, {n} {'army' if n == 1 else 'armies'}"


def test_army_badges_show_the_counts() -> None:
    game = _game(["Ada", "Bo", "Cy", "Di"], turns=5)
    root = ET.fromstring(rb.render_svg(game, names=False))
    numbers = sorted(int(t.text) for t in root.iter(f"{SVG}text") if t.text and t.text.isdigit())
    assert numbers == sorted(game.armies(t) for t in game.map.ids)


def test_setup_board_shows_unclaimed_territories_and_the_status() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=2)
    svg = rb.render_svg(game)
    assert svg.count("unclaimed") == 42
    assert "turn 0" in svg and "to claim" in svg


def test_two_player_game_draws_the_neutral_army_in_grey() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo"], seed=3)
    paths = _paths(rb.render_svg(game))
    neutral = [t for t in game.map.ids if game.owner(t) == "neutral"]
    assert len(neutral) == 14
    assert {paths[t].attrib["fill"] for t in neutral} == {player_colours(["Ada", "Bo"], ["neutral"])["neutral"]}


def test_legend_and_finished_game() -> None:
    game = _game(["Ada", "Bo", "Cy", "Di"], turns=3000)
    svg = rb.render_svg(game)
    assert f"game over, won by {game.winner}" in svg
    losers = [p for p in game.players if p != game.winner]
    for p in losers:
        assert f"{p}: 0 territories, 0 armies" in svg
    assert f"{game.winner}: 42 territories" in svg


def test_the_picture_speaks_the_editions_words_and_names_every_winner_of_a_shared_win() -> None:
    """RISK 2010's pieces are troops; a ceasefire with two players tied on territories and troops
    ends in a shared win (RULES.md §4.7), and the picture names both winners."""
    ids = rb.load_map("world").ids
    position = {t: (("Ada", "Bo", "Cy")[0 if k < 15 else 1 if k < 30 else 2], 1) for k, t in enumerate(ids)}
    game = rb.new_game(
        "risk2010", players=["Ada", "Bo", "Cy"], position=position, current_player="Cy", phase="fortify",
        conquered=True, ceasefire=0, drawn=13, seed=1,
    )  # fmt: skip
    game.apply("end")  # Cy conquered this turn: the card drawn is the ceasefire card
    assert game.winners == ("Ada", "Bo")
    svg = rb.render_svg(game)
    assert "game over, won by Ada and Bo" in svg and ": turn 1, won by Ada and Bo" in svg  # the legend and the label
    assert "Ada: 15 territories, 15 troops, 0 cards" in svg and "Cy: 12 territories, 12 troops" in svg
    title = _paths(svg)[ids[0]].find(f"{SVG}title")
    assert title is not None and title.text == f"{game.map[ids[0]].name}: Ada, 1 troop"


def test_highlight_and_width() -> None:
    game = _game(["Ada", "Bo", "Cy"], turns=1)
    svg = rb.render_svg(game, highlight="alaska", width=600)
    assert _paths(svg)["alaska"].attrib.get("stroke-width") == "2"
    assert 'width="600px"' in svg


def test_sea_routes_are_drawn_including_the_edge_crossing_one() -> None:
    game = _game(["Ada", "Bo", "Cy"], turns=1)
    root = ET.fromstring(rb.render_svg(game))
    lines = list(root.iter(f"{SVG}polyline"))
    assert len(lines) >= len(game.map.geometry["sea_lines"])
    xs = [float(v) for line in lines for v in re.split(r"[ ,]+", line.attrib["points"].strip())[0::2]]
    x0, _, w, _ = game.map.geometry["view_box"]
    assert min(xs) <= x0 + 0.5 and max(xs) >= x0 + w - 0.5  # alaska–kamchatka leaves both edges


def test_palette_is_distinct_and_readable() -> None:
    assert len(set(OKABE_ITO)) == len(OKABE_ITO) == 7
    colours = player_colours([f"p{i}" for i in range(6)], ["neutral"])
    assert len(set(colours.values())) == 7
    assert text_colour("#F0E442") == "#000000"  # black on yellow
    assert text_colour("#0072B2") == "#FFFFFF"  # white on blue


def test_a_map_without_geometry_cannot_be_drawn() -> None:
    game = _game(["Ada", "Bo", "Cy"], turns=0)
    bare = map_from_dict({**game.map.raw, "geometry": None})
    game._cfg = dataclasses.replace(game.config, map=bare)
    with pytest.raises(ValueError, match="no geometry"):
        rb.render_svg(game)


# -- Balance of Power ------------------------------------------------------------------------------
def test_static_svg_draws_terrain_cities_capitals_buildings_and_airfields() -> None:
    game = command_room(airfields={"red": "poland"}, collected={"blue": ["control_region_yellow"]})
    svg = rb.render_svg(game)
    root = ET.fromstring(svg)
    paths = [p for p in root.iter(f"{SVG}path") if "data-territory" in p.attrib]
    assert len(paths) == 30
    assert paths[rb.load_map("europe").index["germany"]].attrib["fill"] == "#D55E00"
    assert svg.count('class="difficult-terrain"') == 6
    titles = [t.text for t in root.iter(f"{SVG}title")]
    for text in (
        "Germany: city",
        "Prussia: red's capital",
        "Ireland: blue's capital",
        "Switzerland: Swiss vault",
        "Denmark: Danish naval base",
        "Norway: satellite centre",
        "Poland: red's airfield",
    ):
        assert text in titles, text
    assert "red: 8 territories" in svg and "missions 0/3, hospital 12, airfield on Poland" in svg
    assert "blue: Region yellow" in svg
    assert "Face-up missions" in svg
