"""The built wheel, installed (not editable) into a fresh virtual environment, shows a board: its
front-end files and map data are inside it, and its ``py.typed`` marker (PEP 561) tells users' type
checkers to read riskboard's annotations."""

from __future__ import annotations

import subprocess
import sys
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_ships_the_front_end_and_draws_a_board(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(dist)],
        check=True,
        timeout=300,
    )
    (wheel,) = dist.glob("riskboard-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in (
        "riskboard/static/board.js",
        "riskboard/static/board.css",
        "riskboard/maps/world.json",
        "riskboard/py.typed",
        "riskboard/widget/schema/board.schema.json",
        *(
            f"riskboard/i18n/locale/{lang}/LC_MESSAGES/{part}.po"
            for lang in ("de", "sv", "ja")
            for part in ("engine", "board")
        ),
    ):
        assert needed in names, needed

    env = tmp_path / "venv"
    # the dependencies (anywidget, traitlets, svgwrite) come from this environment; riskboard
    # itself only from the wheel
    venv.create(env, with_pip=True, system_site_packages=True)
    python = env / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)], check=True, timeout=300)
    script = (
        "import riskboard as rb, pathlib, sys\n"
        "assert 'site-packages' in rb.__file__ and str(pathlib.Path(rb.__file__)).startswith(sys.prefix), rb.__file__\n"
        "game = rb.new_game('classic', players=['Ada', 'Bo', 'Cy'], seed=1)\n"
        "board = rb.Board(game)\n"
        "esm = board._esm if isinstance(board._esm, str) else pathlib.Path(board._esm).read_text()\n"
        "assert 'export default' in esm and 'front end is missing' not in esm\n"
        "data, _ = board._repr_mimebundle_()\n"
        "assert data['image/svg+xml'].count('data-territory=') == 42\n"
        "german = rb.Board(game, language='de')\n"
        "assert german.texts['language'] == 'de' and len(german.texts['messages']) > 100\n"
        "assert 'Einheit' in rb.i18n.catalogs.translations('de').ngettext('{n} unit', '{n} units', 1)\n"
        "print('ok', rb.__file__)\n"
    )
    out = subprocess.run([str(python), "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("ok")
