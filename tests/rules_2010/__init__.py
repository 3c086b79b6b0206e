"""Rules tests for the risk2010 ruleset (RULES.md §1, §4, §10.2); a package so that module names
cannot clash with test modules elsewhere under ``tests/``."""
