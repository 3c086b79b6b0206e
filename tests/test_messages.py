"""Every message reads right for any player name and any count, in each edition's own words
(the style of ``riskboard.engine.events``): each event's sentence with the names "You" and "Ada"
and counts of 1 and 2, and every event, pending decision and refusal of played games whose
players are called "You" and "Ada"."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import riskboard as rb
from riskboard.engine import events as ev
from riskboard.engine.events import ARMY_WORDS, EVENT_TYPES, PHASE_SENTENCES, Event
from riskboard.rulesets.balance_of_power import events as bop_events
from riskboard.rulesets.balance_of_power.words import UNIT_WORDS
from wording import wrong

NAMES = ("You", "Ada")
COUNTS = (1, 2)
ALL_EVENTS = sorted(
    {
        *EVENT_TYPES,
        *(v for v in vars(bop_events).values() if isinstance(v, type) and issubclass(v, Event) and v is not Event),
    },
    key=lambda t: t.__name__,
)
BOP_WORDS = {**UNIT_WORDS, "fortify_reach": "any territory of yours"}


def example(event_type: type[Event], name: str, other: str, count: int, phase: str = "fortify") -> Event:
    """An event of ``event_type`` about ``name`` (``other`` the opponent) with every count ``count``."""
    values: dict[str, Any] = {}
    for f in dataclasses.fields(event_type):
        if f.kw_only:
            continue
        n = f.name
        if n in ("player", "attacker"):
            v: Any = name
        elif n in ("defender", "previous_owner", "by", "first"):
            v = other
        elif n in ("territory", "source", "bonus_territory"):
            v = "alaska"
        elif n == "target":
            v = "kamchatka"
        elif n == "cards":
            v = ("alaska", "kamchatka", "wild_1")
        elif n in ("attack", "defend", "before", "after"):
            v = (6, 3)[:count]
        elif n == "phase":
            v = phase
        elif n == "swapped":
            v = count == 2
        elif n == "income":  # Balance of Power's reinforcements, kept as numbers
            v = bop_events.Income(count, count, count, (("yellow", count),), count)
        elif f.type in ("int", int):
            v = count
        else:
            v = f"the {n}"
        values[n] = v
    return event_type(**values)


@pytest.mark.parametrize("event_type", ALL_EVENTS, ids=lambda t: t.__name__)
@pytest.mark.parametrize("words", [ARMY_WORDS, BOP_WORDS], ids=["classic", "balance_of_power"])
def test_every_event_reads_right_for_any_name_and_count(event_type: type[Event], words: Any) -> None:
    edition = "classic" if words is ARMY_WORDS else "balance_of_power"
    phases = [*PHASE_SENTENCES, "reinforce"] if event_type is ev.PhaseChanged else ["fortify"]
    for name, other in (NAMES, NAMES[::-1]):
        for count in COUNTS:
            for phase in phases:
                event = example(event_type, name, other, count, phase)
                text = event.describe(words)
                assert name in text or event_type is ev.DiscardsReshuffled, text
                assert not wrong(text, edition if event_type.__module__ == ev.__name__ else None), text
                event.words = words
                assert str(event) == text  # the words a game gives an event are the ones it speaks


def test_an_event_made_by_hand_speaks_classic() -> None:
    assert str(ev.ArmiesPlaced("You", "alaska", 1)) == "You placed 1 army on alaska"
    assert str(ev.TurnStarted("You", 5, 6)) == "turn 5 — You: 6 armies to place"


def test_a_game_gives_its_events_the_editions_words() -> None:
    position = {t: ("Ada", 1) for t in rb.load_map("europe").ids}
    position.update(sweden=("You", 5), norway=("You", 1))
    game = rb.new_game(
        "balance_of_power", players=["You", "Ada"], variant="basic_training", position=position,
        current_player="You", phase="attack", missions=[], seed=1,
    )  # fmt: skip
    assert [str(e) for e in game.apply("end")] == ["You ended the attack and may maneuver"]
    moved = game.apply("fortify sweden norway 1")[0]
    assert str(moved) == "You moved 1 unit from sweden to norway"
    game.push(game.legal_actions()[0])  # kept compact, expanded when read: the same words
    assert [str(e) for e in game.events(last=3)[:2]] == ["You ended the attack and may maneuver", str(moved)]


def test_ending_the_turn_without_moving_says_so() -> None:
    game = rb.new_game("classic", players=["You", "Ada", "Bo"], seed=3)
    while game.pending.decision != "fortify":
        game.push(rb.bots.Aggressive(seed=1).act(game.view(game.pending.player)))
    player = game.pending.player
    events = game.apply("end")
    assert str(events[0]) == f"{player} ended the turn without moving"
    (started,) = [e for e in events if isinstance(e, ev.TurnStarted)]
    assert str(started).startswith(f"turn {game.turn} — {game.current_player}: ")


@pytest.mark.parametrize("count", [3, 4, 9])
def test_the_move_in_counts_what_occupy_counts(count: int) -> None:
    """``occupy N``, the board's control and the log count the same N: every army moved in."""
    position = {t: ("Ada", 1) for t in rb.load_map("world").ids}
    position["alaska"] = ("You", 10)
    game = rb.new_game(
        "classic", players=["You", "Ada"], position=position, current_player="You", phase="attack", seed=1
    )
    conquest = [str(e) for e in game.apply("attack alaska kamchatka 3", dice=([6, 6, 6], [1]))]
    assert conquest[-1] == "You conquered kamchatka from Ada, moving in the 3 armies that attacked"
    assert "3 to 9 armies" in game.pending.detail
    (moved,) = game.apply(f"occupy {count}")
    assert isinstance(moved, ev.ArmiesMovedIn) and (moved.count, moved.attackers) == (count, 3)
    assert game.armies("kamchatka") == count
    assert str(moved).startswith(f"You moved {count} armies into kamchatka from alaska (")
    assert ("only the ones that attacked" in str(moved)) == (count == 3)


