"""The fuzz suite's own machinery: a tally counts an escape, and fails the family that has one."""

from __future__ import annotations

import pytest

from fuzz.tally import Tally


def test_a_documented_error_is_not_an_escape(fuzz_size: int) -> None:
    tally = Tally("selfcheck")
    for i in range(10 * fuzz_size):
        with tally.case(i, expect=ValueError):
            int(f"x{i}")
    assert tally.cases == 10 * fuzz_size and not tally.escapes
    tally.report()


def test_an_undocumented_error_is_an_escape_and_fails_the_family() -> None:
    tally = Tally("selfcheck-escape")
    with tally.case("a key", expect=ValueError):
        {}["missing"]
    tally.loaded_impossible("a forged save")
    assert tally.escapes == {"KeyError": 1} and tally.impossible == 1
    with pytest.raises(AssertionError, match="1 escapes"):
        _report_without_figures(tally)


def _report_without_figures(tally: Tally) -> None:
    """``report`` without writing this deliberately failing family into the run's figures."""
    import os

    from fuzz import tally as module

    saved = os.environ.pop(module.FUZZ_DIR_ENV, None)
    try:
        tally.report()
    finally:
        if saved is not None:
            os.environ[module.FUZZ_DIR_ENV] = saved
