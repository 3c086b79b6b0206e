"""The front end as the board sends it (``riskboard.widget.static``): without comments, blank lines
and indentation, a line still a line and every module still named, a template literal kept as
written."""

from __future__ import annotations

from riskboard.widget.static import bundle_css, bundle_js, compact_css, drop_comment_lines, static_folder


def test_the_bundle_drops_comments_and_indentation_but_keeps_the_module_names() -> None:
    folder = static_folder()
    assert folder is not None
    js, css = bundle_js(), bundle_css()
    sources = sum(len(p.read_text(encoding="utf-8")) for p in folder.glob("*.js"))
    assert len(js) < 0.8 * sources
    assert "// ---- js/map.js ----" in js and "// ---- js/delta.js ----" in js
    assert sum(line.startswith("  ") for line in js.split("\n")) < 0.05 * js.count("\n")  # template lines only
    assert "/* map.css */" in css and "  " not in css.split("\n")[1]


def test_a_template_literal_keeps_its_lines_and_css_loses_its_comments() -> None:
    text = "const a = 1;\n    // a comment\n\n  const b = `x\n    // kept\n  y`;\nlet c;"
    assert drop_comment_lines(text) == "const a = 1;\nconst b = `x\n    // kept\n  y`;\nlet c;"
    assert compact_css("/* why\n more */\n.a {\n  color: red; /* c */\n}\n") == ".a {\ncolor: red;\n}"


EDITIONS = {
    "classic": ["Ada", "Bo", "Cy"],
    "risk2010": ["Ada", "Bo", "Cy"],
    "balance_of_power": ["red", "blue"],
    "transformers": ["Ada", "Bo"],
}


def test_each_edition_downloads_its_own_part_modules_and_stands_in_for_the_others() -> None:
    import subprocess
    import tempfile
    from pathlib import Path

    import riskboard as rb
    from riskboard.widget.static import left_out, part_modules

    folder = static_folder()
    assert folder is not None
    modules = part_modules(folder)
    # the PARTS table of board.js, read: every edition-only module, with the parts it draws
    assert modules["bop_panels.js"] == {"missions", "field_hospital"} and modules["leaders_map.js"] == {"leaders"}
    for ruleset, players in EDITIONS.items():
        game = rb.new_game(ruleset, players=players, seed=1)
        parts = game.config.parts
        js = rb.Board(game)._esm
        assert js == bundle_js(parts)
        for module, its in modules.items():
            drawn = bool(its & parts)
            assert (f"// ---- js/{module} ----" in js) is drawn, (ruleset, module)
            assert (f"// ---- js/{module}: not needed by this board ----" in js) is not drawn, (ruleset, module)
        assert left_out(folder, parts) == {m for m, its in modules.items() if not its & parts}
        assert len(js) < len(bundle_js()), ruleset  # every edition does without another's modules
        # the bundle is one valid ES module (node checks its syntax where node is installed)
        node = subprocess.run(["which", "node"], capture_output=True, text=True).stdout.strip()
        if node:
            with tempfile.TemporaryDirectory() as tmp:
                path = Path(tmp) / "board.mjs"
                path.write_text(js, encoding="utf-8")
                checked = subprocess.run([node, "--check", str(path)], capture_output=True, text=True)
                assert checked.returncode == 0, checked.stderr


def test_a_board_is_sent_the_words_of_every_module_it_runs_and_only_those() -> None:
    from babel.messages.extract import extract_from_file

    import riskboard as rb
    from riskboard.i18n.maintain import JS_KEYWORDS
    from riskboard.widget.static import left_out

    folder = static_folder()
    assert folder is not None
    used: dict[str, set[str]] = {}
    for path in folder.glob("*.js"):
        for _line, message, _c, _ctx in extract_from_file("javascript", str(path), keywords=JS_KEYWORDS):
            if message:
                used.setdefault(path.name, set()).add(message[0] if isinstance(message, tuple) else message)
    for ruleset, players in EDITIONS.items():
        game = rb.new_game(ruleset, players=players, seed=1)
        dropped = left_out(folder, game.config.parts)
        run = set().union(*(ids for module, ids in used.items() if module not in dropped))
        only_dropped = set().union(*(ids for module, ids in used.items() if module in dropped)) - run
        for language in ("de", "ja"):
            sent = set(rb.Board(game, language=language).texts["messages"])
            assert run <= sent, (ruleset, language, sorted(run - sent)[:5])  # nothing it shows left English
            assert not sent & only_dropped, (ruleset, language)
        if ruleset == "classic":
            assert only_dropped  # (the test would pass vacuously otherwise)


def test_loading_a_game_of_another_edition_sends_that_editions_front_end() -> None:
    import riskboard as rb

    board = rb.Board(rb.new_game("classic", players=EDITIONS["classic"], seed=1))
    bop = rb.new_game("balance_of_power", players=EDITIONS["balance_of_power"], seed=1)
    board.load(bop.to_json())
    assert board._esm == bundle_js(bop.config.parts) != bundle_js(board.game.config.parts | {"leaders"})
    assert "// ---- js/bop_panels.js ----" in board._esm
