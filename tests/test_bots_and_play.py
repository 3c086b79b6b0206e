"""``Game.play`` and the bot protocol: failing bots, missing bots, the turn limit, the winner, and
what a bot is allowed to see."""

from __future__ import annotations

from typing import Any

import pytest

import riskboard as rb
from riskboard.engine import events as ev

PLAYERS = ["Ada", "Bo", "Cy"]


def aggressive(players: Any = PLAYERS, seed: int = 0) -> dict[str, Any]:
    return {p: rb.bots.Aggressive(seed=seed + i) for i, p in enumerate(players)}


class Exploding:
    """Plays like Aggressive until its ``fuse`` runs out, then does ``what``."""

    def __init__(self, what: Any, fuse: int = 0) -> None:
        self.inner = rb.bots.Aggressive(seed=9)
        self.what = what
        self.fuse = fuse
        self.state: rb.GameState | None = None

    def act(self, view: rb.PlayerView) -> Any:
        self.state = view._state  # the state the failing decision was asked in
        if self.fuse > 0:
            self.fuse -= 1
            return self.inner.act(view)
        if isinstance(self.what, BaseException):
            raise self.what
        return self.what(view) if callable(self.what) else self.what

    def __repr__(self) -> str:
        return "Exploding(bot)"


def test_play_returns_the_winner() -> None:
    game = rb.new_game("classic", players=PLAYERS, seed=4)
    winner = game.play(aggressive(), max_turns=1500)
    assert winner in PLAYERS
    assert winner == game.winner and game.is_over
    won = [e for e in game.events() if isinstance(e, ev.GameWon)]
    assert len(won) == 1 and won[0].player == winner
    assert game.play(aggressive(), max_turns=10) == winner  # nothing left to play
    assert game.winner == winner


def test_max_turns_stops_the_game() -> None:
    game = rb.new_game("classic", players=PLAYERS, seed=4)
    bots = {p: rb.bots.Random(seed=i) for i, p in enumerate(PLAYERS)}
    assert game.play(bots, max_turns=5) is None
    assert game.winner is None and not game.is_over
    # every turn up to the limit was played; the next one has only just started
    assert game.turn == 6
    assert game.phase == "reinforce"
    assert isinstance(game.events(1)[-1], ev.TurnStarted)
    assert game.play(bots, max_turns=3) is None
    assert game.turn == 10
    n = len(game.history)
    game.play(bots, max_turns=0)
    assert game.turn == 11 and len(game.history) > n


def test_max_turns_zero_plays_the_setup_only() -> None:
    game = rb.new_game("classic", players=PLAYERS, seed=4)
    assert game.phase == "setup"
    assert game.play(aggressive(), max_turns=0) is None
    assert game.turn == 1 and game.phase == "reinforce"


def test_play_continues_a_game_driven_by_hand() -> None:
    game = rb.new_game("classic", players=PLAYERS, seed=4)
    for _ in range(10):
        game.apply(game.legal_actions()[0])
    same = rb.new_game("classic", players=PLAYERS, seed=4)
    for action, _ in game.history:
        same.apply(action)
    assert game.play(aggressive(), max_turns=1500) == same.play(aggressive(), max_turns=1500)
    assert game.to_json() == same.to_json()


@pytest.mark.parametrize("bad", [-1, 2.5, "10", None, True])
def test_bad_max_turns(bad: Any) -> None:
    game = rb.new_game("classic", players=PLAYERS, seed=4)
    with pytest.raises(rb.ConfigError) as info:
        game.play(aggressive(), max_turns=bad)
    assert info.value.code == "config/bots"
    assert game.state.seq == 0


def test_a_missing_bot_is_a_config_error() -> None:
    game = rb.new_game("classic", players=PLAYERS, seed=4)
    bots = aggressive()
    del bots["Cy"]
    with pytest.raises(rb.ConfigError) as info:
        game.play(bots)
    assert info.value.code == "config/bots"
    assert "Cy" in str(info.value)
    assert game.state.seq == 0


def test_a_bot_without_act_is_a_config_error() -> None:
    game = rb.new_game("classic", players=PLAYERS, seed=4)
    with pytest.raises(rb.ConfigError) as info:
        game.play({**aggressive(), "Bo": object()})
    assert info.value.code == "config/bots" and "Bo" in str(info.value)


