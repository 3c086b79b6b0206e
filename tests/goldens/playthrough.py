"""Golden playthroughs and perft counts: behaviour pinned before the engine is restructured.

A playthrough is a seeded game between bots, written as text (OpenSpiel's playthrough files are
the model): the configuration, then one line per action with who took it, its text, how many
legal actions the position after it has, and a digest of that position's saved form. Perft counts
take a dozen positions per edition from those games and count the legal actions there (depth 1)
and in every position one legal action away (depth 2, the dice drawn from the game's seed).

Only public behaviour goes in: action texts, ``state_to_dict`` (the saved form) and legal-action
counts. Event wording and option lists may change without touching a golden; a rule, a bot's
choice or a random draw may not. ``python tests/goldens/regenerate.py`` rewrites the files.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import riskboard as rb
from riskboard.engine.serialize import state_to_dict

HERE = Path(__file__).resolve().parent
PLAYTHROUGHS = HERE / "playthroughs"
PERFT = HERE / "perft.txt"
HEADER = "# riskboard golden playthrough: regenerate with `python tests/goldens/regenerate.py`"


@dataclass(frozen=True)
class Case:
    """One seeded bot game: edition, variant, setup, players, options, bots and a turn limit."""

    name: str
    ruleset: str
    players: tuple[str, ...]
    seed: int
    bots: str  # "Aggressive" or "Random"
    max_turns: int
    variant: str | None = None
    setup: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    max_actions: int | None = None
    """Stop after this many actions (Random games wander; their first actions are what matter)."""

    def new_game(self) -> rb.Game:
        return rb.new_game(
            self.ruleset,
            players=list(self.players),
            variant=self.variant,
            setup=self.setup,
            options=dict(self.options),
            seed=self.seed,
        )

    def make_bots(self) -> dict[str, Any]:
        kind = getattr(rb.bots, self.bots)
        return {p: kind(seed=self.seed * 10 + i) for i, p in enumerate(self.players)}


FOUR = ("Ada", "Bo", "Cy", "Di")
DUEL = ("red", "blue")
CASES: tuple[Case, ...] = (
    # classic: every variant and setup, 2 to 6 players, defenders asked or not
    Case("classic-standard-claim-3p-aggressive", "classic", ("Ada", "Bo", "Cy"), 3, "Aggressive", 400),
    Case("classic-standard-claim-4p-aggressive", "classic", FOUR, 11, "Aggressive", 400),
    Case("classic-standard-deal-4p-aggressive", "classic", FOUR, 12, "Aggressive", 400, setup="deal"),
    Case("classic-standard-deal-6p-aggressive", "classic", (*FOUR, "Ed", "Flo"), 13, "Aggressive", 400, setup="deal"),
    Case("classic-standard-deal-2p-aggressive", "classic", ("Ada", "Bo"), 14, "Aggressive", 400),
    Case("classic-missions-claim-4p-aggressive", "classic", FOUR, 15, "Aggressive", 400, variant="secret_missions"),
    Case(
        "classic-missions-deal-5p-aggressive",
        "classic",
        (*FOUR, "Ed"),
        16,
        "Aggressive",
        400,
        variant="secret_missions",
        setup="deal",
    ),
    Case(
        "classic-standard-claim-3p-aggressive-ask-defender",
        "classic",
        ("Ada", "Bo", "Cy"),
        17,
        "Aggressive",
        400,
        options={"ask_defender": True},
    ),
    Case("classic-standard-claim-3p-random", "classic", ("Ada", "Bo", "Cy"), 18, "Random", 40, max_actions=900),
    Case("classic-standard-deal-2p-random", "classic", ("Ada", "Bo"), 19, "Random", 40, max_actions=900),
    Case(
        "classic-missions-deal-4p-random",
        "classic",
        FOUR,
        20,
        "Random",
        40,
        variant="secret_missions",
        setup="deal",
        max_actions=900,
    ),
    Case(
        "classic-standard-deal-3p-random-ask-defender",
        "classic",
        ("Ada", "Bo", "Cy"),
        21,
        "Random",
        40,
        setup="deal",
        options={"ask_defender": True},
        max_actions=900,
    ),
    # Balance of Power: both basic-training setups and both command-room setups
    Case("bop-basic-setup_1-aggressive", "balance_of_power", DUEL, 31, "Aggressive", 400, setup="setup_1"),
    Case("bop-basic-setup_2-aggressive", "balance_of_power", DUEL, 32, "Aggressive", 400, setup="setup_2"),
    Case("bop-command-free-aggressive", "balance_of_power", DUEL, 33, "Aggressive", 400, "command_room", "free"),
    Case("bop-command-random-aggressive", "balance_of_power", DUEL, 34, "Aggressive", 400, "command_room", "random"),
    Case(
        "bop-command-random-aggressive-ask-defender",
        "balance_of_power",
        DUEL,
        35,
        "Aggressive",
        400,
        "command_room",
        "random",
        {"ask_defender": True},
    ),
    Case("bop-basic-setup_1-random", "balance_of_power", DUEL, 36, "Random", 40, setup="setup_1", max_actions=900),
    Case("bop-basic-setup_2-random", "balance_of_power", DUEL, 37, "Random", 40, setup="setup_2", max_actions=900),
    Case(
        "bop-command-random-random",
        "balance_of_power",
        DUEL,
        38,
        "Random",
        40,
        "command_room",
        "random",
        max_actions=900,
    ),
    Case(
        "bop-command-free-random",
        "balance_of_power",
        DUEL,
        39,
        "Random",
        40,
        "command_room",
        "free",
        {"ask_defender": True},
        max_actions=900,
    ),
    # risk2010: the simple game for 3, 4 and 5 players, the classic variant claimed and dealt, two players
    Case("r2010-simple-3p-aggressive", "risk2010", ("Ada", "Bo", "Cy"), 51, "Aggressive", 400),
    Case("r2010-simple-4p-aggressive-short", "risk2010", FOUR, 52, "Aggressive", 400, options={"game_length": "short"}),
    Case("r2010-simple-5p-aggressive", "risk2010", (*FOUR, "Ed"), 53, "Aggressive", 400),
    Case("r2010-classic-claim-3p-aggressive", "risk2010", ("Ada", "Bo", "Cy"), 54, "Aggressive", 400, "classic"),
    Case("r2010-classic-deal-4p-aggressive", "risk2010", FOUR, 55, "Aggressive", 400, "classic", "deal"),
    Case("r2010-two-player-aggressive", "risk2010", ("Ada", "Bo"), 56, "Aggressive", 400, "two_player"),
    Case(
        "r2010-two-player-aggressive-ask-defender",
        "risk2010",
        ("Ada", "Bo"),
        57,
        "Aggressive",
        400,
        "two_player",
        options={"ask_defender": True},
    ),
    Case(
        "r2010-simple-4p-random-ask-defender",
        "risk2010",
        FOUR,
        58,
        "Random",
        40,
        options={"ask_defender": True},
        max_actions=900,
    ),
    Case(
        "r2010-classic-claim-3p-random", "risk2010", ("Ada", "Bo", "Cy"), 59, "Random", 40, "classic", max_actions=900
    ),
    Case(
        "r2010-two-player-random-ask-defender",
        "risk2010",
        ("Ada", "Bo"),
        60,
        "Random",
        40,
        "two_player",
        options={"ask_defender": True},
        max_actions=900,
    ),
    # transformers: 2, 3 and 4 players (allied pairs), Aggressive and Random bots, defenders asked or not
    Case("tf-2p-aggressive", "transformers", ("Ada", "Bo"), 71, "Aggressive", 100),
    Case(
        "tf-3p-aggressive-ask-defender",
        "transformers",
        ("Ada", "Bo", "Cy"),
        72,
        "Aggressive",
        100,
        options={"ask_defender": True},
    ),
    Case("tf-4p-aggressive", "transformers", FOUR, 73, "Aggressive", 100),
    Case("tf-4p-aggressive-ask-defender", "transformers", FOUR, 74, "Aggressive", 100, options={"ask_defender": True}),
    Case(
        "tf-2p-random-ask-defender",
        "transformers",
        ("Ada", "Bo"),
        75,
        "Random",
        40,
        options={"ask_defender": True},
        max_actions=900,
    ),
    Case("tf-3p-random", "transformers", ("Ada", "Bo", "Cy"), 76, "Random", 40, max_actions=900),
    Case("tf-4p-random", "transformers", FOUR, 77, "Random", 40, max_actions=900),
    Case(
        "tf-4p-random-ask-defender",
        "transformers",
        FOUR,
        78,
        "Random",
        40,
        options={"ask_defender": True},
        max_actions=900,
    ),
)


def digest(game: rb.Game) -> str:
    """The first 16 hex digits of SHA-256 over the position's saved form (canonical JSON)."""
    data = state_to_dict(game.config, game.state)
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def play(case: Case) -> Iterator[tuple[rb.Game, str, str]]:
    """The game of ``case`` action by action: (game after the action, who acted, the action's text)."""
    game = case.new_game()
    bots = case.make_bots()
    limit = case.max_turns
    while not game.is_over and game.turn <= limit:
        if case.max_actions is not None and len(game.history) >= case.max_actions:
            break
        player = game.pending.player
        assert player is not None
        action = bots[player].act(game.view(player))
        game.apply(action, player=player)
        yield game, player, str(game.history[-1][0])


