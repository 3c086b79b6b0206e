"""The turn outside the liberation actions (RULES.md §6.3, §6.6, D29): robots to place as classic,
max(3, zones ÷ 3) plus every sector held in full; a leader's return from the scrapyard for 3 of
those robots; the end-of-turn move along own zones, the leader only when named; one card after a
turn with a liberation."""

from __future__ import annotations

import pytest

from rules.spec_world import CONTINENTS

from .conftest import (
    FOUR,
    IDS,
    decision,
    end_turn,
    events_of,
    illegal,
    leaders,
    own,
    scenario,
    texts,
    units,
    yard,
)
from .spec_tf import REVIVE_COST, UPGRADE_CARDS, income


# -- robots to place ------------------------------------------------------------------------------
def _holding(count: int, continents: tuple[str, ...] = ()) -> list[str]:
    """``count`` zones, the given continents in full, the rest from the continents not named."""
    full = [z for c in continents for z in CONTINENTS[c]]
    rest = [z for z in IDS if z not in full and not any(z in CONTINENTS[c] for c in continents)]
    # leave one zone of every other continent to the opponent so no bonus comes by accident
    spare = {c: members[0] for c, members in CONTINENTS.items() if c not in continents}
    rest = [z for z in rest if z not in spare.values()]
    assert count >= len(full)
    zones = full + rest[: count - len(full)]
    assert len(zones) == count, "not enough zones for this holding"
    return zones


@pytest.mark.parametrize(
    ("count", "continents"),
    [
        (1, ()),
        (8, ()),
        (11, ()),
        (12, ()),
        (14, ()),
        (15, ()),
        (30, ()),
        (4, ("australia",)),
        (9, ("australia",)),
        (8, ("australia", "south_america")),
        (9, ("north_america",)),
        (12, ("asia",)),
        (13, ("africa", "europe")),
    ],
)
def test_robots_to_place_are_zones_by_three_at_least_three_plus_sectors(count: int, continents: tuple) -> None:
    zones = _holding(count, continents)
    game = scenario(own("Ada", zones, 2), phase="reinforce")
    assert game.reinforcements == income(zones)
    expected = max(3, count // 3) + sum({"australia": 2, "south_america": 2, "north_america": 5,
                                         "asia": 7, "africa": 3, "europe": 5}[c] for c in continents)  # fmt: skip
    assert game.reinforcements == expected
    assert decision(game) == ("Ada", "place")


def test_the_next_turn_starts_with_the_robots_its_zones_give() -> None:
    zones = _holding(6, ("australia",))
    game = scenario(own("Bo", zones, 2), default=("Ada", 1), phase="fortify", current="Ada")
    (started,) = events_of(end_turn(game), "TurnStarted")
    assert started.player == "Bo" and started.reinforcements == game.reinforcements == income(zones) == 5


def test_robots_are_placed_on_own_zones_in_any_split() -> None:
    game = scenario({"ukraine": ("Ada", 4), "ural": ("Ada", 2)}, phase="reinforce", reinforcements=5)
    assert {t for t in texts(game)} == {f"place {k} {z}" for k in range(1, 6) for z in ("ukraine", "ural")}
    illegal(game, "place 1 siberia", "action/not_owner")
    illegal(game, "place 6 ural", "action/bad_count")
    illegal(game, "attack ukraine scandinavia 1", "action/wrong_phase")
    illegal(game, "end", "action/armies_left")
    game.apply("place 2 ural")
    assert (game.reinforcements, game.phase) == (3, "reinforce")
    game.apply("place 3 ukraine")
    assert units(game, "ukraine", "ural") == (7, 4) and game.phase == "attack"


def test_the_minimum_robots_option() -> None:
    game = scenario({"ukraine": ("Ada", 4)}, phase="reinforce", options={"min_reinforcements": 5})
    assert game.reinforcements == 5


