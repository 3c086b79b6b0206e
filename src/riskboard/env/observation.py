"""The observation: what one player may see, as a fixed-length ``float32`` vector.

It is read from ``game.view(player)`` only (a ``PlayerView``: others' hands, the draw pile and
others' secret missions are not in it), so two positions that differ only in what the player may
not see give the same vector. Owners are relative to the observer: slot 0 is the observer, then
the other players in seat order after them, then the neutral armies, then "unclaimed". The segments
and their scales are listed in docs/ENV.md; ``ObservationEncoder.describe()`` prints them for a
particular game. Every value lies in ``[0, high]`` of the observation space (numbers are clipped).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import compress
from operator import ne, or_
from typing import TYPE_CHECKING, Any

import numpy as np

from riskboard.engine.state import MAX_UNITS

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig, Pending
    from riskboard.engine.state import GameState
    from riskboard.engine.view import PlayerView

DECISIONS = (
    "claim", "place", "setup_place", "place_leader", "place_neutral", "neutral", "capital", "choose", "buy",
    "trade", "attack", "continue", "defend", "casualty", "occupy", "collect", "fortify", "none",
)  # fmt: skip
"""The pending decisions every edition uses (``Pending.decision``); any other sets the last slot."""

UNITS_SCALE = 20.0
"""Units on a territory are given as ``units / 20`` and ``log1p(units) / log1p(MAX_UNITS)``."""

TURN_CAP = 1000
"""Turns are given as ``min(turn, 1000) / 100``."""

_UNITS = np.arange(MAX_UNITS + 1, dtype=np.float32) / UNITS_SCALE
"""``units / 20`` for every count a territory may hold, as the vector gives it (float32)."""
_LOG_UNITS = np.log1p(np.arange(MAX_UNITS + 1, dtype=np.float32)) / math.log1p(MAX_UNITS)
"""``log1p(units) / log1p(10000)`` likewise: read for the territories that changed."""
_UNITS_LIST: list[float] = _UNITS.tolist()
_LOG_UNITS_LIST: list[float] = _LOG_UNITS.tolist()
"""The same float32 values as Python floats (read one at a time, written back exactly)."""
INCREMENTAL = 0.25
"""A position is encoded from the observer's last one when at most this share of the territories
changed (an attack changes two, a placement one); otherwise the territory segments are redone."""


@dataclass(frozen=True)
class Segment:
    """One named run of the vector."""

    name: str
    start: int
    size: int
    high: float
    doc: str


class ObservationEncoder:
    """The observation layout of one game configuration, and the vector of any view."""

    def __init__(self, cfg: GameConfig, initial: GameState) -> None:
        gm = cfg.map
        ruleset = cfg.ruleset
        self._cfg = cfg
        self.n_territories = n = len(gm.ids)
        self.n_players = p = len(cfg.players)
        self.n_owners = o = len(cfg.owners)
        self.parts = ruleset.parts(cfg)
        self.phases: tuple[str, ...] = tuple(ruleset.phases)
        faces = self._faces = dict(ruleset.card_faces(cfg))
        self.card_kinds: tuple[str, ...] = tuple(sorted({_face(faces.get(c)) for c in ruleset.deck(cfg)}))
        self.deck_size = max(1, len(ruleset.deck(cfg)))
        self.regions: tuple[str, ...] = tuple(r.id for r in gm.regions)
        self.attack_dice = max(1, int(cfg.rules.attack_dice))
        facts = ruleset.board_facts(cfg, initial) if "missions" in self.parts else {}
        self.board_missions: tuple[str, ...] = tuple(sorted(facts.get("missions", {})))
        segs: list[Segment] = []

        def add(name: str, size: int, high: float, doc: str) -> None:
            start = segs[-1].start + segs[-1].size if segs else 0
            segs.append(Segment(name, start, size, float(high), doc))

        big = MAX_UNITS / UNITS_SCALE
        add(
            "owner", n * (o + 1), 1, "per territory (map order): owner one-hot, relative (self, others, neutrals, none)"
        )
        add("units", n, big, "per territory: units / 20")
        add("log_units", n, 1, "per territory: log1p(units) / log1p(10000)")
        add("held", o, 1, "per relative owner: territories held / territories")
        add("strength", o, big, "per relative owner: units on the board / 20")
        add("phase", len(self.phases), 1, f"phase one-hot: {', '.join(self.phases)}")
        add("decision", len(DECISIONS) + 1, 1, f"pending decision one-hot: {', '.join(DECISIONS)}, other")
        add("deciding", 1, 1, "1 if the observer decides now")
        add("decider", p, 1, "relative player one-hot: who decides now")
        add("current", p, 1, "relative player one-hot: whose turn it is")
        add("turn", 1, TURN_CAP / 100, "min(turn, 1000) / 100")
        add("to_place", 1, big, "units the pending player may place now / 20")
        add("hand", len(self.card_kinds), self.deck_size / 5, f"own cards by kind / 5: {', '.join(self.card_kinds)}")
        add("cards", p, self.deck_size / 5, "per relative player: cards held / 5")
        add("pile", 1, 1, "cards in the draw pile / deck size")
        add("sets_traded", 1, 100, "trades made so far / 10 (capped at 1000)")
        add("battle_source", n, 1, "the pending battle's attacking territory, one-hot")
        add("battle_target", n, 1, "the pending battle's attacked territory, one-hot")
        add("battle_dice", 1, 10, "the pending attack's dice / attack dice of the rules")
        add("occupy_range", 2, big, "the move-in's least and most units / 20")
        if "secret_missions" in self.parts:
            add("mission_destroy", p, 1, "own secret mission: the relative player to destroy")
            add("mission_regions", len(self.regions), 1, "own secret mission: the regions it names")
            add(
                "mission_numbers",
                3,
                1,
                "own secret mission: plus one region; territories to occupy / 42; units each / 10",
            )
        if "leaders" in self.parts:
            add("leaders", n * p, 1, "per territory: whose leader stands there (relative player one-hot)")
            add("leader_scrapped", p, 1, "per relative player: the leader is on the scrapyard")
        if "scrapyard" in self.parts:
            add("scrapyard", p, big, "per relative player: robots on the scrapyard / 20")
        if "rounds" in self.parts:
            add("round", 1, 1, "round / rounds")
        if "win_progress" in self.parts:
            add("progress", p, 1, "per relative player: territories held / territories needed to win (capped)")
        if "ceasefire" in self.parts:
            add("ceasefire", 3, 1, "ceasefire card known: in play; earliest and latest position / deck size")
        if "cities" in self.parts:
            add("cities", n, 1, "per territory: a city")
        if "capitals" in self.parts:
            add("capitals", n * p, 1, "per territory: whose capital it is (relative player one-hot)")
        if "airfields" in self.parts:
            add("airfields", n * p, 1, "per territory: whose airfield it is (relative player one-hot)")
        if "field_hospital" in self.parts:
            add("hospital", p, big, "per relative player: units in the field hospital / 20")
        if "missions" in self.parts:
            m = len(self.board_missions)
            add("missions_up", m, 1, f"per mission ({', '.join(self.board_missions)}): face up")
            add("missions_progress", m, 1, "per mission: own progress have / need (capped), if face up")
            add("missions_collected", m * p, 1, "per mission: who collected it (relative player one-hot)")
            add("missions_count", p, 1, "per relative player: missions collected / missions to win")
        self.segments: tuple[Segment, ...] = tuple(segs)
        self._seg = {s.name: s for s in segs}
        self.size = segs[-1].start + segs[-1].size
        self.high = np.concatenate([np.full(s.size, s.high, dtype=np.float32) for s in segs])
        self._owner_rows = self._seg["owner"].start + np.arange(n) * (o + 1)
        """Where each territory's owner one-hot starts."""
        self._owner_row_list: list[int] = self._owner_rows.tolist()
        self._slots: dict[int, np.ndarray] = {}
        """Per observer: owner index + 1 → relative owner slot (index 0: unclaimed, slot ``o``)."""
        self._slot_lists: dict[int, list[int]] = {}
        """The same as lists (read one territory at a time)."""
        self._extra_fills = [(name, fill) for name, fill in self._extras() if name in self._seg]
        """The edition's extras this layout has (looked up once, not per observation)."""
        self._card_kind = {card: self.card_kinds.index(_face(faces.get(card))) for card in ruleset.deck(cfg)}
        """Each card of the deck: the index of its kind (read once, not per observation)."""
        self._at = {name: seg.start for name, seg in self._seg.items()}
        """Where each segment starts."""
        self._phase_slot = {phase: self._at["phase"] + k for k, phase in enumerate(self.phases)}
        self._decision_slot = {d: self._at["decision"] + k for k, d in enumerate(DECISIONS)}
        self._other_decision = self._at["decision"] + len(DECISIONS)
        """The one-hot slot of each phase and pending decision (any other decision: the last)."""
        self._seat_of = {name: k for k, name in enumerate(cfg.players)}
        self._board_end = self._seg["strength"].start + o
        """The territory segments (owner, units, log_units) and the per-owner sums after them
        (held, strength) are one run, ``[0, _board_end)``, kept per observer."""
        self._boards: dict[
            int, tuple[tuple[int, ...], tuple[int, ...], np.ndarray, list[int], list[int], list[int]]
        ] = {}
        """Per observer: the owners and armies last encoded, that run, each territory's owner slot,
        and per owner slot the territories held and the units on them, so the next position
        redoes only the territories that changed."""

    def describe(self) -> str:
        """The layout in words: one line per segment."""
        lines = [f"Box(0, high, ({self.size},), float32):"]
        for s in self.segments:
            lines.append(f"  {s.start:>6}..{s.start + s.size - 1:<6} {s.name:<18} {s.doc}")
        return "\n".join(lines)

    def encode(self, view: PlayerView, pending: Pending) -> np.ndarray:
        """The observation of ``view.player`` (pending: who decides what now)."""
        out = np.zeros(self.size, dtype=np.float32)
        p, o = self.n_players, self.n_owners
        me = view.me

        def put(name: str, values: Any, offset: int = 0) -> None:
            seg = self._seg[name]
            out[seg.start + offset : seg.start + offset + len(values)] = values

        def hot(name: str, index: int) -> None:
            seg = self._seg[name]
            if 0 <= index < seg.size:
                out[seg.start + index] = 1.0

        table = self._slots.get(me)
        if table is None:
            rel_owner = [(w - me) % p if w < p else w for w in range(o)]
            table = self._slots[me] = np.array([o, *rel_owner], dtype=np.int64)
            self._slot_lists[me] = table.tolist()
        out[: self._board_end] = self._board(me, table, view.owner_indices, view.army_counts)
        # the one-hots every observation has, at slots worked out once (the same as hot() would set)
        at = self._at
        slot = self._phase_slot.get(view.phase)
        if slot is not None:
            out[slot] = 1.0
        out[self._decision_slot.get(pending.decision, self._other_decision)] = 1.0
        seat = self._seat_of
        if pending.player is not None:
            out[at["deciding"]] = float(pending.player == view.player)
            out[at["decider"] + (seat[pending.player] - me) % p] = 1.0
        out[at["current"] + (seat[view.current_player] - me) % p] = 1.0
        out[at["turn"]] = min(view.turn, TURN_CAP) / 100
        out[at["to_place"]] = view.armies_to_place / UNITS_SCALE if pending.decision != "none" else 0.0
        hand = view.hand
        if hand:
            faces, card_kind = self._faces, self._card_kind
            kinds = [0.0] * len(self.card_kinds)
            for card in hand:
                kind = card_kind.get(card)
                kinds[self.card_kinds.index(_face(faces.get(card))) if kind is None else kind] += 1
            put("hand", [k / 5 for k in kinds])
        held = view.card_counts
        put("cards", [c / 5 for c in held[me:] + held[:me]])  # from the observer on
        out[at["pile"]] = view.draw_pile_size / self.deck_size
        out[at["sets_traded"]] = min(view.sets_traded, 1000) / 10
        battle = view.battle
        if battle is not None:
            hot("battle_source", battle.source)
            hot("battle_target", battle.target)
            if battle.kind == "defend":
                put("battle_dice", [battle.dice / self.attack_dice])
            else:
                put("occupy_range", [battle.least / UNITS_SCALE, battle.most / UNITS_SCALE])
        for _name, fill in self._extra_fills:
            fill(view, out, me, put, hot)
        # np.clip's value, by its two ufuncs (np.clip's own checks cost more than the clipping)
        np.maximum(out, 0.0, out=out)
        np.minimum(out, self.high, out=out)
        return out

    def _board(self, me: int, table: np.ndarray, owners: tuple[int, ...], armies: tuple[int, ...]) -> np.ndarray:
        """The territory run of the vector for observer ``me``: from its last one where few
        territories changed (their owner one-hot, units and log units rewritten, the per-owner sums
        moved by what changed), else made anew; the same numbers either way."""
        n, o = self.n_territories, self.n_owners
        kept = self._boards.get(me)
        if kept is not None:
            old_owners, old_armies, block, slots, held, strength = kept
            if old_owners is owners and old_armies is armies:
                return block
            # the territories whose owner or armies differ, compared in C (no Python loop per territory)
            changed = list(compress(range(n), map(or_, map(ne, owners, old_owners), map(ne, armies, old_armies))))
            if len(changed) <= INCREMENTAL * n and all(0 <= armies[t] <= MAX_UNITS for t in changed):
                units, log_units = self._seg["units"].start, self._seg["log_units"].start
                rows, slot_of = self._owner_row_list, self._slot_lists[me]
                for t in changed:
                    was, slot, a = slots[t], slot_of[owners[t] + 1], armies[t]
                    if slot != was:  # the owner one-hot moves
                        row = rows[t]
                        block[row + was] = 0.0
                        block[row + slot] = 1.0
                        slots[t] = slot
                        held[was] -= 1
                        held[slot] += 1
                    strength[was] -= old_armies[t]
                    strength[slot] += a
                    block[units + t] = _UNITS_LIST[a]
                    block[log_units + t] = _LOG_UNITS_LIST[a]
                self._write_sums(block, held, strength)
                self._boards[me] = (owners, armies, block, slots, held, strength)
                return block
        block = np.zeros(self._board_end, dtype=np.float32)
        counts = np.asarray(armies, dtype=np.float32)
        slot_array = table[np.asarray(owners, dtype=np.int64) + 1]
        block[self._owner_rows + slot_array] = 1.0
        start = self._seg["units"].start
        block[start : start + n] = counts / UNITS_SCALE
        start = self._seg["log_units"].start
        block[start : start + n] = np.log1p(counts) / math.log1p(MAX_UNITS)
        held = np.bincount(slot_array, minlength=o + 1).tolist()
        strength = np.bincount(slot_array, weights=counts, minlength=o + 1).astype(np.int64).tolist()
        self._write_sums(block, held, strength)
        self._boards[me] = (owners, armies, block, slot_array.tolist(), held, strength)
        return block

    def _write_sums(self, block: np.ndarray, held: list[int], strength: list[int]) -> None:
        """The per-owner segments from the per-slot counts: territories held / territories, units
        on the board / 20 (kept as whole numbers, so moving them by a change is exact)."""
        n, o = self.n_territories, self.n_owners
        start = self._seg["held"].start
        block[start : start + o] = [h / n for h in held[:o]]
        start = self._seg["strength"].start
        block[start : start + o] = [u / UNITS_SCALE for u in strength[:o]]

    # -- the editions' public extras, each where the edition has that part -------------------------------
    def _extras(self) -> list[tuple[str, Callable[..., None]]]:
        return [
            ("mission_destroy", self._mission),
            ("leaders", self._leaders),
            ("scrapyard", self._scrapyard),
            ("round", self._round),
            ("progress", self._progress),
            ("ceasefire", self._ceasefire),
            ("cities", self._cities),
            ("capitals", self._capitals),
            ("airfields", self._airfields),
            ("hospital", self._hospital),
            ("missions_up", self._missions),
        ]

    def _rel(self, player: str, me: int) -> int:
        return (self._cfg.players.index(player) - me) % self.n_players

    def _mission(self, view: PlayerView, out: np.ndarray, me: int, put: Any, hot: Any) -> None:
        """A secret mission's parts, as the edition says it asks them (``Ruleset.mission_goal``):
        whom to destroy, the regions it names, a further region, and the territories to occupy
        (with the units on each where it asks more than one)."""
        goal = view.mission_goal
        if goal is None:
            return
        if goal.rival is not None and goal.rival in self._cfg.players:
            hot("mission_destroy", self._rel(goal.rival, me))
        for k, region in enumerate(self.regions):
            if region in goal.regions:
                hot("mission_regions", k)
        put(
            "mission_numbers",
            [
                float(goal.more_regions),
                goal.territories / self.n_territories,
                goal.units_each / 10 if goal.territories and goal.units_each > 1 else 0.0,
            ],
        )

    def _leaders(self, view: PlayerView, out: np.ndarray, me: int, put: Any, hot: Any) -> None:
        p = self.n_players
        for t in range(self.n_territories):
            who = view.leader_at(t)
            if who is not None:
                hot("leaders", t * p + (who - me) % p)
        zones = view.extras.leader_zones
        put("leader_scrapped", [float(zone == "scrapyard") for zone in self._relative(zones, me)])

    def _scrapyard(self, view: PlayerView, out: np.ndarray, me: int, put: Any, hot: Any) -> None:
        put("scrapyard", [n / UNITS_SCALE for n in self._relative(view.extras.scrapyard, me)])

    def _round(self, view: PlayerView, out: np.ndarray, me: int, put: Any, hot: Any) -> None:
        x = view.extras
        put("round", [x.round / max(1, x.rounds)])

    def _progress(self, view: PlayerView, out: np.ndarray, me: int, put: Any, hot: Any) -> None:
        x = view.extras
        values = []
        for k in range(self.n_players):
            have, need = x.progress(self._cfg.players[(me + k) % self.n_players])
            values.append(have / max(1, need))
        put("progress", values)

    def _ceasefire(self, view: PlayerView, out: np.ndarray, me: int, put: Any, hot: Any) -> None:
        where = view.extras.ceasefire_range()
        if where is not None:
            put("ceasefire", [1.0, where[0] / self.deck_size, where[1] / self.deck_size])

    def _cities(self, view: PlayerView, out: np.ndarray, me: int, put: Any, hot: Any) -> None:
        index = view.map.index
        for t in view.extras.cities:
            hot("cities", index[t])

    def _relative(self, by_player: Mapping[str, Any], me: int) -> list[Any]:
        """A per-player fact in the observer's order: the observer first, then the next seats."""
        return [by_player[self._cfg.players[(me + k) % self.n_players]] for k in range(self.n_players)]

    def _by_player(self, name: str, places: dict[str, str | None], view: PlayerView, me: int, hot: Any) -> None:
        index = view.map.index
        for player, t in places.items():
            if t is not None and t in index:
                hot(name, index[t] * self.n_players + self._rel(player, me))

    def _capitals(self, view: PlayerView, out: np.ndarray, me: int, put: Any, hot: Any) -> None:
        self._by_player("capitals", view.extras.capitals, view, me, hot)

    def _airfields(self, view: PlayerView, out: np.ndarray, me: int, put: Any, hot: Any) -> None:
        self._by_player("airfields", view.extras.airfields, view, me, hot)

    def _hospital(self, view: PlayerView, out: np.ndarray, me: int, put: Any, hot: Any) -> None:
        put("hospital", [n / UNITS_SCALE for n in self._relative(view.extras.hospital, me)])

    def _missions(self, view: PlayerView, out: np.ndarray, me: int, put: Any, hot: Any) -> None:
        x = view.extras
        ids = self.board_missions
        p = self.n_players
        progress = x.progress(view.player)
        for k, m in enumerate(ids):
            if m in progress:
                hot("missions_up", k)
                need = progress[m]["need"]
                put("missions_progress", [min(1.0, progress[m]["have"] / max(1, need))], k)
        counts = [0.0] * p
        for player, got in x.collected.items():
            r = self._rel(player, me)
            counts[r] = len(got) / max(1, x.missions_to_win)
            for m in got:
                if m in ids:
                    hot("missions_collected", ids.index(m) * p + r)
        put("missions_count", counts)


def _face(face: Any) -> str:
    """A card's kind from what it shows: ``symbol:cavalry``, ``stars:2``, or ``plain``."""
    if not face:
        return "plain"
    return ",".join(f"{k}:{v}" for k, v in sorted(face.items()))
