"""Sentences kept in an event and said in the language spoken when the event is read.

An event is a fact: it stores no translated text, yet some of its fields are sentences the rules
compose (why a game was won, how the troops of a turn were counted, the standings at the
ceasefire). ``Said`` is such a sentence: a ``str`` whose value is the English text (so events
compare, hash, print to JSON and read in an English log exactly as before), which keeps its message
id and fields and says itself in the language spoken whenever it is shown: ``str(said)`` and any
``format`` of it (``f"{player} won: {reason}"``, ``_("...").format(reason=reason)``).

An id kept in an event (a secret mission's ``occupy_24``) may read as what it names:
``Said.naming(id, said)`` has the id as its value (the event compares, prints to JSON and is
checked by its id) and says ``said`` whenever it is shown, so no log shows an internal name.

Its fields may be ``Said`` themselves (a mission's description inside "mission completed: ..."),
and ``joined`` lists several with a separator, each said in turn. Mark the English text for the
catalogs where it is written: ``Said(N_("..."), ...)``, ``Said.counted(*Nn_("...", "..."), n)``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from riskboard.i18n import _, ngettext, pgettext


def _english(fields: dict[str, Any]) -> dict[str, Any]:
    """The fields as the English sentence takes them (a ``Said`` field by its English value, not
    in the language spoken while the event is made)."""
    return {k: str.__str__(v) if isinstance(v, Said) else v for k, v in fields.items()}


class Said(str):
    """An English sentence that says itself in the language spoken (see the module docstring)."""

    _message: str
    _plural: str | None
    _count: int
    _context: str | None
    _fields: dict[str, Any]
    _parts: tuple[Any, ...] | None
    _shown: Said | None = None

    def __new__(cls, message: str = "", /, **fields: Any) -> Said:
        """``message`` (an English id marked for the catalogs at the call) with named ``fields``."""
        self = super().__new__(cls, message.format(**_english(fields)) if fields else message)
        self._message, self._plural, self._count, self._context = message, None, 0, None
        self._fields, self._parts = fields, None
        return self

    @classmethod
    def counted(cls, singular: str, plural: str, n: int, /, **fields: Any) -> Said:
        """A counted sentence (``ngettext``): ``n`` picks the form and fills ``{n}``."""
        english = (singular if n == 1 else plural).format(n=n, **_english(fields))
        self = super().__new__(cls, english)
        self._message, self._plural, self._count, self._context = singular, plural, n, None
        self._fields, self._parts = {"n": n, **fields}, None
        return self

    @classmethod
    def named(cls, context: str, name: str, /) -> Said:
        """A name given in context (a map's region: ``pgettext(map id, name)``)."""
        self = super().__new__(cls, name)
        self._message, self._plural, self._count, self._context = name, None, 0, context
        self._fields, self._parts = {}, None
        return self

    @classmethod
    def joined(cls, separator: str, parts: Iterable[str], /) -> Said:
        """``parts`` joined by ``separator`` (not translated), each said in the language spoken."""
        listed = tuple(parts)
        self = super().__new__(cls, separator.join(str.__str__(p) for p in listed))
        self._message, self._plural, self._count, self._context = separator, None, 0, None
        self._fields, self._parts = {}, listed
        return self

    @classmethod
    def naming(cls, ident: str, said: Said, /) -> Said:
        """``ident`` as its value, shown as ``said`` (what the id names) in the language spoken."""
        self = super().__new__(cls, ident)
        self._message, self._plural, self._count, self._context = ident, None, 0, None
        self._fields, self._parts, self._shown = {}, None, said
        return self

    def say(self) -> str:
        """The sentence in the language spoken."""
        if self._shown is not None:
            return self._shown.say()
        if self._parts is not None:
            return self._message.join(str(p) for p in self._parts)
        if self._context is not None:
            return pgettext(self._context, self._message)
        if self._plural is not None:
            text = ngettext(self._message, self._plural, self._count)
        else:
            text = _(self._message)
        if not self._fields:
            return text
        return text.format(**{k: str(v) if isinstance(v, Said) else v for k, v in self._fields.items()})

    def __str__(self) -> str:
        return self.say()

    def __format__(self, spec: str) -> str:
        return format(self.say(), spec)

    def __repr__(self) -> str:
        return str.__repr__(self)

    def __copy__(self) -> Said:
        return self  # immutable, like every str

    def __deepcopy__(self, memo: dict[int, Any]) -> Said:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (str, (str.__str__(self),))  # a pickle keeps the English sentence
