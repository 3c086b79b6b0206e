"""``PlayerView``: what one player may see. Own hand and mission only; the legal actions only
when the decision is theirs; the public facts exactly as the game has them."""

from __future__ import annotations

import pytest

import riskboard as rb

WORLD = rb.load_map("world")
IDS = WORLD.ids
PLAYERS = ["Ada", "Bo", "Cy"]
HANDS = {"Ada": ["alaska", "brazil", "wild_1"], "Bo": ["peru", "iceland"], "Cy": []}
MISSIONS = {"Ada": "occupy_24", "Bo": "destroy:Cy", "Cy": "conquer_asia_africa"}


def scenario(**kw: object) -> rb.Game:
    pos = {t: (("Bo", "Cy")[i % 2], 2) for i, t in enumerate(IDS)}
    pos.update(alaska=("Ada", 6), northwest_territory=("Ada", 2), kamchatka=("Bo", 3))
    return rb.new_game(
        "classic", players=PLAYERS, position=pos, current_player="Ada", phase="attack", hands=HANDS, seed=2, **kw
    )


def test_a_view_shows_only_its_own_hand() -> None:
    game = scenario()
    for p in PLAYERS:
        view = game.view(p)
        assert view.player == p
        assert view.hand == tuple(HANDS[p])
        for other in PLAYERS:
            assert view.card_count(other) == len(HANDS[other])
        assert view.draw_pile_size == 44 - 5
        assert view.discard_pile == ()
        assert not hasattr(view, "hands") and not hasattr(view, "draw_pile")


def test_a_view_shows_only_its_own_mission() -> None:
    game = scenario(variant="secret_missions", missions=MISSIONS)
    for p in PLAYERS:
        view = game.view(p)
        assert view.mission == MISSIONS[p] == game.mission(p)
        assert not hasattr(view, "missions")
        others = [MISSIONS[o] for o in PLAYERS if o != p]
        for name in dir(view):
            if not name.startswith("_") and not callable(getattr(view, name)):
                assert getattr(view, name) not in others, name
        assert all(m not in repr(view) for m in others)
    assert scenario().view("Ada").mission is None


def test_legal_actions_only_for_the_player_who_decides() -> None:
    game = scenario()
    assert game.pending.player == "Ada"
    assert game.view("Ada").legal_actions() == game.legal_actions() != []
    assert game.view("Bo").legal_actions() == []
    assert game.view("Cy").legal_actions() == []


def test_the_defender_decides_in_their_own_view() -> None:
    game = scenario(options={"ask_defender": True})
    game.apply("attack alaska kamchatka 3")
    assert game.current_player == "Ada" and game.pending.player == "Bo"
    assert game.view("Ada").legal_actions() == []
    assert game.view("Bo").legal_actions() == game.legal_actions() == [rb.Defend(1), rb.Defend(2)]
    assert game.view("Cy").legal_actions() == []
    assert game.view("Ada").pending == game.view("Bo").pending == game.pending
    assert game.view("Cy").current_player == "Ada"


def test_the_neutral_defence_is_decided_by_the_other_player() -> None:
    pos = {t: ("neutral", 1) for t in IDS}
    pos.update(alaska=("Ada", 6), iceland=("Bo", 3))
    game = rb.new_game(
        "classic",
        players=["Ada", "Bo"],
        position=pos,
        current_player="Ada",
        phase="attack",
        options={"ask_defender": True},
        seed=2,
    )
    game.apply("attack alaska kamchatka 3")
    assert game.pending.player == "Bo"
    assert game.view("Bo").legal_actions() == [rb.Defend(1)]
    assert game.view("Ada").legal_actions() == []
    with pytest.raises(KeyError):
        game.view("neutral")


def test_public_facts_match_the_game() -> None:
    game = scenario()
    view = game.view("Cy")
    assert view.players == game.players
    assert view.map is game.map
    assert view.phase == game.phase == "attack"
    assert view.turn == game.turn
    assert view.current_player == "Ada"
    assert view.reinforcements == game.reinforcements
    assert view.options["ask_defender"] is False
    assert view.me == 2
    for t in IDS:
        assert view.owner(t) == game.owner(t)
        assert view.armies(t) == game.armies(t)
    assert view.owner_indices == game.state.owner
    assert view.army_counts == game.state.armies
    assert view.battle is None
    assert view.sets_traded == 0


def test_unknown_players_have_no_view() -> None:
    game = scenario()
    with pytest.raises(KeyError, match="Zed"):
        game.view("Zed")


def test_winners_are_empty_until_the_game_is_over() -> None:
    game = scenario()
    assert game.view("Bo").winners == () == game.winners
    pos = {t: ("Ada", 1) for t in IDS}
    pos.update(alaska=("Ada", 9), kamchatka=("Bo", 1))
    duel = rb.new_game("classic", players=["Ada", "Bo"], position=pos, current_player="Ada", phase="attack", seed=1)
    duel.apply("attack alaska kamchatka 3", dice=([6, 6, 6], [1]))
    assert duel.is_over
    assert duel.view("Bo").winners == duel.view("Ada").winners == duel.winners == ("Ada",)


def test_conquered_says_whether_this_turn_earns_a_card() -> None:
    game = scenario()
    assert game.view("Ada").conquered is False
    game.apply("attack alaska kamchatka 3", dice=([6, 6, 6], [1, 1]))
    assert game.view("Ada").conquered is False  # kamchatka still holds one
    game.apply("attack alaska kamchatka 3", dice=([6, 6, 6], [1]))
    game.apply("occupy 3")
    assert game.owner("kamchatka") == "Ada"
    assert game.view("Ada").conquered is True and game.view("Bo").conquered is True
    game.apply("end")
    game.apply("end")
    assert game.current_player != "Ada"
    assert game.view("Ada").conquered is False


def test_destinations_follow_the_edition_reach() -> None:
    pos = {t: ("Bo", 1) for t in IDS}
    pos.update(alaska=("Ada", 5), northwest_territory=("Ada", 1), alberta=("Ada", 1), ontario=("Ada", 1))
    for reach, expected in (
        ("adjacent", ("northwest_territory", "alberta")),
        ("connected", ("northwest_territory", "alberta", "ontario")),
        ("none", ()),
    ):
        game = rb.new_game(
            "classic", players=PLAYERS, position=pos, current_player="Ada", phase="fortify",
            options={"fortify": reach}, seed=1,
        )  # fmt: skip
        view = game.view("Cy")
        assert set(view.destinations("alaska")) == set(expected), reach
        index = WORLD.index
        assert view.destinations(index["alaska"]) == tuple(index[t] for t in view.destinations("alaska"))
        for target in expected:  # every destination is a legal end-of-turn move
            assert game.is_legal(f"fortify alaska {target} 4")
    assert "kamchatka" not in view.destinations("alaska")


def test_destinations_name_a_bad_territory() -> None:
    view = scenario().view("Ada")
    with pytest.raises(KeyError, match="alsaka"):
        view.destinations("alsaka")
    with pytest.raises(IndexError, match="42 territories"):
        view.destinations(42)
