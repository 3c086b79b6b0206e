"""Seats, factions and alliances for 2, 3 and 4 players (RULES.md §6.1); the setup of §6.3: the
first player rolled, each player's first placement its leader and 1 robot on an empty zone, then
1 robot at a time on empty zones round the table, then on own zones, until each player has placed
30 robots (the leader not counted); then round 1 begins with the first player."""

from __future__ import annotations

from collections import Counter

import pytest

import riskboard as rb

from .conftest import FOUR, IDS, TF, decision, events_of, illegal, leaders, play_setup, texts
from .spec_tf import (
    ALLIANCES,
    AUTOBOT_COUNT,
    FACTIONS,
    LEADER_START_ROBOTS,
    SEATS,
    SETUP_ROBOTS,
    ZONES,
    income,
)

NAMES = {n: list(FOUR[:n]) for n in (2, 3, 4)}


def new(n: int, seed: int = 1, **options: object) -> rb.Game:
    return rb.new_game(TF, players=NAMES[n], seed=seed, options=options)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_seats_factions_and_alliances(n: int) -> None:
    game = new(n)
    assert game.extras.leaders == dict(zip(NAMES[n], SEATS[n]))
    assert game.extras.factions == {p: FACTIONS[leader] for p, leader in zip(NAMES[n], SEATS[n])}
    assert Counter(game.extras.factions.values()) == {"autobots": AUTOBOT_COUNT[n], "decepticons": n - AUTOBOT_COUNT[n]}
    assert game.extras.alliances == [tuple(NAMES[n][p] for p in team) for team in ALLIANCES[n]]
    # allies share a faction; opponents never do
    for a, b in ALLIANCES[n]:
        assert FACTIONS[SEATS[n][a]] == FACTIONS[SEATS[n][b]]


def test_four_players_alternate_the_factions_so_allies_do_not_follow_each_other() -> None:
    factions = list(new(4).extras.factions.values())
    assert all(factions[k] != factions[(k + 1) % 4] for k in range(4))


@pytest.mark.parametrize("n", [1, 5])
def test_two_to_four_players(n: int) -> None:
    with pytest.raises(rb.ConfigError):
        rb.new_game(TF, players=["Ada", "Bo", "Cy", "Di", "Ed"][:n], seed=1)


def test_the_first_player_is_rolled_for() -> None:
    firsts = set()
    for seed in range(40):
        game = new(4, seed=seed)
        assert game.phase == "setup" and game.state.first_player == game.players.index(game.current_player)
        firsts.add(game.current_player)
    assert firsts == set(FOUR)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_each_players_first_placement_is_its_leader_with_one_robot_on_an_empty_zone(n: int) -> None:
    game = new(n, seed=n)
    first = game.state.first_player
    assert game.extras.round == 0
    assert set(leaders(game).values()) == {None}
    taken: list[str] = []
    for k in range(n):
        player = NAMES[n][(first + k) % n]
        assert decision(game) == (player, "place_leader")
        empty = [z for z in IDS if z not in taken]
        assert texts(game) == {f"place 1 {z}" for z in empty}  # any empty zone
        zone = empty[5 * k]
        events = game.apply(f"place 1 {zone}")
        (placed,) = events_of(events, "LeaderPlaced")
        assert (placed.player, placed.leader, placed.territory) == (player, SEATS[n][(first + k) % n], zone)
        assert game.leader_at(zone) == player and leaders(game)[player] == zone
        assert game.owner(zone) == player and game.armies(zone) == 1 + LEADER_START_ROBOTS  # the leader counts
        taken.append(zone)
    assert decision(game)[1] == "claim"  # every leader has its zone: the claiming begins


@pytest.mark.parametrize("n", [2, 3, 4])
def test_claims_round_the_table_then_own_zones_until_thirty_robots_each(n: int) -> None:
    game = new(n, seed=10 + n)
    first = game.state.first_player
    steps = play_setup(game)
    assert len(steps) == n * SETUP_ROBOTS  # the leader's robot is one of the 30
    assert [p for p, _what, _a in steps] == [NAMES[n][(first + k) % n] for k in range(n * SETUP_ROBOTS)]
    whats = [what for _p, what, _a in steps]
    assert whats == ["place_leader"] * n + ["claim"] * (ZONES - n) + ["place"] * (n * SETUP_ROBOTS - ZONES)
    for p in NAMES[n]:
        assert sum(game.armies(z) for z in game.territories(p)) == SETUP_ROBOTS + 1  # 30 robots and the leader
        assert game.leader_at(leaders(game)[p]) == p
    assert sum(len(game.territories(p)) for p in NAMES[n]) == ZONES
    # the game begins: round 1, the first player places its robots
    assert game.phase == "reinforce" and game.extras.round == 1
    assert game.current_player == NAMES[n][first] and game.turn == 1
    assert game.reinforcements == income(game.territories(NAMES[n][first]))
    assert game.state.supply == (0,) * n


def test_claiming_offers_exactly_the_empty_zones_then_exactly_the_own_zones() -> None:
    game = new(2, seed=3)
    game.apply("place 1 alaska")
    game.apply("place 1 kamchatka")
    first = game.current_player
    assert "place 1 alaska" not in texts(game) and len(texts(game)) == ZONES - 2
    illegal(game, "place 1 kamchatka", "action/already_claimed")
    illegal(game, "place 2 peru", "action/bad_count")
    (claimed,) = events_of(game.apply("place 1 peru"), "TerritoryClaimed")
    assert (claimed.player, game.owner("peru"), game.armies("peru")) == (first, first, 1)
    while game.pending.decision == "claim":
        game.apply(game.legal_actions()[0])
    player = game.current_player
    assert decision(game) == (player, "place")
    assert texts(game) == {f"place 1 {z}" for z in game.territories(player)}
    other = next(z for z in IDS if game.owner(z) != player)
    illegal(game, f"place 1 {other}", "action/not_owner")
    zone = game.territories(player)[0]
    before = game.armies(zone)
    (placed,) = events_of(game.apply(f"place 1 {zone}"), "ArmiesPlaced")
    assert placed.count == 1 and game.armies(zone) == before + 1


def test_a_leader_starts_on_an_empty_zone_with_exactly_one_robot() -> None:
    game = new(3, seed=4)
    game.apply("place 1 alaska")
    illegal(game, "place 1 alaska", "action/already_claimed")
    illegal(game, "place 2 peru", "action/bad_count")
    illegal(game, "place 1 atlantis", "action/unknown_territory")


def test_the_setup_robots_option() -> None:
    game = new(2, seed=5, setup_robots=21)
    steps = play_setup(game)
    assert len(steps) == 2 * 21
    assert sorted(sum(game.armies(z) for z in game.territories(p)) for p in NAMES[2]) == [22, 22]
    with pytest.raises(rb.ConfigError):
        new(2, setup_robots=20)  # fewer than the 42 zones need between two players
