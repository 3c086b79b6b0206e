"""The conformance check lives in the package, ``riskboard.testing`` (so that a house edition can be
checked from outside the project); the suite's modules import it from here as before."""

from riskboard.testing import check_game, check_state, default_bots, illegal_candidates, run_game

check_ruleset_conformance = check_game
"""The name the suite knew it by: plays one game and checks every promise (``check_game``)."""

__all__ = ["check_game", "check_ruleset_conformance", "check_state", "default_bots", "illegal_candidates", "run_game"]
