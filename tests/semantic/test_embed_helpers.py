"""A large embedding run hands batches to helper processes (lode.embed.helpers): the
store gets the vectors one process alone makes, and a helper that fails costs nothing
but its batches being embedded by the indexing process."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from lode.embed import helpers, vectors
from lode.embed.models import _static_path
from lode.service import Service

pytestmark = pytest.mark.skipif(_static_path() is None, reason="the static model is not installed")

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def tree(tmp_path):
    """A copy of lode's own source: real code, some thousands of chunks."""
    dest = tmp_path / "ws" / "lode"
    shutil.copytree(ROOT / "src" / "lode", dest, ignore=shutil.ignore_patterns("__pycache__"))
    return dest


def _run(tmp_path, tree: Path, name: str, monkeypatch, helped_texts: int, batch: int = 64) -> tuple[dict, dict]:
    monkeypatch.setattr(vectors, "EMBED_BATCH", batch)  # many batches: for helpers and this process
    monkeypatch.setattr(helpers, "HELPED_TEXTS", helped_texts)
    monkeypatch.setattr(vectors, "FEW_TEXTS", 0)  # a large run's path, whatever the count
    svc = Service(tmp_path / name / "lode.db")
    try:
        run = svc.index(str(tree), workers=1)["embedding"]
        ws = svc.store.workspace(tree.name)
        got = dict(svc.store.vectors.of_workspaces(run["model"], [ws.id]))
        embeddable, embedded = svc.store.vectors.counts(run["model"], ws.id)
        assert embeddable == embedded > 1000
    finally:
        svc.close()
    return run, got


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="helpers need a second core")
def test_helpers_make_the_vectors_one_process_makes(tmp_path, tree, monkeypatch):
    alone, expected = _run(tmp_path, tree, "alone", monkeypatch, helped_texts=10**9)
    helped, got = _run(tmp_path, tree, "helped", monkeypatch, helped_texts=1)
    assert alone["helpers"] == 0 and helped["helpers"] >= 1
    assert got == expected
    assert helped["cpu_seconds"] > 0


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="helpers need a second core")
def test_a_failing_helper_costs_only_its_batches(tmp_path, tree, monkeypatch):
    _, expected = _run(tmp_path, tree, "alone", monkeypatch, helped_texts=10**9)
    # Helpers asked to load a model that does not exist fail as they start.
    monkeypatch.setattr(vectors, "_name_of", lambda embedder: "no-such-model")
    helped, got = _run(tmp_path, tree, "broken", monkeypatch, helped_texts=1)
    assert helped["helpers"] >= 1
    assert got == expected


