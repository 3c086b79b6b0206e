"""One RISK 2010 two-player turn in a real JupyterLab, played entirely by clicking, checked against
the kernel: the neutral support clicked on the map and confirmed, the troops placed by clicks and
the Place button, a star trade in the attack step (its troops placed at once), an attack until the
conquest, the move in, the end of the attack and the maneuver, which ends the turn; the bot
playing Bo then answers and it is Ada's neutral step again. A new cell asks the kernel what it
applied.

The notebook is written by the test into the session's throwaway JupyterLab (``conftest.lab``),
never into the repository. Screenshots go to ``$RISKBOARD_ARTIFACTS`` (default: the test's temp
folder); with ``--screenshot`` the board in the neutral step, the choice drawn on the map, also
becomes the README's picture of the edition, ``docs/board-risk2010.png``
(``python -m pytest tests/browser/test_lab_2010_e2e.py --screenshot -n 0``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from .notebook import BOARD, check_cell, open_and_run_all, write_notebook
from .scenarios_2010 import ADA_HAND, two_player_position
from .test_lab_e2e import HELPERS, Journey

TIMEOUT_MS = int(os.environ.get("RISKBOARD_E2E_TIMEOUT_MS", "60000"))
VIEWPORT = {"width": 1400, "height": 1400}
NOTEBOOK = "r2010-e2e.ipynb"
README_PICTURE = Path(__file__).resolve().parents[2] / "docs" / "board-risk2010.png"

SETUP_CELL = f"""import riskboard as rb

game = rb.new_game(
    "risk2010", variant="two_player", players=["Ada", "Bo"], position={two_player_position()!r},
    current_player="Ada", phase="neutral", hands={{"Ada": {ADA_HAND!r}}}, seed=3,
)
board = rb.Board(game, seats={{"Bo": "Aggressive"}}, seed=1, delay=0)
board"""

# Run in the kernel after the turn: every action applied since the game began, by whom.
CHECK_CELL = """import json
_done = []
for _action, _events in game.history:
    _done.append(str(_action))
