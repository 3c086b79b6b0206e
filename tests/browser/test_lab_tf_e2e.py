"""One Transformers liberation action with a leader in a real JupyterLab, played entirely by
clicking, checked against the kernel: the teacher's dice typed into the board's panel and set, a
click on Ontario (Optimus Prime's zone: the attack control offers the leader, ticked) and one on
Greenland (an attack with the most dice, the leader committed), the casualty choice (a robot
goes to the scrapyard, the leader stays), Continue after the outcome "continue or stop" with the
teacher's next dice, which liberate Greenland, and the move-in. A new cell asks the kernel what it
applied and where the leader stands.

The notebook is written by the test into the session's throwaway JupyterLab (``conftest.lab``),
never into the repository. Screenshots go to ``$RISKBOARD_ARTIFACTS`` (default: the test's temp
folder); with ``--screenshot`` the board between the two throws (the leader committed, its d8 in
the last throw, Continue and Stop) also becomes the README's picture of the edition,
``docs/board-transformers.png`` (``python -m pytest tests/browser/test_lab_tf_e2e.py --screenshot -n 0``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from .notebook import BOARD, check_cell, open_and_run_all, write_notebook
from .scenarios_tf import FIRST_THROW, LEADERS, SECOND_THROW, position
from .test_lab_e2e import HELPERS, Journey

TIMEOUT_MS = int(os.environ.get("RISKBOARD_E2E_TIMEOUT_MS", "60000"))
VIEWPORT = {"width": 1600, "height": 1400}
NOTEBOOK = "tf-e2e.ipynb"
README_PICTURE = Path(__file__).resolve().parents[2] / "docs" / "board-transformers.png"

SETUP_CELL = f"""import riskboard as rb

