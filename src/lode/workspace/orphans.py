"""Worker processes end with the process that started them.

Index workers are started through a fork server; when the indexing process is killed
outright (``kill -9``) nothing tells them, and a worker busy on a large task — or idle,
waiting on a queue whose other end no process will ever close — stayed alive for
minutes. Each worker runs :func:`follow` at start: a daemon thread that waits on the
parent's pidfd (Linux; polling the pid elsewhere) and exits the worker the moment the
parent is gone.
"""

from __future__ import annotations

import os
import select
import threading
import time


def follow(parent_pid: int) -> None:
    """Exit this process as soon as ``parent_pid`` has exited (worker initializer)."""
    threading.Thread(target=_watch, args=(parent_pid,), name="lode-follow-parent",
                     daemon=True).start()


def _watch(parent_pid: int) -> None:
    try:
        fd = os.pidfd_open(parent_pid)
    except (AttributeError, OSError):
        fd = None
    if fd is not None:
        select.select([fd], [], [])  # readable once the process has exited
        os._exit(1)
    while True:
        try:
            os.kill(parent_pid, 0)
        except (ProcessLookupError, PermissionError):  # gone (or the pid reused by another user)
            os._exit(1)
        time.sleep(1.0)
