"""``rb.DiceTally``: a class's own throws counted by outcome, set against the exact odds with a
χ² test (checked against scipy), drawn as bars and a law-of-large-numbers line, shown live; and
``rb.chain_picture``, the battle's chain drawn."""

from __future__ import annotations

import math
import random
import sys
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest
from scipy import stats

import riskboard as rb
from riskboard.teaching.chi2 import chi2_sf


def marks(svg: str, kind: str) -> list[dict[str, str]]:
    """The attributes of every element of the picture whose class is ``kind``."""
    return [e.attrib for e in ET.fromstring(svg).iter() if e.get("class") == kind]


def fair(rng: random.Random, n: int) -> list[int]:
    return [rng.randint(1, 6) for _ in range(n)]


def loaded(rng: random.Random, n: int) -> list[int]:
    """A die that shows 6 a quarter of the time (fair: a sixth)."""
    return [rng.choices(range(1, 7), weights=[3, 3, 3, 3, 3, 5])[0] for _ in range(n)]


def test_counts_and_shares_of_typed_in_throws() -> None:
    tally = rb.DiceTally()
    tally.add([6, 3, 1], [5, 2])  # 6 > 5, 3 > 2: the defender loses 2
    tally.add([1, 3, 2], [4, 1])  # 3 v 4, 2 v 1: one each
    tally.add([4, 4, 4], [4, 4])  # ties go to the defender: the attacker loses 2
    tally.add([6, 6, 6], [1, 1])
    observed = tally.observed()
    assert list(observed.index) == [(0, 2), (1, 1), (2, 0)]
    assert observed.index.names == ["attacker_losses", "defender_losses"]
    assert observed["count"].tolist() == [2, 1, 1]
    assert observed["share"].tolist() == [0.5, 0.25, 0.25]
    assert len(tally) == 4 and tally.throws[1] == ((3, 2, 1), (4, 1))
    assert observed.loc[(1, 1), "count"] == 1


def test_the_expected_counts_are_the_exact_odds_times_the_throws_and_sum_to_n() -> None:
    tally = rb.DiceTally()
    rng = random.Random(3)
    tally.add_many([(fair(rng, 3), fair(rng, 2)) for _ in range(777)])
    expected = tally.expected()
    assert expected["count"].sum() == pytest.approx(777)
    assert expected.loc[(0, 2), "count"] == pytest.approx(777 * 2890 / 7776)
    assert expected.loc[(1, 1), "share"] == pytest.approx(2611 / 7776)
    assert expected["share"].sum() == pytest.approx(1.0)
    assert tally.odds == {(0, 2): Fraction(2890, 7776), (1, 1): Fraction(2611, 7776), (2, 0): Fraction(2275, 7776)}


@pytest.mark.parametrize(("attack", "defend"), [(3, 2), (2, 2), (1, 1), (3, 1), (1, 2)])
def test_chi2_equals_scipys_on_random_tallies(attack: int, defend: int) -> None:
    rng = random.Random(attack * 10 + defend)
    for n in (20, 150, 1000):
        tally = rb.DiceTally(attack, defend)
        tally.add_many([(fair(rng, attack), fair(rng, defend)) for _ in range(n)])
        statistic, p = tally.chi2()
        expected = tally.expected()["count"].tolist()
        ref = stats.chisquare(tally.observed()["count"].tolist(), expected)
        assert statistic == pytest.approx(ref.statistic, rel=1e-12)
        assert p == pytest.approx(ref.pvalue, abs=1e-9)


def test_the_chi2_survival_function_equals_scipys_for_every_degree_of_freedom() -> None:
    for df in range(1, 9):
        for x in (0.01, 0.5, 1.0, 3.84, 7.5, 20.0, 60.0):
            assert chi2_sf(x, df) == pytest.approx(stats.chi2.sf(x, df), abs=1e-12, rel=1e-9)
    assert chi2_sf(0.0, 2) == 1.0


def test_house_rules_three_defence_dice_have_four_outcomes() -> None:
    tally = rb.DiceTally(3, 3, rules=rb.Rules(defence_dice=3, ties="attacker"))
    assert list(tally.odds) == [(0, 3), (1, 2), (2, 1), (3, 0)]
    tally.add([4, 4, 4], [4, 4, 4])  # ties to the attacker: the defender loses 3
    assert tally.observed()["count"].tolist() == [1, 0, 0, 0]
    rng = random.Random(5)
    tally.add_many([(fair(rng, 3), fair(rng, 3)) for _ in range(400)])
    ref = stats.chisquare(tally.observed()["count"].tolist(), tally.expected()["count"].tolist())
    assert tally.chi2()[1] == pytest.approx(ref.pvalue, abs=1e-9)  # 3 degrees of freedom


