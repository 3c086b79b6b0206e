"""Exact odds with Balance of Power's dice modifiers (``rb.analysis.battle_p_win``), checked
against single throws worked out by hand and against the unmodified exact odds."""

from __future__ import annotations

import pytest

import riskboard as rb
from riskboard.analysis import battle_p_win


@pytest.mark.parametrize(("a", "d"), [(1, 1), (2, 1), (3, 2), (5, 3), (10, 10)])
def test_without_modifiers_it_is_the_exact_battle_odds(a: int, d: int) -> None:
    assert battle_p_win(a, d) == pytest.approx(float(rb.battle_odds(a, d).p_win), abs=1e-12)
    # the same solver with the printed rules given explicitly, and with a "modification" of nothing
    assert rb.battle_odds(a, d, rb.Rules()).p_win_exact == rb.battle_odds(a, d).p_win_exact
    assert rb.battle_odds(a, d, rb.Rules(rerolls=0, attack_bonus=0)).p_win_exact == rb.battle_odds(a, d).p_win_exact


def test_one_die_each_worked_by_hand() -> None:
    assert battle_p_win(1, 1) == pytest.approx(15 / 36)  # a > d
    assert battle_p_win(1, 1, attack_bonus=True) == pytest.approx(21 / 36)  # a + 1 > d, i.e. a >= d
    assert battle_p_win(1, 1, defend_bonus=True) == pytest.approx(10 / 36)  # a > d + 1
    # a recon reroll makes the attacking die uniform on 2..6: P(a > d) = (1+2+3+4+5) / 30
    assert battle_p_win(1, 1, rerolls=1) == pytest.approx(15 / 30)
    # both airfields: each side +1, the same as none
    assert battle_p_win(1, 1, attack_bonus=True, defend_bonus=True) == pytest.approx(15 / 36)


def test_a_cap_of_two_dice_lowers_the_odds_only_when_three_could_roll() -> None:
    assert battle_p_win(2, 2, max_dice=2) == pytest.approx(battle_p_win(2, 2))
    assert battle_p_win(3, 2, max_dice=2) < battle_p_win(3, 2)


def test_the_board_and_the_engine_agree_on_what_changes_the_dice() -> None:
    position = {t: ("blue", 2) for t in rb.load_map("europe").ids}
    position.update(germany=("red", 6), denmark=("neutral", 3), switzerland=("neutral", 3))
    game = rb.new_game(
        "balance_of_power", players=["red", "blue"], variant="command_room", position=position,
        current_player="red", phase="attack", airfields={"red": "germany", "blue": "czechia"},
        purchases=["recon_mission", "recon_mission"],
    )  # fmt: skip
    swiss = game.extras.battle_modifiers("switzerland")
    assert swiss["max_dice"] == 2 and swiss["attack_bonus"] and not swiss["defend_bonus"]
    assert swiss["rerolls"] == 2  # a building territory
    czech = game.extras.battle_modifiers("czechia")
    assert czech["max_dice"] == 3 and czech["attack_bonus"] and czech["defend_bonus"] and czech["rerolls"] == 0
    assert len(czech["notes"]) == 2
    neutral = game.extras.battle_modifiers("czechia", attacker="neutral")
    assert not neutral["attack_bonus"] and neutral["rerolls"] == 0  # never for neutral dice
