"""Fixtures for the browser tests: a local HTTP server for the harness page and ``js/``, Debian's
Chromium driven by Playwright, and a page with the board mounted on a fake anywidget model.

The tests need ``/usr/bin/chromium`` (``apt-get install -y chromium``; never ``playwright
install``) and the ``playwright`` Python package (in the ``test`` extra). They fail, not skip,
when either is missing, so a CI run without a browser cannot pass by accident.
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).parent
HARNESS = HERE / "harness"
JS = HERE.parents[1] / "js"
CHROMIUM = os.environ.get("RISKBOARD_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
VIEWPORT = {"width": 1100, "height": 1000}
FIGURES: list[str] = []
"""Measurements the tests report (printed at the end of the run, never asserted)."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives js/board.js in headless Chromium (needs /usr/bin/chromium)")


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under ``--dist loadgroup`` (pyproject.toml), keep on one worker the tests that share a costly
    fixture, so that it starts once, not once in each worker: every test of the session's
    JupyterLab (``lab``) in one group, the other browser tests by module (``browser`` is
    module-scoped)."""
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if "lab" in fixtures:
            item.add_marker(pytest.mark.xdist_group("jupyterlab"))
        elif "browser" in fixtures:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if FIGURES:
        terminalreporter.section("board front end")
        for line in FIGURES:
            terminalreporter.write_line(line)


@pytest.fixture
def figures() -> list[str]:
    """Append a line to print it in the summary of the run."""
    return FIGURES


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Serves the harness folder, plus ``/board.js`` and ``/board.css``: the front end exactly as
    the widget hands it to anywidget (the modules of ``js/`` joined by ``riskboard.widget.static``,
    read afresh for every request)."""

    def do_GET(self) -> None:
        name = self.path.split("?")[0]
        if name == "/favicon.ico":
            self.send_response(204)
            self.end_headers()
            return
        if name in ("/board.js", "/board.css"):
            from riskboard.widget.static import join_modules

            text = join_modules(JS) if name == "/board.js" else _css()
            body = text.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/javascript" if name.endswith(".js") else "text/css")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, *args: Any) -> None:
        pass


def _css() -> str:
    from riskboard.widget.static import bundle_css

    bundle_css.cache_clear()
    return bundle_css()


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    handler = functools.partial(_Handler, directory=str(HARNESS))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium for one test module. Module scope, not session: Playwright's sync API keeps an
    asyncio loop in this thread while it runs, and later tests (the Board's bot loop) must not see it."""
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"the browser tests need Chromium at {CHROMIUM}: run `apt-get update && apt-get install -y chromium` "
            "(Debian's package; do not use `playwright install`)",
            pytrace=False,
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("the browser tests need the playwright package: pip install -e '.[test]'", pytrace=False)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One throwaway JupyterLab for the end-to-end tests, serving a copy of ``examples/``
    (tests may add notebooks of their own to ``lab.root``)."""
    from .lab import running_lab

    with running_lab(HERE.parents[1] / "examples", tmp_path_factory.mktemp("lab")) as server:
        yield server


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    """A fresh harness page; the test fails if the page reports a JavaScript error."""
    pg = browser.new_page(viewport=VIEWPORT)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.goto(f"{server}/harness.html")
    pg.wait_for_function("() => window.__harnessReady === true")
    yield pg
    pg.close()
    assert not errors, errors
