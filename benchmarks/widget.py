"""What the live board costs: bytes sent to the front end and the front end's render time.

Prints, for a 4-player classic game, a Balance of Power game (command room), two 2010 games
(two players against the neutral armies; a 4-player simple game) and two Transformers games (head to
head; two alliances of two) between bots,
  - bytes of the first display (the widget's whole synced state: static map, front-end code, view),
    in English and in each language (a translated board carries the words of its front end),
  - bytes sent per action, median and 95th percentile (every trait update the kernel sends, as
    JSON in UTF-8, as the kernel sends it),
  - the kernel's time per action, median: the move alone (``game.apply`` with no board) and the
    board's update that follows it (building and comparing its payloads, serialising what it
    sends), the pair measured on the same positions,
  - with --browser: the front end's render time per state update in headless Chromium (median
    of 200 updates; the change handlers alone, and with the style and layout work they cause),
    on the harness page of tests/browser (the board mounted on a fake anywidget model, served as
    the browser tests serve it), for the positions the browser tests use: a classic mid-game
    attack decision (one action's view change, view + hints + log, all 42 territories changed)
    and a Balance of Power battle in the command room. Needs Debian's Chromium
    (/usr/bin/chromium, or $RISKBOARD_CHROMIUM) and playwright (the test extra).

Run:  python benchmarks/widget.py [--seed S] [--browser]
"""

from __future__ import annotations

import argparse
import copy
import json
import statistics
import sys
from pathlib import Path
from typing import Any

import riskboard as rb

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 200
PLAYERS = ["Ada", "Bo", "Cy", "Dee"]


def classic_game(seed: int) -> tuple[rb.Game, dict[str, rb.bots.Bot]]:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy", "Di"], seed=seed)
    bots = {p: rb.bots.Aggressive(seed=seed + i) for i, p in enumerate(game.players)}
    game.play(bots, max_turns=0)
    return game, bots


def bop_game(seed: int) -> tuple[rb.Game, dict[str, rb.bots.Bot]]:
    game = rb.new_game("balance_of_power", players=["red", "blue"], variant="command_room", setup="random", seed=seed)
    return game, {p: rb.bots.Aggressive(seed=seed + i) for i, p in enumerate(game.players)}


def risk2010_games(seed: int) -> list[tuple[str, rb.Game, dict[str, rb.bots.Bot]]]:
    """A two-player game against the neutral armies and a 4-player simple game with the ceasefire card."""
    out = []
    for title, variant, players in (
        ("RISK 2010, two players and three neutral armies", "two_player", PLAYERS[:2]),
        ("RISK 2010, simple game, 4 players", "simple", PLAYERS),
    ):
        game = rb.new_game("risk2010", players=players, variant=variant, seed=seed)
        out.append((title, game, {p: rb.bots.Aggressive(seed=seed + i) for i, p in enumerate(game.players)}))
    return out


def transformers_games(seed: int) -> list[tuple[str, rb.Game, dict[str, rb.bots.Bot]]]:
    """Transformers head to head and with two alliances, from the leaders' start zones to the end."""
    out = []
    for title, players in (
        ("Transformers, 2 players (leaders, d8, scrapyards, six rounds)", PLAYERS[:2]),
        ("Transformers, 4 players in two alliances", PLAYERS),
    ):
        game = rb.new_game("transformers", players=players, seed=seed)
        out.append((title, game, {p: rb.bots.Aggressive(seed=seed + i) for i, p in enumerate(game.players)}))
    return out


def wire_size(value: Any) -> int:
    """Bytes of ``value`` as the kernel sends it: JSON in UTF-8, not ASCII-escaped (jupyter_client's
    ``json_packer``), without the separators' spaces."""
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


def first_displays(game: rb.Game) -> dict[str, int]:
    """The first display's bytes in each language."""
    return {language: wire_size(rb.Board(game, language=language).get_state()) for language in rb.LANGUAGES}


def measure_bytes(game: rb.Game, bots: dict[str, rb.bots.Bot]) -> tuple[int, list[int]]:
    board = rb.Board(game)
    first = wire_size(board.get_state())
    sizes: list[int] = []
    pending: list[int] = []

    def capture(msg, buffers=None):  # type: ignore[no-untyped-def]
        pending.append(wire_size(msg))

    board._send = capture  # type: ignore[method-assign]  # count what would go over the comm
    while not game.is_over and game.turn < 400:
        pending.clear()
        board.step(bots[game.pending.player])
        sizes.append(sum(pending))
    return first, sizes


def measure_kernel(game: rb.Game, bots: dict[str, rb.bots.Bot]) -> tuple[float, float]:
    """(median µs of a move alone, median µs of the board's update after it) over the game: each
    position's next action is applied to a copy without a board, then to the board's game."""
    import time

    board = rb.Board(game)
    board._send = lambda msg, buffers=None: wire_size(msg)  # type: ignore[method-assign]  # as it would be sent
    moves: list[float] = []
    updates: list[float] = []
    while not game.is_over and game.turn < 400:
        player = game.pending.player
        action = bots[player].act(game.view(player))
        bare = game.copy()
        start = time.perf_counter()
        bare.apply(action)
        moves.append(time.perf_counter() - start)
        start = time.perf_counter()
        game.apply(action)  # the board, subscribed, updates inside
        updates.append(time.perf_counter() - start)
    return statistics.median(moves) * 1e6, (statistics.median(updates) - statistics.median(moves)) * 1e6


