"""``Kingmaker``: a player who cannot win but decides who does, by choosing whom it attacks.

It plays as ``Aggressive`` in everything but its attacks, which go only at the players it
``targets`` (a name, several, or none at all). The kingmaking experiment
(``riskboard.tournaments.kingmaking``) seats it beside two contenders and compares its policies.
"""

from __future__ import annotations

from collections.abc import Iterable

from riskboard.bots import leaders
from riskboard.bots.aggressive import _END, Adjacency, Aggressive
from riskboard.bots.explain import say
from riskboard.engine.actions import Action, Attack
from riskboard.engine.view import PlayerView
from riskboard.i18n import _


class Kingmaker(Aggressive):
    """Attacks only the players in ``targets`` (``None``: anyone, as ``Aggressive``; ``()``:
    nobody). Once every target is out of the game it attacks anyone, so that the game can end.

    >>> import riskboard as rb
    >>> game = rb.new_game("classic", players=["Ada", "Bo", "Kim"], seed=3)
    >>> bots = {"Ada": rb.bots.Aggressive(seed=1), "Bo": rb.bots.Aggressive(seed=2),
    ...         "Kim": rb.bots.Kingmaker(targets="Ada", seed=3)}
    >>> game.play(bots, max_turns=300) in ("Ada", "Bo", "Kim", None)
    True
    """

    def __init__(
        self, targets: str | Iterable[str] | None = None, seed: int | None = None, *, trade_at: int = 0
    ) -> None:
        super().__init__(seed, trade_at=trade_at)
        if targets is None:
            self.targets: tuple[str, ...] | None = None
        elif isinstance(targets, str):
            self.targets = (targets,)
        else:
            self.targets = tuple(targets)
            if not all(isinstance(t, str) for t in self.targets):
                raise TypeError(
                    _("a kingmaker's targets are player names, got {targets}").format(targets=repr(targets))
                )
        self._spared = False

    def __repr__(self) -> str:
        return f"Kingmaker(targets={self.targets!r}, seed={self.seed})"

    def explain(self) -> str:
        """Why the last decision was made; when it ended its attacks with an enemy it could have
        attacked, that its policy spared it."""
        if self._spared:
            if not self.targets:
                return _("Kingmaker attacks nobody: it ends its attacks.")
            return _(
                "Kingmaker attacks only {targets} and has no stack that outnumbers a territory of theirs next to it, so it ends its attacks."
            ).format(targets=", ".join(self.targets))
        return say(self._why, "Kingmaker")

    def act(self, view: PlayerView) -> Action:
        self._spared = False
        return super().act(view)

    def _allowed(self, view: PlayerView) -> frozenset[int] | None:
        """The owner indices it may attack (``None``: any)."""
        if self.targets is None:
            return None
        if not self.targets:
            return frozenset()
        owners = view.owners
        alive = {owners[o] for o in view.owner_indices}
        if not alive.intersection(self.targets):
            return None  # its targets are out: nobody left to favour
        return frozenset(i for i, name in enumerate(owners) if name in self.targets)

    def _attack(
        self,
        view: PlayerView,
        owner: tuple[int, ...],
        armies: tuple[int, ...],
        adjacency: Adjacency,
        ids: tuple[str, ...],
        me: int,
    ) -> Action:
        victims = self._allowed(view)
        if victims is None:
            return super()._attack(view, owner, armies, adjacency, ids, me)
        blitz = not view.options["ask_defender"]
        last = self._target
        if last is not None and not blitz:
            src, tgt = last
            if owner[src] == me and owner[tgt] in victims and armies[src] - 1 > armies[tgt]:
                return Attack(ids[src], ids[tgt], view.max_attack_dice(src, tgt))
        best = None
        best_margin = 0
        spared = False
        allowed = leaders.limited_attack_pairs(view)
        for src, o in enumerate(owner):
            if o == me and armies[src] - 1 > 0:
                a = armies[src] - 1
                for tgt in adjacency[src]:
                    if owner[tgt] == me or a - armies[tgt] <= best_margin:
                        continue
                    if allowed is not None and (src, tgt) not in allowed:
                        continue
                    if owner[tgt] in victims:
                        best, best_margin = (src, tgt), a - armies[tgt]
                    else:
                        spared = True
        self._target = best
        if best is None:
            self._spared = spared
            return _END
        src, tgt = best
        plain: Action = (
            self._blitz(view, src, tgt, owner, adjacency, ids, me)
            if blitz
            else Attack(ids[src], ids[tgt], view.max_attack_dice(src, tgt))
        )
        return plain if view.leader_at(src) is None else leaders.attack(view, src, tgt, plain)
