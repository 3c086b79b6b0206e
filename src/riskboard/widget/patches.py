"""Send only what changed: the part of ``Board`` that turns a redraw into one small message.

The traits that change with most actions (``PATCHED``) keep their whole current values in the
kernel, so ``get_state``, a reloaded page and ``request_state`` still get everything. But while a
redraw is under way (``with self._patching():``) ipywidgets does not send them; at its end the
board sends one custom message, ``{"kind": "patch", "seq", "traits"}`` (the schema's
``message_patch``), with each changed trait's difference (``riskboard.widget.delta``) from the
value the front end last received. ``js/delta.js`` applies it to the model's values (an overlay
that ``get`` reads first); a whole trait sent the usual way replaces the overlay.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import anywidget

from riskboard.widget.delta import UNCHANGED, diff

PATCHED = ("view", "extras", "counts", "hints", "selected", "dice", "event_log", "pass_to", "replaying", "state_id")
"""The traits a redraw sends as differences, in the order the front end hears of them."""
_PATCHED_SET = frozenset(PATCHED)


class PatchMixin(anywidget.AnyWidget):
    """Patches for ``Board`` (see the module docstring)."""

    _patch_depth = 0
    _patch_seq = 0
    _whole_next = False
    """Send the patched traits whole at the end of this redraw (``map_data`` was sent anew)."""
    _sent: dict[str, Any] | None = None
    """What the front end holds of each ``PATCHED`` trait (``None`` until the comm is open)."""

    def open(self) -> None:
        super().open()  # the comm's opening message carries every trait
        self._sent = {name: getattr(self, name) for name in PATCHED}

    def send_state(self, key: Any = None) -> None:
        """Whole traits, as ipywidgets sends them: the front end then holds these values."""
        super().send_state(key)
        names = self.keys if key is None else [key] if isinstance(key, str) else list(key)
        if self._sent is not None:
            for name in names:
                if name in PATCHED:
                    self._sent[name] = getattr(self, name)

    def _should_send_property(self, key: str, value: Any) -> bool:
        if self._patch_depth and key in PATCHED:
            return False  # the patch at the end of the redraw says it
        return bool(super()._should_send_property(key, value))

    def _put(self, name: str, value: Any) -> None:
        """Set a trait. Inside a redraw a ``PATCHED`` trait that nobody in Python observes is
        stored as it is: ipywidgets would not send it (the patch does), so traitlets' validation
        and change notification would be work for no one (a third of a redraw's time)."""
        if self._patch_depth and name in _PATCHED_SET and not self._trait_notifiers.get(name):
            self._trait_values[name] = value
        else:
            setattr(self, name, value)

    @contextmanager
    def _patching(self) -> Iterator[None]:
        """Changes of ``PATCHED`` traits inside go to the front end as one patch at the end."""
        self._patch_depth += 1
        try:
            yield
        finally:
            self._patch_depth -= 1
            if not self._patch_depth:
                self._send_patch()

    def _send_patch(self) -> None:
        sent = self._sent
        if sent is None or self.comm is None:
            return
        if self._whole_next:  # the front end starts its patches anew (a new map_data): whole values
            self._whole_next = False
            self.send_state(list(PATCHED))
            return
        traits: dict[str, Any] = {}
        values = self._trait_values  # (what the traits hold, read without traitlets' descriptors)
        for name in PATCHED:
            value = values[name]
            entry = diff(sent[name], value)
            if entry is not UNCHANGED:
                traits[name] = entry
                sent[name] = value
        if traits:
            self._patch_seq += 1
            self.send({"kind": "patch", "seq": self._patch_seq, "traits": traits})