print("E2E-RESULT " + json.dumps({
    "actions": _done,
    "turn": game.turn,
    "pending": [game.pending.player, game.pending.decision],
    "hand": list(game.hand("Ada")),
    "owner": {t: game.owner(t) for t in ["peru", "argentina"]},
}))"""


def open_and_run(j: Journey, url: str) -> None:
    open_and_run_all(j.page, url, f"{BOARD} .rb-neutral-ctl:not([hidden])")
    j.js(HELPERS)
    j.mark("notebook run, the neutral step shown")


def pills(j: Journey) -> dict[str, str]:
    return j.js(
        """() => Object.fromEntries([...document.querySelectorAll('.jp-OutputArea-output .rb-board .rb-pill')]
          .filter((g) => g.style.display !== 'none').map((g) => [g.dataset.odds, g.textContent]))"""
    )


def play_the_turn(j: Journey) -> None:
    page = j.page
    board = page.locator(BOARD).first
    state = j.state()
    assert state["player"] == "Ada" and state["prompt"].startswith("Ada to reinforce a neutral army"), state

    # The neutral support: three clicks on neutral_1's territories (no intent until Confirm).
    for t in ("peru", "peru", "argentina"):
        page.mouse.click(*j.point(t))
    assert pills(j) == {"peru": "+2", "argentina": "+1"}
    page.mouse.click(*j.point("ukraine"))  # another army's: refused on the board itself
    assert board.locator(".rb-neutral-msg").get_attribute("data-code") == "neutral/one_army"
    j.shot("r2010-neutral-step.png", board_only=True)
    state = j.press(".rb-neutral-confirm", "the neutral support")
    assert state["prompt"].startswith("Ada to place troops") and state["reinforcements"] == 9, state
    j.mark("neutral support confirmed")

    # Troops: two clicks on Alaska, the rest with the Place button (preset to all that are left).
    j.click_territory("alaska")
    state = j.click_territory("alaska")
    assert state["reinforcements"] == 7, state
    assert board.locator(".rb-place-ctl select").input_value() == "alaska"
    state = j.press(".rb-place-ctl button", "placing the rest")
    assert state["prompt"].startswith("Ada to attack") and j.armies("alaska") == 14, state
    j.mark("troops placed")

    # A star trade in the attack step: Alaska (2 stars) and Peru (1) for 4 troops, placed at once.
    board.locator('.rb-starcard[data-card="alaska"]').click()
    board.locator('.rb-starcard[data-card="peru"]').click()
    assert board.locator(".rb-star-pick").inner_text() == "Selected: 3 stars = 4 troops"
    state = j.press(".rb-trade-stars", "the star trade")
    assert state["reinforcements"] == 4 and state["prompt"].startswith("Ada to place troops"), state
    state = j.press(".rb-place-ctl button", "placing the traded troops")
    assert state["prompt"].startswith("Ada to attack") and j.armies("alaska") == 18, state
    j.mark("stars traded in the attack step")

    # Attack Kamchatka from Alaska with the most dice, click after click, until it falls.
    state = j.click_territory("alaska")
    assert state["selected"] == "alaska" and "attack" in state["controls"], state
    for _ in range(30):
        state = j.click_territory("kamchatka")
        if "occupy" in state["controls"]:
            break
    assert "occupy" in state["controls"], state
    state = j.press(".rb-occupy-move", "the move in")
    end = board.locator("button.rb-end")
    assert end.inner_text().strip() == "End attack"
    state = j.press("button.rb-end", "ending the attack")
    assert state["prompt"].startswith("Ada to make the maneuver"), state
    j.mark("Kamchatka conquered, attack ended")

    # The maneuver: the troops that moved in go back from Kamchatka to Alaska (the count control's
    # preset: the most), which ends the turn; Bo's bot answers, and it is Ada's neutral step again.
    state = j.click_territory("kamchatka")
    assert state["selected"] == "kamchatka", state
    page.mouse.click(*j.point("alaska"))  # opens the count control (no intent yet)
    board.locator("button.rb-fortify-move").click()
    page.wait_for_function(
        """() => {
          const s = window.__e2e.state();
          return window.__e2e.error() || (!window.__e2e.busy() && s.player === 'Ada' &&
            s.turn !== 'turn 1' && s.prompt.startsWith('Ada to reinforce a neutral army'));
        }"""
    )
    assert not j.js("() => window.__e2e.error()")
    j.mark(f"Bo's bot answered: {j.state()['turn']}")
    j.shot("r2010-after-the-turn.png", board_only=True)


def readme_picture(j: Journey) -> None:
    """The board after Bo's answer, Ada's next neutral support half made (clicked, not confirmed:
    the game does not change), down to the end of the map and the panels beside it."""
    page = j.page
    board = page.locator(BOARD).first
    for t in ("congo", "congo", "east_africa"):
        page.mouse.click(*j.point(t))
    assert pills(j) == {"congo": "+2", "east_africa": "+1"}
    page.mouse.move(5, 5)
    box = board.bounding_box()
    stage = board.locator(".rb-stage").bounding_box()
    assert box and stage
    page.screenshot(path=str(README_PICTURE), clip={**box, "height": stage["y"] + stage["height"] - box["y"] + 4})
    page.locator(f"{BOARD} .rb-neutral-reset").click()


def ask_the_kernel(j: Journey) -> dict[str, Any]:
    """What the game applied, as a cell below the notebook prints it."""
    return check_cell(j.page, CHECK_CELL)


def test_a_two_player_turn_clicked_through_in_jupyterlab(
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
        play_the_turn(j)
        if pytestconfig.getoption("--screenshot"):
            readme_picture(j)
        result = ask_the_kernel(j)
        j.mark("kernel asked")
    except Exception:
        page.screenshot(path=str(out / "lab-2010-failure.png"))
        print(f"artifacts in {out}; server log {lab.log}", *j.marks, *j.errors[-20:], sep="\n")
        raise
    finally:
        context.close()

    actions = result["actions"]
    ada = actions[: actions.index("end") + 2]  # Ada's turn: to the end of the attack, then the maneuver
    assert ada[:4] == ["neutral neutral_1 argentina 1 peru 2", "place 1 alaska", "place 1 alaska", "place 7 alaska"]
    assert ada[4:6] == ["trade alaska peru", "place 4 alaska"], ada
    attacks = ada[6:-3]
    assert attacks and all(a == "attack alaska kamchatka 3" for a in attacks), ada
    verb, moved = ada[-3].split()
    assert verb == "occupy" and int(moved) >= 3 and ada[-2] == "end", ada
    assert ada[-1] == f"fortify kamchatka alaska {int(moved) - 1}", ada  # the preset: all but one
    assert len(actions) > len(ada) and actions[len(ada)].startswith("neutral ")  # then Bo's bot played
    assert result["owner"]["peru"] == result["owner"]["argentina"] == "neutral_1"
    assert result["pending"] == ["Ada", "neutral"] and result["turn"] == 3
    assert result["hand"][:3] == ["egypt", "china", "siam"] and len(result["hand"]) == 4  # a card for the conquest
    assert not j.errors, j.errors
