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


def real_board(page: Any, board: Any) -> None:
    """Mount ``board``'s traits on the page with every intent going to ``board`` itself
    (``expose_function`` plays the kernel): what the board's Python side changes comes back."""
    from .board_traits import CONTRACT

    changed: dict[str, Any] = {}
    board.observe(lambda ch: changed.__setitem__(ch["name"], ch["new"]), names=list(CONTRACT))

    def py_send(content: dict[str, Any]) -> dict[str, Any]:
        changed.clear()
        board._on_msg(board, content, [])
        return board.get_state(key=list(changed)) if changed else {}

    page.expose_function("pySend", py_send)
    mount(page, board.get_state(key=list(CONTRACT)))
