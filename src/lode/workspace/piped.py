"""A child process and the one pipe to it (an index worker, an embedding helper).

Only the child holds the far end of its pipe: this process closes its copy as soon as
the child is started, so the child's death, even halfway through writing a message,
reads here as the end of the stream (EOFError) instead of a read waiting for the rest
for ever. (A pool's shared queues hung so: a worker killed mid-write left the pool's
reader blocked, and the run never ended.) A process started later gets a copy of this
end, never of the child's.

The child's main function takes its end of the pipe first, then ``args``; it stops
when it reads None.
"""

from __future__ import annotations


class Piped:
    """A started child process (``proc``) and this process's end of its pipe (``conn``)."""

    def __init__(self, context, target, args: tuple, name: str):
        ours, theirs = context.Pipe()
        try:
            self.proc = context.Process(target=target, args=(theirs, *args), daemon=True, name=name)
            self.proc.start()
        except OSError:
            ours.close()
            raise
        finally:
            theirs.close()
        self.conn = ours

    def gone(self) -> int | None:
        """After a read found the end of the stream: close our end, wait for the child,
        and return its exit code (negative: the signal that ended it)."""
        self.conn.close()
        self.proc.join()
        return self.proc.exitcode

    def end(self, busy: bool) -> None:
        """Stop the child: killed when ``busy`` (on work nobody waits for any more), else
        told to stop; waited for (killed after 5 s). Ending it twice does nothing."""
        if self.conn.closed:
            return
        if busy:
            self.proc.kill()
        else:
            try:
                self.conn.send(None)
            except OSError:  # it is gone already
                pass
        self.conn.close()
        self.proc.join(5)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join()
