"""The hot-seat pass screen in the browser: between two humans' decisions it covers the map with
"Pass the device to …" and shows no hand or mission; its button reveals the player's own cards
and secret mission; a teacher's board lists every player's secrets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import riskboard as rb
from riskboard.widget.board import Board

from .helpers import click_territory, real_board

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/riskboard-shots/hotseat")


def _game() -> rb.Game:
    return rb.new_game("classic", variant="secret_missions", players=["Ada", "Bo", "Cy"], seed=918273647)


def test_the_pass_screen_shows_and_its_button_reveals_the_players_own_secrets(page: Any, tmp_path: Path) -> None:
    game = _game()
    board = Board(game, secrecy="hot_seat")
    real_board(page, board)
    screen = page.locator(".rb-pass")
    assert screen.is_visible() and "Pass the device to Ada" in screen.inner_text()
    assert not page.locator(".rb-mission-note").is_visible()
    assert "no hand shown" in page.inner_text(".rb-hand-card")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "pass-screen.png"))
    page.click(".rb-pass-btn")
    page.wait_for_selector(".rb-pass", state="hidden")
    mission = game.view("Ada").mission
    goal = game.ruleset.mission_goal(game.config, mission or "")
    assert goal is not None and goal.text in page.inner_text(".rb-mission-note")
    assert "CARDS · ADA" in page.inner_text(".rb-hand-card").upper()
    page.screenshot(path=str(SHOTS / "revealed.png"))
    click_territory(page, board.hints["place"][0])  # Ada claims: the device goes to Bo
    page.wait_for_selector(".rb-pass:not([hidden])")
    assert "Pass the device to Bo" in page.inner_text(".rb-pass")
    assert not page.locator(".rb-mission-note").is_visible() and board.pass_to == "Bo"
    assert game.pending.player == "Bo"


def test_a_teachers_board_lists_every_players_secrets(page: Any) -> None:
    game = _game()
    board = Board(game, secrecy="teacher")
    real_board(page, board)
    assert not page.locator(".rb-pass").is_visible()
    text = page.inner_text(".rb-secrets-card")
    for p in game.players:
        goal = game.ruleset.mission_goal(game.config, game.view(p).mission or "")
        assert p in text and goal is not None and goal.text in text
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "teacher.png"), full_page=True)
