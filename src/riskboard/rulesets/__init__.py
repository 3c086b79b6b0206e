"""The registry of editions: find a ruleset by name or alias."""

from __future__ import annotations

from riskboard.errors import ConfigError
from riskboard.rulesets.base import GameConfig, Pending, Ruleset

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
    if isinstance(name, Ruleset):
        return name
    _load_builtin()
    key = str(name).strip().lower().replace("-", "_").replace(" ", "_")
    if key not in _ALIASES:
        known = ", ".join(sorted(_REGISTRY))
        raise ConfigError(f"unknown ruleset {name!r}; available: {known}", code="config/unknown_ruleset")
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


__all__ = ["GameConfig", "Pending", "Ruleset", "available_rulesets", "get_ruleset", "register"]
