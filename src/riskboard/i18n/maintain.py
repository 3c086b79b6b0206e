"""Keeping the catalogs in step with the sources (a maintainer's tool, run from a checkout).

``python -m riskboard.i18n.maintain update`` finds every marked message in the sources (Python:
``_``, ``ngettext``, ``pgettext``, ``npgettext``, ``N_``, ``Nn_``; the board's JavaScript: ``t``
and ``tn``; the maps' names from their JSON files), adds the new ones to every language's part
with an empty translation and drops the stale ones. ``check`` lists what is wrong: a message
with no translation, a stale or fuzzy entry, a placeholder lost or invented, a message kept in the
wrong part. The tests run ``check`` (tests/test_catalogs.py), so CI fails on any of those.
"""

from __future__ import annotations

import datetime
import json
import string
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from riskboard.i18n import LANGUAGES
from riskboard.i18n.catalogs import CATALOG_PARTS, DOMAIN, part_path

PACKAGE = Path(__file__).resolve().parents[1]
ROOT = PACKAGE.parents[1]
"""The checkout: ``src/riskboard`` is the package, ``js/`` the board's front end."""

PY_KEYWORDS = {
    "_": None,
    "gettext": None,
    "N_": None,
    "ngettext": (1, 2),
    "Nn_": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
JS_KEYWORDS = {"t": None, "tn": (1, 2)}

Key = tuple[str | tuple[str, ...], str | None]
"""A message's identity: its id (a pair for a counted one) and its context."""


def _sources(part: str) -> Iterator[tuple[Path, str]]:
    """The files whose messages belong to ``part``, with the extraction method of each."""
    if part == "engine":
        for path in sorted(PACKAGE.rglob("*.py")):
            rel = path.relative_to(PACKAGE).parts
            if rel[0] not in ("rulesets", "widget"):
                yield path, "python"
    elif part == "components":  # what the editions share: rulesets/*.py and rulesets/components
        for path in sorted((PACKAGE / "rulesets").rglob("*.py")):
            rel = path.relative_to(PACKAGE / "rulesets").parts
            if len(rel) == 1 or rel[0] == "components":
                yield path, "python"
    elif part != "maps" and (PACKAGE / "rulesets" / part).is_dir():  # an edition's own folder
        for path in sorted((PACKAGE / "rulesets" / part).rglob("*.py")):
            yield path, "python"
    elif part == "board":  # the front end's first: a message both use is sent to it (its comment says js/)
        for path in sorted((ROOT / "js").glob("*.js")):
            yield path, "javascript"
        for path in sorted((PACKAGE / "widget").rglob("*.py")):
            yield path, "python"


def _map_messages() -> Iterator[tuple[Key, str]]:
    """Every territory's and region's name of the shipped maps, with the map's id as context."""
    for path in sorted((PACKAGE / "maps").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        map_id = str(data.get("id", path.stem))
        for group in ("territories", "regions", "continents"):
            items = data.get(group, [])
            if isinstance(items, dict):
                items = list(items.values())
            for item in items:
                name = item.get("name") if isinstance(item, dict) else None
                english = name.get("en") if isinstance(name, dict) else name
                if isinstance(english, str):
                    yield (english, map_id), f"{path.name}: {group}"


def extracted(part: str) -> dict[Key, str]:
    """The messages the sources of ``part`` mark, each with where it was first found."""
    found: dict[Key, str] = {}
    if part == "maps":
        for named, where in _map_messages():
            found.setdefault(named, where)
        return found
    for path, method in _sources(part):
        keywords = PY_KEYWORDS if method == "python" else JS_KEYWORDS
        for lineno, message, _comments, context in extract_from_file(
            method, str(path), keywords=keywords, comment_tags=(), strip_comment_tags=True
        ):
            if not message or (isinstance(message, tuple) and not all(message)):
                continue
            key: Key = (tuple(message) if isinstance(message, (tuple, list)) else message, context)
            found.setdefault(key, f"{path.relative_to(ROOT)}:{lineno}")
    return found


def owned() -> dict[str, dict[Key, str]]:
    """Each part's messages, a message two parts share kept in the first part (``CATALOG_PARTS``)."""
    seen: set[tuple[str, str | None]] = set()
    parts: dict[str, dict[Key, str]] = {}
    # the front end's messages are the board's whatever other part shares them ("attack", "Setup"):
    # only the board part's are sent to the front end (riskboard.widget.texts)
    front = {key: where for key, where in extracted("board").items() if where.startswith("js/")}
    seen.update((key[0][0] if isinstance(key[0], tuple) else key[0], key[1]) for key in front)
    for part in CATALOG_PARTS:
        mine = dict(front) if part == "board" else {}
        for key, where in extracted(part).items():
            ident = (key[0][0] if isinstance(key[0], tuple) else key[0], key[1])
            if ident in seen:
                continue
            seen.add(ident)
            mine[key] = where
        parts[part] = mine
    return parts


_STAMP = datetime.datetime(2026, 12, 1, tzinfo=datetime.timezone.utc)
"""A fixed date in every header, so that an update changes a file only where a message changed."""


def _new_catalog(language: str, part: str) -> Catalog:
    return Catalog(
        locale=language,
        domain=DOMAIN,
        project="riskboard",
        version="",
        header_comment=f"# riskboard: the {part} messages in {language} (python -m riskboard.i18n.maintain).",
        copyright_holder="riskboard developers",
        msgid_bugs_address="",
        creation_date=_STAMP,
        revision_date=_STAMP,
        last_translator="riskboard developers",
        language_team=language,
        fuzzy=False,
    )


def _read(language: str, part: str) -> Catalog:
    path = part_path(language, part)
    if not path.exists():
        return _new_catalog(language, part)
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def _write(language: str, part: str, catalog: Catalog) -> None:
    path = part_path(language, part)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, no_location=True, sort_output=True, ignore_obsolete=True, width=0)


def _pool(language: str) -> dict[tuple[str, str | None], Message]:
    """Every translated message of ``language`` in any part (a message that moves from one part
    to another keeps its translation; where two parts disagree, the earlier part's wins, the one
    that owns the message: after a merge of two branches, ``update`` sorts each message into its
    own part with its owner's words)."""
    pool: dict[tuple[str, str | None], Message] = {}
    for part in reversed(CATALOG_PARTS):
        for message in _read(language, part):
            if (
                message.id
                and message.string
                and any(message.string if isinstance(message.string, tuple) else [message.string])
            ):
                ident = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
                pool[(ident, message.context)] = message
    return pool


def update(languages: Iterable[str] | None = None) -> None:
    """Bring every catalog part in step with the sources: new messages with an empty translation
    (and the source's place as a comment), stale ones dropped, translations kept."""
    parts = owned()
    for language in languages or [code for code in LANGUAGES if code != "en"]:
        pool = _pool(language)
        for part in CATALOG_PARTS:
            new = _new_catalog(language, part)
            for (ident, context), where in parts[part].items():
                previous = pool.get((ident[0] if isinstance(ident, tuple) else ident, context))
                text: Any = ""
                if previous is not None and not previous.fuzzy:
                    text = previous.string
                if isinstance(ident, tuple) and not isinstance(text, tuple):
                    text = ("",) * new.num_plurals
                new.add(ident, text, context=context, auto_comments=[where])
            _write(language, part, new)


def _fields(text: str) -> list[str]:
    try:
        return sorted(name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None)
    except ValueError:
        return ["<unbalanced braces>"]


def _english_forms(message: Message, plurals: int) -> list[str]:
    """The English text each translated form stands for (a language with one form: the plural)."""
    if not isinstance(message.id, (tuple, list)):
        return [message.id]
    singular, plural = message.id[0], message.id[1]
    if plurals == 1:
        return [plural]
    return [singular] + [plural] * (plurals - 1)


def check() -> list[str]:
    """Everything wrong with the catalogs, one sentence each (an empty list: all is well)."""
    problems: list[str] = []
    parts = owned()
    for language in (code for code in LANGUAGES if code != "en"):
        for part in CATALOG_PARTS:
            path = part_path(language, part)
            rel = path.relative_to(PACKAGE)
            if not path.exists():
                problems.append(f"{rel}: missing (run python -m riskboard.i18n.maintain update)")
                continue
            catalog = _read(language, part)
            expected = {(k[0][0] if isinstance(k[0], tuple) else k[0], k[1]): k for k in parts[part]}
            present = {}
            for message in catalog:
                if not message.id:
                    continue
                ident = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
                present[(ident, message.context)] = message
            for key in sorted(set(present) - set(expected), key=str):
                problems.append(f"{rel}: stale entry {key[0]!r}" + (f" ({key[1]})" if key[1] else ""))
            for key in sorted(set(expected) - set(present), key=str):
                problems.append(f"{rel}: no entry for {key[0]!r} ({parts[part][expected[key]]})")
            for key in sorted(set(expected) & set(present), key=str):
                message = present[key]
                label = f"{rel}: {key[0]!r}" + (f" ({key[1]})" if key[1] else "")
                forms = list(message.string) if isinstance(message.string, (tuple, list)) else [message.string]
                if message.fuzzy:
                    problems.append(f"{label} is marked fuzzy")
                if isinstance(expected[key][0], tuple) != isinstance(message.id, (tuple, list)):
                    problems.append(f"{label}: counted in the source but not in the catalog, or the reverse")
                    continue
                if len(forms) != catalog.num_plurals and isinstance(message.id, (tuple, list)):
                    problems.append(f"{label}: {len(forms)} plural forms, the language has {catalog.num_plurals}")
                for english, form in zip(_english_forms(message, catalog.num_plurals), forms):
                    if not form:
                        problems.append(f"{label}: not translated")
                    elif _fields(form) != _fields(english):
                        problems.append(f"{label}: placeholders {_fields(form)} but English has {_fields(english)}")
    return problems


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "check"
    if command == "update":
        update(args[1:] or None)
        return 0
    if command == "check":
        problems = check()
        for problem in problems:
            print(problem)
        print(f"{len(problems)} problem(s)" if problems else "catalogs complete")
        return 1 if problems else 0
    if command == "missing":  # the entries still to translate, for a translator
        for problem in check():
            if "not translated" in problem or "no entry" in problem:
                print(problem)
        return 0
    print("usage: python -m riskboard.i18n.maintain [update [LANG...] | check | missing]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
