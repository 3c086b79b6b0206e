"""Every panel is drawn from the kernel's state, whatever the width, and reads right for any player
name: a board mounted anew (a reloaded page, Voila) shows the last throw of the game; the teacher's
boxes show the dice the next throw will use and nothing once they are used; the move-in control
counts what ``occupy N`` and the log count; the players table fits its card; the board's own texts
with players called "You" and "Ada" break no rule of ``tests/wording.py``."""

from __future__ import annotations

from typing import Any

import pytest

import riskboard as rb
from riskboard.widget.board import Board
from wording import wrong

from .board_traits import CONTRACT, board_traits, play_until
from .helpers import mount, real_board

pytestmark = pytest.mark.browser


def duel(phase: str = "attack", **kw: Any) -> rb.Game:
    """You (Alaska, 10 armies) against Ada (everything else, 1 army each), You to move."""
    position = {t: ("Ada", 1) for t in rb.load_map("world").ids}
    position["alaska"] = ("You", 10)
    return rb.new_game("classic", players=["You", "Ada"], position=position, current_player="You", phase=phase, **kw)


def dice_shown(page: Any) -> tuple[list[int], list[int]]:
    values = "ds => ds.map(d => +d.dataset.value)"
    return page.eval_on_selector_all(".rb-die-attack", values), page.eval_on_selector_all(".rb-die-defend", values)


def test_a_board_mounted_anew_shows_the_last_throw_of_the_game(page):
    """After a reload the board is drawn from the traits alone: the last throw, thrown actions ago,
    is there, marked as not the last action's."""
    game = duel()
    game.apply("attack alaska kamchatka 3", dice=([6, 6, 6], [1]))
    game.apply("occupy 5")  # no dice: the throw is one action old
    game.apply("end")
    board = Board(game)
    assert board.dice["fresh"] is False and board.dice["attack"] == [6, 6, 6]
    mount(page, board.get_state(key=list(CONTRACT)))
    assert dice_shown(page) == ([6, 6, 6], [1])
    assert page.locator(".rb-dice-body.rb-stale").count() == 1
    assert "No dice rolled yet" not in page.inner_text(".rb-dice-card")
    assert page.locator(".rb-arrow-last").count() == 0  # the map's arrow is for the last action only


def test_a_fresh_throw_is_not_dimmed_and_no_throw_says_so(page):
    game = duel()
    mount(page, board_traits(game))
    assert "No dice rolled yet" in page.inner_text(".rb-dice-card")
    game.apply("attack alaska kamchatka 1", dice=([2], [5]))
    mount(page, board_traits(game))
    assert dice_shown(page) == ([2], [5])
    assert page.locator(".rb-dice-body.rb-stale").count() == 0
    assert page.locator(".rb-arrow-last").count() == 1


def test_the_teachers_boxes_empty_once_the_set_throw_is_used(page):
    board = Board(duel())
    real_board(page, board)
    boxes = page.locator(".rb-die-in")
    for i, v in enumerate(["6", "6", "6", "1"]):
        boxes.nth(i).fill(v)
    page.click(".rb-set-dice")
    page.wait_for_selector(".rb-teacher-card.rb-rigged")
    assert board.next_dice == {"attack": [6, 6, 6], "defend": [1]}
    assert [boxes.nth(i).input_value() for i in range(5)] == ["6", "6", "6", "1", ""]
    page.evaluate(
        "sid => window.__model.send({kind: 'action', text: 'attack alaska kamchatka 3', state_id: sid})", board.state_id
    )
    page.wait_for_selector(".rb-teacher-card:not(.rb-rigged)")
    assert board.next_dice == {} and board.game.owner("kamchatka") == "You"
    assert [boxes.nth(i).input_value() for i in range(5)] == [""] * 5
    assert "The next throw is random." in page.inner_text(".rb-teacher-card")
    assert dice_shown(page) == ([6, 6, 6], [1])  # the throw that used them, drawn as the kernel says


