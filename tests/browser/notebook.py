"""Driving a notebook in JupyterLab for the end-to-end tests: write a one-cell notebook, open it
and run all its cells, append a cell and read what it printed."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import nbformat

BOARD = ".jp-OutputArea-output .rb-board"
IDLE = "() => [...document.querySelectorAll('.jp-StatusBar-TextItem')].some((e) => /\\| Idle/.test(e.textContent))"


def write_notebook(path: Path, code: str) -> None:
    """A notebook of one code cell, with the python3 kernel (no "Select Kernel" dialog)."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(code)]
    nbformat.write(nb, path)


def open_and_run_all(page: Any, url: str, shown: str) -> None:
    """Open the notebook at ``url``, Run All once the kernel is idle (before, Run All silently runs
    nothing), and wait until ``shown`` (a selector) is on the page and the kernel idle again."""
    page.goto(url)
    page.wait_for_selector(".jp-Notebook .jp-Cell", state="visible")
    page.wait_for_function(IDLE)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    page.wait_for_selector(shown)
    page.wait_for_function(IDLE)


def run_cell(page: Any, code: str, wait_for: str | None = None) -> Any:
    """Append a code cell below the last one, run it, and return its output (a locator) once it
    holds ``wait_for`` (``None``: do not wait for output).

    A cell after which the game has moved on since the board's picture was last drawn ends with
    the board redrawing its output (its saved picture follows the game): this waits until the
    board there is the redrawn one, so that the test goes on with the board a person sees."""
    page.evaluate("(sel) => { window.__boardBefore = document.querySelector(sel); }", BOARD)
    cells = page.locator(".jp-Notebook .jp-Cell")
    n = cells.count()
    cells.nth(n - 1).locator(".jp-InputPrompt").click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")  # command mode: insert a cell below the last one
    page.wait_for_function(f"() => document.querySelectorAll('.jp-Notebook .jp-Cell').length === {n + 1}")
    new = cells.nth(n)
    new.locator(".cm-content").click()
    page.keyboard.insert_text(code)
    page.keyboard.press("Shift+Enter")
    page.wait_for_function(
        "(sel) => { const b = document.querySelector(sel); return b && b !== window.__boardBefore && b.isConnected; }",
        arg=BOARD,
    )
    if wait_for is None:
        return None
    output = new.locator(".jp-OutputArea-output", has_text=wait_for)
    output.wait_for()
    return output


def check_cell(page: Any, code: str) -> dict[str, Any]:
    """Run ``code``, which prints ``E2E-RESULT`` and a JSON object, in a new cell; the object.
    The text is read rendered or not: JupyterLab skips drawing cells scrolled out of view
    (content-visibility), whose inner text is then empty."""
    text = run_cell(page, code, "E2E-RESULT").text_content() or ""
    return json.loads(text[text.index("E2E-RESULT") + len("E2E-RESULT") :].strip())