# -- a leader back from the scrapyard -------------------------------------------------------------
def revivable(reinforcements: int | None = None, **kw: object) -> object:
    extras = {} if reinforcements is None else {"reinforcements": reinforcements}
    return scenario(
        {"ukraine": ("Ada", 4), "ural": ("Ada", 2)},
        phase="reinforce",
        leaders={"Ada": "scrapyard"},
        scrapyard={"Ada": 5},
        **extras,
        **kw,
    )


def test_a_scrapped_leader_returns_to_an_own_zone_for_three_robots_which_go_to_the_scrapyard() -> None:
    game = revivable(reinforcements=7)
    assert {t for t in texts(game) if t.startswith("revive")} == {"revive ukraine", "revive ural"}
    events = game.apply("revive ural")
    (revived,) = events_of(events, "LeaderRevived")
    assert (revived.player, revived.leader, revived.territory, revived.cost) == ("Ada", "optimus_prime", "ural", 3)
    assert leaders(game)["Ada"] == "ural" and game.leader_at("ural") == "Ada"
    assert units(game, "ural") == (3,)  # the leader is a unit of its zone
    assert yard(game)["Ada"] == 5 + REVIVE_COST
    assert game.reinforcements == 7 - REVIVE_COST and game.phase == "reinforce"
    assert not any(t.startswith("revive") for t in texts(game))  # once back, no second return


def test_the_return_may_use_the_last_three_robots() -> None:
    game = revivable(reinforcements=3)
    game.apply("revive ukraine")
    assert game.phase == "attack" and game.reinforcements == 0 and game.leader_at("ukraine") == "Ada"


def test_no_return_with_fewer_than_three_robots_or_a_leader_on_the_board() -> None:
    game = revivable(reinforcements=2)
    assert not any(t.startswith("revive") for t in texts(game))
    illegal(game, "revive ural", "leader/too_few_robots")
    on_board = scenario({"ukraine": ("Ada", 4)}, phase="reinforce")
    assert not any(t.startswith("revive") for t in texts(on_board))
    illegal(on_board, "revive ukraine", "leader/not_scrapped")
    game = revivable()
    illegal(game, "revive siberia", "action/not_owner")


def test_the_return_is_made_in_the_robot_placing_step_only() -> None:
    game = scenario({"ukraine": ("Ada", 4), "ural": ("Ada", 2)}, leaders={"Ada": "scrapyard"})
    illegal(game, "revive ural", "action/wrong_phase")


def test_the_revive_cost_option() -> None:
    game = revivable(reinforcements=5, options={"revive_cost": 5})
    game.apply("revive ural")
    assert yard(game)["Ada"] == 10 and game.phase == "attack"


# -- the end-of-turn move -------------------------------------------------------------------------
CHAIN = {"scandinavia": ("Ada", 6), "ukraine": ("Ada", 2), "afghanistan": ("Ada", 2), "india": ("Ada", 2)}


def test_the_move_goes_along_own_zones_and_the_leader_stays_unless_named() -> None:
    game = scenario(CHAIN, phase="fortify", leaders={"Ada": "scandinavia"})
    offered = texts(game)
    assert {f"fortify scandinavia india {k}" for k in range(1, 6)} <= offered
    assert {f"fortify scandinavia india {k} leader" for k in range(1, 6)} <= offered
    assert not any(t.endswith("leader") and not t.startswith("fortify scandinavia") for t in offered)
    events = game.apply("fortify scandinavia india 5")
    (moved,) = events_of(events, "ArmiesMoved")
    assert moved.count == 5 and units(game, "scandinavia", "india") == (1, 7)
    assert game.leader_at("scandinavia") == "Ada"  # the 5 were robots; the leader guards alone
    assert game.current_player == "Bo"  # one move, then the turn ends