def test_texts_with_other_characters_are_embedded_last_with_one_tokenizer(tmp_path, tree, monkeypatch):
    """A large run embeds texts outside the compact alphabet after the others, sizing
    one extended tokenizer for all of them (not one per batch that brings new ones)."""
    from lode.embed import compact

    scripts = ["naïve café", "Größe → λ", "日本語のコメント", "Ελληνικά σχόλια", "кириллица ёж",
               "עברית", "emoji 🚀 ✓", "½ ² ﬁle"]
    for i, words in enumerate(scripts):
        (tree / f"intl_{i}.py").write_text(f'def greet_{i}(name):\n    """{words} for {{name}}"""\n'
                                           f'    return "{words}" + name\n', encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    run, got = _run(tmp_path, tree, "intl", monkeypatch, helped_texts=10**9)
    extended = list(compact.cache_dir().glob("tokenizer-*-x*.json"))
    assert len(extended) == 1
    chars = (extended[0].with_suffix(".chars")).read_text(encoding="utf-8")
    assert {"ï", "λ", "日", "σ", "ё", "ע", "🚀"} <= set(chars)
    # The same vectors as one batch of every text in order (no text waits).
    _, expected = _run(tmp_path, tree, "intl-one-batch", monkeypatch, helped_texts=10**9, batch=10**6)
    assert got == expected


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="helpers need a second core")
def test_texts_with_other_characters_go_to_one_helper_with_the_same_vectors(tmp_path, tree, monkeypatch):
    """With helpers, the deferred texts go out in one batch (one helper loads the larger
    tokenizer) ahead of the batches kept back for the other helpers, and the vectors
    are the ones one process makes."""
    for i, words in enumerate(["naïve café", "Größe → λ", "日本語のコメント", "кириллица ёж"]):
        (tree / f"intl_{i}.py").write_text(f'def greet_{i}(name):\n    """{words} for {{name}}"""\n'
                                           f'    return "{words}" + name\n', encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    _, expected = _run(tmp_path, tree, "alone", monkeypatch, helped_texts=10**9)
    sent: list[tuple[int, str]] = []
    submit = helpers.Helpers.submit

    def recording(self, texts, characters=""):
        sent.append((len(texts), characters))
        return submit(self, texts, characters)
    monkeypatch.setattr(helpers.Helpers, "submit", recording)
    helped, got = _run(tmp_path, tree, "helped", monkeypatch, helped_texts=1)
    assert helped["helpers"] >= 2
    assert got == expected
    late = [i for i, (_, chars) in enumerate(sent) if chars]
    assert len(late) == 1 and {"ï", "λ", "日", "ё"} <= set(sent[late[0]][1])
    assert late[0] < len(sent) - 1  # kept-back batches follow it, for the other helpers
    # (the batch holds every deferred text: more than one batch's worth here)
    assert sent[late[0]][0] > 64


def test_deferred_texts_go_to_one_helper_only_when_the_others_have_work_meanwhile():
    assert vectors._late_to_one(late=1000, held=1700, others=1)
    assert not vectors._late_to_one(late=1000, held=1000, others=1)
    assert not vectors._late_to_one(late=1000, held=1700, others=2)
    # Too many deferred texts (semble's 22 repositories: 14M of 35M characters): spread.
    many = int(vectors.HELD_CHARS / vectors.LATE_COST) + 1
    assert not vectors._late_to_one(late=many, held=vectors.HELD_CHARS, others=1)


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="helpers need a second core")
def test_batches_done_are_written_while_a_slow_one_is_still_embedding(tmp_path, tree, monkeypatch):
    """The deferred texts' batch takes longest (a larger tokenizer, longer texts): the
    vectors of the batches the other helpers finish meanwhile are written as they come,
    not after it, and the store ends with the vectors one process makes."""
    import threading
    from concurrent.futures import Future

    from lode.store.vectors import VectorTables

    for i, words in enumerate(["naïve café", "Größe → λ", "日本語のコメント", "кириллица ёж"]):
        (tree / f"intl_{i}.py").write_text(f'def greet_{i}(name):\n    """{words} for {{name}}"""\n'
                                           f'    return "{words}" + name\n', encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    _, expected = _run(tmp_path, tree, "alone", monkeypatch, helped_texts=10**9)
    submit = helpers.Helpers.submit
    slow_texts: list[int] = []

    def slowed(self, texts, characters=""):
        future = submit(self, texts, characters)
        if not characters or future is None:
            return future
        # The deferred batch: its answer is held back a while after the helper gives it.
        slow_texts.append(len(texts))
        later: Future = Future()
        timer = threading.Timer(1.5, lambda: later.set_result(future.result()))
        timer.start()
        return later
    written: list[int] = []
    add = VectorTables.add

    def recording(self, model_id, dim, pairs):
        written.append(len(pairs))
        return add(self, model_id, dim, pairs)
    monkeypatch.setattr(helpers.Helpers, "submit", slowed)
    monkeypatch.setattr(VectorTables, "add", recording)
    helped, got = _run(tmp_path, tree, "helped", monkeypatch, helped_texts=1)
    assert helped["helpers"] >= 2 and len(slow_texts) == 1
    assert got == expected
    # Written last, though submitted ahead of the batches kept back for the other helpers.
    assert written[-1] == slow_texts[0] and written.count(slow_texts[0]) == 1


KILLED_WHILE_SENDING = """
import os, signal, sys, time
from lode.embed import helpers
from lode.embed.models import load_embedder

embedder = load_embedder("static")
helpers.prepare(embedder, "")
pool = helpers.Helpers("static", 2)
for f in [pool.submit(["def warm(): pass"]) for _ in range(2)]:  # both helpers up, reading
    f.result(timeout=120)
texts = [f"def price_{i}(order, qty):  # line item {i} costs qty times its unit price" for i in range(4096)]
futures = [pool.submit(texts) for _ in range(6)]
deadline = time.monotonic() + 60
while sum(f.running() for f in futures) < 2 and time.monotonic() < deadline:  # one to each helper
    time.sleep(0.001)
time.sleep(0.05)  # (its texts sent whole: embedding them takes far longer)
print("handed out", flush=True)
os.kill(os.getpid(), signal.SIGSTOP)  # nothing here reads the helpers' vectors now
sys.stdin.readline()  # (a helper killed, and this process continued, meanwhile)
failed = 0
for f in futures:
    try:
        error = f.exception(timeout=90)
    except TimeoutError:
        print("hung", flush=True)
        sys.exit(1)
    if error is not None:
        failed += 1
        assert isinstance(error, helpers.HelperDied), error
    else:
        vectors, _, _ = f.result()
        assert (vectors == embedder.embed(texts).astype("<f4")).all()
again = pool.submit(texts[:8])
print(failed, again is not None and again.exception(timeout=90) is None, flush=True)
pool.close()
"""


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="helpers need a second core")
def test_a_helper_killed_while_sending_its_vectors_costs_only_its_batch():
    """Helpers used to share concurrent.futures' result queue: one killed halfway through
    sending its vectors (the memory killer) left the pool's reader waiting for the rest
    for ever, and the run hung. The process stops itself once each helper has a batch,
    so their vectors (4,096 each, megabytes) fill their pipes and one is caught inside its write;
    one is killed, the process continued: that batch fails (the indexing process embeds
    it), the other five come back right, and the helper left takes new batches."""
    import signal
    import subprocess
    import sys
    import time

    from processes import children, sending

    run = subprocess.Popen([sys.executable, "-c", KILLED_WHILE_SENDING], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert run.stdout.readline().strip() == "handed out", run.stderr.read()
        while Path(f"/proc/{run.pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "T":
            time.sleep(0.01)
        victim = None
        deadline = time.monotonic() + 60
        while victim is None and time.monotonic() < deadline:
            victim = next((pid for kid in children(run.pid) for pid in children(kid) if sending(pid)), None)
            time.sleep(0.01)
        assert victim is not None, "no helper was caught writing its vectors"
        os.kill(victim, signal.SIGKILL)
    finally:
        os.kill(run.pid, signal.SIGCONT)
    out, err = run.communicate("go\n", timeout=240)
    assert run.returncode == 0, (out, err[-3000:])
    assert out.split() == ["1", "True"], (out, err[-3000:])
