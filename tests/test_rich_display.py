"""Objects that display themselves in a notebook, and stay short in a terminal: the odds, a
player's view, a picture and a game."""

from __future__ import annotations

import re

import riskboard as rb


def played_game() -> rb.Game:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], variant="secret_missions", seed=7)
    game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}, max_turns=6)
    return game


def test_battle_odds_show_a_sentence_and_a_chart_of_the_outcomes() -> None:
    odds = rb.battle_odds(10, 10)
    assert len(repr(odds)) < 120 and "Fraction" not in repr(odds) and "56.8%" in repr(odds)
    html = odds._repr_html_()
    assert "the attacker conquers with probability <b>56.8%</b>" in html
    assert html.count("<rect") == 20  # one bar per end: the defender left with 10..1, the attacker with 1..10
    assert "defender holds (43.2%)" in html and "attacker conquers (56.8%)" in html
    ends = odds.outcomes
    assert abs(sum(ends.values()) - 1) < 1e-12 and all(a == 0 or d == 0 for a, d in ends)
    assert abs(sum(p for (a, d), p in ends.items() if d == 0) - odds.p_win) < 1e-12
    house = rb.battle_odds(8, 5, rules=rb.Rules(defence_dice=3))
    assert "house rules" in repr(house) and "defender up to 3" in house._repr_html_()
    assert "<svg" not in rb.battle_odds(4, 0)._repr_html_()  # nothing to chart
    assert rb.battle_odds(90, 60)._repr_html_().count("<rect") == 30 + 30  # long battles: at most 40 bars a side


def test_a_view_shows_a_short_table_of_what_its_player_sees() -> None:
    game = played_game()
    view = game.view("Ada")
    assert repr(view).startswith("<PlayerView of Ada") and len(repr(view)) < 80
    html = view._repr_html_()
    assert "What Ada sees" in html and html.count("<tr") == 1 + len(game.config.owners)
    assert "your mission:" in html and game.mission("Ada").replace("_", " ") in html
    for card in game.hand("Ada"):
        assert card in html
    for other in ("Bo", "Cy"):  # only counted: never the cards or the secret mission
        assert all(card not in html for card in game.hand(other) if card not in game.hand("Ada"))
        assert game.mission(other).replace("_", " ") not in html


def test_render_svg_is_a_string_that_notebooks_show_as_a_picture() -> None:
    game = played_game()
    svg = rb.render_svg(game)
    assert isinstance(svg, str) and svg.startswith("<svg") and svg == str(svg)
    assert svg._repr_svg_() == str(svg)
    assert len(repr(svg)) < 80 and "characters" in repr(svg)
    assert type(svg + "") is str  # string operations give plain strings
    assert rb.Board(game).to_svg()._repr_svg_().startswith("<svg")


def test_a_game_shows_its_picture_and_a_paragraph() -> None:
    game = played_game()
    assert "\n" not in repr(game) and repr(game).startswith("<Game classic")
    html = game._repr_html_()
    assert html.count("<svg") == 1 and html.count("data-territory=") == 42
    paragraph = re.search(r"<p style=[^>]*>(.*)</p>", html, re.S).group(1)  # type: ignore[union-attr]
    assert paragraph == game.describe().replace("'", "&#x27;")
    assert f"Turn {game.turn}: " in paragraph and "Ada: " in paragraph
    bop = rb.new_game("balance_of_power", players=["red", "blue"], seed=4)
    assert "units" in bop.describe() and "<svg" in bop._repr_html_()
