"""Rules tests for the transformers ruleset (RULES.md §1, §6, §8 D28–D33, §10.4, seed S002); a
package so that module names cannot clash with test modules elsewhere under ``tests/``."""
