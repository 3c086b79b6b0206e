"""Small helpers for driving the board in the harness page (see ``conftest.py``)."""

from __future__ import annotations

from typing import Any


def mount(page: Any, traits: dict[str, Any]) -> None:
    page.evaluate("t => window.__harness.mount(t)", traits)
    page.wait_for_selector("svg.rb-map path[data-territory]")


def sent(page: Any) -> list[dict[str, Any]]:
    return page.evaluate("() => window.__model._sent")


def update(page: Any, **changes: Any) -> None:
    page.evaluate("c => window.__model._update(c)", changes)


def click_territory(page: Any, territory: str) -> None:
    x, y = page.evaluate("id => window.__harness.point(id)", territory)
    page.mouse.click(x, y)


def territory(page: Any, tid: str) -> Any:
    return page.locator(f'path[data-territory="{tid}"]')