def failing(what: Any, fuse: int = 40) -> tuple[rb.Game, Exploding, rb.BotError]:
    game = rb.new_game("classic", players=PLAYERS, seed=4)
    bot = Exploding(what, fuse)
    bots = {**aggressive(), "Bo": bot}
    with pytest.raises(rb.BotError) as info:
        game.play(bots, max_turns=200)
    error = info.value
    assert error.code == "bot/failed"
    assert "Exploding(bot)" in str(error) and "Bo" in str(error)
    # the game stays at the decision the bot failed to make, and can go on
    assert game.state == bot.state
    assert game.pending.player == "Bo"
    return game, bot, error


def test_a_bot_that_raises() -> None:
    game, _, error = failing(ZeroDivisionError("the bot divided by zero"))
    assert "ZeroDivisionError" in str(error) and "divided by zero" in str(error)
    assert isinstance(error.__cause__, ZeroDivisionError)
    assert game.play(aggressive(), max_turns=1500) in PLAYERS


def test_a_bot_that_raises_at_once() -> None:
    failing(RuntimeError("no"), fuse=0)


@pytest.mark.parametrize(
    "choice",
    [
        42,
        None,
        "",
        "fly alaska",
        "place 1 atlantis",
        rb.Occupy(99),
        lambda view: rb.Place(1, next(t for t in view.map.ids if view.owner(t) != view.player)),
        lambda view: rb.Place(view.reinforcements + 1 if view.phase != "setup" else 2, view.map.ids[0]),
    ],
)
def test_a_bot_that_returns_an_illegal_action_or_garbage(choice: Any) -> None:
    _, _, error = failing(choice)
    assert isinstance(error.__cause__, rb.IllegalAction)
    assert error.__cause__.code in str(error)


def test_a_bot_may_answer_with_the_text_form() -> None:
    class Texter:
        def __init__(self) -> None:
            self.inner = rb.bots.Aggressive(seed=1)

        def act(self, view: rb.PlayerView) -> str:
            return str(self.inner.act(view))

    game = rb.new_game("classic", players=PLAYERS, seed=4)
    other = rb.new_game("classic", players=PLAYERS, seed=4)
    assert game.play({**aggressive(), "Ada": Texter()}, max_turns=1500) == other.play(
        {**aggressive(), "Ada": rb.bots.Aggressive(seed=1)}, max_turns=1500
    )
    assert game.to_json() == other.to_json()


def test_a_bot_may_answer_with_territory_codes_as_game_apply_reads_them() -> None:
    from riskboard.engine.notation import short_text

    class Coder:
        def __init__(self) -> None:
            self.inner = rb.bots.Aggressive(seed=1)

        def act(self, view: rb.PlayerView) -> str:
            return short_text(self.inner.act(view), view.map)

    game = rb.new_game("classic", players=PLAYERS, seed=4)
    other = rb.new_game("classic", players=PLAYERS, seed=4)
    game.play({**aggressive(), "Ada": Coder()}, max_turns=1500)
    other.play({**aggressive(), "Ada": rb.bots.Aggressive(seed=1)}, max_turns=1500)
    assert game.to_json() == other.to_json()


class Spy:
    """Plays like Aggressive and checks every view it is given against the real game."""

    def __init__(self, game: rb.Game, seed: int) -> None:
        self.game = game
        self.inner = rb.bots.Aggressive(seed=seed)
        self.calls = 0
        self.saw_cards = False

    def act(self, view: Any) -> rb.Action:
        game = self.game
        assert isinstance(view, rb.PlayerView)
        assert not isinstance(view, rb.Game)
        assert not hasattr(view, "hands") and not hasattr(view, "missions") and not hasattr(view, "draw_pile")
        me = view.player
        assert me == game.pending.player
        assert view.pending == game.pending
        assert view.hand == game.hand(me)
        assert view.mission == game.mission(me)
        assert set(view.legal_actions()) == set(game.legal_actions())
        for other in game.players:
            assert view.card_count(other) == len(game.hand(other))
        assert view.draw_pile_size == len(game.state.draw_pile)
        secrets = [game.hand(o) for o in game.players if o != me and game.hand(o)]
        secrets += [game.mission(o) for o in game.players if o != me and game.mission(o) != view.mission]
        if game.state.draw_pile:
            secrets.append(game.state.draw_pile)
        self.saw_cards = self.saw_cards or bool(secrets)
        for name in dir(view):
            if not name.startswith("_"):
                value = getattr(view, name)
                if not callable(value):
                    assert value not in secrets, (name, value)
        assert all(str(s) not in repr(view) for s in secrets)
        self.calls += 1
        return self.inner.act(view)


