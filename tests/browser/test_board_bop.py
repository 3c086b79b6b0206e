"""Balance of Power on the board's front end in headless Chromium: the missions and field-hospital
panels, the symbols and terrain on the map, purchases pointed out on the map, star trades, the
side choice, and a purchase clicked through to a real ``riskboard.Board``."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

import riskboard as rb
from bop_scenarios import command_room
from riskboard.bots.bop import capital, setup_place
from riskboard.rulesets.balance_of_power.data import COMMANDS, MISSION_TITLES

from .board_traits import board_traits
from .helpers import click_territory, mount, real_board, sent, territory, update

pytestmark = pytest.mark.browser

BOP = "balance_of_power"
EUROPE = rb.load_map("europe")


@pytest.fixture(scope="module")
def hospital_traits() -> dict[str, Any]:
    game = command_room(
        collected={"blue": ["control_region_yellow"]},
        airfields={"blue": "belgium"},
        missions=[
            "control_region_orange",
            "control_cities_6",
            "control_swiss_vault",
            "control_both_satellite_centres",
            "control_difficult_terrain_6",
            "control_sea_access",
            "defeat_neutral_army",
        ],
    )
    return board_traits(game)


# -- panels ----------------------------------------------------------------------------------------
def test_missions_panel_shows_face_up_missions_progress_and_collected(page, hospital_traits):
    mount(page, hospital_traits)
    x, counts = hospital_traits["extras"], hospital_traits["counts"]
    rows = page.locator(".rb-mission")
    assert rows.count() == len(x["board_missions"])
    assert page.eval_on_selector_all(".rb-mission", "rs => rs.map(r => r.dataset.mission)") == x["board_missions"]
    titles = page.locator(".rb-m-title").all_inner_texts()
    assert titles == [MISSION_TITLES[m] for m in x["board_missions"]]
    assert "progress of red" in page.text_content(".rb-ms-head")
    for i, m in enumerate(x["board_missions"]):
        have, need = counts["progress"]["red"][i]
        text = page.locator(f'.rb-mission[data-mission="{m}"] .rb-m-text').inner_text()
        if m == "control_region_orange":
            assert text == f"{have} of {need} territories of orange" == "5 of 5 territories of orange"
        assert ("rb-done" in (rows.nth(i).get_attribute("class") or "")) == (have >= need)
    # who holds which: blue's collected mission and capitals in the player rows
    assert page.inner_text('.rb-ms-player[data-player="blue"] .rb-chip-m') == "Region yellow"
    assert "★ Prussia" in page.inner_text('.rb-ms-player[data-player="red"]')
    assert page.locator(".rb-collect").count() == 0  # nothing to collect in the hospital step


def test_collect_button_sends_collect(page):
    game = command_room(phase="attack", missions=["control_region_orange", "control_cities_6"])
    traits = board_traits(game)
    mount(page, traits)
    assert page.locator(".rb-collect").count() == 1
    assert page.locator('.rb-mission[data-mission="control_region_orange"]').get_attribute("class").count("rb-done")
    page.click('.rb-mission[data-mission="control_region_orange"] .rb-collect')
    assert sent(page) == [{"kind": "action", "text": "collect control_region_orange", "state_id": traits["state_id"]}]


def test_hospital_panel_costs_counts_and_buy_buttons(page):
    traits = board_traits(command_room(hospital=9))
    mount(page, traits)
    assert page.inner_text('.rb-hs-tile[data-player="red"] .rb-hs-n') == "9"
    assert page.inner_text('.rb-hs-tile[data-player="blue"] .rb-hs-n') == "3"
    costs = page.eval_on_selector_all(
        ".rb-cmd", "rs => rs.map(r => [r.dataset.command, r.querySelector('.rb-cost').textContent])"
    )
    assert costs == [[c, str(n)] for c, n in COMMANDS.items()]
    enabled = page.eval_on_selector_all(".rb-buy", "bs => bs.filter(b => !b.disabled).map(b => b.dataset.command)")
    assert enabled == [c for c in COMMANDS if c in traits["hints"]["buy"]]
    assert "build_airfield" not in enabled and "special_forces" in enabled  # 9 units: no airfield (10)
    assert page.is_disabled('.rb-buy[data-command="build_airfield"]')
    page.click('.rb-buy[data-command="special_forces"]')
    page.click(".rb-hs-done")
    sid = traits["state_id"]
    assert sent(page) == [
        {"kind": "action", "text": "buy special_forces", "state_id": sid},
        {"kind": "action", "text": "end", "state_id": sid},
    ]


def test_purchases_of_the_turn_are_listed_with_their_effect(page):
    game = command_room()
    game.apply("buy special_forces")
    mount(page, board_traits(game))
    assert page.inner_text('.rb-hs-bought [data-purchase="special_forces"]') == (
        "Special forces (8): 3 dice against difficult terrain this turn"
    )


def test_starting_maneuver_is_pointed_out_on_the_map(page):
    traits = board_traits(command_room())
    mount(page, traits)
    page.click('.rb-buy[data-command="starting_maneuver"]')
    assert page.is_visible(".rb-pick-ctl")
    sources = page.eval_on_selector_all("path.rb-is-option", "ps => ps.map(p => p.dataset.territory)")
    assert sorted(sources) == sorted(traits["hints"]["buy"]["starting_maneuver"])
    click_territory(page, "germany")
    reach = page.eval_on_selector_all("path.rb-is-fortify", "ps => ps.map(p => p.dataset.territory)")
    assert "estonia" in reach and "estonia" not in EUROPE["germany"].neighbours  # connected, not only neighbours
    click_territory(page, "estonia")
    assert page.input_value(".rb-pick-count") == "5"
    page.fill(".rb-pick-count", "3")
    page.click(".rb-pick-buy")
    assert sent(page) == [
        {"kind": "action", "text": "buy starting_maneuver germany estonia 3", "state_id": traits["state_id"]}
    ]
    page.click(".rb-pick-cancel")
    assert not page.is_visible(".rb-pick-ctl")


def test_uprising_and_airfield_are_pointed_out_on_the_map(page):
    traits = board_traits(command_room())
    mount(page, traits)
    uprising = traits["hints"]["buy"]["uprising"]
    src = sorted(uprising)[0]
    tgt, most = sorted(uprising[src].items())[0]
    page.click('.rb-buy[data-command="uprising"]')
    click_territory(page, src)
    click_territory(page, tgt)
    assert page.locator(".rb-pick-dice button").count() == most
    page.click(".rb-pick-dice button[data-dice='1']")
    page.click(".rb-pick-buy")
    page.click('.rb-buy[data-command="build_airfield"]')
    click_territory(page, "poland")
    zone = page.eval_on_selector_all("path.rb-zone", "ps => ps.map(p => p.dataset.zone)")
    assert sorted(zone) == sorted(["poland", *EUROPE["poland"].neighbours])
    page.click(".rb-pick-buy")
    sid = traits["state_id"]
    assert sent(page) == [
        {"kind": "action", "text": f"buy uprising {src} {tgt} 1", "state_id": sid},
        {"kind": "action", "text": "buy build_airfield poland", "state_id": sid},
    ]


# -- the map ---------------------------------------------------------------------------------------
def test_map_draws_terrain_symbols_sea_routes_and_airfield_zones(page, hospital_traits):
    mount(page, hospital_traits)
    assert page.locator("path.rb-hatch").count() == 6
    assert page.locator(".rb-seas polyline").count() >= 5
    between = page.eval_on_selector_all(".rb-seas polyline", "ls => ls.map(l => l.dataset.between)")
    for a, b in [
        ("great_britain", "ireland"),
        ("great_britain", "northern_france"),
        ("great_britain", "norway"),
        ("ireland", "northern_france"),
        ("poland", "sweden"),
    ]:
        assert f"{a} {b}" in between or f"{b} {a}" in between
    symbols = page.eval_on_selector_all(
        ".rb-symbol", "gs => gs.map(g => [g.dataset.symbol, g.dataset.territorySymbol]).sort()"
    )
    assert ["city", "germany"] in symbols and ["city", "italy"] in symbols
    assert ["capital", "prussia"] in symbols and ["capital", "ireland"] in symbols
    assert ["swiss_vault", "switzerland"] in symbols and ["danish_naval_base", "denmark"] in symbols
    assert ["satellite_centre", "norway"] in symbols and ["satellite_centre", "western_ukraine"] in symbols
    assert ["airfield", "belgium"] in symbols
    blue = hospital_traits["players"][1]["colour"]
    fills = page.eval_on_selector_all(
        '.rb-sym-capital[data-territory-symbol="ireland"] path', "ps => ps.map(p => p.getAttribute('fill'))"
    )
    assert blue in fills  # the capital in its player's colour
    assert page.locator("path.rb-zone").count() == 0
    page.hover(".rb-sym-airfield")
    zone = page.eval_on_selector_all("path.rb-zone", "ps => ps.map(p => p.dataset.zone)")
    assert sorted(zone) == sorted(hospital_traits["extras"]["zones"]["blue"])
    assert page.inner_text('.rb-ms-player[data-player="red"] .rb-ms-cities') == "2 cities"  # cities held
    assert page.locator(".rb-steps li.rb-on").inner_text() == "Hospital"


def test_hovering_a_mission_outlines_its_territories(page, hospital_traits):
    mount(page, hospital_traits)
    page.hover('.rb-mission[data-mission="control_region_orange"]')
    marks = page.eval_on_selector_all(
        "path.rb-mark", "ps => ps.map(p => [p.dataset.mark, p.classList.contains('rb-held')])"
    )
    assert sorted(marks) == sorted([t, True] for t in EUROPE.region("orange").territories)


def test_counts_update_the_panels_live(page, hospital_traits):
    mount(page, hospital_traits)
    counts = {**hospital_traits["counts"], "hospital": {"red": 2, "blue": 7}}
    update(page, counts=counts)
    assert page.inner_text('.rb-hs-tile[data-player="blue"] .rb-hs-n') == "7"
    extras = {**hospital_traits["extras"], "airfields": {"red": "poland", "blue": None}, "zones": {"red": ["poland"]}}
    update(page, extras=extras)
    assert page.eval_on_selector_all(".rb-sym-airfield", "gs => gs.map(g => g.dataset.territorySymbol)") == ["poland"]


# -- the other steps -------------------------------------------------------------------------------
def test_star_cards_selected_and_traded(page):
    game = command_room(phase="reinforce", hands={"red": ["austria", "estonia", "latvia"]})
    traits = board_traits(game)
    mount(page, traits)
    stars = page.eval_on_selector_all(
        ".rb-starcard", "cs => cs.map(c => [c.dataset.card, c.querySelector('.rb-stars').textContent])"
    )
    assert stars == [["austria", "★★"], ["estonia", "★"], ["latvia", "★"]]
    assert page.is_disabled(".rb-trade-stars")
    page.click('.rb-starcard[data-card="estonia"]')
    assert page.is_disabled(".rb-trade-stars")  # one star cannot be traded
    page.click('.rb-starcard[data-card="austria"]')
    assert page.inner_text(".rb-trade-stars") == "Trade 3 ★ for 4 units"
    page.click(".rb-trade-stars")
    assert sent(page) == [{"kind": "action", "text": "trade austria estonia", "state_id": traits["state_id"]}]


def test_choosing_sides_after_a_free_setup(page):
    game = rb.new_game(BOP, players=["red", "blue"], variant="command_room", setup="free", seed=5)
    rng = random.Random(1)
    while game.pending.decision == "setup_place":
        game.apply(setup_place(game.view("red"), rng))
    while game.pending.decision == "capital":
        game.apply(capital(game.view("red")))
    traits = board_traits(game)
    mount(page, traits)
    buttons = page.eval_on_selector_all(".rb-choose", "bs => bs.map(b => b.dataset.choice)")
    assert buttons == ["keep first", "keep second", "swap first", "swap second"]
    page.click('.rb-choose[data-choice="swap second"]')
    assert sent(page) == [{"kind": "action", "text": "choose swap second", "state_id": traits["state_id"]}]


def test_free_setup_place_control_places_several_units(page):
    game = rb.new_game(BOP, players=["red", "blue"], variant="command_room", setup="free", seed=5)
    traits = board_traits(game)
    mount(page, traits)
    assert page.inner_text(".rb-reinf") == "27 units of red to place"
    assert "units of red" in page.inner_text(".rb-place-ctl")
    click_territory(page, "poland")
    page.fill(".rb-place-ctl input", "5")
    page.click(".rb-place-ctl button")
    sid = traits["state_id"]
    assert sent(page) == [
        {"kind": "click", "territory": "poland", "state_id": sid},
        {"kind": "action", "text": "place 5 poland", "state_id": sid},
    ]


# -- the real board --------------------------------------------------------------------------------
def test_a_purchase_clicked_reaches_the_python_game(page):
    from riskboard.widget.board import Board

    board = Board(command_room())
    real_board(page, board)
    page.click('.rb-buy[data-command="special_forces"]')
    page.wait_for_selector('.rb-hs-bought [data-purchase="special_forces"]')
    assert board.game.extras.special_forces and board.error == {}
    assert page.inner_text('.rb-hs-tile[data-player="red"] .rb-hs-n') == "4"
    # 4 units left: the airfield (10) is out of reach now
    assert page.is_disabled('.rb-buy[data-command="build_airfield"]')
    page.click('.rb-buy[data-command="starting_maneuver"]')
    click_territory(page, "germany")
    click_territory(page, "estonia")
    page.fill(".rb-pick-count", "2")
    page.click(".rb-pick-buy")
    page.wait_for_function(
        "() => !document.querySelector('.rb-pick-ctl') || document.querySelector('.rb-pick-ctl').hidden"
    )
    assert board.game.armies("estonia") == 6 and board.game.phase == "reinforce"
    page.wait_for_function("() => document.querySelector('.rb-steps li.rb-on').textContent === 'Reinforce'")
    assert territory(page, "estonia").locator("title").text_content() == "Estonia: red, 6 units"


def test_screenshots_of_bop_boards(page, tmp_path):
    """Pictures for a human to look at (not compared; in ``$RISKBOARD_BOP_SHOTS``, default: the
    test's temp folder): basic training at the start, and the command room in the hospital step
    with units waiting, an airfield and collected missions."""
    shots = Path(os.environ.get("RISKBOARD_BOP_SHOTS") or tmp_path / "bop_screens")
    shots.mkdir(parents=True, exist_ok=True)
    mount(page, board_traits(rb.new_game(BOP, players=["red", "blue"], seed=2)))
    page.screenshot(path=str(shots / "harness-basic-training-setup1.png"), full_page=True)
    game = command_room(
        collected={"blue": ["control_region_yellow", "control_cities_6"], "red": ["control_region_orange"]},
        airfields={"blue": "belgium"},
    )
    page.reload()
    page.wait_for_function("() => window.__harnessReady === true")
    mount(page, board_traits(game))
    page.screenshot(path=str(shots / "harness-command-room-hospital.png"), full_page=True)
    assert (shots / "harness-command-room-hospital.png").stat().st_size > 10_000


def test_a_battles_updates_show_on_the_board(page):
    """A battle's updates (view, counts, event_log, dice, hints) arrive together: the board shows the
    attacker's losses, the field hospital and the log line, and follows them back. (Their render
    time is measured by ``benchmarks/widget.py --browser``, not here.)"""
    game = command_room(phase="attack")
    before = board_traits(game)
    game.apply("attack germany belgium 3", dice=([1, 1, 1], [6, 6]))
    after = board_traits(game)
    mount(page, before)
    update(page, **{k: after[k] for k in ("view", "counts", "event_log", "dice", "hints")})
    assert page.text_content('[data-badge="germany"] text') == "4"
    assert page.inner_text('.rb-hs-tile[data-player="red"] .rb-hs-n') == "14"
    assert page.locator(".rb-log li").last.inner_text() == after["event_log"][-1]
    update(page, **{k: before[k] for k in ("view", "counts", "event_log", "dice", "hints")})
    assert page.text_content('[data-badge="germany"] text') == "6"
    assert page.inner_text('.rb-hs-tile[data-player="red"] .rb-hs-n') == "12"
