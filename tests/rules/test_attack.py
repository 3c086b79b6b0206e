"""Declaring an attack (RULES.md §1.1 steps 1–3, §1.3, §2.6, §2.9 defence of the neutral, D4) and
the map it is played on (§3)."""

from __future__ import annotations

import pytest

import riskboard as rb

from .conftest import IDS, WORLD, attack_targets, events_of, illegal, own, scenario
from .spec_world import BONUS, CONTINENT_OF, CONTINENTS, INTERCONTINENTAL, NEIGHBOURS, SYMBOL

# -- §3 the map --------------------------------------------------------------------------------


def test_map_has_the_42_territories_of_the_spec() -> None:
    assert len(IDS) == 42
    assert set(IDS) == set(NEIGHBOURS)


def test_every_neighbour_list_matches_the_spec_table() -> None:
    for t, neighbours in NEIGHBOURS.items():
        assert set(WORLD.neighbours(t)) == set(neighbours), t


def test_connections_are_83_and_symmetric_with_14_intercontinental() -> None:
    edges = {frozenset((t, n)) for t in IDS for n in WORLD.neighbours(t)}
    assert len(edges) == 83
    for t in IDS:
        for n in WORLD.neighbours(t):
            assert t in WORLD.neighbours(n)
    crossing = {e for e in edges if len({CONTINENT_OF[t] for t in e}) == 2}
    assert crossing == INTERCONTINENTAL


def test_continents_and_bonuses_match_the_spec() -> None:
    regions = {r.id: r for r in WORLD.regions}
    assert set(regions) == set(BONUS)
    for cid, region in regions.items():
        assert region.bonus == BONUS[cid], cid
        assert set(region.territories) == set(CONTINENTS[cid]), cid
    sizes = sorted(len(m) for m in CONTINENTS.values())
    assert sizes[0] == 4 and sizes[-1] == 12  # §2.1: each continent has 4 to 12 territories


def test_card_symbols_match_the_spec_14_of_each() -> None:
    for t in WORLD.territories:
        assert t.card_symbol == SYMBOL[t.id], t.id
    for symbol in ("infantry", "cavalry", "artillery"):
        assert sum(1 for s in SYMBOL.values() if s == symbol) == 14


# -- §2.6 targets ---------------------------------------------------------------------------


@pytest.mark.parametrize("source", sorted(NEIGHBOURS))
def test_legal_targets_are_exactly_the_enemy_neighbours(source: str) -> None:
    game = scenario({source: ("Ada", 4)}, default=("Bo", 1))
    assert attack_targets(game, source) == set(NEIGHBOURS[source])


def test_own_neighbours_are_not_targets() -> None:
    game = scenario({"greenland": ("Ada", 4), "iceland": ("Ada", 1)}, default=("Bo", 1))
    assert attack_targets(game, "greenland") == {"northwest_territory", "ontario", "quebec"}
    illegal(game, "attack greenland iceland 1", "action/own_territory")


def test_attack_errors_and_their_codes() -> None:
    game = scenario(
        {"greenland": ("Ada", 4), "iceland": ("Ada", 1), "quebec": ("Bo", 3), "ontario": ("Bo", 3)},
        default=("Bo", 1),
    )
    illegal(game, "attack quebec greenland 1", "action/not_owner")
    illegal(game, "attack greenland great_britain 1", "action/not_adjacent")
    illegal(game, "attack greenland iceland 1", "action/own_territory")
    illegal(game, "attack iceland great_britain 1", "action/too_few_armies")
    illegal(game, "attack greenland atlantis 1", "action/unknown_territory")
    illegal(game, "attack greenland quebec 0", "action/bad_dice")
    illegal(game, "attack greenland quebec 4", "action/bad_dice")
    illegal(game, "attack greenland quebec", "action/unparsable")
    illegal(game, "attack greenland quebec three", "action/unparsable")
    illegal(game, "attack quebec greenland 1", "action/not_your_turn", player="Bo")
    assert game.check("attack greenland quebec 3") is None
    assert game.check("attack greenland quebec 4").code == "action/bad_dice"


@pytest.mark.parametrize(("armies", "most"), [(2, 1), (3, 2), (4, 3), (10, 3)])
def test_attacker_dice_limit_is_min_3_and_armies_minus_1(armies: int, most: int) -> None:
    game = scenario({"ontario": ("Ada", armies), "quebec": ("Bo", 5)})
    offered = {a.dice for a in game.legal_actions() if isinstance(a, rb.Attack) and a.target == "quebec"}
    assert offered == set(range(1, most + 1))
    assert game.check(f"attack ontario quebec {most}") is None
    illegal(game, f"attack ontario quebec {most + 1}", "action/bad_dice")


def test_attacking_is_only_possible_in_the_attack_phase() -> None:
    assign = {"ontario": ("Ada", 5), "quebec": ("Bo", 2)}
    reinforce = scenario(assign, phase="reinforce")
    illegal(reinforce, "attack ontario quebec 1", "action/wrong_phase")
    fortify = scenario(assign, phase="fortify")
    illegal(fortify, "attack ontario quebec 1", "action/wrong_phase")


