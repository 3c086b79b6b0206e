"""The bot loop against the fastest Python peer, chronitis/pyrisk, in the same run.

pyrisk is a benchmark-only peer (never a dependency, nothing of it is copied): fetch it yourself,

    git clone https://github.com/chronitis/pyrisk /tmp/pyrisk
    python benchmarks/peer_pyrisk.py --pyrisk /tmp/pyrisk [--games 90]

Both play 4-player games on the classic map, game by game in turn, so that the shared machine's
load falls on both alike. Times are CPU time of this process from the end of the setup (claiming
and placing the starting armies, which are no player's turn) on both sides. A "player turn" is a
turn a live player plays (pyrisk's own counter also counts the seats of eliminated players: we
count its bots' reinforce calls instead). pyrisk has no cards, no move-in choice and keeps no
record; riskboard plays the full rules in lean mode (``lean=True``: no undo history, no events).

How much a turn costs depends on how much it fights, so three riskboard lines are printed, each
with its battles per turn:
  - ``Aggressive``: our benchmark bot, which attacks whenever it outnumbers a neighbour (about
    7 battles a turn, against BetterAI's 4);
  - ``Steady``: a bot written here to the same plan as pyrisk's BetterAI (a priority region chosen
    at random; reinforce its border; attack from a territory holding 3 more than the target; the
    largest interior stack to the front): about 4.5 battles a turn;
  - battles per second, the work itself.
Prints medians over games and the ratios to pyrisk.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import logging
import random
import statistics
import sys
import time
from typing import Any

import riskboard as rb
from riskboard.engine.actions import Blitz, EndPhase, Fortify, Occupy, Place

PLAYERS = ["Ada", "Bo", "Cy", "Di"]
_END = EndPhase()


class Steady:
    """Our own bot with the plan of pyrisk's BetterAI (see the module docstring)."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self._rank: list[int] | None = None
        self._blitzes: dict[tuple[int, int], Blitz] = {}
        self._me = -1
        self._ids: tuple[str, ...] = ()
        self._adjacency: tuple[tuple[int, ...], ...] = ()

    def _priority(self, view: rb.PlayerView) -> list[int]:
        gm = view.map
        if self._rank is None:  # each territory's rank: the rank of its region, in an order drawn once
            order = list(range(len(gm.region_members)))
            self._rng.shuffle(order)
            self._rank = [0] * len(gm.ids)
            for rank, region in enumerate(order):
                for t in gm.region_members[region]:
                    self._rank[t] = rank
        rank = self._rank
        owner, me, adjacency = view.owner_indices, self._me, self._adjacency
        best, chosen = len(rank), []  # the border territories of the best-ranked region with any
        for t, o in enumerate(owner):
            if o == me and rank[t] <= best:
                for n in adjacency[t]:
                    if owner[n] != me:
                        if rank[t] < best:
                            best, chosen = rank[t], []
                        chosen.append(t)
                        break
        return chosen or [t for t, o in enumerate(owner) if o == me]

    def act(self, view: rb.PlayerView) -> Any:
        if self._me < 0:  # what never changes, read once
            self._me, self._ids, self._adjacency = view.me, view.map.ids, view.map.adjacency
        decision = view.pending.decision
        ids, me, adjacency = self._ids, self._me, self._adjacency
        owner, armies = view.owner_indices, view.army_counts
        if decision == "attack":
            # the first territory holding 3 more than a neighbour attacks it (each blitz built once)
            for src, o in enumerate(owner):
                if o == me and armies[src] > 3:
                    least = armies[src] - 3
                    for tgt in adjacency[src]:
                        if armies[tgt] <= least and owner[tgt] != me:
                            action = self._blitzes.get((src, tgt))
                            if action is None:
                                action = self._blitzes[(src, tgt)] = Blitz(ids[src], ids[tgt], "all")
                            return action
            return _END
        if decision in ("place", "claim", "place_neutral"):
            if decision == "place" and view.phase == "reinforce" and len(view.hand) >= 5:
                return view.trades()[0]
            if decision == "claim" or (decision == "place" and -1 in owner):
                empty = [t for t, o in enumerate(owner) if o == -1]
                return Place(1, ids[self._rng.choice(empty)])
            if decision == "place_neutral":
                return Place(1, ids[self._rng.choice([t for t, o in enumerate(owner) if o >= len(view.players)])])
            return Place(view.armies_to_place, ids[self._rng.choice(self._priority(view))])
        if decision == "occupy":
            return Occupy(view.battle.most)  # type: ignore[union-attr]
        if decision == "fortify":
            src, most = -1, 1  # the largest interior stack
            for t, o in enumerate(owner):
                if o == me and armies[t] > most:
                    for n in adjacency[t]:
                        if owner[n] != me:
                            break
                    else:
                        src, most = t, armies[t]
            if src >= 0:
                for tgt in adjacency[src]:
                    for n in adjacency[tgt]:
                        if owner[n] != me:
                            return Fortify(ids[src], ids[tgt], most - 1)
            return _END
        if decision == "trade":
            return view.trades()[0]
        return view.legal_actions()[0]


