"""The board's Python side for RISK 2010: what it sends about the star cards, the race to the
territories that win with the territory table, the ceasefire card and the neutral armies, for each
variant; the neutral support and star trades by intent, refusals that change nothing; the hidden
ceasefire depth never sent; the neutral armies' colours in the board and the picture."""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import riskboard as rb
from browser.scenarios_2010 import ADA_HAND, NEUTRAL_1, NEUTRAL_2, R2010, simple_game, two_player_turn
from riskboard.render.palette import NEUTRAL_COLOUR, NEUTRAL_COLOURS, OKABE_ITO, text_colour
from riskboard.rulesets.risk2010.data import STAR_TABLE, TERRITORY_TABLE
from riskboard.widget.static import bundle_css, module_order, static_folder

SVG = "{http://www.w3.org/2000/svg}"
VARIANTS = {
    "simple": lambda: rb.new_game(R2010, variant="simple", players=["Ada", "Bo", "Cy", "Dee"], seed=1),
    "classic": lambda: rb.new_game(R2010, variant="classic", players=["Ada", "Bo", "Cy"], seed=1),
    "two_player": lambda: rb.new_game(R2010, variant="two_player", players=["Ada", "Bo"], seed=1),
}
SHARED_PARTS = {"star_cards", "territory_table", "win_progress"}


def send(board: rb.Board, **content: Any) -> None:
    board._on_msg(board, {"state_id": board.state_id, **content}, [])


def traits_json(board: rb.Board) -> str:
    """Every synced trait of the board, as the front end receives it (but for ``layout``, the id of
    a model of its own that each widget has)."""
    state = board.get_state()
    state.pop("layout")
    return json.dumps(state, sort_keys=True)


# -- what the board sends, per variant ------------------------------------------------------------
@pytest.mark.parametrize(
    ("variant", "own", "steps", "to_win"),
    [
        ("simple", {"ceasefire"}, ["reinforce", "attack", "fortify"], 20),
        ("classic", set(), ["setup", "reinforce", "attack", "fortify"], 42),
        ("two_player", {"neutral_support"}, ["neutral", "reinforce", "attack", "fortify"], 30),
    ],
)
def test_parts_and_facts_of_each_variant(variant: str, own: set[str], steps: list[str], to_win: int) -> None:
    board = rb.Board(VARIANTS[variant]())
    ed = board.edition
    assert set(ed["parts"]) == SHARED_PARTS | own
    assert [s[0] for s in ed["steps"]] == steps and ed["steps"][-1] == ["fortify", "Maneuver"]
    assert ed["star_table"] == {str(k): v for k, v in STAR_TABLE.items()}
    assert ed["territory_table"] == [list(band) for band in TERRITORY_TABLE]
    assert ed["territories_to_win"] == to_win and str(to_win) in ed["goal"]
    assert ed["words"]["units"] == "troops" and ed["verbs"]["fortify"] == "make the maneuver"
    assert ("ceasefire_rule" in ed) == (variant == "simple")
    assert ("neutral_rule" in ed) == (variant == "two_player")
    assert "icons" not in ed  # no symbols on this map
    json.dumps(ed)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_counts_follow_game_extras(variant: str) -> None:
    game = VARIANTS[variant]()
    if variant == "classic":  # through the claiming, to the first turn
        bots = {p: rb.bots.Random(seed=i) for i, p in enumerate(game.players)}
        while game.phase == "setup":
            game.apply(bots[game.pending.player].act(game.view(game.pending.player)))
    board = rb.Board(game)
    x = game.extras
    assert set(board.counts) == {"progress"}
    for p in game.players:
        held, needed = x.progress(p)
        troops, words = x.troops(p)
        got = board.counts["progress"][p]
        assert (got["held"], got["needed"], got["bonus"]) == (held, needed, x.territory_bonus(p))
        assert (got["troops"], got["troops_words"]) == (troops, words)
        above = [[low, bonus] for low, _high, bonus in TERRITORY_TABLE if low > held]
        assert got["next"] == (above[0] if above else None)
    json.dumps(board.counts)


def test_the_next_band_of_the_territory_table() -> None:
    game = two_player_turn()
    board = rb.Board(game)
    ada = board.counts["progress"]["Ada"]
    assert (ada["held"], ada["needed"], ada["bonus"], ada["next"]) == (12, 30, 1, [15, 2])
    assert ada["troops"] == 9 and ada["troops_words"] == "3 + 1 for 12 territories + 5 for North America"


