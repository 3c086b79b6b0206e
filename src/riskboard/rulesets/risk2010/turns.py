"""The 2010 turn (RULES.md §4.6–4.8): the neutral support of the two-player game, troops, star
trades (in the reinforce, attack and maneuver steps), attacks, the maneuver, the end-of-turn win
check, the card (and the ceasefire), eliminations. Each handler checks first and builds the next state only when
the action is legal, so an ``IllegalAction`` leaves nothing changed; the engine stamps the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.engine.actions import Attack, Blitz, Defend, EndPhase, Fortify, Occupy, Place, TradeCards
from riskboard.engine.chance import Chance
from riskboard.engine.events import (
    CardsTraded,
    Events,
    GameWon,
    PlayerEliminated,
    TurnEnded,
    armies_moved,
    phase_changed,
    pieces,
    turn_started,
)
from riskboard.engine.state import MAX_UNITS, GameState
from riskboard.errors import IllegalAction
from riskboard.i18n import N_, Nn_, _, ngettext
from riskboard.rulesets.components import battles
from riskboard.rulesets.components.cards import draw_card
from riskboard.rulesets.components.claiming import claim_or_place
from riskboard.rulesets.components.common import name_of, next_alive, replace_at, territory_index, wrong_phase
from riskboard.rulesets.components.fortify import check_move, move
from riskboard.rulesets.components.limits import granted
from riskboard.rulesets.components.placing import place_units
from riskboard.rulesets.components.said import Said
from riskboard.rulesets.components.stars import check_cards_in_hand, star_total
from riskboard.rulesets.risk2010.actions import NeutralSupport
from riskboard.rulesets.risk2010.counts import star_value, territories_to_win, troops, two_star_cards
from riskboard.rulesets.risk2010.data import NEUTRAL_SUPPORT, NEUTRAL_SUPPORT_TERRITORIES, STAR_TABLE
from riskboard.rulesets.risk2010.events import (
    CeasefireDrawn,
    NeutralArmyEliminated,
    NeutralArmyReinforced,
    TroopsCounted,
)
from riskboard.rulesets.risk2010.extra import NOT_IN_GAME, Risk2010Extra
from riskboard.rulesets.risk2010.words import TROOP_WORDS

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.rulesets.risk2010 import Risk2010Ruleset

Result = tuple[GameState, Events]
UNIT = ("troop", "troops")  # the seed's word for its pieces ("trupper")


# -- the start of a turn -------------------------------------------------------------------------
def neutrals_left(cfg: GameConfig, s: GameState) -> list[int]:
    """The owner indices of the neutral armies that still hold territory."""
    return [o for o in range(len(cfg.players), len(cfg.owners)) if o in s.owner]


def supportable(cfg: GameConfig, s: GameState) -> list[int]:
    """The neutral armies the support may go to: those still holding territory that can take all
    of its troops without passing the most units an owner holds (``components.limits``)."""
    return [o for o in neutrals_left(cfg, s) if granted(s, o, NEUTRAL_SUPPORT) == NEUTRAL_SUPPORT]


def start_turn(cfg: GameConfig, s: GameState, player: int, events: Events) -> GameState:
    """``player``'s turn begins: in the two-player game with the neutral support (skipped when no
    neutral army is left, D9), otherwise with the troops to place."""
    turn = s.turn + 1
    s = s.evolve(current=player, turn=turn, conquered=False, battle=None, reinforcements=0, phase="reinforce")
    events.append(turn_started(cfg.players[player], turn, troops(cfg, s, player)[0]))
    if cfg.neutrals and supportable(cfg, s):
        events.append(phase_changed(cfg.players[player], "neutral"))
        return s.evolve(phase="neutral")
    return enter_reinforce(cfg, s, events)


def enter_reinforce(cfg: GameConfig, s: GameState, events: Events) -> GameState:
    """Step 1: the troops of §4.6.1, counted from the territories and continents held now."""
    total, detail = troops(cfg, s, s.current)
    given = granted(s, s.current, total)
    if given < total:
        detail = Said(
            N_("{detail}, of which {given} can be held (at most {most} troops)"),
            detail=detail,
            given=given,
            most=MAX_UNITS,
        )
    events.append(TroopsCounted(cfg.players[s.current], given, detail))
    if not given:  # the player holds the most troops there can be: nothing to place
        events.append(phase_changed(cfg.players[s.current], "attack"))
        return s.evolve(phase="attack", reinforcements=0)
    return s.evolve(phase="reinforce", reinforcements=given)


def neutral_support(cfg: GameConfig, s: GameState, a: NeutralSupport) -> Result:
    """§4.6 (two players): exactly 3 troops to one neutral army, on 1 to 3 of its territories."""
    if s.phase != "neutral":
        wrong_phase(cfg, s, N_("reinforce a neutral army"), N_("the neutral army is reinforced at the start of a turn"))
    player = cfg.players[s.current]
    if a.army not in cfg.neutrals:
        raise IllegalAction(
            _("{army} is not a neutral army; the neutral armies are {armies}").format(
                army=repr(a.army), armies=", ".join(cfg.neutrals)
            ),
            code="neutral/unknown_army",
        )
    army = cfg.owners.index(a.army)
    if army not in s.owner:
        raise IllegalAction(
            _("{army} is eliminated; reinforce another neutral army").format(army=a.army), code="neutral/eliminated"
        )
    if army not in supportable(cfg, s):
        raise IllegalAction(
            _("{army} holds the most troops there can be ({most}); reinforce another neutral army").format(
                army=a.army, most=MAX_UNITS
            ),
            code="neutral/full",
        )
    if not 1 <= len(a.placements) <= NEUTRAL_SUPPORT_TERRITORIES:
        raise IllegalAction(
            _("the neutral troops go on 1 to {most} territories, not {n}").format(
                most=NEUTRAL_SUPPORT_TERRITORIES, n=len(a.placements)
            ),
            code="neutral/territories",
        )
    armies = list(s.armies)
    seen: set[int] = set()
    for tid, count in a.placements:
        t = territory_index(cfg, tid)
        if t in seen:
            raise IllegalAction(
                _("{territory} is named twice; give each territory once").format(territory=tid),
                code="neutral/territories",
            )
        seen.add(t)
        o = s.owner[t]
        if o != army:
            if o >= len(cfg.players):
                raise IllegalAction(
                    _("all {n} troops go to one neutral army: {territory} belongs to {owner}, not {army}").format(
                        n=NEUTRAL_SUPPORT, territory=tid, owner=cfg.owners[o], army=a.army
                    ),
                    code="neutral/one_army",
                )
            raise IllegalAction(
                _("neutral troops go on territories of {army}; {territory} belongs to {owner}").format(
                    army=a.army, territory=tid, owner=name_of(cfg, o)
                ),
                code="action/not_neutral",
            )
        if count < 1:
            raise IllegalAction(
                _("place at least 1 troop on {territory}, not {count}").format(territory=tid, count=count),
                code="action/bad_count",
            )
        armies[t] += count
    total = sum(n for _t, n in a.placements)
    if total != NEUTRAL_SUPPORT:
        raise IllegalAction(
            _("the neutral army gets exactly {n} troops, not {total}").format(n=NEUTRAL_SUPPORT, total=total),
            code="neutral/troops",
        )
    events: Events = [NeutralArmyReinforced(player, a.army, a.placements)]
    return enter_reinforce(cfg, s.evolve(armies=tuple(armies)), events), events


# -- troops and stars ----------------------------------------------------------------------------
def place(cfg: GameConfig, s: GameState, a: Place) -> Result:
    """Troops of the turn, or of a star trade (placed at once, D10), on your own territories."""
    phase = s.phase
    if phase == "setup":
        return claim_or_place(cfg, s, a, start_turn)
    if phase == "neutral":
        raise IllegalAction(
            _("{player} must first reinforce a neutral army: 'neutral ARMY TERRITORY 3'").format(
                player=cfg.players[s.current]
            ),
            code="action/neutral_first",
        )
    if not (phase == "reinforce" or (phase in ("attack", "fortify") and s.reinforcements > 0)):
        wrong_phase(cfg, s, N_("place troops"), N_("troops are placed at the start of a turn or after trading stars"))
    return place_units(cfg, s, a.territory, a.count)


TRADE_STEPS_WORDS = {
    "maneuver": N_("cards are traded in the reinforce, attack or maneuver step"),
    "fortify": N_("cards are traded in the reinforce, attack or fortify step"),
}
"""When cards are traded, by the edition's word for its end-of-turn move (English ids)."""

