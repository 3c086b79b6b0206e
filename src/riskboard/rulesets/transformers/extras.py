"""``game.extras`` for Transformers: each player's faction and leader, where the leaders stand,
the scrapyards, the round of six, the alliances, and each side's zones toward the final count.
Everything here is public information (the hands are not in it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskboard.i18n import _
from riskboard.rulesets.transformers.data import LEADERS
from riskboard.rulesets.transformers.extra import SCRAPYARD, Fight, TfExtra

if TYPE_CHECKING:
    from riskboard.engine.ruleset import GameConfig
    from riskboard.engine.state import GameState


class TransformersExtras:
    """A read-only account of one state (``game.extras``); cheap to make, computed on demand."""

    def __init__(self, cfg: GameConfig, state: GameState) -> None:
        self._cfg = cfg
        self._s = state
        self._x: TfExtra = state.extra

    @property
    def leaders(self) -> dict[str, str]:
        """Each player's leader (``optimus_prime``, ``megatron``, ...)."""
        return dict(zip(self._cfg.players, self._cfg.ruleset.leaders_of(self._cfg)))  # type: ignore[attr-defined]

    @property
    def factions(self) -> dict[str, str]:
        """Each player's faction: ``autobots`` or ``decepticons``."""
        return {p: LEADERS[leader] for p, leader in self.leaders.items()}

    @property
    def leader_zones(self) -> dict[str, str | None]:
        """Where each leader stands: a zone, ``"scrapyard"``, or ``None`` before its start zone is chosen."""
        ids = self._cfg.map.ids
        return {
            p: ids[t] if t >= 0 else ("scrapyard" if t == SCRAPYARD else None)
            for p, t in zip(self._cfg.players, self._x.leaders)
        }

    @property
    def scrapyard(self) -> dict[str, int]:
        """Robots on each player's scrapyard."""
        return dict(zip(self._cfg.players, self._x.scrapyard))

    @property
    def round(self) -> int:
        """The round being played (0 during the setup)."""
        return self._x.round

    @property
    def rounds(self) -> int:
        return int(self._cfg.options["rounds"])

    @property
    def alliances(self) -> list[tuple[str, ...]]:
        """The allied pairs of the 4-player game (``[]`` otherwise): they share the win and never attack each other."""
        return [tuple(self._cfg.players[p] for p in team) for team in self._cfg.ruleset.alliances(self._cfg)]  # type: ignore[attr-defined]

    @property
    def fight(self) -> Fight | None:
        """The liberation action between its throws (origin, target, units committed, leader, the
        stage it waits in), or ``None``."""
        return self._x.fight

    def zones(self) -> dict[str, int]:
        """Zones held by each side that wins together (a player, or an alliance named 'A + B')."""
        from riskboard.rulesets.transformers.turns import sides

        out = {}
        for team in sides(self._cfg):
            name = " + ".join(self._cfg.players[p] for p in team)
            out[name] = sum(self._s.owner.count(p) for p in team)
        return out

    def __repr__(self) -> str:
        zones = ", ".join(f"{k}: {v}" for k, v in self.zones().items())
        where = ", ".join(f"{p}: {z}" for p, z in self.leader_zones.items())
        return _("round {round} of {rounds}; zones {zones}; leaders {leaders}; scrapyards {scrapyards}").format(
            round=self.round, rounds=self.rounds, zones=zones, leaders=where, scrapyards=self.scrapyard
        )
