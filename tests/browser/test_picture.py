"""The static picture (``rb.render_svg``) as Chromium draws it 1024 px wide: names at least 11 px
and counts 12 px on screen, no name's drawn box over another name, a badge or a symbol, and the
width estimate that places them never narrower than the drawn text (English and Japanese)."""

from __future__ import annotations

from typing import Any

import pytest

import riskboard as rb
from riskboard.i18n import using
from riskboard.render.labels import text_width

pytestmark = pytest.mark.browser

MEASURE = """() => {
  const svg = document.querySelector("svg.riskboard-board");
  const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const item = (el, kind) => ({ kind, text: el.textContent, box: box(el),
    px: kind === "name" || kind === "count" ? parseFloat(el.getAttribute("font-size")) * k : 0,
    size: parseFloat(el.getAttribute("font-size") || "0") });
  return { k, items: [
    ...[...svg.querySelectorAll("text.name")].map((el) => item(el, "name")),
    ...[...svg.querySelectorAll("text.count")].map((el) => item(el, "count")),
    ...[...svg.querySelectorAll("path.badge")].map((el) => item(el, "badge")),
    ...[...svg.querySelectorAll("g.symbol")].map((el) => item(el, "symbol")),
  ] };
}"""


def _games() -> dict[str, rb.Game]:
    out = {}
    for edition, players in (("classic", ["Ada", "Bo", "Cy", "Di", "Ed"]), ("balance_of_power", ["Ada", "Bo"]),
                             ("transformers", ["Ada", "Bo"]), ("risk2010", ["Ada", "Bo", "Cy"])):  # fmt: skip
        game = rb.new_game(edition, players=players, seed=5)
        game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(players)}, max_turns=4)
        out[edition] = game
    return out


def _hit(a: list[float], b: list[float], slack: float = 0.5) -> bool:
    return a[0] + slack < b[2] and b[0] + slack < a[2] and a[1] + slack < b[3] and b[1] + slack < a[3]


def test_the_picture_as_drawn_is_readable_and_no_name_is_covered(browser: Any, tmp_path: Any) -> None:
    page = browser.new_page(viewport={"width": 1024, "height": 900})
    for edition, game in _games().items():
        for language in ("en", "ja"):
            with using(language):
                svg = str(rb.render_svg(game, width=1024))
            page.set_content(f"<html><body style='margin:0'>{svg}</body></html>")
            got = page.evaluate(MEASURE)
            k, items = got["k"], got["items"]
            assert k == pytest.approx(1.024, abs=0.01)
            names = [i for i in items if i["kind"] == "name"]
            assert len(names) == len(game.map.ids)
            assert min(i["px"] for i in names) >= 11 and min(i["px"] for i in items if i["kind"] == "count") >= 12
            for n in names:  # the estimate is never narrower than the drawing
                drawn = n["box"][2] - n["box"][0]
                assert drawn <= text_width(n["text"], n["size"]) * k + 0.5, (edition, language, n["text"], drawn)
            solid = [i for i in items if i["kind"] != "count"]
            for n in names:
                for other in solid:
                    if other is not n:
                        assert not _hit(n["box"], other["box"]), (edition, language, n, other)
            page.screenshot(path=str(tmp_path / f"{edition}-{language}.png"), full_page=True)
    page.close()
