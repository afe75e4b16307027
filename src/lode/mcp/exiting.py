"""How ``lode mcp`` ends: on its client hanging up (stdin closed), SIGTERM or SIGINT
alike. Its work under way stops first (:meth:`lode.session.Session.stop`: an index run
ends at its next file or batch, its worker pool shut down and joined), then the exit
functions run (logging flushed, multiprocessing's children and semaphores released),
then the process ends without the interpreter's finalization.

Why: the default SIGTERM killed the process outright, mid-index, and the resource
tracker then warned of the pool's leaked semaphores; SIGINT raised KeyboardInterrupt
into the event loop, whose exit then waited for ever on the thread blocked reading
stdin. And finalization ends the threads still running (the model's warm-up, inside
the runtime's C++) with pthread_exit, which aborts one caught in a C++ ``catch (...)``
("FATAL: exception not rethrown")."""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import sys
import threading

_leaving = threading.Lock()


def leave(stop, code: int = 0) -> None:
    """``stop()`` (the session's), the exit functions, then the end of the process."""
    if not _leaving.acquire(blocking=False):
        return  # another signal while leaving: the first one finishes the job
    try:
        stop()
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):  # a client gone: its pipe is closed
                stream.flush()
        with contextlib.suppress(Exception):
            atexit._run_exitfuncs()
        os._exit(code)


def leave_on_signals(stop) -> None:
    """SIGTERM and SIGINT end the server through :func:`leave`, on a thread of its own:
    the handler runs on the main thread between two bytecodes of the event loop, which
    may hold a lock ``stop`` needs."""
    def handler(signum, frame) -> None:
        threading.Thread(target=leave, args=(stop,), name="leaving", daemon=True).start()

    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, handler)
