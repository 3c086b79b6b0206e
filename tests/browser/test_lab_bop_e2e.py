"""A Balance of Power board in a real JupyterLab: it renders its missions and field-hospital
panels and the symbols on the map, a click on a Buy button reaches the game in the kernel, and a
cell that changes the game shows on the board at once.

The notebook is written by the test into the session's throwaway JupyterLab (``conftest.lab``),
never into the repository. Screenshots go to ``$RISKBOARD_ARTIFACTS`` (default: the test's temp
folder) and, for a human to look at, to ``$RISKBOARD_BOP_SHOTS`` (default: the same folder).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .notebook import BOARD, check_cell, open_and_run_all, run_cell, write_notebook

TIMEOUT_MS = int(os.environ.get("RISKBOARD_E2E_TIMEOUT_MS", "60000"))
VIEWPORT = {"width": 1400, "height": 1400}
NOTEBOOK = "bop-e2e.ipynb"

SETUP_CELL = """import riskboard as rb

europe = rb.load_map("europe")
position = {t: ("neutral", 2) for t in europe.ids}
for t in ["germany", "prussia", "poland", "czechia", "slovakia", "lithuania", "latvia", "estonia"]:
    position[t] = ("red", 4)
for t in ["great_britain", "ireland", "northern_france", "belgium", "netherlands", "southern_france"]:
    position[t] = ("blue", 3)
game = rb.new_game(
    "balance_of_power", players=["red", "blue"], variant="command_room", position=position,
    current_player="red", phase="hospital", hospital={"red": 12, "blue": 3}, seed=4,
    cities=["germany", "poland", "great_britain", "italy"], capitals={"red": "prussia", "blue": "ireland"},
    collected={"blue": ["control_region_yellow"]}, airfields={"blue": "belgium"},
)
board = rb.Board(game)
board"""

CHECK_CELL = """import json
print("E2E-RESULT " + json.dumps({"purchases": [p["command"] for p in game.extras.purchases],
    "hospital": game.extras.hospital, "phase": game.phase}))"""


def test_a_bop_board_in_jupyterlab_shows_its_panels_and_buys_by_click(browser: Any, lab: Any, tmp_path: Path) -> None:
    out = Path(os.environ.get("RISKBOARD_ARTIFACTS") or tmp_path / "artifacts")
    out.mkdir(parents=True, exist_ok=True)
    shots = Path(os.environ.get("RISKBOARD_BOP_SHOTS") or out)
    shots.mkdir(parents=True, exist_ok=True)
    write_notebook(lab.root / NOTEBOOK, SETUP_CELL)
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_and_run_all(page, lab.notebook_url(NOTEBOOK), f"{BOARD} .rb-hospital-card .rb-buy")
        board = page.locator(BOARD).first
        # the panels and the map's own symbols
        assert board.locator("path[data-territory]").count() == 30
        assert board.locator(".rb-mission").count() == 7  # 8 in play: one of them collected by blue
        assert board.locator('.rb-ms-player[data-player="blue"] .rb-chip-m').inner_text() == "Region yellow"
        assert board.locator('.rb-hs-tile[data-player="red"] .rb-hs-n').inner_text() == "12"
        assert board.locator("path.rb-hatch").count() == 6
        assert board.locator(".rb-sym-city").count() == 4 and board.locator(".rb-sym-capital").count() == 2
        assert board.locator('.rb-sym-airfield[data-territory-symbol="belgium"]').count() == 1
        board.screenshot(path=str(shots / "lab-command-room-hospital.png"))
        # a click on Buy reaches the kernel's game, and the board shows the purchase
        board.locator('.rb-buy[data-command="special_forces"]').click()
        board.locator('.rb-hs-bought [data-purchase="special_forces"]').wait_for()
        assert board.locator('.rb-hs-tile[data-player="red"] .rb-hs-n').inner_text() == "4"
        result = check_cell(page, CHECK_CELL)
        # a cell moves the game: the board follows at once
        run_cell(page, 'game.apply("buy recon_mission")')
        board.locator('.rb-hs-bought [data-purchase="recon_mission"]').wait_for()
        assert board.locator('.rb-hs-tile[data-player="red"] .rb-hs-n').inner_text() == "2"
        board.screenshot(path=str(out / "lab-bop-after-purchases.png"))
    except Exception:
        page.screenshot(path=str(out / "lab-bop-failure.png"))
        print(f"artifacts in {out}; server log {lab.log}", *errors[-20:], sep="\n")
        raise
    finally:
        context.close()
    assert result == {"purchases": ["special_forces"], "hospital": {"red": 4, "blue": 3}, "phase": "hospital"}
    assert not errors, errors
