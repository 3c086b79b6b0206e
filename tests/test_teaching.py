"""The teaching pictures draw what the numbers say: every heatmap cell its battle's odds, every
timeline point an owner's counts at the end of that turn, every win-rate bar its share; and bad
input is refused with a sentence that says what to pass instead."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

import riskboard as rb
from riskboard.render.palette import owner_colours
from riskboard.teaching import Chart

SVG = "{http://www.w3.org/2000/svg}"


def parse(picture: str) -> ET.Element:
    root = ET.fromstring(str(picture))
    assert root.tag == f"{SVG}svg"
    return root


def title_of(element: ET.Element) -> str:
    title = element.find(f"{SVG}title")
    assert title is not None and title.text
    return title.text


def cells(root: ET.Element) -> dict[tuple[int, int], ET.Element]:
    return {
        (int(e.get("data-attackers", 0)), int(e.get("data-defenders", 0))): e
        for e in root.iter(f"{SVG}rect")
        if e.get("data-attackers")
    }


# -- odds_heatmap --------------------------------------------------------------------------------


def test_every_cell_is_its_battle_with_its_exact_odds() -> None:
    picture = rb.odds_heatmap(12, 9)
    table = rb.odds_table(12, 9)
    found = cells(parse(picture))
    assert set(found) == {(a, d) for a in range(1, 13) for d in range(1, 10)}
    for (a, d), cell in found.items():
        assert float(cell.get("data-p", "nan")) == table[a, d]
        lost_a, lost_d = table.expected_losses(a, d)
        assert title_of(cell) == (
            f"{a} attacking v {d} defending: the attacker conquers with probability {table[a, d]:.4%}; "
            f"expected losses {lost_a:.2f} (attacker) and {lost_d:.2f} (defender)"
        )
    assert "65.5954%" in title_of(found[3, 2])  # rb.battle_odds(3, 2).p_win, as TEACHING.md has it
    assert "56.7593%" in title_of(cells(parse(rb.odds_heatmap()))[10, 10])  # the default picture: up to 20 v 20


def test_colours_grow_with_the_odds() -> None:
    found = cells(parse(rb.odds_heatmap(6, 6)))

    def orange(cell: ET.Element) -> int:  # red minus blue: the attacker's orange against the defender's purple
        fill = cell.get("fill", "#000000")
        return int(fill[1:3], 16) - int(fill[5:7], 16)

    assert orange(found[6, 1]) > orange(found[3, 3]) > orange(found[1, 6])


def test_a_house_rule_changes_the_picture() -> None:
    house = rb.Rules(defence_dice=3)
    printed, changed = rb.odds_heatmap(10, 10), rb.odds_heatmap(10, 10, rules=house)
    assert printed != changed
    ours = cells(parse(changed))
    assert float(ours[10, 10].get("data-p", "nan")) == rb.odds_table(10, 10, rules=house)[10, 10]
    assert float(ours[10, 10].get("data-p", "nan")) < float(cells(parse(printed))[10, 10].get("data-p", "nan"))
    assert "defender up to 3" in changed and "printed rules" in printed
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=1, options={"ties": "attacker"})
    assert rb.odds_heatmap(10, 10, rules=game.rules) not in (printed, changed)


def test_the_even_line_separates_the_battles_won_more_often_than_not() -> None:
    root = parse(rb.odds_heatmap(15, 15))
    found = cells(root)
    (even,) = [p for p in root.iter(f"{SVG}path") if p.get("class") == "even"]
    drawn = set(re.findall(r"M([\d.]+) ([\d.]+)([VH])([\d.]+)", even.get("d", "")))
    expected = set()
    for (a, d), cell in found.items():
        x, y, w = float(cell.get("x", 0)), float(cell.get("y", 0)), float(cell.get("width", 0))
        win = float(cell.get("data-p", 0)) >= 0.5
        right, above = found.get((a, d + 1)), found.get((a + 1, d))
        if right is not None and win != (float(right.get("data-p", 0)) >= 0.5):
            expected.add((x + w, y, "V", y + w))
        if above is not None and win != (float(above.get("data-p", 0)) >= 0.5):
            expected.add((x, y, "H", x + w))
    assert len(expected) > 10
    rounded = {(round(a, 1), round(b, 1), c, round(e, 1)) for a, b, c, e in expected}
    assert {(round(float(a), 1), round(float(b), 1), c, round(float(e), 1)) for a, b, c, e in drawn} == rounded


def test_mark_outlines_one_battle_and_names_it() -> None:
    root = parse(rb.odds_heatmap(12, 12, mark=(10, 8)))
    (box,) = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "mark"]
    cell = cells(root)[10, 8]
    assert (box.get("x"), box.get("y"), box.get("width")) == (cell.get("x"), cell.get("y"), cell.get("width"))
    assert title_of(box) == title_of(cell)
    assert "marked: 10 v 8, 72.4%" in str(rb.odds_heatmap(12, 12, mark=(10, 8)))


def test_numbers_in_cells_never_round_to_a_certainty() -> None:
    root = parse(rb.odds_heatmap(12, 12))
    numbers = [t.text for g in root.iter(f"{SVG}g") if g.get("class") == "numbers" for t in g]
    assert len(numbers) == 144
    table = rb.odds_table(12, 12)
    near_one = sum(1 for a in range(1, 13) for d in range(1, 13) if 0.995 <= table[a, d] < 1.0)
    assert near_one > 0 and numbers.count(">99") == near_one
    assert numbers.count("100") == sum(1 for a in range(1, 13) for d in range(1, 13) if table[a, d] == 1.0)


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"max_attackers": 0}, ValueError, "max_attackers must be a whole number from 1 to 100"),
        ({"max_defenders": 101}, ValueError, "rb.odds_table"),
        ({"max_attackers": True}, ValueError, "whole number"),
        ({"max_attackers": 5.0}, ValueError, "whole number"),
        ({"mark": (30, 2)}, ValueError, "max_attackers=30"),
        ({"mark": "10 8"}, ValueError, "mark=(10, 8)"),
        ({"mark": (1, 2, 3)}, ValueError, "mark must be a battle"),
        ({"rules": "classic"}, TypeError, "rb.Rules"),  # (a mapping of changes is taken, as the odds take it)
    ],
)
def test_bad_heatmap_input_says_what_to_pass(kwargs: dict[str, Any], error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=re.escape(words)):
        rb.odds_heatmap(**kwargs)


def test_a_chart_shows_in_a_notebook_and_saves_to_a_file(tmp_path: Path) -> None:
    picture = rb.odds_heatmap(4, 4, title="Small battles")
    assert isinstance(picture, Chart) and picture._repr_svg_() == str(picture) == picture
    assert "Small battles" in picture and repr(picture).startswith("<SVG picture")
    saved = picture.save(tmp_path / "odds.svg")
    assert saved.read_text(encoding="utf-8") == str(picture)
    parse(saved.read_text(encoding="utf-8"))


# -- armies_over_time ----------------------------------------------------------------------------

EDITIONS = [
    ("classic", ["Ada", "Bo", "Cy", "Di"], {}),
    ("classic", ["Ada", "Bo"], {}),  # a neutral army
    ("risk2010", ["Ada", "Bo"], {"variant": "two_player"}),  # three neutral armies
    ("risk2010", ["Ada", "Bo", "Cy"], {"variant": "classic"}),
    ("balance_of_power", ["Ada", "Bo"], {}),
    ("transformers", ["Ada", "Bo", "Cy"], {}),
]


def played(ruleset: str, players: list[str], kwargs: dict[str, Any], turns: int = 12) -> tuple[rb.Game, dict]:
    """A bot game played one turn at a time, with each owner's counts after every turn, read from
    the game as it went (not rebuilt the way the picture is)."""
    game = rb.new_game(ruleset, players=players, seed=4, **kwargs)
    bots = {p: rb.bots.Aggressive(seed=i) for i, p in enumerate(players)}
    after: dict[int, dict[str, dict[str, int]]] = {}
    while not game.is_over and game.turn <= turns:
        turn = game.turn
        game.play(bots, max_turns=0)  # to the end of this turn (or of the game)
        after[turn] = game.stats()
    return game, after


def points(root: ET.Element, measure: str) -> list[ET.Element]:
    return [c for g in root.iter(f"{SVG}g") if g.get("class") == f"points {measure}" for c in g]


@pytest.mark.parametrize(("ruleset", "players", "kwargs"), EDITIONS, ids=lambda v: str(v))
def test_the_timeline_shows_every_owner_after_every_turn(ruleset: str, players: list[str], kwargs: dict) -> None:
    game, after = played(ruleset, players, kwargs)
    root = parse(rb.armies_over_time(game))
    owners = game.config.owners
    colours = owner_colours(game.config)
    for measure in ("armies", "territories"):
        dots = points(root, measure)
        assert len(dots) == len(after) * len(owners)
        for dot in dots:
            owner, turn = dot.get("data-owner", ""), int(dot.get("data-turn", -1))
            assert int(dot.get(f"data-{measure}", -1)) == after[turn][owner][measure], (owner, turn)
            assert dot.get("fill") == colours[owner]
        last = {d.get("data-owner"): int(d.get(f"data-{measure}", -1)) for d in dots if d.get("class") == "last"}
        assert last == {o: game.stats()[o][measure] for o in owners}
        lines = [p for p in root.iter(f"{SVG}polyline") if p.get("data-measure") == measure]
        assert [(p.get("data-owner"), p.get("stroke")) for p in lines] == [(o, colours[o]) for o in owners]
    drawn = {d.get("data-owner") for d in points(root, "armies")}
    assert drawn == set(players) | set(game.config.neutrals)  # neutral armies too


def test_the_lines_follow_the_counts_up_and_down() -> None:
    game, after = played("classic", ["Ada", "Bo", "Cy"], {}, turns=8)
    root = parse(rb.armies_over_time(game))
    (line,) = [
        p for p in root.iter(f"{SVG}polyline") if p.get("data-owner") == "Ada" and p.get("data-measure") == "armies"
    ]
    ys = [float(xy.split(",")[1]) for xy in line.get("points", "").split()]
    armies = [after[t]["Ada"]["armies"] for t in sorted(after)]
    assert len(ys) == len(armies)
    for (y0, y1), (a0, a1) in zip(pairwise(ys), pairwise(armies)):
        assert (y1 < y0) == (a1 > a0) and (y1 == y0) == (a1 == a0)  # up the picture is more


def test_pale_lines_get_a_dark_edge_and_keep_their_board_colour() -> None:
    game, _ = played("classic", ["Ada", "Bo", "Cy", "Di"], {}, turns=3)  # Di plays in the palette's yellow
    root = parse(rb.armies_over_time(game))
    edges = [p for p in root.iter(f"{SVG}polyline") if p.get("class") == "edge"]
    lines = {p.get("data-owner"): p for p in root.iter(f"{SVG}polyline") if p.get("data-measure") == "armies"}
    assert owner_colours(game.config)["Di"] == "#F0E442" and lines["Di"].get("stroke") == "#F0E442"
    assert len(edges) == 2 and {e.get("points") for e in edges} >= {lines["Di"].get("points")}
    assert all(e.get("stroke-dasharray") == lines["Di"].get("stroke-dasharray") for e in edges)


def test_a_record_its_json_and_the_game_draw_the_same_picture() -> None:
    game, _ = played("risk2010", ["Ada", "Bo"], {"variant": "two_player"}, turns=6)
    picture = rb.armies_over_time(game)
    assert rb.armies_over_time(game.record()) == picture
    assert rb.armies_over_time(json.dumps(game.record())) == picture


def test_a_game_without_undo_history_and_with_injected_dice_is_drawn_too() -> None:
    position = {t: ("Bo", 2) for t in rb.load_map("world").ids}
    position.update(alaska=("Ada", 5), kamchatka=("Bo", 1))
    game = rb.new_game(
        "classic", players=["Ada", "Bo"], position=position, current_player="Ada", phase="attack", seed=1
    )
    game.apply("attack alaska kamchatka 3", dice=([1, 1, 1], [6]))  # dice no generator would give here
    game.apply("attack alaska kamchatka 3", dice=([6, 5, 4], [1]))
    root = parse(rb.armies_over_time(game, per="action"))
    ada = [int(d.get("data-armies", -1)) for d in points(root, "armies") if d.get("data-owner") == "Ada"]
    bo = [int(d.get("data-armies", -1)) for d in points(root, "armies") if d.get("data-owner") == "Bo"]
    assert ada == [5, 4, 4] and bo == [81, 81, 80]  # the attacker lost the first throw, the defender the second
    fast = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=3, options={"undo": False})
    fast.play({p: rb.bots.Aggressive(seed=2) for p in fast.players}, max_turns=5)
    dots = points(parse(rb.armies_over_time(fast)), "armies")
    last = {d.get("data-owner"): int(d.get("data-armies", -1)) for d in dots if d.get("class") == "last"}
    assert last == {o: s["armies"] for o, s in fast.stats().items()}


def test_bad_timeline_input_says_what_to_pass() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=1)
    with pytest.raises(ValueError, match=re.escape("per must be one of 'turn', 'action', got 'round'")):
        rb.armies_over_time(game, per="round")
    with pytest.raises(TypeError, match="needs a game or its record"):
        rb.armies_over_time(42)  # type: ignore[arg-type]
    with pytest.raises(rb.FormatError):
        rb.armies_over_time({"format": "something else"})


# -- win_rates -----------------------------------------------------------------------------------


def table() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "win_rate": [0.55, 0.3, 0.15],
            "ci_low": [0.45, 0.21, 0.09],
            "ci_high": [0.65, 0.40, 0.24],
            "games": [100, 100, 100],
            "elo": [1580.4, 1490.0, 1429.6],
        },
        index=["Planner", "Aggressive", "Random"],
    )


def bars(root: ET.Element) -> dict[str, ET.Element]:
    return {r.get("data-bot", ""): r for r in root.iter(f"{SVG}rect") if r.get("class") == "bar"}


def test_bars_are_as_long_as_the_win_rates() -> None:
    found = bars(parse(rb.win_rates(table())))
    assert list(found) == ["Planner", "Aggressive", "Random"]  # the table's order
    per_share = [float(bar.get("width", 0)) / rate for bar, rate in zip(found.values(), table().win_rate)]
    assert per_share == pytest.approx([per_share[0]] * 3, rel=1e-3)  # one scale for every bar
    assert title_of(found["Planner"]) == "Planner: won 55.0 % (95 % interval 45.0 % to 65.0 %); 100 games, Elo 1580"


def test_whiskers_span_each_interval() -> None:
    root = parse(rb.win_rates(table()))
    found = bars(root)
    scale = float(found["Planner"].get("width", 0)) / 0.55
    left = float(found["Planner"].get("x", 0))
    for path in (p for p in root.iter(f"{SVG}path") if p.get("class") == "interval"):
        start, end = re.match(r"M([\d.]+) [\d.]+H([\d.]+)", path.get("d", "")).groups()  # type: ignore[union-attr]
        row = table().loc[path.get("data-bot")]
        assert float(start) == pytest.approx(left + scale * row.ci_low, abs=0.02)
        assert float(end) == pytest.approx(left + scale * row.ci_high, abs=0.02)


def test_anything_with_a_table_or_a_plain_mapping_draws_the_same() -> None:
    class Result:
        table = table()

    from_frame = rb.win_rates(table())
    assert rb.win_rates(Result()) == from_frame
    assert rb.win_rates(table().to_dict(orient="index")) == from_frame


def test_a_bot_no_game_seated_is_listed_without_a_bar() -> None:
    nan = float("nan")
    frame = pd.concat(
        [table(), pd.DataFrame({"win_rate": [nan], "ci_low": [nan], "ci_high": [nan], "games": [0]}, index=["idle"])]
    )
    picture = rb.win_rates(frame)
    assert list(bars(parse(picture))) == ["Planner", "Aggressive", "Random"]
    assert ">idle</text>" in picture and ">no games</text>" in picture
    assert "100 games each" in rb.win_rates(table())


@pytest.mark.parametrize(
    ("bad", "error", "words"),
    [
        (table().drop(columns=["ci_low"]), ValueError, "no ci_low column"),
        (table().iloc[:0], ValueError, "no bots"),
        (table().assign(win_rate=[1.5, 0.3, 0.15], ci_high=[1.6, 0.4, 0.24]), ValueError, "shares from 0 to 1"),
        (table().assign(ci_low=[0.6, 0.21, 0.09]), ValueError, "must hold its win_rate"),
        (table().assign(win_rate=[float("nan"), 0.3, 0.15]), ValueError, "shares from 0 to 1"),  # games, no rate
        ([0.5, 0.3], TypeError, "needs a tournament result"),
        ({"a": 0.5}, TypeError, "must be a mapping"),
    ],
)
def test_bad_tables_are_refused(bad: Any, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=re.escape(words)):
        rb.win_rates(bad)


def test_a_heatmap_takes_rules_as_the_odds_do() -> None:
    assert str(rb.odds_heatmap(6, 6, rules={"defence_dice": 3})) == str(
        rb.odds_heatmap(6, 6, rules=rb.Rules(defence_dice=3))
    )
