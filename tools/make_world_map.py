"""Generate ``src/riskboard/maps/world.json`` from the territory table in RULES.md §3.2.

The table is the project's source of truth for names, continents, card symbols and borders;
this script turns it into the data file the engine loads. Run it again after editing the table:

    python tools/make_world_map.py ../shared/rules/RULES.md
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

CONTINENTS = {
    "north_america": {"name": {"en": "North America"}, "bonus": 5, "colour": "#7A5C00"},
    "south_america": {"name": {"en": "South America"}, "bonus": 2, "colour": "#8B1A1A"},
    "europe": {"name": {"en": "Europe"}, "bonus": 5, "colour": "#1B3A8C"},
    "africa": {"name": {"en": "Africa"}, "bonus": 3, "colour": "#5E2A0E"},
    "asia": {"name": {"en": "Asia"}, "bonus": 7, "colour": "#1E5E2E"},
    "australia": {"name": {"en": "Australia"}, "bonus": 2, "colour": "#7A1F6E"},
}

# Connections drawn as dashed sea lines (display only; in play they are ordinary borders).
SEA_ROUTES = [
    ["alaska", "kamchatka"],
    ["brazil", "north_africa"],
    ["greenland", "iceland"],
    ["greenland", "northwest_territory"],
    ["greenland", "ontario"],
    ["greenland", "quebec"],
    ["iceland", "great_britain"],
    ["iceland", "scandinavia"],
    ["great_britain", "scandinavia"],
    ["great_britain", "northern_europe"],
    ["great_britain", "western_europe"],
    ["western_europe", "north_africa"],
    ["southern_europe", "north_africa"],
    ["southern_europe", "egypt"],
    ["east_africa", "madagascar"],
    ["east_africa", "middle_east"],
    ["south_africa", "madagascar"],
    ["japan", "kamchatka"],
    ["japan", "mongolia"],
    ["siam", "indonesia"],
    ["indonesia", "new_guinea"],
    ["indonesia", "western_australia"],
    ["new_guinea", "eastern_australia"],
    ["new_guinea", "western_australia"],
]


# Each territory's short code: the record's notation writes it instead of the id, and action text
# accepts it (``attack ala kam 3``). Unique, lowercase, and no word the action parser reads.
CODES = {
    "alaska": "ala",
    "northwest_territory": "nwt",
    "greenland": "grl",
    "alberta": "alb",
    "ontario": "ont",
    "quebec": "que",
    "western_united_states": "wus",
    "eastern_united_states": "eus",
    "central_america": "cam",
    "venezuela": "ven",
    "brazil": "bra",
    "peru": "per",
    "argentina": "arg",
    "iceland": "ice",
    "great_britain": "gbr",
    "scandinavia": "sca",
    "northern_europe": "neu",
    "western_europe": "weu",
    "southern_europe": "seu",
    "ukraine": "ukr",
    "north_africa": "naf",
    "egypt": "egy",
    "east_africa": "eaf",
    "congo": "con",
    "south_africa": "saf",
    "madagascar": "mad",
    "ural": "ura",
    "siberia": "sib",
    "yakutsk": "yak",
    "kamchatka": "kam",
    "irkutsk": "irk",
    "mongolia": "mon",
    "japan": "jap",
    "afghanistan": "afg",
    "china": "chi",
    "middle_east": "mid",
    "india": "ind",
    "siam": "sia",
    "indonesia": "idn",
    "new_guinea": "ngu",
    "western_australia": "wau",
    "eastern_australia": "eau",
}


def main(rules_path: str) -> None:
    text = Path(rules_path).read_text(encoding="utf-8")
    section = text.split("### 3.2", 1)[1].split("Intercontinental", 1)[0]
    territories = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 8 or not cells[0].isdigit():
            continue
        _, tid, name, continent, symbol, neighbours, _sv, _ja = cells
        tid = tid.strip("`")
        neighbours = re.sub(r"\(\d+\)", "", neighbours)
        names = {"en": name}
        m = re.fullmatch(r"(.+?) \((?:2010: )?(.+)\)", name)
        if m:  # "Ukraine (2010: Russia)": the 2010 edition's name; "Quebec (Eastern Canada)": a gloss
            names["en"] = m.group(1)
            if "2010:" in name:
                names["en_2010"] = m.group(2)
        # The seeds' Swedish and Japanese names (sv, ja) are the catalogs' (locale/*/maps.po), which
        # tests/test_map_names.py checks against this table: the map file keeps only English.
        territories.append(
            {
                "id": tid,
                "code": CODES[tid],
                "name": names,
                "continent": continent,
                "card_symbol": symbol,
                "neighbours": [n.strip() for n in neighbours.split(",") if n.strip()],
            }
        )
    data = {
        "id": "world",
        "name": "The 42-territory world map",
        "schema": 1,
        "region_kind": "continent",
        "regions": [{"id": k, **v} for k, v in CONTINENTS.items()],
        "territories": territories,
        "sea_routes": SEA_ROUTES,
        "geometry": None,
    }
    out = Path(__file__).resolve().parents[1] / "src/riskboard/maps/world.json"
    if out.exists():  # keep the geometry tools/make_maps.py generated
        data["geometry"] = json.loads(out.read_text(encoding="utf-8")).get("geometry")
    out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out} with {len(territories)} territories")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/rules/RULES.md")
