"""Generate ``src/riskboard/maps/europe.json`` (Balance of Power) from RULES.md §5.3.

The territory table of §5.3 is the source of truth for ids, names, regions, the Nr. column,
difficult terrain, sea-route access, buildings and borders (``~`` marks a sea route); this script
turns it into the data file the engine loads and keeps any geometry already there. Then draw the
shapes with ``tools/make_maps.py --map europe``:

    python tools/make_europe_map.py ../shared/rules/RULES.md && python tools/make_maps.py --map europe
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "src/riskboard/maps/europe.json"

REGION_NAMES = {
    "yellow": {"en": "Yellow"},
    "green": {"en": "Green"},
    "orange": {"en": "Orange"},
    "purple": {"en": "Purple"},
    "brown": {"en": "Brown"},
    "grey": {"en": "Grey"},
}
# Each region's colour on the board: its name's hue, far from the pieces' red, blue and beige
# (tests/test_region_colours.py checks the distances).
REGION_COLOURS = {
    "yellow": "#FFD21F",
    "green": "#2E8B3A",
    "orange": "#FF9900",
    "purple": "#A23B8E",
    "brown": "#7B4A1E",
    "grey": "#5E5E5E",
}


# Each territory's short code: the record's notation writes it instead of the id, and action text
# accepts it (``attack ire gbr 3``). Unique, lowercase, and no word the action parser reads.
CODES = {
    "great_britain": "gbr",
    "czechia": "cze",
    "italy": "ita",
    "slovakia": "svk",
    "northern_france": "nfr",
    "estonia": "est",
    "prussia": "pru",
    "slovenia": "svn",
    "northern_russia": "nru",
    "belarus": "blr",
    "lithuania": "lit",
    "central_russia": "cru",
    "ireland": "ire",
    "hungary": "hun",
    "sweden": "swe",
    "finland": "fin",
    "austria": "aut",
    "southern_france": "sfr",
    "denmark": "den",
    "switzerland": "swi",
    "norway": "nor",
    "western_ukraine": "wuk",
    "eastern_ukraine": "euk",
    "belgium": "bel",
    "romania": "rom",
    "latvia": "lat",
    "netherlands": "nld",
    "southern_russia": "sru",
    "germany": "ger",
    "poland": "pol",
}


def cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def parse(text: str) -> dict:
    section = text.split("### 5.3", 1)[1].split("### 5.4", 1)[0]
    regions = []
    territories = []
    sea_routes: list[list[str]] = []
    for line in section.splitlines():
        row = cells(line)
        if len(row) == 4 and row[0].strip("`") in REGION_NAMES:
            rid = row[0].strip("`")
            regions.append({"id": rid, "name": REGION_NAMES[rid], "bonus": int(row[3]), "colour": REGION_COLOURS[rid]})
        if len(row) != 9 or not row[0].isdigit():
            continue
        nr, tid, en, _de, region, difficult, sea, building, neighbours = row
        tid = tid.strip("`")
        territory: dict = {
            "id": tid,
            "code": CODES[tid],
            "name": {"en": en},  # the German name (de) is the catalogs' (locale/de/LC_MESSAGES/maps.po)
            "region": region,
            "number": int(nr),
        }
        if difficult == "yes":
            territory["difficult_terrain"] = True
        if sea == "yes":
            territory["sea_access"] = True
        if building:
            territory["building"] = building
        names = [n.strip() for n in re.sub(r"\(\d+\)", "", neighbours).split(",") if n.strip()]
        territory["neighbours"] = [n.lstrip("~") for n in names]
        for n in names:
            if n.startswith("~") and sorted((tid, n[1:])) not in sea_routes:
                sea_routes.append(sorted((tid, n[1:])))
        territories.append(territory)
    if len(territories) != 30 or len(regions) != 6:
        raise SystemExit(f"expected 30 territories and 6 regions in §5.3, found {len(territories)}, {len(regions)}")
    # the sea routes in the order §5.3 lists them
    listed = re.search(r"Sea routes \(5\)[^:]*:(.*)", section)
    if listed:
        order = [sorted(p.strip().rstrip(".").split("–")) for p in listed.group(1).split(",")]
        sea_routes.sort(key=lambda pair: order.index(pair) if pair in order else len(order))
    return {
        "id": "europe",
        "name": "Balance of Power: the 30-territory map of Europe",
        "schema": 1,
        "region_kind": "region",
        "regions": regions,
        "territories": territories,
        "sea_routes": sea_routes,
        "geometry": None,
    }


def main(rules_path: str) -> None:
    data = parse(Path(rules_path).read_text(encoding="utf-8"))
    if OUT.exists():  # keep the geometry tools/make_maps.py --map europe generated
        data["geometry"] = json.loads(OUT.read_text(encoding="utf-8")).get("geometry")
    OUT.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT} with {len(data['territories'])} territories, {len(data['sea_routes'])} sea routes")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/rules/RULES.md")
