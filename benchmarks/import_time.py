"""What ``import riskboard`` costs a fresh process (each run a new interpreter): the wall time of
``import riskboard``, and of making the first board too (which imports the widget stack:
anywidget, ipywidgets, IPython). Medians of --runs runs. Run:  python benchmarks/import_time.py
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys

PROBES = {
    "import riskboard": "import riskboard",
    "import riskboard, then rb.Board": "import riskboard as rb; rb.Board",
}
TIMED = "import time; t = time.perf_counter(); {code}; print(time.perf_counter() - t)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}; medians of {args.runs} fresh processes")
    for title, code in PROBES.items():
        times = [
            float(
                subprocess.run(
                    [sys.executable, "-c", TIMED.format(code=code)], capture_output=True, text=True, check=True
                ).stdout
            )
            for _ in range(args.runs)
        ]
        print(f"  {title:<34} {statistics.median(times) * 1000:>7.0f} ms")


if __name__ == "__main__":
    main()
