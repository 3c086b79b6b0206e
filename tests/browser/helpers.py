"""Small helpers for driving the board in the harness page (see ``conftest.py``)."""

from __future__ import annotations

from typing import Any


def mount(page: Any, traits: dict[str, Any]) -> None:
    page.evaluate("t => window.__harness.mount(t)", traits)
    page.wait_for_selector("svg.rb-map path[data-territory]")


def sent(page: Any) -> list[dict[str, Any]]:
    """The intents the front end sent, but the ``sync`` its module sends once when it loads (asking
    for the whole traits: tests/browser/test_board_contract.py checks that one)."""
    return [m for m in page.evaluate("() => window.__model._sent") if m.get("kind") != "sync"]


def update(page: Any, **changes: Any) -> None:
    page.evaluate("c => window.__model._update(c)", changes)


def click_territory(page: Any, territory: str) -> None:
    # the map takes the board's width, so it may be taller than the window: bring the territory
    # into view before clicking at its point (a mouse click goes where the window shows)
    page.locator(f'path[data-territory="{territory}"]').scroll_into_view_if_needed()
    x, y = page.evaluate("id => window.__harness.point(id)", territory)
    page.mouse.click(x, y)


def territory(page: Any, tid: str) -> Any:
    return page.locator(f'path[data-territory="{tid}"]')


def kernel_twin(board: Any) -> Any:
    """The ``pySend`` of a page whose front end talks to ``board`` itself (``expose_function``
    plays the kernel): each intent goes to the board, and every comm message the board sends in
    answer (trait updates, patches, a saved file) comes back to the fake model, in order, as the
    kernel's would."""
    import json

    messages: list[Any] = []
    board._send = lambda msg, buffers=None: messages.append(json.loads(json.dumps(msg)))

    def py_send(content: dict[str, Any]) -> dict[str, Any]:
        messages.clear()
        board._on_msg(board, content, [])
        return {"__comm__": list(messages)}

    return py_send


def real_board(page: Any, board: Any) -> None:
    """Mount ``board``'s traits on the page with every intent going to ``board`` itself: what the
    board's Python side sends comes back (``kernel_twin``)."""
    from .board_traits import CONTRACT

    page.expose_function("pySend", kernel_twin(board))
    mount(page, board.get_state(key=list(CONTRACT)))
