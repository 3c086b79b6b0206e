"""The board on a projector (1280 × 720) and at a notebook's 950 px, in every edition: the map takes
most of the width, every army count is 14 px or more, no label covers another, full screen opens
and closes; and the front end's stumbles of issue 21 (outlines after the bots, keys kept from
JupyterLab, a focus ring JupyterLab's theme cannot hide, the hover name, the legend)."""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any

import pytest

import riskboard as rb
from bop_scenarios import command_room

from . import scenarios_2010, scenarios_tf
from .board_traits import best_source, board_traits, mid_game_attack, play_until
from .helpers import mount, sent, update
from .test_map_ui import HARNESS_PADDING, labels, overlaps

pytestmark = pytest.mark.browser

SIZES = [(1280, 720), (950, 720)]
SHOTS = Path(os.environ.get("RISKBOARD_SHOTS", "/tmp/riskboard-shots"))
LABEL_KINDS = {"count", "odds", "name", "region", "symbol"}


@pytest.fixture(scope="module")
def editions() -> dict[str, dict[str, Any]]:
    """A position of each edition in its attack step, a source selected where the edition has odds."""
    classic = mid_game_attack(cards=0, armies=0)
    return {
        "classic": board_traits(classic, selected=best_source(classic)),
        "balance_of_power": board_traits(command_room(phase="attack"), selected="germany"),
        "risk2010": board_traits(scenarios_2010.simple_game()),
        "transformers": board_traits(scenarios_tf.liberation(), selected="ontario"),
    }


def at(page: Any, size: tuple[int, int], traits: dict[str, Any]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    mount(page, traits)


def rect(page: Any, selector: str) -> dict[str, float]:
    return page.evaluate(
        "s => { const r = document.querySelector(s).getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height, bottom: r.bottom}; }",
        selector,
    )


COUNT_BOXES = """() => [...document.querySelectorAll('g[data-badge]')].filter((g) => g.style.display !== 'none')
  .map((g) => { const t = g.querySelector('text'); const r = t.getBoundingClientRect();
    return [g.dataset.badge, r.height, parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a]; })"""


# -- the layout at a projector's size and at 950 px -----------------------------------------------
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("edition", ["classic", "balance_of_power", "risk2010", "transformers"])
def test_the_map_is_large_its_counts_legible_and_no_label_covers_another(page, editions, edition, size):
    traits = editions[edition]
    at(page, size, traits)
    board = rect(page, ".rb-board")
    assert abs(board["width"] - (size[0] - HARNESS_PADDING)) < 1
    share = rect(page, "svg.rb-map")["width"] / board["width"]
    if edition == "balance_of_power":
        # Europe is about as high as wide: its missions and hospital stay beside it, so that the
        # whole map and the action bar under it fit on the screen
        assert share >= 0.6, share
    else:
        # the world is wide: the map takes the whole width, the edition's panels go under it
        assert share >= 0.9, share
    counts = page.evaluate(COUNT_BOXES)
    assert len(counts) == len(traits["map_data"]["territories"])
    small = [(tid, round(h, 1), round(size_px, 1)) for tid, h, size_px in counts if h < 14 or size_px < 14 - 0.01]
    assert small == []
    # only a map with difficult terrain has a legend under it
    assert page.locator(".rb-legend").count() == (edition == "balance_of_power")
    labs = labels(page)
    assert {"count", "name", "region"} <= {k for k, *_ in labs}
    assert overlaps(labs, LABEL_KINDS) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"projector-{edition}-{size[0]}.png"))


@pytest.mark.parametrize("edition", ["classic", "balance_of_power", "risk2010", "transformers"])
def test_full_screen_opens_with_the_map_filling_it_and_closes(page, editions, edition):
    at(page, (1280, 720), editions[edition])
    before = rect(page, "svg.rb-map")
    badge = page.get_attribute("g[data-badge]", "transform")
    assert page.text_content(".rb-fullscreen").endswith("Full screen")
    page.click(".rb-fullscreen")
    page.wait_for_function("() => document.fullscreenElement === document.querySelector('.rb-board')")
    page.wait_for_function("() => document.querySelector('.rb-fullscreen').getAttribute('aria-pressed') === 'true'")
    board = rect(page, ".rb-board")
    assert board["width"] == 1280 and board["height"] == 720
    page.wait_for_function(f"() => document.querySelector('g[data-badge]').getAttribute('transform') !== '{badge}'")
    svg = rect(page, "svg.rb-map")
    # the map and the action bar under it are on the screen whole
    assert rect(page, ".rb-actions")["bottom"] <= 720 and svg["y"] >= 0
    if edition == "balance_of_power":
        assert svg["height"] >= 420  # as high as the screen leaves room for
    else:
        assert svg["width"] >= 0.97 * 1280 > before["width"]
    assert overlaps(labels(page), LABEL_KINDS) == []
    assert min(s for _, _, s in page.evaluate(COUNT_BOXES)) >= 14 - 0.01
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"fullscreen-{edition}.png"))
    # Esc closes it (as the browser's own Esc does); then the button opens and closes it again
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.fullscreenElement === null")
    page.wait_for_function("() => document.querySelector('.rb-fullscreen').getAttribute('aria-pressed') === 'false'")
    page.wait_for_function(
        f"() => Math.abs(document.querySelector('svg.rb-map').getBoundingClientRect().width - {before['width']}) < 1"
    )
    page.click(".rb-fullscreen")
    page.wait_for_function("() => document.fullscreenElement !== null")
    page.click(".rb-fullscreen")
    page.wait_for_function("() => document.fullscreenElement === null")
    # (the button follows the fullscreenchange event, which comes after fullscreenElement is null)
    page.wait_for_function("() => document.querySelector('.rb-fullscreen').getAttribute('aria-pressed') === 'false'")
    assert page.text_content(".rb-fullscreen").endswith("Full screen")
    assert sent(page) == []