TRADE_STEPS = ("reinforce", "attack", "fortify")
"""D39: the steps of a turn in which stars are traded (not the neutral support, not the move-in)."""


def trade(cfg: GameConfig, s: GameState, a: TradeCards) -> Result:
    """§4.6.2, D10, D39: one or more cards in the reinforce, attack or maneuver step of your own
    turn, for the troops of their star total (at most 10 stars in one trade), placed at once."""
    if s.phase not in TRADE_STEPS:
        fortify = cfg.ruleset.presentation.words(cfg)["fortify"]
        steps = Said(TRADE_STEPS_WORDS.get(fortify) or f"cards are traded in the reinforce, attack or {fortify} step")
        if s.phase == "neutral":
            raise IllegalAction(
                _("{player} must first reinforce a neutral army; {steps}").format(
                    player=cfg.players[s.current], steps=steps
                ),
                code="action/neutral_first",
            )
        if s.phase == "occupy":
            steps = Said(N_("{steps}, not while moving in"), steps=steps)
        wrong_phase(cfg, s, N_("trade cards"), steps)
    if s.battle is not None:
        raise IllegalAction(
            _("{territory} is under attack: cards are traded once its defence dice are chosen").format(
                territory=cfg.map.ids[s.battle.target]
            ),
            code="action/awaiting_defender",
        )
    p = s.current
    cards = a.cards
    if not cards:
        raise IllegalAction(_("trade at least one card"), code="cards/no_cards")
    check_cards_in_hand(cfg, s, cards)
    total = star_total(cards, two_star_cards(cfg))
    most = max(STAR_TABLE)
    if total > most:
        raise IllegalAction(
            _("at most {most} stars are traded at once; {cards} show {total}: trade them in two goes").format(
                most=most, cards=", ".join(cards), total=total
            ),
            code="cards/too_many_stars",
        )
    gained = granted(s, p, star_value(total))  # within the limits: see components.limits
    hand = s.hands[p]
    s = s.evolve(
        reinforcements=s.reinforcements + gained,
        hands=replace_at(s.hands, p, tuple(c for c in hand if c not in cards)),
        discard_pile=s.discard_pile + tuple(cards),
        sets_traded=s.sets_traded + 1,
    )
    return s, [CardsTraded(cfg.players[p], tuple(cards), gained, None, 0)]