def test_fair_dice_pass_and_a_loaded_die_fails_at_large_n() -> None:
    rng = random.Random(2026)
    honest = rb.DiceTally()
    honest.add_many([(fair(rng, 3), fair(rng, 2)) for _ in range(5000)])
    assert honest.chi2()[1] > 0.05
    assert "As close to the exact odds" in honest.caption()
    cheat = rb.DiceTally()
    cheat.add_many([(loaded(rng, 3), fair(rng, 2)) for _ in range(5000)])
    statistic, p = cheat.chi2()
    assert p < 1e-6 and statistic > 30
    assert "rarely" in cheat.caption()
    few = rb.DiceTally()
    few.add([6, 5, 4], [1, 1])
    assert "Too few throws" in few.caption()


def test_the_throws_of_a_games_record() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=11)
    game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}, max_turns=8)
    rolled = [e for e in game.events() if isinstance(e, rb.engine.events.DiceRolled)]
    three_two = [e for e in rolled if len(e.attack) == 3 and len(e.defend) == 2]
    assert three_two, "the game should have 3 v 2 throws"
    tally = rb.DiceTally.from_record(game)
    assert len(tally) == len(three_two)
    losses = [(e.attacker_losses, e.defender_losses) for e in three_two]
    assert tally.outcomes == losses  # the tally's comparison of the faces agrees with the game's
    again = rb.DiceTally()
    assert again.add_game(game.record()) == len(three_two)  # the record replayed
    assert again.outcomes == tally.outcomes
    house = rb.new_game("classic", players=["Ada", "Bo"], options={"ties": "attacker"}, seed=2)
    house.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(house.players)}, max_turns=6)
    thrown = [e for e in house.events() if isinstance(e, rb.engine.events.DiceRolled) and len(e.attack) == 3]
    ties = rb.DiceTally.from_record(house, 3, 2)  # the game's own tie rule
    assert ties.rules.ties == "attacker" and len(ties) == sum(len(e.defend) == 2 for e in thrown) > 0
    assert ties.outcomes == [(e.attacker_losses, e.defender_losses) for e in thrown if len(e.defend) == 2]
    ones = rb.DiceTally(1, 1)
    ones.add_game(game)
    assert len(ones) == sum(1 for e in rolled if len(e.attack) == 1 and len(e.defend) == 1)


@pytest.mark.parametrize(
    ("attack", "defend", "words"),
    [
        ([6, 3], [5, 2], "counts throws of 3 attacking"),
        ([6, 3, 1], [5], "counts throws of 2 defending"),
        ([7, 3, 1], [5, 2], "from 1 to 6"),
        ([0, 3, 1], [5, 2], "from 1 to 6"),
        ([6, 3, 1], [5, 2.5], "from 1 to 6"),
        ([6, True, 1], [5, 2], "from 1 to 6"),
        ("631", [5, 2], "list of faces"),
        (6, [5, 2], "list of faces"),
    ],
)
def test_bad_throws_are_refused_and_nothing_is_added(attack: object, defend: object, words: str) -> None:
    tally = rb.DiceTally()
    with pytest.raises(ValueError, match=words):
        tally.add(attack, defend)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=words):
        tally.add_many([([1, 2, 3], [4, 5]), (attack, defend)])  # type: ignore[list-item]
    assert len(tally) == 0


def test_bad_tallies_are_refused() -> None:
    for attack, defend in [(4, 2), (0, 2), (3, 3), (True, 2), (2.0, 1)]:
        with pytest.raises(ValueError, match="must be a whole number from 1 to"):
            rb.DiceTally(attack, defend)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="change a die"):
        rb.DiceTally(rules=rb.Rules(attack_bonus=1))
    with pytest.raises(TypeError, match="rules must be a game's rules"):
        rb.DiceTally(rules="classic")  # type: ignore[arg-type]
    assert rb.DiceTally(rules={"ties": "attacker"}).rules.ties == "attacker"  # a mapping, as the odds take
    with pytest.raises(ValueError, match="no throws yet"):
        rb.DiceTally().chi2()
    with pytest.raises(TypeError, match="game or its record"):
        rb.DiceTally().add_game("a game")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not an outcome"):
        rb.DiceTally().running_share((1, 0))
    with pytest.raises(ValueError, match="pair"):
        rb.DiceTally().add_many([[6, 5, 4]])  # type: ignore[list-item]
    assert math.isnan(rb.DiceTally().observed()["share"].iloc[0])


