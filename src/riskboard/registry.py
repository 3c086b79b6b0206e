"""The registry of editions and the games it starts: ``new_game``, ``replay`` and ``get_ruleset``.

It sits above the engine and the editions: it finds an edition by name or alias, checks the
players, variant, setup, options and seed into a ``GameConfig``, and asks the edition for the
first state. The engine reads records through the lookup installed here, so it never imports an
edition itself.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from riskboard.engine import records
from riskboard.engine.chance import Chance, seed_key
from riskboard.engine.game import Game
from riskboard.engine.ruleset import GameConfig, Ruleset, Scenario
from riskboard.errors import ConfigError
from riskboard.i18n import _
from riskboard.i18n.hints import did_you_mean
from riskboard.maps import load_map

_REGISTRY: dict[str, Ruleset] = {}
_ALIASES: dict[str, str] = {}


def register(ruleset: Ruleset) -> Ruleset:
    """Add an edition to the registry (its name and aliases must be new)."""
    for name in (ruleset.name, *ruleset.aliases):
        if name in _ALIASES:
            raise ValueError(f"a ruleset is already registered as {name!r}")
    _REGISTRY[ruleset.name] = ruleset
    for name in (ruleset.name, *ruleset.aliases):
        _ALIASES[name] = ruleset.name
    return ruleset


def get_ruleset(name: str | Ruleset) -> Ruleset:
    """The ruleset called ``name`` (or one of its aliases), case-insensitively."""
    if not isinstance(name, str) and isinstance(name, Ruleset):
        return name
    _load_builtin()
    key = str(name).strip().lower().replace("-", "_").replace(" ", "_")
    if key not in _ALIASES:
        known = ", ".join(sorted(_REGISTRY))
        hint = did_you_mean(key, {**{a: _ALIASES[a] for a in _ALIASES}, **{n: n for n in _REGISTRY}})
        raise ConfigError(
            _("unknown ruleset {name}{hint}; available: {known}").format(name=repr(name), hint=hint, known=known),
            code="config/unknown_ruleset",
        )
    return _REGISTRY[_ALIASES[key]]


def available_rulesets() -> list[str]:
    """The names of the registered editions."""
    _load_builtin()
    return sorted(_REGISTRY)


def _load_builtin() -> None:
    if "classic" not in _REGISTRY:
        from riskboard.rulesets.classic import ClassicRuleset

        register(ClassicRuleset())
    if "balance_of_power" not in _REGISTRY:
        from riskboard.rulesets.balance_of_power import BalanceOfPowerRuleset

        register(BalanceOfPowerRuleset())
    if "risk2010" not in _REGISTRY:
        from riskboard.rulesets.risk2010 import Risk2010Ruleset

        register(Risk2010Ruleset())
    if "transformers" not in _REGISTRY:
        from riskboard.rulesets.transformers import TransformersRuleset

        register(TransformersRuleset())


def make_config(
    ruleset: str | Ruleset,
    players: Sequence[str],
    variant: str | None,
    setup: str | None,
    options: Mapping[str, Any] | None,
    seed: int | None,
) -> GameConfig:
    """Check a game's configuration (``ConfigError`` for anything wrong) and fix its rules."""
    edition = get_ruleset(ruleset)
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise ConfigError(_("players must be a list of names, e.g. ['Ada', 'Bo', 'Cy']"), code="config/players")
    players = tuple(players)
    if not edition.min_players <= len(players) <= edition.max_players:
        raise ConfigError(
            _("{ruleset} is for {least} to {most} players, got {n}").format(
                ruleset=edition.name, least=edition.min_players, most=edition.max_players, n=len(players)
            ),
            code="config/players",
        )
    for p in players:
        if not isinstance(p, str) or not p.strip() or len(p) > 100:
            raise ConfigError(
                _("player names must be non-empty strings, got {value}").format(value=repr(p)), code="config/players"
            )
    if len(set(players)) != len(players):
        raise ConfigError(_("player names must be different"), code="config/players")
    if variant is not None and not isinstance(variant, str):
        raise ConfigError(
            _("variant must be a name, got {value}").format(value=repr(variant)), code="config/bad_variant"
        )
    variant = edition.variants[0] if variant is None else variant  # "" is no variant's name
    if variant not in edition.variants:
        raise ConfigError(
            _("{ruleset} has no variant {variant}{hint}; variants: {known}").format(
                ruleset=edition.name,
                variant=repr(variant),
                hint=did_you_mean(variant, edition.variants),
                known=", ".join(edition.variants),
            ),
            code="config/bad_variant",
        )
    neutrals = edition.neutrals_for(variant, players)
    clash = sorted(set(players) & set(neutrals))
    if clash:
        raise ConfigError(
            _("{names} is the name of a neutral army; choose another player name").format(names=", ".join(clash)),
            code="config/players",
        )
    if setup is not None and (not isinstance(setup, str) or setup not in edition.setups):
        raise ConfigError(
            _("{ruleset} has no setup {setup}{hint}; setups: {known}").format(
                ruleset=edition.name,
                setup=repr(setup),
                hint=did_you_mean(setup, edition.setups),
                known=", ".join(edition.setups),
            ),
            code="config/bad_setup",
        )
    setup = edition.check_setup(variant, setup, players)
    resolved = edition.resolve_options(variant, options)
    if seed is None:
        seed = secrets.randbits(63)
    if isinstance(seed, bool) or not isinstance(seed, int) or not -(2**63) <= seed < 2**64:
        raise ConfigError(
            _("seed must be a whole number (64 bits at most), got {value}").format(value=repr(seed)), code="config/seed"
        )
    return GameConfig(
        ruleset=edition,
        variant=variant,
        setup=setup,
        map=load_map(edition.map_name),
        players=players,
        neutrals=neutrals,
        options=resolved,
        seed=seed,
        key=seed_key(seed),
        rules=edition.rules(variant, resolved),
    )


