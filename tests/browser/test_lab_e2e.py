"""One complete human turn on the live board in a real JupyterLab, checked against the kernel.

A throwaway JupyterLab (``lab.py``, started once per session by ``conftest.lab``) serves a temp
copy of ``examples/``; headless Debian Chromium
opens ``01-quickstart.ipynb``, runs all cells and plays "You"'s turn with clicks only: place every
reinforcement on the strongest territory, attack its weakest enemy neighbour until it falls, move
in with the occupy control, end the attack phase, fortify with the count control (which ends the
turn) and wait for the three bots to reply. A new cell then asks the kernel which actions it
applied for "You" in that turn. The notebook uses fixed seeds, so every run plays the same game.

Screenshots go to ``$RISKBOARD_ARTIFACTS`` (default: the test's temp folder), never the repository,
except with ``--screenshot``: then the board in the middle of the turn (a source selected, the odds
on its targets) also becomes the README's picture, ``docs/board.png``
(``python -m pytest tests/browser/test_lab_e2e.py --screenshot -n 0``; commit it).
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from .notebook import BOARD, check_cell

NOTEBOOK = "01-quickstart.ipynb"
TIMEOUT_MS = int(os.environ.get("RISKBOARD_E2E_TIMEOUT_MS", "60000"))
VIEWPORT = {"width": 1400, "height": 1400}  # tall enough for the whole board below the toolbar

# Page-side helpers, all scoped to the board in the first output (the quick start's first cell).
HELPERS = """() => {
  const root = () => document.querySelector('.jp-OutputArea-output .rb-board');
  const hidden = (sel) => { const e = root().querySelector(sel); return !e || e.hidden; };
  const armies = (id) => {
    const t = root().querySelector(`g[data-badge="${id}"] text`);
    return t ? parseInt(t.textContent, 10) || 0 : 0;
  };
  // Every human intent the kernel accepts ends with a busy cycle (the bots' turn to answer, even
  // when there is none), sent after the new position: count the cycles that ended, so that a
  // wait can tell "the kernel has answered this intent" from "one trait of the answer arrived".
  const board = root();
  const busyIn = (cls) => (cls || '').split(' ').includes('rb-is-busy');
  new MutationObserver((records) => {
    records.forEach((m, i) => {
      const after = i + 1 < records.length ? records[i + 1].oldValue : board.className;
      if (busyIn(m.oldValue) && !busyIn(after)) window.__e2e.answers += 1;
    });
  }).observe(board, { attributes: true, attributeFilter: ['class'], attributeOldValue: true });
  window.__e2e = {
    answers: 0,
    armies,
    // Everything a kernel answer can change on the board, except the busy flag.
    state() {
      const r = root();
      const reinf = r.querySelector('.rb-reinf');
      return {
        prompt: r.querySelector('.rb-prompt').textContent,
        player: r.querySelector('.rb-turn-name').textContent,
        turn: r.querySelector('.rb-turn-no').textContent,
        reinforcements: reinf.hidden ? 0 : parseInt(reinf.textContent, 10) || 0,
        selected: [...r.querySelectorAll('path.rb-is-selected')].map((p) => p.dataset.territory).join(','),
        armies: [...r.querySelectorAll('g[data-badge] text')].map((t) => t.textContent).join(','),
        controls: ['place', 'attack', 'occupy', 'fortify'].filter((k) => !hidden(`.rb-${k}-ctl`)).join(','),
      };
    },
    busy: () => root().classList.contains('rb-is-busy'),
    error: () => (hidden('.rb-error') ? '' : root().querySelector('.rb-error-msg').textContent),
    // Territories with a highlight class (rb-is-option, rb-is-target, rb-is-fortify), strongest first.
    marked(cls) {
      return [...root().querySelectorAll(`path.${cls}`)].map((p) => p.dataset.territory)
        .sort((a, b) => armies(b) - armies(a) || a.localeCompare(b));
    },
    // A viewport point where a click lands on the territory itself: its badge anchor if the
    // shape is hit there, else the first point of a grid over its bounding box that hits it.
    point(id) {
      const p = root().querySelector(`path[data-territory="${id}"]`);
      p.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const b = root().querySelector(`g[data-badge="${id}"]`).getBoundingClientRect();
      const r = p.getBoundingClientRect();
      const points = [[b.x + b.width / 2, b.y + b.height / 2]];
      for (let i = 1; i < 12; i++) for (let j = 1; j < 12; j++) points.push([r.x + (r.width * i) / 12, r.y + (r.height * j) / 12]);
      return points.find(([x, y]) => document.elementFromPoint(x, y) === p) || null;
    },
  };
}"""

# Run in the kernel after the turn: the actions of every player turn since `start`, by player.
CHECK_CELL = """import json
_turns = []
for _action, _events in game.history:
    if _turns:
        _turns[-1]["actions"].append(str(_action))
    for _event in _events:
        if type(_event).__name__ == "TurnStarted":
            _turns.append({"player": _event.player, "turn": _event.turn, "actions": []})
