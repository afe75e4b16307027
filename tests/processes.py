"""What tests that watch a daemon's or an index run's processes ask of /proc."""

from __future__ import annotations

from pathlib import Path


def alive(pid: int) -> bool:
    """Whether ``pid`` runs: it exists and is not a zombie waiting to be reaped."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def sending(pid: int) -> bool:
    """Whether a thread of ``pid`` waits to write into a full socket or pipe (its kernel
    wait channel): a worker caught halfway through sending an answer nobody reads."""
    try:
        threads = [t.name for t in Path(f"/proc/{pid}/task").iterdir()]
    except OSError:
        return False
    for t in threads:
        try:
            if Path(f"/proc/{pid}/task/{t}/wchan").read_text() in ("sock_alloc_send_pskb", "pipe_write"):
                return True
        except OSError:
            continue
    return False
