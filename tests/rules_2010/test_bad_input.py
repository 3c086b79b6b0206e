"""Bad input: every refused action raises ``rb.IllegalAction`` with a stable code and leaves the game
exactly unchanged (state and saved form); bad scenarios raise ``rb.ConfigError``; an edited save
``rb.FormatError``."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import riskboard as rb

from .conftest import DUEL, R2010, duel, hand_of, illegal, position, scenario

BOARD = {
    "ukraine": ("Ada", 9),
    "ural": ("Ada", 3),
    "scandinavia": ("Bo", 2),
    "siberia": ("Bo", 4),
}
DUEL_BOARD = {
    "ukraine": ("Ada", 9),
    "ural": ("Ada", 3),
    "scandinavia": ("neutral_2", 2),
    "iceland": ("neutral_2", 1),
    "afghanistan": ("neutral_3", 4),
    "siberia": ("Bo", 5),
}
ELEVEN = hand_of(11, twos=2, skip=BOARD)
FOUR = hand_of(4, skip=[*BOARD, *ELEVEN])
BO_CARDS = hand_of(3, skip=[*BOARD, *ELEVEN, *FOUR])


def reinforce(**kw: Any) -> rb.Game:
    return scenario(BOARD, phase="reinforce", hands={"Ada": ELEVEN + FOUR, "Bo": BO_CARDS}, **kw)


def attack(**kw: Any) -> rb.Game:
    return scenario(BOARD, hands={"Ada": ELEVEN + FOUR, "Bo": BO_CARDS}, **kw)


def defending() -> rb.Game:
    game = attack(options={"ask_defender": True})
    game.apply("attack ukraine scandinavia 3")
    return game


def occupying() -> rb.Game:
    game = attack()
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1, 1]))
    return game


def traded() -> rb.Game:
    game = attack()
    game.apply("trade " + " ".join(FOUR))
    return game


def neutral() -> rb.Game:
    return duel(DUEL_BOARD, default=("Bo", 1), hands={"Ada": FOUR})


def duel_reinforce() -> rb.Game:
    game = neutral()
    game.apply("neutral neutral_3 afghanistan 3")
    return game


def neutral_defending() -> rb.Game:
    game = duel(DUEL_BOARD, default=("Bo", 1), phase="attack", options={"ask_defender": True}, hands={"Ada": FOUR})
    game.apply("attack ukraine scandinavia 3")
    return game


def over() -> rb.Game:
    game = scenario(
        {"ukraine": ("Ada", 9), "scandinavia": ("Bo", 1)},
        players=("Ada", "Bo", "Cy"),
        default=("Ada", 1),
        variant="classic",
    )
    game.apply("attack ukraine scandinavia 3", dice=([6, 6, 6], [1]))
    return game


ELEVEN_TEXT = "trade " + " ".join(ELEVEN)
FOUR_TEXT = "trade " + " ".join(FOUR)

CASES: list[tuple[str, Callable[[], rb.Game], Any, str, str | None]] = [
    # star trades
    ("eleven stars", reinforce, ELEVEN_TEXT, "cards/too_many_stars", None),
    ("eleven stars in the attack step", attack, ELEVEN_TEXT, "cards/too_many_stars", None),
    ("a card not held", reinforce, "trade " + BO_CARDS[0], "cards/not_in_hand", None),
    ("a card twice", reinforce, f"trade {FOUR[0]} {FOUR[0]}", "cards/duplicate", None),
    ("no card", reinforce, rb.TradeCards(()), "cards/no_cards", None),
    ("trade in another's turn", attack, "trade " + " ".join(BO_CARDS), "action/not_your_turn", "Bo"),
    ("trade while the defender chooses", defending, FOUR_TEXT, "action/awaiting_defender", None),
    ("the defender trades", defending, "trade " + " ".join(BO_CARDS), "action/awaiting_defender", "Bo"),
    ("the attacker trades while asked", defending, FOUR_TEXT, "action/not_your_turn", "Ada"),
    ("trade during the move-in", occupying, FOUR_TEXT, "action/wrong_phase", None),
    ("trade in the neutral step", neutral, FOUR_TEXT, "action/neutral_first", None),
    ("trade while a neutral defends", neutral_defending, FOUR_TEXT, "action/awaiting_defender", None),
    # placing the traded troops first
    ("attack before placing traded troops", traded, "attack ukraine scandinavia 3", "action/armies_left", None),
    ("end before placing traded troops", traded, "end", "action/armies_left", None),
    ("place on an enemy territory", traded, "place 1 scandinavia", "action/not_owner", None),
    ("place more than traded", traded, "place 8 ukraine", "action/bad_count", None),
    ("end with troops to place", reinforce, "end", "action/armies_left", None),
    ("place in the attack step", attack, "place 1 ukraine", "action/wrong_phase", None),
    # the neutral step
    ("two neutral armies", neutral, "neutral neutral_2 scandinavia 2 afghanistan 1", "neutral/one_army", None),
    ("a player's territory", neutral, "neutral neutral_2 ukraine 3", "action/not_neutral", None),
    ("the opponent's territory", neutral, "neutral neutral_3 siberia 3", "action/not_neutral", None),
    ("too few neutral troops", neutral, "neutral neutral_2 scandinavia 2", "neutral/troops", None),
    ("too many neutral troops", neutral, "neutral neutral_2 scandinavia 2 iceland 2", "neutral/troops", None),
    ("an unknown neutral army", neutral, "neutral neutral_9 scandinavia 3", "neutral/unknown_army", None),
    ("an eliminated neutral army", neutral, "neutral neutral_1 alaska 3", "neutral/eliminated", None),
    ("a negative neutral count", neutral, "neutral neutral_2 scandinavia -1 iceland 4", "action/bad_count", None),
    ("place before the neutral step", neutral, "place 1 ukraine", "action/neutral_first", None),
    ("end before the neutral step", neutral, "end", "action/neutral_first", None),
    ("the neutral step by the other player", neutral, "neutral neutral_2 scandinavia 3", "action/not_your_turn", "Bo"),
    ("a second neutral step", duel_reinforce, "neutral neutral_2 scandinavia 3", "action/wrong_phase", None),
    ("place on a neutral territory", duel_reinforce, "place 1 scandinavia", "action/not_owner", None),
    ("a neutral step in a simple game", attack, "neutral neutral_1 ukraine 3", "action/wrong_phase", None),
    # malformed neutral texts
    ("neutral alone", neutral, "neutral", "action/unparsable", None),
    ("neutral without territories", neutral, "neutral neutral_2", "action/unparsable", None),
    ("neutral without a count", neutral, "neutral neutral_2 scandinavia", "action/unparsable", None),
    ("neutral with a word for a count", neutral, "neutral neutral_2 scandinavia three", "action/unparsable", None),
    ("neutral with a fraction", neutral, "neutral neutral_2 scandinavia 1.5", "action/unparsable", None),
    (
        "neutral with a dangling territory",
        neutral,
        "neutral neutral_2 scandinavia 2 iceland",
        "action/unparsable",
        None,
    ),
    ("neutral count first", neutral, "neutral neutral_2 3 scandinavia", "action/unparsable", None),
    ("neutral army not a name", neutral, "neutral neutral-2 scandinavia 3", "action/unparsable", None),
    ("neutral army a number", neutral, "neutral 2 scandinavia 3", "action/unparsable", None),
    (
        "neutral with a huge count",
        neutral,
        "neutral neutral_2 scandinavia 99999999999999999999",
        "action/unparsable",
        None,
    ),
    ("neutral on an unknown territory", neutral, "neutral neutral_2 narnia 3", "action/unknown_territory", None),
    # battles, the maneuver, the end
    ("attack while the defender chooses", defending, "attack ural siberia 2", "action/awaiting_defender", None),
    ("end while the defender chooses", defending, "end", "action/awaiting_defender", None),
    ("defend with three", defending, "defend 3", "action/bad_dice", None),
    ("defend for another", defending, "defend 2", "action/not_your_turn", "Cy"),
    ("defend with nobody attacking", attack, "defend 1", "action/wrong_phase", None),
    ("four attackers", attack, "attack ukraine scandinavia 4", "action/bad_dice", None),
    ("attack into own land", attack, "attack ukraine ural 1", "action/own_territory", None),
    ("attack at a distance", attack, "attack ural scandinavia 1", "action/not_adjacent", None),
    ("occupy too few", occupying, "occupy 2", "action/bad_count", None),
    ("occupy everything", occupying, "occupy 9", "action/bad_count", None),
    ("end before moving in", occupying, "end", "action/must_occupy", None),
    ("maneuver in the attack step", attack, "fortify ukraine ural 2", "action/wrong_phase", None),
    ("wrong dice injected", attack, ("attack ukraine scandinavia 2", ([6, 6, 6], [1, 1])), "dice/invalid", None),
    ("an unknown player", attack, "end", "action/unknown_player", "Zed"),
    ("acting in a finished game", over, "end", "game/over", None),
    ("a player acting in a finished game", over, "end", "game/over", "Ada"),
    ("buy is not a 2010 action", attack, "buy recon_mission", "action/unparsable", None),
]


@pytest.mark.parametrize(("name", "make", "action", "code", "player"), CASES, ids=[f"{c[0]} {c[3]}" for c in CASES])
def test_bad_actions_are_refused_with_a_stable_code(
    name: str, make: Callable[[], rb.Game], action: Any, code: str, player: str | None
) -> None:
    game = make()
    kwargs: dict[str, Any] = {} if player is None else {"player": player}
    if isinstance(action, tuple):
        illegal(game, action[0], code, dice=action[1], **kwargs)
        return
    illegal(game, action, code, **kwargs)
    if player is None:
        assert not game.is_legal(action)
        error = game.check(action)
        assert isinstance(error, rb.IllegalAction) and error.code == code


def test_legal_actions_are_all_legal_and_round_trip_in_every_step() -> None:
    for make in (reinforce, attack, defending, occupying, traded, neutral, duel_reinforce, neutral_defending):
        game = make()
        legal = game.legal_actions()
        assert legal, make.__name__
        for a in legal[:: max(1, len(legal) // 150)]:
            assert game.is_legal(a), (make.__name__, str(a))
            assert game.parse(str(a)) == a


def test_neutral_text_forms_round_trip() -> None:
    verbs = rb.get_ruleset(R2010).verbs
    for text in (
        "neutral neutral_1 alaska 3",
        "neutral neutral_2 iceland 2 scandinavia 1",
        "neutral neutral_3 afghanistan 1 china 1 india 1",
    ):
        assert str(rb.parse_action(text, verbs=verbs)) == text
    # one choice, one text: the territories are written in order
    assert str(rb.parse_action("neutral neutral_2 scandinavia 1 iceland 2", verbs=verbs)) == (
        "neutral neutral_2 iceland 2 scandinavia 1"
    )


# -- scenarios -----------------------------------------------------------------------------------

BAD_SCENARIOS: list[tuple[str, dict[str, Any], str]] = [
    ("unknown keyword", {"missions": []}, "scenario/unknown_keyword"),
    ("occupy phase", {"phase": "occupy"}, "scenario/bad_phase"),
    ("setup phase", {"phase": "setup"}, "scenario/bad_phase"),
    ("neutral step in a simple game", {"phase": "neutral"}, "scenario/bad_phase"),
    ("ceasefire in a classic game", {"variant": "classic", "ceasefire": 3}, "scenario/invalid"),
    ("reserved cards in a simple game", {"reserved": {"neutral_1": ["alaska", "peru", "japan"]}}, "scenario/invalid"),
    ("unknown card", {"hands": {"Ada": ["atlantis"]}}, "scenario/unknown_card"),
    ("a card in two hands", {"hands": {"Ada": ["peru"], "Bo": ["peru"]}}, "scenario/duplicate_card"),
    ("a hand of a stranger", {"hands": {"Zed": ["peru"]}}, "scenario/unknown_player"),
    ("a hand that is a word", {"hands": {"Ada": "peru"}}, "scenario/invalid"),
    ("negative reinforcements", {"phase": "reinforce", "reinforcements": -1}, "scenario/invalid"),
    ("fractional reinforcements", {"phase": "reinforce", "reinforcements": 1.5}, "scenario/invalid"),
    ("ceasefire as text", {"ceasefire": "3"}, "scenario/invalid"),
    ("ceasefire below the pile", {"ceasefire": 50}, "scenario/impossible"),
    ("drawn negative", {"drawn": -2}, "scenario/invalid"),
    ("drawn as a flag", {"drawn": True}, "scenario/invalid"),
]


@pytest.mark.parametrize(("name", "kw", "code"), BAD_SCENARIOS, ids=[c[0] for c in BAD_SCENARIOS])
def test_bad_scenarios_are_refused(name: str, kw: dict[str, Any], code: str) -> None:
    kw = dict(kw)
    phase = kw.pop("phase", "attack")
    with pytest.raises(rb.ConfigError) as info:
        scenario(BOARD, phase=phase, **kw)
    assert info.value.code == code, str(info.value)


BAD_DUELS: list[tuple[str, dict[str, Any], str]] = [
    ("reserved under a stranger", {"reserved": {"neutral_7": ["peru", "brazil", "japan"]}}, "scenario/invalid"),
    (
        "a reserved card also in a hand",
        {"reserved": {"neutral_2": ["peru", "brazil", "japan"]}, "hands": {"Ada": ["peru"]}},
        "scenario/duplicate_card",
    ),
    ("two reserved cards", {"reserved": {"neutral_2": ["peru", "brazil"]}}, "scenario/impossible"),
    (
        "reserved under an eliminated army",
        {"reserved": {"neutral_1": ["peru", "brazil", "japan"]}},
        "scenario/impossible",
    ),
    ("a ceasefire in the two-player game", {"ceasefire": 0}, "scenario/invalid"),
]


@pytest.mark.parametrize(("name", "kw", "code"), BAD_DUELS, ids=[c[0] for c in BAD_DUELS])
def test_bad_two_player_scenarios_are_refused(name: str, kw: dict[str, Any], code: str) -> None:
    with pytest.raises(rb.ConfigError) as info:
        duel(DUEL_BOARD, default=("Bo", 1), **kw)
    assert info.value.code == code, str(info.value)


def test_bad_positions_and_options_are_refused() -> None:
    bad = position(BOARD)
    del bad["peru"]
    for pos in (
        bad,
        {**position(BOARD), "peru": ("Zed", 3)},
        {**position(BOARD), "peru": ("Ada", 0)},
        {**position(BOARD), "peru": ("neutral_1", 3)},
    ):
        with pytest.raises(rb.ConfigError):
            rb.new_game(R2010, players=["Ada", "Bo", "Cy"], position=pos, current_player="Ada", phase="attack")
    for options in (
        {"game_length": "long"},
        {"territories_to_win": 43},
        {"territories_to_win": -1},
        {"two_star_cards": "alaska"},
        {"starting_troops": {"3": "many"}},
        {"defence_dice": 0},
        {"ties": "nobody"},
        {"fortify": "anywhere"},
    ):
        with pytest.raises(rb.ConfigError) as info:
            rb.new_game(R2010, players=list(DUEL) + ["Cy"], options=options)
        assert info.value.code == "config/bad_option", options


# -- edited saves ----------------------------------------------------------------------------------


def saved(make: Callable[[], rb.Game]) -> dict[str, Any]:
    return json.loads(make().to_json())


EDITS: list[tuple[str, Callable[[], rb.Game], Callable[[dict[str, Any]], None]]] = [
    ("extra missing", attack, lambda x: x.clear()),
    ("ceasefire as text", attack, lambda x: x.update(ceasefire="3")),
    ("ceasefire below -1", attack, lambda x: x.update(ceasefire=-2)),
    ("ceasefire below the pile", attack, lambda x: x.update(ceasefire=43)),
    ("drawn negative", attack, lambda x: x.update(drawn=-1)),
    ("a shared win in a game that goes on", attack, lambda x: x.update(winners=["Ada", "Bo"])),
    ("winners twice", attack, lambda x: x.update(winners=["Ada", "Ada"])),
    ("a winner who is no player", attack, lambda x: x.update(winners=["Zed", "Ada"])),
    ("reserved cards in a simple game", attack, lambda x: x["reserved"].update(neutral_1=["peru"])),
    ("a ceasefire card in the two-player game", neutral, lambda x: x.update(ceasefire=3)),
    ("reserved cards missing", neutral, lambda x: x.update(reserved={})),
    ("reserved cards not a list", neutral, lambda x: x["reserved"].update(neutral_2="peru")),
    ("reserved unknown card", neutral, lambda x: x["reserved"].update(neutral_2=["atlantis", "peru", "japan"])),
    ("a reserved card lost", neutral, lambda x: x["reserved"]["neutral_2"].pop()),
]


@pytest.mark.parametrize(("name", "make", "edit"), EDITS, ids=[e[0] for e in EDITS])
def test_an_edited_extra_is_refused_on_load(
    name: str, make: Callable[[], rb.Game], edit: Callable[[dict[str, Any]], None]
) -> None:
    data = saved(make)
    for state in (data["state"], data["record"]["initial"]):
        edit(state["extra"])
    with pytest.raises(rb.FormatError):
        rb.Game.from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("where", "make", "code"),
    [("the move-in", occupying, "action/wrong_phase"), ("the neutral step", neutral, "action/neutral_first")],
)
def test_d39_a_trade_outside_the_three_steps_says_which_steps_not_whose_turn(
    where: str, make: Callable[[], rb.Game], code: str
) -> None:
    """D39: stars are traded in the reinforce, attack and maneuver steps only; the refusal says
    so to the player whose turn it is (it is their own turn: "during your own turn" would be false)."""
    game = make()
    assert game.current_player == "Ada" and game.pending.player == "Ada"
    refused = illegal(game, FOUR_TEXT, code)
    message = str(refused)
    assert "own turn" not in message
    assert "cards are traded in the reinforce, attack or maneuver step" in message
    if make is occupying:
        assert "not while moving in" in message


@pytest.mark.parametrize("make", [reinforce, attack])
def test_d39_trades_are_accepted_in_the_reinforce_attack_and_maneuver_steps(make: Callable[[], rb.Game]) -> None:
    game = make()
    game.apply("trade " + " ".join(FOUR[:1]))
    assert FOUR[0] not in game.hand("Ada")


def test_d39_a_trade_is_accepted_in_the_maneuver_step() -> None:
    game = scenario(BOARD, phase="fortify", hands={"Ada": FOUR})
    game.apply("trade " + " ".join(FOUR))
    assert game.hand("Ada") == () and game.reinforcements > 0
