"""What the live board costs: bytes sent to the front end and the front end's render time.

Prints
  - bytes of the first display (the widget's whole synced state: static map, front-end code, view),
  - bytes sent per action, median and 95th percentile over a 4-player bot game (every trait
    update the kernel sends, as JSON),
  - with --browser: the front end's render time per state update in headless Chromium (median),
    measured by tests/browser's harness.

Run:  python benchmarks/widget.py [--seed S] [--browser]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

import riskboard as rb


def measure_bytes(seed: int) -> tuple[int, list[int]]:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy", "Di"], seed=seed)
    bots = {p: rb.bots.Aggressive(seed=seed + i) for i, p in enumerate(game.players)}
    game.play(bots, max_turns=0)
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
    first, sizes = measure_bytes(args.seed)
    sizes.sort()
    print(f"riskboard {rb.__version__}: the live board, one 4-player game between Aggressive bots")
    print(f"  first display (all synced state, front-end code included) {first / 1000:>8.1f} KB")
    print(f"  bytes sent per action, median                           {statistics.median(sizes) / 1000:>8.2f} KB")
    print(
        f"  bytes sent per action, 95th percentile                  {sizes[int(0.95 * (len(sizes) - 1))] / 1000:>8.2f} KB"
    )
    print(f"  actions measured                                        {len(sizes):>8}")
    if args.browser:
        sys.path.insert(0, "tests")
        from browser.render_timing import median_render_ms  # type: ignore[import-not-found]

        print(f"  front-end render per update, median (headless Chromium) {median_render_ms():>8.2f} ms")


if __name__ == "__main__":
    main()
