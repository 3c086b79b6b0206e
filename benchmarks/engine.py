"""Engine speed: 4-player classic games between bots, measured on one core.

Times are the CPU time of this one process (``time.process_time``), so other work on a shared
machine disturbs them less. Prints medians over many games of
  - player turns per second (setup excluded),
  - games per second (setup included),
  - applied actions per second through ``Game.play`` (bot decisions + rule checks + transitions),
  - applied actions per second through ``Game.apply`` alone (replaying the same actions: the checked
    path a bot's chosen action takes, without the bot's thinking),
  - the size of a finished game's JSON record (median and largest; compact JSON, as ``to_json`` writes).

One "action" is one applied decision: placing armies, trading a set, one throw of the dice
(``attack S T N``) or a whole battle (``blitz S T``, which the Aggressive bot uses), choosing
defence dice, moving in after a conquest, the fortify move, or ending a phase. Run:  python benchmarks/engine.py [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

import riskboard as rb
from riskboard.engine.notation import decode_entry

PLAYERS = ["Ada", "Bo", "Cy", "Di"]


def one_game(bot_class: type, seed: int, max_turns: int) -> dict[str, float]:
    game = rb.new_game("classic", players=PLAYERS, seed=seed)
    bots = {p: bot_class(seed=seed * 10 + i) for i, p in enumerate(PLAYERS)}
    t0 = time.process_time()
    # setup: every placement until turn 1 starts
    game.play(bots, max_turns=0)
    t1 = time.process_time()
    setup_actions = len(game.history)
    game.play(bots, max_turns=max_turns)
    t2 = time.process_time()
    play_actions = len(game.history) - setup_actions
    turns = game.turn - 1 if game.winner is None else game.turn

    # the same actions again through Game.apply, outcomes injected, without bots
    record = game.record()
    replayed = rb.Game(game.config, game.initial_state)
    actions = [decode_entry(entry, game.map) for entry in record["actions"]]
    parsed = [(game.parse(t), o) for t, o in actions]
    t3 = time.process_time()
    for act, outcomes in parsed:
        replayed.replay_entry(act, outcomes)
    t4 = time.process_time()
    assert replayed.state == game.state
    return {
        "turns": turns,
        "finished": game.winner is not None,
        "turns_per_s": turns / (t2 - t1),
        "games_per_s": 1.0 / (t2 - t0),
        "actions_per_s_play": play_actions / (t2 - t1),
        "actions_per_s_apply": len(parsed) / (t4 - t3),
        "record_kb": len(json.dumps(record, separators=(",", ":"))) / 1000,
        "actions": len(parsed),
    }


def report(name: str, rows: list[dict[str, float]]) -> None:
    med = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
    finished = sum(1 for r in rows if r["finished"])
    print(f"\n{name}: {len(rows)} games, {finished} played to a winner")
    print(f"  player turns/s (setup excluded) median {med['turns_per_s']:>10,.0f}")
    print(f"  games/s (setup included)        median {med['games_per_s']:>10,.1f}")
    print(
        f"  actions/s through Game.play     median {med['actions_per_s_play']:>10,.0f}  (bots deciding + checked apply)"
    )
    print(f"  actions/s through Game.apply    median {med['actions_per_s_apply']:>10,.0f}  (checked apply only)")
    print(f"  player turns per game           median {med['turns']:>10,.0f}")
    print(f"  actions per game                median {med['actions']:>10,.0f}")
    print(
        f"  finished game's JSON record     median {med['record_kb']:>10,.1f} KB, "
        f"max {max(r['record_kb'] for r in rows):,.1f} KB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="games per bot type (default 40)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--random-turns", type=int, default=300, help="turn limit for Random bots")
    args = parser.parse_args()
    print(f"riskboard {rb.__version__}, Python {sys.version.split()[0]}, one process (one core)")
    print("One action = one applied decision (a placement, a set traded, one throw of the dice or a whole")
    print("blitz battle, a defence choice, a move-in, the fortify move, or ending a phase).")
    rows = [one_game(rb.bots.Aggressive, args.seed + i, 5000) for i in range(args.games)]
    report("Aggressive bots, 4-player classic", rows)
    rows = [one_game(rb.bots.Random, args.seed + i, args.random_turns) for i in range(max(5, args.games // 4))]
    report(f"Random bots, 4-player classic (at most {args.random_turns} turns)", rows)


if __name__ == "__main__":
    main()