def test_the_chart_draws_a_bar_for_each_outcome_observed_and_expected() -> None:
    tally = rb.DiceTally()
    rng = random.Random(9)
    tally.add_many([(fair(rng, 3), fair(rng, 2)) for _ in range(250)])
    svg = str(tally.chart())
    counts = tally.counts()
    observed = {tuple(map(int, m["data-outcome"].split(","))): m for m in marks(svg, "bar observed")}
    assert {o: int(m["data-count"]) for o, m in observed.items()} == counts
    assert all(float(m["data-share"]) == pytest.approx(counts[o] / 250) for o, m in observed.items())
    expected = {
        tuple(map(int, m["data-outcome"].split(","))): float(m["data-share"]) for m in marks(svg, "bar expected")
    }
    assert expected == pytest.approx({o: float(p) for o, p in tally.odds.items()})
    statistic, p = tally.chi2()
    assert f"χ² = {statistic:.2f}" in svg and f"p = {p:.3f}" in svg
    (running,) = marks(svg, "running")
    assert int(running["data-throws"]) == 250
    assert float(running["data-last"]) == pytest.approx(counts[0, 2] / 250)
    assert tally.running_share()[-1] == pytest.approx(counts[0, 2] / 250)
    assert [float(m["data-p"]) for m in marks(svg, "exact")] == [pytest.approx(2890 / 7776)]
    empty = str(rb.DiceTally().chart())
    assert empty.count('class="bar ') == 6 and 'class="running"' not in empty and "No throws yet" in empty


def test_the_notebook_display_has_the_chart_and_the_table_in_the_language() -> None:
    tally = rb.DiceTally()
    tally.add_many([([6, 5, 4], [3, 2])] * 3 + [([1, 1, 1], [6, 6])])
    page = tally._repr_html_()
    assert "<svg" in page and "<table" in page and "75.0%" in page
    with rb.i18n.using("de"):
        page = tally._repr_html_()
        assert "75,0\xa0%" in page and "defender loses 2" not in page


class Handle:
    def __init__(self) -> None:
        self.shown: list[int] = []

    def update(self, obj: rb.DiceTally) -> None:
        self.shown.append(len(obj))


def test_show_returns_a_handle_that_each_add_updates(monkeypatch: pytest.MonkeyPatch) -> None:
    import IPython.display

    handle = Handle()
    calls = []

    def display(obj: object, display_id: bool = False) -> Handle:
        calls.append((obj, display_id))
        return handle

    monkeypatch.setattr(IPython.display, "display", display)
    tally = rb.DiceTally(2, 1)
    assert tally.show() is handle and calls == [(tally, True)]
    tally.add([6, 1], [5])
    tally.add_many([([2, 2], [3]), ([4, 4], [4])])
    tally.clear()
    assert handle.shown == [1, 3, 0]


def test_show_without_ipython_returns_none_and_the_tally_still_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "IPython", None)
    monkeypatch.setitem(sys.modules, "IPython.display", None)
    tally = rb.DiceTally()
    assert tally.show() is None
    tally.add([6, 6, 6], [1, 1])
    assert len(tally) == 1


def test_the_chain_picture_draws_every_state_and_every_throw() -> None:
    chain = rb.battle_chain(4, 3)
    svg = str(rb.chain_picture(chain))
    nodes = [e.attrib for e in ET.fromstring(svg).iter() if "data-state" in e.attrib]
    assert [n["data-state"] for n in nodes] == [rb.analysis.chain.state_label(s) for s in chain.states]
    arrows = {(m["data-from"], m["data-to"]): float(m["data-p"]) for m in marks(svg, "throw")}
    assert len(arrows) == sum(1 for row in chain.transition[: len(chain.transient)] for p in row if p)
    assert arrows["4 v 3", "4 v 1"] == pytest.approx(2890 / 7776)
    assert arrows["2 v 1", "1 v 1"] == pytest.approx(91 / 216)
    ends = {n["data-state"]: float(n["data-p"]) for n in nodes if n["data-kind"] != "transient"}
    assert sum(p for s, p in ends.items() if s.endswith(" v 0")) == pytest.approx(chain.p_win)
    visits = {n["data-state"]: float(n["data-p"]) for n in nodes if n["data-kind"] == "transient"}
    assert visits["4 v 3"] == 1.0  # the start: passed through for sure
    assert visits["3 v 2"] == pytest.approx(2611 / 7776)  # reached only by one 1-1 throw from the start
    leader = str(rb.chain_picture(rb.battle_chain(3, 2, attacker_leader=True)))
    assert 'data-state="3★ v 2"' in leader
    both = rb.battle_chain(3, 3, attacker_leader=True, defender_leader=True)  # the defender's leader may fall first
    nodes = [e.attrib for e in ET.fromstring(str(rb.chain_picture(both))).iter() if "data-state" in e.attrib]
    assert [n["data-state"] for n in nodes] == [rb.analysis.chain.state_label(s) for s in both.states]
    assert {"1★ v 1★", "1★ v 1"} <= {n["data-state"] for n in nodes}  # two states at one place, both drawn
    with pytest.raises(ValueError, match="odds_heatmap"):
        rb.chain_picture(rb.battle_chain(13, 2))
    with pytest.raises(TypeError, match="battle_chain"):
        rb.chain_picture(rb.battle_odds(3, 2))  # type: ignore[arg-type]
