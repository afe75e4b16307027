"""Two index runs of one workspace, the second queued behind the first on the write
lock: ``index.status`` shows the running one's numbers with ``queued: 1``, and the
second's record once the first ends. Before, the second replaced the first's record
as it queued (a client polling progress lost the done/total of the run under way),
and the first's end removed the record the second had made, so while the second ran
its workspace was listed as not indexing at all (nor a first index under way: a
search said nothing of the files not read yet). Real store, real service; the runs
are paused at chosen points by a subclass of the real service."""

from __future__ import annotations

import threading

from lode.service import Service
from lode.session import Session

from polling import wait_for


class Gate:
    """Where one index run stops until the test lets it go: ``at`` "progress" (after
    its first progress report) or "entry" (holding the write lock, nothing read yet)."""

    def __init__(self, at: str) -> None:
        self.at = at
        self.reached = threading.Event()
        self.go = threading.Event()

    def stop_here(self) -> None:
        self.reached.set()
        assert self.go.wait(60)


def gated_service(gates: list[Gate]):
    class GatedService(Service):
        def index(self, workspace=None, progress=None, **options):
            gate = gates.pop(0)
            if gate.at == "entry":
                gate.stop_here()
            reported = progress

            if gate.at == "progress":
                def reported(done, total, path=""):
                    progress(done, total, path)
                    if not gate.reached.is_set():
                        gate.stop_here()
            return super().index(workspace, progress=reported, **options)

    return GatedService


def test_a_queued_run_keeps_the_running_ones_numbers_and_its_own(tmp_path):
    root = tmp_path / "shop"
    root.mkdir()
    for i in range(6):
        (root / f"orders_{i}.py").write_text(f"def place_order_{i}(cart):\n    return len(cart) + {i}\n")
    first_gate, second_gate = Gate("progress"), Gate("entry")
    ctx = Session(str(tmp_path / "lode.db"), service_factory=gated_service([first_gate, second_gate]))
    ctx.add_workspace(str(root))
    failures = []

    def run() -> None:
        try:
            ctx.index("shop", embed=False)
        except Exception as exc:  # said by the test, not lost on the thread
            failures.append(exc)

    first = threading.Thread(target=run)
    first.start()
    try:
        assert first_gate.reached.wait(60)
        running = ctx.status("shop")["indexing"]["shop"]
        assert running["total"] == 6 and running["done"] >= 0

        second = threading.Thread(target=run)
        second.start()
        assert wait_for(lambda: ctx.progress.get("shop") != running, timeout=10)
        assert ctx.status("shop")["indexing"]["shop"] == {**running, "queued": 1}
        assert ctx.first_indexing(["shop"]) == ["shop"]

        first_gate.go.set()
        assert second_gate.reached.wait(60)
        first.join(60)
        waiting = ctx.status("shop")["indexing"].get("shop")
        assert waiting is not None, "the second run, holding the lock, is not listed"
        assert waiting["started"] > running["started"] and "queued" not in waiting and "done" not in waiting
    finally:
        first_gate.go.set()
        second_gate.go.set()
        first.join(60)
    second.join(60)
    assert not failures
    assert not ctx.progress and not ctx._runs
    assert ctx.lookup("definition", "orders_5.place_order_5", "shop")["candidates"]
