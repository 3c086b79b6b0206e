"""The two-player game (RULES.md §4.5–4.8, D4, D9): before placing their troops the active player
adds exactly 3 troops to one neutral army on 1 to 3 of its territories; the neutral armies never
attack; the player not on turn chooses an attacked neutral army's dice when defenders are asked."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

import riskboard as rb

from .conftest import DUEL, IDS, duel, events_of, hand_of, illegal, own
from .spec_2010 import NEUTRAL_SUPPORT, NEUTRALS, expected_troops

BOARD = {
    "ukraine": ("Ada", 9),
    "ural": ("Ada", 3),
    "scandinavia": ("neutral_2", 2),
    "northern_europe": ("neutral_2", 1),
    "iceland": ("neutral_2", 1),
    "afghanistan": ("neutral_3", 4),
    "siberia": ("Bo", 5),
    "china": ("Bo", 3),
}


def neutral_step(**kw: Any) -> rb.Game:
    return duel(BOARD, **kw)


@pytest.mark.parametrize(
    "text",
    [
        "neutral neutral_2 scandinavia 3",
        "neutral neutral_2 scandinavia 2 iceland 1",
        "neutral neutral_2 iceland 1 scandinavia 2",
        "neutral neutral_2 scandinavia 1 iceland 1 northern_europe 1",
    ],
)
def test_three_troops_on_one_to_three_territories_of_one_neutral_army(text: str) -> None:
    game = neutral_step()
    before = {t: game.armies(t) for t in IDS}
    events = game.apply(text)
    (reinforced,) = events_of(events, "NeutralArmyReinforced")
    assert reinforced.army == "neutral_2" and reinforced.player == "Ada"
    words = text.split()[2:]
    given = {words[i]: int(words[i + 1]) for i in range(0, len(words), 2)}
    assert {t: game.armies(t) - before[t] for t in IDS if game.armies(t) != before[t]} == given
    assert sum(given.values()) == NEUTRAL_SUPPORT
    # then the player's own troops, counted as usual
    assert game.phase == "reinforce" and game.pending.decision == "place"
    assert game.reinforcements == expected_troops(game.territories("Ada"))


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("neutral neutral_2 scandinavia 2", "neutral/troops"),
        ("neutral neutral_2 scandinavia 4", "neutral/troops"),
        ("neutral neutral_2 scandinavia 1 iceland 1", "neutral/troops"),
        ("neutral neutral_2 scandinavia 2 iceland 2", "neutral/troops"),
        ("neutral neutral_1 alaska 1 alberta 1 ontario 1 quebec 1", "neutral/territories"),
        ("neutral neutral_1 alaska 1 alberta 1 ontario 1 quebec 0", "neutral/territories"),
        ("neutral neutral_2 scandinavia 2 scandinavia 1", "neutral/territories"),
        ("neutral neutral_2 scandinavia 2 afghanistan 1", "neutral/one_army"),
        ("neutral neutral_2 scandinavia 1 iceland 1 alaska 1", "neutral/one_army"),
        ("neutral neutral_3 scandinavia 3", "neutral/one_army"),
        ("neutral neutral_2 ukraine 3", "action/not_neutral"),
        ("neutral neutral_2 scandinavia 2 siberia 1", "action/not_neutral"),
        ("neutral neutral_2 scandinavia 3 iceland 0", "action/bad_count"),
        ("neutral neutral_4 scandinavia 3", "neutral/unknown_army"),
        ("neutral Ada ukraine 3", "neutral/unknown_army"),
        ("neutral neutral_2 atlantis 3", "action/unknown_territory"),
    ],
)
def test_anything_but_three_troops_on_one_neutral_army_is_refused(text: str, code: str) -> None:
    illegal(neutral_step(), text, code)


def test_a_neutral_army_without_territory_cannot_be_reinforced() -> None:
    game = duel({**BOARD, "afghanistan": ("Bo", 4)})
    assert "neutral_3" not in game.extras.neutral_armies
    illegal(game, "neutral neutral_3 afghanistan 3", "neutral/eliminated")


def test_the_legal_supports_are_every_way_to_split_three_troops_on_one_army() -> None:
    game = neutral_step()
    legal = game.legal_actions()
    assert {type(a) for a in legal} == {type(game.parse("neutral neutral_2 scandinavia 3"))}

    def ways(k: int) -> int:  # 3 on one; 2 + 1 on an ordered pair; 1 + 1 + 1 on three
        return k + k * (k - 1) + len(list(combinations(range(k), 3)))

    sizes = {army: len(game.territories(army)) for army in NEUTRALS}
    assert len(legal) == sum(ways(k) for k in sizes.values())
    assert len(set(map(str, legal))) == len(legal)
    for a in legal[::25]:
        assert game.is_legal(a) and game.parse(str(a)) == a


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("place 3 ukraine", "action/neutral_first"),
        ("end", "action/neutral_first"),
        ("attack ukraine scandinavia 3", "action/wrong_phase"),
        ("fortify ukraine ural 2", "action/wrong_phase"),
        ("occupy 3", "action/wrong_phase"),
    ],
)
def test_the_neutral_support_comes_before_anything_else(text: str, code: str) -> None:
    illegal(neutral_step(), text, code)


def test_no_star_trade_during_the_neutral_step() -> None:
    hand = hand_of(4, skip=BOARD)
    game = neutral_step(hands={"Ada": hand})
    illegal(game, "trade " + " ".join(hand), "action/neutral_first")
    game.apply("neutral neutral_3 afghanistan 3")
    game.apply("trade " + " ".join(hand))


def test_only_one_neutral_support_a_turn() -> None:
    game = neutral_step()
    game.apply("neutral neutral_2 iceland 3")
    illegal(game, "neutral neutral_3 afghanistan 3", "action/wrong_phase")
    game.apply(f"place {game.reinforcements} ukraine")
    illegal(game, "neutral neutral_3 afghanistan 3", "action/wrong_phase")


def test_troops_never_go_on_a_neutral_territory() -> None:
    game = neutral_step()
    game.apply("neutral neutral_2 iceland 3")
    illegal(game, "place 1 scandinavia", "action/not_owner")
    illegal(game, "place 1 alaska", "action/not_owner")
    illegal(game, "place 1 siberia", "action/not_owner")


def test_every_turn_begins_with_the_neutral_step_while_a_neutral_army_holds_land() -> None:
    game = duel(BOARD, phase="fortify")
    game.apply("end")
    assert game.current_player == "Bo" and game.phase == "neutral"
    assert (game.pending.player, game.pending.decision) == ("Bo", "neutral")
    game.apply("neutral neutral_3 afghanistan 3", player="Bo")
    assert game.phase == "reinforce" and game.reinforcements == expected_troops(game.territories("Bo"))


def test_the_neutral_step_is_skipped_when_no_neutral_army_is_left() -> None:
    board = {**own("Ada", IDS[:20], 2), **own("Bo", IDS[20:], 2)}
    game = duel(board, default=("Bo", 2), phase="fortify")
    game.apply("end")
    assert game.current_player == "Bo" and game.phase == "reinforce"
    assert game.extras.neutral_armies == {}
    with pytest.raises(rb.ConfigError) as info:
        duel(board, default=("Bo", 2), phase="neutral")
    assert info.value.code == "scenario/bad_phase"


# -- the neutral armies defend but never attack (§4.8, D4) --------------------------------------


def test_an_attacked_neutral_army_rolls_its_most_dice_when_nobody_is_asked() -> None:
    game = duel(BOARD, phase="attack")
    # the attacker's ones win no pair; the neutral dice are rolled, as many as allowed
    (roll,) = events_of(game.apply("attack ukraine scandinavia 3", dice=([1, 1, 1],)), "DiceRolled")
    assert len(roll.defend) == 2 and roll.defender == "neutral_2"
    (roll,) = events_of(game.apply("attack ukraine northern_europe 3", dice=([1, 1, 1],)), "DiceRolled")
    assert len(roll.defend) == 1


@pytest.mark.parametrize("current", DUEL)
def test_the_player_not_on_turn_chooses_the_neutral_armys_dice(current: str) -> None:
    other = next(p for p in DUEL if p != current)
    board = {**BOARD, "ural": (current, 6), "ukraine": (other, 4)}
    game = duel(board, current=current, phase="attack", options={"ask_defender": True})
    game.apply("attack ural afghanistan 3")
    assert (game.pending.player, game.pending.decision) == (other, "defend")
    assert {a.dice for a in game.legal_actions()} == {1, 2}
    illegal(game, "defend 1", "action/not_your_turn", player=current)
    illegal(game, "defend 3", "action/bad_dice", player=other)
    (roll,) = events_of(game.apply("defend 1", player=other, dice=([6, 5, 4], [6])), "DiceRolled")
    assert len(roll.defend) == 1 and roll.defender == "neutral_3"
    assert game.armies("afghanistan") == 4 and game.armies("ural") == 5


def test_a_players_own_territory_is_defended_by_that_player() -> None:
    board = {**BOARD, "ural": ("Ada", 6)}
    game = duel(board, phase="attack", options={"ask_defender": True})
    game.apply("attack ural siberia 3")
    assert (game.pending.player, game.pending.decision) == ("Bo", "defend")


@pytest.mark.parametrize("seed", [1, 2])
def test_neutral_armies_never_attack_and_never_decide(seed: int) -> None:
    game = rb.new_game("risk2010", players=list(DUEL), variant="two_player", seed=seed, options={"ask_defender": True})
    bots = {p: rb.bots.Aggressive(seed=seed + i) for i, p in enumerate(DUEL)}
    while not game.is_over and game.turn <= 300:
        player = game.pending.player
        assert player in DUEL
        game.apply(bots[player].act(game.view(player)), player=player)
    assert game.is_over
    rolls = events_of(game.events(), "DiceRolled")
    assert rolls and all(r.attacker in DUEL for r in rolls)
    assert any(r.defender in NEUTRALS for r in rolls)


def test_no_view_tells_which_cards_lie_under_the_neutral_armies() -> None:
    games = [
        duel(BOARD, reserved={"neutral_1": cards[:3], "neutral_2": cards[3:6], "neutral_3": cards[6:]})
        for cards in (
            ["peru", "brazil", "japan", "egypt", "congo", "india", "china", "siam", "alaska"],
            ["iceland", "ural", "kamchatka", "quebec", "ontario", "madagascar", "yakutsk", "mongolia", "irkutsk"],
        )
    ]
    for player in DUEL:
        a, b = (g.view(player) for g in games)
        assert a.extras.neutral_armies == b.extras.neutral_armies == dict.fromkeys(NEUTRALS, 3)
        assert (a.draw_pile_size, a.discard_pile, a.hand) == (b.draw_pile_size, b.discard_pile, b.hand)
        assert repr(a.extras) == repr(b.extras)
        assert [str(x) for x in a.legal_actions()] == [str(x) for x in b.legal_actions()]
