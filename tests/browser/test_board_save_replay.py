"""Save, load and replay in the browser, against a real ``riskboard.Board`` (Playwright's
``expose_function`` plays the kernel, custom messages included): Save downloads the game as a
file, Load of a file shows that game (another edition too) and a corrupt file shows its
``FormatError`` on the board, and the replay slider, its keys and Live move the map."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

import riskboard as rb
from riskboard.engine.actions import Blitz
from riskboard.engine.events import DiceRolled

from .board_traits import CONTRACT
from .helpers import click_territory, kernel_twin, mount

pytestmark = pytest.mark.browser
UNCLAIMED = "#F4F1EA"


def kernel_board(page: Any, board: rb.Board) -> None:
    """Mount ``board`` with every intent going to it; the trait updates and the custom messages
    (patches, a saved file) it sends come back to the page."""
    page.expose_function("pySend", kernel_twin(board))
    mount(page, board.get_state(key=list(CONTRACT)))


def played(actions: int, *, setup: str = "claim") -> rb.Game:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=4, setup=setup)
    bots = {p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}
    while not game.is_over and len(game.actions) < actions:
        player = game.pending.player
        assert player is not None
        game.apply(bots[player].act(game.view(player)), player=player)
    return game


def fills(page: Any) -> dict[str, str]:
    return page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('svg.rb-map path[data-territory]')]"
        ".map((p) => [p.dataset.territory, p.getAttribute('fill')]))"
    )


def expected_fills(game: rb.Game, board: rb.Board) -> dict[str, str]:
    colours = {p["name"]: p["colour"] for p in board.players}
    return {t: colours[o] if (o := game.owner(t)) else UNCLAIMED for t in game.map.ids}


def wait_for_step(page: Any, step: int) -> None:
    page.wait_for_function("s => document.querySelector('.rb-replay-slider').value === String(s)", arg=step)


def test_save_downloads_the_game_as_a_file(page: Any, tmp_path: Path) -> None:
    game = played(150)
    board = rb.Board(game)
    kernel_board(page, board)
    with page.expect_download() as info:
        page.click(".rb-save")
    download = info.value
    assert download.suggested_filename == f"riskboard-classic-turn-{game.turn}.json"
    target = tmp_path / download.suggested_filename
    download.save_as(str(target))
    assert target.read_text(encoding="utf-8") == game.to_json()
    assert rb.Game.from_json(target.read_text(encoding="utf-8")).to_json() == game.to_json()


def test_save_is_hidden_in_hot_seat_play(page: Any) -> None:
    board = rb.Board(played(10))
    traits = board.get_state(key=list(CONTRACT))
    mount(page, {**traits, "secrecy": "hot_seat"})
    assert page.locator(".rb-save").is_hidden() and page.locator(".rb-load").is_visible()


def test_load_of_a_file_shows_the_game_and_a_corrupt_file_the_error(page: Any, tmp_path: Path) -> None:
    saved = rb.new_game("risk2010", players=["Ada", "Bo", "Cy", "Dee"], seed=2)
    saved.play({p: rb.bots.Aggressive(seed=1) for p in saved.players}, max_turns=3)
    good = tmp_path / "lesson.json"
    good.write_text(saved.to_json(), encoding="utf-8")
    board = rb.Board(played(20))
    kernel_board(page, board)
    page.set_input_files(".rb-load-file", str(good))
    page.wait_for_selector(f".rb-board.rb-map-{saved.map.id}")
    assert board.error == {} and board.game.to_json() == saved.to_json()
    page.wait_for_function(
        "n => document.querySelectorAll('svg.rb-map path[data-territory]').length === n", arg=len(saved.map.ids)
    )
    assert fills(page) == expected_fills(board.game, board)
    assert page.locator(".rb-board").count() == 1  # the old edition's view was replaced, not kept
    before = fills(page)
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text(saved.to_json()[:-40], encoding="utf-8")
    page.set_input_files(".rb-load-file", str(corrupt))
    page.wait_for_selector(".rb-error:visible")
    assert page.inner_text(".rb-error-msg") == board.error["message"]
    assert page.inner_text(".rb-error-code") == "format/json"
    assert board.game.to_json() == saved.to_json() and fills(page) == before


def test_the_replay_slider_its_keys_and_live_move_the_map(page: Any, tmp_path: Path) -> None:
    game = played(260)
    steps = len(game.actions)
    board = rb.Board(game)
    kernel_board(page, board)
    live = fills(page)
    page.click(".rb-replay-open")
    page.wait_for_selector(".rb-replay-bar:visible")
    wait_for_step(page, steps)
    assert page.locator(".rb-undo").is_disabled()
    slider = page.locator(".rb-replay-slider")
    slider.focus()
    page.keyboard.press("Home")
    wait_for_step(page, 0)
    assert set(fills(page).values()) == {UNCLAIMED}
    page.keyboard.press("ArrowRight")
    wait_for_step(page, 1)
    assert sorted(fills(page).values()).count(UNCLAIMED) == len(game.map.ids) - 1
    record = game.record()
    for step in (60, 140, steps - 3):
        slider.fill(str(step))
        wait_for_step(page, step)
        past = rb.replay({**record, "actions": record["actions"][:step]})
        assert fills(page) == expected_fills(past, board), step
        assert page.inner_text(".rb-replay-label") == f"step {step} of {steps}"
    # a click that would act is refused, and says how to get back
    click_territory(page, game.map.ids[0])
    page.wait_for_selector(".rb-error:visible")
    assert page.inner_text(".rb-error-code") == "replay/active"
    # a blitz step: its throws under the last throw, for the screenshot
    thrown = {
        i + 1: sum(isinstance(e, DiceRolled) for e in events)
        for i, (a, events) in enumerate(game.history)
        if isinstance(a, Blitz) and i + 1 < steps
    }
    blitz = max(thrown, key=lambda step: (thrown[step], step))
    assert thrown[blitz] > 1
    slider.fill(str(blitz))
    wait_for_step(page, blitz)
    page.wait_for_selector(".rb-replay-throws:visible")
    assert page.locator(".rb-replay-throws li").count() == thrown[blitz]
    assert page.locator(".rb-actions").evaluate("e => getComputedStyle(e).visibility") == "hidden"
    shot = Path(os.environ.get("RISKBOARD_REPLAY_SHOT") or tmp_path / "board_replay.png")
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    page.click(".rb-replay-live")
    page.wait_for_selector(".rb-replay-bar", state="hidden")
    assert fills(page) == live and board.replaying == {}
    assert page.locator(".rb-undo").is_enabled()