def playthrough(case: Case) -> str:
    """The golden text of ``case``."""
    game = case.new_game()
    lines = [
        HEADER,
        f"case: {case.name}",
        f"ruleset: {case.ruleset}",
        f"variant: {game.variant}",
        f"setup: {game.config.setup}",
        f"players: {' '.join(case.players)}",
        f"options: {json.dumps(case.options, sort_keys=True)}",
        f"seed: {case.seed}",
        f"bots: {case.bots}",
        f"max_turns: {case.max_turns}",
        f"max_actions: {case.max_actions}",
        f"start: legal={len(game.legal_actions())} state={digest(game)}",
    ]
    n = 0
    for n, (game, player, text) in enumerate(play(case), 1):
        lines.append(f"{n} {player}: {text} | legal={len(game.legal_actions())} state={digest(game)}")
    lines.append(f"end: {n} actions, turn {game.turn}, phase {game.phase}, winner {game.winner}")
    return "\n".join(lines) + "\n"


# -- perft ---------------------------------------------------------------------------------------
PERFT_GAMES = {
    "classic": (
        "classic-standard-claim-3p-random",
        "classic-standard-deal-2p-random",
        "classic-standard-deal-3p-random-ask-defender",
        "classic-missions-deal-4p-random",
    ),
    "balance_of_power": ("bop-command-free-random", "bop-command-random-random", "bop-basic-setup_1-random"),
    "risk2010": (
        "r2010-two-player-random-ask-defender",
        "r2010-classic-claim-3p-random",
        "r2010-simple-4p-random-ask-defender",
    ),
    "transformers": ("tf-2p-random-ask-defender", "tf-3p-random", "tf-4p-random", "tf-4p-random-ask-defender"),
}
PER_EDITION = 12


