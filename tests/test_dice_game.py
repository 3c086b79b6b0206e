"""``rb.dice_game`` and ``rb.chain_conquest``: the battle as a game in which both sides choose dice.

The values are checked against an independent minimax written here over explicit ordered dice
faces (no riskboard code but the answer under test), against ``rb.battle_odds`` for the naive
rule, and against the known results: with one attacking die the defender rolls the most; two
defending armies facing 6-6 roll one die; the uninformed game's value is the naive one (TEACHING.md:
the most dice are a saddle point of every state under the printed rules)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

import numpy as np
import pytest

import riskboard as rb

# -- an independent minimax over explicit dice ------------------------------------------------------


def losses(attack: tuple[int, ...], defend: tuple[int, ...], ties_to_attacker: bool) -> tuple[int, int]:
    """(attacker losses, defender losses): highest against highest, and so on."""
    lost_a = lost_d = 0
    for x, y in zip(sorted(attack, reverse=True), sorted(defend, reverse=True)):
        if x > y or (ties_to_attacker and x == y):
            lost_d += 1
        else:
            lost_a += 1
    return lost_a, lost_d


def brute(a0: int, d0: int, informed: bool, most_a: int = 3, most_d: int = 2, ties: bool = False) -> Fraction:
    """The value of the dice game by recursion, every ordered roll of the dice enumerated."""

    @cache
    def value(a: int, d: int) -> Fraction:
        if d == 0:
            return Fraction(1)
        if a == 0:
            return Fraction(0)
        best = Fraction(-1)
        for k in range(1, min(a, most_a) + 1):
            attacks = list(product(range(1, 7), repeat=k))
            choices = range(1, min(d, most_d) + 1)

            def after(attack: tuple[int, ...], j: int) -> Fraction:
                rolls = list(product(range(1, 7), repeat=j))
                total = Fraction(0)
                for defend in rolls:
                    i, lost = losses(attack, defend, ties)
                    total += value(a - i, d - lost)
                return total / len(rolls)

            if informed:
                v = sum((min(after(att, j) for j in choices) for att in attacks), Fraction(0)) / len(attacks)
            else:
                v = min(sum((after(att, j) for att in attacks), Fraction(0)) / len(attacks) for j in choices)
            best = max(best, v)
        return best

    return value(a0, d0)


SMALL = [(a, d) for a in range(1, 5) for d in range(1, 5)]


@pytest.mark.parametrize("informed", [True, False])
def test_values_equal_a_brute_force_minimax_over_explicit_dice(informed: bool) -> None:
    game = rb.dice_game(4, 4, informed=informed, exact=True)
    values = {(a, d): rb.dice_game(a, d, informed=informed, exact=True).value for a, d in SMALL}
    for (a, d), v in values.items():
        assert v == brute(a, d, informed), (a, d)
    assert game.value == values[4, 4]


def test_values_under_a_house_rule_equal_the_brute_force_too() -> None:
    rules = rb.Rules(defence_dice=3, ties="attacker")
    for a, d in [(2, 3), (3, 3), (4, 2)]:
        got = rb.dice_game(a, d, rules=rules, exact=True).value
        assert got == brute(a, d, True, most_d=3, ties=True), (a, d)


def test_the_float_game_agrees_with_the_exact_one() -> None:
    floats, exact = rb.dice_game(8, 6), rb.dice_game(8, 6, exact=True)
    assert isinstance(floats.value, float) and isinstance(exact.value, Fraction)
    assert floats.value == pytest.approx(float(exact.value), abs=1e-12)
    assert floats.attacker_policy == exact.attacker_policy and floats.defender_policy == exact.defender_policy


# -- the naive rule ----------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [None, rb.Rules(defence_dice=3), rb.Rules(ties="attacker")])
def test_the_naive_value_is_battle_odds(rules: rb.Rules | None) -> None:
    for a, d in [(1, 1), (3, 2), (5, 5), (10, 7)]:
        exact = rb.dice_game(a, d, rules=rules, exact=True)
        assert exact.naive_value == rb.battle_odds(a, d, rules).p_win_exact
        floats = rb.dice_game(a, d, rules=rules)
        assert floats.naive_value == rb.battle_odds(a, d, rules).p_win
        # the solver's own naive battle, in floats
        assert floats.naive_values().loc[a, d] == pytest.approx(float(exact.naive_value), abs=1e-12)


@pytest.mark.parametrize("informed", [True, False])
def test_the_defender_gains_by_choosing(informed: bool) -> None:
    game = rb.dice_game(20, 20, informed=informed)
    values, naive = game.values().to_numpy(), game.naive_values().to_numpy()
    assert (values <= naive + 1e-12).all()
    if informed:
        assert (values < naive - 1e-3).sum() > 300  # a defender who sees the dice gains a lot, nearly everywhere
        assert game.value < game.naive_value - 0.1


def test_an_uninformed_defender_gains_nothing_under_the_printed_rules() -> None:
    """The most dice are a saddle point of every state (TEACHING.md, dice-choice results)."""
    game = rb.dice_game(15, 15, informed=False, exact=True)
    assert game.value == game.naive_value
    assert game.differences().empty
    assert set(game.attacker_policy.values()) == {1, 2, 3} and all(
        k == min(a, 3) for (a, _d), k in game.attacker_policy.items()
    )


def test_a_defenders_airfield_makes_one_die_better_in_three_states_only() -> None:
    """TEACHING.md (dice-choice results): with +1 on the defender's highest die, one die is better
    for a defender choosing before the throw only at 3 v 16, 18 and 20 (up to 20 v 20), by less
    than 10⁻⁶."""
    game = rb.dice_game(20, 20, rules=rb.Rules(defence_bonus=1), informed=False, exact=True)
    table = game.differences()
    assert {(r.attackers, r.defenders) for r in table.itertuples()} == {(3, 16), (3, 18), (3, 20)}
    assert (table["gain"] < 1e-6).all() and (table["gain"] > 0).all()
    # 4 v 17 can reach 3 v 16 in one throw; 20 v 20 cannot at all (two pairs compared in every
    # throw from there to 3 v 16 keep the parity of a + d), so its value is the naive one
    assert game.values().loc[4, 17] < game.naive_values().loc[4, 17]
    assert game.value == game.naive_value


def test_an_informed_defender_does_at_least_as_well_as_an_uninformed_one() -> None:
    informed, blind = rb.dice_game(12, 12), rb.dice_game(12, 12, informed=False)
    assert (informed.values().to_numpy() <= blind.values().to_numpy() + 1e-12).all()
    assert informed.value < blind.value


# -- the known choices ---------------------------------------------------------------------------------


def test_against_one_attacking_die_the_defender_rolls_the_most() -> None:
    game = rb.dice_game(10, 10)
    one_die = [(key, j) for key, j in game.defender_policy.items() if len(key[2]) == 1]
    assert len(one_die) == 10 * 10 * 6
    assert all(j == min(d, 2) for (_a, d, _att), j in one_die)


def test_two_defenders_facing_six_six_roll_one_die() -> None:
    game = rb.dice_game(6, 2)
    for a in range(2, 7):
        for third in range(1, 7) if a >= 3 else [None]:
            attack = (6, 6) if third is None else (6, 6, third)
            assert game.defender_policy[a, 2, attack] == 1, (a, attack)
    assert game.defender_policy[3, 2, (3, 2, 1)] == 2  # against a low throw, both dice


def test_the_defender_policy_covers_every_throw_and_the_attacker_every_state() -> None:
    game = rb.dice_game(5, 4)
    assert set(game.attacker_policy) == {(a, d) for a in range(1, 6) for d in range(1, 5)}
    for (a, d), _k in game.attacker_policy.items():
        throws = {att for (a2, d2, att) in game.defender_policy if (a2, d2) == (a, d)}
        assert len(throws) == {1: 6, 2: 6 + 21, 3: 6 + 21 + 56}[min(a, 3)]
    blind = rb.dice_game(5, 4, informed=False)
    assert set(blind.defender_policy) == {
        (a, d, k) for a in range(1, 6) for d in range(1, 5) for k in range(1, min(a, 3) + 1)
    }


def test_differences_say_where_the_naive_rule_is_wrong_and_by_how_much() -> None:
    game = rb.dice_game(6, 4, exact=True)
    table = game.differences()
    assert not table.empty and set(table["side"]) == {"defender"}
    assert (table["best dice"] < table["most dice"]).all()
    assert (table["gain"] > 0).all() and table["gain"].is_monotonic_decreasing
    row = table[(table["attackers"] == 3) & (table["defenders"] == 2) & (table["attack"] == "6-6-1")].iloc[0]
    assert row["value with best dice"] < row["value with most dice"]
    assert row["gain"] == pytest.approx(row["value with most dice"] - row["value with best dice"])
    # every difference is a throw the policy answers with fewer dice, and back
    fewer = {(a, d, att) for (a, d, att), j in game.defender_policy.items() if j < min(d, 2)}
    assert {(r.attackers, r.defenders, tuple(int(f) for f in r.attack.split("-"))) for r in table.itertuples()} == fewer


def test_tables_have_readable_labels() -> None:
    game = rb.dice_game(4, 3)
    attacker = game.attacker_table()
    assert attacker.index.name == "attackers" and attacker.columns.name == "defenders"
    assert attacker.loc[4, 3] == 3 and attacker.loc[1, 3] == 1
    defender = game.defender_table()
    assert defender.index.names == ["attackers", "defenders", "attack"]
    assert defender.loc[(3, 2, "6-6-1"), "defender's dice"] == 1
    assert all(d >= 2 for _a, d, _att in defender.index)  # only where the defender has a choice
    policy = game.policy_table()
    assert policy.loc[(4, 3), "value"] == pytest.approx(game.value)
    assert "6-6" in policy.loc[(3, 2), "defender rolls fewer dice against"]
    html = game._repr_html_()
    assert "4</b> attacking" in html and "<table>" in html


def test_the_repr_and_the_picture() -> None:
    game = rb.dice_game(6, 4)
    assert repr(game).startswith("<DiceGame 6 v 4 (informed): value 0.")
    svg = rb.dice_game_heatmap(game)
    assert svg.count("data-attackers=") == 24
    shares = {
        (int(a), int(d)): s
        for a, d, s in __import__("re").findall(
            r'data-attackers="(\d+)" data-defenders="(\d+)" data-share="([^"]+)"', svg
        )
    }
    assert shares[1, 3] == "0.0" and float(shares[6, 4]) > 0.3  # one attacking die: always two dice
    assert 'data-pair="6-6"' in svg and 'data-pair="1-1"' in svg
    with pytest.raises(ValueError, match="state must be"):
        rb.dice_game_heatmap(game, state=(7, 1))
    with pytest.raises(TypeError, match="solved game"):
        rb.dice_game_heatmap(rb.battle_odds(3, 2))  # type: ignore[arg-type]


# -- goals and stopping --------------------------------------------------------------------------------


def test_at_least_counts_a_conquest_only_with_that_many_left() -> None:
    strict = rb.dice_game(6, 3, at_least=4, exact=True)
    plain = rb.dice_game(6, 3, exact=True)
    assert strict.value < plain.value
    naive_end = rb.battle_odds(6, 3).outcomes  # (attackers left, 0) → probability, both rolling the most
    assert float(strict.naive_value) == pytest.approx(sum(p for (a, d), p in naive_end.items() if d == 0 and a >= 4))
    assert rb.dice_game(3, 3, at_least=4).value == 0


def test_without_a_cost_stopping_never_helps_and_with_one_it_does() -> None:
    free = rb.dice_game(8, 6, stop=True)
    assert free.value == rb.dice_game(8, 6).value and 0 not in free.attacker_policy.values()
    costly = rb.dice_game(8, 6, stop=True, army_cost=Fraction(1, 10), exact=True)
    stops = {key for key, k in costly.attacker_policy.items() if k == 0}
    assert (1, 6) in stops and (8, 1) not in stops  # a lost cause against a sure thing
    no_stop = rb.dice_game(8, 6, army_cost=Fraction(1, 10), exact=True)
    assert costly.value > no_stop.value and costly.value >= 0
    assert 0 < costly.p_conquer < no_stop.p_conquer  # stopping gives up some conquests
    assert set(costly.differences()["best dice"]) >= {0}


# -- a chain of territories ------------------------------------------------------------------------------


def test_a_chain_of_one_is_the_battle() -> None:
    chain, game = rb.chain_conquest(7, [4], exact=True), rb.dice_game(7, 4, exact=True)
    assert chain.value == game.value and chain.naive_value == game.naive_value


def test_a_chain_by_brute_force_leaving_one_army_behind() -> None:
    """With both always rolling the most dice, the chain is the battles one after another."""
    chain = rb.chain_conquest(6, [2, 1], exact=True)
    first = rb.battle_odds(6, 2).outcomes
    expected = sum(
        Fraction(p).limit_denominator(10**12) * rb.battle_odds(a - 1, 1).p_win_exact
        for (a, d), p in first.items()
        if d == 0 and a >= 2
    )
    assert float(chain.naive_value) == pytest.approx(float(expected), abs=1e-9)
    assert chain.value <= chain.naive_value
    reach = chain.reach()
    assert list(reach.index) == [1, 2] and reach.iloc[1]["best play"] == pytest.approx(float(chain.value))
    assert reach["best play"].is_monotonic_decreasing


def test_a_chain_with_a_cost_stops_where_it_is_not_worth_going_on() -> None:
    chain = rb.chain_conquest(10, [3, 3, 3], stop=True, army_cost=0.05)
    stops = chain.stops()
    assert not stops.empty and set(stops["territory"]) <= {1, 2, 3}
    assert chain.value > rb.chain_conquest(10, [3, 3, 3], army_cost=0.05).value
    assert "chain of 3 territories" in chain._repr_html_()


# -- bad arguments ---------------------------------------------------------------------------------------


def test_numpy_integers_and_a_rules_mapping_are_accepted() -> None:
    assert rb.dice_game(np.int64(3), np.int32(2)).value == rb.dice_game(3, 2).value
    assert rb.dice_game(3, 3, rules={"defence_dice": 3}).naive_value == pytest.approx(
        rb.battle_odds(3, 3, rb.Rules(defence_dice=3)).p_win
    )


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"attackers": 0, "defenders": 2}, ValueError, "attackers must be a whole number from 1"),
        ({"attackers": 3, "defenders": 101}, ValueError, "defenders must be a whole number from 1 to 100"),
        ({"attackers": True, "defenders": 2}, ValueError, "attackers must be a whole number"),
        ({"attackers": 2.5, "defenders": 2}, ValueError, "attackers must be a whole number"),
        ({"attackers": 3, "defenders": 2, "informed": "yes"}, TypeError, "informed must be True or False"),
        ({"attackers": 3, "defenders": 2, "rules": "classic"}, TypeError, "rules must be a game's rules"),
        ({"attackers": 3, "defenders": 2, "at_least": 0}, ValueError, "at_least must be"),
        ({"attackers": 3, "defenders": 2, "army_cost": -1}, ValueError, "army_cost must be a number from 0"),
        ({"attackers": 3, "defenders": 2, "army_cost": 0.1, "exact": True}, TypeError, "Fraction"),
    ],
)
def test_bad_arguments_are_refused_with_a_sentence(kwargs: dict[str, object], error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        rb.dice_game(**kwargs)  # type: ignore[arg-type]


def test_bad_rules_and_chains_are_refused() -> None:
    with pytest.raises(rb.ConfigError, match="rules has no 'defense_dice'") as caught:  # (as the odds say it)
        rb.dice_game(3, 2, rules={"defense_dice": 3})
    assert caught.value.code == "config/unknown_option"
    with pytest.raises(rb.ConfigError):
        rb.dice_game(3, 2, rules={"defence_dice": 0})
    with pytest.raises(TypeError, match="list of the armies"):
        rb.chain_conquest(5, 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="list of the armies"):
        rb.chain_conquest(5, [])
    with pytest.raises(ValueError, match="at most 12 territories"):
        rb.chain_conquest(20, [1] * 13)


def test_the_names_are_public_and_the_display_speaks_the_language() -> None:
    import riskboard.analysis

    for name in ("dice_game", "chain_conquest", "DiceGame", "ChainConquest", "dice_game_heatmap"):
        assert name in rb.__all__
    assert riskboard.analysis.dice_game is rb.dice_game
    game = rb.dice_game(6, 4)
    with rb.i18n.using("de"):
        html = game._repr_html_()
        svg = rb.dice_game_heatmap(rb.dice_game(6, 4, informed=False))
    assert "Wahrscheinlichkeit <b>69,53\xa0%</b>" in html and "Angreifer" in html  # babel: a no-break space
    assert "Wann sollte der Verteidiger" in svg
    assert 'data-pair="' not in svg  # a defender who does not see the dice has no pairs to answer
