"""Run the example notebooks and save them with their outputs, so that GitHub and nbviewer show
their boards and results without a kernel.

    python tools/run_notebooks.py                              # every examples/*.ipynb
    python tools/run_notebooks.py examples/01-quickstart.ipynb # just one
    python tools/run_notebooks.py --check                      # which ones are stale (exit 1 if any)

Run it after changing a notebook, or anything its outputs show (the engine's events, the picture);
the test suite says when: ``tests/test_example_notebooks.py`` checks that every notebook was saved
by this script from its current cells, and nbval compares the saved outputs of every cell marked
``nbval-check-output`` (all but the live boards) with a fresh run.

Each notebook runs top to bottom in a fresh kernel (nbclient, as ``jupyter nbconvert --execute``
does) in its own folder; every game in it is seeded, so the outputs are the same on every run.
Then, before it is written back:

- a board's output keeps its picture (``image/svg+xml``, which shows the position the cells left:
  the board updates its own output) and its one-line text, but not the widget view: without the
  widget's state, which a saved notebook does not carry, JupyterLab would show "model not found"
  there until the cell runs again;
- the code cells without a board are tagged ``nbval-check-output``;
- the notebook's metadata records a digest of its cells (``riskboard.cells_sha256``), which the
  test compares with the cells as they are;
- no timings or machine-specific kernel details are kept, so a run changes only what changed.

An error or anything written to stderr while a notebook runs stops the script: nothing is saved.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
CHECK_TAG = "nbval-check-output"
TIMEOUT = 600


def cells_digest(nb: Any) -> str:
    """A digest of the notebook's cells (their kind and text), not of their outputs or tags."""
    cells = [
        [c["cell_type"], "".join(c["source"]) if isinstance(c["source"], list) else c["source"]] for c in nb["cells"]
    ]
    return hashlib.sha256(json.dumps(cells, ensure_ascii=False).encode()).hexdigest()


def is_stale(path: Path) -> bool:
    """True if ``path`` was not saved by this script from its current cells."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    return nb.get("metadata", {}).get("riskboard", {}).get("cells_sha256") != cells_digest(nb)


def execute(path: Path) -> Any:
    """``path`` run top to bottom in a fresh kernel, outputs cleaned up as the module says."""
    import nbclient
    import nbformat

    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
            cell.metadata.pop("execution", None)
    client = nbclient.NotebookClient(
        nb,
        timeout=TIMEOUT,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        record_timing=False,
        store_widget_state=False,
    )
    client.execute()
    for n, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        board = False
        for output in cell.outputs:
            if output.output_type == "error" or (output.output_type == "stream" and output.name == "stderr"):
                text = output.get("text") or "\n".join(output.get("traceback", []))
                raise SystemExit(f"{path.name}, cell {n}: {text}")
            data = output.get("data", {})
            if WIDGET_VIEW in data:
                board = True
                del data[WIDGET_VIEW]
        tags = [t for t in cell.metadata.get("tags", []) if t != CHECK_TAG]
        if not board:
            tags.append(CHECK_TAG)
        if tags:
            cell.metadata["tags"] = tags
        else:
            cell.metadata.pop("tags", None)
    nb.metadata.pop("widgets", None)
    nb.metadata["language_info"] = {"name": "python"}
    nb.metadata["riskboard"] = {"cells_sha256": cells_digest(nb), "saved_by": "tools/run_notebooks.py"}
    return nb


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: every examples/*.ipynb")
    parser.add_argument("--check", action="store_true", help="only say which notebooks are stale")
    args = parser.parse_args(argv)
    paths = [p.resolve() for p in args.notebooks] or sorted(EXAMPLES.glob("*.ipynb"))
    if args.check:
        stale = [p for p in paths if is_stale(p)]
        for p in stale:
            print(f"stale: {p.relative_to(ROOT)}")
        return 1 if stale else 0
    import nbformat

    for path in paths:
        print(f"running {path.relative_to(ROOT)} ...", flush=True)
        nb = execute(path)
        nbformat.write(nb, path)
        print(f"  saved with its outputs ({path.stat().st_size // 1000} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
