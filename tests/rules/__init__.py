"""Rules tests for the classic ruleset (RULES.md §1, §2, §3, §10.3); a package so that module
names cannot clash with test modules elsewhere under ``tests/``."""
