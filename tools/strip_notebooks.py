"""Keep the example notebooks as they are committed: cells only, no outputs, stable metadata.

    python tools/strip_notebooks.py                     # strip every examples/*.ipynb in place
    python tools/strip_notebooks.py examples/01-quickstart.ipynb
    python tools/strip_notebooks.py --check             # which ones are not stripped (exit 1 if any)
    python tools/strip_notebooks.py --filter < a.ipynb  # the stripped notebook on stdout (git's clean filter)

Why: a student who clones the repository and runs a notebook (Run All, then Jupyter's autosave)
writes outputs, execution counts, widget state and the kernel's details into the file; committed
with outputs, every run would leave the clone modified. Committed stripped, the file is what the
cells say, and ``.gitattributes`` names this script as the clean filter of ``examples/*.ipynb``, so
once a clone has the filter (the README's one ``git config`` line) a notebook that was run and
saved is unchanged to git (``git diff`` is empty, a commit records nothing); without the filter
git ignores the attribute. Nothing riskboard runs in a kernel writes a
notebook file. The test suite runs every notebook (nbval) and checks that the committed ones are
stripped (tests/test_example_notebooks.py).

Stripped means: no outputs and no execution counts; of a cell's metadata only its tags (not
nbval's ``nbval-check-output``, which would compare outputs there are not) and whether its source
is collapsed (``"jupyter": {"source_hidden": true}``: a lesson's answers, hidden until a student
opens them); of the
notebook's, the Python 3 kernelspec and the language's name; cell ids kept, so the file does not
change when Jupyter saves it again.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
KERNELSPEC = {"display_name": "Python 3", "language": "python", "name": "python3"}
"""The kernel every example runs in (no "Select Kernel" dialog)."""


def stripped(nb: dict[str, Any]) -> dict[str, Any]:
    """``nb`` (a notebook's JSON) without outputs, execution counts or machine-made metadata."""
    cells = []
    for cell in nb["cells"]:
        kept: dict[str, Any] = {k: v for k, v in cell.items() if k not in ("outputs", "execution_count", "metadata")}
        # nbval's tag: it would compare the (absent) outputs with a fresh run's
        tags = [t for t in cell.get("metadata", {}).get("tags", []) if t != "nbval-check-output"]
        kept["metadata"] = {"tags": tags} if tags else {}
        if cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"):  # an answer, collapsed
            kept["metadata"]["jupyter"] = {"source_hidden": True}
        if cell["cell_type"] == "code":
            kept["execution_count"] = None
            kept["outputs"] = []
        cells.append(kept)
    return {
        "cells": cells,
        "metadata": {"kernelspec": KERNELSPEC, "language_info": {"name": "python"}},
        "nbformat": nb.get("nbformat", 4),
        "nbformat_minor": nb.get("nbformat_minor", 5),
    }


def dumps(nb: dict[str, Any]) -> str:
    """The notebook as Jupyter writes it (one-space indent, sorted keys, UTF-8, a final newline)."""
    return json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def strip_text(text: str) -> str:
    return dumps(stripped(json.loads(text)))


def is_stripped(path: Path) -> bool:
    text = path.read_text(encoding="utf-8")
    return strip_text(text) == text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: every examples/*.ipynb")
    parser.add_argument("--check", action="store_true", help="only say which notebooks are not stripped")
    parser.add_argument("--filter", action="store_true", help="read a notebook on stdin, write it stripped")
    args = parser.parse_args(argv)
    if args.filter:
        sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
        sys.stdout.write(strip_text(sys.stdin.buffer.read().decode("utf-8")))
        return 0
    paths = [p.resolve() for p in args.notebooks] or sorted(EXAMPLES.glob("*.ipynb"))
    dirty = [p for p in paths if not is_stripped(p)]
    if args.check:
        for p in dirty:
            print(f"not stripped: {p.relative_to(ROOT)}")
        return 1 if dirty else 0
    for p in dirty:
        p.write_text(strip_text(p.read_text(encoding="utf-8")), encoding="utf-8", newline="\n")
        print(f"stripped {p.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
