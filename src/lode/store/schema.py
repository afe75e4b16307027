"""The core schema: workspaces, files, chunks and the lexical (FTS5) index.

- ``workspaces``: a root with its patterns (JSON) and an index ``generation`` that
  grows by one with every index run that changed something.
- ``files``: one row per file lode looked at, refusals included (``refused`` holds the
  reason, and such a file has no chunks). ``mtime_ns``/``size`` decide whether a re-run
  reads the file at all; ``hash`` (of the file's bytes) whether a touched file is
  re-chunked; ``chunker`` whether a chunker version change re-chunks it.
- ``chunks``: a file's partition. ``embed`` is the semantic surface and ``embed_hash``
  its content hash, so vectors keyed by (embed_hash, model) can be added beside it
  without reshaping this table. ``name_key`` is the lower-cased last component of the
  chunk's name, for "exact identifier → its definition first".
  ``body_z`` is the chunk's text, zlib-compressed, or as it is when short
  (:func:`.fts_rows.pack`): the only copy of it.
- ``chunks_fts``: a contentless FTS5 index (it keeps no text, only postings and each
  row's length) over ``body`` (the chunk's text), ``breadcrumb`` (the breadcrumb —
  file path, scope, signature — followed by the parts of its identifiers, so
  ``middleware/basic_auth.go`` also holds ``basic`` and ``auth``, then the workspace's
  scope token) and ``idents`` (identifier parts of the body: ``reclaimVectors`` →
  ``reclaim vectors``), rowid = chunks.id. Underscores are token characters so a
  snake_case identifier stays one token in ``body`` and its parts go to ``idents``.
  Tokens are Porter-stemmed (``compression`` and ``compressed`` meet at ``compress``).
  Each row is a function of ``chunks`` and ``files`` (:mod:`.fts_rows`, which writes,
  removes and rebuilds them); ``fts_state`` records the version of that function.
"""

from __future__ import annotations

from .migrations import invalidate_files, migration, run_script

FTS_TOKENIZER = "porter unicode61 remove_diacritics 2 tokenchars '_'"
_FTS_TOKENIZER_0001 = "unicode61 remove_diacritics 2 tokenchars '_'"


@migration("0001_core")
def _core(db):
    run_script(db, f"""
    CREATE TABLE workspaces (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        root TEXT NOT NULL UNIQUE,
        config TEXT NOT NULL,
        generation INTEGER NOT NULL DEFAULT 0,
        indexed_at REAL,
        index_seconds REAL,
        created_at REAL NOT NULL
    );
    CREATE TABLE files (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        path TEXT NOT NULL,
        mtime_ns INTEGER NOT NULL,
        size INTEGER NOT NULL,
        hash TEXT,
        chunker TEXT,
        language TEXT,
        tag TEXT,
        lines INTEGER NOT NULL DEFAULT 0,
        refused TEXT,
        generation INTEGER NOT NULL,
        UNIQUE (workspace_id, path)
    );
    CREATE TABLE chunks (
        id INTEGER PRIMARY KEY,
        file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
        ord INTEGER NOT NULL,
        byte_start INTEGER NOT NULL,
        byte_end INTEGER NOT NULL,
        line_start INTEGER NOT NULL,
        line_end INTEGER NOT NULL,
        kind TEXT NOT NULL,
        name TEXT,
        name_key TEXT,
        breadcrumb TEXT NOT NULL,
        embed TEXT,
        embed_hash TEXT
    );
    CREATE INDEX chunks_file ON chunks(file_id);
    CREATE INDEX chunks_name_key ON chunks(name_key) WHERE name_key IS NOT NULL;
    CREATE INDEX chunks_embed_hash ON chunks(embed_hash) WHERE embed_hash IS NOT NULL;
    CREATE VIRTUAL TABLE chunks_fts USING fts5(
        body, breadcrumb, idents, tokenize = "{_FTS_TOKENIZER_0001}"
    )
    """)


@migration("0002_file_notes")
def _file_notes(db):
    db.execute("ALTER TABLE files ADD COLUMN note TEXT")


@migration("0003_fts_stemmed_labelled")
def _fts_stemmed(db):
    # Rebuild the lexical index with the Porter stemmer and the breadcrumb's identifier
    # parts (search ranks by them), copying the text rather than re-chunking every file.
    from .tokens import breadcrumb_labels  # a pure function of the text

    db.create_function("lode_labels", 1, breadcrumb_labels, deterministic=True)
    run_script(db, f"""
    CREATE VIRTUAL TABLE chunks_fts_new USING fts5(
        body, breadcrumb, idents, tokenize = "{FTS_TOKENIZER}"
    );
    INSERT INTO chunks_fts_new (rowid, body, breadcrumb, idents)
        SELECT rowid, body, lode_labels(breadcrumb), idents FROM chunks_fts;
    DROP TABLE chunks_fts;
    ALTER TABLE chunks_fts_new RENAME TO chunks_fts
    """)


def scope_token(workspace_id: int) -> str:
    """A token in every FTS row's breadcrumb naming its workspace, so a search of some
    workspaces of a large store intersects the index with theirs instead of scoring
    every workspace's matches and dropping most of them."""
    return f"lodews{workspace_id}"


@migration("0004_fts_workspace_token")
def _fts_workspace_token(db):
    db.execute("UPDATE chunks_fts SET breadcrumb = breadcrumb || ' lodews' || "
               "(SELECT f.workspace_id FROM chunks c JOIN files f ON f.id = c.file_id WHERE c.id = chunks_fts.rowid)")


@migration("0005_reextract_typed_references")
def _reextract(db):
    # Symbol extraction now follows types (receivers, typed parameters and fields,
    # self/this, call results) and names text-only languages: every file is read again
    # on the next index run so stored symbols and chunks match what a fresh index gives.
    invalidate_files(db)


@migration("0006_fts_contentless")
def _fts_contentless(db):
    # The lexical index kept a second full copy of every chunk's text (a third of a
    # store): the text moves to chunks, compressed, and the index is rebuilt without it.
    # FTS5 merges 16 segments of a level at once instead of 4 (it writes one segment per
    # megabyte of rows): Go's tree's rows go in with 2.5 -> 2.0 CPU s and take 39.5 ->
    # 36.6 MB; bm25 queries are as fast and their results the same.
    from .fts_rows import pack, rebuild

    db.create_function("lode_pack", 1, pack, deterministic=True)
    run_script(db, f"""
    ALTER TABLE chunks ADD COLUMN body_z BLOB;
    UPDATE chunks SET body_z = lode_pack(coalesce((SELECT body FROM chunks_fts WHERE rowid = chunks.id), ''));
    DROP TABLE chunks_fts;
    CREATE VIRTUAL TABLE chunks_fts USING fts5(
        body, breadcrumb, idents, content = '', tokenize = "{FTS_TOKENIZER}"
    );
    INSERT INTO chunks_fts (chunks_fts, rank) VALUES ('automerge', 16);
    CREATE TABLE fts_state (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    )
    """)
    rebuild(db)
