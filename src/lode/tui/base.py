"""What every tab has in common: daemon calls made by workers that end quietly when the
app closes under them."""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable

from textual import events
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import Input
from textual.worker import Worker


class DaemonWidget(Widget):
    async def rpc(self, method: str, params: list | dict | None = None, **kwargs: Any) -> Any:
        """``app.rpc`` for a worker of this widget. An answer that arrives after the
        widget left the screen cancels the worker instead of updating widgets that no
        longer exist."""
        result = await self.app.rpc(method, params, **kwargs)
        if self._gone():
            raise asyncio.CancelledError
        return result

    def run_async(self, work: Callable[[], Awaitable[Any]], **kwargs: Any) -> Worker:
        """``run_worker`` for a coroutine function whose updates may land while the app
        is closing (its widgets are being removed): then a missing widget is expected."""

        async def guarded() -> Any:
            try:
                return await work()
            except NoMatches:
                if self._gone():
                    return None
                raise

        return self.run_worker(guarded, **kwargs)

    def _gone(self) -> bool:
        return (not self.is_attached or getattr(self, "_closing", False)
                or getattr(self.app, "_closing", False) or not self.app.is_running)


class FieldInput(Input):
    """An ``Input`` whose keys take effect in the order they were typed.

    Textual resolves key bindings only after a key has bubbled up to the app through
    every parent's message queue, while a printable key is inserted by the field at
    once; so a letter typed right after ctrl+u, or Enter right after Down, overtook it
    (ctrl+u then "reclaim" left "eclaim" — seen in a real terminal, never in Pilot).
    Here every non-printable key runs its binding (the field's own, then the panes' and
    the app's, as Textual would) the moment it arrives."""

    async def _on_key(self, event: events.Key) -> None:
        if not event.is_printable:
            # App._check_bindings walks the same chain (focused widget upwards, honouring
            # check_action) that the app would walk once the key had bubbled up.
            if await self.app._check_bindings(event.key):
                event.stop()
                event.prevent_default()
                return
        await super()._on_key(event)
