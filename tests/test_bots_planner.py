"""The Planner: it plays every edition and variant legally, makes the moves its values call for
in small scenarios, and beats Random decisively."""

from __future__ import annotations

from typing import Any

import pytest

import riskboard as rb

PLAYS = [
    ("classic", ("Ada", "Bo", "Cy"), "standard", None, {}),
    ("classic", ("Ada", "Bo"), "standard", None, {}),
    ("classic", ("Ada", "Bo", "Cy", "Di"), "secret_missions", None, {}),
    ("classic", ("Ada", "Bo", "Cy"), "standard", "deal", {"ask_defender": True}),
    ("risk2010", ("Ada", "Bo", "Cy"), "simple", None, {}),
    ("risk2010", ("Ada", "Bo", "Cy"), "classic", None, {}),
    ("risk2010", ("Ada", "Bo"), "two_player", None, {"ask_defender": True}),
    ("balance_of_power", ("red", "blue"), "basic_training", None, {}),
    ("balance_of_power", ("red", "blue"), "command_room", "free", {}),
    ("balance_of_power", ("red", "blue"), "command_room", "random", {"ask_defender": True}),
    ("transformers", ("Ada", "Bo"), None, None, {}),
    ("transformers", ("Ada", "Bo", "Cy", "Di"), None, None, {"ask_defender": True}),
]


@pytest.mark.parametrize("case", PLAYS, ids=lambda c: f"{c[0]}-{c[2]}-{len(c[1])}p-{'ask' if c[4] else 'blitz'}")
def test_the_planner_plays_every_edition_to_the_end(case: tuple[Any, ...]) -> None:
    edition, players, variant, setup, options = case
    for seed in (1, 2):
        game = rb.new_game(edition, players=list(players), variant=variant, setup=setup, options=options, seed=seed)
        # the Planner against itself and Aggressive; game.play raises BotError on any illegal action
        bots = {p: rb.bots.Planner(seed=i) if i % 2 == 0 else rb.bots.Aggressive(seed=i) for i, p in enumerate(players)}
        winner = game.play(bots, max_turns=300)
        assert game.is_over and winner in players


def _world(owner: dict[str, tuple[str, int]], default: tuple[str, int] = ("Bo", 1)) -> dict[str, tuple[str, int]]:
    return {t: owner.get(t, default) for t in rb.load_map("world").ids}


AUSTRALIA = {"eastern_australia": ("Ada", 1), "new_guinea": ("Ada", 1), "western_australia": ("Ada", 1)}


def test_it_takes_the_last_territory_of_a_region_when_the_odds_are_good() -> None:
    position = _world({**AUSTRALIA, "siam": ("Ada", 12), "indonesia": ("Bo", 2), "alaska": ("Cy", 3)})
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], position=position, current_player="Ada",
                       phase="attack", seed=1)  # fmt: skip
    bot = rb.bots.Planner(seed=1)
    action = bot.act(game.view("Ada"))
    assert isinstance(action, rb.Blitz) and (action.source, action.target) == ("siam", "indonesia")
    assert "Australia" in bot.explain() and "indonesia" in bot.explain()


def test_it_does_not_throw_armies_at_a_wall() -> None:
    position = _world({"siam": ("Ada", 3), "alaska": ("Cy", 3)}, default=("Bo", 12))
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], position=position, current_player="Ada",
                       phase="attack", seed=1)  # fmt: skip
    bot = rb.bots.Planner(seed=1)
    assert bot.act(game.view("Ada")) == rb.EndPhase()
    assert bot.explain().startswith("Ended the attacks")


def test_reinforcements_go_to_the_threatened_border_of_a_held_region() -> None:
    # Australia is Ada's; siam faces a huge stack in china, the rest of her land is quiet
    position = _world(
        {**AUSTRALIA, "indonesia": ("Ada", 4), "siam": ("Ada", 2), "china": ("Bo", 14), "alaska": ("Cy", 3)},
        default=("Bo", 1),
    )
    for t in ("india",):
        position[t] = ("Bo", 1)
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], position=position, current_player="Ada",
                       phase="reinforce", reinforcements=6, seed=1)  # fmt: skip
    bot = rb.bots.Planner(seed=1)
    action = bot.act(game.view("Ada"))
    assert isinstance(action, rb.Place) and action.count == 6
    assert action.territory in ("siam",)
    assert "siam" in bot.explain()


def test_the_end_of_turn_move_brings_interior_armies_to_the_front() -> None:
    # eastern_australia is interior; new_guinea and western_australia face indonesia's 6
    position = _world({**AUSTRALIA, "eastern_australia": ("Ada", 9), "indonesia": ("Bo", 6), "alaska": ("Cy", 3)})
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], position=position, current_player="Ada",
                       phase="fortify", seed=1)  # fmt: skip
    bot = rb.bots.Planner(seed=1)
    action = bot.act(game.view("Ada"))
    assert isinstance(action, rb.Fortify) and action.source == "eastern_australia" and action.count == 8
    assert action.target in ("new_guinea", "western_australia")
    assert game.is_legal(action)
    assert "eastern_australia" in bot.explain()


def test_the_planner_beats_random_clearly() -> None:
    # 20 two-player classic games, seats alternating; seen: the Planner won 20 of 20
    wins = 0
    for s in range(20):
        game = rb.new_game("classic", players=["P0", "P1"], seed=1000 + s)
        planner_seat = f"P{s % 2}"
        bots: dict[str, Any] = {p: rb.bots.Random(seed=s) for p in game.players}
        bots[planner_seat] = rb.bots.Planner(seed=s)
        wins += game.play(bots, max_turns=300) == planner_seat
    assert wins >= 17