@pytest.mark.parametrize(("n", "variant"), [(2, "standard"), (4, "secret_missions"), (5, "standard")])
def test_bots_receive_a_view_that_hides_the_secrets(n: int, variant: str) -> None:
    players = ["Ada", "Bo", "Cy", "Di", "Ed"][:n]
    game = rb.new_game("classic", players=players, variant=variant, seed=8, options={"ask_defender": True})
    spies = {p: Spy(game, i) for i, p in enumerate(players)}
    assert game.play(spies, max_turns=1500) in players
    assert all(s.calls > 0 for s in spies.values())
    assert any(s.saw_cards for s in spies.values())
    defences = [a for a, _ in game.history if isinstance(a, rb.Defend)]
    assert defences


def test_the_built_in_bots_are_reproducible() -> None:
    def run(seed: int) -> str:
        game = rb.new_game("classic", players=PLAYERS, seed=seed)
        game.play({p: rb.bots.Random(seed=i) for i, p in enumerate(PLAYERS)}, max_turns=15)
        return game.to_json()

    assert run(3) == run(3)
    assert repr(rb.bots.Random(seed=5)) == "Random(seed=5)"
    assert repr(rb.bots.Aggressive(seed=5)) == "Aggressive(seed=5)"
    assert isinstance(rb.bots.Random(seed=1), rb.bots.Bot)
    assert isinstance(rb.bots.Aggressive(seed=1), rb.bots.Bot)


def test_random_bot_refuses_when_it_has_nothing_to_decide() -> None:
    game = rb.new_game("classic", players=PLAYERS, seed=4)
    idle = next(p for p in PLAYERS if p != game.pending.player)
    with pytest.raises(RuntimeError, match=idle):
        rb.bots.Random(seed=1).act(game.view(idle))


def test_a_bot_can_be_one_function() -> None:
    """Writing a bot is one function of the view: ``game.play`` and the board take it as it is."""

    def first_legal(view: rb.PlayerView) -> rb.Action:
        return view.legal_actions()[0]

    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=2)
    game.play({"Ada": first_legal, "Bo": rb.bots.Aggressive(seed=1), "Cy": rb.bots.Aggressive(seed=2)}, max_turns=3)
    assert game.turn >= 3
    with pytest.raises(rb.ConfigError, match="give an instance"):
        game.play({"Ada": rb.bots.Random, "Bo": first_legal, "Cy": first_legal}, max_turns=1)
    with pytest.raises(rb.ConfigError, match="not a function"):
        game.play({"Ada": 3, "Bo": first_legal, "Cy": first_legal}, max_turns=1)


def test_a_function_bot_steps_the_board() -> None:
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=2)
    board = rb.Board(game)
    before = game.state_id
    board.step(lambda view: view.legal_actions()[-1])
    assert game.state_id == before + 1


@pytest.mark.parametrize("start_turns", [0, 2])
def test_the_progress_bar_ends_at_its_total(monkeypatch: pytest.MonkeyPatch, start_turns: int) -> None:
    """The bar counts the player turns ``max_turns`` allows: it ends full, never past its total
    (the turn that begins at the limit is not played)."""
    import tqdm.auto

    bars: list[Any] = []

    class Recorded(tqdm.auto.tqdm):  # type: ignore[misc,valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs["disable"] = True
            super().__init__(*args, **kwargs)
            self.counted = 0
            bars.append(self)

        def update(self, n: float | None = 1) -> bool | None:
            self.counted += n or 0
            return super().update(n)

    monkeypatch.setattr(tqdm.auto, "tqdm", Recorded)
    game = rb.new_game("classic", players=PLAYERS, seed=4)
    bots = {p: rb.bots.Random(seed=i) for i, p in enumerate(PLAYERS)}
    game.play(bots, max_turns=start_turns)
    game.play(bots, max_turns=5, progress=True)
    assert not game.is_over
    assert bars[-1].total == 5 and bars[-1].counted == 5
