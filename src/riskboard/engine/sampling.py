"""Determinization: a whole game consistent with what one player sees, the hidden rest drawn at random.

A search bot receives a ``PlayerView``, but to look ahead it needs a ``Game`` to copy and push.
``sample_game(view, rng)`` builds one whose public facts and whose player's own facts are the
view's, and whose hidden facts are one random guess consistent with them. Which facts are hidden
is the edition's to say (``Ruleset.resample_hidden``: other players' hands and the draw pile in
every edition, and whatever else an edition hides, such as secret missions); this module adds
what holds for every edition: the dice and draws to come are the game's chance with a new key, so
the sample knows nothing of the real game's future outcomes (same key, same actions would give the
same dice), and the sample keeps no undo history (option ``undo=False``), so simulations push fast.

This module may read a view's private fields: it is the engine's own room for hidden information;
bots call ``sample_game`` and nothing else of it.
"""

from __future__ import annotations

import random
from dataclasses import replace
from types import MappingProxyType

from riskboard.engine.game import Game
from riskboard.engine.ruleset import GameConfig
from riskboard.engine.view import PlayerView


def sample_game(view: PlayerView, rng: random.Random) -> Game:
    """A ``Game`` that shows ``view.player`` exactly what ``view`` shows, with everything hidden from
    that player drawn at random from ``rng`` (the same ``rng`` state gives the same sample).

    >>> import random, riskboard as rb
    >>> game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=3)
    >>> _ = game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}, max_turns=2)
    >>> guess = sample_game(game.view("Ada"), random.Random(1))
    >>> guess.hand("Ada") == game.hand("Ada"), guess.state.owner == game.state.owner
    (True, True)
    """
    if not isinstance(view, PlayerView):
        raise TypeError(f"sample_game needs a PlayerView (game.view(player)), got {type(view).__name__}")
    if not isinstance(rng, random.Random):
        raise TypeError(f"sample_game needs a random.Random for the hidden facts, got {type(rng).__name__}")
    cfg: GameConfig = view._cfg
    fresh = replace(cfg, key=rng.getrandbits(64), options=MappingProxyType({**cfg.options, "undo": False}))
    state = cfg.ruleset.resample_hidden(cfg, view._state, view.me, rng)
    return Game(fresh, state, lean=True)
