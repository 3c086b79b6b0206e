"""The map at a notebook's width in headless Chromium: labels large enough and never on top of each
other, zoom and pan, regions found by hovering their labels, the keyboard's way round the map and a
focus ring that shows on every fill, and the board's layout (the Balance of Power map whole, no blank
space under it, the players table whole)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from bop_scenarios import command_room

from .board_traits import best_source, board_traits, mid_game_attack
from .helpers import mount, sent

pytestmark = pytest.mark.browser

PLAYERS = ["Ada", "Bo", "Cy", "Dee"]
WIDTHS = (950, 700)
HARNESS_PADDING = 24  # the harness page's body padding, both sides: the board is this much narrower


@pytest.fixture(scope="module")
def classic_attack() -> dict[str, Any]:
    """A classic mid-game attack with the odds of a source's targets shown."""
    game = mid_game_attack(cards=0, armies=0)
    return board_traits(game, selected=best_source(game))


@pytest.fixture(scope="module")
def bop_attack() -> dict[str, Any]:
    """The Balance of Power command room in the attack step, with Germany's odds shown."""
    game = command_room(phase="attack", missions=["control_region_orange", "control_cities_6", "control_region_yellow"])
    return board_traits(game, selected="germany")


def at_width(page: Any, width: int, traits: dict[str, Any], height: int = 1000) -> None:
    page.set_viewport_size({"width": width + HARNESS_PADDING, "height": height})
    mount(page, traits)


LABELS_JS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = (e) => e.getBoundingClientRect().width > 0 && getComputedStyle(e).display !== 'none';
  const size = (t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a;
  const out = [];
  for (const g of document.querySelectorAll('g[data-badge]')) if (shown(g)) out.push(['count', g.dataset.badge, box(g), size(g.querySelector('text'))]);
  for (const g of document.querySelectorAll('g[data-odds]')) if (shown(g)) out.push(['odds', g.dataset.odds, box(g), size(g.querySelector('text'))]);
  for (const t of document.querySelectorAll('text.rb-label')) if (shown(t)) out.push(['name', t.dataset.name, box(t), size(t)]);
  for (const g of document.querySelectorAll('g.rb-continent')) if (shown(g)) out.push(['region', g.dataset.region, box(g.querySelector('.rb-continent-name')).map((v, i) => i === 2 ? box(g.querySelector('.rb-continent-pill'))[2] : v), size(g.querySelector('.rb-continent-name'))]);
  for (const g of document.querySelectorAll('g.rb-symbol')) out.push(['symbol', g.dataset.territorySymbol, box(g), 0]);
  return out;
}"""


def labels(page: Any) -> list[tuple[str, str, list[float], float]]:
    return [tuple(x) for x in page.evaluate(LABELS_JS)]


def on_screen(page: Any) -> list[tuple[str, str, list[float], float]]:
    """The labels inside the map's window (zoomed in, a label may stand beyond its edge, where the
    map's clip hides it: an overlap there is seen by no one)."""
    r = page.evaluate("() => document.querySelector('svg.rb-map').getBoundingClientRect().toJSON()")
    return [
        lab
        for lab in labels(page)
        if lab[2][0] < r["right"] and lab[2][2] > r["left"] and lab[2][1] < r["bottom"] and lab[2][3] > r["top"]
    ]


