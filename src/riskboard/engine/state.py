"""``GameState``: the whole position as one immutable value.

A state is a ``NamedTuple`` of plain data (ints, strings and tuples indexed by territory or by
owner), so it is hashable, compares by value, costs one tuple to copy and can be kept for every
step of a game. Transitions never modify a state; they build the next one with ``evolve``.
Owners are indices: ``0 .. len(players) - 1`` are the players in seating order, higher indices
are neutral armies; ``-1`` marks a territory nobody has claimed yet (setup only).
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

NO_WINNER = -1
UNCLAIMED = -1
MAX_UNITS = 10_000
"""The most units an owner holds (on the map, in its supply and to place together), and so the
most a territory, a supply, a player's reinforcements or a field hospital hold: far beyond any
game. The engine keeps every position within it (``rulesets.components.limits``), and a save or a
scenario obeys the same bound."""
MAX_COUNT = 2**53 - 1
"""The bound of every other count of a state (actions, turns, chance draws, sets traded): the
largest whole number JavaScript holds exactly, so the board reads every count a save holds, and far
beyond what any machine plays (a game of that many actions would not fit in memory)."""


class Defence(NamedTuple):
    """An attack waiting for the defender to choose dice (``kind`` is always ``"defend"``)."""

    kind: Literal["defend"]
    source: int
    target: int
    dice: int
    """The attacking dice."""
    injected: tuple[tuple[int, ...], ...] | None
    """Dice set in advance (demonstrations, tests): the attacker's, and optionally the defender's."""


class Occupation(NamedTuple):
    """A conquest waiting for the move-in (``kind`` is always ``"occupy"``)."""

    kind: Literal["occupy"]
    source: int
    target: int
    least: int
    """The units that rolled the last throw: they move in whatever is chosen."""
    most: int
    """Everything in the source but one."""


def defence(source: int, target: int, dice: int, injected: tuple[tuple[int, ...], ...] | None = None) -> Defence:
    return Defence("defend", source, target, dice, injected)


def occupation(source: int, target: int, least: int, most: int) -> Occupation:
    return Occupation("occupy", source, target, least, most)


def waiting_defence(state: GameState) -> Defence:
    """The attack waiting for the defender's dice, in a step known to hold one (the attack step with
    a battle): the invariant that types ``state.battle`` for the code that relies on it."""
    battle = state.battle
    if battle is None or battle.kind != "defend":
        raise AssertionError(f"no attack waits for the defender's dice in the {state.phase} step: {battle!r}")
    return battle


def waiting_move_in(state: GameState) -> Occupation:
    """The conquest waiting for its move-in, in the ``occupy`` step (which always holds one)."""
    battle = state.battle
    if battle is None or battle.kind != "occupy":
        raise AssertionError(f"no conquest waits for its move-in in the {state.phase} step: {battle!r}")
    return battle


class GameState(NamedTuple):
    """Everything the rules need to know about a position (see the module docstring)."""

    seq: int
    """How many actions led here; the board's ``state_id``."""
    chance: int
    """How many chance outcomes have been drawn; with the seed it fixes the next one."""
    phase: str
    current: int
    """Index of the player whose turn it is (or who places next during setup)."""
    turn: int
    """Player turns started so far; 0 during setup."""
    owner: tuple[int, ...]
    armies: tuple[int, ...]
    reinforcements: int
    """Armies the current player still has to place."""
    hands: tuple[tuple[str, ...], ...]
    draw_pile: tuple[str, ...]
    """Sorted: the pile is drawn from at random, so its order carries no information."""
    discard_pile: tuple[str, ...]
    sets_traded: int
    conquered: bool
    """The current player has conquered a territory this turn (and so earns a card)."""
    bonus_used: bool
    """The +2 occupied-territory bonus has been collected this turn."""
    alive: tuple[bool, ...]
    battle: Defence | Occupation | None
    """The battle waiting for a decision: a defender choosing dice, or a move-in after a conquest."""
    must_trade: bool
    """A forced trade after an elimination is outstanding."""
    supply: tuple[int, ...]
    """Per owner (players, then neutrals): starting armies not yet placed during setup."""
    setup_left: tuple[int, int]
    """Two-player setup: own and neutral armies still to place in the current placement."""
    missions: tuple[str, ...]
    """Per player: the secret mission id (empty tuple when the variant has none)."""
    winner: int
    first_player: int
    extra: Any = None
    """The edition's own facts (Balance of Power: cities, capitals, missions, hospitals, ...) as
    one immutable value the edition defines, or ``None``; serialised by the edition's hooks."""

    def evolve(self, **changes: Any) -> GameState:
        """This state with the fields named in ``changes`` replaced: how every transition builds the
        next state. ``_replace`` does the same with a dictionary pop per field; this writes only the
        fields changed into one list, about 40 % faster, and it is the engine's commonest call."""
        values: list[Any] = list(self)
        index = _FIELD_INDEX
        try:
            for name, value in changes.items():
                values[index[name]] = value
        except KeyError as e:
            raise TypeError(f"GameState has no field {e.args[0]!r}") from None
        return _tuple_new(GameState, values)


_FIELD_INDEX = {name: i for i, name in enumerate(GameState._fields)}
_tuple_new = tuple.__new__

assert _FIELD_INDEX["seq"] == 0 and _FIELD_INDEX["chance"] == 1  # stamp relies on it


def stamp(state: GameState, seq: int, chance: int) -> GameState:
    """``state`` with a new sequence number and chance counter: what the engine does to the state
    a ruleset returns, after every action (rulesets never set either). Both lead the tuple, so
    this is one slice and one concatenation."""
    return _tuple_new(GameState, (seq, chance) + state[2:])