def _positions(edition: str) -> list[tuple[str, int, str]]:
    """A dozen (case, action count, decision) positions of ``edition``: the first position of each
    kind of decision in its Random games, then evenly spaced ones until there are twelve."""
    by_name = {c.name: c for c in CASES}
    seen: set[str] = set()
    firsts: list[tuple[str, int, str]] = []
    spread: list[tuple[str, int, str]] = []
    for name in PERFT_GAMES[edition]:
        for n, (game, _player, _text) in enumerate(play(by_name[name]), 1):
            decision = game.pending.decision
            if decision not in seen and not game.is_over:
                seen.add(decision)
                firsts.append((name, n, decision))
            if n % 97 == 0 and not game.is_over:
                spread.append((name, n, decision))
    chosen = firsts[:PER_EDITION]
    for p in spread:
        if len(chosen) >= PER_EDITION:
            break
        if p not in chosen:
            chosen.append(p)
    return sorted(chosen, key=lambda p: (PERFT_GAMES[edition].index(p[0]), p[1]))


def _at(case: Case, count: int) -> rb.Game:
    for n, (game, _player, _text) in enumerate(play(case), 1):
        if n == count:
            return game
    raise ValueError(f"{case.name} has fewer than {count} actions")


def perft(game: rb.Game) -> tuple[int, int]:
    """Legal actions now (depth 1) and summed over every position one legal action away (depth 2)."""
    actions = game.legal_actions()
    total = 0
    for action in actions:
        game.apply(action)
        total += len(game.legal_actions())
        game.undo()
    return len(actions), total


def perft_lines() -> list[str]:
    """``edition case after=N decision depth1 depth2`` for each perft position."""
    by_name = {c.name: c for c in CASES}
    lines = ["# riskboard perft counts: regenerate with `python tests/goldens/regenerate.py`"]
    for edition in PERFT_GAMES:
        for name, n, decision in _positions(edition):
            d1, d2 = perft(_at(by_name[name], n))
            lines.append(f"{edition} {name} after={n} {decision} depth1={d1} depth2={d2}")
    return lines


def perft_text() -> str:
    return "\n".join(perft_lines()) + "\n"
