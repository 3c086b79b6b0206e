"""Load and validate map data files.

A map is data, not code: ``world.json`` (and later ``europe.json``) list territories, the regions
(continents) they belong to, borders and sea routes. Loading validates everything the rules rely
on (symmetric borders, one region per territory, a connected graph) and raises ``MapError`` with
the offending names otherwise, so a typo in a data file never turns into a silent rules bug.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from riskboard.errors import MapError

CARD_SYMBOLS = ("infantry", "cavalry", "artillery")


@dataclass(frozen=True)
class Territory:
    """One territory: stable snake_case ``id``, names by language code, region, card symbol."""

    id: str
    index: int
    names: Mapping[str, str]
    region: str
    card_symbol: str | None
    neighbours: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.names.get("en", self.id)


@dataclass(frozen=True)
class Region:
    """A continent (or Balance of Power region) with the bonus its full owner collects."""

    id: str
    names: Mapping[str, str]
    bonus: int
    territories: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.names.get("en", self.id)


@dataclass(frozen=True, eq=False)
class GameMap:
    """A validated map. Territories are indexed 0..n-1 in file order; engine state uses indices."""

    id: str
    name: str
    territories: tuple[Territory, ...]
    regions: tuple[Region, ...]
    sea_routes: frozenset[frozenset[str]]
    geometry: Any = None
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        index = {t.id: t.index for t in self.territories}
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "ids", tuple(t.id for t in self.territories))
        object.__setattr__(
            self,
            "adjacency",
            tuple(tuple(index[n] for n in t.neighbours) for t in self.territories),
        )
        object.__setattr__(
            self,
            "region_members",
            tuple(tuple(index[t] for t in r.territories) for r in self.regions),
        )
        object.__setattr__(self, "region_bonus", tuple(r.bonus for r in self.regions))
        object.__setattr__(self, "_by_id", {t.id: t for t in self.territories})
        object.__setattr__(self, "_regions_by_id", {r.id: r for r in self.regions})

    # typed attributes set in __post_init__
    index: dict[str, int] = field(init=False, repr=False)
    ids: tuple[str, ...] = field(init=False, repr=False)
    adjacency: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    region_members: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    region_bonus: tuple[int, ...] = field(init=False, repr=False)

    def __len__(self) -> int:
        return len(self.territories)

    def __contains__(self, territory: object) -> bool:
        return territory in self.index

    def __getitem__(self, territory: str) -> Territory:
        try:
            return self._by_id[territory]  # type: ignore[attr-defined]
        except KeyError:
            raise KeyError(f"{self.name} has no territory {territory!r}") from None

    def region(self, region_id: str) -> Region:
        try:
            return self._regions_by_id[region_id]  # type: ignore[attr-defined]
        except KeyError:
            raise KeyError(f"{self.name} has no region {region_id!r}") from None

    def neighbours(self, territory: str) -> tuple[str, ...]:
        """The territories ``territory`` borders, by land or by sea route."""
        return self[territory].neighbours

    def is_adjacent(self, a: str, b: str) -> bool:
        return b in self[a].neighbours

    def is_sea_route(self, a: str, b: str) -> bool:
        """True when the a–b border is drawn as a sea line (display only; it plays as a border)."""
        return frozenset((a, b)) in self.sea_routes

    @property
    def edges(self) -> list[tuple[str, str]]:
        """Every border once, as sorted pairs."""
        return sorted({tuple(sorted((t.id, n))) for t in self.territories for n in t.neighbours})  # type: ignore[misc]

    def __repr__(self) -> str:
        return f"<GameMap {self.id!r}: {len(self.territories)} territories, {len(self.regions)} regions>"


def map_from_dict(data: Mapping[str, Any]) -> GameMap:
    """Build a ``GameMap`` from parsed JSON, raising ``MapError`` on any inconsistency."""
    if not isinstance(data, Mapping):
        raise MapError("a map file must hold a JSON object")
    for key in ("id", "regions", "territories"):
        if key not in data:
            raise MapError(f"the map has no {key!r} entry")
    map_id = str(data["id"])
    raw_regions = data["regions"]
    raw_territories = data["territories"]
    if not isinstance(raw_regions, list) or not isinstance(raw_territories, list):
        raise MapError(f"map {map_id!r}: 'regions' and 'territories' must be lists")
    if not raw_territories:
        raise MapError(f"map {map_id!r} has no territories")

    ids: list[str] = []
    for t in raw_territories:
        if not isinstance(t, Mapping) or not isinstance(t.get("id"), str):
            raise MapError(f"map {map_id!r}: every territory needs a string 'id' (got {t!r})")
        ids.append(t["id"])
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise MapError(f"map {map_id!r}: territory ids appear twice: {', '.join(duplicates)}")
    known = set(ids)

    region_ids = [r.get("id") for r in raw_regions if isinstance(r, Mapping) and isinstance(r.get("id"), str)]
    if len(region_ids) != len(raw_regions) or len(set(region_ids)) != len(region_ids):
        raise MapError(f"map {map_id!r}: regions need unique string ids")

    territories: list[Territory] = []
    members: dict[str, list[str]] = {str(r): [] for r in region_ids}
    for i, t in enumerate(raw_territories):
        tid = t["id"]
        region = t.get("continent", t.get("region"))
        if region not in members:
            raise MapError(f"map {map_id!r}: territory {tid!r} is in unknown region {region!r}")
        members[region].append(tid)
        neighbours = t.get("neighbours", [])
        unknown = [n for n in neighbours if n not in known]
        if unknown:
            raise MapError(f"map {map_id!r}: {tid!r} borders unknown territories {unknown}")
        if tid in neighbours:
            raise MapError(f"map {map_id!r}: {tid!r} borders itself")
        if len(set(neighbours)) != len(neighbours):
            raise MapError(f"map {map_id!r}: {tid!r} lists a neighbour twice")
        symbol = t.get("card_symbol")
        if symbol is not None and symbol not in CARD_SYMBOLS:
            raise MapError(f"map {map_id!r}: {tid!r} has unknown card symbol {symbol!r}")
        names = t.get("name", {"en": tid})
        territories.append(Territory(tid, i, dict(names), region, symbol, tuple(neighbours)))

    by_id = {t.id: t for t in territories}
    for t in territories:
        for n in t.neighbours:
            if t.id not in by_id[n].neighbours:
                raise MapError(
                    f"map {map_id!r}: borders must be symmetric, but {t.id!r} lists {n!r} "
                    f"and {n!r} does not list {t.id!r}"
                )

    empty = [r for r, m in members.items() if not m]
    if empty:
        raise MapError(f"map {map_id!r}: regions without territories: {empty}")

    # connected?
    seen = {ids[0]}
    frontier = [ids[0]]
    while frontier:
        for n in by_id[frontier.pop()].neighbours:
            if n not in seen:
                seen.add(n)
                frontier.append(n)
    if len(seen) != len(ids):
        cut = sorted(known - seen)
        raise MapError(f"map {map_id!r} is not connected: cannot reach {', '.join(cut)}")

    sea: set[frozenset[str]] = set()
    for pair in data.get("sea_routes", []):
        if not (isinstance(pair, list) and len(pair) == 2):
            raise MapError(f"map {map_id!r}: a sea route must be a pair of territories, got {pair!r}")
        a, b = pair
        if a not in known or b not in known or b not in by_id[a].neighbours:
            raise MapError(f"map {map_id!r}: sea route {a}–{b} is not a border of the map")
        sea.add(frozenset((a, b)))

    regions = []
    for r in raw_regions:
        bonus = r.get("bonus", 0)
        if not isinstance(bonus, int) or isinstance(bonus, bool) or bonus < 0:
            raise MapError(f"map {map_id!r}: region {r['id']!r} has an invalid bonus {bonus!r}")
        regions.append(Region(r["id"], dict(r.get("name", {"en": r["id"]})), bonus, tuple(members[r["id"]])))

    return GameMap(
        id=map_id,
        name=str(data.get("name", map_id)),
        territories=tuple(territories),
        regions=tuple(regions),
        sea_routes=frozenset(sea),
        geometry=data.get("geometry"),
        raw=data,
    )


@cache
def load_map(name: str) -> GameMap:
    """Load a map shipped with riskboard by name (``"world"``), validated and cached."""
    try:
        text = resources.files("riskboard.maps").joinpath(f"{name}.json").read_text(encoding="utf-8")
    except FileNotFoundError:
        raise MapError(f"no map called {name!r} ships with riskboard", code="map/unknown") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MapError(f"map file {name}.json is not valid JSON: {exc}") from None
    return map_from_dict(data)