def test_the_move_in_control_counts_what_occupy_and_the_log_count(page):
    board = Board(duel())
    board.game.apply("attack alaska kamchatka 3", dice=([6, 6, 6], [1]))
    real_board(page, board)
    text = page.inner_text(".rb-occupy-ctl")
    assert "(3 to 9 armies, the 3 that attacked included)" in text
    assert "preset: 9, the most, leaving 1 in Alaska" in text
    assert page.input_value(".rb-occupy-count") == "9" and page.inner_text(".rb-occupy-move") == "Move 9"
    page.fill(".rb-occupy-count", "4")
    page.click(".rb-occupy-move")
    page.wait_for_function(
        "() => !document.querySelector('.rb-occupy-ctl') || document.querySelector('.rb-occupy-ctl').hidden"
    )
    assert board.game.armies("kamchatka") == 4
    assert page.locator(".rb-log li").last.inner_text() == (
        "You moved 4 armies into Kamchatka from Alaska (the 3 that attacked and 1 more)"
    )


def _texts(page: Any, traits: dict[str, Any]) -> str:
    """The whole text of a board mounted afresh with ``traits`` (the last one taken down first), its
    tooltips and labels included."""
    page.evaluate("() => window.__handle && window.__handle.cleanup()")
    mount(page, traits)
    page.wait_for_timeout(50)
    tips = page.eval_on_selector_all(
        ".rb-board [title], .rb-board [aria-label], .rb-board title",
        "es => es.map(e => e.getAttribute('title') || e.getAttribute('aria-label') || e.textContent)",
    )
    return "\n".join([page.inner_text(".rb-board"), *tips])


def test_the_boards_texts_read_right_for_you_and_ada(page):
    """Prompts, controls, panels and the log with players called "You" and "Ada", counts of 1."""
    game = duel()
    texts = [_texts(page, board_traits(game))]
    game.apply("attack alaska kamchatka 1", dice=([6], [1]))
    texts.append(_texts(page, board_traits(game)))  # the occupy control, 1 army that attacked
    game.apply("occupy 1")
    bots = board_traits(game)
    bots["seats"] = {"You": "Aggressive", "Ada": "human"}
    texts.append(_texts(page, bots))  # a bot plays You
    position = {t: ("You", 1) for t in rb.load_map("world").ids}
    position.update(alaska=("You", 3), kamchatka=("Ada", 1))
    over = rb.new_game("classic", players=["You", "Ada"], position=position, current_player="You", phase="attack")
    over.apply("attack alaska kamchatka 2", dice=([6, 6], [1]))
    texts.append(_texts(page, board_traits(over)))  # You won
    assert "You won" in texts[-1]
    for text in texts:
        assert not wrong(text, "classic"), (wrong(text, "classic"), text)
    bop = rb.new_game("balance_of_power", players=["You", "Ada"], variant="command_room", setup="free", seed=5)
    for _ in range(3):
        bop.apply(bop.legal_actions()[0])
    later = play_until(
        rb.new_game("balance_of_power", players=["You", "Ada"], variant="command_room", seed=6),
        "attack",
        where=lambda g: g.turn >= 6 and g.pending.player == "You",
    )
    for game in (bop, later):
        text = _texts(page, board_traits(game, selected=max(game.territories("You"), key=game.armies)))
        assert not wrong(text, "balance_of_power"), (wrong(text, "balance_of_power"), text)


@pytest.mark.parametrize("width", [700, 800, 900, 1000, 1100])
def test_the_players_table_fits_at_every_width(browser, server, width):
    """The seat reading "Aggressive" is not cut and the table's last column is inside its card."""
    page = browser.new_page(viewport={"width": width, "height": 900})
    try:
        page.goto(f"{server}/harness.html")
        page.wait_for_function("() => window.__harnessReady === true")
        game = rb.new_game("classic", players=["Ada", "Bo", "Cy", "Dee"], seed=5, setup="deal")
        traits = board_traits(game)
        traits["seats"] = {"Ada": "human", "Bo": "Aggressive", "Cy": "Aggressive", "Dee": "Random"}
        mount(page, traits)
        fit = page.evaluate(
            """() => {
              const card = document.querySelector('.rb-players-card');
              const table = card.querySelector('table');
              const sel = card.querySelector('select[data-player="Bo"]');
              const ctx = document.createElement('canvas').getContext('2d');
              ctx.font = getComputedStyle(sel).font;
              const inner = card.getBoundingClientRect().right - parseFloat(getComputedStyle(card).paddingRight);
              const last = table.rows[1].cells[table.rows[1].cells.length - 1].getBoundingClientRect().right;
              return {text: ctx.measureText(sel.value).width, select: sel.clientWidth, last, inner};
            }"""
        )
        assert fit["text"] + 18 <= fit["select"], fit  # the text and the menu's arrow
        assert fit["last"] <= fit["inner"] + 0.5, fit
    finally:
        page.close()
