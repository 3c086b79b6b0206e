"""The board's front end as anywidget loads it: one ES module and one stylesheet, put together
from the plain files in ``js/`` with no node build step.

The files in ``js/`` are ordinary ES modules (``board.js`` imports ``./map.js``, ``./util.js``,
...), so a browser can load them as they are. anywidget loads a single module, so
``bundle_js`` joins them in dependency order, dropping the ``import`` lines and the ``export``
keywords (every module's top-level names then share one scope, so they must be distinct); only
``board.js``'s ``export default`` stays. Imports are one line each: ``import { a, b } from
"./x.js";``. ``bundle_css`` joins ``board.css`` and the other stylesheets.

In a wheel the files are in ``riskboard/static/``; an editable install uses the repository's
``js/`` folder.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

ENTRY = "board.js"
_IMPORT = re.compile(r'^import \{([^}]*)\} from "\./([\w-]+\.js)";[ \t]*\n', re.M)
_EXPORT = re.compile(r"^export (const|function|class|let) ", re.M)
MISSING = "export default { render({ el }) { el.textContent = 'riskboard: the board front end is missing'; } };"


def static_folder() -> Path | None:
    """``riskboard/static/`` in a wheel, the repository's ``js/`` when installed editable."""
    here = Path(__file__).resolve().parent.parent
    for folder in (here / "static", here.parent.parent / "js"):
        if (folder / ENTRY).exists():
            return folder
    return None


def module_order(folder: Path, entry: str = ENTRY) -> list[str]:
    """The modules ``entry`` needs, each after the modules it imports (``entry`` last)."""
    order: list[str] = []
    visiting: set[str] = set()

    def visit(name: str) -> None:
        if name in order:
            return
        if name in visiting:
            raise ValueError(f"js/{name} is part of an import cycle")
        visiting.add(name)
        for _names, dep in _IMPORT.findall((folder / name).read_text(encoding="utf-8")):
            visit(dep)
        visiting.discard(name)
        order.append(name)

    visit(entry)
    return order


def drop_comment_lines(text: str) -> str:
    """``text`` without its whole-line ``//`` comments, its blank lines and its indentation (the
    sources explain themselves at length; the board need not download the explanations, and a
    line stays a line, so the bundle is still read and debugged line by line). A line inside a
    template literal is kept as it is: backticks are counted on the code lines before it."""
    out = []
    in_template = False
    for line in text.split("\n"):
        if not in_template:
            stripped = line.strip()
            if not stripped or stripped.startswith("//"):
                continue
            out.append(stripped)
        else:
            out.append(line)
        code = line.split("//")[0] if not in_template and "`" not in line else line
        if code.count("`") % 2:
            in_template = not in_template
    return "\n".join(out)


_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)


def compact_css(text: str) -> str:
    """A stylesheet without its comments, blank lines and indentation."""
    lines = (line.strip() for line in _CSS_COMMENT.sub("", text).split("\n"))
    return "\n".join(line for line in lines if line)


_PARTS_TABLE = re.compile(r"^const PARTS = \[\n(.*?)^\];", re.M | re.S)
_PARTS_ROW = re.compile(r"\[\[([^\]]*)\],\s*(\w+)\]")


def part_modules(folder: Path, entry: str = ENTRY) -> dict[str, frozenset[str]]:
    """The modules that draw parts of a board (``board.js``'s ``PARTS`` table: a row names the
    parts and the methods mixed in for them), each with the parts it is for. Only ``entry``
    imports them, so a board without those parts can do without them."""
    text = (folder / entry).read_text(encoding="utf-8")
    table = _PARTS_TABLE.search(text)
    if table is None:
        return {}
    exported_by = {name.strip(): module for names, module in _IMPORT.findall(text) for name in names.split(",")}
    out: dict[str, set[str]] = {}
    for names, methods in _PARTS_ROW.findall(table.group(1)):
        module = exported_by.get(methods)
        if module is None:
            raise ValueError(f"js/{entry}: the PARTS table names {methods}, which no import brings")
        out.setdefault(module, set()).update(n.strip().strip('"') for n in names.split(","))
    return {module: frozenset(parts) for module, parts in out.items()}


def left_out(folder: Path, parts: frozenset[str] | None, entry: str = ENTRY) -> set[str]:
    """The part modules a board with ``parts`` does without (``None``: none, every edition's)."""
    if parts is None:
        return set()
    return {module for module, its in part_modules(folder, entry).items() if not its & parts}


def join_modules(folder: Path, entry: str = ENTRY, leave_out: set[str] | frozenset[str] = frozenset()) -> str:
    """The modules of ``folder`` joined into one ES module (see the module docstring), without
    their whole-line comments; each module of ``leave_out`` (part modules a board does without)
    stands as its exports, empty."""
    parts = []
    imported = {
        module: [n.strip() for n in names.split(",")]
        for names, module in _IMPORT.findall((folder / entry).read_text(encoding="utf-8"))
    }
    for name in module_order(folder, entry):
        if name in leave_out:
            stubs = " ".join(f"const {export} = {{}};" for export in imported.get(name, []))
            parts.append(f"// ---- js/{name}: not needed by this board ----\n{stubs}\n")
            continue
        text = drop_comment_lines(_IMPORT.sub("", (folder / name).read_text(encoding="utf-8")))
        text = _EXPORT.sub(r"\1 ", text)
        if re.search(r"^\s*(import|export)\b(?! default)", text, re.M):
            raise ValueError(f"js/{name}: write imports as one line 'import {{ ... }} from \"./x.js\";'")
        parts.append(f"// ---- js/{name} ----\n{text.strip()}\n")
    return "\n".join(parts)


@lru_cache(maxsize=16)  # one per edition's parts
def bundle_js(parts: frozenset[str] | None = None) -> str:
    """The board's ES module for a board with ``parts`` (``None``: every edition's), or a stand-in
    that says the front end is missing or broken (never an exception: ``import riskboard`` must
    work whatever state ``js/`` is in). A board downloads only the part modules it draws: a fifth
    to a third of the front end is one edition's own."""
    folder = static_folder()
    if folder is None:
        return MISSING
    try:
        return join_modules(folder, leave_out=left_out(folder, parts))
    except (OSError, ValueError) as exc:
        message = f"riskboard: the board front end could not be put together: {exc}"
        return f"export default {{ render({{ el }}) {{ el.textContent = {json.dumps(message)}; }} }};"


@lru_cache(maxsize=1)
def bundle_css() -> str:
    """``board.css`` followed by the other stylesheets of the front end, by name."""
    folder = static_folder()
    if folder is None:
        return ""
    names = ["board.css", *sorted(p.name for p in folder.glob("*.css") if p.name != "board.css")]
    return "\n".join(f"/* {n} */\n" + compact_css((folder / n).read_text(encoding="utf-8")) for n in names)
