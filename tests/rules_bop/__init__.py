"""Rules tests for the balance_of_power ruleset (RULES.md §5, §8 D13–D27, §10.1); a package so
that module names cannot clash with test modules elsewhere under ``tests/``."""
