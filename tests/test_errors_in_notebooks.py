"""Errors a person makes in a notebook cell: short, with their code, and a "did you mean"."""

from __future__ import annotations

import pytest

import riskboard as rb
from riskboard import errors


def attack_phase_game() -> rb.Game:
    position = {t: ("Bo", 1) for t in rb.load_map("world").ids}
    position["alaska"] = ("Ada", 5)
    return rb.new_game(
        "classic", players=["Ada", "Bo"], position=position, current_player="Ada", phase="attack", seed=1
    )


def raised(call, *args, **kwargs) -> Exception:  # type: ignore[no-untyped-def]
    with pytest.raises(Exception) as info:
        call(*args, **kwargs)
    return info.value


@pytest.mark.parametrize(
    "error",
    [
        rb.IllegalAction("alaska does not border brazil", code="action/not_adjacent"),
        rb.ConfigError("bad", code="config/players"),
        rb.FormatError("bad", code="format/version"),
        rb.MapError("bad", code="map/invalid"),
    ],
)
def test_a_riskboard_error_renders_as_one_line_with_its_code(error: rb.RiskboardError) -> None:
    lines = error._render_traceback_()  # type: ignore[attr-defined]
    assert len(lines) == 1
    assert type(error).__name__ in lines[0] and f"[{error.code}]" in lines[0] and error.message in lines[0]


def test_the_whole_traceback_comes_back_on_request(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(errors, "SHORT_IN_NOTEBOOKS", False)
    with pytest.raises(NotImplementedError):  # IPython then shows its usual traceback
        rb.IllegalAction("x")._render_traceback_()


def test_a_bot_error_keeps_its_traceback() -> None:
    assert not hasattr(rb.BotError("the bot raised"), "_render_traceback_")


def test_a_misspelt_territory_gets_the_right_suggestion() -> None:
    game = attack_phase_game()
    error = raised(game.apply, "attack alsaka kamchatka 3")
    assert isinstance(error, rb.IllegalAction) and error.code == "action/unknown_territory"
    assert "did you mean 'alaska'?" in str(error)
    assert "did you mean 'kamchatka'?" in str(raised(game.apply, "attack alaska kamchatcka 3"))
    # by its name, with capitals and spaces as a person writes it, and in the cell helpers
    assert "did you mean 'northwest_territory'?" in str(raised(game.apply, "attack alaska northwest_teritory 3"))
    assert "did you mean 'alaska'?" in str(raised(game.owner, "Alsaka"))
    assert game.map.did_you_mean("eastern_united_state").startswith(" (did you mean 'eastern_united_states'")
    assert game.map.did_you_mean("xyzzy") == ""


def test_a_misspelt_option_verb_variant_setup_ruleset_or_player_gets_a_suggestion() -> None:
    players = ["Ada", "Bo", "Cy"]
    assert "did you mean 'defence_dice'?" in str(raised(rb.new_game, "classic", players, options={"defense_dice": 3}))
    assert "did you mean 'secret_missions'?" in str(raised(rb.new_game, "classic", players, variant="secret_mission"))
    assert "did you mean 'deal'?" in str(raised(rb.new_game, "classic", players, setup="deel"))
    assert "did you mean 'classic'?" in str(raised(rb.new_game, "clasic", players))
    game = attack_phase_game()
    assert "did you mean 'attack'?" in str(raised(game.apply, "attak alaska kamchatka 3"))
    assert "did you mean 'Ada'?" in str(raised(game.hand, "ada"))


def test_an_unknown_verb_lists_the_verbs_of_the_edition_in_play() -> None:
    classic = str(raised(attack_phase_game().apply, "purchase x"))
    bop = str(raised(rb.new_game("balance_of_power", players=["red", "blue"], seed=1).apply, "purchase x"))
    assert "buy" not in classic.split("actions are:")[1]
    assert "buy" in bop.split("actions are:")[1]