# -- attacks -------------------------------------------------------------------------------------
def _check_attack(cfg: GameConfig, s: GameState, source: str, target: str) -> tuple[int, int]:
    if s.phase != "attack":
        wrong_phase(cfg, s, N_("attack"), N_("first place your troops") if s.phase == "reinforce" else "")
    battles.no_battle_pending(cfg, s)
    if s.reinforcements:
        raise IllegalAction(
            _("{player} must first place {pieces} from the stars traded").format(
                player=cfg.players[s.current], pieces=pieces(s.reinforcements, TROOP_WORDS)
            ),
            code="action/armies_left",
        )
    return battles.check_source_and_target(cfg, s, source, target, UNIT)


def attack(ruleset: Risk2010Ruleset, cfg: GameConfig, s: GameState, a: Attack, chance: Chance) -> Result:
    src, tgt = _check_attack(cfg, s, a.source, a.target)
    most = cfg.rules.attacking(s.armies[src])
    if not 1 <= a.dice <= most:
        if most == 1:
            text = _(
                "with {pieces} in {territory} {player} may attack with only 1 troop, not {dice} "
                "(one troop stands guard, at most {most} attack)"
            )
        else:
            text = ngettext(
                "with {pieces} in {territory} {player} may attack with 1 to {n} troop, not {dice} "
                "(one troop stands guard, at most {most} attack)",
                "with {pieces} in {territory} {player} may attack with 1 to {n} troops, not {dice} "
                "(one troop stands guard, at most {most} attack)",
                most,
            )
        raise IllegalAction(
            text.format(
                pieces=pieces(s.armies[src], TROOP_WORDS),
                territory=a.source,
                player=cfg.players[s.current],
                n=most,
                dice=a.dice,
                most=cfg.rules.attack_dice,
            ),
            code="action/bad_dice",
        )
    return battles.declare(ruleset, cfg, s, src, tgt, a.dice, chance)


