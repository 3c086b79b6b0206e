"""An edition's own parts in the static picture, each drawn where the ruleset says its board has
it (``Ruleset.parts``): difficult terrain hatched; the symbols of cities, capitals, buildings and
airfields beside the army badges (the same icons as the live board); the leaders on their zones;
and under the map each player's missions, cities, field hospital and airfield, or leader,
scrapyard and ally, the face-up missions with both players' progress, and the round. Read from
``game.extras`` and the map's features only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from riskboard.i18n import _, ngettext
from riskboard.render.icons import ICON_NAMES, icon_parts, leader_parts, marker_scale

if TYPE_CHECKING:
    from svgwrite import Drawing
    from svgwrite.container import Group

    from riskboard.engine.game import Game

HATCH_ID = "riskboard-difficult-terrain"
ROW = 16.0


class Symbol(NamedTuple):
    """A symbol of the map: its territory, side of the badge (-1 left, 1 right), place on that
    side, size in map units, icon, colour and title."""

    tid: str
    side: int
    n: int
    size: float
    name: str
    colour: str
    title: str


class ExtrasPicture:
    """The edition's parts of ``render_svg`` for one game."""

    def __init__(self, game: Game, colours: dict[str, str], parts: frozenset[str]) -> None:
        self.game = game
        self.colours = colours
        self.parts = parts
        self.x = game.extras
        self.k = marker_scale(game.map.id)

    # -- the map ---------------------------------------------------------------------------------
    def draw_terrain(self, dwg: Drawing, shapes: dict[str, Any]) -> None:
        """Diagonal hatching over the difficult-terrain territories."""
        if "difficult_terrain" not in self.parts:
            return
        pattern = dwg.pattern(id=HATCH_ID, size=(6, 6), patternUnits="userSpaceOnUse", patternTransform="rotate(40)")
        pattern.add(dwg.rect(insert=(0, 0), size=(2, 6), fill="#1D232A", fill_opacity=0.24))
        dwg.defs.add(pattern)
        group = dwg.add(dwg.g(pointer_events="none"))
        for tid in self.x.difficult_terrain:
            group.add(dwg.path(d=shapes[tid]["path"], fill=f"url(#{HATCH_ID})", class_="difficult-terrain"))

    def symbols(self) -> list[Symbol]:
        """The map's symbols: city, capital or leader left of a badge, building and airfield right
        of it, nearest first, each with its colour and title (``render.labels`` places them)."""
        x = self.x
        gm = self.game.map
        left: dict[str, list[tuple[str, str, str]]] = {}
        right: dict[str, list[tuple[str, str, str]]] = {}
        parts = self.parts
        for tid in x.cities if "cities" in parts else ():
            left.setdefault(tid, []).append(("city", "#333333", f"{gm[tid].name}: city"))
        for player, tid in x.capitals.items() if "capitals" in parts else ():
            if tid:
                left.setdefault(tid, []).append(
                    ("capital", self.colours[player], f"{gm[tid].name}: {player}'s capital")
                )
        for t in gm.territories if "buildings" in parts else ():
            building = t.features.get("building")
            if building:
                right.setdefault(t.id, []).append((building, "#33404D", f"{t.name}: {ICON_NAMES[building]}"))
        for player, tid in x.airfields.items() if "airfields" in parts else ():
            if tid:
                right.setdefault(tid, []).append(
                    ("airfield", self.colours[player], f"{gm[tid].name}: {player}'s airfield")
                )
        for player, tid in x.leader_zones.items() if "leaders" in parts else ():
            if tid in gm.index:  # a leader on its zone: its faction's head on its player's colour
                name = x.leaders[player].replace("_", " ").title()
                left.setdefault(tid, []).insert(
                    0,
                    (
                        f"leader {x.factions[player]}",
                        self.colours[player],
                        f"{gm[tid].name}: {name}, leader of {player}",
                    ),
                )
        out = []
        for tid in gm.ids:
            for side, items in ((-1, left.get(tid, [])), (1, right.get(tid, []))):
                for n, (name, colour, title) in enumerate(items):
                    size = 16 * (0.9 if name.startswith("leader ") else 0.74) * self.k
                    out.append(Symbol(tid, side, n, size, name, colour, title))
        return out

    def draw_symbol(self, dwg: Drawing, group: Group, symbol: Symbol, at: tuple[float, float]) -> None:
        """One symbol centred at ``at``, with its title."""
        name = symbol.name
        leader = name.startswith("leader ")
        icon = dwg.g(
            transform=f"translate({at[0]:.1f} {at[1]:.1f}) scale({symbol.size / 16:.3f})", class_=f"symbol {name}"
        )
        icon.set_desc(title=symbol.title)
        for part in leader_parts(name.split()[1], symbol.colour) if leader else icon_parts(name, symbol.colour):
            attrs = {k.replace("-", "_"): v for k, v in part.items() if k != "d"}
            icon.add(dwg.path(d=part["d"], **attrs))
        group.add(icon)

    # -- under the map ---------------------------------------------------------------------------
    def player_note(self, owner: str) -> str:
        """What the legend adds to a player's line: missions, cities, hospital, airfield."""
        x = self.x
        parts = self.parts
        text = ""
        if "cities" in parts:
            cities = sum(1 for tid in x.cities if self.game.owner(tid) == owner)
            text += ", " + ngettext("{n} city", "{n} cities", cities).format(n=cities)
        if owner not in self.game.players:
            return text
        if "missions" in parts:
            text += ", " + _("missions {collected}/{needed}").format(
                collected=len(x.collected[owner]), needed=x.missions_to_win
            )
        if "field_hospital" in parts:
            text += ", " + _("hospital {units}").format(units=x.hospital[owner])
        if "airfields" in parts and x.airfields[owner]:
            text += ", " + _("airfield on {territory}").format(territory=self.game.map[x.airfields[owner]].name)
        if "leaders" in parts:
            where = x.leader_zones[owner]
            name = x.leaders[owner].replace("_", " ").title()
            if where in self.game.map:
                text += ", " + _("{leader} on {territory}").format(leader=name, territory=self.game.map[where].name)
            elif where:
                text += ", " + _("{leader} in the scrapyard").format(leader=name)
            else:
                text += ", " + _("{leader} not placed yet").format(leader=name)
        if "scrapyard" in parts:
            text += ", " + _("scrapyard {units}").format(units=x.scrapyard[owner])
        if "alliances" in parts:
            allies = [p for team in x.alliances if owner in team for p in team if p != owner]
            if allies:
                text += ", " + _("allied with {players}").format(players=listed(allies))
        return text

    def status_note(self) -> str:
        """What the status line adds: the round of the game's rounds."""
        if "rounds" not in self.parts or not self.x.round:
            return ""
        return " " + _("(round {round} of {rounds})").format(round=self.x.round, rounds=self.x.rounds)

    def missions_height(self) -> float:
        return 8.0 + ROW * (1 + len(self.x.board_missions)) if "missions" in self.parts else 0.0

    def draw_missions(self, dwg: Drawing, x0: float, y: float, width: float) -> None:
        """The face-up missions, each with both players' progress; fulfilled ones marked."""
        if "missions" not in self.parts:
            return
        x = self.x
        players = self.game.players
        progress = {p: x.progress(p) for p in players}
        group = dwg.add(dwg.g(font_family="DejaVu Sans, Noto Sans CJK JP, Arial, sans-serif", font_size=11))
        collected = "; ".join(
            _("{owner}: {counts}").format(
                owner=p, counts=", ".join(_(x.mission_title(m)) for m in x.collected[p]) or _("none")
            )
            for p in players
        )
        group.add(
            dwg.text(
                _("Face-up missions (collected: {collected})").format(collected=collected),
                insert=(x0 + 8, y),
                fill="#111111",
            )
        )
        for i, m in enumerate(x.board_missions):
            yy = y + ROW * (i + 1)
            group.add(dwg.text(x.mission_title(m), insert=(x0 + 20, yy), fill="#111111"))
            for j, p in enumerate(players):
                v = progress[p][m]
                mark = "✓ " if v["done"] else ""
                group.add(
                    dwg.text(
                        f"{mark}{p}: {v['text']}",
                        insert=(x0 + width * (0.34 + 0.33 * j), yy),
                        fill=self.colours[p] if v["done"] else "#333333",
                        font_weight="bold" if v["done"] else "normal",
                    )
                )


def edition_picture(game: Game, colours: dict[str, str]) -> ExtrasPicture | None:
    """The edition's own layers for ``render_svg``, or ``None`` for editions whose board has no parts
    that the picture draws."""
    parts = game.ruleset.parts(game.config) & DRAWN
    return ExtrasPicture(game, colours, parts) if parts else None


DRAWN = frozenset(
    {
        "missions",
        "cities",
        "capitals",
        "buildings",
        "airfields",
        "difficult_terrain",
        "field_hospital",
        "leaders",
        "scrapyard",
        "rounds",
        "alliances",
    }
)
"""The parts the picture draws."""


def listed(players: Sequence[str]) -> str:
    """The players listed ("Ada", "Ada and Bo", "Ada, Bo and Cy") in the language spoken."""
    if len(players) < 2:
        return "".join(players)
    return _("{players} and {last}").format(players=", ".join(players[:-1]), last=players[-1])