def overlaps(labs: list[tuple[str, str, list[float], float]], kinds: set[str]) -> list[tuple[str, str]]:
    """Pairs of labels whose boxes overlap (by more than a hair), at least one of ``kinds``."""
    bad = []
    for (ka, ia, a, _), (kb, ib, b, _) in itertools.combinations(labs, 2):
        if ka not in kinds and kb not in kinds:
            continue
        if min(a[2], b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5:
            bad.append((f"{ka} {ia}", f"{kb} {ib}"))
    return bad


# -- sizes and overlaps -------------------------------------------------------------------------
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("board", ["classic_attack", "bop_attack"])
def test_no_count_or_odds_label_overlaps_another_and_counts_are_large(page, request, board, width):
    traits = request.getfixturevalue(board)
    at_width(page, width, traits)
    assert abs(page.evaluate("() => document.querySelector('.rb-board').getBoundingClientRect().width") - width) < 1
    labs = labels(page)
    kinds = {k for k, *_ in labs}
    assert {"count", "odds", "name", "region"} <= kinds
    assert sum(1 for k, *_ in labs if k == "odds") == len(traits["hints"]["targets"]) >= 2
    assert overlaps(labs, {"count", "odds"}) == []
    assert overlaps(labs, {"name", "region"}) == []  # names, where shown, cover nothing either
    for kind, tid, box, size in labs:
        if kind == "count":
            assert size >= 12 and box[3] - box[1] >= 12, (tid, size, box)
        if kind in ("name", "region"):
            assert size >= 10, (kind, tid, size)
    # every count lies inside the map
    frame = page.evaluate(
        "() => { const r = document.querySelector('svg.rb-map').getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
    )
    for kind, tid, box, _ in labs:
        if kind in ("count", "odds", "region"):
            assert frame[0] <= box[0] and box[2] <= frame[2] and frame[1] <= box[1] and box[3] <= frame[3], (kind, tid)


def test_a_hidden_name_shows_on_hover(page, classic_attack):
    at_width(page, 700, classic_attack)
    hidden = page.eval_on_selector_all("text.rb-label.rb-name-hidden", "ts => ts.map(t => t.dataset.name)")
    assert hidden, "at 700 px some small territory's name has no room"
    tid = hidden[0]
    name = next(t["name"] for t in classic_attack["map_data"]["territories"] if t["id"] == tid)
    x, y = page.evaluate("id => window.__harness.point(id)", tid)
    page.mouse.move(x, y)
    assert page.locator(".rb-hover-name").is_visible()
    assert page.text_content(".rb-hover-name text") == name
    page.mouse.move(1, 1)
    assert not page.locator(".rb-hover-name").is_visible()


# -- zoom and pan -------------------------------------------------------------------------------
def zoom(page: Any) -> float:
    return float(page.get_attribute("svg.rb-map", "data-zoom"))


def count_size(page: Any, tid: str) -> float:
    return page.evaluate(
        'id => { const t = document.querySelector(`g[data-badge="${id}"] text`); return parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a; }',
        tid,
    )


def test_zoom_buttons_zoom_in_and_out_and_reset_with_labels_keeping_their_size(page, bop_attack):
    at_width(page, 950, bop_attack)
    whole = page.get_attribute("svg.rb-map", "viewBox")
    before = count_size(page, "slovenia")
    assert (
        zoom(page) == 1 and page.locator(".rb-zoom-out").is_disabled() and page.locator(".rb-zoom-reset").is_disabled()
    )
    page.click(".rb-zoom-in")
    page.click(".rb-zoom-in")
    assert zoom(page) == pytest.approx(2.56, abs=0.01)
    assert abs(count_size(page, "slovenia") - before) < 0.05  # labels keep their size on screen
    assert on_screen(page) and overlaps(on_screen(page), {"count", "odds"}) == []
    page.click(".rb-zoom-out")
    assert zoom(page) == pytest.approx(1.6, abs=0.01)
    page.click(".rb-zoom-reset")
    assert zoom(page) == 1 and page.get_attribute("svg.rb-map", "viewBox") == whole
    assert sent(page) == []


def test_wheel_zooms_about_the_pointer_and_drag_pans(page, classic_attack):
    at_width(page, 950, classic_attack)
    box = page.locator("svg.rb-map").bounding_box()
    # a plain wheel over a map not in use scrolls the notebook, and a hint says how to zoom
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, -200)
    assert zoom(page) == 1
    assert page.locator(".rb-zoom-hint").is_visible()
    # Ctrl + wheel (a trackpad's pinch) zooms about the pointer: the point under it stays put
    x, y = page.evaluate("id => window.__harness.point(id)", "egypt")
    page.mouse.move(x, y)
    page.keyboard.down("Control")
    page.mouse.wheel(0, -300)
    page.keyboard.up("Control")
    page.wait_for_function("() => +document.querySelector('svg.rb-map').dataset.zoom > 1.5")
    x2, y2 = page.evaluate("id => window.__harness.point(id)", "egypt")
    assert abs(x2 - x) < 3 and abs(y2 - y) < 3
    # once zoomed in, the plain wheel zooms (out, back to the whole map, then the page scrolls)
    z = zoom(page)
    page.mouse.wheel(0, 150)
    page.wait_for_function(f"() => +document.querySelector('svg.rb-map').dataset.zoom < {z - 0.05}")
    # drag pans, and the drag is not a click on a territory
    view = page.get_attribute("svg.rb-map", "viewBox")
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 60, y + 30, steps=5)
    page.mouse.up()
    page.wait_for_function(f"() => document.querySelector('svg.rb-map').getAttribute('viewBox') !== '{view}'")
    assert float(page.get_attribute("svg.rb-map", "viewBox").split()[0]) < float(view.split()[0])
    assert sent(page) == []
    page.mouse.wheel(0, 2000)
    page.wait_for_function("() => document.querySelector('svg.rb-map').dataset.zoom === '1.00'")
    assert overlaps(labels(page), {"count", "odds"}) == []


