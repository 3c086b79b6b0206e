"""Small structural differences between two JSON values: what the board sends after an action
instead of its whole traits (``Board`` and ``js/delta.js``, which applies them; the schema's
``message_patch``).

A patch says how to turn the old value into the new one. Where a patch holds an *entry* (a
trait of the message, a key of a dict, an item of a list), the entry is either a JSON object, a
patch of the old value, or anything else (a number, a text, ``null``, a list), the new value
itself. A patch is one of:

* ``{"value": v}``: the new value is ``v`` (an object, which an entry cannot be bare);
* ``{"keys": {k: entry}, "drop": [k, ...]}``: a dict with the named keys changed or added and the
  dropped keys gone (either part may be missing);
* ``{"items": {"i": entry}}``: a list of the same length with the items at those indices changed;
* ``{"tail": [v, ...], "shift": n}``: a list without its first ``n`` items, the new ones appended
  (the event log's window moving on).

A patch only ever holds pieces of the new value (and the names of dropped keys), so it never
carries anything the new value would not: the board's secrecy holds for patches as for traits.
"""

from __future__ import annotations

from typing import Any

UNCHANGED: Any = object()
"""What ``diff`` returns for two equal values."""


def diff(old: Any, new: Any) -> Any:
    """The entry that turns ``old`` into ``new`` (``UNCHANGED`` if they are equal)."""
    if old is new or (type(old) is type(new) and old == new):  # (equal subtrees compared at C speed)
        return UNCHANGED
    return _changed(old, new)


def _changed(old: Any, new: Any) -> Any:
    """``diff`` of two values known to differ (not compared again: a nested value's comparison
    would walk it once more)."""
    kind = type(new)
    if kind is dict and type(old) is dict:
        return _dict_diff(old, new)
    if kind is list and type(old) is list:
        return _list_diff(old, new)
    return {"value": new} if kind is dict else new


def _entry(new: Any) -> Any:
    """``new`` as an entry: an object must be wrapped (a bare object is a patch)."""
    return {"value": new} if type(new) is dict else new


_MISSING: Any = object()


def _dict_diff(old: dict[str, Any], new: dict[str, Any]) -> Any:
    keys: dict[str, Any] = {}
    added = 0
    get = old.get
    for key, value in new.items():
        was = get(key, _MISSING)
        if was is value or (type(was) is type(value) and was == value):
            continue  # (most keys: no call for them)
        if was is _MISSING:
            keys[key] = _entry(value)
            added += 1
        elif (entry := _changed(was, value)) is not UNCHANGED:
            keys[key] = entry
    # a key of the old value is gone only if fewer of them are kept than it had
    drop = [key for key in old if key not in new] if len(old) > len(new) - added else []
    if not keys and not drop:
        return UNCHANGED
    if not new or len(keys) + len(drop) > len(new):  # (nearly) everything changed: the value is shorter
        return {"value": new}
    patch: dict[str, Any] = {}
    if keys:
        patch["keys"] = keys
    if drop:
        patch["drop"] = drop
    return patch


def _list_diff(old: list[Any], new: list[Any]) -> Any:
    n = len(old)
    if n == len(new):
        items: dict[str, Any] = {}
        for i, (a, b) in enumerate(zip(old, new)):
            if a is not b and a != b and (entry := _changed(a, b)) is not UNCHANGED:
                items[str(i)] = entry
        if 2 * len(items) <= n:
            return {"items": items}
    # most items changed (a list is shorter then), or the length did: a window moved on?
    shift = _shift(old, new)
    if shift is not None:
        return {"tail": new[n - shift :], "shift": shift}
    return new


def _shift(old: list[Any], new: list[Any]) -> int | None:
    """The ``n`` for which ``new`` is ``old[n:]`` followed by new items, with ``old[n:]`` not
    empty (``None`` if there is none)."""
    n = len(old)
    for shift in range(n):
        kept = n - shift
        if kept <= len(new) and old[shift:] == new[:kept]:
            return shift
    return None


def apply(old: Any, entry: Any) -> Any:
    """The value ``entry`` makes of ``old`` (a new value: ``old`` is left as it was)."""
    if type(entry) is not dict:
        return entry
    if "value" in entry:
        return entry["value"]
    if "keys" in entry or "drop" in entry:
        out = dict(old)
        for key in entry.get("drop", ()):
            out.pop(key, None)
        for key, sub in entry.get("keys", {}).items():
            out[key] = apply(out.get(key), sub)
        return out
    if "items" in entry:
        items = list(old)
        for index, sub in entry["items"].items():
            i = int(index)
            items[i] = apply(items[i], sub)
        return items
    if "tail" in entry:
        return list(old[entry["shift"] :]) + list(entry["tail"])
    raise ValueError(f"not a patch: {sorted(entry)}")