print("E2E-RESULT " + json.dumps({
    "turn": game.turn,
    "pending": game.pending.player,
    "decision": game.pending.decision,
    "turns": [t for t in _turns if t["turn"] >= START],
}))"""


class Journey:
    """The browser side of the test: the page, its log, and small waits that fail with context."""

    def __init__(self, page: Any, out: Path) -> None:
        self.page = page
        self.out = out
        self.marks: list[str] = []
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))

    def mark(self, what: str) -> None:
        """Note a step reached (printed if the test fails)."""
        self.marks.append(what)

    def js(self, expr: str, arg: Any = None) -> Any:
        return self.page.evaluate(expr, arg)

    def state(self) -> dict[str, Any]:
        return self.js("() => window.__e2e.state()")

    def shot(self, name: str, board_only: bool = False) -> Path:
        path = self.out / name
        self.js("() => document.querySelector('.jp-OutputArea-output .rb-board').scrollIntoView({ block: 'start' })")
        if board_only:
            self.page.locator(BOARD).screenshot(path=str(path))
        else:
            self.page.screenshot(path=str(path))
        return path

    def answers(self) -> int:
        return self.js("() => window.__e2e.answers")

    def settle(self, answers: int, what: str) -> dict[str, Any]:
        """Wait for the kernel's whole answer to one more intent (or a refusal); the board then."""
        self.page.wait_for_function(
            "(n) => window.__e2e.error() || (window.__e2e.answers > n && !window.__e2e.busy())", arg=answers
        )
        error = self.js("() => window.__e2e.error()")
        assert not error, f"the board refused {what}: {error}"
        return self.state()

    def point(self, tid: str) -> list[float]:
        point = self.js("(id) => window.__e2e.point(id)", tid)
        assert point, f"no visible point of {tid} to click"
        return point

    def click_territory(self, tid: str) -> dict[str, Any]:
        answers = self.answers()
        self.page.mouse.click(*self.point(tid))
        return self.settle(answers, f"the click on {tid}")

    def press(self, selector: str, what: str) -> dict[str, Any]:
        answers = self.answers()
        self.page.locator(f"{BOARD} {selector}").click()
        return self.settle(answers, what)

    def marked(self, cls: str) -> list[str]:
        return self.js("(c) => window.__e2e.marked(c)", cls)

    def armies(self, tid: str) -> int:
        return self.js("(id) => window.__e2e.armies(id)", tid)


def open_notebook_and_run_all(j: Journey, url: str) -> None:
    page = j.page
    page.goto(url)
    page.wait_for_selector(".jp-Notebook .jp-Cell", state="visible")
    # Run All before the kernel is connected silently runs nothing: wait for "| Idle" first.
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-StatusBar-TextItem')].some((e) => /\\| Idle/.test(e.textContent))"
    )
    j.mark("notebook open, kernel idle")
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    page.wait_for_function(
        "() => document.querySelector('.jp-OutputArea-output')?.querySelectorAll('.rb-board svg.rb-map path[data-territory]').length === 42"
    )
    j.mark("board SVG rendered in the first output")
    # Clicks wait behind running cells in the kernel, and later cells move the game (then undo):
    # start only when every code cell has run and the kernel is idle again.
    page.wait_for_function(
        """() => {
          const prompts = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')];
          return prompts.length > 0 && prompts.every((p) => /^\\[\\d+\\]:$/.test(p.textContent.trim())) &&
            [...document.querySelectorAll('.jp-StatusBar-TextItem')].some((e) => /\\| Idle/.test(e.textContent));
        }"""
    )
    # Run All stops at an error, so the last cell's output proves that every cell ran cleanly.
    last = page.locator(".jp-Notebook .jp-CodeCell").last.locator(".jp-OutputArea-output")
    assert "replay identical: True" in " ".join(last.all_inner_texts()), last.all_inner_texts()
    j.mark("all cells run")


