"""Shared test settings: Hypothesis runs derandomized (fixed seeds), without a database and
without per-example deadlines (game lengths vary), so every run checks the same examples."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "riskboard",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("riskboard")