def browser_figures() -> list[tuple[str, float, float]]:
    """(what changed, median ms of the change handlers, median ms with style and layout) for each
    update measured on the harness page of tests/browser in headless Chromium."""
    sys.path.insert(0, str(ROOT / "tests"))  # the browser tests' harness, traits and positions
    from playwright.sync_api import sync_playwright

    from bop_scenarios import command_room
    from browser.board_traits import after_one_attack, best_source, board_traits, mid_game_attack
    from browser.harness_page import CHROMIUM, CHROMIUM_ARGS, VIEWPORT, serving_harness
    from browser.helpers import mount

    if not Path(CHROMIUM).exists():
        sys.exit(f"--browser needs Chromium at {CHROMIUM}: apt-get update && apt-get install -y chromium")

    # The classic position of tests/browser/test_board_harness.py: a mid-game attack decision with
    # a strong source, two or more targets and three cards, right after one attack from it.
    attack_game = mid_game_attack()
    attack_traits = board_traits(attack_game, selected=best_source(attack_game))
    t = after_one_attack(attack_game, attack_traits)

    def views(changed: int) -> list[dict[str, Any]]:
        """Four views in turn, each with the armies (and owners) of ``changed`` territories new."""
        out = []
        for k in range(4):
            v = copy.deepcopy(t["view"])
            for i in range(changed):
                v["armies"][(5 * i + k) % 42] += 1 + k
                if k % 2 and i % 3 == 0:
                    v["owner"][(5 * i + k) % 42] = (v["owner"][(5 * i + k) % 42] + 1) % len(PLAYERS)
            out.append({"view": v})
        return out

    typical, worst = views(2), views(42)
    both = [
        {**v, "hints": t["hints"] if k % 2 else attack_traits["hints"], "event_log": t["event_log"][k:]}
        for k, v in enumerate(typical)
    ]

    # The Balance of Power battle of tests/browser/test_board_bop.py, in the command room.
    bop = command_room(phase="attack")
    before = board_traits(bop)
    bop.apply("attack germany belgium 3", dice=([1, 1, 1], [6, 6]))
    after = board_traits(bop)
    battle = [{k: x[k] for k in ("view", "counts", "event_log", "dice", "hints")} for x in (after, before)]

    cases = [
        ("classic, one action's view change (2 territories)", t, typical),
        ("classic, view + hints + log", t, both),
        ("classic, all 42 territories", t, worst),
        ("Balance of Power, a battle (view, counts, hints, log, dice)", before, battle),
    ]
    figures = []
    with serving_harness() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport=VIEWPORT)
        for title, traits, variants in cases:
            page.goto(f"{url}/harness.html")
            page.wait_for_function("() => window.__harnessReady === true")
            mount(page, traits)
            page.wait_for_timeout(900)  # let the dice animation finish
            handlers, layout = (
                page.evaluate(
                    "([v, n, l]) => window.__harness.timeUpdates(v, n, l).median", [variants, ROUNDS, with_layout]
                )
                for with_layout in (False, True)
            )
            figures.append((title, handlers, layout))
        browser.close()
    return figures


def games_again(seed: int) -> list[tuple[str, rb.Game, dict[str, rb.bots.Bot]]]:
    """The measured games, each new from its seed (so two measurements play the same game)."""
    return [
        ("classic, 4 players", *classic_game(seed)),
        ("Balance of Power, command room (random setup)", *bop_game(seed)),
        *risk2010_games(seed),
        *transformers_games(seed),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--browser", action="store_true", help="also time the front end in headless Chromium")
    args = parser.parse_args()
    print(f"riskboard {rb.__version__}: the live board in games between Aggressive bots")
    games = games_again(args.seed)
    for title, game, bots in games:
        languages = first_displays(game)
        first, sizes = measure_bytes(game, bots)
        sizes.sort()
        print(f"  {title}")
        print(f"    first display (all synced state, front-end code included) {first / 1000:>8.1f} KB")
        print("    first display in " + ", ".join(f"{k} {v / 1000:.1f}" for k, v in languages.items()) + " KB")
        print(f"    bytes sent per action, median                           {statistics.median(sizes) / 1000:>8.2f} KB")
        p95 = sizes[int(0.95 * (len(sizes) - 1))]
        print(f"    bytes sent per action, 95th percentile                  {p95 / 1000:>8.2f} KB")
        print(f"    actions measured                                        {len(sizes):>8}")
        again = next(x for x in games_again(args.seed) if x[0] == title)
        move, update = measure_kernel(again[1], again[2])
        print(f"    kernel, a move alone / the board's update after it, median {move:>6.0f} µs / {update:.0f} µs")
    if args.browser:
        print(f"  front end in headless Chromium: re-render after an update, median of {ROUNDS}, in ms")
        print("    (the change handlers alone / with the style and layout work they cause)")
        for title, handlers, layout in browser_figures():
            print(f"    {title:<60}{handlers:>6.2f} / {layout:.2f}")


if __name__ == "__main__":
    main()