# -- regions --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("board", "region"), [("classic_attack", "europe"), ("bop_attack", "orange"), ("bop_attack", "grey")]
)
def test_hovering_a_region_label_or_its_bonus_highlights_its_territories(page, request, board, region):
    traits = request.getfixturevalue(board)
    at_width(page, 950, traits)
    members = sorted(t["id"] for t in traits["map_data"]["territories"] if t["continent"] == region)
    colour = next(c["colour"] for c in traits["map_data"]["continents"] if c["id"] == region)
    # every region is drawn in its colour, whoever owns its territories
    assert page.get_attribute(f'g.rb-band[data-band="{region}"]', "filter")
    assert page.eval_on_selector_all(f'g.rb-band[data-band="{region}"] path', "ps => ps.length") == len(members)
    for part in (".rb-continent-name", ".rb-continent-bonus"):
        page.hover(f'g.rb-continent[data-region="{region}"] {part}')
        marked = page.eval_on_selector_all(
            "path.rb-region-hl", "ps => ps.map(p => [p.dataset.regionHl, p.getAttribute('stroke')])"
        )
        assert sorted(marked) == [[t, colour] for t in members]
        page.mouse.move(1, 1)
        assert page.locator("path.rb-region-hl").count() == 0


def test_hovering_a_region_mission_outlines_its_territories(page, bop_attack):
    at_width(page, 950, bop_attack)
    page.hover('.rb-mission[data-mission="control_region_yellow"]')
    marks = page.eval_on_selector_all("path.rb-mark", "ps => ps.map(p => p.dataset.mark)")
    assert sorted(marks) == sorted(t["id"] for t in bop_attack["map_data"]["territories"] if t["continent"] == "yellow")


