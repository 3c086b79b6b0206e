"""Hints for a misspelt word, in the language spoken: " (did you mean 'alaska'?)" after the
sentence of an error that names an unknown territory, option, player or edition."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping

from riskboard.i18n import gettext as _


def did_you_mean(word: object, choices: Iterable[str] | Mapping[str, str]) -> str:
    """``" (did you mean 'alaska'?)"`` for the choice closest to a misspelt ``word``, or ``""``.

    ``choices`` may map spellings to what to suggest (a territory's name or code to its id).

    >>> did_you_mean("alsaka", ["alaska", "alberta"])
    " (did you mean 'alaska'?)"
    >>> did_you_mean("zzz", ["alaska"])
    ''
    """
    if not isinstance(word, str) or not word:
        return ""
    pairs = choices.items() if isinstance(choices, Mapping) else ((c, c) for c in choices)
    spellings = {spelling.lower(): suggestion for spelling, suggestion in pairs}
    close = difflib.get_close_matches(word.lower(), list(spellings), n=3, cutoff=0.7)
    found = list(dict.fromkeys(spellings[c] for c in close))[:2]  # each suggestion once
    if not found:
        return ""
    if len(found) == 1:
        return _(" (did you mean {choice}?)").format(choice=repr(found[0]))
    return _(" (did you mean {choice} or {other}?)").format(choice=repr(found[0]), other=repr(found[1]))
