"""``game.extras`` for Balance of Power: missions, progress, cities, capitals, hospitals,
airfields and this turn's purchases in plain Python values, for cells and the board's panels.
Everything here is public information (the hands are not in it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riskboard.i18n import _, ngettext
from riskboard.rulesets.balance_of_power import missions as mission_rules
from riskboard.rulesets.balance_of_power.combat import airfield_zone, battle_notes, battle_rules
from riskboard.rulesets.balance_of_power.data import COMMANDS
from riskboard.rulesets.balance_of_power.turns import income
from riskboard.rulesets.balance_of_power.words import command_effect

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState


class BalanceOfPowerExtras:
    """A read-only account of one state (``game.extras``); cheap to make, computed on demand."""

    def __init__(self, cfg: GameConfig, state: GameState) -> None:
        self._cfg = cfg
        self._s = state
        self._x = state.extra

    def _name(self, t: int) -> str | None:
        return self._cfg.map.ids[t] if t >= 0 else None

    @property
    def cities(self) -> list[str]:
        return [self._cfg.map.ids[t] for t in self._x.cities]

    def city_control(self) -> dict[str, list[str]]:
        """Cities held by each owner (players and the neutral army); a city on land nobody has
        claimed yet (during a free setup) is nobody's."""
        out: dict[str, list[str]] = {o: [] for o in self._cfg.owners}
        for t in self._x.cities:
            o = self._s.owner[t]
            if o >= 0:
                out[self._cfg.owners[o]].append(self._cfg.map.ids[t])
        return out

    @property
    def capitals(self) -> dict[str, str | None]:
        return {p: self._name(t) for p, t in zip(self._cfg.players, self._x.capitals)}

    @property
    def hospital(self) -> dict[str, int]:
        return dict(zip(self._cfg.players, self._x.hospital))

    @property
    def airfields(self) -> dict[str, str | None]:
        return {p: self._name(t) for p, t in zip(self._cfg.players, self._x.airfields)}

    def airfield_zone(self, player: str) -> list[str]:
        """The territories whose battles ``player``'s airfield helps (§5.11): its own and the neighbours."""
        t = self._x.airfields[self._cfg.players.index(player)]
        if t < 0:
            return []
        return [self._cfg.map.ids[z] for z in airfield_zone(self._cfg, t)]

    @property
    def difficult_terrain(self) -> list[str]:
        """The difficult-terrain territories of this game (§5.5, D17)."""
        return [self._cfg.map.ids[t] for t in sorted(mission_rules.difficult_terrain(self._cfg))]

    @property
    def missions_to_win(self) -> int:
        return int(self._cfg.options["missions_to_win"])

    @staticmethod
    def mission_title(mission: str) -> str:
        """A mission's short title ("Region orange")."""
        return mission_rules.describe(mission)

    @property
    def board_missions(self) -> list[str]:
        return list(self._x.board_missions)

    @property
    def collected(self) -> dict[str, list[str]]:
        return {p: list(m) for p, m in zip(self._cfg.players, self._x.collected)}

    def progress(self, player: str) -> dict[str, dict[str, Any]]:
        """For each face-up mission: ``have``, ``need``, a readable ``text`` and ``done``."""
        p = self._cfg.players.index(player)
        out = {}
        for m in self._x.board_missions:
            have, need, unit = mission_rules.progress(self._cfg, self._s, p, m)
            if m == "defeat_neutral_army":
                text = unit
            elif m in mission_rules.BUILDINGS:  # "Switzerland held", "1 of 2 satellite centres"
                where = mission_rules.territories(self._cfg, self._s, m)
                names = [self._cfg.map.territories[t].name for t in where]
                if need == 1:
                    text = (_("{territory} held") if have else _("{territory} not held")).format(territory=names[0])
                else:
                    text = _("{have} of {need} satellite centres").format(have=have, need=need)
            else:
                text = _("{have} of {need} {unit}").format(have=have, need=need, unit=_(unit))
            out[m] = {
                "title": _(mission_rules.describe(m)),
                "have": have,
                "need": need,
                "text": text,
                "done": have >= need,
            }
        return out

    def mission_territories(self, mission: str) -> tuple[list[str], int] | None:
        """The territories ``mission`` is about now and how many of them must be held (§5.6);
        ``None`` for two whole regions, which any two regions fulfil."""
        target = mission_rules.goal(self._cfg, self._s, mission)
        if target is None:
            return None
        members, need = target
        return [self._cfg.map.ids[t] for t in members], need

    def battle_modifiers(self, target: str, attacker: str | None = None) -> dict[str, Any]:
        """What changes the dice in a battle for ``target`` now (the current player attacking
        unless ``attacker`` is given): ``max_dice``, ``attack_bonus``, ``defend_bonus``,
        ``rerolls``, and ``notes`` saying why in words."""
        cfg, s = self._cfg, self._s
        who = cfg.owners.index(attacker) if attacker is not None else s.current
        t = cfg.map.index[target]
        rules = battle_rules(cfg, s, who, t)
        return {
            "max_dice": rules.attack_dice,
            "attack_bonus": bool(rules.attack_bonus),
            "defend_bonus": bool(rules.defence_bonus),
            "rerolls": rules.rerolls,
            "notes": battle_notes(cfg, s, who, t),
        }

    @property
    def purchases(self) -> list[dict[str, Any]]:
        """This turn's special commands with their cost and effect."""
        return [{"command": c, "cost": COMMANDS[c], "effect": command_effect(c)} for c in self._x.purchases]

    @property
    def special_forces(self) -> bool:
        return "special_forces" in self._x.purchases

    def income(self, player: str) -> tuple[int, str]:
        """What ``player`` would receive now (§5.8) and how it adds up."""
        return income(self._cfg, self._s, self._cfg.players.index(player))

    def summary(self) -> str:
        """One line per player and the face-up missions: what a person checks between moves."""
        lines = []
        cities = self.city_control()
        for p, t in zip(self._cfg.players, self._x.capitals):
            got = self.collected[p]
            missions = ngettext("{n} mission", "{n} missions", len(got)).format(n=len(got))
            missions += f" ({', '.join(got)})" if got else ""
            if t < 0:
                capital = _("no capital yet")
            else:
                holder = self._cfg.owners[self._s.owner[t]]
                where = self._cfg.map.ids[t]
                capital = (
                    _("capital {territory}").format(territory=where)
                    if holder == p
                    else _("capital {territory} (held by {holder})").format(territory=where, holder=holder)
                )
            airfield = self.airfields[p]
            lines.append(
                _("{player}: {missions}, {capital}, {cities}, hospital {hospital}, {airfield}").format(
                    player=p,
                    missions=missions,
                    capital=capital,
                    cities=ngettext("{n} city", "{n} cities", len(cities[p])).format(n=len(cities[p])),
                    hospital=self.hospital[p],
                    airfield=_("airfield {territory}").format(territory=airfield) if airfield else _("no airfield"),
                )
            )
        lines.append(_("face up: {missions}").format(missions=", ".join(self.board_missions) or _("none")))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.summary()