def blitz(ruleset: Risk2010Ruleset, cfg: GameConfig, s: GameState, a: Blitz, chance: Chance) -> Result:
    src, tgt = _check_attack(cfg, s, a.source, a.target)
    return battles.fight(ruleset, cfg, s, src, tgt, None, None, chance, blitz=True, move=a.move)


def defend(ruleset: Risk2010Ruleset, cfg: GameConfig, s: GameState, a: Defend, chance: Chance) -> Result:
    if s.phase != "attack" or s.battle is None or s.battle.kind != "defend":
        wrong_phase(cfg, s, N_("defend"), N_("nobody is attacking"))
    battle = battles.check_defence(cfg, s, a.dice, cfg.rules, UNIT[1], chance)
    return battles.fight(ruleset, cfg, s.evolve(battle=None), battle.source, battle.target, battle.dice, a.dice, chance)


def occupy(cfg: GameConfig, s: GameState, a: Occupy) -> Result:
    return battles.occupy(cfg, s, a.count, UNIT[1])


def eliminate(cfg: GameConfig, s: GameState, loser: int, conqueror: int, events: Events) -> GameState:
    """§4.8: the loser is out and gives every card to the player who eliminated them (no forced
    trade); the last player left wins at once (D9)."""
    taken = s.hands[loser]
    hands = replace_at(replace_at(s.hands, conqueror, s.hands[conqueror] + taken), loser, ())
    alive = replace_at(s.alive, loser, False)
    events.append(PlayerEliminated(cfg.players[loser], cfg.players[conqueror], len(taken)))
    s = s.evolve(hands=hands, alive=alive)
    if sum(alive) == 1:
        events.append(GameWon(cfg.players[conqueror], Said(N_("every opponent eliminated"))))
        s = s.evolve(winner=conqueror, phase="over", battle=None, reinforcements=0)
    return s


def neutral_falls(cfg: GameConfig, s: GameState, conqueror: int, loser: int, tgt: int, events: Events) -> GameState:
    """§4.8: taking a neutral army's last territory eliminates it; its reserved cards go to the
    conqueror's hand."""
    if loser < len(cfg.players) or loser in s.owner:
        return s
    x: Risk2010Extra = s.extra
    k = loser - len(cfg.players)
    cards = x.reserved[k]
    events.append(NeutralArmyEliminated(cfg.owners[loser], cfg.players[conqueror], len(cards)))
    return s.evolve(
        hands=replace_at(s.hands, conqueror, s.hands[conqueror] + cards),
        extra=x._replace(reserved=replace_at(x.reserved, k, ())),
    )


# -- the maneuver and the end of the turn ----------------------------------------------------------
def fortify(cfg: GameConfig, s: GameState, a: Fortify, chance: Chance) -> Result:
    if s.phase != "fortify":
        wrong_phase(
            cfg, s, N_("make the maneuver"), N_("first end the attack with 'end'") if s.phase == "attack" else ""
        )
    _placed_first(cfg, s)
    src, tgt = check_move(cfg, s, a.source, a.target, a.count, UNIT[1])
    events: Events = [armies_moved(cfg.players[s.current], a.source, a.target, a.count)]
    return end_turn(cfg, move(s, src, tgt, a.count), events, chance), events


def _placed_first(cfg: GameConfig, s: GameState) -> None:
    if s.reinforcements:
        raise IllegalAction(
            _("{player} must first place {pieces}").format(
                player=cfg.players[s.current], pieces=pieces(s.reinforcements, TROOP_WORDS)
            ),
            code="action/armies_left",
        )


