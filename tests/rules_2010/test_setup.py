"""Setting up the three variants (RULES.md §4.3–4.5, D7, D8, D12): the simple game's deal of all
42 cards with troops by stars and the hidden ceasefire depth, the classic variant's claiming with
35/30/25 troops, the two-player deal with three neutral armies and their reserved cards."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import riskboard as rb

from .conftest import IDS, NAMES, R2010, illegal, scenario
from .spec_2010 import (
    CEASEFIRE_WINDOW,
    NEUTRAL_CARDS,
    NEUTRALS,
    RESERVED_CARDS,
    SIMPLE_DEAL,
    STARTING_TROOPS,
    TWO_PLAYER_CARDS,
    TWO_PLAYER_PILE,
    TWO_STARS,
    expected_troops,
)


def new(n: int, seed: int, variant: str = "simple", **kw: Any) -> rb.Game:
    players = NAMES[:n] if variant != "two_player" else ("Ada", "Bo")
    return rb.new_game(R2010, players=list(players), variant=variant, seed=seed, **kw)


def seat_order(game: rb.Game) -> list[str]:
    """The players in turn order from the first player."""
    n = len(game.players)
    first = game.state.first_player
    return [game.players[(first + k) % n] for k in range(n)]


# -- simple: deal all 42 cards, troops by stars (§4.3) ------------------------------------------


@pytest.mark.parametrize("n", [3, 4, 5])
@pytest.mark.parametrize("seed", range(6))
def test_simple_deal_gives_each_seat_its_printed_number_of_territories(n: int, seed: int) -> None:
    game = new(n, seed)
    counts = [len(game.territories(p)) for p in seat_order(game)]
    assert counts == list(SIMPLE_DEAL[n])  # the extra cards go to the last players in turn order
    assert sum(counts) == 42
    assert all(game.owner(t) in game.players for t in IDS)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_simple_deal_places_one_troop_per_star(n: int) -> None:
    for seed in range(4):
        game = new(n, seed)
        for t in IDS:
            assert game.armies(t) == (2 if t in TWO_STARS else 1), t
        for p in game.players:
            owned = game.territories(p)
            assert game.stats()[p]["armies"] == len(owned) + len(set(owned) & TWO_STARS)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_simple_game_begins_with_every_card_back_in_the_pile_and_the_first_players_troops(n: int) -> None:
    game = new(n, 11)
    s = game.state
    assert all(hand == () for hand in s.hands)
    assert sorted(s.draw_pile) == sorted(IDS) and s.discard_pile == ()
    assert game.phase == "reinforce" and game.turn == 1
    first = seat_order(game)[0]
    assert game.current_player == first and game.pending.player == first
    assert game.reinforcements == expected_troops(game.territories(first))


def test_the_first_player_is_rolled_for() -> None:
    firsts = Counter(new(4, seed).current_player for seed in range(40))
    assert set(firsts) == set(NAMES[:4])


# -- the ceasefire card (§4.3 step 4, D7) --------------------------------------------------------


@pytest.mark.parametrize(("n", "length"), sorted(CEASEFIRE_WINDOW))
def test_the_ceasefire_depth_is_drawn_uniformly_from_the_window(n: int, length: str) -> None:
    low, high = CEASEFIRE_WINDOW[(n, length)]
    depths = Counter(new(n, seed, options={"game_length": length}).state.extra.ceasefire for seed in range(100))
    assert set(depths) == set(range(low, high + 1)), depths  # every depth of the window, nothing else
    assert max(depths.values()) <= 35, depths  # roughly uniform: 20 expected per value


@pytest.mark.parametrize(("n", "length"), sorted(CEASEFIRE_WINDOW))
def test_the_public_ceasefire_range_is_the_window_not_the_depth(n: int, length: str) -> None:
    low, high = CEASEFIRE_WINDOW[(n, length)]
    for seed in range(3):
        game = new(n, seed, options={"game_length": length})
        # as positions among the next cards drawn: 1 = the next card; the card lies below low..high cards
        assert game.extras.ceasefire_range() == (low + 1, high + 1)
        assert game.view(game.players[0]).extras.ceasefire_range() == (low + 1, high + 1)
        assert game.extras.cards_drawn == 0


def test_medium_is_the_default_game_length() -> None:
    assert new(3, 1).extras.ceasefire_range() == (14, 18)
    assert new(5, 1).extras.ceasefire_range() == (24, 28)


def test_three_players_have_no_short_game_and_no_game_is_long() -> None:
    with pytest.raises(rb.ConfigError) as info:
        new(3, 1, options={"game_length": "short"})
    assert info.value.code == "config/bad_option"
    for length in ("long", "quick", 3):
        with pytest.raises(rb.ConfigError):
            new(4, 1, options={"game_length": length})


def test_the_ceasefire_window_option_replaces_the_printed_window() -> None:
    depths = {new(3, seed, options={"ceasefire_window": [2, 4]}).state.extra.ceasefire for seed in range(40)}
    assert depths == {2, 3, 4}
    # with a window even a 3-player short game is possible (the window decides)
    assert new(3, 1, options={"game_length": "short", "ceasefire_window": [5, 5]}).state.extra.ceasefire == 5
    for bad in ([5, 4], [-1, 3], [0, 42], [1], "13-17", [1.0, 2.0], [True, 3]):
        with pytest.raises(rb.ConfigError):
            new(3, 1, options={"ceasefire_window": bad})


@pytest.mark.parametrize("variant", ["classic", "two_player"])
def test_only_the_simple_game_uses_the_ceasefire_card(variant: str) -> None:
    game = new(3, 1, variant)
    assert game.state.extra.ceasefire == -1
    assert game.extras.ceasefire_range() is None
    assert game.extras.ceasefire_note() == ""


# -- classic: claim, 35/30/25, one troop at a time (§4.4, D8) -----------------------------------


@pytest.mark.parametrize("n", [3, 4, 5])
def test_classic_claim_starts_empty_with_35_30_25_troops_each(n: int) -> None:
    game = new(n, 2, "classic")
    assert game.config.setup == "claim"  # the default
    assert game.phase == "setup"
    assert all(game.owner(t) is None for t in IDS)
    assert game.state.supply == (STARTING_TROOPS[n],) * n
    assert game.pending.decision == "claim" and game.pending.player == seat_order(game)[0]
    assert game.state.draw_pile and sorted(game.state.draw_pile) == sorted(IDS)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_classic_claim_goes_round_the_table_one_troop_at_a_time(n: int) -> None:
    game = new(n, 5, "classic")
    order = seat_order(game)
    illegal(game, f"place 2 {IDS[0]}", "action/bad_count")
    placed = 0
    while game.phase == "setup":
        assert game.current_player == order[placed % n], placed  # one troop each, in turn order
        mine = game.territories(game.current_player)
        free = [t for t in IDS if game.owner(t) is None]
        if free:
            assert game.pending.decision == "claim"
            taken = next((t for t in IDS if game.owner(t) is not None), None)
            if taken is not None:
                illegal(game, f"place 1 {taken}", "action/already_claimed")
            game.apply(f"place 1 {free[0]}")
        else:
            assert game.pending.decision == "place"
            other = next(t for t in IDS if game.owner(t) != game.current_player)
            illegal(game, f"place 1 {other}", "action/not_owner")
            game.apply(f"place 1 {mine[0]}")
        placed += 1
    assert placed == STARTING_TROOPS[n] * n
    for p in game.players:
        assert game.stats()[p]["armies"] == STARTING_TROOPS[n]
    # the first player takes the first turn
    assert game.current_player == order[0] and game.phase == "reinforce" and game.turn == 1
    assert game.reinforcements == expected_troops(game.territories(order[0]))


@pytest.mark.parametrize("n", [3, 4, 5])
def test_classic_deal_deals_the_territories_and_leaves_the_rest_to_place(n: int) -> None:
    game = new(n, 6, "classic", setup="deal")
    assert game.phase == "setup" and game.pending.decision == "place"
    counts = [len(game.territories(p)) for p in game.players]
    assert sum(counts) == 42 and max(counts) - min(counts) <= 1
    assert all(game.armies(t) == 1 for t in IDS)
    assert list(game.state.supply) == [STARTING_TROOPS[n] - c for c in counts]


@pytest.mark.parametrize("n", [4, 5])
@pytest.mark.parametrize("seed", range(4))
def test_classic_deal_gives_the_territories_left_over_to_the_last_players(n: int, seed: int) -> None:
    """As the simple game's deal (§4.3): 42 = 10 × 4 + 2 = 8 × 5 + 2, the two extra territories to
    the last two players in turn order."""
    game = new(n, seed, "classic", setup="deal")
    counts = [len(game.territories(p)) for p in seat_order(game)]
    assert counts == [42 // n] * (n - 2) + [42 // n + 1] * 2


def test_a_scenario_cannot_put_the_ceasefire_card_where_players_know_it_is_not() -> None:
    """The players know the window and the cards drawn (§4.3, D7): a position whose hidden depth
    contradicts them is impossible (3 players: 13 to 17 cards above it at the start)."""
    position = {"ukraine": ("Ada", 9), "scandinavia": ("Bo", 2)}
    for ceasefire, drawn in ((13, 0), (17, 0), (7, 6), (11, 6), (0, 17)):
        assert scenario(position, ceasefire=ceasefire, drawn=drawn, seed=3).state.extra.ceasefire == ceasefire
    for ceasefire, drawn in ((12, 0), (18, 0), (0, 0), (12, 6), (0, 18)):
        with pytest.raises(rb.ConfigError) as err:
            scenario(position, ceasefire=ceasefire, drawn=drawn, seed=3)
        assert err.value.code == "scenario/impossible"


def test_starting_troops_can_be_set_by_option() -> None:
    game = new(3, 1, "classic", options={"starting_troops": {3: 20}})
    assert game.state.supply == (20, 20, 20)
    with pytest.raises(rb.ConfigError):
        new(3, 1, "classic", options={"starting_troops": {3: 13}})  # too few to claim 14 territories each


# -- two players and three neutral armies (§4.5) --------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_two_player_deal_12_12_and_6_to_each_neutral_army_troops_by_stars(seed: int) -> None:
    game = new(2, seed, "two_player")
    for who in ("Ada", "Bo"):
        assert len(game.territories(who)) == TWO_PLAYER_CARDS
    for army in NEUTRALS:
        assert len(game.territories(army)) == NEUTRAL_CARDS
    for t in IDS:
        assert game.armies(t) == (2 if t in TWO_STARS else 1), t


@pytest.mark.parametrize("seed", range(6))
def test_two_player_reserves_three_cards_under_each_neutral_army_and_keeps_33_in_the_pile(seed: int) -> None:
    game = new(2, seed, "two_player")
    s = game.state
    reserved = s.extra.reserved
    assert len(reserved) == 3 and all(len(r) == RESERVED_CARDS for r in reserved)
    assert len(s.draw_pile) == TWO_PLAYER_PILE
    assert all(h == () for h in s.hands) and s.discard_pile == ()
    every = [c for r in reserved for c in r] + list(s.draw_pile)
    assert sorted(every) == sorted(IDS)  # each of the 42 cards once
    assert game.extras.neutral_armies == dict.fromkeys(NEUTRALS, RESERVED_CARDS)


def test_the_reserved_cards_come_from_the_reshuffled_deck_not_the_neutral_armies_own_cards() -> None:
    foreign = 0
    for seed in range(10):
        game = new(2, seed, "two_player")
        for army, cards in zip(NEUTRALS, game.state.extra.reserved):
            foreign += sum(game.owner(c) != army for c in cards)
    assert foreign > 0


def test_two_player_game_begins_with_the_neutral_step_of_the_rolled_first_player() -> None:
    firsts = set()
    for seed in range(20):
        game = new(2, seed, "two_player")
        assert game.phase == "neutral" and game.turn == 1
        assert game.pending.player == game.current_player and game.pending.decision == "neutral"
        firsts.add(game.current_player)
    assert firsts == {"Ada", "Bo"}


# -- configuration -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "n", "setup"),
    [
        ("simple", 2, None),
        ("simple", 6, None),
        ("classic", 2, None),
        ("two_player", 3, None),
        ("simple", 3, "claim"),
        ("two_player", 2, "claim"),
        ("classic", 3, "setup_1"),
    ],
)
def test_player_counts_and_setups_outside_the_rules_are_refused(variant: str, n: int, setup: str | None) -> None:
    names = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"][:n]
    with pytest.raises(rb.ConfigError):
        rb.new_game(R2010, players=names, variant=variant, setup=setup, seed=1)


def test_the_two_star_cards_option_replaces_the_default_list() -> None:
    twos = ["argentina", "japan", "iceland"]
    game = new(3, 1, options={"two_star_cards": twos})
    for t in IDS:
        assert game.armies(t) == (2 if t in twos else 1), t
    with pytest.raises(rb.ConfigError):
        new(3, 1, options={"two_star_cards": ["atlantis"]})


def _public(view: rb.PlayerView) -> dict[str, str]:
    """Everything a player's view shows without arguments, as text."""
    out = {}
    for name in dir(view):
        if name.startswith("_"):
            continue
        value = getattr(view, name)
        out[name] = repr(value() if name in ("legal_actions", "trades", "max_defence_dice") else value)
    extras = view.extras
    out["extras"] = repr(
        (
            extras.ceasefire_range(),
            extras.ceasefire_note(),
            extras.cards_drawn,
            [extras.progress(p) for p in view.players],
        )
    )
    return out