def test_extras_per_variant() -> None:
    simple = rb.Board(VARIANTS["simple"]())
    x = simple.game.extras
    assert simple.extras == {"ceasefire": {"note": x.ceasefire_note(), "range": list(x.ceasefire_range()), "drawn": 0}}
    assert simple.extras["ceasefire"]["note"].startswith("The ceasefire card is somewhere in the next ")
    assert rb.Board(VARIANTS["classic"]()).extras == {}
    two = rb.Board(VARIANTS["two_player"]())
    assert two.extras == {"neutral_armies": {"neutral_1": 3, "neutral_2": 3, "neutral_3": 3}}


def test_the_ceasefire_note_follows_the_cards_drawn() -> None:
    game = simple_game()
    board = rb.Board(game)
    cf = board.extras["ceasefire"]
    drawn = game.extras.cards_drawn
    assert drawn > 0 and cf["drawn"] == drawn
    assert cf["range"] == list(game.extras.ceasefire_range()) and cf["note"] == game.extras.ceasefire_note()


# -- hints -----------------------------------------------------------------------------------------
def test_neutral_hints_come_from_the_legal_supports() -> None:
    game = two_player_turn()
    board = rb.Board(game)
    neutral = board.hints["neutral"]
    assert neutral["troops"] == 3 and neutral["territories"] == 3
    assert neutral["armies"] == {
        "neutral_1": sorted(NEUTRAL_1),
        "neutral_2": sorted(NEUTRAL_2),
        "neutral_3": sorted(game.territories("neutral_3")),
    }
    legal = {str(a) for a in game.legal_actions()}
    assert "neutral neutral_1 argentina 2 peru 1" in legal
    assert board.hints["place"] == [] and board.hints["trades"] == [] and not board.hints["can_end"]


@pytest.mark.parametrize("phase", ["reinforce", "attack", "fortify"])
def test_star_trades_are_offered_in_every_step_of_ones_turn(phase: str) -> None:
    game = two_player_turn(phase=phase)
    board = rb.Board(game)
    assert board.hints["neutral"] == {}
    trades = {tuple(t["cards"]): t["value"] for t in board.hints["trades"]}
    assert trades[("alaska", "peru")] == STAR_TABLE[3]
    assert trades[("alaska", "china", "peru", "egypt", "siam")] == STAR_TABLE[7]
    cards = {c["id"]: c["stars"] for c in board.view["hand"]}
    assert cards == {"alaska": 2, "peru": 1, "egypt": 1, "china": 2, "siam": 1}


def test_hints_of_the_claiming_setup() -> None:
    game = VARIANTS["classic"]()
    board = rb.Board(game)
    assert board.view["pending"]["decision"] == "claim"
    assert board.hints["place"] == sorted(game.map.ids) and board.hints["neutral"] == {}
    first = game.pending.player  # the die decides who claims first
    send(board, kind="click", territory="siam")
    assert board.error == {} and game.owner("siam") == first


# -- intents ---------------------------------------------------------------------------------------
def test_the_neutral_support_by_intent() -> None:
    game = two_player_turn()
    board = rb.Board(game)
    send(board, kind="action", text="neutral neutral_1 peru 2 argentina 1")
    assert board.error == {}
    assert (game.armies("peru"), game.armies("argentina")) == (3, 2)
    assert board.view["pending"]["decision"] == "place" and board.view["phase"] == "reinforce"
    assert board.hints["neutral"] == {} and "alaska" in board.hints["place"]
    assert any("neutral_1" in line for line in board.event_log)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("neutral neutral_1", "action/unparsable"),
        ("neutral neutral_1 peru", "action/unparsable"),
        ("neutral neutral_1 peru three", "action/unparsable"),
        ("neutral neutral_9 peru 3", "neutral/unknown_army"),
        ("neutral neutral_1 peru 2 ukraine 1", "neutral/one_army"),
        ("neutral neutral_1 peru 2", "neutral/troops"),
        ("neutral neutral_1 peru 4", "neutral/troops"),
        ("neutral neutral_1 alaska 3", "action/not_neutral"),
        ("neutral neutral_1 peru 1 argentina 1 great_britain 1 scandinavia 1", "neutral/territories"),
        ("neutral neutral_1 atlantis 3", "action/unknown_territory"),
        ("place 3 alaska", "action/neutral_first"),
    ],
)
def test_bad_neutral_intents_are_refused_and_change_nothing(text: str, code: str) -> None:
    game = two_player_turn()
    board = rb.Board(game)
    before, sent = game.to_json(), traits_json(board)
    send(board, kind="action", text=text)
    assert board.error["code"] == code and board.error["message"], board.error
    assert game.to_json() == before
    board.error = {}
    assert traits_json(board) == sent


