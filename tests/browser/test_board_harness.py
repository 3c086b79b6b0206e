"""The board's front end (``js/board.js``) in headless Chromium, mounted on a fake anywidget model
whose traits come from real games (``board_traits``): drawing, intents, re-rendering, cleanup."""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any

import pytest

import riskboard as rb

from .board_traits import after_one_attack, best_source, board_traits, hints, mid_game_attack, play_until
from .helpers import click_territory, mount, real_board, sent, territory, update

pytestmark = pytest.mark.browser

PLAYERS = ["Ada", "Bo", "Cy", "Dee"]


# -- games and traits ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def claim_traits() -> dict[str, Any]:
    """Setup: the first claim of a three-player game."""
    return board_traits(rb.new_game("classic", players=PLAYERS[:3], seed=7))


@pytest.fixture(scope="module")
def attack_game() -> rb.Game:
    """Mid-game: an attack decision with a strong source, two or more targets and three cards."""
    return mid_game_attack()


@pytest.fixture(scope="module")
def attack_traits(attack_game: rb.Game) -> dict[str, Any]:
    return board_traits(attack_game, selected=best_source(attack_game))


def percent(p: float) -> str:
    """How the board writes a probability: whole percent, never 0% or 100% unless exact."""
    r = round(100 * p)
    return "<1%" if r == 0 < p else ">99%" if r == 100 > 100 * p else f"{r}%"


# -- drawing ---------------------------------------------------------------------------------------
def test_renders_every_territory_once(page, claim_traits):
    mount(page, claim_traits)
    ids = page.eval_on_selector_all("path[data-territory]", "ps => ps.map(p => p.dataset.territory)")
    assert ids == [t["id"] for t in claim_traits["map_data"]["territories"]]
    assert len(ids) == 42
    alaska = territory(page, "alaska")
    assert alaska.get_attribute("tabindex") == "0"
    assert alaska.locator("title").text_content() == "Alaska: unclaimed"
    assert page.locator(".rb-seas polyline").count() >= len(claim_traits["map_data"]["sea_lines"])
    assert "Cy to claim a territory" in page.inner_text(".rb-prompt")


def test_fills_badges_and_titles_follow_the_view(page, attack_traits):
    mount(page, attack_traits)
    view = attack_traits["view"]
    colours = [p["colour"] for p in attack_traits["players"]]
    assert territory(page, "japan").get_attribute("fill") == colours[view["owner"][32]]
    new = copy.deepcopy(view)
    new["owner"][32] = (view["owner"][32] + 1) % len(colours)
    new["armies"][32] = 17
    update(page, view=new)
    assert territory(page, "japan").get_attribute("fill") == colours[new["owner"][32]]
    assert page.text_content('[data-badge="japan"] text') == "17"
    owner = attack_traits["players"][new["owner"][32]]["name"]
    assert territory(page, "japan").locator("title").text_content() == f"Japan: {owner}, 17 armies"


def test_the_player_table_and_turn_header(page, attack_traits):
    mount(page, attack_traits)
    view = attack_traits["view"]
    assert page.inner_text(".rb-turn-name") == view["current"]
    rows = page.locator(".rb-players tbody tr")
    assert rows.count() == 4
    first = view["stats"]["Ada"]
    cells = rows.nth(0).locator("td").all_inner_texts()
    assert cells[1].startswith("Ada")
    assert cells[3:] == [str(first["territories"]), str(first["armies"]), str(first["cards"])]
    assert page.locator(".rb-steps li.rb-on").inner_text() == "Attack"


# -- intents ---------------------------------------------------------------------------------------
def test_a_click_sends_the_territory_and_state_id(page, claim_traits):
    mount(page, claim_traits)
    click_territory(page, "indonesia")
    assert sent(page) == [{"kind": "click", "territory": "indonesia", "state_id": claim_traits["state_id"]}]


