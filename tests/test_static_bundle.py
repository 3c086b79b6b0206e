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