@pytest.mark.parametrize("content", [{"text": 3}, {"text": ["neutral", "neutral_1"]}, {}])
def test_malformed_neutral_intents_never_raise(content: dict[str, Any]) -> None:
    game = two_player_turn()
    board = rb.Board(game)
    before = game.to_json()
    send(board, kind="action", **content)
    assert board.error["code"] == "intent/malformed"
    assert game.to_json() == before


def test_a_stale_or_late_neutral_support_is_refused() -> None:
    game = two_player_turn()
    board = rb.Board(game)
    old = board.state_id
    game.apply("neutral neutral_2 ukraine 3")  # a cell moved first
    before = game.to_json()
    board._on_msg(board, {"kind": "action", "text": "neutral neutral_1 peru 3", "state_id": old}, [])
    assert board.error["code"] == "intent/stale" and game.to_json() == before
    send(board, kind="action", text="neutral neutral_1 peru 3")  # no longer the neutral step
    assert board.error["code"] == "action/wrong_phase" and game.to_json() == before


def test_a_click_in_the_neutral_step_says_how_it_is_done() -> None:
    game = two_player_turn()
    board = rb.Board(game)
    before = game.to_json()
    send(board, kind="click", territory="peru")
    assert board.error["code"] == "action/wrong_phase"
    assert "neutral army" in board.error["message"] and "Confirm" in board.error["message"]
    assert game.to_json() == before


def test_a_star_trade_in_the_attack_step_places_its_troops_first() -> None:
    game = two_player_turn(phase="attack")
    board = rb.Board(game)
    send(board, kind="action", text="trade alaska peru")
    assert board.error == {}
    assert board.view["reinforcements"] == 4 and board.view["pending"]["decision"] == "place"
    assert board.view["phase"] == "attack" and [c["id"] for c in board.view["hand"]] == ["egypt", "china", "siam"]
    send(board, kind="click", territory="alaska")
    assert board.error == {} and game.armies("alaska") == 6 and board.view["reinforcements"] == 3
    send(board, kind="action", text="place 3 alaska")
    assert board.view["pending"]["decision"] == "attack" and "alaska" in board.hints["sources"]
    assert ADA_HAND[0] not in game.hand("Ada")


# -- the hidden ceasefire depth --------------------------------------------------------------------
def _simple_at(ceasefire: int) -> rb.Game:
    """The same simple-game position with the ceasefire card ``ceasefire`` cards down the pile."""
    base = simple_game()
    s = base.state
    position = {t: (base.owner(t), base.armies(t)) for t in base.map.ids}
    return rb.new_game(
        R2010,
        variant="simple",
        players=base.players,
        position=position,
        current_player=base.current_player,
        phase="attack",
        hands={p: list(base.hand(p)) for p in base.players},
        drawn=s.extra.drawn,
        turn=s.turn,
        ceasefire=ceasefire,
        seed=11,
    )


def test_the_hidden_ceasefire_depth_never_reaches_the_board() -> None:
    """Two games that differ only in where the ceasefire card lies send the same traits, position
    after position, for as long as neither has drawn it."""
    near, far = _simple_at(13), _simple_at(17)  # with 5 cards drawn of a 4-player window of 18 to 22
    assert near.state.extra.ceasefire == 13 and far.state.extra.ceasefire == 17
    assert near.extras.ceasefire_range() == far.extras.ceasefire_range()
    drawn = near.extras.cards_drawn
    boards = rb.Board(near), rb.Board(far)
    bots = {p: rb.bots.Aggressive(seed=i) for i, p in enumerate(near.players)}
    compared = 0
    while not near.is_over:  # until the nearer ceasefire card is drawn (or a player wins)
        assert traits_json(boards[0]) == traits_json(boards[1]), f"after {compared} actions"
        assert boards[0].to_svg() == boards[1].to_svg()
        player = near.pending.player
        action = bots[player].act(near.view(player))
        near.apply(action)
        far.apply(action)
        compared += 1
    assert near.extras.cards_drawn >= drawn + 3 and compared >= 20  # several turns and draws compared
    assert far.state.extra.ceasefire >= 0 and not far.is_over  # the farther card is still in the pile


