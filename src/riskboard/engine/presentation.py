"""How an edition is shown, apart from what its rules are: the ``Presentation`` protocol.

A ``Ruleset`` answers rules questions (how many dice, what a trade is worth, where a move may go);
its ``presentation`` attribute answers everything a translation or a restyle touches: the
edition's title, its words for pieces and steps, the printed pieces' colours, the sentence about
trading cards, the steps of a turn as the board labels them and what its prompt asks for each
decision. Keeping the two apart lets a language (message catalogs, ``rb.Board(game,
language=...)``) or a house style swap the presentation while the rules, the saves and every
bot's play stay byte for byte the same.

What stays with the rules, and why:

- ``Ruleset.card_faces``: a card's symbol or stars decide which cards make a trade and what it is
  worth (the bots and the env read them), so they are rules facts; only their names, shown by the
  front end as icons and numbers, are words.
- Which steps a turn has is a rules fact (a game without neutral armies has no neutral step);
  ``steps`` reads it from the configuration and names each one.

Not here yet: the sentences of the events (each edition's ``events.py``, ``Event.describe``), the
messages of ``IllegalAction`` (their codes are the stable part), ``Pending.__str__``'s verbs, and
the words still inside an edition's ``board_facts`` (RISK 2010's goal and rules in sentences, the
names of Balance of Power's commands and of the Transformers leaders, which sit in lists beside
numbers): moving those is the message catalogs' job (the next issue); they already speak through
``words`` where they name pieces.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from riskboard.engine.events import Words

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState


@runtime_checkable
class Presentation(Protocol):
    """What an edition says and how its pieces look (see the module docstring): every member is
    words, labels or colours, none decides a rule.

    ``riskboard.rulesets.presentation.BasePresentation`` gives the classic answers.
    """

    @property
    def title(self) -> str:
        """The edition's name in words, for headings (``game.describe()``, the picture, the board)."""
        ...

    def words(self, cfg: GameConfig) -> Words:
        """The edition's words for its pieces and steps: ``unit``/``units`` (army/armies, troop/
        troops, ...), ``fortify`` (the end-of-turn move: fortify or maneuver), ``fortify_reach``
        (where that move may go), and ``territories`` where its territories have a name of their own."""
        ...

    def piece_colours(self, cfg: GameConfig) -> Mapping[str, str] | None:
        """Each owner's colour where the printed pieces have one (Balance of Power: red, blue,
        beige), or ``None`` to draw the players in the picture's own colours."""
        ...

    def cards_note(self, cfg: GameConfig, state: GameState, player: int) -> str:
        """A sentence about trading cards now (what the next set is worth, how stars trade), for
        the hand's panel; it asks the ruleset for the numbers it says."""
        ...

    def steps(self, cfg: GameConfig) -> tuple[tuple[str, str], ...]:
        """The steps of a turn this game has, as ``(phase, label)`` in the order they come."""
        ...

    def prompts(self, cfg: GameConfig) -> Mapping[str, str]:
        """What the prompt asks for each decision (``Pending.decision`` → "place armies", "make the
        maneuver"), for every decision of the edition."""
        ...

    def board_words(self, cfg: GameConfig, state: GameState, /) -> dict[str, Any]:
        """The words among the board's fixed facts, JSON-ready, sent once beside
        ``Ruleset.board_facts``: the edition's goal and rules in sentences, the names of its
        factions or missions (``{}`` where it has none). The numbers they say are the ruleset's."""
        ...
