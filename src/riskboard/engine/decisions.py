"""Every decision a player meets, and its legal range, in one shape for every edition.

A bot reads ``view.pending``: a ``Decision`` (a ``Pending`` with the range filled in). Besides
``player``, ``decision``, ``phase`` and ``detail`` (a sentence for people), it says

- ``counts``: what the number in the decision's action counts (``"units"``, ``"dice"``), or
  ``""`` when the decision has no number;
- ``least`` and ``most``: the fewest and the most of them any legal action of this decision
  takes now (both ``0`` when ``counts`` is ``""``);
- ``source`` and ``target``: the territory ids of the battle the decision belongs to (the attack
  waiting for its defence dice, the conquest waiting for its move-in), else ``None``.

The range is read from the legal actions themselves, so it is exact in every edition and with
every house rule. Where the number depends on a choice the decision also makes (which territory
attacks, where a move goes), ``least`` and ``most`` bound every choice, and ``view`` answers for
one choice: ``view.max_attack_dice(source, target)``, ``view.destinations(source)``.

The decisions (``decision``, then ``counts``, and the editions that have it):

======================  ======  ===========================================================
decision                counts  what is decided (editions)
======================  ======  ===========================================================
``claim``               units   claim an empty territory with 1 unit (classic, risk2010,
                                transformers)
``place``               units   place ``least``..``most`` units on your territories: setup
                                and reinforcements (every edition)
``setup_place``         units   place starting units for yourself or the neutral army
                                (balance_of_power)
``place_leader``        units   put your leader on a zone (transformers)
``place_neutral``       units   place for the neutral army (classic 2-player,
                                balance_of_power)
``neutral``             units   move the neutral army's support troops (risk2010
                                ``two_player``); ``most`` is the troops of one support
``capital``             --      choose your capital (balance_of_power)
``choose``              --      keep or swap sides, go first or second (balance_of_power)
``buy``                 --      buy a command or pass (balance_of_power ``command_room``)
``trade``               --      trade a set of cards: ``view.trades()`` lists them (classic,
                                risk2010, balance_of_power)
``attack``              dice    attack with ``least``..``most`` dice (per attack:
                                ``view.max_attack_dice``), or ``end`` (every edition)
``continue``            dice    go on with the battle from ``source`` on ``target`` or
                                ``stop`` (transformers)
``defend``              dice    defend ``target`` with ``least``..``most`` dice against the
                                attack from ``source`` (with ``options={"ask_defender": True}``)
``casualty``            --      choose which unit of a lost throw dies (transformers)
``occupy``              units   move ``least``..``most`` units from ``source`` into the
                                conquered ``target``, the attacking ones included
``collect``             --      collect a fulfilled mission (balance_of_power)
``fortify``             units   the end-of-turn move of ``least``..``most`` units (per
                                source: ``view.destinations``), or ``end`` (every edition)
``none``                --      nobody: the game is over (``player`` is ``None``)
======================  ======  ===========================================================
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from riskboard.engine.actions import Attack, Defend, Fortify, Occupy, Place
from riskboard.engine.ruleset import Pending

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState

COUNTS: Mapping[str, str] = MappingProxyType(
    {
        "claim": "units",
        "place": "units",
        "setup_place": "units",
        "place_leader": "units",
        "place_neutral": "units",
        "neutral": "units",
        "capital": "",
        "choose": "",
        "buy": "",
        "trade": "",
        "attack": "dice",
        "continue": "dice",
        "defend": "dice",
        "casualty": "",
        "occupy": "units",
        "collect": "",
        "fortify": "units",
        "none": "",
    }
)
"""Every decision name of every edition, with what its number counts (``""``: it has none)."""

DECISIONS: tuple[str, ...] = tuple(COUNTS)
"""Every decision name of every edition (the table in this module's docstring)."""


def _count(action: Any, counts: str) -> int | None:
    """The number ``action`` takes of what its decision counts, or ``None`` if it takes none."""
    if counts == "dice":
        return action.dice if isinstance(action, (Attack, Defend)) else None
    if isinstance(action, (Place, Occupy, Fortify)):
        return action.count
    placements = getattr(action, "placements", None)  # risk2010's neutral support
    if placements is not None:
        return sum(n for _, n in placements)
    return None


decision_of_fields = tuple.__new__
"""Makes a ``Decision`` of a ``Pending``'s fields without the named tuple's argument handling."""


class Decision(Pending):
    """``Pending`` with the decision's legal range (see the module docstring), worked out the
    first time it is read: bots that only ask ``decision`` pay nothing for it. It equals the
    ``Pending`` it extends (``view.pending == game.pending``)."""

    _at: tuple[GameConfig, GameState]
    """The game and position the range is read from (absent in a pickled or copied one)."""

    @classmethod
    def of(cls, pending: Pending, cfg: GameConfig, state: GameState) -> Decision:
        """``pending`` of the position ``state`` of the game ``cfg``, with its range to come
        (made for every view a bot asks for its pending decision: kept to one tuple and one field)."""
        made = decision_of_fields(cls, pending)
        made._at = (cfg, state)
        return made

    def _worked_out(self) -> tuple[int, int, str | None, str | None]:
        found: tuple[int, int, str | None, str | None] | None = self.__dict__.get("_range")
        if found is None:
            at = self.__dict__.get("_at")
            if at is None:  # made by _make or _replace, without its game
                raise AttributeError("this Decision was copied without its game: ask view.pending again")
            cfg, state = at
            numbers: list[int] = []
            pairs: set[tuple[str, str]] = set()
            if self.counts and self.player is not None:
                for action in cfg.ruleset.legal_actions(cfg, state).extremes():
                    n = _count(action, self.counts)
                    if n is not None:
                        numbers.append(n)
                    if isinstance(action, Attack):
                        pairs.add((action.source, action.target))
            battle = state.battle
            ids = cfg.map.ids
            source: str | None = None
            target: str | None = None
            if battle is not None:
                source, target = ids[battle.source], ids[battle.target]
            elif self.decision == "continue" and len(pairs) == 1:  # the battle that goes on
                source, target = next(iter(pairs))
            found = (min(numbers, default=0), max(numbers, default=0), source, target)
            self.__dict__["_range"] = found
        return found

    @property
    def counts(self) -> str:
        """What ``least`` and ``most`` count: ``"units"``, ``"dice"``, or ``""`` (no number)."""
        return COUNTS.get(self.decision, "")

    @property
    def least(self) -> int:
        """The fewest units or dice a legal action of this decision takes now (0: no number)."""
        return self._worked_out()[0]

    @property
    def most(self) -> int:
        """The most units or dice a legal action of this decision takes now (0: no number)."""
        return self._worked_out()[1]

    @property
    def source(self) -> str | None:
        """The attacking territory of the battle this decision belongs to, else ``None``."""
        return self._worked_out()[2]

    @property
    def target(self) -> str | None:
        """The attacked (or conquered) territory of the battle this decision belongs to, else ``None``."""
        return self._worked_out()[3]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and copied with its range worked out, without the game it was read from."""
        return _restored, (tuple(self), self._worked_out())

    def __repr__(self) -> str:
        if not self.counts:
            return f"<Decision {self.decision} for {self.player}>"
        return f"<Decision {self.decision} for {self.player}: {self.least}..{self.most} {self.counts}>"


def _restored(fields: tuple[Any, ...], found: tuple[int, int, str | None, str | None]) -> Decision:
    """A pickled or copied ``Decision``: its fields and its range, already worked out."""
    made = Decision(*fields)
    made.__dict__["_range"] = found
    return made
