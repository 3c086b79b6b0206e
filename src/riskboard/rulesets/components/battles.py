"""The steps of an attack that every edition shares (RULES.md §1.1–1.3): checking source and target,
declaring an attack the defender answers, the throw (or a blitz of throws), the conquest and the
move-in. Editions answer a few questions through ``BattleEdition`` (who chooses the defence dice,
how a modified throw is rolled, where losses go, what a conquest brings) and add their own checks
around these steps; the numbers of dice and who wins a tie come from ``Ruleset.battle_rules``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from riskboard.engine.chance import Chance, checked_dice
from riskboard.engine.events import (
    AttackDeclared,
    Events,
    armies_moved_in,
    dice_rolled,
    dice_thrown,
    pieces,
    territory_conquered,
)
from riskboard.engine.ruleset import Pending
from riskboard.engine.state import Defence, defence, occupation
from riskboard.errors import IllegalAction
from riskboard.i18n import N_, Nn_, _, ngettext
from riskboard.rulesets.components.common import name_of, replace_at, territory_index, wrong_phase

if TYPE_CHECKING:
    from riskboard.engine.combat import Rules
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState

Result = tuple["GameState", Events]


class DefenceChooser(Protocol):
    """Who is asked for a territory's defence dice: what every edition with battles says."""

    def defence_chooser(self, cfg: GameConfig, s: GameState, defender: int) -> int | None:
        """The player who chooses the defence dice of ``defender``'s territory, or ``None`` when
        the most dice allowed are rolled at once (no one is asked)."""
        ...


class BattleEdition(DefenceChooser, Protocol):
    """What an edition says about its battles beyond the dice rules (``Ruleset.battle_rules``)."""

    def battle_rules(self, cfg: GameConfig, state: GameState, attacker: int, target: int) -> Rules: ...

    def modified_throw(
        self, cfg: GameConfig, s: GameState, rules: Rules, attacker: int, src: int, tgt: int, adice: int, ddice: int,
        chance: Chance, events: Events,
    ) -> tuple[int, int]:  # fmt: skip
        """One throw whose dice ``rules`` modify (a bonus, rerolls): losses (attacker, defender)."""
        ...

    @property
    def losses(self) -> LossesHook | None:
        """Where a battle's losses go besides the board (a field hospital): a function returning the
        state's fields they change; ``None`` where lost units simply go back to the box."""
        ...

    @property
    def conquest_effects(self) -> ConquestHook | None:
        """What else a conquest changes (a destroyed airfield), or ``None``."""
        ...

    def eliminate(self, cfg: GameConfig, s: GameState, loser: int, conqueror: int, events: Events) -> GameState:
        """What it brings when ``conqueror`` takes ``loser``'s last territory: a player with no
        territory is out of the game (cards taken, a win when nobody else is left, ...)."""
        ...


LossesHook = Callable[["GameConfig", "GameState", int, int, int, int, Events], dict[str, Any]]
"""``(cfg, state, attacker, attacker's losses, defender, defender's losses, events) -> fields``."""
ConquestHook = Callable[["GameConfig", "GameState", int, int, int, Events], "GameState"]
"""``(cfg, state, conqueror, loser, target, events) -> state``."""


def check_source_and_target(
    cfg: GameConfig, s: GameState, source: str, target: str, unit: tuple[str, str] = ("army", "armies")
) -> tuple[int, int]:
    """The source is the current player's with at least 2 ``unit``s and borders a target they do
    not own; returns both indices. ``unit`` is the edition's word, singular and plural."""
    index = cfg.map.index
    src = index.get(source)
    tgt = index.get(target)
    if src is None:
        src = territory_index(cfg, source)
    if tgt is None:
        tgt = territory_index(cfg, target)
    p = s.current
    owner = s.owner
    if owner[src] != p:
        raise IllegalAction(
            _("{player} can only attack from their own territories; {territory} belongs to {owner}").format(
                player=cfg.players[p], territory=source, owner=name_of(cfg, owner[src])
            ),
            code="action/not_owner",
        )
    if tgt not in cfg.map.adjacency[src]:
        raise IllegalAction(
            _("{source} does not border {target}, so it cannot attack it").format(source=source, target=target),
            code="action/not_adjacent",
        )
    if owner[tgt] == p:
        raise IllegalAction(
            _("{target} already belongs to {player}").format(target=target, player=cfg.players[p]),
            code="action/own_territory",
        )
    if s.armies[src] < 2:
        raise IllegalAction(
            _("{source} has only {pieces}; a territory needs at least 2 to attack (one must stay behind)").format(
                source=source, pieces=pieces(1, {"unit": unit[0], "units": unit[1]})
            ),
            code="action/too_few_armies",
        )
    return src, tgt


