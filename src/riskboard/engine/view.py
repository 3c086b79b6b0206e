"""``PlayerView``: what one player may see of a game. Bots decide from a view, never the game.

Other players' cards are hidden (only their number shows), the draw pile is hidden, and other
players' secret missions are hidden. The view is cheap to make (two references), so a bot
receives a fresh one for every decision. Python cannot make the underlying state truly private:
the public properties below are the contract, and a fair bot reads nothing else.

What to decide is ``view.pending``: a ``Decision`` with the decision's name and its legal range
(``least``, ``most``, ``counts``, ``source``, ``target``); ``riskboard.engine.decisions`` lists
every decision of every edition. Territories are named by id (``"alaska"``) in the methods that
take names, and by index (map order, ``view.map.ids[i]``) in the fast tuples ``owner_indices``
and ``army_counts``.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, overload

from riskboard.engine.actions import TradeCards
from riskboard.engine.combat import Rules
from riskboard.engine.decisions import Decision, decision_of_fields
from riskboard.engine.legal import LegalActions
from riskboard.engine.state import Defence, GameState, Occupation
from riskboard.i18n import _, ngettext

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig, MissionGoal, Pending
    from riskboard.maps import GameMap


class PlayerView:
    """A read-only window on a game for ``player``: what a bot receives, and all it may read.

    A bot's ``act(view)`` usually starts from ``view.pending`` (what to decide, with its legal
    range), ``view.legal_actions()`` (every legal action, a compact list) and the board: ``owner``
    and ``armies`` by territory id, or ``owner_indices`` and ``army_counts`` by index. The odds of
    an attack: ``rb.battle_odds(attackers, defenders, rules=view.battle_rules(source, target))``.

    >>> import riskboard as rb
    >>> game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=1)
    >>> view = game.view("Ada")
    >>> view.pending.decision, view.pending.counts, view.pending.least
    ('claim', 'units', 1)

    Attributes: ``player`` (whose view it is), ``owner_indices`` and ``army_counts`` (the owner
    index and the units of every territory, in map order: the fast way for a bot to scan the
    board). Every decision of every edition, with its range: ``riskboard.engine.decisions``.
    """

    __slots__ = ("_cfg", "_decision", "_pending", "_state", "army_counts", "owner_indices", "player")

    def __init__(self, cfg: GameConfig, state: GameState, player: str, pending: Pending | None = None) -> None:
        """Made by ``game.view(player)`` (a bot receives one per decision); ``pending``, when the
        caller already knows it, saves asking the edition again."""
        self._cfg = cfg
        self._state = state
        self.player = player
        """The player this view belongs to."""
        self._pending = pending
        self._decision: Decision | None = None
        self.owner_indices: tuple[int, ...] = state.owner
        """Owner index per territory (map order); fast access for bots."""
        self.army_counts: tuple[int, ...] = state.armies
        """Armies per territory (map order); fast access for bots."""

    # -- public facts ----------------------------------------------------------------------------
    @property
    def map(self) -> GameMap:
        """The map: territory ``ids`` (index order), ``index`` (id to index), ``adjacency`` (by
        index), regions and their bonuses."""
        return self._cfg.map

    @property
    def options(self) -> Mapping[str, Any]:
        """The game's rule options (public)."""
        return self._cfg.options

    @property
    def players(self) -> tuple[str, ...]:
        """Every player's name, in seat order (neutral armies are not players)."""
        return self._cfg.players

    @property
    def owners(self) -> tuple[str, ...]:
        """Owner names by owner index: the players, then the neutral armies."""
        return self._cfg.owners

    @property
    def me(self) -> int:
        """This player's index (owner index in ``owner_indices``)."""
        return self._cfg.players.index(self.player)

    @property
    def phase(self) -> str:
        """The step of the turn: ``"setup"``, ``"reinforce"``, ``"attack"``, ``"occupy"``,
        ``"fortify"``, ``"over"`` (and the edition's own, such as ``"neutral"``)."""
        return self._state.phase

    @property
    def current_player(self) -> str:
        """Whose turn it is (the defender choosing dice decides in another's turn)."""
        return self._cfg.players[self._state.current]

    def _raw_pending(self) -> Pending:
        pending = self._pending
        if pending is None:
            pending = self._pending = self._cfg.ruleset.pending(self._cfg, self._state)
        return pending

    @property
    def pending(self) -> Decision:
        """Who must decide what now, with the decision's legal range: ``player``, ``decision``,
        ``least``, ``most``, ``counts``, ``source``, ``target`` (``riskboard.engine.decisions``
        lists every decision). Made once per view."""
        decision = self._decision
        if decision is None:  # Decision.of, inlined: the bot loop asks this of every view
            pending = self._pending
            if pending is None:
                pending = self._pending = self._cfg.ruleset.pending(self._cfg, self._state)
            decision = self._decision = decision_of_fields(Decision, pending)
            decision._at = (self._cfg, self._state)
        return decision

    @property
    def turn(self) -> int:
        """The turn number, from 1."""
        return self._state.turn

    @property
    def reinforcements(self) -> int:
        """Units the current player still has to place this turn."""
        return self._state.reinforcements

    @property
    def armies_to_place(self) -> int:
        """Armies the pending player may place with one ``place`` action now: the reinforcements,
        or during setup 1 (up to 2 of your own in the two-player game)."""
        s = self._state
        if s.phase == "setup":
            return s.setup_left[0] if s.setup_left[0] > 0 else 1
        return s.reinforcements

    @property
    def ruleset(self) -> str:
        """The edition's name, e.g. ``"classic"``."""
        return self._cfg.ruleset.name

    @property
    def parts(self) -> frozenset[str]:
        """The parts the edition has beyond the map, armies and dice (``"leaders"``, ``"missions"``,
        ...; the vocabulary is ``engine.ruleset.PARTS``): how a bot tells editions apart."""
        return self._cfg.parts

    @property
    def supply(self) -> tuple[int, ...]:
        """Per owner (players, then neutral armies): starting units still to place during setup."""
        return self._state.supply

    @property
    def rules(self) -> Rules:
        """The rules of the game (house rules included)."""
        return self._cfg.rules

    def battle_rules(self, source: int, target: int) -> Rules:
        """The rules of an attack by the current player on ``target`` (indices) now: the game's,
        or for Balance of Power with difficult terrain, airfields and recon applied."""
        s = self._state
        return self._cfg.ruleset.battle_rules(self._cfg, s, s.current, target)

    def max_attack_dice(self, source: int, target: int) -> int:
        """The most dice an attack from ``source`` on ``target`` (indices) may roll now."""
        return self.battle_rules(source, target).attacking(self._state.armies[source])

    def max_defence_dice(self) -> int:
        """The most dice the attacked territory of the pending battle may defend with (0 without one)."""
        s = self._state
        battle = s.battle
        if battle is None:
            return 0
        return self._cfg.ruleset.battle_rules(self._cfg, s, s.current, battle.target).defending(s.armies[battle.target])

    def trades(self) -> list[TradeCards]:
        """The trades this player's hand allows (``trade_value`` says what each is worth now)."""
        return self._cfg.ruleset.trades(self._cfg, self._state, self.me)

    def trade_value(self, cards: tuple[str, ...]) -> int:
        """What trading ``cards`` gives now, in units to place."""
        return self._cfg.ruleset.trade_value(self._cfg, self._state, cards)

    def card_bonus(self, card: str) -> int:
        """What ``card`` would put on its territory if this player traded it now."""
        return self._cfg.ruleset.card_bonus(self._cfg, self._state, self.me, card)

    def income(self, player: str) -> int:
        """What ``player``'s holdings would bring them at the start of a turn (the edition's
        ``Ruleset.income``), before the limits and anything bought."""
        cfg = self._cfg
        return cfg.ruleset.income(cfg, self._state, cfg.players.index(player))

    @property
    def extras(self) -> Any:
        """The edition's public extras (see ``Game.extras``)."""
        return self._cfg.ruleset.extras(self._cfg, self._state)

    def leader_at(self, territory: int) -> int | None:
        """The player (index) whose leader stands on ``territory`` (an index), or ``None``
        (Transformers; other editions have no leaders)."""
        return self._cfg.ruleset.leader_at(self._cfg, self._state, territory)

    @property
    def winners(self) -> tuple[str, ...]:
        """Every winner (one, or several in an edition's shared win); ``()`` while the game goes on."""
        cfg = self._cfg
        return tuple(cfg.players[w] for w in cfg.ruleset.winners(cfg, self._state))

    @property
    def conquered(self) -> bool:
        """Whether the current player has conquered a territory this turn (and so earns a card)."""
        return self._state.conquered

    @overload
    def destinations(self, source: str) -> tuple[str, ...]: ...
    @overload
    def destinations(self, source: int) -> tuple[int, ...]: ...
    def destinations(self, source: str | int) -> tuple[str, ...] | tuple[int, ...]:
        """Where the end-of-turn move may take units from ``source`` now, by the edition's reach
        (neighbours, a connected path, or nowhere): territory ids for an id, indices for an index."""
        cfg = self._cfg
        if isinstance(source, str):
            src = cfg.map.index.get(source)
            if src is None:
                raise KeyError(
                    f"there is no territory called {source!r} on the {cfg.map.id} map{cfg.map.did_you_mean(source)}"
                )
            ids = cfg.map.ids
            return tuple(ids[t] for t in cfg.ruleset.destinations(cfg, self._state, src))
        if not 0 <= source < len(cfg.map):
            raise IndexError(
                f"territory index {source} is out of range: the {cfg.map.id} map has {len(cfg.map)} territories"
            )
        return tuple(cfg.ruleset.destinations(cfg, self._state, source))

    @property
    def battle(self) -> Defence | Occupation | None:
        """The battle waiting for a decision, by territory index (``view.pending`` has the same by
        id, with the range): a ``Defence`` (attack waiting for its defence dice) or an
        ``Occupation`` (conquest waiting for its move-in, ``least``..``most``), else ``None``."""
        return self._state.battle

    @property
    def sets_traded(self) -> int:
        """Card sets traded so far in the game (what the next set is worth depends on it)."""
        return self._state.sets_traded

    def owner(self, territory: str) -> str | None:
        """Who holds ``territory`` (an id), or ``None`` while it is unclaimed."""
        o = self._state.owner[self._cfg.map.index[territory]]
        return self._cfg.owners[o] if o >= 0 else None

    def armies(self, territory: str) -> int:
        """The units on ``territory`` (an id)."""
        return self._state.armies[self._cfg.map.index[territory]]

    def card_count(self, player: str) -> int:
        """How many cards ``player`` holds (public; only your own cards are shown, in ``hand``)."""
        return len(self._state.hands[self._cfg.players.index(player)])

    @property
    def card_counts(self) -> tuple[int, ...]:
        """Every player's number of cards, in seat order: ``card_count`` of each at once (public,
        and read at every observation of an RL env)."""
        return tuple(map(len, self._state.hands[: len(self._cfg.players)]))

    @property
    def draw_pile_size(self) -> int:
        """Cards left in the draw pile (their order is hidden)."""
        return len(self._state.draw_pile)

    @property
    def discard_pile(self) -> tuple[str, ...]:
        """The cards traded in so far and not yet reshuffled (public)."""
        return self._state.discard_pile

    # -- private to this player ------------------------------------------------------------------
    @property
    def hand(self) -> tuple[str, ...]:
        """Your cards (card ids are territory ids; wilds ``wild_1``, ``wild_2``)."""
        return self._state.hands[self.me]

    @property
    def mission(self) -> str | None:
        """Your secret mission's id, or ``None`` in a game without missions."""
        missions = self._state.missions
        return missions[self.me] if missions else None

    @property
    def mission_goal(self) -> MissionGoal | None:
        """What this player's secret mission asks (``Ruleset.mission_goal``), or ``None``."""
        mission = self.mission
        return self._cfg.ruleset.mission_goal(self._cfg, mission) if mission else None

    def legal_actions(self) -> LegalActions:
        """The legal actions if this player is the one to decide, else none."""
        cfg = self._cfg
        if self._raw_pending().player != self.player:
            return LegalActions()
        return cfg.ruleset.legal_actions(cfg, self._state)

    def __repr__(self) -> str:
        """A short reminder of whose view it is and when."""
        return f"<PlayerView of {self.player}: turn {self.turn}, {self.phase}>"

    def _repr_html_(self) -> str:
        """The notebook display: a short table of what this player sees (others' cards only counted)."""
        cfg = self._cfg
        s = self._state
        esc = html.escape
        units = _(cfg.ruleset.presentation.words(cfg).get("units", "armies"))
        rows = []
        for o, name in enumerate(cfg.owners):
            held = [a for w, a in zip(s.owner, s.armies) if w == o]
            if o < len(cfg.players):
                cards = esc(", ".join(s.hands[o]) or _("none")) if o == self.me else str(len(s.hands[o]))
            else:
                cards = ""
            you = " " + _("(you)") if name == self.player else ""
            style = ' style="font-weight: bold"' if you else ""
            rows.append(
                f"<tr{style}><td>{esc(name)}{you}</td><td>{len(held)}</td><td>{sum(held)}</td><td>{cards}</td></tr>"
            )
        notes = [_("turn {turn}: {pending}").format(turn=s.turn, pending=esc(str(self.pending)))]
        if self.mission:
            notes.append(_("your mission: {mission}").format(mission=esc(str(self.mission).replace("_", " "))))
        if self.pending.player == self.player:
            n = len(self.legal_actions())
            notes.append(ngettext("{n} legal action now", "{n} legal actions now", n).format(n=n))
        heads = (_("owner"), _("territories"), units, _("cards"))
        head = "<tr>" + "".join(f"<th>{esc(h)}</th>" for h in heads) + "</tr>"
        title = _("What {player} sees").format(player=esc(self.player))
        return (
            f'<div class="riskboard-view"><b>{title}</b> ({"; ".join(notes)})<table>{head}{"".join(rows)}</table></div>'
        )