def test_enter_and_space_on_a_focused_territory_click_it(page, claim_traits):
    mount(page, claim_traits)
    territory(page, "brazil").focus()
    page.keyboard.press("Enter")
    territory(page, "peru").focus()
    page.keyboard.press(" ")
    sid = claim_traits["state_id"]
    assert sent(page) == [
        {"kind": "click", "territory": "brazil", "state_id": sid},
        {"kind": "click", "territory": "peru", "state_id": sid},
    ]


def test_targets_show_the_odds_and_the_attack_controls_send_actions(page, attack_traits):
    mount(page, attack_traits)
    source = attack_traits["selected"]
    targets = attack_traits["hints"]["targets"]
    assert len(targets) >= 2
    for tid, t in targets.items():
        assert "rb-is-target" in territory(page, tid).get_attribute("class")
        assert page.text_content(f'[data-odds="{tid}"] text') == percent(t["p_win"])
    assert "rb-is-selected" in territory(page, source).get_attribute("class")
    best = max(targets, key=lambda t: targets[t]["p_win"])
    assert page.input_value(".rb-attack-ctl select") == best
    page.click(".rb-roll")
    page.click(".rb-attack-ctl [data-dice='1']")
    page.click(".rb-roll")
    page.click(".rb-blitz")
    sid = attack_traits["state_id"]
    max_dice = targets[best]["dice"]
    assert sent(page) == [
        {"kind": "action", "text": f"attack {source} {best} {max_dice}", "state_id": sid},
        {"kind": "action", "text": f"attack {source} {best} 1", "state_id": sid},
        {"kind": "action", "text": f"blitz {source} {best}", "state_id": sid},
    ]
    update(page, hints={**attack_traits["hints"], "targets": {}}, selected="")
    assert page.locator("[data-odds]:visible").count() == 0
    assert not page.is_visible(".rb-attack-ctl")


def test_a_battle_too_large_for_the_odds_is_still_offered(page):
    """A source beyond the battles the exact odds are worked out for (``p_win`` is ``None``): the
    target is offered, its pill and the attack control say the odds are not shown, and Roll attacks."""
    world = rb.load_map("world")
    position = {t: ("Bo", 2) for t in world.ids}
    for t in world.region("north_america").territories:
        position[t] = ("Ada", 1)
    position["alaska"] = ("Ada", 5000)
    game = rb.new_game("classic", players=["Ada", "Bo"], position=position, current_player="Ada", phase="attack")
    traits = board_traits(game, selected="alaska")
    assert traits["hints"]["targets"]["kamchatka"]["p_win"] is None
    mount(page, traits)
    assert "rb-is-target" in territory(page, "kamchatka").get_attribute("class")
    assert page.text_content('[data-odds="kamchatka"] text') == "?"
    assert page.inner_text(".rb-attack-ctl .rb-odds") == "no odds shown (a battle this large)"
    assert "rb-unknown" in page.get_attribute(".rb-attack-ctl .rb-odds", "class")
    assert "odds are worked out for battles of up to 1,000 armies a side" in territory(page, "kamchatka").get_attribute(
        "aria-label"
    )
    page.click(".rb-roll")
    assert sent(page) == [{"kind": "action", "text": "attack alaska kamchatka 3", "state_id": traits["state_id"]}]


def test_defend_buttons_send_defend_n(page):
    game = rb.new_game("classic", players=PLAYERS[:3], seed=5, setup="deal", options={"ask_defender": True})
    play_until(game, "defend", where=lambda g: hints(g)["defend"]["max"] == 2)
    traits = board_traits(game)
    mount(page, traits)
    buttons = page.locator(".rb-defend-ctl button")
    assert buttons.all_inner_texts() == ["Defend with 1 die", "Defend with 2 dice"]
    page.click(".rb-defend-2")
    page.click(".rb-defend-1")
    sid = traits["state_id"]
    assert sent(page) == [
        {"kind": "action", "text": "defend 2", "state_id": sid},
        {"kind": "action", "text": "defend 1", "state_id": sid},
    ]