# -- keyboard and colour ------------------------------------------------------------------------
def _luminance(hex_colour: str) -> float:
    def lin(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(int(hex_colour[i : i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    x, y = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (x + 0.05) / (y + 0.05)


def focused(page: Any) -> str | None:
    return page.evaluate("() => document.activeElement?.dataset?.territory ?? null")


def test_the_map_is_one_tab_stop_and_the_keyboard_reaches_a_territory_in_a_few_presses(page, classic_attack):
    at_width(page, 950, classic_attack)
    page.focus(".rb-undo")
    page.keyboard.press("Tab")
    assert focused(page) == classic_attack["selected"]  # the map's tab stop: the selected source
    page.keyboard.press("Tab")
    assert focused(page) is None  # one more Tab leaves the map for the controls
    page.keyboard.press("Shift+Tab")
    assert focused(page) == classic_attack["selected"]
    # typing a name's first letters goes there: a target of the selected source in three presses
    target = min(classic_attack["hints"]["targets"])
    name = next(t["name"] for t in classic_attack["map_data"]["territories"] if t["id"] == target)
    presses = 0
    for ch in name.lower():
        page.keyboard.press(ch if ch != " " else "Space")
        presses += 1
        if focused(page) == target:
            break
    assert focused(page) == target and presses <= 4
    assert page.get_attribute(".rb-focus-ring", "d")  # the ring shows for a keyboard focus
    page.keyboard.press("Enter")
    assert sent(page)[-1]["territory" if "territory" in sent(page)[-1] else "text"].endswith(target) or target in str(
        sent(page)[-1]
    )
    # arrow keys go to the nearest territory that way
    page.keyboard.press("Home")
    assert focused(page) == classic_attack["map_data"]["territories"][0]["id"]
    start = page.evaluate(
        "() => window.__model.get('map_data').territories.find(t => t.id === document.activeElement.dataset.territory).badge"
    )
    page.keyboard.press("ArrowRight")
    now = page.evaluate(
        "() => window.__model.get('map_data').territories.find(t => t.id === document.activeElement.dataset.territory).badge"
    )
    assert now[0] > start[0]
    page.keyboard.press("ArrowDown")
    later = page.evaluate(
        "() => window.__model.get('map_data').territories.find(t => t.id === document.activeElement.dataset.territory).badge"
    )
    assert later[1] > now[1]


@pytest.mark.parametrize("board", ["classic_attack", "bop_attack"])
def test_the_focus_ring_contrasts_with_every_fill(page, request, board):
    traits = request.getfixturevalue(board)
    at_width(page, 950, traits)
    owners = traits["view"]["owner"]
    ids = [t["id"] for t in traits["map_data"]["territories"]]
    page.focus(".rb-undo")
    page.keyboard.press("Tab")
    checked = set()
    for owner in sorted(set(owners)):
        tid = ids[owners.index(owner)]
        page.focus(f'path[data-territory="{tid}"]')
        fill = page.get_attribute(f'path[data-territory="{tid}"]', "fill")
        assert fill == traits["players"][owner]["colour"]
        ring = page.get_attribute(".rb-focus-ring", "stroke")
        halo = page.get_attribute(".rb-focus-halo", "stroke")
        assert page.get_attribute(".rb-focus-ring", "d")
        assert contrast(ring, fill) >= 3, (fill, ring)
        assert contrast(ring, halo) >= 3
        checked.add(fill.upper())
    assert len(checked) == len(set(owners))
    if board == "classic_attack":
        assert {"#E69F00", "#F0E442"} <= checked  # the orange and yellow players (amber was 1.3:1)


def test_owners_have_badge_shapes_shown_in_the_players_table(page, classic_attack):
    at_width(page, 950, classic_attack)
    shapes = page.eval_on_selector_all("g[data-badge]", "gs => gs.map(g => [g.dataset.badge, g.dataset.shape])")
    owners = classic_attack["view"]["owner"]
    ids = [t["id"] for t in classic_attack["map_data"]["territories"]]
    for tid, shape in shapes:
        assert shape == classic_attack["players"][owners[ids.index(tid)]]["shape"]
    assert len({s for _, s in shapes}) == len(PLAYERS)
    assert page.locator(".rb-players .rb-swatch-shape").count() == len(PLAYERS)


# -- layout ---------------------------------------------------------------------------------------
def test_the_balance_of_power_map_is_whole(page, bop_attack):
    at_width(page, 950, bop_attack)
    outside = page.evaluate("""() => {
      const svg = document.querySelector('svg.rb-map');
      const [x, y, w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
      return [...svg.querySelectorAll('path[data-territory]')].filter((p) => {
        const b = p.getBBox();
        return b.x < x || b.y < y || b.x + b.width > x + w - 1 || b.y + b.height > y + h - 1;
      }).map((p) => p.dataset.territory);
    }""")
    assert outside == []


@pytest.mark.parametrize("phase", ["hospital", "attack"])
def test_no_blank_space_under_the_map(page, phase):
    traits = board_traits(command_room(phase=phase))
    at_width(page, 950, traits)
    gap = page.evaluate("""() => {
      const main = document.querySelector('.rb-main');
      const last = main.lastElementChild.getBoundingClientRect();
      const side = document.querySelector('.rb-side').getBoundingClientRect();
      return [Math.round(main.getBoundingClientRect().bottom - last.bottom), Math.round(side.bottom - last.bottom)];
    }""")
    assert gap[0] <= 1 and gap[1] <= 1, gap


@pytest.mark.parametrize("width", [1100, 950, 700])
@pytest.mark.parametrize("board", ["classic_attack", "bop_attack"])
def test_the_players_table_is_not_cut_off(page, request, board, width):
    at_width(page, width, request.getfixturevalue(board))
    widths = page.evaluate("""() => {
      const card = document.querySelector('.rb-players-card');
      const table = card.querySelector('table');
      const pad = parseFloat(getComputedStyle(card).paddingLeft) + parseFloat(getComputedStyle(card).paddingRight);
      return [table.scrollWidth, card.clientWidth - pad];
    }""")
    assert widths[0] <= widths[1] + 0.5, widths
