"""The worked examples of RULES.md §10.3 (CL-1 … CL-12) and the battle example of §1.1, each as
a test with the exact numbers of the table."""

from __future__ import annotations

import pytest

import riskboard as rb

from .conftest import ARTILLERY, CAVALRY, IDS, INFANTRY, attack_targets, events_of, illegal, own, scenario

# -- §1.1: attacker 6, 4, 3 against defender 5, 4 -------------------------------------------------


def test_section_1_1_battle_example_resolve_battle() -> None:
    result = rb.resolve_battle(attack=[6, 4, 3], defend=[5, 4])
    assert result.attacker_losses == 1  # 4 v 4: a tie goes to the defender
    assert result.defender_losses == 1  # 6 v 5
    assert result.pairs == [(6, 5), (4, 4)]  # the 3 is unpaired and ignored


def test_section_1_1_battle_example_in_a_game() -> None:
    # As BOP-3/§1.1: 10 attacking armies, 3 defending; 3 dice against 2.
    game = scenario({"scandinavia": ("Ada", 10), "iceland": ("Bo", 3)})
    events = game.apply("attack scandinavia iceland 3", dice=([3, 6, 4], [4, 5]))
    (rolled,) = events_of(events, "DiceRolled")
    assert (rolled.attack, rolled.defend) == ((6, 4, 3), (5, 4))
    assert (rolled.attacker_losses, rolled.defender_losses) == (1, 1)
    assert (game.armies("scandinavia"), game.armies("iceland")) == (9, 2)
    assert game.owner("iceland") == "Bo"


# -- CL-1 … CL-3: attack targets ----------------------------------------------------------------


def test_cl1_greenland_targets() -> None:
    game = scenario({"greenland": ("Ada", 4)}, default=("Bo", 1))
    assert attack_targets(game, "greenland") == {"northwest_territory", "ontario", "quebec", "iceland"}
    for target in IDS:
        if target not in {"greenland", "northwest_territory", "ontario", "quebec", "iceland"}:
            illegal(game, f"attack greenland {target} 1", "action/not_adjacent")


def test_cl2_north_africa_targets() -> None:
    game = scenario({"north_africa": ("Ada", 4)}, default=("Bo", 1))
    targets = attack_targets(game, "north_africa")
    assert {"egypt", "western_europe", "brazil"} <= targets  # named in the seed
    assert targets == {"brazil", "western_europe", "southern_europe", "egypt", "east_africa", "congo"}


def test_cl3_alaska_attacks_kamchatka_across_the_map_edge() -> None:
    game = scenario({"alaska": ("Ada", 4), "kamchatka": ("Bo", 1)}, default=("Cy", 1))
    assert "kamchatka" in attack_targets(game, "alaska")
    game.apply("attack alaska kamchatka 3", dice=([5, 1, 1], [4]))
    assert game.owner("kamchatka") == "Ada"
    # and back again from Asia
    game = scenario({"kamchatka": ("Ada", 4), "alaska": ("Bo", 1)}, default=("Cy", 1))
    assert "alaska" in attack_targets(game, "kamchatka")


# -- CL-4, CL-5: global set values ---------------------------------------------------------------


def trade_once(sets_traded: int, cards: tuple[str, ...] = INFANTRY[:3]) -> int:
    game = scenario(
        {"japan": ("Ada", 1)}, default=("Bo", 1), phase="reinforce", hands={"Ada": list(cards)}, sets_traded=sets_traded
    )
    before = game.reinforcements
    game.apply(rb.TradeCards(cards))
    return game.reinforcements - before


def test_cl4_third_set_of_the_game_is_worth_8_even_as_the_players_first() -> None:
    assert trade_once(2) == 8


def test_cl5_seventh_eighth_ninth_sets() -> None:
    game = scenario(
        {"japan": ("Ada", 1)},
        default=("Bo", 1),
        phase="reinforce",
        hands={"Ada": [*INFANTRY[:3], *CAVALRY[:3]]},
        sets_traded=6,
    )
    before = game.reinforcements
    game.apply(rb.TradeCards(INFANTRY[:3]))
    assert game.reinforcements - before == 20
    game.apply(rb.TradeCards(CAVALRY[:3]))
    assert game.reinforcements - before == 20 + 25
    assert trade_once(8) == 30
    assert trade_once(9) == 35  # each later set +5


# -- CL-6: starting infantry ---------------------------------------------------------------------


@pytest.mark.parametrize(("n", "armies"), [(3, 35), (4, 30), (5, 25), (6, 20)])
def test_cl6_starting_infantry(n: int, armies: int) -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy", "Di", "Ed", "Fay"][:n], seed=2)
    assert game.state.supply == (armies,) * n


# -- CL-7: forced trade with 5 or 6 cards ---------------------------------------------------------