def test_occupy_control_sends_occupy_n(page):
    game = rb.new_game("classic", players=PLAYERS[:3], seed=5, setup="deal")
    play_until(game, "occupy", where=lambda g: g.state.battle[4] - g.state.battle[3] >= 1)
    traits = board_traits(game)
    occ = traits["hints"]["occupy"]
    mount(page, traits)
    assert page.input_value(".rb-occupy-count") == str(occ["max"])
    page.click(".rb-occupy-move")
    page.fill(".rb-occupy-count", str(occ["min"]))
    page.click(".rb-occupy-move")
    sid = traits["state_id"]
    assert sent(page) == [
        {"kind": "action", "text": f"occupy {occ['max']}", "state_id": sid},
        {"kind": "action", "text": f"occupy {occ['min']}", "state_id": sid},
    ]


def test_trading_a_highlighted_set_sends_trade(page):
    game = rb.new_game("classic", players=PLAYERS[:3], seed=5, setup="deal")
    play_until(game, "trade")
    traits = board_traits(game)
    sets = [t["cards"] for t in traits["hints"]["trades"]]
    mount(page, traits)
    assert page.locator(".rb-cardface").count() == len(traits["view"]["hand"])
    in_sets = {c for s in sets for c in s}
    assert page.eval_on_selector_all(".rb-cardface.rb-in-set", "cs => cs.map(c => c.dataset.card)") == [
        c["id"] for c in traits["view"]["hand"] if c["id"] in in_sets
    ]
    assert page.locator(".rb-set").count() == len(sets)
    page.locator(".rb-set .rb-trade").nth(1).click()
    assert sent(page) == [{"kind": "action", "text": "trade " + " ".join(sets[1]), "state_id": traits["state_id"]}]


def test_fortify_target_opens_a_count_control(page):
    game = rb.new_game("classic", players=PLAYERS[:3], seed=5, setup="deal")
    play_until(
        game,
        "fortify",
        where=lambda g: any(max(hints(g, s)["fortify"].values(), default=0) >= 2 for s in hints(g)["sources"]),
    )
    source = next(s for s in hints(game)["sources"] if max(hints(game, s)["fortify"].values(), default=0) >= 2)
    traits = board_traits(game, selected=source)
    target, most = next(iter(traits["hints"]["fortify"].items()))
    mount(page, traits)
    assert not page.is_visible(".rb-fortify-ctl")
    click_territory(page, target)
    assert page.is_visible(".rb-fortify-ctl")
    assert page.input_value(".rb-fortify-count") == str(most)
    page.fill(".rb-fortify-count", "1")
    page.click(".rb-fortify-move")
    assert sent(page) == [{"kind": "action", "text": f"fortify {source} {target} 1", "state_id": traits["state_id"]}]


def test_place_n_control_and_end_phase(page):
    game = rb.new_game("classic", players=PLAYERS[:3], seed=5, setup="deal")
    play_until(game, "place", where=lambda g: g.phase == "reinforce" and g.reinforcements >= 3)
    traits = board_traits(game)
    where = traits["hints"]["place"][-1]
    mount(page, traits)
    click_territory(page, where)
    assert page.input_value(".rb-place-ctl select") == where
    page.fill(".rb-place-ctl input", "2")
    page.click(".rb-place-ctl button")
    sid = traits["state_id"]
    assert sent(page) == [
        {"kind": "click", "territory": where, "state_id": sid},
        {"kind": "action", "text": f"place 2 {where}", "state_id": sid},
    ]


