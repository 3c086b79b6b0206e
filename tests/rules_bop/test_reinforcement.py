"""Reinforcements (RULES.md §5.8, BOP-10) and star trades (§5.9, D21, D22, BOP-6, BOP-15)."""

from __future__ import annotations

import pytest

import riskboard as rb

from .conftest import IDS, events_of, illegal, own, scenario
from .spec_bop import BONUS, REGIONS, STAR_TABLE, TWO_STARS

ONE_STAR = tuple(t for t in IDS if t not in TWO_STARS)
TWO_STAR = tuple(sorted(TWO_STARS))


def expected_income(owned: set[str], cities: set[str], capitals_held: int) -> int:
    """§5.8 from the spec's own tables: max(3, (T + C) // 3) + region bonuses + capitals."""
    total = max(3, (len(owned) + len(owned & cities)) // 3)
    total += sum(BONUS[r] for r, members in REGIONS.items() if set(members) <= owned)
    return total + capitals_held


def reinforce_game(red: list[str], *, cities: list[str] = (), capitals: dict | None = None, **kw) -> rb.Game:  # type: ignore[assignment,type-arg]
    blue = next(t for t in ("central_russia", "estonia") if t not in red)
    return scenario(
        {**own("red", red, 2), blue: ("blue", 2)},
        phase="reinforce",
        cities=list(cities),
        capitals=capitals or {"red": red[0], "blue": blue},
        missions=[],
        **kw,
    )


def test_the_minimum_is_three_plus_the_capital() -> None:
    game = reinforce_game(["finland"])
    assert game.reinforcements == 3 + 1


@pytest.mark.parametrize(
    ("n_territories", "n_cities"), [(5, 0), (6, 0), (8, 0), (9, 0), (7, 2), (8, 1), (10, 2), (12, 3), (13, 5)]
)
def test_territories_plus_cities_divided_by_three(n_territories: int, n_cities: int) -> None:
    # no complete region: one territory from each region first, then the rest
    order = [
        "great_britain",
        "norway",
        "germany",
        "italy",
        "estonia",
        "romania",
        "ireland",
        "sweden",
        "prussia",
        "austria",
        "latvia",
        "belarus",
        "slovenia",
    ]
    red = order[:n_territories]
    cities = red[1 : 1 + n_cities]
    game = reinforce_game(red, cities=[*cities, "central_russia"])  # a city on another's land does not count
    expected = max(3, (n_territories + n_cities) // 3) + 1
    assert game.reinforcements == expected == expected_income(set(red), set(cities), 1)
    (total, detail) = game.extras.income("red")
    assert total == expected
    cities = f"{n_cities} {'city' if n_cities == 1 else 'cities'}"
    assert f"{n_territories} territories and {cities}" in detail


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_each_region_gives_its_bonus(region: str) -> None:
    red = list(REGIONS[region])
    game = reinforce_game(red)
    assert game.reinforcements == max(3, len(red) // 3) + BONUS[region] + 1
    assert f"{BONUS[region]} for region {region}" in game.extras.income("red")[1]
    partial = reinforce_game(red[:-1])
    assert partial.reinforcements == 3 + 1


def test_two_regions_add_both_bonuses() -> None:
    red = [*REGIONS["green"], *REGIONS["orange"]]
    game = reinforce_game(red)
    assert game.reinforcements == 9 // 3 + BONUS["green"] + BONUS["orange"] + 1


def test_a_capital_held_by_nobody_of_yours_gives_nothing() -> None:
    # blue's capital on blue's land: red only counts its own
    game = scenario(
        {"ireland": ("red", 2), "finland": ("blue", 3)},
        phase="reinforce",
        capitals={"red": "ireland", "blue": "finland"},
        missions=[],
    )
    assert game.reinforcements == 3 + 1
    assert game.extras.income("blue")[0] == 3 + 1


def test_a_capital_is_not_a_city() -> None:
    # D18: 11 territories, no city: 11 // 3 = 3 (a capital counted as a city would make 12 // 3 = 4)
    red = [
        "great_britain",
        "norway",
        "germany",
        "italy",
        "estonia",
        "romania",
        "ireland",
        "sweden",
        "prussia",
        "austria",
        "latvia",
    ]
    game = reinforce_game(red, capitals={"red": "ireland", "blue": "central_russia"})
    assert game.reinforcements == 3 + 1
    assert "0 cities" in game.extras.income("red")[1]


def test_min_reinforcements_option() -> None:
    game = reinforce_game(["finland"], options={"min_reinforcements": 5})
    assert game.reinforcements == 5 + 1


def test_reinforcements_go_only_on_own_territories_in_any_split() -> None:
    game = reinforce_game(["finland", "sweden", "norway"])
    assert game.reinforcements == 4
    illegal(game, "place 1 central_russia", "action/not_owner")
    illegal(game, "place 1 denmark", "action/not_owner")
    illegal(game, "place 5 finland", "action/bad_count")
    illegal(game, "place 0 finland", "action/bad_count")
    game.apply("place 1 finland")
    game.apply("place 1 sweden")
    assert game.phase == "reinforce"
    game.apply("place 2 norway")
    assert game.phase == "attack"
    assert (game.armies("finland"), game.armies("sweden"), game.armies("norway")) == (3, 3, 4)


# -- §5.9 stars ------------------------------------------------------------------------------------


def trade_game(hand: list[str]) -> rb.Game:
    return scenario(
        {"great_britain": ("red", 3), "central_russia": ("blue", 3)},
        phase="reinforce",
        hands={"red": hand},
        missions=[],
    )


@pytest.mark.parametrize("card", IDS)
def test_which_cards_have_two_stars(card: str) -> None:
    """D22: a card traded alone is legal exactly when it has 2 stars (2 stars → 2 units)."""
    game = trade_game([card])
    if card in TWO_STARS:
        (traded,) = events_of(game.apply(f"trade {card}"), "CardsTraded")
        assert traded.armies == 2
    else:
        illegal(game, f"trade {card}", "cards/bad_stars")


def test_the_deck_has_12_two_star_and_18_one_star_cards() -> None:
    assert len(TWO_STARS) == 12 and len(ONE_STAR) == 18
    assert 2 * 12 + 18 == 42


def test_one_star_is_refused_and_eleven_or_more_too() -> None:
    game = trade_game([*ONE_STAR[:11], *TWO_STAR[:1]])
    illegal(game, f"trade {ONE_STAR[0]}", "cards/bad_stars")
    illegal(game, "trade " + " ".join(ONE_STAR[:11]), "cards/bad_stars")  # 11 stars
    illegal(game, "trade " + " ".join([*ONE_STAR[:10], TWO_STAR[0]]), "cards/bad_stars")  # 12 stars
    game.apply("trade " + " ".join(ONE_STAR[:10]))  # 10 stars is the top of the table


def test_twelve_stars_as_ten_plus_two_give_32() -> None:
    game = trade_game([*ONE_STAR[:10], TWO_STAR[0]])
    before = game.reinforcements
    game.apply("trade " + " ".join(ONE_STAR[:10]))
    game.apply(f"trade {TWO_STAR[0]}")
    assert game.reinforcements == before + 30 + 2
    assert game.hand("red") == ()


def test_twelve_stars_as_six_plus_six_give_26() -> None:
    game = trade_game(list(TWO_STAR[:6]))
    before = game.reinforcements
    game.apply("trade " + " ".join(TWO_STAR[:3]))
    game.apply("trade " + " ".join(TWO_STAR[3:6]))
    assert game.reinforcements == before + 13 + 13


def test_several_trades_in_one_turn_without_limit() -> None:
    game = trade_game(list(TWO_STAR[:5]))
    before = game.reinforcements
    for card in TWO_STAR[:5]:
        game.apply(f"trade {card}")
    assert game.reinforcements == before + 5 * 2
    assert game.state.discard_pile == TWO_STAR[:5]


def test_trading_is_never_forced_and_there_is_no_hand_limit() -> None:
    game = trade_game(list(ONE_STAR[:12]))
    game.apply(f"place {game.reinforcements} great_britain")
    assert game.phase == "attack"
    assert len(game.hand("red")) == 12


def test_bad_trades() -> None:
    game = trade_game([ONE_STAR[0], ONE_STAR[1]])
    illegal(game, f"trade {ONE_STAR[0]} {ONE_STAR[0]}", "cards/duplicate")
    illegal(game, f"trade {ONE_STAR[0]} {ONE_STAR[2]}", "cards/not_in_hand")
    game.apply(f"place {game.reinforcements} great_britain")
    illegal(game, f"trade {ONE_STAR[0]} {ONE_STAR[1]}", "action/wrong_phase")


def test_legal_trades_are_worth_two_to_ten_stars() -> None:
    hand = [*ONE_STAR[:7], *TWO_STAR[:4]]
    game = trade_game(hand)
    trades = [a for a in game.legal_actions() if isinstance(a, rb.TradeCards)]
    worth = {sum(2 if c in TWO_STARS else 1 for c in a.cards) for a in trades}
    assert worth == set(STAR_TABLE)
    for a in trades:
        assert game.is_legal(a)