def riskboard_game(bot: type, seed: int) -> tuple[float, int, float]:
    game = rb.new_game("classic", players=PLAYERS, seed=seed, lean=True)
    bots = {p: bot(seed=seed * 10 + i) for i, p in enumerate(PLAYERS)}
    game.play(bots, max_turns=0)
    t0 = time.process_time()
    game.play(bots, max_turns=3000)
    seconds = time.process_time() - t0
    battles = sum(1 for a, _ in game.actions if isinstance(a, (Blitz, rb.Attack)))
    return game.turn / seconds, game.turn, battles / seconds


class _Stop(Exception):
    pass


def pyrisk_game(seed: int) -> tuple[float, int, float]:
    from game import Game  # pyrisk's modules, from --pyrisk
    from world import AREAS, CONNECT, KEY, MAP

    random.seed(seed)
    better = importlib.import_module("ai.better").BetterAI
    g = Game(
        curses=False, color=False, delay=0, connect=CONNECT, cmap=MAP, ckey=KEY, areas=AREAS, wait=False, deal=False
    )
    for i in range(4):
        g.add_player("ABCD"[i], better)
    n = {"turns": 0, "battles": 0}
    combat = g.combat

    def counted_combat(*a: Any, **k: Any) -> Any:
        n["battles"] += 1
        return combat(*a, **k)

    g.combat = counted_combat
    g.aiwarn = lambda *a: None
    for p in g.players.values():
        reinforce = p.ai.reinforce

        def counted_reinforce(available: int, reinforce: Any = reinforce) -> Any:
            n["turns"] += 1
            if n["turns"] > 3000:  # a few seeds never end: stop them as riskboard's limit does
                raise _Stop
            return reinforce(available)

        p.ai.reinforce = counted_reinforce
    # the clock starts when the setup is over, as riskboard's does (the claims and the placing of
    # the starting armies are about an eighth of a pyrisk game's time, and no player turn)
    started = {"at": 0.0}
    placement = g.initial_placement

    def timed_placement() -> Any:
        result = placement()
        started["at"] = time.process_time()
        return result

    g.initial_placement = timed_placement
    with contextlib.suppress(_Stop):
        g.play()
    seconds = time.process_time() - started["at"]
    return n["turns"] / seconds, n["turns"], n["battles"] / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pyrisk", required=True, help="a checkout of chronitis/pyrisk")
    parser.add_argument("--games", type=int, default=90, help="games per engine and bot (default 90)")
    args = parser.parse_args()
    sys.path.insert(0, args.pyrisk)
    logging.disable(logging.CRITICAL)
    rows: dict[str, list[tuple[float, int, float]]] = {
        "pyrisk BetterAI": [],
        "riskboard Steady": [],
        "riskboard Aggressive": [],
    }
    for s in range(args.games):  # game by game, so that a change in the load falls on all three
        rows["pyrisk BetterAI"].append(pyrisk_game(s))
        rows["riskboard Steady"].append(riskboard_game(Steady, s))
        rows["riskboard Aggressive"].append(riskboard_game(rb.bots.Aggressive, s))
    base = statistics.median(x[0] for x in rows["pyrisk BetterAI"])
    base_battles = statistics.median(x[2] for x in rows["pyrisk BetterAI"])
    print(f"4-player games on the classic map, {args.games} each, played in turn; medians")
    print(
        f"{'':24}{'turns/s':>10}{'× pyrisk':>10}{'turns/game':>12}{'battles/turn':>14}{'battles/s':>12}{'× pyrisk':>10}"
    )
    for name, got in rows.items():
        tps = statistics.median(x[0] for x in got)
        bps = statistics.median(x[2] for x in got)
        turns = statistics.median(x[1] for x in got)
        per_turn = statistics.median(x[2] / x[0] for x in got)
        print(
            f"{name:24}{tps:>10,.0f}{tps / base:>10.2f}{turns:>12,.0f}{per_turn:>14.2f}{bps:>12,.0f}{bps / base_battles:>10.2f}"
        )


if __name__ == "__main__":
    main()