def test_bot_seat_and_teacher_controls(page, attack_traits):
    mount(page, attack_traits)
    page.select_option('select.rb-seat[data-player="Bo"]', "Aggressive")
    page.click(".rb-bots-card button:has-text('Step')")
    page.click(".rb-bots-card button:has-text('Play to end')")
    page.fill(".rb-teacher-card input[aria-label='attack die 1']", "6")
    page.fill(".rb-teacher-card input[aria-label='attack die 2']", "5")
    page.fill(".rb-teacher-card input[aria-label='defence die 1']", "4")
    page.click(".rb-set-dice")
    sid = attack_traits["state_id"]
    assert sent(page) == [
        {"kind": "set_seat", "player": "Bo", "seat": "Aggressive", "state_id": sid},
        {"kind": "step", "state_id": sid},
        {"kind": "play", "state_id": sid},
        {"kind": "set_dice", "attack": [6, 5], "defend": [4], "state_id": sid},
    ]
    update(page, next_dice={"attack": [6, 5], "defend": [4]}, busy=True)
    assert page.locator(".rb-next-dice svg").count() == 3
    assert page.is_disabled(".rb-bots-card button:has-text('Step')")
    assert page.is_enabled(".rb-bots-card button:has-text('Stop')")
    assert page.is_disabled(".rb-roll")
    page.click(".rb-bots-card button:has-text('Stop')")
    assert sent(page)[-1] == {"kind": "stop", "state_id": sid}
    # issue 21, item 5: while bots play to the end, the note says how far the game has come
    turn = attack_traits["view"]["turn"]
    assert page.inner_text(".rb-busy") == f"bots are playing… (turn {turn})"
    update(page, view={**attack_traits["view"], "turn": turn + 5}, state_id=sid + 40)
    assert page.inner_text(".rb-busy") == f"bots are playing… (turn {turn + 5})"


# -- feedback --------------------------------------------------------------------------------------
def test_the_error_banner_shows_the_message_until_the_next_success(page, claim_traits):
    mount(page, claim_traits)
    assert not page.is_visible(".rb-error")
    message = "Alaska is already claimed by Ada: claim an empty territory"
    update(page, error={"code": "action/occupied", "message": message})
    assert page.is_visible(".rb-error")
    assert page.inner_text(".rb-error-msg") == message
    # issue 21, item 5: the banner leaves the zoom buttons free to press
    banner, zoom = page.locator(".rb-error").bounding_box(), page.locator(".rb-zoom").bounding_box()
    assert banner and zoom
    assert banner["x"] >= zoom["x"] + zoom["width"] or banner["y"] + banner["height"] <= zoom["y"], (banner, zoom)
    update(page, error={})
    assert not page.is_visible(".rb-error")


def test_the_last_throw_is_drawn_with_losses(page, attack_traits):
    mount(page, attack_traits)
    t = attack_traits
    source = t["selected"]
    target = next(iter(t["hints"]["targets"]))
    owners = [p["name"] for p in t["players"]]
    defender = owners[t["view"]["owner"][[x["id"] for x in t["map_data"]["territories"]].index(target)]]
    throw = {
        "attack": [6, 3, 2],
        "defend": [5, 4],
        "attack_sides": [6, 6, 6],  # every field the schema requires (a missing one is an error)
        "defend_sides": [6, 6],
        "pair_winners": ["attacker", "defender"],  # as Python's rules say (dice_payload)
        "attacker_losses": 1,
        "defender_losses": 1,
        "source": source,
        "target": target,
        "attacker": t["view"]["current"],
        "defender": defender,
        "seq": t["state_id"] + 1,
    }
    update(page, dice=throw, event_log=[*t["event_log"], "a throw"])
    assert page.eval_on_selector_all(".rb-die-attack", "ds => ds.map(d => +d.dataset.value)") == [6, 3, 2]
    assert page.eval_on_selector_all(".rb-die-defend", "ds => ds.map(d => +d.dataset.value)") == [5, 4]
    assert page.eval_on_selector_all(".rb-lost", "ds => ds.map(d => d.dataset.value)") == ["5", "3"]
    assert page.locator(".rb-loss").all_inner_texts() == [f"{throw['attacker']} −1", f"{defender} −1"]
    assert page.locator(".rb-log li").last.inner_text() == "a throw"
    # issue 21, item 5: the mark of a lost die leaves its value readable (no cross over the face)
    marks = page.eval_on_selector_all(
        ".rb-lost",
        """ds => ds.map(d => {
            const box = (d.querySelector(".rb-die-face") || d).getBoundingClientRect(), mark = getComputedStyle(d, "::after");
            return [parseFloat(mark.width) * parseFloat(mark.height) / (box.width * box.height), mark.backgroundImage];
        })""",
    )
    assert marks and all(share < 0.25 and image == "none" for share, image in marks), marks