ATTACKING = {
    "die": Nn_("{n} die", "{n} dice"),
    "unit": Nn_("{n} unit", "{n} units"),
    "robot": Nn_("{n} robot", "{n} robots"),
}
"""What attacks a waiting defender, counted: the dice, or Transformers' committed robots."""


def _defend_text(most: int) -> str:
    """The refusal of a wrong number of defence dice, saying how many may be chosen."""
    if most == 1:
        return _("{territory} holds {pieces} and may defend with only 1 die, not {dice}")
    return ngettext(
        "{territory} holds {pieces} and may defend with 1 to {n} die, not {dice}",
        "{territory} holds {pieces} and may defend with 1 to {n} dice, not {dice}",
        most,
    )


def no_battle_pending(cfg: GameConfig, s: GameState) -> None:
    """Refuse a new attack while a defender still has to choose dice."""
    if s.battle is not None:
        raise IllegalAction(
            _("{player} must first choose dice to defend {territory}").format(
                player=name_of(cfg, s.owner[s.battle.target]), territory=cfg.map.ids[s.battle.target]
            ),
            code="action/awaiting_defender",
        )


def defence_pending(
    edition: DefenceChooser,
    cfg: GameConfig,
    s: GameState,
    battle: Defence,
    counted: tuple[str, str | None] = ("die", "dice"),
) -> Pending:
    """Who decides while an attack waits for its defence dice: the player the edition names
    (``defence_chooser``), with the target and what attacks it (``counted``: dice, or Transformers'
    committed units, by the English word for one: a key of ``ATTACKING``)."""
    who = edition.defence_chooser(cfg, s, s.owner[battle.target])
    assert who is not None, "a battle waits for a defender only where one chooses"
    attacking = ngettext(*ATTACKING[counted[0]], battle.dice).format(n=battle.dice)
    detail = _("{territory} against {attacking}").format(territory=cfg.map.ids[battle.target], attacking=attacking)
    return Pending(cfg.players[who], "defend", s.phase, detail)


def declare(
    edition: BattleEdition, cfg: GameConfig, s: GameState, src: int, tgt: int, dice: int, chance: Chance
) -> Result:
    """An attack of ``dice`` dice (already checked): thrown at once, or, when the defender's player
    chooses their dice, declared and left waiting for ``defend N`` (dice given with the attack wait
    with it, so a replay or a saved game restores them)."""
    rules = edition.battle_rules(cfg, s, s.current, tgt)
    defending = rules.defending(s.armies[tgt])
    chooser = edition.defence_chooser(cfg, s, s.owner[tgt])
    if chooser is None:
        return fight(edition, cfg, s, src, tgt, dice, defending, chance)
    injected = None
    if chance.queue:
        injected = _injected_throw(chance.queue, dice, defending, rules.sides)
        chance.queue.clear()
        chance.outcomes.extend(list(x) for x in injected)
    ids = cfg.map.ids
    s = s.evolve(battle=defence(src, tgt, dice, injected))
    return s, [AttackDeclared(cfg.players[s.current], cfg.players[chooser], ids[src], ids[tgt], dice)]


def _injected_throw(queue: deque, adice: int, most: int, sides: int) -> tuple[tuple[int, ...], ...]:
    """Check dice injected with an attack that waits for the defender: the attacker's throw and,
    optionally, the defender's (checked again against the dice the defender then chooses)."""
    if len(queue) > 2:
        raise IllegalAction(
            _("one throw needs the attacker's and the defender's dice, got {n} lists").format(n=len(queue)),
            code="dice/unused",
        )
    att = checked_dice(queue[0], adice, sides, "attacker's dice")
    if len(queue) == 1:
        return (att,)
    given = queue[1]
    n = len(given) if isinstance(given, (list, tuple)) and 1 <= len(given) <= most else most
    return att, checked_dice(given, n, sides, "defender's dice")


