"""``bot.explain()``: every built-in bot says in one sentence why it made its last decision,
names the move it chose, says so before any decision, and explaining never changes a decision."""

from __future__ import annotations

from typing import Any

import pytest

import riskboard as rb
from test_bots_planner import PLAYS

BOTS = {
    "Random": lambda seed: rb.bots.Random(seed=seed),
    "Aggressive": lambda seed: rb.bots.Aggressive(seed=seed),
    "Planner": lambda seed: rb.bots.Planner(seed=seed),
    "MCTS": lambda seed: rb.bots.MCTS(playouts=3, seed=seed),
}


@pytest.mark.parametrize("name", BOTS)
def test_before_any_decision_it_says_so(name: str) -> None:
    assert BOTS[name](1).explain() == f"{name} has not decided anything yet."


class Recorder:
    """Plays as ``bot`` and asks for an explanation after every decision."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.said: list[tuple[str, str, str]] = []

    def act(self, view: rb.PlayerView) -> Any:
        action = self.bot.act(view)
        self.said.append((view.pending.decision, str(action), self.bot.explain()))
        return action


def _mentions(action: str, sentence: str) -> bool:
    """The sentence names the move: its text, or the territories it names."""
    if action in sentence:
        return True
    words = [w for w in action.split()[1:] if not w.isdigit() and w not in ("all", "min", "leader")]
    return bool(words) and all(w in sentence for w in words)


@pytest.mark.parametrize("name", BOTS)
@pytest.mark.parametrize("case", PLAYS[::2], ids=lambda c: f"{c[0]}-{c[2]}-{len(c[1])}p")
def test_every_decision_is_explained_and_names_the_move(name: str, case: tuple[Any, ...]) -> None:
    edition, players, variant, setup, options = case
    game = rb.new_game(edition, players=list(players), variant=variant, setup=setup, options=options, seed=3)
    recorders = {p: Recorder(BOTS[name](i)) for i, p in enumerate(players)}
    game.play(recorders, max_turns=6)
    said = [s for r in recorders.values() for s in r.said]
    assert said
    for decision, action, sentence in said:
        assert isinstance(sentence, str) and sentence.endswith(".") and "\n" not in sentence, sentence
        if action == "end" or decision in ("occupy", "defend", "trade", "choose", "casualty"):
            continue  # these sentences name the count, the dice or the cards rather than the text
        assert _mentions(action, sentence), (decision, action, sentence)


@pytest.mark.parametrize("name", ["Random", "Aggressive"])
def test_explaining_changes_no_decision(name: str) -> None:
    """The golden games depend on these bots' choices: asking why must not touch their dice."""

    def play(explain: bool) -> str:
        game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=8)
        bots = {p: (Recorder if explain else lambda b: b)(BOTS[name](i)) for i, p in enumerate(game.players)}
        game.play(bots, max_turns=30)
        return game.to_json()

    assert play(True) == play(False)


def test_the_planner_gives_the_odds_and_the_reason_of_an_attack() -> None:
    ids = rb.load_map("world").ids
    position = {t: ("Bo", 1) for t in ids}
    position.update(
        {"eastern_australia": ("Ada", 1), "new_guinea": ("Ada", 1), "western_australia": ("Ada", 1),
         "siam": ("Ada", 10), "indonesia": ("Bo", 3), "alaska": ("Cy", 2)}
    )  # fmt: skip
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], position=position, current_player="Ada",
                       phase="attack", seed=1)  # fmt: skip
    bot = rb.bots.Planner(seed=1)
    bot.act(game.view("Ada"))
    odds = rb.battle_odds(9, 3).p_win
    said = bot.explain()
    assert (
        said
        == f"Attacked indonesia from siam: 9 against 3 wins {round(100 * odds)}% of the time, and it completes Australia."
    )
    assert said.figures["p_win"] == odds and said.figures["attackers"] == 9 and said.figures["defenders"] == 3
