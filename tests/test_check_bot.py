"""``rb.bots.check_bot``: a student's bot played against the built-ins, every problem said in plain
words. Each case is a bot a student could write by mistake."""

from __future__ import annotations

import threading
import time

import pytest

import riskboard as rb
from riskboard.bots.checking import BotCheck
from riskboard.engine.actions import Action


def first(view: object) -> object:
    return view.legal_actions()[0]  # type: ignore[attr-defined]


def test_a_good_bot_is_ok_in_every_edition() -> None:
    report = rb.bots.check_bot(rb.bots.Random, games=1, max_turns=15)
    assert report.ok and report.problems == []
    assert set(report.editions) == {"classic", "risk2010", "balance_of_power", "transformers"}
    assert len(report.games) == 4 and report.decisions > 20
    assert "No problems" in str(report) and "✓" in report._repr_html_()
    # the same forms rb.tournament accepts: a class, an instance, a factory, a function
    for bot in (rb.bots.Aggressive(seed=2), lambda: rb.bots.Random(seed=3), first):
        assert rb.bots.check_bot(bot, editions=["classic"], games=1, max_turns=5).ok


def test_a_bot_that_raises_is_named_with_the_edition_the_turn_the_decision_and_its_line() -> None:
    def clumsy(view: object) -> object:
        if view.pending.decision == "attack":  # type: ignore[attr-defined]
            return 1 // 0
        return first(view)

    report = rb.bots.check_bot(clumsy, editions=["classic", "transformers"], games=2, max_turns=10)
    assert not report.ok and len(report.problems) == 2  # one per edition, counted
    said = report.problems[0]
    assert said.startswith("your bot raised ZeroDivisionError in classic at turn ")
    assert "when deciding 'attack': integer division or modulo by zero (test_check_bot.py, line " in said
    assert "(the same in 2 of 2 games)" in said
    assert "transformers" in report.problems[1]
    assert "✗" in report._repr_html_() and "ZeroDivisionError" in str(report)


def test_a_bot_that_hangs_is_stopped_and_the_check_goes_on() -> None:
    def stuck(view: object) -> object:
        while True:
            pass

    def sleepy(view: object) -> object:
        time.sleep(30)
        return "end"

    started = time.perf_counter()
    report = rb.bots.check_bot(stuck, editions=["classic", "risk2010"], games=1, time_limit=0.2)
    slept = rb.bots.check_bot(sleepy, editions=["transformers"], games=1, time_limit=0.2)
    assert time.perf_counter() - started < 5
    assert len(report.problems) == 2 and len(report.games) == 2
    assert report.problems[0] == (
        "your bot took more than 0.2 s for one decision in classic during the setup when deciding 'claim', and was stopped"
    )
    assert "took more than 0.2 s" in slept.problems[0]


def test_a_slow_decision_that_finishes_is_reported_with_its_time() -> None:
    def slow(view: object) -> object:
        if view.pending.decision == "fortify":  # type: ignore[attr-defined]
            deadline = time.perf_counter() + 0.5
            while time.perf_counter() < deadline:
                pass  # busy, as a search would be
        return first(view)

    # the limit lets the watch see the decision only after it has finished (it looks every 1/8 limit)
    report = rb.bots.check_bot(slow, editions=["classic"], games=1, time_limit=0.45, max_turns=6)
    assert len(report.problems) == 1
    assert "for one decision in classic at turn" in report.problems[0]
    assert "when deciding 'fortify'" in report.problems[0]


def test_an_illegal_action_is_refused_with_the_rule() -> None:
    report = rb.bots.check_bot(lambda view: "attack alaska kamchatka 3", editions=["classic"], games=1)
    assert report.problems == [
        "your bot returned 'attack alaska kamchatka 3' in classic during the setup when deciding 'claim', "
        "which is not legal: you cannot attack now: it is the setup [action/wrong_phase]"
    ]


class Forged(Action):
    """An action object the engine has never heard of."""


@pytest.mark.parametrize(
    ("returned", "said"),
    [
        (None, "your bot returned None in classic during the setup when deciding 'claim': act(view) must return"),
        (
            42,
            "your bot returned 42 (of type int) in classic during the setup when deciding 'claim', which is not an action",
        ),
        ({"place": 1}, "your bot returned {'place': 1} (of type dict)"),
        ("dance", "your bot returned 'dance' in classic during the setup when deciding 'claim', which is not legal"),
        (Forged(), "your bot returned "),
    ],
)
def test_garbage_is_said_for_what_it_is(returned: object, said: str) -> None:
    report = rb.bots.check_bot(lambda view: returned, editions=["classic"], games=1)
    assert len(report.problems) == 1 and report.problems[0].startswith(said)


def test_something_that_is_not_a_bot_cannot_play() -> None:
    report = rb.bots.check_bot(5, editions=["classic"])
    assert not report.ok and "is neither a bot" in report.problems[0] and report.games == ()

    class NeedsArgs:
        def __init__(self, x: int) -> None: ...

        def act(self, view: object) -> str:
            return "end"

    assert "needs arguments" in rb.bots.check_bot(NeedsArgs, editions=["classic"]).problems[0]

    class Broken:
        def __init__(self) -> None:
            raise RuntimeError("forgot a file")

        def act(self, view: object) -> str:
            return "end"

    assert (
        rb.bots.check_bot(Broken, editions=["classic"], games=1)
        .problems[0]
        .startswith("making your bot raised RuntimeError in classic: forgot a file")
    )


def test_bad_arguments_are_refused() -> None:
    for kwargs in ({"editions": "classic"}, {"games": 0}, {"time_limit": 0}, {"max_turns": 1.5}):
        with pytest.raises(rb.ConfigError):
            rb.bots.check_bot(first, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(rb.ConfigError, match="unknown ruleset"):
        rb.bots.check_bot(first, editions=["clasic"])


def test_a_check_is_seeded_and_works_off_the_main_thread() -> None:
    a = rb.bots.check_bot(rb.bots.Random, editions=["risk2010"], games=2, max_turns=8, seed=4)
    b = rb.bots.check_bot(rb.bots.Random, editions=["risk2010"], games=2, max_turns=8, seed=4)
    assert [(g.seat, g.decisions, g.turns, g.winner) for g in a.games] == [
        (g.seat, g.decisions, g.turns, g.winner) for g in b.games
    ]
    assert {g.seat for g in a.games} == {0, 1}  # another seat each game
    found: list[BotCheck] = []

    def stuck(view: object) -> object:
        while True:
            pass

    worker = threading.Thread(
        target=lambda: found.append(rb.bots.check_bot(stuck, editions=["classic"], games=1, time_limit=0.2))
    )
    worker.start()
    worker.join(10)
    assert not worker.is_alive() and "was stopped" in found[0].problems[0]


def test_a_bot_that_calls_sys_exit_is_reported_not_obeyed() -> None:
    import sys

    def leaving(view: object) -> object:
        sys.exit("bye")

    report = rb.bots.check_bot(leaving, editions=["classic"], games=1)
    assert report.problems[0].startswith("your bot raised SystemExit in classic during the setup")
