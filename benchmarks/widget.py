"""What the live board costs: bytes sent to the front end and the front end's render time.

Prints, for a 4-player classic game and a Balance of Power game (command room) between bots,
  - bytes of the first display (the widget's whole synced state: static map, front-end code, view),
  - bytes sent per action, median and 95th percentile (every trait update the kernel sends, as
    JSON),
  - with --browser: the front end's render time per state update in headless Chromium (median
    of 200 updates), measured by the harness in tests/browser.

Run:  python benchmarks/widget.py [--seed S] [--browser]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

import riskboard as rb


def classic_game(seed: int) -> tuple[rb.Game, dict[str, rb.bots.Bot]]:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy", "Di"], seed=seed)
    bots = {p: rb.bots.Aggressive(seed=seed + i) for i, p in enumerate(game.players)}
    game.play(bots, max_turns=0)
    return game, bots


def bop_game(seed: int) -> tuple[rb.Game, dict[str, rb.bots.Bot]]:
    game = rb.new_game("balance_of_power", players=["red", "blue"], variant="command_room", setup="random", seed=seed)
    return game, {p: rb.bots.Aggressive(seed=seed + i) for i, p in enumerate(game.players)}


def measure_bytes(game: rb.Game, bots: dict[str, rb.bots.Bot]) -> tuple[int, list[int]]:
    board = rb.Board(game)
    first = len(json.dumps(board.get_state(), separators=(",", ":")))
    sizes: list[int] = []
    pending: list[int] = []

    def capture(msg, buffers=None):  # type: ignore[no-untyped-def]
        pending.append(len(json.dumps(msg, separators=(",", ":"))))

    board._send = capture  # type: ignore[method-assign]  # count what would go over the comm
    while not game.is_over and game.turn < 400:
        pending.clear()
        board.step(bots[game.pending.player])
        sizes.append(sum(pending))
    return first, sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--browser", action="store_true", help="also time the front end in headless Chromium")
    args = parser.parse_args()
    print(f"riskboard {rb.__version__}: the live board in games between Aggressive bots")
    for title, make in (
        ("classic, 4 players", classic_game),
        ("Balance of Power, command room (random setup)", bop_game),
    ):
        first, sizes = measure_bytes(*make(args.seed))
        sizes.sort()
        print(f"  {title}")
        print(f"    first display (all synced state, front-end code included) {first / 1000:>8.1f} KB")
        print(f"    bytes sent per action, median                           {statistics.median(sizes) / 1000:>8.2f} KB")
        p95 = sizes[int(0.95 * (len(sizes) - 1))]
        print(f"    bytes sent per action, 95th percentile                  {p95 / 1000:>8.2f} KB")
        print(f"    actions measured                                        {len(sizes):>8}")
    if args.browser:
        # the harness test times 200 updates of the real front end in headless Chromium and
        # prints the medians in pytest's summary
        out = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "tests/browser/test_board_harness.py",
                "tests/browser/test_board_bop.py",
                "-q",
                "-p",
                "no:cacheprovider",
                "-k",
                "rerender_time",
                "-s",
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        lines = [line for line in out.stdout.splitlines() if "re-render after" in line]
        print("  front end in headless Chromium:")
        for line in lines or [f"not measured:\n{out.stdout[-2000:]}"]:
            print(f"    {line.strip()}")


if __name__ == "__main__":
    main()
