"""``import riskboard`` stays light: the widget stack (anywidget, ipywidgets, IPython) is imported
only when a board is made, so scripts, bots and worker processes never pay for it."""

from __future__ import annotations

import subprocess
import sys


def _run(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def test_importing_riskboard_does_not_import_the_widget_stack() -> None:
    out = _run(
        "import sys, riskboard as rb\n"
        "g = rb.new_game('classic', players=['A', 'B', 'C'], seed=1)\n"
        "g.play({p: rb.bots.Aggressive(seed=1) for p in g.players}, max_turns=5)\n"
        "rb.render_svg(g); rb.battle_odds(5, 5)\n"
        "print(sorted(m for m in ('anywidget', 'ipywidgets', 'IPython', 'pandas', 'tqdm', 'dask', 'distributed',"
        " 'pettingzoo', 'gymnasium') if m in sys.modules))"
    )
    assert out == "[]"


def test_the_board_is_there_when_asked_for() -> None:
    out = _run(
        "import sys, riskboard as rb\n"
        "from riskboard import Board\n"
        "board = rb.Board(rb.new_game('classic', players=['A', 'B', 'C'], seed=1))\n"
        "print(Board is rb.Board, 'Board' in rb.__all__, 'anywidget' in sys.modules, type(board).__name__)"
    )
    assert out == "True True True Board"


def test_an_unknown_name_is_still_an_attribute_error() -> None:
    out = _run(
        "import riskboard as rb\ntry:\n    rb.Bord\nexcept AttributeError as e:\n    print('AttributeError', 'Bord' in str(e))"
    )
    assert out == "AttributeError True"
