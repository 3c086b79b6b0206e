"""Transformers on the board's front end in headless Chromium: the leaders drawn on their zones,
the attack with or without the leader, the d8 drawn as an octagon in the last throw, Continue and
Stop after outcome 2, the casualty choice, the defence with the leader, a leader brought back from
the scrapyard by a click on a zone, and beside the map the round of six, the alliances and the
scrapyards; also clicked through to a real ``riskboard.Board``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

import riskboard as rb

from .board_traits import board_traits
from .helpers import click_territory, mount, real_board, sent, territory
from .scenarios_tf import (
    SECOND_THROW,
    TF,
    casualty_pending,
    face_to_face,
    four_players,
    liberation,
    mid_liberation,
    position,
)

pytestmark = pytest.mark.browser


def actions(page: Any) -> list[str]:
    return [m["text"] for m in sent(page) if m["kind"] == "action"]


def percent(p: float) -> str:
    r = round(100 * p)
    return "<1%" if r == 0 < p else ">99%" if r == 100 > 100 * p else f"{r}%"


def options(page: Any) -> list[str]:
    return sorted(page.eval_on_selector_all("path.rb-is-option", "ps => ps.map(p => p.dataset.territory)"))


# -- the leaders on the map ------------------------------------------------------------------------
def test_leaders_are_drawn_on_their_zones(page: Any) -> None:
    traits = board_traits(liberation())
    mount(page, traits)
    markers = page.eval_on_selector_all(
        ".rb-leader",
        """gs => gs.map(g => [g.dataset.player, g.dataset.leader, g.dataset.territorySymbol,
            g.querySelector('path').getAttribute('fill'), g.querySelector('title').textContent])""",
    )
    colours = {p["name"]: p["colour"] for p in traits["players"]}
    assert [m[:4] for m in markers] == [
        ["Ada", "optimus_prime", "ontario", colours["Ada"]],
        ["Bo", "megatron", "ukraine", colours["Bo"]],
    ]
    assert markers[0][4].startswith("Optimus Prime (Autobots), the leader of Ada, on Ontario")
    assert page.locator(".rb-leader-autobots").count() == 1 and page.locator(".rb-leader-decepticons").count() == 1
    # beside its zone's badge, not over it
    box = page.locator('.rb-leader[data-player="Ada"]').bounding_box()
    badge = page.locator('[data-badge="ontario"]').bounding_box()
    assert box and badge and box["x"] + box["width"] <= badge["x"] + 1
    assert abs((box["y"] + box["height"] / 2) - (badge["y"] + badge["height"] / 2)) < 3
    # a click on the marker is a click on its zone: it selects Ontario
    page.locator('.rb-leader[data-player="Ada"]').click()
    assert sent(page)[-1] == {"kind": "click", "territory": "ontario", "state_id": traits["state_id"]}
    assert page.inner_text(".rb-turn-no") == "round 2 of 6 · turn 1"


def test_the_setup_places_the_leader_by_a_click(page: Any) -> None:
    game = rb.new_game(TF, players=["Ada", "Bo"], seed=1)
    traits = board_traits(game)
    mount(page, traits)
    player = game.pending.player
    name = traits["edition"]["leaders"][player]["name"]
    assert page.inner_text(".rb-prompt").startswith(
        f"{player} to place the leader ({name} and 1 robot on an empty zone)."
    )
    assert f"Click an empty zone (outlined) to put {name} and 1 robot there" in page.inner_text(".rb-prompt")
    assert len(options(page)) == 42 and page.inner_text(".rb-turn-no") == "setup"
    click_territory(page, "japan")
    assert sent(page) == [{"kind": "click", "territory": "japan", "state_id": traits["state_id"]}]


# -- an attack with the leader ---------------------------------------------------------------------
def test_the_attack_control_offers_the_leader_in_its_zone(page: Any) -> None:
    traits = board_traits(liberation(), selected="ontario")
    mount(page, traits)
    target = traits["hints"]["targets"]["greenland"]
    assert page.is_visible(".rb-attack-leader") and page.is_checked(".rb-attack-leader input")
    assert page.inner_text(".rb-attack-leader") == "with Optimus Prime (d8)"
    assert page.inner_text(".rb-roll") == "Roll d8 + 2 d6"
    assert page.inner_text(".rb-attack-ctl .rb-odds") == f"{percent(target['p_win'])} to conquer"
    assert page.text_content('[data-odds="greenland"]') == percent(target["p_win"])  # the overlay
    assert "Optimus Prime among them" in page.inner_text(".rb-prompt")
    page.click(".rb-roll")
    page.uncheck(".rb-attack-leader input")
    assert page.inner_text(".rb-roll") == "Roll 3 dice"
    assert page.inner_text(".rb-attack-ctl .rb-odds") == f"{percent(target['p_win_no_leader'])} to conquer"
    page.click('.rb-attack-ctl button[data-dice="2"]')
    page.click(".rb-roll")
    page.check(".rb-attack-leader input")
    click_territory(page, "greenland")  # a click on the target attacks with the most dice, the leader too
    assert actions(page) == [
        "attack ontario greenland 3 leader",
        "attack ontario greenland 2",
        "attack ontario greenland 3 leader",
    ]


def test_no_leader_to_offer_from_a_zone_without_it(page: Any) -> None:
    mount(page, board_traits(liberation(), selected="quebec"))
    assert page.is_visible(".rb-attack-ctl") and page.is_hidden(".rb-attack-leader")
    assert page.inner_text(".rb-roll") == "Roll 1 die"
    click_territory(page, "greenland")
    assert sent(page)[-1]["kind"] == "click"  # the kernel's click: a plain attack


# -- the last throw: the d8 drawn as an octagon ----------------------------------------------------
def test_the_leaders_d8_is_drawn_eight_sided(page: Any) -> None:
    traits = board_traits(mid_liberation())
    mount(page, traits)
    dice = page.eval_on_selector_all(
        ".rb-dice-body .rb-die",
        """ds => ds.map(d => [d.classList.contains('rb-die-attack') ? 'attack' : 'defend', d.dataset.value,
            d.dataset.sides, d.querySelector('polygon') ? d.querySelector('polygon').getAttribute('points').split(' ').length : 0,
            d.querySelector('rect') ? 'square' : 'poly', d.textContent])""",
    )
    # the pairs' columns: 6 v 5, the d8's 2 v 4 (lost), 1 unpaired
    assert dice == [
        ["attack", "6", "6", 0, "square", ""],
        ["defend", "5", "6", 0, "square", ""],
        ["attack", "2", "8", 8, "poly", "2"],
        ["defend", "4", "6", 0, "square", ""],
        ["attack", "1", "6", 0, "square", ""],
    ]
    d8 = page.locator('.rb-die[data-sides="8"]')
    assert (
        "rb-lost" in (d8.get_attribute("class") or "")
        and d8.get_attribute("title") == "attacking d8: 2 (lost its pair)"
    )
    assert traits["dice"]["attack_sides"] == [6, 8, 6]


# -- outcome 2: continue or stop -------------------------------------------------------------------
def test_continue_and_stop(page: Any) -> None:
    traits = board_traits(mid_liberation())
    mount(page, traits)
    go = traits["hints"]["continue"]
    ctl = ".rb-continue-ctl"
    assert page.is_visible(ctl) and page.is_hidden(".rb-attack-ctl")
    assert page.inner_text(".rb-continue-text") == "The attack on Greenland (2) from Ontario (6) goes on:"
    assert page.inner_text(f"{ctl} .rb-seg-btn.rb-on") == "3"  # as the last throw committed them
    assert page.is_checked(".rb-continue-leader input")
    assert page.inner_text(".rb-continue") == "Continue: d8 + 2 d6"
    assert page.inner_text(".rb-continue-odds") == f"{percent(go['p_win'])} to liberate"
    assert page.inner_text(".rb-steps li.rb-on") == "Liberate"
    assert "continue the attack" in page.inner_text(".rb-prompt")
    # the action's zones marked on the map, the odds beside the target
    assert page.get_attribute('path[data-territory="ontario"]', "class").count("rb-is-selected") == 1
    assert page.text_content('[data-odds="greenland"]') == percent(go["p_win"])
    page.click(".rb-continue")
    page.click(f'{ctl} button[data-dice="1"]')
    page.uncheck(".rb-continue-leader input")
    assert page.inner_text(".rb-continue") == "Continue: 1 die"
    assert page.inner_text(".rb-continue-odds") == f"{percent(go['p_win_no_leader'])} to liberate"
    page.click(".rb-continue")
    click_territory(page, "greenland")  # the target itself continues, as set up
    page.click(".rb-stop")
    assert actions(page) == [
        "attack ontario greenland 3 leader",
        "attack ontario greenland 1",
        "attack ontario greenland 1",
        "stop",
    ]


# -- the casualty choice ---------------------------------------------------------------------------
def test_the_casualty_choice_is_two_buttons(page: Any) -> None:
    mount(page, board_traits(casualty_pending()))
    assert page.is_visible(".rb-casualty-ctl") and page.is_hidden(".rb-continue-ctl")
    assert page.inner_text(".rb-casualty-text") == (
        "Ada lost 1 of the 3 units that attacked from Ontario (Optimus Prime and 2 robots): which goes to the scrapyard?"
    )
    assert page.inner_text(".rb-casualty-robot") == "Lose a robot"
    assert page.inner_text(".rb-casualty-leader") == "Lose the leader (Optimus Prime)"
    page.click(".rb-casualty-leader")
    page.click(".rb-casualty-robot")
    assert actions(page) == ["casualty leader", "casualty robot"]


def test_a_defence_with_the_leader(page: Any) -> None:
    game = face_to_face(ask_defender=True)
    game.apply("attack ontario greenland 3")
    mount(page, board_traits(game))
    labels = page.eval_on_selector_all(".rb-defend-btns button", "bs => bs.map(b => [b.className, b.textContent])")
    assert [label for _, label in labels] == [
        "Defend with 1 die (d6)",
        "Defend with 1 die, Megatron's d8 among them",
        "Defend with 2 dice (d6)",
        "Defend with 2 dice, Megatron's d8 among them",
    ]
    page.click(".rb-defend-2-leader")
    page.click(".rb-defend-1")
    assert actions(page) == ["defend 2 leader", "defend 1"]


def test_the_move_may_take_the_leader(page: Any) -> None:
    game = rb.new_game(
        TF,
        players=["Ada", "Bo"],
        position=position(),
        current_player="Ada",
        phase="fortify",
        leaders={"Ada": "ontario", "Bo": "ukraine"},
        seed=2,
    )
    mount(page, board_traits(game, selected="ontario"))
    click_territory(page, "quebec")  # opens the count control
    assert page.is_visible(".rb-fortify-ctl") and page.is_visible(".rb-fortify-leader")
    assert page.inner_text(".rb-fortify-leader") == "Optimus Prime among them" and not page.is_checked(
        ".rb-fortify-leader input"
    )
    page.fill(".rb-fortify-count", "2")
    page.click(".rb-fortify-move")
    page.check(".rb-fortify-leader input")
    page.click(".rb-fortify-move")
    assert actions(page) == ["fortify ontario quebec 2", "fortify ontario quebec 2 leader"]


# -- a leader's return from the scrapyard ----------------------------------------------------------
def test_a_leader_comes_back_by_a_click_on_a_zone(page: Any) -> None:
    game = rb.new_game(
        TF,
        players=["Ada", "Bo"],
        position=position(),
        current_player="Ada",
        phase="reinforce",
        leaders={"Ada": "scrapyard", "Bo": "ukraine"},
        scrapyard={"Ada": 6},
        seed=2,
    )
    mount(page, board_traits(game))
    ada = '.rb-tf-player[data-player="Ada"]'
    assert page.inner_text(f"{ada} .rb-tf-leader") == "Optimus Prime on the scrapyard"
    assert page.inner_text(f"{ada} .rb-tf-yard-count") == "scrapyard: 6 robots and Optimus Prime"
    assert page.locator(".rb-leader").count() == 1  # Megatron only
    assert page.inner_text(f"{ada} .rb-revive") == "Bring Optimus Prime back (3 robots)"
    page.click(f"{ada} .rb-revive")
    assert page.is_visible(".rb-revive-ctl") and "click one of your zones" in page.inner_text(".rb-revive-text")
    assert options(page) == sorted(game.territories("Ada"))
    assert "bring Optimus Prime back there" in page.inner_text(".rb-prompt")
    click_territory(page, "alaska")
    assert actions(page) == ["revive alaska"]


# -- beside the map: rounds, alliances, scrapyards -------------------------------------------------
def test_rounds_alliances_and_scrapyards_of_a_four_player_game(page: Any) -> None:
    game = four_players()
    traits = board_traits(game)
    mount(page, traits)
    x = game.extras
    assert page.inner_text(".rb-turn-no") == f"round {x.round} of 6 · turn {game.turn}"
    assert page.inner_text(".rb-tf-round") == f"Round {x.round} of 6"
    assert page.locator(".rb-tf-pip").count() == 6 and page.locator(".rb-tf-pip.rb-on").count() == 1
    teams = page.eval_on_selector_all(".rb-tf-team.rb-alliance", "ts => ts.map(t => t.dataset.side)")
    assert teams == ["Ada+Cy", "Bo+Dee"]
    assert page.inner_text('.rb-tf-team[data-side="Ada+Cy"] .rb-tf-team-head') == "Autobots Ada + Cy"
    for p in game.players:
        row = f'.rb-tf-player[data-player="{p}"]'
        assert page.get_attribute(f"{row} .rb-tf-yard-count", "data-yard") == str(x.scrapyard[p])
        where = x.leader_zones[p]
        shown = "on the scrapyard" if where == "scrapyard" else f"on {game.map[where].name}"
        assert page.inner_text(f"{row} .rb-tf-leader").endswith(shown)
    zones = x.zones()
    assert page.inner_text('.rb-tf-team[data-side="Ada+Cy"] .rb-tf-score').startswith(f"{zones['Ada + Cy']} zones")
    allies = page.eval_on_selector_all(".rb-players .rb-ally", "as => as.map(a => a.textContent.trim())")
    assert allies == ["ally Cy", "ally Dee", "ally Ada", "ally Bo"]
    assert page.locator(".rb-leader").count() == sum(1 for z in x.leader_zones.values() if z in game.map)


# -- clicked through to a real board ---------------------------------------------------------------
def test_a_liberation_with_the_leader_reaches_the_python_game(page: Any) -> None:
    from riskboard.widget.board import Board

    board = Board(liberation())
    game = board.game
    real_board(page, board)
    for box, value in zip(page.locator(".rb-teacher-card input").all(), [2, 6, 1, 5, 4]):
        box.fill(str(value))
    page.click(".rb-set-dice")
    page.wait_for_function("() => document.querySelector('.rb-teacher-card').classList.contains('rb-rigged')")
    click_territory(page, "ontario")
    page.wait_for_selector(".rb-attack-leader:not([hidden])")
    click_territory(page, "greenland")
    page.wait_for_selector(".rb-casualty-ctl:not([hidden])")
    assert page.locator('.rb-die[data-sides="8"]').count() == 1
    page.click(".rb-casualty-robot")
    page.wait_for_selector(".rb-continue-ctl:not([hidden])")
    assert game.pending.decision == "continue" and game.leader_at("ontario") == "Ada"
    for box, value in zip(page.locator(".rb-teacher-card input").all(), [*SECOND_THROW[0], *SECOND_THROW[1]]):
        box.fill(str(value))
    page.click(".rb-set-dice")
    page.wait_for_function("() => document.querySelector('.rb-teacher-card').classList.contains('rb-rigged')")
    page.click(".rb-continue")
    page.wait_for_selector(".rb-occupy-ctl:not([hidden])")
    page.click(".rb-occupy-move")
    page.wait_for_function("() => document.querySelector('[data-badge=\"greenland\"] text').textContent === '5'")
    assert board.error == {}
    assert [str(a) for a, _ in game.history] == [
        "attack ontario greenland 3 leader",
        "casualty robot",
        "attack ontario greenland 3 leader",
        "occupy 5",
    ]
    assert game.leader_at("greenland") == "Ada" and game.owner("greenland") == "Ada"
    assert page.get_attribute('.rb-leader[data-player="Ada"]', "data-territory-symbol") == "greenland"


def test_screenshots_of_transformers_boards(page: Any, tmp_path: Path) -> None:
    """Pictures for a human to look at (not compared; in ``$RISKBOARD_TF_SHOTS``, default: the
    test's temp folder): a two-player liberation between its throws (the leader committed, the d8
    in the last throw, Continue and Stop) and a four-player game (alliances, scrapyards, round)."""
    shots = Path(os.environ.get("RISKBOARD_TF_SHOTS") or tmp_path / "tf_screens")
    shots.mkdir(parents=True, exist_ok=True)
    for game, name in ((mid_liberation(), "tf_two.png"), (four_players(), "tf_four.png")):
        page.reload()
        page.wait_for_function("() => window.__harnessReady === true")
        mount(page, board_traits(game))
        page.wait_for_function("() => document.getAnimations().every((a) => a.playState === 'finished')")
        page.screenshot(path=str(shots / name), full_page=True)
    assert (shots / "tf_four.png").stat().st_size > 10_000
    assert territory(page, "alaska").count() == 1