def test_the_leader_moves_when_named_and_counts_among_the_units_moved() -> None:
    game = scenario(CHAIN, phase="fortify", leaders={"Ada": "scandinavia"})
    game.apply("fortify scandinavia india 3 leader")
    assert units(game, "scandinavia", "india") == (3, 5)
    assert game.leader_at("india") == "Ada" and game.leader_at("scandinavia") is None
    alone = scenario(CHAIN, phase="fortify", leaders={"Ada": "scandinavia"})
    alone.apply("fortify scandinavia ukraine 1 leader")  # the leader alone
    assert units(alone, "scandinavia", "ukraine") == (5, 3) and alone.leader_at("ukraine") == "Ada"


def test_the_leader_moves_only_from_where_it_stands() -> None:
    game = scenario(CHAIN, phase="fortify", leaders={"Ada": "india"})
    illegal(game, "fortify scandinavia india 3 leader", "leader/not_here")
    illegal(game, "fortify scandinavia india 6", "action/bad_count")  # one unit stays
    illegal(game, "fortify scandinavia siberia 1", "action/not_owner")


def test_the_move_does_not_cross_an_allys_zones() -> None:
    board = {"scandinavia": ("Ada", 6), "ukraine": ("Cy", 2), "ural": ("Ada", 2)}
    game = scenario(board, phase="fortify", players=FOUR, default=("Bo", 1))
    assert not any(t.startswith("fortify scandinavia ural") for t in texts(game))
    illegal(game, "fortify scandinavia ural 2", "action/not_connected")


# -- one card after a turn with a liberation ------------------------------------------------------
def test_one_card_after_a_turn_with_liberations_none_without() -> None:
    board = {"ukraine": ("Ada", 9), "scandinavia": ("Bo", 1), "ural": ("Bo", 1), "siberia": ("Bo", 3)}
    game = scenario(board, leaders={"Ada": "ukraine", "Bo": "siberia"})
    game.apply("attack ukraine scandinavia 2", dice=([6, 6], [1]))
    game.apply("occupy 2")
    events = end_turn(game)
    (drawn,) = events_of(events, "CardDrawn")
    assert drawn.player == "Ada" and game.hand("Ada") == (drawn.card,)
    assert drawn.card.startswith("upgrade_") and 1 <= int(drawn.card.split("_")[1]) <= UPGRADE_CARDS
    # Bo liberates nothing: no card
    assert not events_of(end_turn(game), "CardDrawn") and game.hand("Bo") == ()


def test_two_liberations_still_give_one_card() -> None:
    board = {"ukraine": ("Ada", 9), "scandinavia": ("Bo", 1), "ural": ("Bo", 1), "siberia": ("Bo", 3)}
    game = scenario(board, leaders={"Ada": "ukraine", "Bo": "siberia"})
    game.apply("attack ukraine scandinavia 2", dice=([6, 6], [1]))
    game.apply("occupy 2")
    game.apply("attack scandinavia iceland 1", dice=([6], [1]))
    events = end_turn(game)
    assert len(events_of(events, "CardDrawn")) == 1 and len(game.hand("Ada")) == 1


def test_the_42_upgrade_cards() -> None:
    game = scenario({"ukraine": ("Ada", 4)})
    assert sorted(game.state.draw_pile) == sorted(f"upgrade_{k}" for k in range(1, UPGRADE_CARDS + 1))


def test_a_scenario_in_the_placing_step_gives_what_the_turn_would_near_the_limit() -> None:
    """One count of a turn's robots: a scenario starting in the placing step gives the player
    what the start of their turn gives, within the most units an owner holds (D34)."""
    zones = list(IDS[::3][:14])  # no sector held in full
    assert income(zones) == 4
    most = 10_000  # D34: the most units an owner holds
    board = {**own("Ada", zones), zones[0]: ("Ada", most - 2 - 13)}  # 2 short of the limit
    game = scenario(board, phase="reinforce", leaders={"Ada": zones[1], "Bo": IDS[20]})
    assert game.reinforcements == 2