@pytest.mark.parametrize("size", [5, 6])
def test_cl7_five_or_six_cards_must_trade(size: int) -> None:
    hand = [*INFANTRY[:3], *CAVALRY[:2], ARTILLERY[0]][:size]
    game = scenario({"japan": ("Ada", 1)}, default=("Bo", 1), phase="reinforce", hands={"Ada": hand})
    illegal(game, "place 1 japan", "cards/must_trade")
    game.apply(rb.TradeCards(INFANTRY[:3]))
    game.apply(f"place {game.reinforcements} japan")
    assert game.phase == "attack"


@pytest.mark.parametrize("size", [3, 4])
def test_cl7_three_or_four_cards_may_wait(size: int) -> None:
    hand = [*INFANTRY[:3], CAVALRY[0]][:size]
    game = scenario({"japan": ("Ada", 1)}, default=("Bo", 1), phase="reinforce", hands={"Ada": hand})
    assert rb.TradeCards(INFANTRY[:3]) in game.legal_actions()
    game.apply(f"place {game.reinforcements} japan")
    assert game.phase == "attack"
    assert len(game.hand("Ada")) == size


# -- CL-8: +2 on an owned card territory ----------------------------------------------------------


def test_cl8_owned_territory_card_gives_two_armies_there() -> None:
    game = scenario(
        {"japan": ("Ada", 1), "brazil": ("Ada", 4)},
        default=("Bo", 1),
        phase="reinforce",
        hands={"Ada": list(INFANTRY[:3])},
    )
    before = game.reinforcements
    game.apply(rb.TradeCards(INFANTRY[:3]))  # central_america, brazil, argentina: Ada owns brazil
    assert game.armies("brazil") == 6
    assert game.reinforcements == before + 4


# -- CL-9: dice limits ------------------------------------------------------------------------------


def test_cl9_three_armies_attack_with_at_most_two_dice() -> None:
    game = scenario({"ontario": ("Ada", 3), "quebec": ("Bo", 5)})
    illegal(game, "attack ontario quebec 3", "action/bad_dice")
    game.apply("attack ontario quebec 2", dice=([6, 6], [1, 1]))
    assert game.armies("quebec") == 3


def test_cl9_defender_dice_depend_on_its_armies() -> None:
    game = scenario({"ontario": ("Ada", 10), "quebec": ("Bo", 1)}, options={"ask_defender": True})
    game.apply("attack ontario quebec 3")
    assert set(game.legal_actions()) == {rb.Defend(1)}
    illegal(game, "defend 2", "action/bad_dice")
    game = scenario({"ontario": ("Ada", 10), "quebec": ("Bo", 2)}, options={"ask_defender": True})
    game.apply("attack ontario quebec 3")
    assert set(game.legal_actions()) == {rb.Defend(1), rb.Defend(2)}
    game = scenario({"ontario": ("Ada", 10), "quebec": ("Bo", 7)}, options={"ask_defender": True})
    game.apply("attack ontario quebec 3")
    assert set(game.legal_actions()) == {rb.Defend(1), rb.Defend(2)}
    illegal(game, "defend 3", "action/bad_dice")


# -- CL-10: territory income --------------------------------------------------------------------------


@pytest.mark.parametrize(("territories", "income"), [(14, 4), (11, 3), (5, 3), (1, 3)])
def test_cl10_territory_income(territories: int, income: int) -> None:
    # One territory from each continent first so that no continent is complete.
    spread = [
        "alaska", "venezuela", "iceland", "egypt", "ural", "indonesia", "alberta",
        "peru", "great_britain", "congo", "siberia", "new_guinea", "ontario", "brazil",
    ]  # fmt: skip
    owned = spread[:territories]
    others = [t for t in IDS if t not in owned]
    game = scenario(own("Ada", owned) | own("Bo", others), current="Bo", phase="fortify")
    game.apply("end")
    assert game.current_player == "Ada"
    assert game.reinforcements == income


# -- CL-11: pieces --------------------------------------------------------------------------------------
# Not applicable: 1 cavalry = 5 infantry and 1 artillery = 10 infantry = 2 cavalry are piece
# denominations only (RULES.md §0.3). The engine stores each territory's armies as one integer, so
# there is nothing to exchange and no behaviour that could be tested.


# -- CL-12: one card for a turn with conquests ----------------------------------------------------------


def test_cl12_exactly_one_card_after_a_turn_with_conquests() -> None:
    game = scenario(
        {"ontario": ("Ada", 20), "quebec": ("Bo", 1), "greenland": ("Bo", 1), "argentina": ("Bo", 1)},
        default=("Cy", 1),
    )
    game.apply("attack ontario quebec 1", dice=([6], [1]))
    game.apply("occupy 1")
    game.apply("attack ontario greenland 1", dice=([6], [1]))
    game.apply("occupy 1")
    game.apply("end")
    events = game.apply("end")
    assert len(events_of(events, "CardDrawn")) == 1
    assert len(game.hand("Ada")) == 1
    assert len(game.state.draw_pile) == 43
