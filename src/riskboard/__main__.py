"""``python -m riskboard``: the ``riskboard`` command (riskboard/cli.py)."""

import sys

from riskboard.cli import main

if __name__ == "__main__":
    sys.exit(main())
