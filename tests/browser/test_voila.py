"""The quick start as a game page for a class: ``voila examples/01-quickstart.ipynb`` (the README's
command) serves it; headless Chromium opens the page twice, as two students would, and plays on
the board of the first. Every visitor has a kernel and a game of their own.

Voila runs on a free port of 127.0.0.1 only, serving a temp copy of ``examples/``; it is stopped,
with its kernels, when the test ends, whatever happened.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest

from .lab import _stop, start_on_free_port

pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NOTEBOOK = "01-quickstart.ipynb"
START_TIMEOUT = 60.0
TIMEOUT_MS = int(os.environ.get("RISKBOARD_E2E_TIMEOUT_MS", "60000"))
BOARD = ".rb-board svg.rb-map path[data-territory]"


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Voila's kernels run in sessions of their own)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


@contextmanager
def running_voila(workdir: Path) -> Iterator[tuple[str, Callable[[], None]]]:
    """``voila 01-quickstart.ipynb`` on a free local port, serving a copy of the examples."""
    if importlib.util.find_spec("voila") is None:
        pytest.fail("the Voila test needs voila: pip install -e '.[test]'", pytrace=False)
    root = workdir / "examples"
    shutil.copytree(EXAMPLES, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(workdir / "runtime"), "IPYTHONDIR": str(workdir / "ipython")}
    log = workdir / "voila.log"
    proc: subprocess.Popen[bytes] | None = None
    kernels: set[int] = set()
    try:
        proc, port = start_on_free_port(
            "voila",
            lambda port: [
                sys.executable,
                "-m",
                "voila",
                NOTEBOOK,
                "--no-browser",
                f"--port={port}",
                "--Voila.ip=127.0.0.1",
            ],
            lambda port: f"http://127.0.0.1:{port}/",
            cwd=root,
            env=env,
            log=log,
        )
        url = f"http://127.0.0.1:{port}/"

        def note_kernels() -> None:
            kernels.update(_children(proc.pid))

        yield url, note_kernels
    finally:
        if proc is not None:
            kernels.update(_children(proc.pid))
            _stop(proc)
        for pid in kernels:  # only those the server could not shut down itself
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def board_state(page: Any) -> dict[str, Any]:
    return page.evaluate(
        """() => {
          const r = document.querySelector('.rb-board');
          const reinf = r.querySelector('.rb-reinf');
          return {
            prompt: r.querySelector('.rb-prompt').textContent,
            reinforcements: reinf.hidden ? 0 : parseInt(reinf.textContent, 10) || 0,
            options: [...r.querySelectorAll('path.rb-is-option')].map((p) => p.dataset.territory),
            log: [...r.querySelectorAll('.rb-log li')].map((li) => li.textContent).slice(-1)[0] || '',
          };
        }"""
    )


def open_page(browser: Any, url: str, errors: list[str]) -> Any:
    page = browser.new_page(viewport={"width": 1200, "height": 1400})
    page.set_default_timeout(TIMEOUT_MS)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_function(f"() => document.querySelectorAll('{BOARD}').length === 42")
    page.wait_for_function("() => /^You to place/.test(document.querySelector('.rb-prompt')?.textContent || '')")
    return page


def test_the_quick_start_is_a_game_page_for_a_class(browser: Any, tmp_path: Path) -> None:
    errors: list[str] = []
    with running_voila(tmp_path) as (url, note_kernels):
        first = open_page(browser, url, errors)
        shown_code = first.evaluate(
            "() => [...document.querySelectorAll('.jp-CodeCell .jp-InputArea')].filter((e) => e.offsetParent !== null).length"
        )
        assert shown_code == 0  # a page: the outputs, not the code
        assert "riskboard quick start" in first.locator("h1").first.inner_text()
        # the page's advice makes sense on the page (the cells have run), not only "Run All" (issue 21)
        assert "On a Voila page the cells have already run" in " ".join(first.locator("body").inner_text().split())
        before = board_state(first)
        assert before["reinforcements"] > 0 and before["options"], before
        target = before["options"][0]
        first.locator(f'.rb-board g[data-badge="{target}"]').click(force=True)  # place one army
        first.wait_for_function(
            "(n) => parseInt(document.querySelector('.rb-board .rb-reinf').textContent, 10) === n",
            arg=before["reinforcements"] - 1,
        )
        assert board_state(first)["log"].startswith("You placed 1 ")

        second = open_page(browser, url, errors)  # another student: a game of their own
        assert board_state(second)["reinforcements"] == before["reinforcements"]
        note_kernels()
        first.close()
        second.close()
    assert not errors, errors