game = rb.new_game(
    "transformers", players=["Ada", "Bo"], position={position()!r},
    current_player="Ada", phase="attack", leaders={LEADERS!r}, scrapyard={{"Ada": 4, "Bo": 7}}, round=2, seed=2,
)
board = rb.Board(game, seats={{"Bo": "Aggressive"}}, seed=1, delay=0)
board"""

# Run in the kernel after the liberation: every action applied, where the leaders stand, the zones.
CHECK_CELL = """import json
print("E2E-RESULT " + json.dumps({
    "actions": [str(_a) for _a, _e in game.history],
    "pending": [game.pending.player, game.pending.decision],
    "leaders": game.extras.leader_zones,
    "scrapyard": game.extras.scrapyard,
    "greenland": [game.owner("greenland"), game.armies("greenland")],
    "ontario": [game.owner("ontario"), game.armies("ontario")],
}))"""


def open_and_run(j: Journey, url: str) -> None:
    open_and_run_all(j.page, url, f"{BOARD} .rb-leader")
    j.js(HELPERS)
    j.mark("notebook run, the board with its leaders shown")


def set_teacher_dice(j: Journey, attack: list[int], defend: list[int]) -> None:
    """Type the next throw into the teacher's panel and press Set (the kernel holds it: the panel
    turns "rigged"; setting dice starts no bot, so no busy cycle follows)."""
    board = j.page.locator(BOARD).first
    boxes = board.locator(".rb-teacher-card input")
    for i, value in enumerate(attack):
        boxes.nth(i).fill(str(value))
    for i, value in enumerate(defend):
        boxes.nth(3 + i).fill(str(value))
    board.locator(".rb-set-dice").click()
    j.page.wait_for_function(
        "(sel) => document.querySelector(sel + ' .rb-teacher-card').classList.contains('rb-rigged')", arg=BOARD
    )


def visible(j: Journey, selector: str) -> bool:
    return j.page.locator(f"{BOARD} {selector}").first.is_visible()


def liberate(j: Journey, pytestconfig: pytest.Config) -> None:
    page = j.page
    board = page.locator(BOARD).first
    state = j.state()
    assert state["player"] == "Ada" and state["prompt"].startswith("Ada to start a liberation action"), state
    assert state["turn"] == "round 2 of 6 · turn 1", state
    assert board.locator('.rb-leader[data-player="Ada"]').get_attribute("data-territory-symbol") == "ontario"

    # The first throw: Optimus Prime's d8 shows 2, the robots 6 and 1, against 5 and 4.
    set_teacher_dice(j, *FIRST_THROW)
    state = j.click_territory("ontario")
    assert state["selected"] == "ontario" and "attack" in state["controls"], state
    assert visible(j, ".rb-attack-leader") and board.locator(".rb-attack-leader input").is_checked()
    assert board.locator(".rb-roll").inner_text() == "Roll d8 + 2 d6"
    j.click_territory("greenland")
    assert visible(j, ".rb-casualty-ctl"), j.state()
    assert board.locator('.rb-die[data-sides="8"]').count() == 1
    j.mark("first throw: Ada lost one of three, Optimus Prime among them")
    j.shot("tf-casualty.png", board_only=True)

    # The casualty: a robot goes to the scrapyard; Optimus Prime stays in Ontario.
    state = j.press(".rb-casualty-robot", "the casualty")
    assert visible(j, ".rb-continue-ctl") and state["prompt"].startswith("Ada to continue the attack"), state
    assert board.locator(".rb-continue-leader input").is_checked()
    assert board.locator(".rb-continue").inner_text() == "Continue: d8 + 2 d6"
    j.mark("casualty chosen: continue or stop")
    j.shot("tf-continue-or-stop.png", board_only=True)
    if pytestconfig.getoption("--screenshot"):
        readme_picture(j)

    # Continue with the teacher's next dice: 8 (the d8), 6 and 5 against 2 and 1 liberate Greenland.
    set_teacher_dice(j, *SECOND_THROW)
    state = j.press(".rb-continue", "continuing the attack")
    assert "occupy" in state["controls"], state
    assert board.locator('.rb-leader[data-player="Ada"]').get_attribute("data-territory-symbol") == "greenland"
    state = j.press(".rb-occupy-move", "the move in")  # preset: the most, one robot stays behind
    assert state["prompt"].startswith("Ada to start a liberation action"), state
    assert j.armies("greenland") == 5 and j.armies("ontario") == 1
    j.mark("Greenland liberated, robots moved in")
    j.shot("tf-after.png", board_only=True)


def readme_picture(j: Journey) -> None:
    """The board between the two throws, down to the end of the map and the panels beside it."""
    page = j.page
    board = page.locator(BOARD).first
    page.mouse.move(5, 5)
    page.wait_for_function("() => document.getAnimations().every((a) => a.playState === 'finished')")
    box = board.bounding_box()
    stage = board.locator(".rb-stage").bounding_box()
    assert box and stage
    page.screenshot(path=str(README_PICTURE), clip={**box, "height": stage["y"] + stage["height"] - box["y"] + 4})


def ask_the_kernel(j: Journey) -> dict[str, Any]:
    """What the game applied, as a cell below the notebook prints it."""
    return check_cell(j.page, CHECK_CELL)


def test_a_liberation_with_a_leader_clicked_through_in_jupyterlab(
    browser: Any, lab: Any, tmp_path: Path, pytestconfig: pytest.Config
) -> None:
    out = Path(os.environ.get("RISKBOARD_ARTIFACTS") or tmp_path / "artifacts")
    out.mkdir(parents=True, exist_ok=True)
    write_notebook(lab.root / NOTEBOOK, SETUP_CELL)
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    j = Journey(page, out)
    try:
        open_and_run(j, lab.notebook_url(NOTEBOOK))
        liberate(j, pytestconfig)
        result = ask_the_kernel(j)
        j.mark("kernel asked")
    except Exception:
        page.screenshot(path=str(out / "lab-tf-failure.png"))
        print(f"artifacts in {out}; server log {lab.log}", *j.marks, *j.errors[-20:], sep="\n")
        raise
    finally:
        context.close()

    assert result["actions"] == [
        "attack ontario greenland 3 leader",
        "casualty robot",
        "attack ontario greenland 3 leader",
        "occupy 5",
    ]
    assert result["pending"] == ["Ada", "attack"]
    assert result["leaders"] == {"Ada": "greenland", "Bo": "ukraine"}
    assert result["scrapyard"] == {"Ada": 5, "Bo": 7 + 1 + 2}  # a robot of Ada's; Bo's three defenders
    assert result["greenland"] == ["Ada", 5] and result["ontario"] == ["Ada", 1]
    assert not j.errors, j.errors