def test_repeated_throws_on_the_same_target_without_limit() -> None:
    # §1.3: throw after throw while the source has ≥ 2 armies, then switch target.
    game = scenario({"ontario": ("Ada", 30), "quebec": ("Bo", 30), "greenland": ("Bo", 5)})
    for _ in range(10):
        game.apply("attack ontario quebec 3", dice=([6, 6, 1], [1, 1]))
    assert game.armies("quebec") == 10
    assert game.armies("ontario") == 30
    for _ in range(13):
        game.apply("attack ontario quebec 3", dice=([1, 1, 1], [6, 6]))
    assert game.armies("ontario") == 4
    game.apply("attack ontario greenland 3", dice=([1, 1, 1], [6, 6]))
    assert game.armies("ontario") == 2
    game.apply("attack ontario greenland 1", dice=([1], [6, 6]))
    assert game.armies("ontario") == 1
    illegal(game, "attack ontario quebec 1", "action/too_few_armies")
    assert game.phase == "attack"


# -- ask_defender: the defender chooses 1 or 2 dice (§1.1 step 3, §2.6) ------------------------


def test_defender_chooses_dice_when_asked() -> None:
    game = scenario({"ontario": ("Ada", 10), "quebec": ("Bo", 3)}, options={"ask_defender": True})
    events = game.apply("attack ontario quebec 3", dice=([6, 4, 3], [5]))
    assert events_of(events, "AttackDeclared")
    assert game.armies("quebec") == 3  # nothing rolled yet
    pending = game.pending
    assert (pending.player, pending.decision) == ("Bo", "defend")
    # the defender's dice were injected (one die), so only that choice is listed
    assert game.legal_actions() == [rb.Defend(1)]
    illegal(game, "defend 2", "dice/invalid")
    illegal(game, "attack ontario quebec 1", "action/awaiting_defender")
    illegal(game, "end", "action/awaiting_defender")
    illegal(game, "defend 3", "action/bad_dice")
    illegal(game, "defend 1", "action/not_your_turn", player="Ada")
    events = game.apply("defend 1", player="Bo")  # the injected dice are used now: 6 v 5
    (rolled,) = events_of(events, "DiceRolled")
    assert rolled.defend == (5,)
    assert (game.armies("ontario"), game.armies("quebec")) == (10, 2)
    assert game.pending.decision == "attack"


def test_defender_lists_one_or_two_dice_when_nothing_is_injected() -> None:
    game = scenario({"ontario": ("Ada", 10), "quebec": ("Bo", 3)}, options={"ask_defender": True})
    game.apply("attack ontario quebec 3")
    assert set(game.legal_actions()) == {rb.Defend(1), rb.Defend(2)}
    game = scenario({"ontario": ("Ada", 10), "quebec": ("Bo", 1)}, options={"ask_defender": True})
    game.apply("attack ontario quebec 3")
    assert game.legal_actions() == [rb.Defend(1)]


def test_defender_may_use_its_last_army_but_not_more_dice_than_armies() -> None:
    game = scenario({"ontario": ("Ada", 10), "quebec": ("Bo", 2)}, options={"ask_defender": True})
    game.apply("attack ontario quebec 1", dice=([2], [5, 1]))
    game.apply("defend 2")
    assert (game.armies("ontario"), game.armies("quebec")) == (9, 2)

    game = scenario({"ontario": ("Ada", 10), "quebec": ("Bo", 1)}, options={"ask_defender": True})
    game.apply("attack ontario quebec 3")
    assert set(game.legal_actions()) == {rb.Defend(1)}
    illegal(game, "defend 2", "action/bad_dice")
    game.apply("defend 1", dice=([6, 1, 1], [6]))
    assert (game.armies("ontario"), game.armies("quebec")) == (9, 1)


def test_defend_outside_a_battle_is_wrong_phase() -> None:
    game = scenario({"ontario": ("Ada", 10), "quebec": ("Bo", 2)}, options={"ask_defender": True})
    illegal(game, "defend 1", "action/wrong_phase")


def test_without_ask_defender_the_throw_happens_at_once() -> None:
    # Without ask_defender nobody is asked: the throw happens at once with the most dice allowed.
    game = scenario({"ontario": ("Ada", 10), "quebec": ("Bo", 3)})
    game.apply("attack ontario quebec 3", dice=([6, 6, 6], [1, 1]))
    assert game.pending.decision == "attack"
    assert game.armies("quebec") == 1


def test_check_does_not_change_the_game() -> None:
    game = scenario(own("Ada", ["alaska"], 5) | {"kamchatka": ("Bo", 2)})
    before = game.state
    assert game.check("attack alaska kamchatka 3") is None
    assert game.state == before  # check() never changes the game
