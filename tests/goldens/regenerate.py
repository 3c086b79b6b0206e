"""Rewrite the golden playthroughs and perft counts from the current code.

Run it only on purpose (a rule or a bot changed deliberately), and say why in the commit:
    python tests/goldens/regenerate.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from goldens.playthrough import CASES, PERFT, PLAYTHROUGHS, perft_text, playthrough


def main() -> None:
    PLAYTHROUGHS.mkdir(exist_ok=True)
    for old in PLAYTHROUGHS.glob("*.txt"):
        old.unlink()
    for case in CASES:
        text = playthrough(case)
        (PLAYTHROUGHS / f"{case.name}.txt").write_text(text, encoding="utf-8")
        print(f"{case.name}: {text.count(chr(10)) - 13} actions")
    PERFT.write_text(perft_text(), encoding="utf-8")
    print(f"perft: {PERFT}")


if __name__ == "__main__":
    main()
