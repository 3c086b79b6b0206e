"""Bad input of every kind is refused with a specific error code and a message naming the
problem, and leaves the game exactly as it was: illegal actions, wrong players, garbage text,
bad counts and dice, bad configurations and scenarios, damaged saved games and records."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import riskboard as rb
from riskboard.engine.notation import decode_outcomes, encode_outcomes

WORLD = rb.load_map("world")
IDS = WORLD.ids
PLAYERS = ["Ada", "Bo", "Cy"]


def position(**changes: tuple[str, int]) -> dict[str, tuple[str, int]]:
    """Bo and Cy share the map with 2 armies each; Ada holds a corner of North America."""
    pos = {t: (("Bo", "Cy")[i % 2], 2) for i, t in enumerate(IDS)}
    pos.update(alaska=("Ada", 5), northwest_territory=("Ada", 3), greenland=("Ada", 1), kamchatka=("Bo", 2))
    pos.update(changes)
    return pos


def scenario(phase: str = "attack", **kw: Any) -> rb.Game:
    kw.setdefault("seed", 1)
    return rb.new_game("classic", players=PLAYERS, position=position(), current_player="Ada", phase=phase, **kw)


def refused(game: rb.Game, action: Any, code: str, *mentions: str, **kw: Any) -> rb.IllegalAction:
    """``action`` raises IllegalAction with ``code``, the message names each of ``mentions``, and
    the game (state, JSON, history) is unchanged; ``check`` agrees when it can be asked."""
    state, text, n = game.state, game.to_json(), len(game.history)
    with pytest.raises(rb.IllegalAction) as info:
        game.apply(action, **kw)
    error = info.value
    assert isinstance(error, ValueError)
    assert error.code == code, (action, error.code, str(error))
    for word in mentions:
        assert word.lower() in str(error).lower(), (word, str(error))
    assert game.state == state
    assert game.to_json() == text
    assert len(game.history) == n
    if "dice" not in kw:
        checked = game.check(action, player=kw.get("player"))
        assert checked is not None and checked.code == code
        assert game.state == state
    return error


# -- actions -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code", "mentions"),
    [
        ("attack alaska atlantis 3", "action/unknown_territory", ["atlantis"]),
        ("attack atlantis alaska 1", "action/unknown_territory", ["atlantis"]),
        ("attack alaska iceland 1", "action/not_adjacent", ["alaska", "iceland"]),
        ("attack kamchatka alaska 1", "action/not_owner", ["kamchatka", "Bo"]),
        ("attack alaska northwest_territory 1", "action/own_territory", ["northwest_territory"]),
        ("attack greenland iceland 1", "action/too_few_armies", ["greenland"]),
        ("attack alaska kamchatka 4", "action/bad_dice", ["4"]),
        ("attack alaska kamchatka 0", "action/bad_dice", ["0"]),
        ("attack alaska kamchatka -1", "action/bad_dice", ["-1"]),
        ("attack northwest_territory alberta 3", "action/bad_dice", ["3"]),
        ("blitz alaska iceland", "action/not_adjacent", ["iceland"]),
        ("blitz kamchatka alaska", "action/not_owner", ["kamchatka"]),
        ("fortify alaska northwest_territory 1", "action/wrong_phase", ["attack"]),
        ("occupy 3", "action/wrong_phase", []),
        ("defend 1", "action/wrong_phase", []),
        ("place 1 alaska", "action/wrong_phase", []),
        ("trade alaska ontario quebec", "action/wrong_phase", []),
    ],
)
def test_attack_phase_refusals(text: str, code: str, mentions: list[str]) -> None:
    refused(scenario(), text, code, *mentions)


@pytest.mark.parametrize(
    ("text", "code", "mentions"),
    [
        ("place 3 atlantis", "action/unknown_territory", ["atlantis"]),
        ("place 1 kamchatka", "action/not_owner", ["kamchatka", "Bo"]),
        ("place 0 alaska", "action/bad_count", ["0"]),
        ("place -2 alaska", "action/bad_count", ["-2"]),
        ("place 999 alaska", "action/bad_count", ["999"]),
        ("attack alaska kamchatka 3", "action/wrong_phase", ["reinforce"]),
        ("end", "action/armies_left", ["Ada"]),
        ("occupy 1", "action/wrong_phase", []),
        ("fortify alaska northwest_territory 1", "action/wrong_phase", []),
        ("trade alaska ontario quebec", "cards/not_in_hand", ["alaska"]),
        ("trade alaska ontario", "cards/not_a_set", []),
        ("trade alaska alaska ontario", "cards/not_a_set", []),
    ],
)
def test_reinforce_phase_refusals(text: str, code: str, mentions: list[str]) -> None:
    game = scenario("reinforce")
    assert game.reinforcements == 3
    refused(game, text, code, *mentions)


@pytest.mark.parametrize(
    ("text", "code", "mentions"),
    [
        ("fortify alaska greenland 1", "action/not_adjacent", ["alaska", "greenland"]),
        ("fortify alaska iceland 1", "action/not_owner", ["iceland", "Cy"]),
        ("fortify alaska kamchatka 1", "action/not_owner", ["kamchatka"]),
        ("fortify kamchatka alaska 1", "action/not_owner", ["kamchatka"]),
        ("fortify atlantis alaska 1", "action/unknown_territory", ["atlantis"]),
        ("fortify alaska alaska 1", "action/same_territory", []),
        ("fortify alaska northwest_territory 0", "action/bad_count", ["0"]),
        ("fortify alaska northwest_territory 5", "action/bad_count", ["5"]),
        ("attack alaska kamchatka 1", "action/wrong_phase", ["fortify"]),
        ("place 1 alaska", "action/wrong_phase", []),
    ],
)
def test_fortify_phase_refusals(text: str, code: str, mentions: list[str]) -> None:
    refused(scenario("fortify"), text, code, *mentions)


def test_occupy_phase_refusals() -> None:
    game = scenario()
    game.apply("attack alaska kamchatka 3", dice=([6, 6, 6], [1, 1]))
    assert game.phase == "occupy" and game.pending.decision == "occupy"
    refused(game, "occupy 2", "action/bad_count", "3", "4")
    refused(game, "occupy 5", "action/bad_count", "5")
    refused(game, "occupy -1", "action/bad_count")
    refused(game, "end", "action/must_occupy", "occupy")
    refused(game, "attack northwest_territory alberta 2", "action/wrong_phase")
    refused(game, "fortify alaska northwest_territory 1", "action/wrong_phase")
    game.apply("occupy 4")
    assert (game.armies("alaska"), game.armies("kamchatka")) == (1, 4)


@pytest.mark.parametrize(
    "garbage",
    ["", "   ", "attack", "fly alaska", "place x alaska", "place 3", "place 1 2 alaska", "end now", "occupy all",
     "defend", "fortify alaska", "blitz alaska", "blitz alaska kamchatka sideways", "trade", "attack a b 3.5",
     42, None, 3.5, b"end", ["end"], {"verb": "end"}],
)  # fmt: skip
def test_garbage_is_unparsable(garbage: Any) -> None:
    game = scenario()
    error = refused(game, garbage, "action/unparsable")
    if isinstance(garbage, str) and garbage.split():
        assert garbage.split()[0] in str(error) or garbage in str(error)


def test_unknown_verb_message_lists_the_actions() -> None:
    error = refused(scenario(), "fly alaska", "action/unparsable", "fly")
    for verb in ("attack", "place", "fortify", "end"):
        assert verb in str(error)


def test_action_values_validate_their_fields() -> None:
    for make in (
        lambda: rb.Place("3", "alaska"),
        lambda: rb.Place(True, "alaska"),
        lambda: rb.Attack("alaska", "kamchatka", 2.0),
        lambda: rb.Place(1, "two words"),
        lambda: rb.Place(1, ""),
        lambda: rb.TradeCards("alaska"),
        lambda: rb.Blitz("alaska", "kamchatka", "half"),
    ):
        with pytest.raises(rb.IllegalAction) as info:
            make()
        assert info.value.code in ("action/bad_count", "action/unparsable")


def test_only_the_pending_player_decides() -> None:
    game = scenario()
    assert game.pending.player == "Ada"
    refused(game, "attack alaska kamchatka 3", "action/not_your_turn", "Bo", player="Bo")
    refused(game, "end", "action/not_your_turn", "Cy", player="Cy")
    refused(game, "end", "action/unknown_player", "Zed", player="Zed")
    refused(game, "end", "action/unknown_player", "neutral", player="neutral")
    game.apply("end", player="Ada")
    assert game.phase == "fortify"


def test_the_defender_decides_when_asked_and_only_then() -> None:
    game = scenario(options={"ask_defender": True})
    refused(game, "blitz alaska kamchatka", "action/blitz_needs_auto_defence")
    game.apply("attack alaska kamchatka 3", player="Ada")
    assert (game.pending.player, game.pending.decision) == ("Bo", "defend")
    refused(game, "defend 2", "action/not_your_turn", "Ada", player="Ada")
    refused(game, "defend 3", "action/bad_dice", "kamchatka", player="Bo")
    refused(game, "defend 0", "action/bad_dice", player="Bo")
    refused(game, "attack northwest_territory alberta 1", "action/awaiting_defender", "kamchatka")
    refused(game, "end", "action/awaiting_defender")
    assert game.view("Ada").legal_actions() == []
    assert set(game.view("Bo").legal_actions()) == {rb.Defend(1), rb.Defend(2)}
    game.apply("defend 2", player="Bo")
    assert game.pending.player == "Ada"


def test_cards_must_be_traded_before_placing() -> None:
    hand = ("alaska", "ontario", "greenland", "brazil", "peru")
    game = scenario("reinforce", hands={"Ada": hand})
    assert game.pending.decision == "trade"
    refused(game, "place 3 alaska", "cards/must_trade", "Ada", "5")
    refused(game, "trade alaska ontario greenland", "cards/not_a_set", "alaska", "greenland")
    refused(game, "trade alaska kamchatka brazil", "cards/not_in_hand", "kamchatka")
    refused(game, "trade alaska ontario wild_1", "cards/not_in_hand", "wild_1")
    game.apply("trade alaska greenland brazil")
    assert game.pending.decision == "place"


def test_after_the_game_is_over_nothing_is_legal() -> None:
    pos = {t: ("Ada", 1) for t in IDS}
    pos.update(alaska=("Ada", 4), kamchatka=("Bo", 1))
    game = rb.new_game("classic", players=["Ada", "Bo"], position=pos, current_player="Ada", phase="attack", seed=1)
    game.apply("attack alaska kamchatka 3", dice=([6, 6, 6], [1]))
    assert game.is_over and game.winner == "Ada"
    assert game.legal_actions() == []
    refused(game, "end", "game/over", "over")
    refused(game, "occupy 3", "game/over")
    refused(game, "end", "game/over", player="Ada")


# -- injected dice -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "code", "mentions"),
    [
        (([7, 1, 1], [1, 1]), "dice/invalid", ["7"]),
        (([6, 5, 4], [0, 1]), "dice/invalid", ["defender"]),
        (([6, 5], [1, 1]), "dice/invalid", ["3"]),
        (([6, 5, 4, 3], [1, 1]), "dice/invalid", ["attacker"]),
        (([6, 5, 4], [1, 1, 1]), "dice/invalid", ["defender"]),
        (([6, 5, 4], [1]), "dice/invalid", ["2"]),
        (([6, 5, 4], [1, 1], [2]), "dice/unused", ["[2]"]),
        (([True, 5, 4], [1, 1]), "dice/invalid", []),
        ((["6", 5, 4], [1, 1]), "dice/invalid", []),
        (([6.0, 5, 4], [1, 1]), "dice/invalid", []),
        ("654", "dice/invalid", []),
        (5, "dice/invalid", []),
    ],
)
def test_injected_dice_are_checked(dice: Any, code: str, mentions: list[str]) -> None:
    refused(scenario(), "attack alaska kamchatka 3", code, *mentions, dice=dice)


def test_injected_dice_must_be_used() -> None:
    game = scenario()
    refused(game, "end", "dice/unused", dice=([6], [1]))
    game = scenario("reinforce")
    refused(game, "place 3 alaska", "dice/unused", dice=([6, 6, 6], [1, 1]))


def test_dice_injected_for_an_asked_defender_are_checked_with_the_attack() -> None:
    game = scenario(options={"ask_defender": True})
    refused(game, "attack alaska kamchatka 3", "dice/invalid", "attacker", dice=([6, 5], [1, 1]))
    refused(game, "attack alaska kamchatka 3", "dice/invalid", "defender", dice=([6, 5, 4], [9, 1]))
    refused(game, "attack alaska kamchatka 3", "dice/unused", dice=([6, 5, 4], [1, 1], [1]))
    game.apply("attack alaska kamchatka 3", dice=([6, 5, 4], [1, 1]))
    refused(game, "defend 1", "dice/invalid", "defender", player="Bo")
    events = game.apply("defend 2", player="Bo")
    assert events[0].attack == (6, 5, 4) and events[0].defend == (1, 1)


# -- configuration -------------------------------------------------------------------------------


def config_error(code_prefix: str, *mentions: str, **kw: Any) -> rb.ConfigError:
    args = {"ruleset": "classic", "players": PLAYERS, "seed": 1, **kw}
    with pytest.raises(rb.ConfigError) as info:
        rb.new_game(args.pop("ruleset"), **args)
    error = info.value
    assert isinstance(error, ValueError)
    assert error.code.startswith(code_prefix), (error.code, str(error))
    for word in mentions:
        assert word.lower() in str(error).lower(), (word, str(error))
    return error


@pytest.mark.parametrize(
    ("kw", "code", "mentions"),
    [
        ({"ruleset": "chess"}, "config/unknown_ruleset", ["chess", "classic"]),
        ({"ruleset": None}, "config/unknown_ruleset", []),
        ({"variant": "capture_the_flag"}, "config/bad_variant", ["capture_the_flag", "standard"]),
        ({"variant": 3}, "config/bad_variant", []),
        ({"setup": "random"}, "config/bad_setup", ["random", "claim"]),
        ({"players": ["Ada", "Bo"], "setup": "claim"}, "config/bad_setup", ["deal"]),
        ({"players": ["Ada", "Bo"], "variant": "secret_missions"}, "config/bad_variant", ["3"]),
        ({"options": {"fog_of_war": True}}, "config/unknown_option", ["fog_of_war", "ask_defender"]),
        ({"options": {"ask_defender": "yes"}}, "config/bad_option", ["ask_defender"]),
        ({"options": {"ask_defender": 1}}, "config/bad_option", ["ask_defender"]),
        ({"options": {"undo": None}}, "config/bad_option", ["undo"]),
        ({"options": {"territory_bonus": "2"}}, "config/bad_option", ["territory_bonus"]),
        ({"options": {"territory_bonus": 2.5}}, "config/bad_option", ["territory_bonus"]),
        ({"options": {"territory_bonus": -1}}, "config/bad_option", ["territory_bonus"]),
        ({"options": {"card_values": []}}, "config/bad_option", ["card_values"]),
        ({"options": {"card_values": [4, "six"]}}, "config/bad_option", ["card_values"]),
        ({"options": {"card_values": [4, True]}}, "config/bad_option", ["card_values"]),
        ({"options": {"starting_armies": 35}}, "config/bad_option", ["starting_armies"]),
        ({"options": {"starting_armies": {"3": "many"}}}, "config/bad_option", ["starting_armies"]),
        ({"options": {"starting_armies": {"three": 35}}}, "config/bad_option", ["starting_armies"]),
        ({"options": {"starting_armies": {"0": 50}}}, "config/bad_option", ["starting_armies"]),
        ({"options": {"starting_armies": {"3": 13}}}, "config/bad_option", ["starting_armies"]),
        ({"options": {"forced_trade_at": 2}}, "config/bad_option", ["forced_trade_at"]),
        ({"options": {"min_reinforcements": 0}}, "config/bad_option", ["min_reinforcements"]),
        ({"players": ["Ada", "Bo"], "options": {"neutral_armies": 5}}, "config/bad_option", ["neutral_armies"]),
        ({"options": "ask_defender"}, "config/bad_option", []),
        ({"options": [("undo", False)]}, "config/bad_option", []),
        ({"players": ["Ada"]}, "config/players", ["2", "6", "1"]),
        ({"players": [f"P{i}" for i in range(7)]}, "config/players", ["7"]),
        ({"players": []}, "config/players", []),
        ({"players": ["Ada", "Ada", "Bo"]}, "config/players", ["different"]),
        ({"players": ["Ada", ""]}, "config/players", []),
        ({"players": ["Ada", None]}, "config/players", []),
        ({"players": "AdaBo"}, "config/players", []),
        ({"players": ["Ada", "neutral"]}, "config/players", ["neutral"]),
        ({"seed": "seven"}, "config/seed", ["seven"]),
        ({"seed": 1.5}, "config/seed", []),
        ({"phase": "attack"}, "config/scenario", ["position"]),
        ({"hands": {"Ada": ["alaska"]}}, "config/scenario", ["hands"]),
    ],
)
def test_bad_configurations(kw: dict[str, Any], code: str, mentions: list[str]) -> None:
    config_error(code, *mentions, **kw)


def test_neutral_is_a_fine_name_with_three_players() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "neutral"], seed=1)
    assert game.players == ("Ada", "Bo", "neutral")


def test_a_partial_starting_armies_table_keeps_the_other_counts() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy", "Di"], seed=1, options={"starting_armies": {"3": 36}})
    assert game.state.supply == (30, 30, 30, 30)
    assert rb.Game.from_json(game.to_json()).to_json() == game.to_json()


def scenario_error(code: str, *mentions: str, pos: Any = None, **kw: Any) -> None:
    kw.setdefault("current_player", "Ada")
    kw.setdefault("phase", "attack")
    config_error(code, *mentions, position=position() if pos is None else pos, **kw)


def test_bad_scenarios() -> None:
    pos = position()
    del pos["alaska"]
    scenario_error("scenario/incomplete", "alaska", pos=pos)
    scenario_error("scenario/unknown_territory", "atlantis", pos={**position(), "atlantis": ("Ada", 1)})
    scenario_error("scenario/bad_armies", "alaska", "0", pos={**position(), "alaska": ("Ada", 0)})
    scenario_error("scenario/bad_armies", "alaska", pos={**position(), "alaska": ("Ada", -3)})
    scenario_error("scenario/bad_armies", "alaska", pos={**position(), "alaska": ("Ada", "5")})
    scenario_error("scenario/unknown_owner", "Zed", pos={**position(), "alaska": ("Zed", 3)})
    scenario_error("scenario/unknown_owner", "neutral", pos={**position(), "alaska": ("neutral", 3)})
    scenario_error("scenario/invalid", "alaska", pos={**position(), "alaska": "Ada"})
    scenario_error("scenario/invalid", pos=[("alaska", ("Ada", 3))])
    scenario_error("scenario/over", pos={t: ("Ada", 1) for t in IDS})
    scenario_error("scenario/unknown_player", "Zed", current_player="Zed")
    scenario_error("scenario/unknown_card", "excalibur", hands={"Ada": ["excalibur"]})
    scenario_error("scenario/unknown_player", "Zed", hands={"Zed": ["alaska"]})
    scenario_error("scenario/duplicate_card", "alaska", hands={"Ada": ["alaska"], "Bo": ["alaska"]})
    scenario_error("scenario/duplicate_card", "wild_1", hands={"Ada": ["wild_1", "wild_1"]})
    scenario_error("scenario/unknown_keyword", "cities", cities=["alaska"])
    scenario_error("scenario/bad_mission", missions={"Ada": "occupy_24"})
    scenario_error("scenario/invalid", "reinforcements", reinforcements=-1)
    scenario_error("scenario/invalid", "turn", turn=0)
    for phase in ("setup", "occupy", "over", "lunch"):
        scenario_error("scenario/bad_phase", phase, phase=phase)


def test_a_scenario_player_without_territory_cannot_have_the_turn() -> None:
    pos = {t: (("Bo", "Cy")[i % 2], 1) for i, t in enumerate(IDS)}
    scenario_error("scenario/", "Ada", pos=pos)


# -- saved games and records ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def saved() -> str:
    game = rb.new_game("classic", players=PLAYERS, seed=5)
    game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(PLAYERS)}, max_turns=6)
    return game.to_json()


def format_error(text: Any, code: str, loader: Callable[[Any], Any] = rb.Game.from_json) -> rb.FormatError:
    with pytest.raises(rb.FormatError) as info:
        loader(text)
    error = info.value
    assert isinstance(error, ValueError)
    assert error.code == code, (error.code, str(error))
    assert str(error)
    return error


def edited(text: str, change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def test_a_saved_game_loads(saved: str) -> None:
    assert rb.Game.from_json(saved).to_json() == saved
    assert rb.Game.from_json(saved.encode()).to_json() == saved


def test_not_a_saved_game(saved: str) -> None:
    format_error(saved[: len(saved) // 2], "format/json")
    format_error(saved[:-1], "format/json")
    format_error("", "format/json")
    format_error("not json at all", "format/json")
    format_error(b"\xff\xfe\x00", "format/json")
    format_error("[1, 2, 3]", "format/kind")
    format_error("{}", "format/kind")
    format_error(edited(saved, lambda d: d.update(format="chess/pgn")), "format/kind")
    format_error(json.dumps(json.loads(saved)["record"]), "format/kind")


@pytest.mark.parametrize("schema", [0, 1, 3, "2", None, 2.5])
def test_wrong_schema_version(saved: str, schema: Any) -> None:
    error = format_error(edited(saved, lambda d: d.update(schema=schema)), "format/version")
    assert str(schema) in str(error)
    format_error(edited(saved, lambda d: d["record"].update(schema=schema)), "format/version")


def test_missing_schema(saved: str) -> None:
    format_error(edited(saved, lambda d: d.pop("schema")), "format/version")


def test_a_hand_edited_state_is_inconsistent(saved: str) -> None:
    def more_armies(d: dict[str, Any]) -> None:
        d["state"]["territories"]["alaska"][1] += 1

    error = format_error(edited(saved, more_armies), "format/inconsistent")
    assert "edited" in str(error)

    def other_player(d: dict[str, Any]) -> None:
        owner = d["state"]["territories"]["alaska"][0]
        d["state"]["territories"]["alaska"][0] = next(p for p in PLAYERS if p != owner)

    format_error(edited(saved, other_player), "format/inconsistent")
    format_error(edited(saved, lambda d: d["state"].update(seq=d["state"]["seq"] + 1)), "format/inconsistent")
    format_error(edited(saved, lambda d: d["state"].update(chance=d["state"]["chance"] + 1)), "format/inconsistent")


def test_a_hand_edited_record_action_is_refused(saved: str) -> None:
    def occupy(d: dict[str, Any]) -> None:
        d["record"]["actions"][5] = "occupy 99"

    error = format_error(edited(saved, occupy), "format/bad_action")
    assert "6" in str(error) and "occupy 99" in str(error)
    format_error(edited(saved, lambda d: d["record"]["actions"].__setitem__(0, "fly alaska")), "format/bad_action")
    format_error(edited(saved, lambda d: d["record"]["actions"].__setitem__(0, 42)), "format/bad_action")
    format_error(edited(saved, lambda d: d["record"]["actions"].__setitem__(0, ["end"])), "format/bad_action")
    format_error(edited(saved, lambda d: d["record"]["actions"].__setitem__(0, None)), "format/bad_action")
    # one action fewer: the record no longer reaches the stored state
    format_error(edited(saved, lambda d: d["record"]["actions"].pop()), "format/inconsistent")


def test_an_old_record_asks_for_its_version(saved: str) -> None:
    """Schema 1 wrote ``["blitz brazil north_africa all", "662 11"]``: refused by its version."""

    def old(d: dict[str, Any]) -> None:
        d["schema"] = d["record"]["schema"] = 1
        d["record"]["actions"] = ["place 3 egypt", ["blitz brazil north_africa all", "662 11"], ["end", "alaska"]]

    error = format_error(edited(saved, old), "format/version")
    assert "1" in str(error) and "2" in str(error)
    format_error(json.loads(edited(saved, old))["record"], "format/version", rb.replay)


def test_a_hand_edited_entry_in_the_compact_notation_is_refused(saved: str) -> None:
    actions = json.loads(saved)["record"]["actions"]
    b = next(i for i, a in enumerate(actions) if a.startswith("blitz") and "=" in a)
    e = next(i for i, a in enumerate(actions) if a.startswith("end/"))
    text, throws = actions[b].split("=")
    first_attack = decode_outcomes("=" + throws[:2])[0]
    wrong_size = encode_outcomes([[6] if len(first_attack) > 1 else [6, 6, 6], [1]])
    source = text.split()[1]
    cases = {
        (b, text.replace(f" {source} ", " qqq ")): "qqq",  # an unknown territory code
        (e, "end/qqq"): "qqq",  # an unknown card code
        (b, text): "outcomes",  # the throws left out: the generator must not fill them in
        (e, "end"): "outcomes",
        (b, text + "=!!"): "!!",  # garbage after the separator
        (b, text + "=" + throws + "x"): "two characters",
        (b, text + "=zz"): "zz",  # two characters, but no throw
        (b, text + "="): "throws",
        (b, text + "/"): "empty",
        (b, text + "=" + throws + "/ala"): "did not use",  # one outcome too many
        (b, text + wrong_size + throws[2:]): "dice",  # a throw of the wrong number of dice
        (b, text.replace(" a", " x") + "=" + throws): "'all' or 'min'",
    }
    for (n, entry), mention in cases.items():
        text_edited = edited(saved, lambda d, n=n, entry=entry: d["record"]["actions"].__setitem__(n, entry))
        error = format_error(text_edited, "format/bad_action")
        reason = str(error).replace(repr(entry), "")
        assert f"action {n + 1} " in reason and mention in reason, (entry, str(error))
        format_error(json.loads(text_edited)["record"], "format/bad_action", rb.replay)


@pytest.mark.parametrize(
    "field",
    ["seq", "phase", "current", "turn", "territories", "reinforcements", "hands", "draw_pile", "discard_pile",
     "sets_traded", "conquered", "alive", "supply", "setup_left", "missions", "chance", "first_player"],
)  # fmt: skip
def test_missing_or_mistyped_state_fields(saved: str, field: str) -> None:
    for value in ("nonsense", 3.5, [1, [2]], {"x": None}, -4):
        original = json.loads(saved)["state"][field]
        if value == original:
            continue
        with pytest.raises(rb.FormatError) as info:
            rb.Game.from_json(edited(saved, lambda d, v=value: d["state"].update({field: v})))
        assert info.value.code.startswith("format/")
    with pytest.raises(rb.FormatError) as info:
        rb.Game.from_json(edited(saved, lambda d: d["state"].pop(field)))
    assert info.value.code in ("format/missing_field", "format/bad_field")


@pytest.mark.parametrize("value", [None, 1, "x", [], ["alaska", 3], {"a": 1}])
def test_mistyped_hands(saved: str, value: Any) -> None:
    with pytest.raises(rb.FormatError) as info:
        rb.Game.from_json(edited(saved, lambda d: d["state"]["hands"].update(Ada=value)))
    assert info.value.code.startswith("format/")


def test_mistyped_alive(saved: str) -> None:
    format_error(edited(saved, lambda d: d["state"]["alive"].update(Ada="yes")), "format/bad_field")
    format_error(edited(saved, lambda d: d["state"].update(alive={"Ada": True})), "format/missing_field")


def test_territory_entries_are_checked(saved: str) -> None:
    for value in (None, "Ada", ["Ada"], ["Ada", 0], ["Ada", -1], ["Zed", 2], ["Ada", "2"], ["Ada", True]):
        with pytest.raises(rb.FormatError) as info:
            rb.Game.from_json(edited(saved, lambda d, v=value: d["state"]["territories"].update(alaska=v)))
        assert info.value.code == "format/bad_field", value
    format_error(edited(saved, lambda d: d["state"]["territories"].pop("alaska")), "format/bad_field")
    format_error(edited(saved, lambda d: d["state"]["territories"].update(atlantis=["Ada", 1])), "format/bad_field")


def test_cards_must_be_the_whole_deck_once(saved: str) -> None:
    data = json.loads(saved)
    pile = data["state"]["draw_pile"]
    assert pile

    def duplicate(d: dict[str, Any]) -> None:
        d["state"]["hands"]["Ada"] = [*d["state"]["hands"]["Ada"], pile[0]]

    format_error(edited(saved, duplicate), "format/cards")
    format_error(edited(saved, lambda d: d["state"]["draw_pile"].pop()), "format/cards")
    format_error(edited(saved, lambda d: d["state"]["draw_pile"].append("excalibur")), "format/cards")
    format_error(edited(saved, lambda d: d["record"]["initial"]["draw_pile"].pop()), "format/cards")


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda r: r.pop("players"), "format/missing_field"),
        (lambda r: r.pop("seed"), "format/missing_field"),
        (lambda r: r.pop("actions"), "format/missing_field"),
        (lambda r: r.pop("initial"), "format/bad_field"),
        (lambda r: r.update(actions="end"), "format/missing_field"),
        (lambda r: r.update(players=["Ada"]), "format/config"),
        (lambda r: r.update(players="Ada"), "format/config"),
        (lambda r: r.update(ruleset="chess"), "format/config"),
        (lambda r: r.update(variant="capture_the_flag"), "format/config"),
        (lambda r: r.update(options={"fog_of_war": True}), "format/config"),
        (lambda r: r.update(options="x"), "format/config"),
        (lambda r: r.update(options=[1, 2]), "format/config"),
        (lambda r: r.update(seed="x"), "format/bad_field"),
        (lambda r: r.update(seed=None), "format/bad_field"),
        (lambda r: r.update(seed=True), "format/bad_field"),
        (lambda r: r.update(ruleset_version="99"), "format/version"),
        (lambda r: r.update(schema=99), "format/version"),
        (lambda r: r.update(format="riskboard/game"), "format/kind"),
        (lambda r: r["initial"].update(phase="lunch"), "format/bad_field"),
        (lambda r: r["actions"].insert(0, "attack alaska kamchatka 3"), "format/bad_action"),
    ],
)
def test_malformed_records(saved: str, change: Callable[[dict[str, Any]], Any], code: str) -> None:
    record = json.loads(saved)["record"]
    assert rb.replay(record).to_json() == saved
    change(record)
    format_error(record, code, rb.replay)
    format_error(json.dumps(record), code, rb.replay)


def test_replay_of_non_records() -> None:
    for junk in (None, 42, [], "not json", "{}", {"format": "riskboard/record"}):
        with pytest.raises(rb.FormatError) as info:
            rb.replay(junk)
        assert info.value.code.startswith("format/")


def test_undo_refusals() -> None:
    game = scenario()
    with pytest.raises(rb.IllegalAction) as info:
        game.undo()
    assert info.value.code == "undo/nothing"
    game.apply("end")
    with pytest.raises(ValueError):
        game.undo(0)
    with pytest.raises(rb.IllegalAction) as info:
        game.undo(2)
    assert info.value.code == "undo/nothing"
    assert game.phase == "fortify"
    no_undo = scenario(options={"undo": False})
    no_undo.apply("end")
    with pytest.raises(rb.IllegalAction) as info:
        no_undo.undo()
    assert info.value.code == "undo/disabled"
    assert no_undo.phase == "fortify"


@pytest.mark.parametrize("count", ["３", "+3", "1_0", "٣", "3.0", "0x3"])
def test_counts_are_plain_ascii_digits(count: str) -> None:
    position = dict.fromkeys(rb.load_map("world").ids, ("Bo", 1))
    position["japan"] = ("Ada", 1)
    game = rb.new_game("classic", players=["Ada", "Bo"], position=position, current_player="Ada", seed=1)
    before = game.state
    with pytest.raises(rb.IllegalAction) as info:
        game.apply(f"place {count} japan")
    assert info.value.code == "action/unparsable" and game.state == before
    game.apply("place 3 japan")  # the plain digits still read
    assert game.armies("japan") == 4