def check_defence(cfg: GameConfig, s: GameState, dice: int, rules: Rules, units: str, chance: Chance) -> Defence:
    """``defend N`` answers the pending attack with 1 to the most dice allowed; dice given with the
    attack are used now. Returns the pending attack (the caller clears it and throws)."""
    battle = s.battle
    assert isinstance(battle, Defence)
    tgt = battle.target
    most = rules.defending(s.armies[tgt])
    if not 1 <= dice <= most:
        raise IllegalAction(
            _defend_text(most).format(
                territory=cfg.map.ids[tgt],
                pieces=pieces(s.armies[tgt], cfg.ruleset.presentation.words(cfg)),
                n=most,
                dice=dice,
            ),
            code="action/bad_dice",
        )
    if battle.injected and not chance.queue:
        chance.queue = deque(battle.injected)
    return battle


def throw_once(
    edition: BattleEdition,
    cfg: GameConfig,
    s: GameState,
    rules: Rules,
    attacker: int,
    src: int,
    tgt: int,
    adice: int,
    ddice: int,
    chance: Chance,
    events: Events,
) -> tuple[int, int]:
    """One throw of ``adice`` against ``ddice`` dice under ``rules``, reported; losses (attacker,
    defender). Unmodified dice are thrown and compared in one table lookup (``Chance.throw``)."""
    if rules.modified:
        return edition.modified_throw(cfg, s, rules, attacker, src, tgt, adice, ddice, chance, events)
    att, de, att_loss, def_loss = chance.throw(adice, ddice, rules.ties)  # each side sorted high to low
    ids = cfg.map.ids
    owners = cfg.owners
    events.append(dice_rolled(owners[attacker], owners[s.owner[tgt]], ids[src], ids[tgt], att, de, att_loss, def_loss))
    return att_loss, def_loss


def fight(
    edition: BattleEdition,
    cfg: GameConfig,
    s: GameState,
    src: int,
    tgt: int,
    adice: int | None,
    ddice: int | None,
    chance: Chance,
    *,
    blitz: bool = False,
    move: str | None = None,
) -> Result:
    """One throw of ``adice`` against ``ddice`` dice (``None``: the most allowed), or for a blitz
    throws with the most dice allowed until the target falls or the source cannot attack any more;
    then the losses, and a conquest (``_conquer``, the one path of every conquest: the turn's card
    earned, an elimination's consequences, then the move-in of §1.2 as ``move`` says).

    This is the engine's hottest loop (an Aggressive bot's turn is mostly blitzes), so it keeps the
    two armies in locals, reads the dice allowed from the rules' tables, throws unmodified dice with
    one table lookup each and reports them together after the battle."""
    p = s.current
    defender = s.owner[tgt]
    if blitz and edition.defence_chooser(cfg, s, defender) is not None:
        raise IllegalAction(
            _("blitz rolls for the defender, but in this game defenders choose their own dice; attack throw by throw"),
            code="action/blitz_needs_auto_defence",
        )
    rules = edition.battle_rules(cfg, s, p, tgt)
    modified = rules.modified
    ties = rules.ties
    # rules.attacking(units) and rules.defending(units), read from their tables throw after throw
    attacking_by, defending_by = rules.attacking_by_units, rules.defending_by_units
    table = len(attacking_by)
    events: Events = []
    attacking = s.armies[src]
    defending = s.armies[tgt]
    if adice is None:
        adice = attacking_by[attacking] if attacking < table else rules.attacking(attacking)
    if ddice is None:
        ddice = defending_by[defending] if defending < table else rules.defending(defending)
    throws: list[tuple] = []  # unmodified throws, reported together after the battle
    while True:
        if modified:
            att_loss, def_loss = edition.modified_throw(cfg, s, rules, p, src, tgt, adice, ddice, chance, events)
        else:
            throw = chance.throw(adice, ddice, ties)  # (attack, defence, attacker losses, defender losses)
            throws.append(throw)
            att_loss = throw[2]
            def_loss = throw[3]
        attacking -= att_loss
        defending -= def_loss
        if not blitz or defending == 0:
            break
        dice = attacking_by[attacking] if attacking < table else rules.attacking(attacking)
        if dice < 1:
            break
        adice = dice  # the dice of the last throw move in after a conquest
        ddice = defending_by[defending] if defending < table else rules.defending(defending)
    ids = cfg.map.ids
    if throws:
        events.append(dice_thrown(cfg.players[p], cfg.owners[defender], ids[src], ids[tgt], tuple(throws)))
    armies = list(s.armies)
    losses = edition.losses
    changes = (
        {} if losses is None else losses(cfg, s, p, armies[src] - attacking, defender, armies[tgt] - defending, events)
    )
    armies[src] = attacking
    armies[tgt] = defending
    if defending > 0:
        return s.evolve(armies=tuple(armies), **changes), events
    changes["conquered"] = True  # the turn earns its card (§1.4)
    return _conquer(edition, cfg, s, armies, p, src, tgt, adice, events, True, move, changes), events