# -- stumbles -------------------------------------------------------------------------------------
def test_the_outlines_come_back_when_the_bots_have_moved(page, editions):
    """The kernel sends the human's position and hints while the bots' busy flag is still up, then
    lowers the flag alone: the territories a click would act on are outlined again."""
    traits = copy.deepcopy(editions["classic"])
    traits["selected"] = ""
    traits["hints"] = board_traits(mid_game_attack(cards=0, armies=0))["hints"]
    at(page, (1280, 720), traits)
    outlined = "() => document.querySelectorAll('.rb-outline[data-hl=\"option\"]').length"
    assert page.evaluate(outlined) == len(traits["hints"]["sources"]) > 0
    update(page, busy=True)
    assert page.evaluate(outlined) == 0  # while the bots play, no outline invites a click
    update(page, state_id=traits["state_id"] + 1, view={**traits["view"]}, hints={**traits["hints"]})
    update(page, busy=False)
    assert page.evaluate(outlined) == len(traits["hints"]["sources"])


KEY_SPY = """() => { window.__keysOutside = [];
  document.addEventListener('keydown', (e) => window.__keysOutside.push(e.key)); }"""


def test_the_board_keeps_the_keys_it_handles_from_the_notebook(page):
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=4)
    play_until(game, "occupy", where=lambda g: g.state.battle[4] - g.state.battle[3] >= 2)
    at(page, (1280, 720), board_traits(game))
    assert page.get_attribute(".rb-board", "data-lm-suppress-shortcuts") == "true"
    page.evaluate(KEY_SPY)
    slider = page.locator(".rb-occupy-ctl input[type=range]")
    slider.focus()
    value = slider.input_value()
    for key in ("ArrowLeft", "ArrowLeft", "ArrowRight", "ArrowDown", "d", "Enter"):
        page.keyboard.press(key)
    assert int(slider.input_value()) == int(value) - 2  # the slider moved...
    assert page.evaluate("() => window.__keysOutside") == []  # ...and the notebook saw none of it
    page.keyboard.press("Tab")  # Tab is the browser's and the notebook's
    assert page.evaluate("() => window.__keysOutside") == ["Tab"]


def test_the_focus_ring_shows_under_jupyterlabs_theme(page, editions):
    at(page, (1280, 720), editions["classic"])
    # JupyterLab 4's own rule for buttons in its themed container, with its variables' values
    page.evaluate("""() => {
      document.body.classList.add('jp-ThemedContainer');
      const st = document.createElement('style');
      st.textContent = '.jp-ThemedContainer button:focus-visible { outline-width: 1px; outline-color: #1976d2; outline-style: solid; }';
      document.head.append(st);
    }""")
    page.focus(".rb-undo")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    ring = page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
      return [document.activeElement.className, s.outlineWidth, s.outlineColor, s.outlineStyle]; }""")
    assert "rb-btn" in ring[0] and ring[1:] == ["3px", "rgb(29, 35, 42)", "solid"], ring


def test_a_name_shown_for_the_keyboard_goes_when_the_focus_leaves_the_map(page, editions):
    page.set_viewport_size({"width": 700 + HARNESS_PADDING, "height": 900})
    mount(page, editions["classic"])
    hidden = page.eval_on_selector_all("text.rb-label.rb-name-hidden", "ts => ts.map(t => t.dataset.name)")
    assert hidden
    page.focus(".rb-undo")
    page.keyboard.press("Tab")  # onto the map, from the keyboard
    page.evaluate('id => document.querySelector(`path[data-territory="${id}"]`).focus()', hidden[0])
    assert page.locator(".rb-hover-name").is_visible()
    page.keyboard.press("Tab")  # off the map
    assert not page.locator(".rb-hover-name").is_visible()
    # the pointer's name goes when the pointer leaves, even while a territory has the focus
    x, y = page.evaluate("id => window.__harness.point(id)", hidden[-1])
    page.mouse.move(x, y)
    assert page.locator(".rb-hover-name").is_visible()
    page.mouse.move(1, 1)
    assert not page.locator(".rb-hover-name").is_visible()


def test_balance_of_power_explains_difficult_terrain_under_the_map(page, editions):
    traits = editions["balance_of_power"]
    at(page, (1280, 720), traits)
    n = traits["edition"]["difficult_terrain_dice"]
    text = page.text_content(".rb-legend")
    assert "Difficult terrain" in text and f"at most {n} dice" in text
    assert page.locator(".rb-legend-hatch").is_visible()
    assert page.locator("path.rb-hatch").count() == sum(
        1 for f in traits["edition"]["features"].values() if f.get("difficult")
    )