# -- colours ---------------------------------------------------------------------------------------
def _lab(hex_colour: str) -> tuple[float, float, float]:
    def lin(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(int(hex_colour[i : i + 2], 16)) for i in (1, 3, 5))
    xyz = ((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b)
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    x, y = xyz
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _contrast(a: str, b: str) -> float:
    def lum(h: str) -> float:
        def lin(c: int) -> float:
            v = c / 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

        r, g, bl = (lin(int(h[i : i + 2], 16)) for i in (1, 3, 5))
        return 0.2126 * r + 0.7152 * g + 0.0722 * bl

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_three_neutral_armies_have_colours_of_their_own() -> None:
    board = rb.Board(VARIANTS["two_player"]())
    neutrals = {p["name"]: p for p in board.players if p["neutral"]}
    colours = [neutrals[n]["colour"] for n in ("neutral_1", "neutral_2", "neutral_3")]
    assert colours == list(NEUTRAL_COLOURS) and NEUTRAL_COLOUR not in colours
    assert len({neutrals[n]["shape"] for n in neutrals}) == 3
    for i, a in enumerate(colours):
        r, g, b = (int(a[k : k + 2], 16) for k in (1, 3, 5))
        assert max(r, g, b) - min(r, g, b) >= 40, f"{a} is a grey"  # not one of three greys
        for other in colours[i + 1 :]:
            assert math.dist(_lab(a), _lab(other)) >= 40, (a, other)
        for player in OKABE_ITO:
            assert math.dist(_lab(a), _lab(player)) >= 25, (a, player)
        # the army numbers on them: black (or white), readable
        ink = text_colour(a)
        assert _contrast(a, ink) >= 4.5, (a, ink)


def test_a_single_neutral_army_stays_grey() -> None:
    board = rb.Board(rb.new_game("classic", players=["Ada", "Bo"], seed=1))
    assert [p["colour"] for p in board.players if p["neutral"]] == [NEUTRAL_COLOUR] == ["#BBBBBB"]


def test_the_picture_draws_the_neutral_armies_in_their_colours() -> None:
    game = two_player_turn()
    root = ET.fromstring(rb.render_svg(game))
    fills = {
        p.attrib["data-territory"]: p.attrib["fill"] for p in root.iter(f"{SVG}path") if "data-territory" in p.attrib
    }
    for name, colour in zip(("neutral_1", "neutral_2", "neutral_3"), NEUTRAL_COLOURS):
        assert {fills[t] for t in game.territories(name)} == {colour}
    legend = [p.attrib.get("fill") for p in root.iter(f"{SVG}path") if "data-territory" not in p.attrib]
    assert all(c in legend for c in NEUTRAL_COLOURS)
    texts = {t.text: t.attrib.get("fill") for t in root.iter(f"{SVG}text")}
    assert any(key and key.startswith("neutral_2:") for key in texts)


# -- the front end's files -------------------------------------------------------------------------
def test_the_parts_have_modules_of_their_own_in_the_bundle() -> None:
    folder = static_folder()
    assert folder is not None
    order = module_order(folder)
    for name in ("stars.js", "goal_panels.js", "neutral_support.js"):
        assert name in order and order.index(name) < order.index("board.js")
    assert "renderEditionHand" not in (folder / "bop_panels.js").read_text()
    assert ".rb-starcard" in bundle_css() and ".rb-neutral-ctl" in bundle_css()


def test_the_modules_of_one_board_never_define_the_same_method() -> None:
    """A board mixes in the modules of its ruleset's parts (``PARTS`` in js/board.js) one after the
    other: a method two of them define would silently replace the other's."""
    folder = static_folder()
    assert folder is not None
    board_js = (folder / "board.js").read_text()
    source = {name: module for name, module in re.findall(r'^import \{ (\w+) \} from "\./(\w+\.js)";', board_js, re.M)}
    parts = [
        (set(re.findall(r'"(\w+)"', names)), methods)
        for names, methods in re.findall(r"^  \[\[([^\]]*)\], (\w+)\],", board_js, re.M)
    ]
    assert {m for _, m in parts} >= {"StarCardMethods", "GoalPanelMethods", "NeutralSupportMethods"}

    def methods(name: str) -> set[str]:
        return set(re.findall(r"^  (\w+)\(", (folder / source[name]).read_text(), re.M))

    for game in [*(make() for make in VARIANTS.values()), rb.new_game("balance_of_power", players=["a", "b"])]:
        have = game.ruleset.parts(game.config)
        mixed = [m for names, m in parts if names & have]
        seen: dict[str, str] = {}
        for m in dict.fromkeys(mixed):
            for method in methods(m):
                assert method not in seen, f"{method} is in both {seen[method]} and {m}"
                seen[method] = m
