"""What every classic position satisfies (``Ruleset.problems``): the invariants of the edition on
top of the shared ones (``rulesets.base``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.engine.state import MAX_UNITS
from riskboard.i18n import _
from riskboard.rulesets.classic import missions as mission_rules
from riskboard.rulesets.components.claiming import claim_problems

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState
    from riskboard.rulesets.classic import ClassicRuleset


def classic_problems(ruleset: ClassicRuleset, cfg: GameConfig, s: GameState) -> list[str]:
    """The classic edition's own invariants: hands of the eliminated, forced trades that can be
    made, missions from the deck, the two-player setup's counts."""
    out: list[str] = []
    players = cfg.players
    out += claim_problems(cfg, s)
    for p in range(len(players)):
        if not s.alive[p] and s.hands[p]:
            out.append(_("{player}: out of the game but holding cards").format(player=players[p]))
    if s.phase not in ("reinforce", "attack", "fortify", "occupy", "setup", "over"):
        out.append(_("the classic game has no {phase} phase").format(phase=s.phase))
    at_least = min(cfg.options["elimination_trade_at"], cfg.options["elimination_trade_to"] + 1)
    # the trade an elimination forces waits for the move-in into the eliminated player's last territory
    if s.must_trade and (
        s.phase not in ("attack", "occupy")
        or len(s.hands[s.current]) < at_least
        or not ruleset.trades(cfg, s, s.current)
    ):
        out.append(_("a forced trade is pending, but the hand is not big enough for one"))
    forced = cfg.options["forced_trade_at"]
    if s.phase == "reinforce" and len(s.hands[s.current]) >= forced and not ruleset.trades(cfg, s, s.current):
        out.append(_("a forced trade is due, but the hand holds no set"))
    if s.phase == "reinforce" and not s.reinforcements and len(s.hands[s.current]) < forced:
        out.append(_("the reinforcement phase has armies to place, or a forced trade to make"))
    if s.phase in ("fortify", "occupy", "setup", "over") and s.reinforcements:
        out.append(_("no armies are left to place in the {phase} phase").format(phase=s.phase))
    if cfg.variant == "secret_missions":
        deck = {*mission_rules.mission_deck(players), mission_rules.FALLBACK}
        if len(s.missions) != len(players) or not all(m in deck for m in s.missions):
            out.append(_("every player needs one secret mission from the mission deck"))
    elif s.missions:
        out.append(_("only the secret_missions variant has missions"))
    if s.winner >= 0 and not s.missions and sum(s.alive) != 1:
        out.append(_("the game is won, but more than one player is still in it"))
    if s.winner >= 0 and not s.alive[s.winner]:
        out.append(_("the winner is out of the game"))
    if any(not 0 <= n <= MAX_UNITS for n in s.setup_left):
        out.append(_("the setup's armies left to place are out of range"))
    if s.battle is not None and s.battle.kind == "defend" and (s.phase != "attack" or not cfg.options["ask_defender"]):
        out.append(_("a defender is asked for dice only in the attack phase of a game that asks defenders"))
    return out
