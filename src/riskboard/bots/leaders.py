"""How the built-in bots handle Transformers' leaders (RULES.md §6.4–6.6): commit the leader's d8
to an attack only from a zone strong enough that, losing the leader last, it is unlikely to fall;
always defend with it where it stands; send it to the scrapyard last; continue an action while
the origin still outnumbers the target; bring the leader back when the turn's robots allow."""

from __future__ import annotations

from riskboard.engine.actions import Action, Attack, Blitz, Place
from riskboard.engine.legal import ActionRange
from riskboard.engine.view import PlayerView
from riskboard.rulesets.actions import Casualty, LeaderAttack, LeaderDefend, Revive, Stop

SAFE = 5
"""Units in the origin from which the leader joins an attack: three attack, two stay behind."""


def attack(view: PlayerView, src: int, tgt: int, blitz: Action) -> Action:
    """The attack the bot makes on ``tgt`` from ``src``: with its leader's d8 from a strong zone,
    throw by throw; otherwise ``blitz``."""
    armies = view.army_counts
    if view.leader_at(src) == view.me and armies[src] >= SAFE:
        ids = view.map.ids
        return LeaderAttack(ids[src], ids[tgt], view.max_attack_dice(src, tgt))
    return blitz


def go_on(view: PlayerView, blitz: Action) -> Action:
    """After a throw that left both zones held: continue while the origin outnumbers the target."""
    f = view.extras.fight
    armies = view.army_counts
    if armies[f.origin] - 1 > armies[f.target]:
        return attack(view, f.origin, f.target, blitz)
    return Stop()


def defend(view: PlayerView) -> Action:
    """The most dice, the leader among them where it stands (its d8 defends best, lost last)."""
    legal = view.legal_actions()
    return max(legal, key=lambda a: (getattr(a, "dice", 0), isinstance(a, LeaderDefend)))


def casualty() -> Action:
    """The seed's tip: the leader goes to the scrapyard last."""
    return Casualty("robot")


def place_leader(view: PlayerView) -> Action:
    """The leader's start zone: the empty zone with the fewest neighbours, easiest to hold."""
    owner = view.owner_indices
    adjacency = view.map.adjacency
    empty = [t for t, o in enumerate(owner) if o == -1]
    return Place(1, view.map.ids[min(empty, key=lambda t: (len(adjacency[t]), t))])


def revive(view: PlayerView, border: int) -> Action | None:
    """Bring the leader back to ``border`` when it is on the scrapyard and the robots allow."""
    legal = [a for a in view.legal_actions() if isinstance(a, Revive)]
    if not legal:
        return None
    ids = view.map.ids
    return Revive(ids[border]) if any(a.territory == ids[border] for a in legal) else legal[0]


def limited_attack_pairs(view: PlayerView) -> set[tuple[int, int]] | None:
    """Where the edition forbids some attacks between neighbours (its part ``attack_limits``:
    Transformers' allies, the origin of a liberation just made), the (source, target) index pairs
    its legal attacks allow; ``None`` where every enemy neighbour may be attacked."""
    if "attack_limits" not in view.parts:
        return None
    index = view.map.index
    legal = view.legal_actions()
    shapes = [p.first if isinstance(p, ActionRange) else p for p in getattr(legal, "parts", legal)]
    return {(index[a.source], index[a.target]) for a in shapes if isinstance(a, (Attack, Blitz))}
