"""Draw the toolkit's pictures that the README shows (docs/*.svg), from seeded runs.

    python tools/make_docs_pictures.py

The odds heatmap, one game's armies over time and a small tournament's win rates: each is the
SVG that ``rb.odds_heatmap``, ``rb.armies_over_time`` and ``rb.win_rates`` return.
"""

from __future__ import annotations

from pathlib import Path

import riskboard as rb

DOCS = Path(__file__).resolve().parents[1] / "docs"


def main() -> None:
    rb.odds_heatmap(20, 20, mark=(10, 10)).save(DOCS / "odds-heatmap.svg")
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy", "Di"], seed=7)
    game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}, max_turns=500)
    rb.armies_over_time(game).save(DOCS / "armies-over-time.svg")
    result = rb.tournament(
        {"planner": rb.bots.Planner, "aggressive": rb.bots.Aggressive, "random": rb.bots.Random},
        ruleset="classic",
        games=60,
        seed=1,
        workers=1,
        max_turns=200,
        progress=False,
    )
    rb.win_rates(result).save(DOCS / "win-rates.svg")
    for name in ("odds-heatmap", "armies-over-time", "win-rates"):
        print(f"wrote docs/{name}.svg")


if __name__ == "__main__":
    main()