def play_one_turn(j: Journey) -> tuple[int, int]:
    """Click through "You"'s whole turn; returns its number and the armies placed in it."""
    j.js(HELPERS)
    state = j.state()
    assert state["player"] == "You" and state["prompt"].startswith("You to place"), state
    turn = int(state["turn"].split()[-1])
    to_place = state["reinforcements"]
    assert to_place > 0, state

    # Reinforce: one army per click, all on the strongest territory.
    source = j.marked("rb-is-option")[0]
    for left in range(to_place, 0, -1):
        assert j.state()["reinforcements"] == left
        state = j.click_territory(source)
    assert state["reinforcements"] == 0 and state["prompt"].startswith("You to attack"), state
    j.mark(f"placed {to_place} armies on {source}")

    # Attack: the strongest source, its weakest target (max dice per click), until a conquest.
    conquered, shot = "", False
    for _ in range(60):
        if "occupy" in state["controls"]:
            break
        if not state["selected"] or not j.marked("rb-is-target"):
            sources = j.marked("rb-is-option")
            assert sources, f"no territory left to attack from: {state}"
            state = j.click_territory(sources[0])
            assert "attack" in state["controls"], state
            if not shot:  # the board mid-turn: a source selected, its targets with their odds
                j.shot("lab-mid-turn.png")
                j.shot("board-mid-turn.png", board_only=True)
                shot = True
        targets = sorted(j.marked("rb-is-target"), key=lambda t: (j.armies(t), t))
        conquered = targets[0]
        state = j.click_territory(conquered)
    assert "occupy" in state["controls"], state
    j.mark(f"conquered {conquered}")

    # Occupy with the control's default (the most that may move), then end the attack phase.
    state = j.press(".rb-occupy-move", "the occupy move")
    assert state["prompt"].startswith("You to attack") and "occupy" not in state["controls"], state
    j.shot("board-after-conquest.png", board_only=True)
    end = j.page.locator(f"{BOARD} button.rb-end")
    assert end.inner_text().strip() == "End attack"
    state = j.press("button.rb-end", "ending the attack")
    assert state["prompt"].startswith("You to fortify"), state

    # Fortify: a source with >= 2 armies, an own neighbour, half the armies via the count control.
    src = j.marked("rb-is-option")[0]
    assert j.armies(src) >= 2
    j.click_territory(src)
    dst = j.marked("rb-is-fortify")[0]
    j.page.mouse.click(*j.point(dst))  # opens the count control in the front end (no intent sent)
    count = j.page.locator(f"{BOARD} input.rb-fortify-count")
    count.wait_for(state="visible")
    most = int(count.get_attribute("max") or "1")
    count.fill(str(max(1, most // 2)))
    j.page.locator(f"{BOARD} button.rb-fortify-move").click()
    j.mark(f"fortified {src} -> {dst} with {max(1, most // 2)} of {most}")

    # The fortification ends the turn; the three bots answer, then it is "You"'s move again.
    j.page.wait_for_function(
        """(turn) => {
          const s = window.__e2e.state();
          return window.__e2e.error() || (!window.__e2e.busy() && s.player === 'You' &&
            s.turn !== `turn ${turn}` && s.prompt.startsWith('You to'));
        }""",
        arg=turn,
    )
    assert not j.js("() => window.__e2e.error()")
    j.mark(f"bots replied: {j.state()['turn']}")
    j.shot("board-after-bots.png", board_only=True)
    return turn, to_place


def ask_the_kernel(j: Journey, start: int) -> dict[str, Any]:
    """The game's record since turn ``start``, as a cell below the notebook prints it."""
    result = check_cell(j.page, CHECK_CELL.replace("START", str(start)))
    j.page.locator(".jp-OutputArea-output", has_text="E2E-RESULT").last.scroll_into_view_if_needed()
    j.page.screenshot(path=str(j.out / "lab-kernel-check.png"))
    return result


README_PICTURE = Path(__file__).resolve().parents[2] / "docs" / "board.png"


def test_one_human_turn_on_the_board_in_jupyterlab(
    browser: Any, lab: Any, tmp_path: Path, pytestconfig: pytest.Config
) -> None:
    out = Path(os.environ.get("RISKBOARD_ARTIFACTS") or tmp_path / "artifacts")
    out.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    j = Journey(page, out)
    j.mark(f"lab up at {lab.base}")
    try:
        open_notebook_and_run_all(j, lab.notebook_url(NOTEBOOK))
        start, placed = play_one_turn(j)
        result = ask_the_kernel(j, start)
        j.mark("kernel asked")
    except Exception:
        page.screenshot(path=str(out / "lab-failure.png"))
        notebook = page.locator(".jp-Notebook")
        html = notebook.first.inner_html() if notebook.count() else page.content()
        (out / "lab-failure.html").write_text(html)
        print(f"artifacts in {out}; server log {lab.log}", *j.marks, *j.errors[-20:], sep="\n")
        raise
    finally:
        context.close()
    if pytestconfig.getoption("--screenshot"):
        shutil.copyfile(out / "board-mid-turn.png", README_PICTURE)

    # The kernel applied exactly what the clicks asked for, for "You", in that turn ...
    yours = [t for t in result["turns"] if t["player"] == "You" and t["turn"] == start]
    assert len(yours) == 1, result
    actions = yours[0]["actions"]
    verbs = [a.split()[0] for a in actions]
    assert verbs[:placed] == ["place"] * placed and verbs.count("place") == placed, actions
    assert all(a.startswith("place 1 ") for a in actions[:placed]), actions
    assert {"attack", "blitz"} & set(verbs), actions
    assert "occupy" in verbs and verbs.index("occupy") > verbs.index("attack"), actions
    assert "end" in verbs and verbs[-1] == "fortify", actions
    # ... and the game moved on: the bots played their turns and it is "You"'s move again.
    later = [t["player"] for t in result["turns"] if t["turn"] > start]
    assert result["turn"] > start and {"Ada", "Bo", "Cy"} & set(later), result
    assert result["pending"] == "You", result
    assert not j.errors, j.errors
