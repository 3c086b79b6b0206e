"""What every 2010 position satisfies beyond the shared invariants (``components.invariants``):
the steps of the variant, troops to place only where they can be placed, the neutral armies'
reserved cards, the ceasefire card's place, a shared win. Reading a save and the invariant tests
check the same statement."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.engine.ruleset import CardsProblem
from riskboard.i18n import _
from riskboard.rulesets.components.claiming import claim_problems
from riskboard.rulesets.risk2010.counts import ceasefire_window, territories_to_win
from riskboard.rulesets.risk2010.data import TWO_PLAYER_DEAL
from riskboard.rulesets.risk2010.extra import NOT_IN_GAME, Risk2010Extra
from riskboard.rulesets.risk2010.turns import ceasefire_winners

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState


def problems(cfg: GameConfig, s: GameState) -> list[str]:
    out: list[str] = []
    x = s.extra
    if not isinstance(x, Risk2010Extra):
        return [_("a 2010 edition state needs its extra facts")]
    n = len(cfg.players)
    phase = s.phase
    out += claim_problems(cfg, s)
    if phase == "setup" and cfg.variant != "classic":
        out.append(_("only the classic variant has a claiming setup"))
    if phase == "neutral" and not any(o >= n for o in s.owner):
        out.append(_("the neutral step needs a neutral army with territory"))
    if phase in ("setup", "neutral", "occupy", "over") and s.reinforcements:
        out.append(_("no troops are left to place in the {phase} step").format(phase=phase))
    if phase != "setup" and any(s.supply):
        out.append(_("starting troops are placed during the setup only"))
    if s.must_trade or s.missions or s.bonus_used or s.setup_left != (0, 0):
        out.append(_("the 2010 edition has no forced trades, missions, card bonus or two-player setup counts"))
    for p in range(n):
        if not s.alive[p] and s.hands[p]:
            out.append(_("{player}: out of the game but holding cards").format(player=cfg.players[p]))
    if s.battle is not None and s.battle.kind == "defend" and (phase != "attack" or not cfg.options["ask_defender"]):
        out.append(_("a defender is asked for dice only in the attack step of a game that asks defenders"))
    out += _reserved_problems(cfg, s, x)
    out += _ceasefire_problems(cfg, s, x)
    out += _winner_problems(cfg, s, x)
    return out


def _winner_problems(cfg: GameConfig, s: GameState, x: Risk2010Extra) -> list[str]:
    """A finished game was won by a rule of §4.7: every opponent eliminated, the territories to
    win held at the end of the winner's turn, or the ceasefire card's count."""
    w = s.winner
    if s.phase != "over" or not 0 <= w < len(cfg.players):
        return []
    if not s.alive[w]:
        return [_("the winner is out of the game")]
    if sum(s.alive) == 1 or (not x.winners and w == s.current and s.owner.count(w) >= territories_to_win(cfg, s)):
        return []
    if ceasefire_window(cfg) is not None and x.ceasefire == NOT_IN_GAME:
        winners = ceasefire_winners(cfg, s)
        if (x.winners or (w,)) == winners:
            return []
    return [_("the game is won, but the winner meets none of the rules that win it")]


def _reserved_problems(cfg: GameConfig, s: GameState, x: Risk2010Extra) -> list[str]:
    if len(x.reserved) != len(cfg.neutrals):
        return [_("every neutral army has its reserved cards, and only neutral armies")]
    n = len(cfg.players)
    for k, cards in enumerate(x.reserved):
        holds = (n + k) in s.owner
        if holds and len(cards) != TWO_PLAYER_DEAL[2]:
            return [
                _("{army} holds territory, so {n} cards lie under it").format(
                    army=cfg.neutrals[k], n=TWO_PLAYER_DEAL[2]
                )
            ]
        if not holds and cards:
            return [_("{army} is eliminated, so its reserved cards went to its conqueror").format(army=cfg.neutrals[k])]
    return []


def _ceasefire_problems(cfg: GameConfig, s: GameState, x: Risk2010Extra) -> list[str]:
    out: list[str] = []
    window = ceasefire_window(cfg)
    if window is None and x.ceasefire != NOT_IN_GAME:
        out.append(_("only the simple game has a ceasefire card"))
    if window is not None and s.phase != "over":
        if not 0 <= x.ceasefire <= len(s.draw_pile):
            out.append(_("the ceasefire card lies in the draw pile until it is drawn"))
        elif not window[0] <= x.ceasefire + x.drawn <= window[1]:
            # what the players know of its place (``Risk2010Extras.ceasefire_range``) must be true
            out.append(
                _(
                    "the ceasefire card went in with {low} to {high} cards above it, so with {drawn} drawn since, {fewest} to {most} are above it now"
                ).format(
                    low=window[0],
                    high=window[1],
                    drawn=x.drawn,
                    fewest=max(0, window[0] - x.drawn),
                    most=window[1] - x.drawn,
                )
            )
    if x.winners and (s.phase != "over" or s.winner not in x.winners or len(x.winners) < 2):
        out.append(_("a shared win names two or more winners, the game's winner among them, once the game is over"))
    if x.winners and window is None:
        out.append(_("only the ceasefire ends a game in a shared win"))
    return out


def cards_problems(deck: tuple[str, ...], s: GameState) -> list[str]:
    """The cards in hands, piles and under the neutral armies are the whole deck, each once."""
    cards = sorted([c for hand in s.hands for c in hand] + list(s.draw_pile) + list(s.discard_pile)
                   + [c for r in s.extra.reserved for c in r])  # fmt: skip
    return (
        []
        if cards == sorted(deck)
        else [CardsProblem(_("the cards in hands, piles and reserves must be the whole deck"))]
    )