def _decisions(game: rb.Game, rng: random.Random, steps: int, attempts: list[str]) -> list[tuple[str, str]]:
    """(text, where) of every event, pending decision and refusal in ``steps`` random actions."""
    out: list[tuple[str, str]] = []
    ids = game.map.ids
    for _ in range(steps):
        pending = game.pending
        out.append((str(pending), "pending"))
        if pending.player is None:
            break
        for text in attempts:
            error = game.check(text.format(t=rng.choice(ids), u=rng.choice(ids)))
            if error is not None:
                out.append((str(error), f"refusal of {text!r}"))
        error = game.check(
            "end", player=game.players[1 - game.players.index(pending.player)] if len(game.players) == 2 else "You"
        )
        if error is not None:
            out.append((str(error), "refusal of a player out of turn"))
        events = game.apply(rng.choice(game.legal_actions()))
        out.extend((str(e), type(e).__name__) for e in events)
    return out


ATTEMPTS = ["end", "place 1 {t}", "place 99 {t}", "attack {t} {u} 3", "fortify {t} {u} 5", "occupy 99", "defend 3"]


@pytest.mark.parametrize(
    "edition,kw",
    [
        ("classic", {"players": ["You", "Ada"], "seed": 5}),
        ("classic", {"players": ["You", "Ada", "Bo"], "seed": 6, "options": {"ask_defender": True}}),
        ("classic", {"players": ["Ada", "You", "Bo"], "seed": 7, "variant": "secret_missions", "setup": "deal"}),
        ("balance_of_power", {"players": ["You", "Ada"], "seed": 8}),
        ("balance_of_power", {"players": ["Ada", "You"], "seed": 9, "variant": "command_room", "setup": "free"}),
    ],
    ids=["classic-2p", "classic-3p-ask", "classic-missions", "bop-basic", "bop-command-free"],
)
def test_played_games_read_right(edition: str, kw: dict[str, Any]) -> None:
    game = rb.new_game(edition, **kw)
    attempts = [*ATTEMPTS, "collect six_cities", "buy uprising {t} {u} 2"] if edition != "classic" else ATTEMPTS
    texts = _decisions(game, random.Random(kw["seed"]), 1500, attempts)
    kinds = {where for _, where in texts}
    assert {"pending", "TurnStarted", "PhaseChanged", "ArmiesPlaced"} <= kinds
    bad = [(text, where, wrong(text, edition)) for text, where in texts if wrong(text, edition)]
    assert not bad, bad[:10]
