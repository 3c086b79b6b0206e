"""The harness page's server and Debian's Chromium settings, shared by the browser tests
(``conftest.py``) and ``benchmarks/widget.py --browser``.

``serving_harness()`` serves ``harness/`` on a free port of 127.0.0.1 (the OS picks it as the
server binds, so parallel test workers never share one), plus ``/board.js`` and ``/board.css``.
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

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


@contextmanager
def serving_harness() -> Iterator[str]:
    """The harness server's base URL while the ``with`` block runs."""
    handler = functools.partial(_Handler, directory=str(HARNESS))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
