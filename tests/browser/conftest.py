"""Fixtures for the browser tests: a local HTTP server for the harness page and ``js/``, Debian's
Chromium driven by Playwright, and a page with the board mounted on a fake anywidget model.

The tests need ``/usr/bin/chromium`` (``apt-get install -y chromium``; never ``playwright
install``) and the ``playwright`` Python package (in the ``test`` extra). They fail, not skip,
when either is missing, so a CI run without a browser cannot pass by accident.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .harness_page import CHROMIUM, CHROMIUM_ARGS, VIEWPORT, serving_harness

HERE = Path(__file__).parent


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives js/board.js in headless Chromium (needs /usr/bin/chromium)")


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    with serving_harness() as url:
        yield url


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
