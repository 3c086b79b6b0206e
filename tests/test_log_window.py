"""The board's event log carried from one position to the next (``payload.LogWindow``) shows the
lines ``event_log_payload`` makes anew, after every action, undo, change of sight and language."""

from __future__ import annotations

import riskboard as rb
from riskboard.widget.payload import LogWindow, event_log_payload
from riskboard.widget.secrecy import NOBODY, Sight


def test_the_carried_log_is_the_log_made_anew_at_every_step() -> None:
    game = rb.new_game("classic", variant="secret_missions", players=["Ada", "Bo", "Cy"], seed=4)
    bots = {p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}
    window = LogWindow()
    sights = [None, Sight.of("Ada"), NOBODY]
    steps = 0
    while not game.is_over and steps < 400:
        sight = sights[(steps // 50) % len(sights)]  # now and then another sight
        language = "ja" if (steps // 70) % 2 else "en"
        with rb.i18n.using(language):
            assert window.sentences(game, sight) == event_log_payload(game, sight=sight), steps
        if steps % 37 == 36:
            game.undo(3)  # the record goes back: the window starts anew
        else:
            game.apply(bots[game.pending.player].act(game.view(game.pending.player)))
        steps += 1
    assert steps > 200


def test_nothing_new_is_the_same_list_and_another_game_starts_anew() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=1)
    game.play({p: rb.bots.Aggressive(seed=1) for p in game.players}, max_turns=1)
    window = LogWindow()
    first = window.sentences(game)
    assert window.sentences(game) is first
    other = game.copy()
    other.apply(other.legal_actions()[0])
    assert window.sentences(other) == event_log_payload(other)
    lean = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=1, lean=True)
    lean.play({p: rb.bots.Aggressive(seed=1) for p in lean.players}, max_turns=1)
    assert window.sentences(lean) == event_log_payload(lean) == window.sentences(lean)
