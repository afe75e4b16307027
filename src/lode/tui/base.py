"""What every tab has in common: daemon calls that end quietly when the tab is gone."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.widget import Widget


class DaemonWidget(Widget):
    async def rpc(self, method: str, params: list | dict | None = None, **kwargs: Any) -> Any:
        """``app.rpc`` for a worker of this widget. An answer that arrives after the
        widget left the screen (the app is closing) cancels the worker instead of
        updating widgets that no longer exist."""
        result = await self.app.rpc(method, params, **kwargs)
        if not self.is_attached:
            raise asyncio.CancelledError
        return result