@pytest.mark.parametrize("drawn", [0, 6, 16])
def test_no_view_tells_where_the_ceasefire_card_lies(drawn: int) -> None:
    games = [
        scenario({"ukraine": ("Ada", 9), "scandinavia": ("Bo", 2)}, ceasefire=depth - drawn, drawn=drawn, seed=3)
        for depth in range(max(13, drawn), 18)
    ]
    assert len({g.state.extra.ceasefire for g in games}) == len(games) > 1
    for player in ("Ada", "Bo", "Cy"):
        views = [_public(g.view(player)) for g in games]
        assert all(v == views[0] for v in views[1:]), player
    ranges = {g.extras.ceasefire_range() for g in games}
    notes = {g.extras.ceasefire_note() for g in games}
    assert ranges == {(max(1, 14 - drawn), 18 - drawn)} and len(notes) == 1


@pytest.mark.parametrize(
    ("window", "note"),
    [
        ([0, 0], "The ceasefire card is the next card drawn."),
        ([1, 1], "The ceasefire card comes up after 1 more card."),
        ([5, 5], "The ceasefire card comes up after 5 more cards."),
        ([13, 17], "The ceasefire card is somewhere in the next 18 cards (not before card 14)."),
    ],
)
def test_the_ceasefire_note_says_what_the_players_know(window: list[int], note: str) -> None:
    game = new(3, 1, options={"ceasefire_window": window})
    assert game.extras.ceasefire_range() == (window[0] + 1, window[1] + 1)
    assert game.extras.ceasefire_note() == note
