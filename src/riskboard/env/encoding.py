"""The fixed action encoding: every decision of a game as one ``Discrete(N)`` integer, with a mask.

A learner needs the same integer to mean the same thing in every position, but the engine's legal
actions are an open-ended list (``place 1..30 alaska``). So the integers are laid out once per game
configuration (edition, variant, map, players, house rules) in blocks by the action's shape, and
each position says which of them are legal (the mask) and which ``Action`` each legal one stands
for (the table). Counts are bucketed: a slot picks the least, the middle or the most of the counts
the rules allow for that shape. The blocks and their order are documented in docs/ENV.md;
``ActionEncoding.describe()`` prints them for a particular game.

Built by construction: only legal actions are put in the table, so every masked-in slot decodes
to a legal action, and every legal action kind has a slot (rare shapes fall into round-robin
blocks, see ``ROUND_ROBIN``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from riskboard.engine.actions import Action, Attack, Blitz, Defend, EndPhase, Fortify, Occupy, Place, TradeCards
from riskboard.engine.legal import ActionRange, Builder

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig

BUCKETS = ("least", "half", "most")
"""The count buckets of a counted shape (place, occupy, fortify): of the legal counts ``c1 < .. < cm``
for that shape, ``least`` = c1, ``half`` = the lower median c[(m-1)//2], ``most`` = cm. A bucket is
masked in only when its count differs from the buckets before it, so no two slots are one action."""

TRADE_SLOTS = 16
"""Card trades: slot k is the k-th legal trade, sorted by value (most first), then by text."""

OTHER_SLOTS = 16
"""Actions of no other block (e.g. a house rule allowing more dice than the game's rules say)."""

FIXED_WORDS: dict[str, tuple[str, ...]] = {
    "stop": ("stop",),
    "casualty": ("casualty robot", "casualty leader"),
    "choose": ("choose keep first", "choose keep second", "choose swap first", "choose swap second"),
}
"""Edition verbs whose every action is one of a few texts: one slot per text."""

PER_TERRITORY = ("capital", "revive")
"""Edition verbs that name one territory: one slot per territory, in map order."""

ROUND_ROBIN: dict[str, int] = {"buy": 64, "neutral": 64, "collect": 16}
"""Edition verbs with many shapes: a block of that many slots holding the legal actions of the verb,
grouped by kind (the words of its text that are not territories: ``buy uprising 2``,
``neutral neutral_1 2 1``), each kind sorted by text, then dealt round-robin (the first of every kind,
then the second of every kind, ...), so every kind has a slot while the block lasts."""

DEFAULT_ROUND_ROBIN = 32
"""The block size for an edition verb not listed above."""

SHARED_VERBS = frozenset({"place", "trade", "attack", "blitz", "defend", "occupy", "fortify", "end"})


@dataclass(frozen=True)
class Block:
    """One run of slots: ``start .. start + size - 1``, all of one shape."""

    name: str
    start: int
    size: int
    doc: str

    @property
    def stop(self) -> int:
        return self.start + self.size


class _Deferred:
    """An action of a count range not built yet: ``build(count)`` when it is asked for."""

    __slots__ = ("build", "count")

    def __init__(self, build: Callable[[int], Action], count: int) -> None:
        self.build = build
        self.count = count


class Encoded:
    """One position's mask and table: ``table[i]`` is the action slot ``i`` stands for now.

    The mask is all a learner's step reads; the table only ``decode`` and friends. So the actions
    of counted shapes (``place 1..30 T``: three buckets on each territory; ``attack S T 1..3``)
    are built when the table is first read, in the order they would have been filed (``_Deferred``
    holding their place in the table; ``later``: what was filed after the counted buckets)."""

    __slots__ = ("_later", "_lazy", "_table", "mask")

    def __init__(
        self,
        mask: np.ndarray,
        table: dict[int, Any],
        lazy: list[tuple[int, Any, int]] | None = None,
        later: list[tuple[int, Action]] | None = None,
    ) -> None:
        self.mask = mask
        self._table = table
        self._lazy = lazy
        """(slot, an action or the builder of one, its count), for the counted shapes."""
        self._later = later
        """(slot, action) filed after the counted shapes (trades, round-robin pools)."""

    def action(self, slot: int) -> Action | None:
        """The action slot ``slot`` stands for now, or ``None``: ``table.get(slot)``, building
        only that one action of the counted shapes (what one step decodes)."""
        found = self._table.get(slot)
        if type(found) is _Deferred:
            return found.build(found.count)
        if found is not None or (self._lazy is None and self._later is None):
            return found
        for at, made, count in self._lazy or ():
            if at == slot:
                return made(count) if callable(made) else made
        for at, act in self._later or ():
            if at == slot:
                return act
        return None

    @property
    def table(self) -> dict[int, Action]:
        if self._lazy is not None or self._later is not None:
            table = self._table
            for slot, held in list(table.items()):
                if type(held) is _Deferred:
                    table[slot] = held.build(held.count)
            for slot, made, count in self._lazy or ():
                table[slot] = made(count) if callable(made) else made
            for slot, action in self._later or ():
                table[slot] = action
            self._lazy = self._later = None
        return self._table


def _leader(action: Action) -> bool:
    """Whether an attack, defence or move commits the leader (its text ends with ``leader``)."""
    return str(action).endswith(" leader")


class ActionEncoding:
    """The integer layout of one game configuration, and the mask and table of any position."""

    def __init__(self, cfg: GameConfig) -> None:
        gm = cfg.map
        rules = cfg.rules
        ruleset = cfg.ruleset
        verbs = set(ruleset.verbs)
        self.territories: tuple[str, ...] = gm.ids
        self._tindex = gm.index
        n = len(gm.ids)
        self.attack_pairs: list[tuple[int, int]] = [(s, t) for s in range(n) for t in sorted(gm.adjacency[s])]
        reach = rules.fortify
        if reach == "connected":
            self.move_pairs = [(s, t) for s in range(n) for t in range(n) if s != t]
        elif reach == "adjacent":
            self.move_pairs = list(self.attack_pairs)
        else:
            self.move_pairs = []
        self._attack_index = {p: i for i, p in enumerate(self.attack_pairs)}
        self._move_index = {p: i for i, p in enumerate(self.move_pairs)}
        self.attack_dice = max(1, int(rules.attack_dice))
        self.defence_dice = max(1, int(rules.defence_dice))
        leaders = "leaders" in ruleset.parts(cfg)
        e, d, f = len(self.attack_pairs), self.attack_dice, len(self.move_pairs)

        blocks: list[Block] = []

        def add(name: str, size: int, doc: str) -> None:
            start = blocks[-1].stop if blocks else 0
            blocks.append(Block(name, start, size, doc))

        add("end", 1, "end: end the phase")
        add("place", 3 * n, "place N T: territory T (map order) x bucket least|half|most of the legal counts")
        add("trade", TRADE_SLOTS, "trade ...: the k-th legal trade, most valuable first, then by text")
        add("attack", e * d, "attack S T N: directed border (S, T) (sorted by S, then T) x dice N = 1..")
        add("blitz", e, "blitz S T: directed border (S, T), attack until it falls or S is down to one")
        add("defend", self.defence_dice, "defend N: dice N = 1..")
        add("occupy", 3, "occupy N: bucket least|half|most of the legal counts")
        add("fortify", 3 * f, f"fortify S T N: pair (S, T) ({reach} move) x bucket least|half|most")
        if leaders:
            add("attack_leader", e * d, "attack S T N leader: as attack, the leader committed")
            add("defend_leader", self.defence_dice, "defend N leader: as defend, the leader committed")
            add("fortify_leader", 3 * f, "fortify S T N leader: as fortify, the leader moving along")
        extra = sorted(verbs - SHARED_VERBS)
        self._fixed: dict[str, int] = {}
        self._per_territory: dict[str, int] = {}
        self._round_robin: dict[str, Block] = {}
        for verb in extra:
            if verb in FIXED_WORDS:
                texts = FIXED_WORDS[verb]
                add(verb, len(texts), f"{verb}: one slot each for " + ", ".join(repr(t) for t in texts))
                start = blocks[-1].start
                self._fixed.update({t: start + k for k, t in enumerate(texts)})
            elif verb in PER_TERRITORY:
                add(verb, n, f"{verb} T: territory T (map order)")
                self._per_territory[verb] = blocks[-1].start
            else:
                size = ROUND_ROBIN.get(verb, DEFAULT_ROUND_ROBIN)
                add(verb, size, f"{verb} ...: the legal '{verb}' actions dealt round-robin over their kinds")
                self._round_robin[verb] = blocks[-1]
        add("other", OTHER_SLOTS, "any legal action no block above holds, dealt round-robin over their kinds")
        self.blocks: tuple[Block, ...] = tuple(blocks)
        self._by_name = {b.name: b for b in blocks}
        self.size = blocks[-1].stop
        self._leaders = leaders
        """Only an edition with leaders has actions that commit one (``_leader`` reads their text)."""
        self._end = self._by_name["end"].start
        self._place = self._by_name["place"].start
        self._occupy = self._by_name["occupy"].start
        self._blitz = self._by_name["blitz"].start
        self._attack = self._by_name["attack"].start
        ids = self.territories
        fortify = self._by_name["fortify"].start
        self._attack_at = {(ids[s], ids[t]): self._attack + i * d for i, (s, t) in enumerate(self.attack_pairs)}
        """The slot of ``attack S T 1`` by the names of the border (the others follow it)."""
        self._blitz_at = {(ids[s], ids[t]): self._blitz + i for i, (s, t) in enumerate(self.attack_pairs)}
        self._fortify_at = {(ids[s], ids[t]): fortify + 3 * i for i, (s, t) in enumerate(self.move_pairs)}
        self._place_at = {t: self._place + 3 * k for k, t in enumerate(ids)}

    # -- the layout ----------------------------------------------------------------------------------
    def block(self, name: str) -> Block:
        """The block called ``name`` (``KeyError`` if this configuration has none)."""
        return self._by_name[name]

    def block_of(self, slot: int) -> Block:
        """The block slot ``slot`` belongs to."""
        if not 0 <= slot < self.size:
            raise ValueError(f"action {slot} is outside 0..{self.size - 1}")
        for b in self.blocks:
            if b.start <= slot < b.stop:
                return b
        raise AssertionError("blocks cover every slot")

    def slot_name(self, slot: int) -> str:
        """What slot ``slot`` means in every position, e.g. ``"place [most] alaska"``."""
        b = self.block_of(slot)
        k = slot - b.start
        ids = self.territories
        if b.name in ("place",):
            return f"place [{BUCKETS[k % 3]}] {ids[k // 3]}"
        if b.name in ("attack", "attack_leader"):
            s, t = self.attack_pairs[k // self.attack_dice]
            return f"attack {ids[s]} {ids[t]} {k % self.attack_dice + 1}" + (" leader" if b.name != "attack" else "")
        if b.name == "blitz":
            s, t = self.attack_pairs[k]
            return f"blitz {ids[s]} {ids[t]}"
        if b.name in ("defend", "defend_leader"):
            return f"defend {k + 1}" + (" leader" if b.name != "defend" else "")
        if b.name == "occupy":
            return f"occupy [{BUCKETS[k]}]"
        if b.name in ("fortify", "fortify_leader"):
            s, t = self.move_pairs[k // 3]
            return f"fortify {ids[s]} {ids[t]} [{BUCKETS[k % 3]}]" + (" leader" if b.name != "fortify" else "")
        if b.name == "end":
            return "end"
        if b.name in FIXED_WORDS:
            return FIXED_WORDS[b.name][k]
        if b.name in PER_TERRITORY:
            return f"{b.name} {ids[k]}"
        return f"{b.name} #{k}"

    def describe(self) -> str:
        """The layout in words: one line per block with its slots and meaning."""
        lines = [f"Discrete({self.size}):"]
        for b in self.blocks:
            lines.append(f"  {b.start:>6}..{b.stop - 1:<6} {b.name:<15} {b.doc}")
        return "\n".join(lines)

    # -- one position --------------------------------------------------------------------------------
    def encode(self, actions: Sequence[Action], trade_value: Callable[[tuple[str, ...]], int] | None = None) -> Encoded:
        """The mask and table of a position whose legal actions are ``actions`` (a list, or a lazy
        sequence with ``.parts``). ``trade_value`` orders the trades (most valuable first)."""
        counted: dict[int, dict[int, Any]] = {}
        """Base slot of a counted shape -> {count: action or builder}."""
        table: dict[int, Any] = {}
        trades: list[TradeCards] = []
        pools: dict[str, list[Action]] = {}

        parts = getattr(actions, "parts", None)
        items: Iterable[Any] = parts if parts is not None else actions
        attack_at, blitz_at, dice = self._attack_at, self._blitz_at, self.attack_dice
        for item in items:
            # the shapes of nearly every position, filed by their names without building an action
            # (exact types: an edition's subclass, e.g. a leader's attack, goes the general way)
            tp = type(item)
            if tp is ActionRange:
                build = item.build
                counts = item.counts
                if type(build) is Builder and len(counts):
                    cls = build.cls
                    if cls is Attack:
                        slot = attack_at.get(build.args)
                        if slot is not None:  # one slot per dice count
                            for c in counts:
                                if 1 <= c <= dice:
                                    table[slot + c - 1] = _Deferred(build, c)
                                else:
                                    self._place_one(build(c), counted, table, trades, pools)
                            continue
                    else:
                        if cls is Place:
                            base = self._place_at.get(build.args[0]) if len(build.args) == 1 else None
                        elif cls is Fortify:
                            base = self._fortify_at.get(build.args)
                        else:
                            base = None
                        if base is not None:
                            entry = counted.setdefault(base, {})
                            for c in (counts[0], counts[(len(counts) - 1) // 2], counts[-1]):
                                entry[c] = build
                            continue
                elif build is Occupy and len(counts):
                    entry = counted.setdefault(self._occupy, {})
                    for c in (counts[0], counts[(len(counts) - 1) // 2], counts[-1]):
                        entry[c] = build
                    continue
            elif tp is Place or tp is Fortify:
                if tp is Place:
                    base = self._place_at.get(item.territory)
                else:
                    base = self._fortify_at.get((item.source, item.target))
                if base is not None:
                    counted.setdefault(base, {})[item.count] = item
                    continue
            elif tp is Blitz:
                slot = blitz_at.get((item.source, item.target)) if item.move is None else None
                if slot is not None:
                    table[slot] = item
                    continue
            elif tp is Attack:
                slot = attack_at.get((item.source, item.target))
                if slot is not None and 1 <= item.dice <= dice:
                    table[slot + item.dice - 1] = item
                    continue
            elif tp is EndPhase:
                table[self._end] = item
                continue
            self._file(item, counted, table, trades, pools)

        lazy: list[tuple[int, Any, int]] = []
        for base, entry in counted.items():  # the distinct buckets of the sorted counts (see BUCKETS)
            keys = sorted(entry)
            m = len(keys)
            c = keys[0]
            lazy.append((base, entry[c], c))
            if m >= 3:
                c = keys[(m - 1) // 2]
                lazy.append((base + 1, entry[c], c))
            if m >= 2:
                c = keys[-1]
                lazy.append((base + 2, entry[c], c))
        later: list[tuple[int, Action]] = []
        if trades:
            key = trade_value or (lambda cards: 0)
            trades.sort(key=lambda tr: (-key(tr.cards), str(tr)))
            start = self._by_name["trade"].start
            later.extend((start + k, tr) for k, tr in enumerate(trades[:TRADE_SLOTS]))
        for name, pool in pools.items():
            b = self._by_name[name]
            for k, act in enumerate(_round_robin(pool, self._tindex)):
                if k >= b.size:
                    break
                later.append((b.start + k, act))
        mask = np.zeros(self.size, dtype=np.int8)
        slots = [*table, *(slot for slot, _made, _c in lazy), *(slot for slot, _act in later)]
        if slots:
            mask[slots] = 1
        return Encoded(mask, table, lazy, later)

    def _file(
        self,
        item: Any,
        counted: dict[int, dict[int, Any]],
        table: dict[int, Any],
        trades: list[TradeCards],
        pools: dict[str, list[Action]],
    ) -> None:
        """File one part of the legal actions (an action, or a range of actions differing in a
        count) the general way: what ``encode`` does for the shapes it does not file itself."""
        for action, counts, build in _shapes((item,)):
            if counts is not None:
                base = self._counted_base(action)
                if base is not None:
                    entry = counted.setdefault(base, {})
                    for c in (counts[0], counts[(len(counts) - 1) // 2], counts[-1]):
                        entry[c] = build
                    continue
                if type(action) is Attack:  # one slot per dice count, found once for the range
                    self._attack_range(action, counts, build, counted, table, trades, pools)
                    continue
                for c in counts:
                    self._place_one(build(c), counted, table, trades, pools)
                continue
            self._place_one(action, counted, table, trades, pools)

    def _counted_base(self, action: Action) -> int | None:
        """The first bucket slot of a place, occupy or fortify shape, or ``None`` for other actions."""
        tp = type(action)
        if tp is Place:
            t = self._tindex.get(action.territory)  # type: ignore[attr-defined]
            return None if t is None else self._place + 3 * t
        if tp is Occupy:
            return self._occupy
        if tp is Attack or tp is Blitz or tp is Defend or tp is EndPhase:
            return None
        if isinstance(action, Fortify):
            i = self._move_index.get((self._tindex.get(action.source, -1), self._tindex.get(action.target, -1)))
            if i is None:
                return None
            name = "fortify_leader" if self._leaders and _leader(action) else "fortify"
            b = self._by_name.get(name)
            return None if b is None else b.start + 3 * i
        return None

    def _place_one(
        self,
        action: Action,
        counted: dict[int, dict[int, Any]],
        table: dict[int, Any],
        trades: list[TradeCards],
        pools: dict[str, list[Action]],
    ) -> None:
        """File one legal action under its slot (or its counted shape, trade list or pool)."""
        base = self._counted_base(action)
        if base is not None:
            counted.setdefault(base, {})[action.count] = action  # type: ignore[attr-defined]
            return
        slot = self._fixed_slot(action)
        if slot is not None:
            table[slot] = action
            return
        if isinstance(action, TradeCards):
            trades.append(action)
            return
        verb = action.verb
        pool = verb if verb in self._round_robin else "other"
        pools.setdefault(pool, []).append(action)

    def _attack_range(
        self,
        first: Attack,
        counts: Sequence[int],
        build: Callable[[int], Action],
        counted: dict[int, dict[int, Any]],
        table: dict[int, Any],
        trades: list[TradeCards],
        pools: dict[str, list[Action]],
    ) -> None:
        """File ``attack S T d`` for every dice count ``d`` of a range: the slot of the first count
        is looked up once and the others follow it (a count beyond the block goes where
        ``_place_one`` puts it)."""
        slot = self._fixed_slot(first)
        low = first.dice
        for c in counts:
            if slot is not None and 1 <= c <= self.attack_dice:
                table[slot + c - low] = first if c == low else _Deferred(build, c)
            else:
                self._place_one(first if c == low else build(c), counted, table, trades, pools)

    def _fixed_slot(self, action: Action) -> int | None:
        """The one slot of an action whose shape has no count bucket, or ``None``."""
        if isinstance(action, EndPhase):
            return self._end
        tindex = self._tindex
        if isinstance(action, Attack):
            i = self._attack_index.get((tindex.get(action.source, -1), tindex.get(action.target, -1)))
            if i is None or not 1 <= action.dice <= self.attack_dice:
                return None
            if not (self._leaders and _leader(action)):
                return self._attack + i * self.attack_dice + action.dice - 1
            b = self._by_name.get("attack_leader")
            return None if b is None else b.start + i * self.attack_dice + action.dice - 1
        if isinstance(action, Blitz):
            i = self._attack_index.get((tindex.get(action.source, -1), tindex.get(action.target, -1)))
            return None if i is None or action.move is not None else self._blitz + i
        if isinstance(action, Defend):
            b = self._by_name.get("defend_leader" if self._leaders and _leader(action) else "defend")
            if b is None or not 1 <= action.dice <= self.defence_dice:
                return None
            return b.start + action.dice - 1
        verb = action.verb
        if verb in self._per_territory:
            words = str(action).split()
            t = self._tindex.get(words[1]) if len(words) == 2 else None
            return None if t is None else self._per_territory[verb] + t
        if verb in FIXED_WORDS:
            return self._fixed.get(str(action))
        return None


def _shapes(actions: Sequence[Action]) -> Iterator[tuple[Action, Sequence[int] | None, Callable[[int], Action]]]:
    """``(action, counts, build)`` per part of the legal actions: ``counts`` and ``build`` for a
    lazy sequence's ``ActionRange`` (all the actions of one shape differing in a count), ``None``
    and the action itself otherwise."""
    parts = getattr(actions, "parts", None)
    items: Iterable[Any] = parts if parts is not None else actions
    for item in items:
        counts = getattr(item, "counts", None)
        build = getattr(item, "build", None)
        if counts is not None and build is not None and not isinstance(item, Action):
            if len(counts):
                yield item.first, counts, build
            continue
        yield item, None, _constant(item)


def _constant(action: Action) -> Callable[[int], Action]:
    return lambda _count: action


def _kind(action: Action, territories: dict[str, int]) -> str:
    """An action's kind: the words of its text that are not territories (``neutral neutral_1 2 1``)."""
    return " ".join(w for w in str(action).split() if w not in territories)


def _round_robin(pool: list[Action], territories: dict[str, int]) -> list[Action]:
    """The pool grouped by kind, each kind sorted by text, dealt one of every kind at a time."""
    groups: dict[str, list[tuple[str, Action]]] = {}
    for act in pool:
        groups.setdefault(_kind(act, territories), []).append((str(act), act))
    ordered = [sorted(groups[k], key=lambda item: item[0]) for k in sorted(groups)]
    out: list[Action] = []
    depth = max(len(g) for g in ordered)
    for i in range(depth):
        out.extend(g[i][1] for g in ordered if i < len(g))
    return out
