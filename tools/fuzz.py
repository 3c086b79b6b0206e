"""Run the fuzz suite (tests/fuzz) at a chosen size and print each family's figures.

    python tools/fuzz.py                # the CI size, as the test command runs it
    python tools/fuzz.py --size 20      # a deep run: twenty times the cases of each family
    python tools/fuzz.py --size 5 -k games   # only the families whose tests match

Each family counts its cases, the escapes by kind (an outcome other than the documented one) and
the impossible states loaded; the figures are printed at the end, and any escape fails its test.
This is ``python -m pytest -m fuzz --fuzz-size N tests/fuzz``, with the workers of every core.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=1, help="times the CI size (default 1)")
    parser.add_argument("-k", default=None, help="only tests matching this pytest expression")
    parser.add_argument("-n", default="auto", help="pytest-xdist workers (default: one per core)")
    args = parser.parse_args(argv)
    if args.size < 1:
        parser.error("--size must be a whole number ≥ 1")
    command = [sys.executable, "-m", "pytest", "-m", "fuzz", f"--fuzz-size={args.size}", "-n", str(args.n), "-q"]
    command += ["-p", "no:cacheprovider", "--no-header", "tests/fuzz"]
    if args.k:
        command += ["-k", args.k]
    return subprocess.call(command, cwd=ROOT)


if __name__ == "__main__":
    raise SystemExit(main())