def new_game(
    ruleset: str | Ruleset = "classic",
    players: Sequence[str] = ("Ada", "Bo", "Cy"),
    *,
    variant: str | None = None,
    setup: str | None = None,
    position: Mapping[str, Any] | None = None,
    current_player: str | None = None,
    phase: str | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    lean: bool = False,
    **extras: Any,
) -> Game:
    """Start a game of ``ruleset`` for ``players``.

    ``lean=True`` is for bulk play (tournaments, simulations, RL): the game keeps no undo history
    and no events (``game.events()`` rebuilds them from the record when asked), only its record.

    Without ``position`` the game starts at the beginning of its setup. With ``position`` (a
    scenario: ``{territory: (owner, armies)}`` for every territory) it starts at
    ``current_player``'s turn in ``phase``; editions accept further keywords for their extras
    (classic: ``hands``, ``sets_traded``, ``reinforcements``, ``conquered``, ``missions``, ``turn``).

    >>> game = new_game("classic", players=["Ada", "Bo", "Cy"], seed=7)
    >>> game.phase
    'setup'
    """
    cfg = make_config(ruleset, players, variant, setup, options, seed)
    chance = Chance(cfg.key, 0)
    if position is None:
        if current_player is not None or phase is not None or extras:
            given = [k for k, v in (("current_player", current_player), ("phase", phase)) if v is not None] + sorted(
                extras
            )
            raise ConfigError(
                _("{keywords} only make sense with a position= scenario").format(keywords=", ".join(given)),
                code="config/scenario",
            )
        state = cfg.ruleset.initial_state(cfg, chance)
    else:
        state = cfg.ruleset.scenario_state(cfg, Scenario(position, current_player, phase, extras), chance)
        problems = cfg.ruleset.problems(cfg, state)
        if problems:
            raise ConfigError(
                _("this scenario is not a possible position: {problems}").format(
                    problems="; ".join(_(p) for p in problems[:5])
                ),
                code="scenario/impossible",
            )
    return Game(cfg, state.evolve(chance=chance.counter), lean=lean)


def config_from_header(header: Mapping[str, Any]) -> GameConfig:
    """The configuration a record's header names (``replay`` and ``Game.from_json`` use it)."""
    return make_config(
        header["ruleset"], header["players"], header["variant"], header["setup"], header["options"], header["seed"]
    )


def replay(record: Mapping[str, Any] | str | bytes) -> Game:
    """Rebuild a game from ``game.record()``: ``replay(g.record()).to_json() == g.to_json()``."""
    return records.replay(record, config_from_header)


records.install_configure(config_from_header)
