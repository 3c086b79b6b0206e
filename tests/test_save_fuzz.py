"""Reading saves from anywhere (issue 8, item 9): a save of any edition, edited in any way, either
loads as a possible game or is refused with a ``FormatError`` saying what is wrong. Never another
exception, and never an impossible game loaded.

Saves are mutated three ways: every field of the state set to wrong types and impossible values
(in the stored state and the record's initial state alike, so the replay cannot give the edit
away), random edits anywhere in the file (Hypothesis), and the cases an outside audit found.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import riskboard as rb

WORLD = rb.load_map("world")
EUROPE = rb.load_map("europe")
BAD_VALUES: list[Any] = [None, True, -1, 2**70, 1.5, "x", "", [], {}, [["x"]], {"x": 1}, [None, None], 10**6]


def _classic_scenario(**kw: Any) -> rb.Game:
    position = dict.fromkeys(WORLD.ids, ("Bo", 2))
    position.update(alaska=("Ada", 6), kamchatka=("Cy", 3), northwest_territory=("Cy", 1))
    return rb.new_game(
        "classic", players=["Ada", "Bo", "Cy"], position=position, current_player="Ada", phase="attack", seed=5, **kw
    )


def _bop_scenario(**kw: Any) -> rb.Game:
    position = dict.fromkeys(EUROPE.ids, ("blue", 2))
    position.update(germany=("red", 6), poland=("red", 3), denmark=("neutral", 3), sweden=("neutral", 4))
    return rb.new_game(
        "balance_of_power", players=["red", "blue"], variant="command_room", position=position,
        current_player="red", seed=6, **kw,
    )  # fmt: skip


def _r2010_scenario(variant: str = "simple", **kw: Any) -> rb.Game:
    """A 2010 position: Ada to attack from ukraine; in the two-player game next to neutral land."""
    position = dict.fromkeys(WORLD.ids, ("Bo", 2))
    position.update(ukraine=("Ada", 9), ural=("Ada", 3), scandinavia=("Cy", 2), iceland=("Cy", 1))
    players = ["Ada", "Bo", "Cy"]
    if variant == "two_player":
        players = ["Ada", "Bo"]
        position.update(scandinavia=("neutral_2", 2), iceland=("neutral_2", 1), afghanistan=("neutral_3", 3))
    kw.setdefault("phase", "attack")
    return rb.new_game(
        "risk2010", players=players, variant=variant, position=position, current_player="Ada", seed=12, **kw
    )


def _r2010_saves() -> dict[str, rb.Game]:
    """risk2010 saves of every variant and every kind of pending decision."""
    games = {
        "r2010-simple-played": _played("risk2010", ["Ada", "Bo", "Cy", "Di"], 13, 4),
        "r2010-classic-claim": rb.new_game("risk2010", players=["Ada", "Bo", "Cy"], variant="classic", seed=14),
        "r2010-classic-deal-played": _played("risk2010", ["Ada", "Bo", "Cy"], 15, 3, variant="classic", setup="deal"),
        "r2010-two-player-neutral": rb.new_game("risk2010", players=["Ada", "Bo"], variant="two_player", seed=16),
        "r2010-two-player-played": _played("risk2010", ["Ada", "Bo"], 17, 5, variant="two_player"),
        "r2010-fortify": _r2010_scenario(phase="fortify", hands={"Ada": ["peru", "japan"], "Bo": ["egypt"]}),
    }
    claimed = games["r2010-classic-claim"]
    for _ in range(5):
        claimed.apply(claimed.legal_actions()[0])
    # the defender (the player not on turn, for a neutral army) choosing dice
    defend = _r2010_scenario("two_player", options={"ask_defender": True}, hands={"Ada": ["peru"]})
    defend.apply("attack ukraine scandinavia 3")
    games["r2010-defend-neutral"] = defend
    occupy = _r2010_scenario(hands={"Cy": ["peru", "brazil"]})
    occupy.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1, 1]))
    games["r2010-occupy"] = occupy
    traded = _r2010_scenario(hands={"Ada": ["peru", "brazil", "alaska"]})
    traded.apply("trade peru brazil alaska")  # 4 stars: 7 troops to place before anything else
    games["r2010-trade-then-place"] = traded
    games["r2010-over-shared-win"] = _r2010_shared_win()
    return games


def _r2010_shared_win() -> rb.Game:
    """A simple game over after the ceasefire with Ada and Cy tied on territories and troops."""
    ids = list(WORLD.ids)
    rest = [t for t in ids if t not in ("ukraine", "scandinavia")]
    position = {t: ("Ada", 1) for t in rest[:13]}
    position.update({t: ("Cy", 1) for t in rest[13:28]})
    position.update({t: ("Bo", 1) for t in rest[28:]})
    position.update(ukraine=("Ada", 6), scandinavia=("Bo", 1))  # Ada: 15 territories, 13 + 6 = 19 troops
    position[rest[13]] = ("Cy", 5)  # Cy: 15 territories, 19 troops
    game = rb.new_game(
        "risk2010",
        players=["Ada", "Bo", "Cy"],
        position=position,
        current_player="Ada",
        phase="attack",
        ceasefire=0,
        drawn=15,
        seed=18,
    )
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    game.apply("occupy 3")
    game.apply("end")
    game.apply("end")
    assert set(game.winners) == {"Ada", "Cy"}, game.winners
    return game


def _tf_scenario(players: tuple[str, ...] = ("Ada", "Bo"), **kw: Any) -> rb.Game:
    """A Transformers position: Ada (leader in ukraine) to attack scandinavia (Bo's leader there)."""
    position = dict.fromkeys(WORLD.ids, (players[-1], 1))
    position.update(ukraine=("Ada", 6), ural=("Ada", 3), scandinavia=("Bo", 3), siberia=("Bo", 4))
    kw.setdefault("phase", "attack")
    kw.setdefault("leaders", {"Ada": "ukraine", "Bo": "scandinavia"})
    return rb.new_game("transformers", players=list(players), position=position, current_player="Ada", seed=19, **kw)


def _tf_saves() -> dict[str, rb.Game]:
    """Transformers saves of every pending decision: a leader's start zone, a claim, a setup
    placement, robots to place with a leader to bring back, an asked defender (with injected d8s),
    the attacker's and then the defender's casualty, continue or stop, a move-in, the move, a game
    won by an alliance together, and a played game."""
    games: dict[str, rb.Game] = {}
    games["tf-place-leader"] = rb.new_game("transformers", players=["Ada", "Bo"], seed=40)
    claim = rb.new_game("transformers", players=["Ada", "Bo", "Cy"], seed=41)
    for _ in range(5):
        claim.apply(claim.legal_actions()[0])
    assert claim.pending.decision == "claim"
    games["tf-claim"] = claim
    place = rb.new_game("transformers", players=["Ada", "Bo", "Cy", "Di"], seed=42)
    while place.pending.decision != "place":
        place.apply(place.legal_actions()[0])
    games["tf-place"] = place
    games["tf-revive"] = _tf_scenario(
        phase="reinforce", leaders={"Ada": "scrapyard"}, scrapyard={"Ada": 4, "Bo": 2}, hands={"Bo": ["upgrade_7"]}
    )
    defend = _tf_scenario(options={"ask_defender": True})
    defend.apply("attack ukraine scandinavia 3 leader", dice=([8, 4, 3], [7, 4]))
    assert defend.pending.decision == "defend"
    games["tf-defend"] = defend
    casualty = _tf_scenario(options={"ask_defender": True}, scrapyard={"Ada": 3})
    casualty.apply("attack ukraine scandinavia 3 leader", dice=([8, 1, 1], [5, 4]))
    casualty.apply("defend 2 leader")
    assert casualty.pending.decision == "casualty" and len(casualty.extras.fight.casualties) == 2
    games["tf-casualty-both"] = casualty
    defender = rb.Game.from_json(casualty.to_json())
    defender.apply("casualty robot")
    assert defender.pending.player == "Bo"
    games["tf-casualty-defender"] = defender
    going_on = _tf_scenario()
    going_on.apply("attack ukraine scandinavia 3", dice=([6, 1, 1], [5, 4]))
    assert going_on.pending.decision == "continue"
    games["tf-continue"] = going_on
    occupy = _tf_scenario(hands={"Ada": ["upgrade_1"]})
    occupy.apply("attack ukraine scandinavia 3 leader", dice=([8, 6, 6], [5, 4]))
    occupy.apply("attack ukraine scandinavia 3 leader", dice=([8, 6, 6], [5]))
    assert occupy.pending.decision == "occupy" and occupy.leader_at("scandinavia") == "Ada"
    games["tf-occupy"] = occupy
    games["tf-fortify"] = _tf_scenario(
        ("Ada", "Bo", "Cy"), phase="fortify", round=6, leaders={"Ada": "ukraine", "Cy": "scrapyard"},
        scrapyard={"Cy": 9}, hands={"Cy": ["upgrade_2", "upgrade_3"]},
    )  # fmt: skip
    games["tf-over-alliance"] = _tf_alliance_win()
    games["tf-played-4p"] = _played("transformers", ["Ada", "Bo", "Cy", "Di"], 43, 6)
    return games


def _tf_alliance_win() -> rb.Game:
    """A 4-player game won by Ada and Cy together: Ada destroys Di, the last opposing army."""
    position = dict.fromkeys(WORLD.ids, ("Cy", 1))
    position.update(ukraine=("Ada", 6), ural=("Di", 1))
    game = rb.new_game(
        "transformers", players=["Ada", "Bo", "Cy", "Di"], position=position, current_player="Ada",
        phase="attack", seed=44,
    )  # fmt: skip
    game.apply("attack ukraine ural 3", dice=([6, 6, 6], [1]))
    assert game.winners == ("Ada", "Cy"), game.winners
    return game


def _played(ruleset: str, players: list[str], seed: int, turns: int, **kw: Any) -> rb.Game:
    game = rb.new_game(ruleset, players=players, seed=seed, **kw)
    game.play({p: rb.bots.Aggressive(seed=seed + i) for i, p in enumerate(players)}, max_turns=turns)
    return game


def saves() -> dict[str, rb.Game]:
    """Games of every edition and kind of position, each saved with few or no actions."""
    games = {
        "classic-scenario": _classic_scenario(hands={"Ada": ["alaska", "kamchatka", "wild_1"]}, sets_traded=2),
        "classic-missions": rb.new_game(
            "classic",
            players=["Ada", "Bo", "Cy"],
            variant="secret_missions",
            position={**dict.fromkeys(WORLD.ids, ("Bo", 2)), "alaska": ("Ada", 4), "kamchatka": ("Cy", 2)},
            current_player="Ada",
            phase="attack",
            missions={"Ada": "occupy_24", "Bo": "destroy:Cy", "Cy": "conquer_asia_africa"},
            seed=7,
        ),
        "classic-played": _played("classic", ["Ada", "Bo", "Cy"], 8, 6),
        "classic-two-player": _played("classic", ["Ada", "Bo"], 9, 2),
        "bop-setup_1": _played("balance_of_power", ["red", "blue"], 10, 2),
        "bop-free-setup": rb.new_game("balance_of_power", players=["red", "blue"], variant="command_room", seed=11),
        "bop-command-room": _bop_scenario(
            phase="hospital",
            hospital={"red": 12, "blue": 3},
            airfields={"red": "germany"},
            cities=["germany", "poland", "denmark"],
            purchases=["recon_mission"],
        ),
    }
    # pending decisions: a defender choosing dice, a move-in, an uprising waiting for the defender
    asked = _classic_scenario(options={"ask_defender": True})
    asked.apply("attack alaska kamchatka 3")
    games["classic-defend"] = asked
    occupy = _classic_scenario()
    occupy.apply("attack alaska northwest_territory 3", dice=([6, 6, 6], [1]))
    games["classic-occupy"] = occupy
    uprising = _bop_scenario(phase="hospital", hospital={"red": 6}, options={"ask_defender": True})
    source = next(a for a in uprising.legal_actions() if str(a).startswith("buy uprising"))
    uprising.apply(source)
    games["bop-uprising"] = uprising
    games.update(_r2010_saves())
    games.update(_tf_saves())
    return games


SAVES = {name: game.to_json() for name, game in saves().items()}


def load_checked(text: str) -> None:
    """Load ``text``: a ``FormatError``, or a game whose position is possible and playable."""
    try:
        game = rb.Game.from_json(text)
    except rb.FormatError as exc:
        assert exc.code.startswith("format/") and str(exc)
        assert "unexpected" not in str(exc), f"a check is missing: {exc!r} from {exc.__cause__!r}"
        return
    cfg = game.config
    assert cfg.ruleset.problems(cfg, game.state) == []
    legal = game.legal_actions()
    assert game.is_over or (legal and game.pending.player in game.players)
    rng = random.Random(0)
    for _ in range(5):  # it plays on
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))