def test_cleanup_removes_every_listener(page, attack_traits):
    mount(page, attack_traits)
    assert page.evaluate("() => window.__model._listenerCount()") > 0
    page.evaluate("() => window.__handle.cleanup()")
    assert page.evaluate("() => window.__model._listenerCount()") == 0
    assert page.locator(".rb-board").count() == 0
    update(page, view=attack_traits["view"], error={"code": "x", "message": "after cleanup"})


def test_a_view_taken_out_of_its_output_stops_listening(page, attack_traits):
    """JupyterLab renders a board's output anew when the kernel updates its picture, dropping the old
    view's element without removing the view: that view stops listening at the next change."""
    mount(page, attack_traits)
    page.wait_for_timeout(50)  # the view notes that it was placed
    listening = page.evaluate("() => window.__model._listenerCount()")
    update(page, error={"code": "x", "message": "still placed"})  # a placed view keeps listening
    assert page.evaluate("() => window.__model._listenerCount()") == listening
    page.evaluate("() => document.getElementById('root').replaceWith('Loading widget...')")  # el, out of its output
    update(page, error={"code": "x", "message": "after the output was drawn anew"})
    # only the module's own listener stays, which applies the kernel's patches for every view of
    # the model (js/board.js initialize; it goes with the model)
    assert page.evaluate("() => window.__model._listenerCount()") == 1


def test_round_trip_with_the_real_board(page):
    """Clicks go to a real ``riskboard.Board`` (``expose_function`` plays the kernel) and the
    traits it changes come back: the front end and the Python side agree on the contract, and the
    front end writes no trait (the kernel would refuse it)."""
    from riskboard.widget.board import Board

    board = Board(rb.new_game("classic", players=PLAYERS[:3], seed=7))
    real_board(page, board)
    claimer = board.game.pending.player
    colour = next(p["colour"] for p in board.players if p["name"] == claimer)
    click_territory(page, "indonesia")
    page.wait_for_function(
        "([id, c]) => document.querySelector(`path[data-territory=${id}]`).getAttribute('fill') === c",
        arg=["indonesia", colour],
    )
    assert board.game.owner("indonesia") == claimer
    assert page.text_content('[data-badge="indonesia"] text') == "1"
    click_territory(page, "indonesia")  # already claimed: refused, and said so on the board
    page.wait_for_selector(".rb-error:visible")
    assert page.inner_text(".rb-error-msg") == board.error["message"]
    click_territory(page, "japan")
    page.wait_for_selector(".rb-error", state="hidden")
    assert board.game.owner("japan") is not None
    assert [m["state_id"] for m in sent(page)] == [0, 1, 1]
    assert page.evaluate("() => window.__model._written") == []  # the kernel owns every trait


# -- a look ----------------------------------------------------------------------------------------
def test_screenshot_of_a_mid_game_board(page, attack_game, attack_traits, tmp_path):
    """Screenshot of a mid-game board, for a human to look at (not compared): ``$RISKBOARD_SHOT``,
    default: the test's temp folder. The front end's render time is measured by
    ``benchmarks/widget.py --browser``, not here."""
    shot = Path(os.environ.get("RISKBOARD_SHOT") or tmp_path / "board_harness.png")
    t = after_one_attack(attack_game, attack_traits)
    mount(page, t)
    page.wait_for_timeout(900)  # let the dice animation finish for the picture
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000


@pytest.mark.parametrize("name", ["You", "Ada"])
def test_the_hand_is_titled_so_that_any_player_name_reads_right(page, name):
    """Issue 21, item 5: a player named "You" (the quick start's choice) saw "Cards of You"; the
    title names the holder after the word, which reads right for any name, in both card panels."""
    for edition in ("classic", "risk2010"):
        game = rb.new_game(edition, players=[name, "Bo", "Cy"], seed=5)
        mount(page, board_traits(game))
        title = page.locator(".rb-hand-card").first.inner_text().splitlines()[0].lower()  # drawn in capitals
        assert title == f"cards · {game.current_player}".lower(), (edition, title)
