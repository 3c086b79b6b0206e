"""Draw a map's geometry as a quick SVG preview, to look at what ``tools/make_maps.py`` made.

    python tools/preview_map.py                      # writes /tmp/world_preview.svg
    python tools/preview_map.py --png                # ... and /tmp/world_preview.png (rsvg-convert)
    python tools/preview_map.py --map europe --png   # /tmp/europe_preview.svg and .png

Shapes are filled by continent with thin borders; territory names sit at the label anchors, a
small circle marks each army-badge anchor, and sea lines are dashed. Not the game's renderer:
a tool for checking the data by eye.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
from pathlib import Path

import svgwrite

import riskboard as rb

COLOURS = {
    "north_america": "#e8c547",
    "south_america": "#d9734e",
    "europe": "#6c8ebf",
    "africa": "#c9a26b",
    "asia": "#7fb069",
    "australia": "#b07cc6",
    # Balance of Power (europe)
    "yellow": "#e8d44d",
    "green": "#7fb069",
    "orange": "#e8964a",
    "purple": "#a98bc9",
    "brown": "#a8865c",
    "grey": "#a4a8ad",
}


def preview(name: str = "world", *, scale: float = 2.0, crop: list[float] | None = None) -> str:
    game_map = rb.load_map(name)
    geometry = game_map.geometry
    if geometry is None:
        raise SystemExit(f"map {name!r} has no geometry yet: run tools/make_maps.py")
    x, y, w, h = crop or geometry["view_box"]
    dwg = svgwrite.Drawing(size=(w * scale, h * scale), viewBox=f"{x} {y} {w} {h}", debug=False)
    dwg.add(dwg.rect((x, y), (w, h), fill="#dbe9f4"))
    for t in game_map.territories:
        shape = geometry["territories"][t.id]
        dwg.add(
            dwg.path(
                d=shape["path"],
                fill=COLOURS.get(t.region, "#cccccc"),
                stroke="#333333",
                stroke_width=0.35,
                fill_rule="evenodd",
                **{"data-territory": t.id},
            )
        )
    for line in geometry.get("sea_lines", []):
        for seg in line.get("segments", [line.get("points", [])]):
            dwg.add(dwg.polyline(seg, fill="none", stroke="#1d3c5a", stroke_width=0.6, stroke_dasharray="2,1.5"))
    for t in game_map.territories:
        shape = geometry["territories"][t.id]
        bx, by = shape["badge"]
        dwg.add(dwg.circle((bx, by), r=3.2, fill="white", stroke="#222222", stroke_width=0.4))
        lx, ly = shape["label"]
        dwg.add(
            dwg.text(
                t.name.split(" (")[0],
                insert=(lx, ly),
                text_anchor="middle",
                font_size=5,
                font_family="DejaVu Sans, sans-serif",
                fill="#111111",
                stroke="white",
                stroke_width=0.8,
                paint_order="stroke",
            )
        )
    for region in game_map.regions:
        cx, cy = geometry["continents"][region.id]["label"]
        dwg.add(
            dwg.text(
                region.name.upper(),
                insert=(cx, cy),
                text_anchor="middle",
                font_size=9,
                font_weight="bold",
                font_family="DejaVu Sans, sans-serif",
                fill="#444444",
                opacity=0.7,
            )
        )
    return dwg.tostring()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--map", default="world")
    parser.add_argument("--out", type=Path, help="default: /tmp/<map>_preview.svg")
    parser.add_argument("--scale", type=float, default=2.0)
    parser.add_argument("--crop", type=float, nargs=4, metavar=("X", "Y", "W", "H"), help="draw only this window")
    parser.add_argument("--png", action="store_true", help="also convert to PNG with rsvg-convert")
    args = parser.parse_args()
    args.out = args.out or Path(f"/tmp/{args.map}_preview.svg")
    args.out.write_text(preview(args.map, scale=args.scale, crop=args.crop), encoding="utf-8")
    print(f"wrote {args.out}")
    if args.png:
        if shutil.which("rsvg-convert") is None:
            raise SystemExit("rsvg-convert not found (apt-get install librsvg2-bin)")
        png = args.out.with_suffix(".png")
        subprocess.run(["rsvg-convert", "-o", str(png), str(args.out)], check=True)
        print(f"wrote {png}")


if __name__ == "__main__":
    main()
