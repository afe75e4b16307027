"""A file's record crosses from an index worker to the writing process as its
constructor's arguments (lode.workspace.pipeline._compact_records), and comes back
equal, every field set."""

from __future__ import annotations

import copyreg
import dataclasses
import pickle

from lode.store.records import FileRecord
from lode.workspace import pipeline  # noqa: F401 (registers the records' reducers)


def _every_field_set() -> FileRecord:
    return FileRecord("a/b.go", 12, 34, hash="h", chunker="go", language="go", tag="code", lines=5,
                      refused="why", note="noted", touched=True, ctime_ns=56, hold="stale",
                      chunks=[(0, 0, 3, 1, 1, "function", "f", "f", "a/b.go › func f", None, None,
                               "abc", "", "a/b.go › func f", "abc")],
                      symbols=[("anything",)])


def test_a_record_pickles_as_its_fields():
    assert FileRecord in copyreg.dispatch_table
    rec = _every_field_set()
    assert all(getattr(rec, f.name) != f.default for f in dataclasses.fields(rec)
               if f.default is not dataclasses.MISSING)
    back = pickle.loads(pickle.dumps(rec, protocol=pickle.HIGHEST_PROTOCOL))
    assert back == rec and type(back) is FileRecord


def test_defaults_come_back_as_defaults():
    rec = FileRecord("x.go", 1, 2)
    back = pickle.loads(pickle.dumps(rec))
    assert back == rec
    assert back.chunks == [] and back.chunks is not rec.chunks
