"""The mutation check of issue 20: each rule that once had a copy outside its home is changed in
its home (one constant or function, monkeypatched) and every surface that shows or uses it — the
bots, the board's payload, the odds — follows. A surface that kept its own copy would still show
the old rule, and its assertion here would fail."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import pytest

import riskboard as rb
from riskboard.analysis import exact, table
from riskboard.bots import odds as bot_odds
from riskboard.bots.bop import mission_targets
from riskboard.engine.combat import Rules
from riskboard.rulesets.balance_of_power import BalanceOfPowerRuleset, combat, missions
from riskboard.rulesets.balance_of_power.events import ReinforcementsCounted
from riskboard.rulesets.components import memo

EUROPE = rb.load_map("europe")
CITIES = ["germany", "poland", "czechia", "prussia", "great_britain", "ireland", "italy", "sweden", "finland"]
ORANGE = ["germany", "prussia", "poland", "czechia", "slovakia"]


def bop(phase: str = "attack", **kw: Any) -> rb.Game:
    """red holds the orange region (4 of the 9 cities), blue the British Isles, the neutral army
    the rest; red to play."""
    position = {t: ("neutral", 2) for t in EUROPE.ids}
    position.update({t: ("red", 4) for t in ORANGE})
    position.update({"great_britain": ("blue", 3), "ireland": ("blue", 3)})
    kw.setdefault("missions", ["control_cities_6", "control_swiss_vault", "control_sea_access"])
    kw.setdefault("variant", "command_room")
    return rb.new_game(
        "balance_of_power",
        players=["red", "blue"],
        position=position,
        current_player="red",
        phase=phase,
        cities=CITIES,
        capitals={"red": "prussia", "blue": "ireland"},
        seed=3,
        **kw,
    )


def board_state(game: rb.Game) -> dict[str, Any]:
    # the board's parts remember their last answer by the state they read (rulesets.components.
    # memo): a test that changes a rule in its home, the game open, makes them answer anew
    memo.forget()
    return game.ruleset.board_state(game.config, game.state)


def progress(game: rb.Game, mission: str) -> list[int]:
    """red's ``[have, need]`` for a face-up mission, as the board's counts send it."""
    memo.forget()
    counts = game.ruleset.board_counts(game.config, game.state)
    return counts["progress"]["red"][game.extras.board_missions.index(mission)]


def targets(game: rb.Game) -> dict[str, tuple[frozenset[int], int]]:
    return {m: (members, need) for m, members, need in mission_targets(game.view("red"))}


def test_the_cities_mission_count(monkeypatch: pytest.MonkeyPatch) -> None:
    game = bop()
    assert progress(game, "control_cities_6") == [4, 6] and targets(game)["control_cities_6"][1] == 6
    assert not game.is_legal("collect control_cities_6")
    monkeypatch.setattr(missions, "CITIES_NEEDED", 4)
    assert progress(game, "control_cities_6") == [4, 4]  # the board
    assert targets(game)["control_cities_6"][1] == 4  # the bots
    assert game.extras.progress("red")["control_cities_6"]["done"]
    assert game.is_legal("collect control_cities_6")  # the rule itself


def test_the_minimum_income(monkeypatch: pytest.MonkeyPatch) -> None:
    # red holds 5 territories and 4 cities: (5 + 4) // 3 = 3 units, plus orange's bonus and a capital
    game = bop(phase="reinforce")
    bonus = EUROPE.region("orange").bonus
    assert game.extras.income("red")[0] == 3 + bonus + 1
    defaults = BalanceOfPowerRuleset.default_options

    def more(self: BalanceOfPowerRuleset, variant: str) -> dict[str, Any]:
        return {**defaults(self, variant), "min_reinforcements": 5}

    monkeypatch.setattr(BalanceOfPowerRuleset, "default_options", more)
    game = bop(phase="reinforce")
    assert game.extras.income("red")[0] == 5 + bonus + 1
    assert game.ruleset.income(game.config, game.state, 0) == 5 + bonus + 1
    assert rb.Board(game).view["reinforcements"] == 5 + bonus + 1  # the board, from the scenario's step
    game = bop(phase="fortify", variant="basic_training")  # no resistance or hospital step first
    events = game.apply("end")
    counted = [e for e in events if isinstance(e, ReinforcementsCounted)]
    # blue: 2 territories and 2 cities give (2 + 2) // 3 = 1, so the minimum, plus its capital
    assert [e.total for e in counted] == [5 + 1]


def test_the_territories_a_mission_is_about(monkeypatch: pytest.MonkeyPatch) -> None:
    game = bop()
    switzerland, austria = EUROPE.index["switzerland"], EUROPE.index["austria"]
    assert board_state(game)["mission_territories"]["control_swiss_vault"] == ["switzerland"]
    assert targets(game)["control_swiss_vault"] == (frozenset({switzerland}), 1)
    home = missions.goal

    def moved(cfg: Any, s: Any, mission: str) -> tuple[tuple[int, ...], int] | None:
        return ((austria,), 1) if mission == "control_swiss_vault" else home(cfg, s, mission)

    monkeypatch.setattr(missions, "goal", moved)
    assert board_state(game)["mission_territories"]["control_swiss_vault"] == ["austria"]  # the board
    assert targets(game)["control_swiss_vault"] == (frozenset({austria}), 1)  # the bots
    assert game.extras.mission_territories("control_swiss_vault") == (["austria"], 1)
    assert "Austria" in game.extras.progress("red")["control_swiss_vault"]["text"]


def test_the_airfield_bonus(monkeypatch: pytest.MonkeyPatch) -> None:
    game = bop(airfields={"red": "czechia"}, hospital={"red": 12, "blue": 3})
    src, tgt = EUROPE.index["czechia"], EUROPE.index["austria"]
    facts = game.ruleset.board_facts(game.config, game.state)
    assert facts["airfield_bonus"] == 1
    assert game.view("red").battle_rules(src, tgt).attack_bonus == 1
    monkeypatch.setattr(combat, "AIRFIELD_BONUS", 2)
    facts = game.ruleset.board_facts(game.config, game.state)
    assert facts["airfield_bonus"] == 2  # the board's facts
    assert "+2" in next(c["help"] for c in facts["commands"] if c["id"] == "build_airfield")
    rules = game.view("red").battle_rules(src, tgt)
    assert rules.attack_bonus == 2
    expected = rb.battle_odds(2, 2, Rules(attack_dice=2, attack_bonus=2, fortify="connected")).p_win
    assert bot_odds.p_win(2, 2, rules) == pytest.approx(expected)  # the bots' odds
    assert any("+2" in note for note in game.extras.battle_modifiers("austria")["notes"])
    board = rb.Board(game)
    board._on_msg(board, {"kind": "click", "territory": "czechia", "state_id": board.state_id}, [])
    hint = board.hints["targets"]["austria"]
    assert hint["p_win"] == pytest.approx(min(rb.battle_odds(3, 2, rules).p_win, 0.9999), abs=1e-4)  # the board's odds


def test_the_odds_tables_dice_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table asks ``Rules`` how many dice each battle rolls: a defender that may only ever roll
    one die (changed in ``Rules.defending``) gives the table of ``defence_dice=1``."""
    reference = rb.odds_table(30, 30, rules=Rules(defence_dice=1)).p_win.copy()
    printed = rb.odds_table(30, 30).p_win.copy()
    monkeypatch.setattr(table, "_TABLES", OrderedDict())
    monkeypatch.setattr(Rules, "defending", lambda self, units: min(1, units))
    exact.full_dice.cache_clear()
    try:
        changed = rb.odds_table(30, 30, rules=Rules()).p_win
        assert (changed == reference).all()
        assert not (changed == printed).all()
    finally:
        exact.full_dice.cache_clear()


