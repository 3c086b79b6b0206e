"""RISK 2010 on the board's front end in headless Chromium: the star hand (select cards, see their
stars and what a trade of them is worth, trade), the race to the territories that win with the
territory table, the ceasefire card, the neutral armies, and the neutral support clicked on the
map (each click adds a troop, drawn on the map; bad clicks refused with a message; Reset, Confirm),
also clicked through to a real ``riskboard.Board``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from riskboard.render.palette import NEUTRAL_COLOURS

from .board_traits import board_traits
from .helpers import click_territory, mount, real_board, sent, territory, update
from .scenarios_2010 import NEUTRAL_1, NEUTRAL_2, NEUTRAL_3, simple_game, two_player_turn

pytestmark = pytest.mark.browser


def picked_cards(page: Any) -> list[str]:
    return page.eval_on_selector_all(".rb-starcard.rb-picked", "cs => cs.map(c => c.dataset.card)")


def options(page: Any) -> list[str]:
    return sorted(page.eval_on_selector_all("path.rb-is-option", "ps => ps.map(p => p.dataset.territory)"))


def pills(page: Any) -> dict[str, str]:
    """The +N drawn beside the badges of the territories chosen for the neutral troops."""
    return page.eval_on_selector_all(
        ".rb-pill",
        "gs => Object.fromEntries(gs.filter(g => g.style.display !== 'none').map(g => [g.dataset.odds, g.textContent]))",
    )


def refusal(page: Any) -> tuple[str, str] | None:
    """Why the last click on the map added no neutral troop (the message under the choice, and its
    code), or None when there is no such message."""
    if not page.is_visible(".rb-neutral-msg"):
        return None
    return page.inner_text(".rb-neutral-msg"), page.get_attribute(".rb-neutral-msg", "data-code")


# -- the star hand ---------------------------------------------------------------------------------
@pytest.mark.parametrize("phase", ["attack", "fortify"])
def test_star_cards_selected_show_their_worth_and_are_traded(page: Any, phase: str) -> None:
    traits = board_traits(two_player_turn(phase=phase))
    mount(page, traits)
    stars = page.eval_on_selector_all(
        ".rb-starcard", "cs => cs.map(c => [c.dataset.card, c.querySelector('.rb-stars').textContent, c.disabled])"
    )
    assert stars == [
        ["alaska", "★★", False],
        ["peru", "★", False],
        ["egypt", "★", False],
        ["china", "★★", False],
        ["siam", "★", False],
    ]  # enabled in the attack and maneuver steps: a trade is legal at any time of one's turn
    assert page.inner_text(".rb-star-total") == "5 cards, 7 ★ in all"
    assert page.is_disabled(".rb-trade-stars")
    page.click('.rb-starcard[data-card="alaska"]')
    assert page.inner_text(".rb-star-pick") == "Selected: 2 stars = 2 troops"
    page.click('.rb-starcard[data-card="peru"]')
    assert picked_cards(page) == ["alaska", "peru"]
    assert page.inner_text(".rb-star-pick") == "Selected: 3 stars = 4 troops"
    assert page.inner_text(".rb-trade-stars") == "Trade 3 ★ for 4 troops"
    for card in ("egypt", "china", "siam"):
        page.click(f'.rb-starcard[data-card="{card}"]')
    assert page.inner_text(".rb-star-pick") == "Selected: 7 stars = 17 troops"
    for card in ("egypt", "china", "siam"):  # deselected again
        page.click(f'.rb-starcard[data-card="{card}"]')
    page.click(".rb-trade-stars")
    assert sent(page) == [{"kind": "action", "text": "trade alaska peru", "state_id": traits["state_id"]}]
    assert "Stars → troops: 1→1 · 2→2 · 3→4 · 4→7" in page.inner_text(".rb-hand-card .rb-note")


def test_star_cards_wait_while_the_neutral_step_is_pending(page: Any) -> None:
    mount(page, board_traits(two_player_turn()))
    assert page.eval_on_selector_all(".rb-starcard", "cs => cs.every(c => c.disabled)")
    assert page.is_disabled(".rb-trade-stars")


# -- the side panels -------------------------------------------------------------------------------
def test_progress_territory_table_and_neutral_armies(page: Any) -> None:
    traits = board_traits(two_player_turn())
    mount(page, traits)
    assert page.inner_text(".rb-goal-card h3") == "RACE TO 30 TERRITORIES"
    ada = '.rb-gp-player[data-player="Ada"]'
    assert page.inner_text(f"{ada} .rb-gp-count") == "12/30"
    assert page.inner_text(f"{ada} .rb-gp-bonus") == "+1"  # the territory table: 12 territories
    assert "15 territories give +2" in page.get_attribute(f"{ada} .rb-gp-bonus", "title")
    assert page.inner_text(f"{ada} .rb-gp-sub") == "9 troops a turn (3 + 1 for 12 territories + 5 for North America)"
    width = page.eval_on_selector(f"{ada} .rb-gp-bar > span", "s => s.style.width")
    assert width == "40%"
    assert page.inner_text(".rb-gp-band.rb-on") == "12–14 +1"
    armies = page.eval_on_selector_all(
        ".rb-na-army", "rs => rs.map(r => [r.dataset.army, r.querySelector('.rb-na-cards').textContent])"
    )
    assert armies == [[f"neutral_{k}", "3 cards reserved"] for k in (1, 2, 3)]
    # the three neutral armies in colours of their own on the map, and in the players table
    for land, colour in zip((NEUTRAL_1, NEUTRAL_2, NEUTRAL_3), NEUTRAL_COLOURS):
        assert {territory(page, t).get_attribute("fill") for t in land} == {colour}
    counts = {**traits["counts"]}
    counts["progress"] = {**counts["progress"], "Ada": {**counts["progress"]["Ada"], "held": 15, "bonus": 2}}
    update(page, counts=counts)
    assert page.inner_text(f"{ada} .rb-gp-count") == "15/30" and page.inner_text(f"{ada} .rb-gp-bonus") == "+2"
    update(page, extras={"neutral_armies": {"neutral_1": 3, "neutral_3": 3}})
    assert "eliminated" in page.inner_text('.rb-na-army[data-army="neutral_2"]')


def test_the_ceasefire_card_as_far_as_the_players_know(page: Any) -> None:
    game = simple_game()
    traits = board_traits(game)
    mount(page, traits)
    cf = traits["extras"]["ceasefire"]
    assert page.inner_text(".rb-cf-note") == game.extras.ceasefire_note() == cf["note"]
    earliest, latest = cf["range"]
    assert page.locator(".rb-cf-slot").count() == latest
    assert page.locator(".rb-cf-slot.rb-cf-maybe").count() == latest - earliest + 1
    assert page.inner_text(".rb-cf-drawn") == f"{cf['drawn']} cards drawn so far."
    assert page.inner_text(".rb-goal-card h3") == "RACE TO 20 TERRITORIES"
    assert page.locator(".rb-gp-player").count() == 4 and page.locator(".rb-na-army").count() == 0


# -- the neutral support ---------------------------------------------------------------------------
def test_the_neutral_support_clicked_on_the_map(page: Any) -> None:
    traits = board_traits(two_player_turn())
    mount(page, traits)
    assert "Click a territory of one neutral army" in page.inner_text(".rb-prompt")
    assert page.locator(".rb-steps li.rb-on").inner_text() == "Neutral"
    assert options(page) == sorted(NEUTRAL_1 + NEUTRAL_2 + NEUTRAL_3)
    assert page.is_disabled(".rb-neutral-confirm") and page.is_disabled(".rb-neutral-reset")
    click_territory(page, "peru")
    assert pills(page) == {"peru": "+1"} and options(page) == sorted(NEUTRAL_1)  # one army now
    assert page.inner_text(".rb-neutral-text") == "neutral_1:"
    assert page.get_attribute(".rb-na-army.rb-chosen", "data-army") == "neutral_1"
    click_territory(page, "peru")
    click_territory(page, "argentina")
    assert pills(page) == {"peru": "+2", "argentina": "+1"}
    assert page.eval_on_selector_all(".rb-neutral-chip", "cs => cs.map(c => c.textContent)") == [
        "Peru +2",
        "Argentina +1",
    ]
    assert page.inner_text(".rb-neutral-left") == "(3 of 3)" and options(page) == []
    assert "press Confirm" in page.inner_text(".rb-prompt")
    assert page.inner_text(".rb-reinf") == "neutral troops placed: confirm"
    assert sent(page) == []  # nothing goes to the kernel before Confirm
    page.click(".rb-neutral-confirm")
    assert sent(page) == [
        {"kind": "action", "text": "neutral neutral_1 argentina 1 peru 2", "state_id": traits["state_id"]}
    ]


def test_bad_neutral_clicks_are_refused_with_a_message_and_change_nothing(page: Any) -> None:
    mount(page, board_traits(two_player_turn()))
    click_territory(page, "alaska")  # Ada's own
    msg, code = refusal(page)  # type: ignore[misc]
    assert code == "action/not_neutral" and "Alaska belongs to Ada" in msg
    assert pills(page) == {} and page.is_disabled(".rb-neutral-reset")
    click_territory(page, "peru")
    assert refusal(page) is None  # a good click clears the message
    click_territory(page, "ukraine")  # another neutral army's
    msg, code = refusal(page)  # type: ignore[misc]
    assert code == "neutral/one_army" and "Ukraine belongs to neutral_2, not neutral_1" in msg
    assert pills(page) == {"peru": "+1"}
    click_territory(page, "peru")
    click_territory(page, "peru")
    click_territory(page, "argentina")  # all three are placed
    msg, code = refusal(page)  # type: ignore[misc]
    assert code == "neutral/troops" and "All 3 troops are placed" in msg
    assert pills(page) == {"peru": "+3"}
    page.click(".rb-neutral-reset")
    assert pills(page) == {} and refusal(page) is None and page.is_disabled(".rb-neutral-confirm")
    assert options(page) == sorted(NEUTRAL_1 + NEUTRAL_2 + NEUTRAL_3)
    click_territory(page, "ukraine")  # after Reset, any army again
    assert pills(page) == {"ukraine": "+1"}
    assert sent(page) == []


def test_the_neutral_support_reaches_the_python_game(page: Any) -> None:
    from riskboard.widget.board import Board

    board = Board(two_player_turn())
    real_board(page, board)
    for t in ("ukraine", "middle_east", "siam"):
        click_territory(page, t)
    page.click(".rb-neutral-confirm")
    page.wait_for_function("() => document.querySelector('.rb-steps li.rb-on').textContent === 'Reinforce'")
    game = board.game
    assert board.error == {} and game.phase == "reinforce"
    assert [game.armies(t) for t in ("ukraine", "middle_east", "siam")] == [3, 3, 3]
    assert pills(page) == {} and page.is_hidden(".rb-neutral-ctl")
    assert page.text_content('[data-badge="siam"] text') == "3"
    assert page.inner_text(".rb-reinf") == "9 troops to place"
    # placing by clicks, then a star trade in the attack step, placed at once
    click_territory(page, "alaska")
    page.wait_for_function("() => document.querySelector('[data-badge=\"alaska\"] text').textContent === '6'")
    page.fill(".rb-place-ctl input", "8")
    page.click(".rb-place-ctl button")
    page.wait_for_function("() => document.querySelector('.rb-steps li.rb-on').textContent === 'Attack'")
    assert game.armies("alaska") == 14 and game.pending.decision == "attack"
    page.click('.rb-starcard[data-card="alaska"]')
    page.click('.rb-starcard[data-card="china"]')
    page.click(".rb-trade-stars")
    page.wait_for_function("() => document.querySelector('.rb-reinf').textContent === '7 troops to place'")
    assert game.hand("Ada") == ("peru", "egypt", "siam") and game.phase == "attack"


def test_screenshots_of_2010_boards(page: Any, tmp_path: Path) -> None:
    """Pictures for a human to look at (not compared; in ``$RISKBOARD_2010_SHOTS``, default: the
    test's temp folder): the two-player game's neutral step half made, its attack step with a star
    trade selected, and a simple four-player game with the ceasefire note."""
    shots = Path(os.environ.get("RISKBOARD_2010_SHOTS") or tmp_path / "r2010_screens")
    shots.mkdir(parents=True, exist_ok=True)
    mount(page, board_traits(two_player_turn()))
    for t in ("peru", "peru", "argentina"):
        click_territory(page, t)
    page.screenshot(path=str(shots / "harness-two-player-neutral.png"), full_page=True)
    for game, name, cards in (
        (two_player_turn(phase="attack"), "harness-two-player-stars.png", ("alaska", "peru")),
        (simple_game(), "harness-simple-4p.png", ()),
    ):
        page.reload()
        page.wait_for_function("() => window.__harnessReady === true")
        mount(page, board_traits(game, selected="alaska" if cards else ""))
        for card in cards:
            page.click(f'.rb-starcard[data-card="{card}"]')
        page.screenshot(path=str(shots / name), full_page=True)
    assert (shots / "harness-simple-4p.png").stat().st_size > 10_000
