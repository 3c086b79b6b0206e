"""House rules (issue 8, item 5): ``attack_dice``, ``defence_dice``, ``ties``, ``fortify`` and the
card bonus (``territory_bonus``) are classic options that become the game's ``Rules``; each is
checked where it must show: the engine, ``rb.battle_odds`` (against an independent calculation
written here), a bot game, and the board's payload and odds overlay."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product
from typing import Any

import pytest

import riskboard as rb

WORLD = rb.load_map("world")
PLAYERS = ["Ada", "Bo", "Cy"]


def game_with(
    options: dict[str, Any], assign: dict[str, tuple[str, int]], phase: str = "attack", **extras: Any
) -> rb.Game:
    position = dict.fromkeys(WORLD.ids, ("Cy", 1))
    position.update(assign)
    return rb.new_game(
        "classic",
        players=PLAYERS,
        position=position,
        current_player="Ada",
        phase=phase,
        options=options,
        seed=3,
        **extras,
    )


# -- an independent calculation of the odds: every face of every die, and the battle by recursion --
def _throw(a: int, d: int, ties: str) -> dict[tuple[int, int], Fraction]:
    counts: dict[tuple[int, int], int] = {}
    for faces in product(range(1, 7), repeat=a + d):
        att = sorted(faces[:a], reverse=True)
        de = sorted(faces[a:], reverse=True)
        lost_a = lost_d = 0
        for x, y in zip(att, de):
            attacker_wins = x > y or (x == y and ties == "attacker")
            lost_d += attacker_wins
            lost_a += not attacker_wins
        counts[lost_a, lost_d] = counts.get((lost_a, lost_d), 0) + 1
    return {k: Fraction(v, 6 ** (a + d)) for k, v in counts.items()}


def independent_p_win(attackers: int, defenders: int, most_att: int, most_def: int, ties: str) -> Fraction:
    @cache
    def win(a: int, d: int) -> Fraction:
        if d == 0:
            return Fraction(1)
        if a == 0:
            return Fraction(0)
        outcomes = _throw(min(most_att, a), min(most_def, d), ties)
        return sum((p * win(a - i, d - j) for (i, j), p in outcomes.items()), Fraction(0))

    return win(attackers, defenders)


HOUSE_DICE = [
    ({"defence_dice": 3}, 3, 3, "defender"),
    ({"attack_dice": 2}, 2, 2, "defender"),
    ({"attack_dice": 4, "defence_dice": 1}, 4, 1, "defender"),
    ({"ties": "attacker"}, 3, 2, "attacker"),
]


@pytest.mark.parametrize(("options", "most_att", "most_def", "ties"), HOUSE_DICE)
def test_battle_odds_follow_the_games_rules_exactly(
    options: dict[str, Any], most_att: int, most_def: int, ties: str
) -> None:
    game = rb.new_game("classic", players=PLAYERS, options=options, seed=1)
    rules = game.rules
    assert (rules.attack_dice, rules.defence_dice, rules.ties) == (most_att, most_def, ties)
    for a, d in [(1, 1), (2, 3), (4, 2), (5, 5)]:
        assert rb.battle_odds(a, d, rules=rules).p_win_exact == independent_p_win(a, d, most_att, most_def, ties), (
            a,
            d,
        )
    if options != {"attack_dice": 2}:  # the printed rules give other odds
        assert rb.battle_odds(5, 5, rules=rules).p_win_exact != rb.battle_odds(5, 5).p_win_exact


def test_the_printed_rules_match_the_independent_calculation_too() -> None:
    for a, d in [(1, 1), (3, 2), (6, 4)]:
        assert rb.battle_odds(a, d).p_win_exact == independent_p_win(a, d, 3, 2, "defender")


def test_a_defender_rolling_three_dice_in_the_engine() -> None:
    game = game_with({"defence_dice": 3}, {"alaska": ("Ada", 6), "kamchatka": ("Bo", 5)})
    events = game.apply("attack alaska kamchatka 3", dice=([6, 5, 4], [6, 5, 1]))
    thrown = next(e for e in events if isinstance(e, rb.engine.events.DiceRolled))
    assert thrown.defend == (6, 5, 1)
    assert (thrown.attacker_losses, thrown.defender_losses) == (2, 1)  # 6=6 and 5=5 go to the defender, 4>1
    assert game.armies("alaska") == 4 and game.armies("kamchatka") == 4
    # fewer defenders than the house limit roll fewer dice
    game = game_with({"defence_dice": 3}, {"alaska": ("Ada", 6), "kamchatka": ("Bo", 2)})
    thrown = next(e for e in game.apply("blitz alaska kamchatka") if type(e).__name__ == "DiceRolled")
    assert len(thrown.defend) == 2


def test_a_defender_asked_may_choose_up_to_the_house_limit() -> None:
    game = game_with({"defence_dice": 3, "ask_defender": True}, {"alaska": ("Ada", 6), "kamchatka": ("Bo", 5)})
    game.apply("attack alaska kamchatka 3")
    assert [str(a) for a in game.legal_actions()] == ["defend 1", "defend 2", "defend 3"]
    assert rb.bots.Aggressive(seed=1).act(game.view("Bo")) == rb.Defend(3)
    board = rb.Board(game)
    assert board.hints["defend"] == {"max": 3, "target": "kamchatka"}
    before = game.state
    with pytest.raises(rb.IllegalAction) as info:
        game.apply("defend 4")
    assert info.value.code == "action/bad_dice" and game.state == before


def test_more_or_fewer_attacking_dice_in_the_engine() -> None:
    game = game_with({"attack_dice": 4}, {"alaska": ("Ada", 9), "kamchatka": ("Bo", 5)})
    assert max(a.dice for a in game.legal_actions() if isinstance(a, rb.Attack)) == 4
    thrown = game.apply("attack alaska kamchatka 4", dice=([6, 6, 1, 1], [5, 5]))[0]
    assert thrown.attack == (6, 6, 1, 1) and thrown.defender_losses == 2
    game = game_with({"attack_dice": 2}, {"alaska": ("Ada", 9), "kamchatka": ("Bo", 5)})
    before = game.state
    with pytest.raises(rb.IllegalAction) as info:
        game.apply("attack alaska kamchatka 3")
    assert info.value.code == "action/bad_dice" and "at most 2 dice" in str(info.value) and game.state == before
    # one army still stays behind: 2 armies roll 1 die whatever the house limit
    game = game_with({"attack_dice": 4}, {"alaska": ("Ada", 2), "kamchatka": ("Bo", 5)})
    assert max(a.dice for a in game.legal_actions() if isinstance(a, rb.Attack)) == 1


def test_ties_to_the_attacker_in_the_engine() -> None:
    game = game_with({"ties": "attacker"}, {"alaska": ("Ada", 6), "kamchatka": ("Bo", 5)})
    thrown = game.apply("attack alaska kamchatka 3", dice=([4, 3, 1], [4, 3]))[0]
    assert (thrown.attacker_losses, thrown.defender_losses) == (0, 2)
    printed = game_with({}, {"alaska": ("Ada", 6), "kamchatka": ("Bo", 5)})
    thrown = printed.apply("attack alaska kamchatka 3", dice=([4, 3, 1], [4, 3]))[0]
    assert (thrown.attacker_losses, thrown.defender_losses) == (2, 0)
    assert rb.resolve_battle([4, 3], [4, 3], rules=game.rules).defender_losses == 2


def test_the_board_shows_who_won_each_pair_by_the_games_ties() -> None:
    game = game_with({"ties": "attacker"}, {"alaska": ("Ada", 6), "kamchatka": ("Bo", 5)})
    board = rb.Board(game)
    board.game.apply("attack alaska kamchatka 3", dice=([4, 3, 1], [4, 2]))
    assert board.dice["pair_winners"] == ["attacker", "attacker"]
    printed = rb.Board(game_with({}, {"alaska": ("Ada", 6), "kamchatka": ("Bo", 5)}))
    printed.game.apply("attack alaska kamchatka 3", dice=([4, 3, 1], [4, 2]))
    assert printed.dice["pair_winners"] == ["defender", "attacker"]


ROUTE = {  # Ada's chain alaska - northwest_territory - greenland - iceland; only the first two border
    "alaska": ("Ada", 5),
    "northwest_territory": ("Ada", 1),
    "greenland": ("Ada", 1),
    "iceland": ("Ada", 1),
    "kamchatka": ("Bo", 2),
}


def test_fortify_adjacent_as_printed() -> None:
    game = game_with({}, ROUTE, phase="fortify")
    targets = {a.target for a in game.legal_actions() if isinstance(a, rb.Fortify) and a.source == "alaska"}
    assert targets == {"northwest_territory"}
    before = game.state
    with pytest.raises(rb.IllegalAction) as info:
        game.apply("fortify alaska iceland 2")
    assert info.value.code == "action/not_adjacent" and game.state == before


def test_fortify_connected() -> None:
    game = game_with({"fortify": "connected"}, ROUTE, phase="fortify")
    targets = {a.target for a in game.legal_actions() if isinstance(a, rb.Fortify) and a.source == "alaska"}
    assert targets == {"northwest_territory", "greenland", "iceland"}
    game.apply("fortify alaska iceland 2")
    assert game.armies("iceland") == 3 and game.current_player == "Bo"
    blocked = game_with({"fortify": "connected"}, {**ROUTE, "greenland": ("Cy", 1)}, phase="fortify")
    with pytest.raises(rb.IllegalAction) as info:
        blocked.apply("fortify alaska iceland 2")  # iceland is reachable only through Cy's greenland
    assert info.value.code == "action/not_connected"


def test_fortify_none() -> None:
    game = game_with({"fortify": "none"}, ROUTE)
    game.apply("end")
    assert game.current_player == "Bo" and game.phase == "reinforce"  # ending the attacks ends the turn
    game = game_with({"fortify": "none"}, ROUTE, phase="fortify")
    assert [str(a) for a in game.legal_actions()] == ["end"]
    with pytest.raises(rb.IllegalAction) as info:
        game.apply("fortify alaska northwest_territory 2")
    assert info.value.code == "action/no_fortify"


@pytest.mark.parametrize(
    ("fortify", "reach"), [("adjacent", "neighbouring"), ("connected", "connected"), ("none", "nowhere")]
)
def test_the_board_says_how_far_the_move_goes(fortify: str, reach: str) -> None:
    board = rb.Board(game_with({"fortify": fortify}, ROUTE, phase="fortify"))
    assert board.edition["rules"]["fortify"] == fortify
    assert reach in board.edition["words"]["fortify_reach"]
    board.select("alaska")
    expected = {
        "adjacent": {"northwest_territory": 4},
        "connected": dict.fromkeys(("northwest_territory", "greenland", "iceland"), 4),
    }
    assert board.hints["fortify"] == expected.get(fortify, {})


@pytest.mark.parametrize("bonus", [0, 2, 5])
def test_the_card_bonus(bonus: int) -> None:
    hand = {"Ada": ["alaska", "kamchatka", "wild_1"]}
    game = game_with(
        {"territory_bonus": bonus}, {"alaska": ("Ada", 3), "kamchatka": ("Bo", 3)}, phase="reinforce", hands=hand
    )
    board = rb.Board(game)
    faces = {c["id"]: c.get("bonus", 0) for c in board.view["hand"]}
    assert faces == {"alaska": bonus, "kamchatka": 0, "wild_1": 0}
    assert game.view("Ada").card_bonus("alaska") == bonus
    events = game.apply("trade alaska kamchatka wild_1")
    assert game.armies("alaska") == 3 + bonus
    assert events[0].bonus_territory == ("alaska" if bonus else None)
    # spent for this turn: the board stops promising it
    assert all("bonus" not in c for c in rb.Board(game).view["hand"])


@pytest.mark.parametrize(
    "options",
    [
        {"defence_dice": 3},
        {"attack_dice": 2},
        {"attack_dice": 5},
        {"ties": "attacker"},
        {"fortify": "connected"},
        {"fortify": "none"},
    ],
    ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()),
)
def test_bots_play_whole_games_under_house_rules(options: dict[str, Any]) -> None:
    for seed, kind in ((1, rb.bots.Aggressive), (2, rb.bots.Random)):
        game = rb.new_game("classic", players=PLAYERS, options=options, seed=seed)
        game.play({p: kind(seed=seed + i) for i, p in enumerate(PLAYERS)}, max_turns=60)  # a BotError would fail
        rules = game.rules
        for event in game.events():
            if type(event).__name__ == "DiceRolled":
                assert len(event.attack) <= rules.attack_dice and len(event.defend) <= rules.defence_dice
        assert rb.replay(game.record()).state == game.state


@pytest.mark.parametrize("options", [{"defence_dice": 3}, {"ties": "attacker"}, {"attack_dice": 2}])
def test_the_boards_odds_are_the_odds_under_the_games_rules(options: dict[str, Any]) -> None:
    game = game_with(options, {"alaska": ("Ada", 8), "kamchatka": ("Bo", 4), "northwest_territory": ("Bo", 9)})
    board = rb.Board(game)
    board.select("alaska")
    targets = board.hints["targets"]
    for target in ("kamchatka", "northwest_territory"):
        exact = rb.battle_odds(7, game.armies(target), rules=game.rules).p_win
        assert targets[target]["p_win"] == pytest.approx(exact, abs=1e-4)
        assert targets[target]["p_win"] != pytest.approx(rb.battle_odds(7, game.armies(target)).p_win, abs=1e-4)
    assert board.edition["rules"]["attack_dice"] == game.rules.attack_dice
    assert board.edition["rules"]["defence_dice"] == game.rules.defence_dice


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"defence_dice": 0}, "config/bad_option"),
        ({"attack_dice": 7}, "config/bad_option"),
        ({"ties": "coin_flip"}, "config/bad_option"),
        ({"fortify": "anywhere"}, "config/bad_option"),
        ({"ties": 1}, "config/bad_option"),
    ],
)
def test_impossible_house_rules_are_refused(options: dict[str, Any], code: str) -> None:
    with pytest.raises(rb.ConfigError) as info:
        rb.new_game("classic", players=PLAYERS, options=options)
    assert info.value.code == code