def both(data: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The stored state and the record's initial state: an edit made to both survives the replay
    when the record has no action."""
    yield data["state"]
    yield data["record"]["initial"]


def edit(text: str, change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(text)
    for state in both(data):
        with contextlib.suppress(KeyError, IndexError, TypeError):  # the other state has no such place
            change(state)
    return json.dumps(data)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:4]):
            yield from _paths(v, (*prefix, i))


def _set(target: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


@pytest.mark.parametrize("name", sorted(SAVES))
def test_every_field_set_to_wrong_types_and_impossible_values(name: str) -> None:
    text = SAVES[name]
    state = json.loads(text)["state"]
    paths = [p for p in _paths(state) if p]
    rng = random.Random(name)
    for path in paths if len(paths) < 120 else rng.sample(paths, 120):
        for value in BAD_VALUES:
            load_checked(edit(text, lambda s, p=path, v=value: _set(s, p, copy.deepcopy(v))))


@pytest.mark.parametrize("name", sorted(SAVES))
def test_every_field_removed(name: str) -> None:
    text = SAVES[name]
    for key in json.loads(text)["state"]:
        load_checked(edit(text, lambda s, k=key: s.pop(k)))


@settings(max_examples=450)
@given(
    name=st.sampled_from(sorted(SAVES)),
    where=st.sampled_from(["state", "initial", "both", "record", "file"]),
    pick=st.integers(0, 10**6),
    value=st.sampled_from(BAD_VALUES)
    | st.integers(-(2**80), 2**80)
    | st.text(max_size=8)
    | st.lists(st.integers(-3, 50), max_size=4)
    | st.dictionaries(st.text(max_size=4), st.integers(), max_size=3),
)
def test_random_edits_anywhere(name: str, where: str, pick: int, value: Any) -> None:
    data = json.loads(SAVES[name])
    roots = {
        "state": [data["state"]],
        "initial": [data["record"]["initial"]],
        "both": [data["state"], data["record"]["initial"]],
        "record": [data["record"]],
        "file": [data],
    }[where]
    paths = [p for p in _paths(roots[0]) if p]
    path = paths[pick % len(paths)]
    for root in roots:
        with contextlib.suppress(KeyError, IndexError, TypeError):
            _set(root, path, copy.deepcopy(value))
    load_checked(json.dumps(data))


# -- what an outside audit found ---------------------------------------------------------------
def refused(text: str | bytes) -> rb.FormatError:
    with pytest.raises(rb.FormatError) as info:
        rb.Game.from_json(text)
    return info.value


def test_a_save_nested_a_hundred_thousand_deep() -> None:
    assert refused("[" * 100_000 + "]" * 100_000).code == "format/json"
    deep = json.loads(SAVES["classic-scenario"])
    deep["state"]["extra"] = json.loads("[" * 200 + "]" * 200)
    refused(json.dumps(deep))


def test_huge_numbers_and_infinity() -> None:
    text = SAVES["classic-scenario"]
    assert refused(text.replace('"seed":5', '"seed":' + "9" * 5000)).code == "format/json"
    data = json.loads(text)
    data["record"]["options"]["neutral_armies"] = 10**30
    refused(json.dumps(data))
    assert refused(text.replace('"undo":true', '"undo":Infinity')).code == "format/json"
    assert refused(text.replace('"undo":true', '"undo":NaN')).code == "format/json"


def test_an_edited_battle_field() -> None:
    for battle in (
        ["occupy", 0, 1],
        ["defend", "a", "b", 3, None],
        ["occupy", 0, 99, 1, 2],
        ["defend", 0, 1, 3, [[7, 7, 7]]],
    ):
        refused(edit(SAVES["classic-occupy"], lambda s, b=battle: s.update(battle=b)))


def test_balance_of_power_purchases_that_are_not_names() -> None:
    assert (
        refused(edit(SAVES["bop-command-room"], lambda s: s["extra"].update(purchases=[["x"]]))).code
        == "format/bad_field"
    )
    refused(edit(SAVES["bop-command-room"], lambda s: s["extra"].update(cities=[["x"]])))
    refused(edit(SAVES["bop-command-room"], lambda s: s["extra"].update(board_missions=[{}])))


@pytest.mark.parametrize(
    ("what", "change"),
    [
        ("a player out of the game who owns territories", lambda s: s["alive"].update(Bo=False)),
        ("a winner in a game that goes on", lambda s: s.update(winner="Ada")),
        ("an occupy step with no battle", lambda s: s.update(phase="occupy", battle=None)),
        ("a forced trade with no cards", lambda s: s.update(must_trade=True)),
        ("2^70 armies", lambda s: s["territories"].update(alaska=["Ada", 2**70])),
        ("the reinforce phase with nothing to place", lambda s: s.update(phase="reinforce", reinforcements=0)),
        ("a game over without a winner", lambda s: s.update(phase="over")),
        ("turn 0 after the setup", lambda s: s.update(turn=0)),
    ],
)
def test_impossible_positions_edited_into_state_and_record_alike(what: str, change: Callable[[dict], None]) -> None:
    error = refused(edit(SAVES["classic-scenario"], change))
    assert error.code in ("format/impossible", "format/bad_field", "format/cards"), (what, error)


def test_an_unknown_secret_mission() -> None:
    refused(edit(SAVES["classic-missions"], lambda s: s["missions"].update(Ada="win_the_lottery")))
    refused(edit(SAVES["classic-missions"], lambda s: s["missions"].update(Ada=["occupy_24"])))


def test_saves_of_every_kind_load_unchanged() -> None:
    for name, text in SAVES.items():
        game = rb.Game.from_json(text)
        assert game.to_json() == text, name


def test_a_scenario_is_checked_by_the_same_invariants() -> None:
    """A position no game reaches (an owner holding more units than any can) is refused when the
    scenario is made, as it would be when a save is read; a trade forced at three cards (which need
    not hold a set) is an option refused before any position is made."""
    position = dict.fromkeys(WORLD.ids, ("Bo", 2))
    position["alaska"] = ("Ada", 3)
    with pytest.raises(rb.ConfigError) as info:
        rb.new_game(
            "classic", players=["Ada", "Bo"], position={**position, "brazil": ("Bo", 9_999)}, current_player="Ada",
            phase="reinforce",
        )  # fmt: skip
    assert info.value.code == "scenario/impossible" and "holds more than" in str(info.value)
    with pytest.raises(rb.ConfigError) as info:
        rb.new_game("classic", players=["Ada", "Bo"], options={"forced_trade_at": 3})
    assert info.value.code == "config/bad_option" and "5 to 44" in str(info.value)
    with pytest.raises(rb.ConfigError) as info:
        rb.new_game("classic", players=["Ada", "Bo"], position={**position, "alaska": ("Ada", 2**70)})
    assert info.value.code == "scenario/bad_armies"


# -- risk2010: positions its invariants refuse ----------------------------------------------------
def _all_of(owner: str, to: str) -> Callable[[dict], None]:
    def change(s: dict) -> None:
        for t, (o, n) in s["territories"].items():
            if o == owner:
                s["territories"][t] = [to, n]

    return change


@pytest.mark.parametrize(
    ("name", "what", "change"),
    [
        ("r2010-two-player-neutral", "reserved cards under an eliminated neutral army", _all_of("neutral_3", "Bo")),
        (
            "r2010-two-player-neutral",
            "two reserved cards under a neutral army",
            lambda s: s["draw_pile"].append(s["extra"]["reserved"]["neutral_1"].pop()),
        ),
        (
            "r2010-two-player-neutral",
            "a ceasefire card in the two-player game",
            lambda s: s["extra"].update(ceasefire=3),
        ),
        (
            "r2010-classic-deal-played",
            "a ceasefire card in the classic variant",
            lambda s: s["extra"].update(ceasefire=0),
        ),
        ("r2010-classic-claim", "a ceasefire card during the claim", lambda s: s["extra"].update(ceasefire=5)),
        ("r2010-over-shared-win", "a shared win with one winner", lambda s: s["extra"].update(winners=["Ada"])),
        (
            "r2010-over-shared-win",
            "a shared win without the game's winner",
            lambda s: s["extra"].update(winners=["Bo", "Cy"]),
        ),
        (
            "r2010-two-player-played",
            "a shared win in the two-player game",
            lambda s: s.update(phase="over", winner="Ada") or s["extra"].update(winners=["Ada", "Bo"]),
        ),
        (
            "r2010-simple-played",
            "a shared win in a game that goes on",
            lambda s: s["extra"].update(winners=["Ada", "Bo"]),
        ),
        (
            "r2010-simple-played",
            "the ceasefire card gone in a game that goes on",
            lambda s: s["extra"].update(ceasefire=-1),
        ),
        (
            "r2010-simple-played",
            "reserved cards in the simple game",
            lambda s: s["extra"]["reserved"].update(neutral_1=s["draw_pile"][:3]),
        ),
        ("r2010-simple-played", "the extra facts missing", lambda s: s.pop("extra")),
        ("r2010-simple-played", "the extra facts empty", lambda s: s.update(extra={})),
        ("r2010-two-player-neutral", "the neutral step with troops to place", lambda s: s.update(reinforcements=3)),
        (
            "r2010-fortify",
            "a player out of the game with cards",
            lambda s: _all_of("Bo", "Cy")(s) or s["alive"].update(Bo=False),
        ),
        ("r2010-trade-then-place", "traded troops during a move-in", lambda s: s.update(phase="occupy")),
    ],
)
def test_impossible_2010_positions_are_refused(name: str, what: str, change: Callable[[dict], None]) -> None:
    error = refused(edit(SAVES[name], change))
    assert error.code in ("format/impossible", "format/bad_field", "format/cards", "format/missing_field"), (
        what,
        error,
    )


def test_2010_saves_round_trip_their_pending_decisions() -> None:
    for name, text in SAVES.items():
        if not name.startswith("r2010"):
            continue
        game = rb.Game.from_json(text)
        assert game.to_json() == text, name
        assert game.pending.player is None or game.pending.player in game.players
    assert rb.Game.from_json(SAVES["r2010-over-shared-win"]).winners == ("Ada", "Cy")
    assert rb.Game.from_json(SAVES["r2010-defend-neutral"]).pending.player == "Bo"
    assert rb.Game.from_json(SAVES["r2010-two-player-neutral"]).pending.decision == "neutral"


# -- transformers: positions its invariants refuse ------------------------------------------------
def _rebased(text: str) -> str:
    """The save with its position as the record's start and no actions."""
    data = json.loads(text)
    data["record"]["initial"] = copy.deepcopy(data["state"])
    data["record"]["actions"] = []
    return json.dumps(data)


def _tf_extra(**changes: Any) -> Callable[[dict], None]:
    return lambda s: s["extra"].update(**changes)


def _tf_fight(**changes: Any) -> Callable[[dict], None]:
    return lambda s: s["extra"]["fight"].update(**changes)


@pytest.mark.parametrize(
    ("name", "what", "change"),
    [
        ("tf-fortify", "a leader on another player's zone", lambda s: s["extra"]["leaders"].update(Ada="scandinavia")),
        (
            "tf-fortify",
            "two leaders on one zone",
            lambda s: s["extra"]["leaders"].update(Ada="scandinavia", Bo="scandinavia"),
        ),
        ("tf-fortify", "a leader on no zone", lambda s: s["extra"]["leaders"].update(Ada="atlantis")),
        (
            "tf-fortify",
            "a leader without a start zone after the setup",
            lambda s: s["extra"]["leaders"].update(Ada=None),
        ),
        ("tf-fortify", "round 7", _tf_extra(round=7)),
        ("tf-fortify", "round 0 after the setup", _tf_extra(round=0)),
        ("tf-place-leader", "a round during the setup", _tf_extra(round=1)),
        (
            "tf-claim",
            "a leader on the scrapyard during the setup",
            lambda s: s["extra"]["leaders"].update(Ada="scrapyard"),
        ),
        ("tf-fortify", "a scrapyard below zero", lambda s: s["extra"]["scrapyard"].update(Ada=-1)),
        ("tf-continue", "a fight whose zones don't border", _tf_fight(target="alaska")),
        ("tf-continue", "a fight from another player's zone", _tf_fight(origin="siberia")),
        ("tf-continue", "a fight on an own zone", _tf_fight(target="ural")),
        ("tf-continue", "a fight outside the attack step", lambda s: s.update(phase="fortify")),
        ("tf-continue", "a fight of four units", _tf_fight(committed=4)),
        ("tf-continue", "a fight in an unknown stage", _tf_fight(stage="retreat")),
        ("tf-casualty-both", "a casualty stage without casualties", _tf_fight(casualties=[])),
        ("tf-continue", "casualties outside the casualty stage", _tf_fight(casualties=[[0, 1]])),
        ("tf-casualty-both", "a casualty of a third side", _tf_fight(casualties=[[2, 1]])),
        ("tf-casualty-both", "a casualty of four units", _tf_fight(casualties=[[0, 4]])),
        ("tf-defend", "a defence asked without a fight", _tf_extra(fight=None)),
        ("tf-defend", "a fight waiting for a defender without a battle", lambda s: s.update(battle=None)),
        ("tf-continue", "dice waiting in a fight that goes on", _tf_fight(injected=[[6, 6, 6]])),
        ("tf-defend", "a d8 value for a robot", _tf_fight(injected=[[8, 7, 3], [7, 4]])),
        ("tf-defend", "a d9", _tf_fight(injected=[[9, 4, 3], [7, 4]])),
        ("tf-defend", "dice for fewer attackers than committed", _tf_fight(injected=[[8, 4], [7, 4]])),
        ("tf-defend", "three defending dice", _tf_fight(injected=[[8, 4, 3], [7, 4, 1]])),
        ("tf-defend", "a defending leader's d8 on its second die", _tf_fight(injected=[[8, 4, 3], [4, 7]])),
        (
            "tf-continue",
            "a continued action from an origin of one unit",
            lambda s: s["territories"].update(ukraine=["Ada", 1]),
        ),
        ("tf-occupy", "a blocked zone that is none", _tf_extra(blocked="atlantis")),
        ("tf-over-alliance", "a shared win with one winner", _tf_extra(winners=["Ada"])),
        ("tf-over-alliance", "a shared win without the game's winner", _tf_extra(winners=["Bo", "Di"])),
        ("tf-continue", "a shared win in a game that goes on", _tf_extra(winners=["Ada", "Bo"])),
        ("tf-fortify", "a player out of the game with cards", lambda s: s["alive"].update(Cy=False)),
        ("tf-revive", "a card trade in Transformers", lambda s: s.update(sets_traded=1)),
        ("tf-fortify", "robots to place in the move step", lambda s: s.update(reinforcements=3)),
        ("tf-fortify", "setup robots after the setup", lambda s: s["supply"].update(Ada=3)),
        ("tf-fortify", "the extra facts missing", lambda s: s.pop("extra")),
        ("tf-fortify", "the extra facts empty", lambda s: s.update(extra={})),
    ],
)
def test_impossible_transformers_positions_are_refused(name: str, what: str, change: Callable[[dict], None]) -> None:
    """Each edit made to a save whose record starts at its position (so the edited initial state
    itself, not a replay that disagrees, is what gets refused)."""
    text = _rebased(SAVES[name])
    assert rb.Game.from_json(text).state == rb.Game.from_json(SAVES[name]).state
    error = refused(edit(text, change))
    assert error.code in ("format/impossible", "format/bad_field", "format/cards", "format/missing_field"), (
        what,
        error,
    )


def test_transformers_saves_round_trip_their_pending_decisions() -> None:
    expected = {
        "tf-place-leader": "place_leader",
        "tf-claim": "claim",
        "tf-place": "place",
        "tf-revive": "place",
        "tf-defend": "defend",
        "tf-casualty-both": "casualty",
        "tf-casualty-defender": "casualty",
        "tf-continue": "continue",
        "tf-occupy": "occupy",
        "tf-fortify": "fortify",
        "tf-over-alliance": "none",
    }
    for name, decision in expected.items():
        text = SAVES[name]
        game = rb.Game.from_json(text)
        assert game.to_json() == text and game.pending.decision == decision, name
        assert rb.replay(game.record()).to_json() == text, name
    assert rb.Game.from_json(SAVES["tf-over-alliance"]).winners == ("Ada", "Cy")
    assert rb.Game.from_json(SAVES["tf-casualty-defender"]).pending.player == "Bo"
    defend = rb.Game.from_json(SAVES["tf-defend"])
    assert defend.pending.player == "Bo" and [str(a) for a in defend.legal_actions()] == ["defend 2 leader"]
    defend.apply("defend 2 leader")  # the d8s given with the attack are thrown now
    (roll,) = [e for e in defend.history[-1][1] if type(e).__name__ == "LeaderDiceRolled"]
    assert (roll.attack, roll.defend) == ((8, 4, 3), (7, 4))
    assert "Transformers" not in SAVES["tf-played-4p"] and rb.Game.from_json(SAVES["tf-played-4p"]).extras.round >= 2