def test_caution_must_be_positive() -> None:
    with pytest.raises(ValueError, match="caution"):
        rb.bots.Planner(caution=0)
    assert repr(rb.bots.Planner(seed=3, caution=2)) == "Planner(seed=3, caution=2.0)"


def test_against_one_rival_the_setup_gathers_one_stack() -> None:
    # two-player classic: 14 territories of 1 each, then 26 armies of one's own placed 2 at a time
    game = rb.new_game("classic", players=["Ada", "Bo"], seed=4)
    game.play({"Ada": rb.bots.Planner(seed=1), "Bo": rb.bots.Aggressive(seed=2)}, max_turns=0)
    assert game.phase != "setup"
    ada = sorted((game.armies(t) for t in game.map.ids if game.owner(t) == "Ada"), reverse=True)
    assert ada[0] == 27 and set(ada[1:]) == {1}
    stack = next(t for t in game.map.ids if game.owner(t) == "Ada" and game.armies(t) == 27)
    assert any(game.owner(n) != "Ada" for n in game.map.neighbours(stack))  # at the front


def test_with_more_rivals_the_setup_still_spreads() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=4)
    game.play({p: rb.bots.Planner(seed=i) for i, p in enumerate(game.players)}, max_turns=0)
    ada = sorted((game.armies(t) for t in game.map.ids if game.owner(t) == "Ada"), reverse=True)
    assert ada[0] < sum(ada) - len(ada)  # no single stack holds every placed army


class NeutralWatcher:
    """Plays as a Planner and records each neutral placement with the rival's stacks around it."""

    def __init__(self) -> None:
        self.bot = rb.bots.Planner(seed=1)
        self.seen: list[tuple[int, int]] = []

    def act(self, view: rb.PlayerView) -> Any:
        action = self.bot.act(view)
        if view.pending.decision == "place_neutral":

            def rival_next_to(t: str) -> int:
                return max((view.armies(n) for n in view.map.neighbours(t) if view.owner(n) == "Bo"), default=0)

            best = max(rival_next_to(t) for t in view.map.ids if view.owner(t) == "neutral")
            self.seen.append((rival_next_to(action.territory), best))
        return action


def test_the_neutral_armies_stand_next_to_the_rivals_biggest_stack() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo"], seed=6)
    watcher = NeutralWatcher()
    game.play({"Ada": watcher, "Bo": rb.bots.Aggressive(seed=1)}, max_turns=0)
    assert len(watcher.seen) == 13
    assert all(chosen == best for chosen, best in watcher.seen), watcher.seen
    assert watcher.seen[-1][1] > 10  # Bo's stack grew, and the neutral units went beside it


def _duel(players: list[str]) -> rb.Game:
    # siam (8) can attack only china (Bo's 8): her other neighbours are her own 1s
    owner = {"siam": ("Ada", 8), "china": ("Bo", 8), "india": ("Ada", 1), "indonesia": ("Ada", 1), "alaska": ("Bo", 1)}
    if len(players) == 4:
        owner["peru"] = ("Di", 1)
    default = ("neutral", 3) if len(players) == 2 else ("Cy", 3)
    return rb.new_game("classic", players=players, position=_world(owner, default), current_player="Ada",
                       phase="attack", seed=1)  # fmt: skip


def test_a_rivals_stack_is_worth_fighting_against_one_rival_only() -> None:
    # blitzing 7 against 8 wins 45 % of the time, and costs Bo more armies than Ada: worth it when
    # Bo is the only rival, not when two others would gain as much from Bo's losses as Ada does
    bot = rb.bots.Planner(seed=1)
    action = bot.act(_duel(["Ada", "Bo"]).view("Ada"))
    assert action == rb.Blitz("siam", "china", "all")
    assert "cost Bo more armies than me" in bot.explain()
    for players in (["Ada", "Bo", "Cy"], ["Ada", "Bo", "Cy", "Di"]):
        assert bot.act(_duel(players).view("Ada")) == rb.EndPhase()


def _share_of_wins(players: int, games: int) -> int:
    wins = 0
    for s in range(games):
        game = rb.new_game("classic", players=[f"P{i}" for i in range(players)], seed=1000 + s)
        planner_seat = f"P{s % players}"
        bots: dict[str, Any] = {p: rb.bots.Aggressive(seed=s * 10 + i) for i, p in enumerate(game.players)}
        bots[planner_seat] = rb.bots.Planner(seed=s)
        wins += game.play(bots, max_turns=300) == planner_seat
    return wins


def test_the_planner_beats_aggressive_head_to_head() -> None:
    # 100 two-player classic games (a neutral army on the board), seats alternating; seen: the
    # Planner won 77 (95 % Wilson interval 68 % to 84 %); before it stacked its setup, put the
    # neutral armies in the rival's way and valued a rival's armies as its own, it won 38
    assert _share_of_wins(2, 100) >= 65


def test_the_planner_beats_three_aggressive_bots() -> None:
    # 60 four-player classic games, the Planner's seat moving round the table (an even share: 15);
    # seen: the Planner won 46 (43 before the changes above)
    assert _share_of_wins(4, 60) >= 35