def conquer(
    edition: BattleEdition,
    cfg: GameConfig,
    s: GameState,
    armies: list[int],
    conqueror: int,
    src: int,
    tgt: int,
    moved: int,
    events: Events,
    **changes: Any,
) -> GameState:
    """A conquest nothing more follows into (Balance of Power's uprising: every committed unit
    moves in): the one path of every conquest, ``_conquer``, without the move-in."""
    return _conquer(edition, cfg, s, armies, conqueror, src, tgt, moved, events, False, None, changes)


def _conquer(
    edition: BattleEdition,
    cfg: GameConfig,
    s: GameState,
    armies: list[int],
    conqueror: int,
    src: int,
    tgt: int,
    moved: int,
    events: Events,
    follow: bool,
    move: str | None,
    changes: dict[str, Any],
) -> GameState:
    """§1.2, the one path of every conquest: the emptied target changes hands and the ``moved``
    units that rolled move in at once; what else a conquest changes follows (``conquest_effects``),
    then a player left without territory is out (``eliminate``: a win ends the game), and only
    then, with ``follow``, more units may follow as ``move`` says. ``armies`` are the units after
    the battle, ``changes`` the state's fields the battle changed (the turn's card: ``conquered``).

    A conquest that eliminates nobody decides the move-in before the state is built, so it builds
    one state: most of an Aggressive bot's blitzes conquer, and this is the engine's hottest path."""
    ids = cfg.map.ids
    loser = s.owner[tgt]
    owner = replace_at(s.owner, tgt, conqueror)
    armies[tgt] = moved
    armies[src] -= moved
    events.append(territory_conquered(cfg.owners[conqueror], cfg.owners[loser], ids[tgt], ids[src], moved))
    out = loser < len(cfg.players) and loser not in owner  # a player with no territory is out
    if out:  # its consequences first (a win ends the game), then the move-in
        s = s.evolve(armies=tuple(armies), owner=owner, **changes)
        if edition.conquest_effects is not None:
            s = edition.conquest_effects(cfg, s, conqueror, loser, tgt, events)
        s = edition.eliminate(cfg, s, loser, conqueror, events)
        if not follow or s.phase == "over":
            return s
        armies, owner, changes = list(s.armies), s.owner, {}
    followed = 0
    more = armies[src] - 1  # §1.2: more units may follow, one staying behind
    if follow and more > 0:
        if move is None:  # asked: occupy N
            changes["phase"] = "occupy"
            changes["battle"] = occupation(src, tgt, moved, moved + more)
        elif move == "all":  # a blitz's "all" moves everything but one at once, "min" nothing more
            armies[src] = 1
            armies[tgt] += more
            followed = more
    changes["armies"] = tuple(armies)
    changes["owner"] = owner
    s = s.evolve(**changes)
    if not out and edition.conquest_effects is not None:
        s = edition.conquest_effects(cfg, s, conqueror, loser, tgt, events)
    if followed:
        events.append(armies_moved_in(cfg.owners[conqueror], ids[src], ids[tgt], moved + followed, moved))
    return s


def occupy(cfg: GameConfig, s: GameState, count: int, units: str) -> Result:
    """``occupy N``: ``N`` units in the conquered territory in all, the ones that attacked (moved in
    with the conquest) included, leaving at least 1 behind; reported as ``ArmiesMovedIn`` with N."""
    if s.phase != "occupy":
        wrong_phase(cfg, s, N_("move in"), N_("there is no conquered territory to occupy"))
    battle = s.battle
    src, tgt, least, most = battle.source, battle.target, battle.least, battle.most  # type: ignore[union-attr]
    if not least <= count <= most:
        text = _(
            "move {least} to {most} {units} into {target} (at least the {least} that attacked, leaving 1 in {source}), not {count}"
        )
        raise IllegalAction(
            text.format(
                least=least, most=most, units=_(units), target=cfg.map.ids[tgt], source=cfg.map.ids[src], count=count
            ),
            code="action/bad_count",
        )
    extra = count - least
    armies = list(s.armies)
    armies[src] -= extra
    armies[tgt] += extra
    p = cfg.players[s.current]
    return s.evolve(armies=tuple(armies), phase="attack", battle=None), [
        armies_moved_in(p, cfg.map.ids[src], cfg.map.ids[tgt], count, least)
    ]
