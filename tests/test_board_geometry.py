"""The map's shapes as the board sends them (riskboard.widget.geometry): relative moves that draw
exactly the map file's points, and the frame that holds every shape."""

from __future__ import annotations

import re

import pytest

import riskboard as rb
from riskboard.widget.geometry import compact_path, rings, whole_box
from riskboard.widget.payload import map_payload


def _absolute(compact: str) -> list[list[tuple[int, int]]]:
    """The points a compact path draws, in tenths (its own reader, independent of ``rings``)."""
    out = []
    for start, moves in re.findall(r"M([^Mlz]*)(?:l([^z]*))?z", compact):
        number = r"-?(?:\d+\.?\d*|\.\d+)"
        x, y = (float(v) for v in re.findall(number, start))
        ring = [(round(x * 10), round(y * 10))]
        steps = [float(v) for v in re.findall(number, moves)]
        for dx, dy in zip(steps[::2], steps[1::2], strict=True):
            x, y = x + dx, y + dy
            ring.append((round(x * 10), round(y * 10)))
        out.append(ring)
    return out


@pytest.mark.parametrize("map_id", ["world", "europe"])
def test_a_compact_path_draws_the_map_files_points_and_is_shorter(map_id: str) -> None:
    gm = rb.load_map(map_id)
    shapes = gm.geometry["territories"]
    for tid, shape in shapes.items():
        assert _absolute(compact_path(shape["path"])) == rings(shape["path"]), tid
    before = sum(len(s["path"]) for s in shapes.values())
    after = sum(len(compact_path(s["path"])) for s in shapes.values())
    assert after < 0.75 * before


def test_short_numbers_keep_their_signs_and_tenths() -> None:
    assert compact_path("M10 10L10.5 9.5L9.5 9.5Z") == "M10 10l.5-.5-1 0z"
    assert compact_path("M0 0L-1.5 2Z") == "M0 0l-1.5 2z"


def test_the_frame_holds_every_shape_with_a_margin() -> None:
    gm = rb.load_map("europe")
    payload = map_payload(gm)
    x, y, w, h = payload["whole_box"]
    margin = 0.006 * payload["view_box"][2]
    for shape in gm.geometry["territories"].values():
        for ring in rings(shape["path"]):
            for px, py in ring:
                assert x + margin - 0.01 <= px / 10 <= x + w - margin + 0.01
                assert y - 0.01 <= py / 10 <= y + h + 0.01
    assert whole_box([0, 0, 10, 10], ["M1 1L2 2Z"]) == [0.0, 0.0, 10.0, 10.0]
