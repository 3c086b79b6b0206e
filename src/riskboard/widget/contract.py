"""The board's contract with its front end, stated once: ``schema/board.schema.json``, a versioned
JSON Schema (draft 2020-12) of every synced trait of ``Board`` and of every intent the front end
sends. The payload functions build what it describes, ``js/`` reads only what it names (a field
it requires is read through ``need``, which throws when it is missing), the message handler knows
the intents by it, and the tests check every edition's payloads against it at every step.

This module only reads the file (the standard library's ``json``: checking against the schema is
the tests' business, with ``jsonschema``); a server that reuses the front end ships the same file.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

SCHEMA_FILE = Path(__file__).with_name("schema") / "board.schema.json"
"""The schema's file in the package."""


@lru_cache(maxsize=1)
def board_schema() -> dict[str, Any]:
    """The schema, as a dict (read once)."""
    schema: dict[str, Any] = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return schema


SCHEMA_VERSION: str = board_schema()["version"]
"""The contract's version: a change a front end written for the old one cannot read changes its major number."""

TRAITS: tuple[str, ...] = tuple(board_schema()["required"])
"""Every synced trait of the board, in the schema's order."""

INTENT_KINDS: tuple[str, ...] = tuple(
    name.removeprefix("intent_") for name in board_schema()["$defs"] if name.startswith("intent_")
)
"""Every intent the front end may send."""

UNDATED_INTENTS: frozenset[str] = frozenset(
    kind for kind in INTENT_KINDS if "state_id" not in board_schema()["$defs"][f"intent_{kind}"]["required"]
)
"""The intents good in any position (``stop``), which need no ``state_id``."""