def test_the_odds_and_the_table_do_not_import_each_other() -> None:
    import ast
    from pathlib import Path

    source = Path(table.__file__).read_text()
    imported = {
        node.module
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and node.module is not None
    }
    assert "riskboard.analysis.odds" not in imported


def test_the_leaders_die(monkeypatch: pytest.MonkeyPatch) -> None:
    """Transformers' leader die (RULES.md §6.4, a d8) is ``Rules.leader_sides``: with a d10 there,
    the board's odds of an attack with the leader, its note, and the bots' odds all follow (the
    odds once restated the d8 as their own default)."""
    import dataclasses

    from riskboard.rulesets.transformers import TransformersRuleset
    from riskboard.widget.edition import target_odds

    world = rb.load_map("world")
    position = {t: ("Bo", 3) for t in world.ids} | {"ukraine": ("Ada", 6)}

    def game() -> rb.Game:
        return rb.new_game(
            "transformers", players=["Ada", "Bo"], position=position, leaders={"Ada": "ukraine", "Bo": "siberia"},
            current_player="Ada", phase="attack", seed=1,
        )  # fmt: skip

    before = game()
    p8, notes8 = target_odds(before, "ukraine", "scandinavia")
    bot8 = bot_odds.leader_p_win(5, 3, before.rules, True, False)
    printed = TransformersRuleset.rules
    monkeypatch.setattr(
        TransformersRuleset, "rules", lambda self, v, o: dataclasses.replace(printed(self, v, o), leader_sides=10)
    )
    after = game()
    p10, notes10 = target_odds(after, "ukraine", "scandinavia")
    assert after.rules.leader_sides == 10
    assert p8 is not None and p10 is not None and p10 > p8  # a d10 wins more often than a d8
    assert p10 == rb.battle_odds(5, 3, after.rules, attacker_leader=True).p_win
    assert any("d10" in n for n in notes10) and any("d8" in n for n in notes8)
    assert bot_odds.leader_p_win(5, 3, after.rules, True, False) > bot8