def end(cfg: GameConfig, s: GameState, a: EndPhase, chance: Chance) -> Result:
    phase = s.phase
    player = cfg.players[s.current]
    if phase == "attack":
        if s.battle is not None:
            raise IllegalAction(_("the defender must choose dice first"), code="action/awaiting_defender")
        _placed_first(cfg, s)
        if cfg.rules.fortify == "none":
            events: Events = [TurnEnded(player)]
            return end_turn(cfg, s, events, chance), events
        return s.evolve(phase="fortify"), [phase_changed(player, "fortify")]
    if phase == "fortify":
        _placed_first(cfg, s)
        events = [TurnEnded(player)]
        return end_turn(cfg, s, events, chance), events
    if phase == "reinforce":
        _placed_first(cfg, s)
    if phase == "neutral":
        raise IllegalAction(
            _("{player} must first reinforce a neutral army").format(player=player), code="action/neutral_first"
        )
    if phase == "occupy":
        raise IllegalAction(
            _("first move troops into the conquered territory with 'occupy N'"), code="action/must_occupy"
        )
    wrong_phase(cfg, s, N_("end the step"))


def end_turn(cfg: GameConfig, s: GameState, events: Events, chance: Chance) -> GameState:
    """Step 4 and the win (§4.7): the territory count first (D11), then one card if the player
    conquered (the ceasefire card, if it comes up, ends the game), then the next player."""
    p = s.current
    held = s.owner.count(p)
    need = territories_to_win(cfg, s)
    if held >= need:
        forms = Nn_(
            "{n} territory held at the end of the turn ({need} win)",
            "{n} territories held at the end of the turn ({need} win)",
        )
        events.append(GameWon(cfg.players[p], Said.counted(*forms, held, need=need)))
        return s.evolve(winner=p, phase="over", battle=None)
    if s.conquered:
        x: Risk2010Extra = s.extra
        if x.ceasefire == 0:
            return ceasefire(cfg, s.evolve(extra=x._replace(ceasefire=NOT_IN_GAME, drawn=x.drawn + 1)), events)
        before = len(s.hands[p])
        s = draw_card(cfg, s, p, chance, events)
        if len(s.hands[p]) > before:
            x = s.extra
            s = s.evolve(
                extra=x._replace(drawn=x.drawn + 1, ceasefire=x.ceasefire - 1 if x.ceasefire > 0 else x.ceasefire)
            )
    return start_turn(cfg, s, next_alive(s, p), events)


def ceasefire_scores(cfg: GameConfig, s: GameState) -> dict[int, tuple[int, int]]:
    """§4.7: each player's territories and troops, what the ceasefire compares."""
    return {p: (s.owner.count(p), sum(a for o, a in zip(s.owner, s.armies) if o == p)) for p in range(len(cfg.players))}


def ceasefire_winners(cfg: GameConfig, s: GameState) -> tuple[int, ...]:
    """§4.7: most territories wins; then most troops; still tied, every tied player wins."""
    score = ceasefire_scores(cfg, s)
    best = max(score[p] for p in score if s.alive[p])
    return tuple(p for p in score if s.alive[p] and score[p] == best)


def ceasefire(cfg: GameConfig, s: GameState, events: Events) -> GameState:
    """§4.7: the ceasefire card ends the game (``ceasefire_winners``)."""
    players = range(len(cfg.players))
    score = ceasefire_scores(cfg, s)
    winners = ceasefire_winners(cfg, s)
    best = score[winners[0]]
    standings = Said.joined(
        "; ",
        (
            Said(
                N_("{player}: {territories}, {troops}"),
                player=cfg.players[p],
                territories=Said.counted(*Nn_("{n} territory", "{n} territories"), score[p][0]),
                troops=Said.counted(*Nn_("{n} troop", "{n} troops"), score[p][1]),
            )
            for p in sorted(players, key=lambda p: score[p], reverse=True)
            if s.alive[p]
        ),
    )
    events.append(CeasefireDrawn(cfg.players[s.current], standings))
    shared = len(winners) > 1
    if shared:
        why = Said(N_("a shared win, tied on territories and troops"))
    elif sum(1 for p in players if s.alive[p] and score[p][0] == best[0]) > 1:
        why = Said(N_("tied on territories, most troops ({troops})"), troops=score[winners[0]][1])
    else:
        why = Said(N_("most territories ({territories})"), territories=best[0])
    for w in winners:
        events.append(GameWon(cfg.players[w], Said(N_("the ceasefire: {why}"), why=why)))
    x: Risk2010Extra = s.extra
    return s.evolve(winner=winners[0], phase="over", battle=None, extra=x._replace(winners=winners if shared else ()))
