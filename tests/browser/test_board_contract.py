"""The front end reads the board's schema as its single contract: every field js/ reads, recorded
by a Proxy around the fake model's values while it draws positions of every edition, is one the
schema names; every intent it sends is valid; and a payload lacking a field the front end needs
(a rule's number: the missions to win, a leader's return cost, the defender's dice) is an error
naming the field, never a default of the front end's own."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import riskboard as rb
from riskboard.widget.contract import board_schema

from .board_traits import board_traits, hints
from .helpers import sent

pytestmark = pytest.mark.browser

SCHEMA = board_schema()
P = ["Ada", "Bo", "Cy", "Dee"]
GAMES = {
    "classic": lambda: rb.new_game("classic", players=P[:3], seed=1, options={"ask_defender": True}),
    "risk2010": lambda: rb.new_game("risk2010", players=P, seed=1),
    "risk2010_two_player": lambda: rb.new_game("risk2010", variant="two_player", players=P[:2], seed=1),
    "balance_of_power": lambda: rb.new_game(
        "balance_of_power", variant="command_room", players=["red", "blue"], seed=1
    ),
    "transformers": lambda: rb.new_game("transformers", players=P, seed=1),
}


def _resolve(node: Any) -> Any:
    while isinstance(node, dict) and "$ref" in node:
        node = SCHEMA["$defs"][node["$ref"].removeprefix("#/$defs/")]
    return node


def named(path: str) -> bool:
    """Whether the schema names the field at ``path`` ("view.pending.decision", "hints.targets.alaska.dice",
    "view.hand[].stars"): each step a property, an item, or a key of an object of any keys."""
    steps = path.replace("[]", ".[]").split(".")
    nodes = [_resolve(SCHEMA["$defs"][f"trait_{steps[0]}"])]
    for step in steps[1:]:
        following = []
        while nodes:
            node = _resolve(nodes.pop())
            if not isinstance(node, dict):
                continue
            for key in ("anyOf", "oneOf"):
                nodes.extend(node.get(key, []))
            if step == "[]":
                if "items" in node:
                    following.append(node["items"])
            elif step in node.get("properties", {}):
                following.append(node["properties"][step])
            elif isinstance(node.get("additionalProperties"), dict):
                following.append(node["additionalProperties"])
        if not following:
            return False
        nodes = following
    return True


def test_the_walk_tells_named_fields_from_others() -> None:
    assert named("view.pending.decision") and named("hints.targets.alaska.dice") and named("view.hand[].stars")
    assert named("edition.rules.sides") and named("counts.progress.Ada.needed") and named("dice.attack_sides[]")
    assert not named("hints.defend.most") and not named("edition.missions_to_lose") and not named("view.hand[].colour")


def positions(name: str, every: int = 9, limit: int = 160) -> list[dict[str, Any]]:
    """Traits of positions along a Random bot game, a source selected where one can be."""
    game = GAMES[name]()
    bots = {p: rb.bots.Random(seed=i) for i, p in enumerate(game.players)}
    out = []
    for step in range(limit):
        if game.pending.player is None:
            break
        if step % every == 0 or game.pending.decision not in ("claim", "place", "setup_place", "attack"):
            sources = hints(game)["sources"]
            out.append(board_traits(game, selected=sources[0] if sources else ""))
        player = game.pending.player
        game.apply(bots[player].act(game.view(player)), player=player)
    out.append(board_traits(game))
    return out


@pytest.mark.parametrize("name", list(GAMES))
def test_the_front_end_reads_no_field_the_schema_lacks(page: Any, name: str) -> None:
    states = positions(name)
    page.evaluate("t => window.__harness.mount(t, { record: true })", states[0])
    page.wait_for_selector("svg.rb-map path[data-territory]")
    for traits in states[1:]:
        page.evaluate("c => window.__model._update(c)", {k: v for k, v in traits.items() if k != "map_data"})
        page.locator(".rb-board").first.hover()  # the hover tips and outlines read too
    reads = page.evaluate("() => window.__harness.reads()")
    assert len(reads) > 40
    assert [path for path in reads if not named(path)] == []
    intent = Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": "#/$defs/intent"})
    assert [m for m in sent(page) if not intent.is_valid(m)] == []


def _mount_expecting_error(browser: Any, server: str, traits: dict[str, Any], then: str | None = None) -> list[str]:
    """Mount ``traits`` (then run ``then`` in the page) and return the JavaScript errors seen."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{server}/harness.html")
        page.wait_for_function("() => window.__harnessReady === true")
        try:
            page.evaluate("t => window.__harness.mount(t)", traits)
            if then:
                page.evaluate(then)
        except Exception as exc:  # an error thrown while drawing rejects the mount
            errors.append(str(exc))
    finally:
        page.close()
    return errors


def _traits_at(name: str, decision: str) -> dict[str, Any]:
    from .board_traits import play_until

    return board_traits(play_until(GAMES[name](), decision))


@pytest.mark.parametrize(
    ("name", "decision", "trait", "field"),
    [
        ("balance_of_power", "attack", "edition", "missions_to_win"),
        ("transformers", "attack", "edition", "revive_cost"),
        ("transformers", "attack", "extras", "rounds"),
        ("classic", "attack", "view", "reinforcements"),
        # the words are the presentation's: the front end keeps no copy of classic's to fall back on
        ("classic", "attack", "edition", "steps"),
        ("classic", "attack", "edition", "verbs"),
        ("classic", "attack", "edition", "words"),
        ("classic", "defend", "hints", "defend.max"),
        ("risk2010", "attack", "counts", "progress"),
    ],
)
def test_a_payload_without_a_field_the_front_end_needs_is_an_error_not_a_default(
    browser: Any, server: str, name: str, decision: str, trait: str, field: str
) -> None:
    traits = _traits_at(name, decision)
    assert not _mount_expecting_error(browser, server, traits)  # whole, it draws without an error
    broken = copy.deepcopy(traits)
    holder = broken[trait]
    *outer, last = field.split(".")
    for key in outer:
        holder = holder[key]
    del holder[last]
    errors = _mount_expecting_error(browser, server, broken)
    where = ".".join([trait, *outer])
    assert any(f"lacks {where}.{last}" in e for e in errors), errors


def test_the_module_asks_once_for_the_whole_traits_when_it_loads(page: Any) -> None:
    """anywidget's ``initialize`` runs when the module is loaded: it asks the kernel once, with the
    undated ``sync`` intent, for the traits the kernel patches, so that a patch sent while the
    module was still loading (a board made and moved in one cell) is not missed."""
    from .helpers import mount

    mount(page, board_traits(rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=1)))
    every = page.evaluate("() => window.__model._sent")
    assert every.count({"kind": "sync"}) == 1
    assert sent(page) == []  # nothing else: no click yet
