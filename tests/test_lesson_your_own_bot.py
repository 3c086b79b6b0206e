"""The lesson "write your own bot" (examples/14): what it teaches is in it, its answers are hidden
and checked. (nbval runs it; this reads it.)"""

from __future__ import annotations

import json
from pathlib import Path

LESSON = Path(__file__).resolve().parents[1] / "examples" / "14-lesson-your-own-bot.ipynb"


def test_the_lesson_hides_an_asserted_answer_under_every_exercise() -> None:
    cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    exercises = [
        i for i, c in enumerate(cells) if c["cell_type"] == "markdown" and "**Exercise" in "".join(c["source"])
    ]
    assert len(exercises) >= 3
    for i in exercises:
        answer = cells[i + 1]
        assert answer["cell_type"] == "code" and answer["metadata"].get("jupyter") == {"source_hidden": True}
        source = "".join(answer["source"])
        assert source.startswith("# solution") and "assert " in source
    hidden = [c for c in cells if "jupyter" in c["metadata"]]
    assert len(hidden) == len(exercises)  # the lesson itself is all in view


def test_the_lesson_uses_the_student_kit() -> None:
    text = LESSON.read_text(encoding="utf-8")
    for used in ("view.pending", "pending.most", "rb.battle_odds", "rb.bots.check_bot(my_bot)", "rb.tournament("):
        assert used in text, used
    assert "def my_bot(view" in text  # the template is one function
