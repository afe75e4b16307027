"""A chunk row: what the indexer hands the store for each chunk of a file
(``FileRecord.chunks``), and the positions of its fields. Without the dataclasses
module: the store reads rows by these positions in every command that writes."""

from __future__ import annotations

from collections import namedtuple

# A chunk row is a tuple of these fields, in this order: what a worker sends for each
# chunk of a file (FileRecord.chunks) and the store reads by position. Plain tuples,
# not objects: pickle writes and reads a tuple in C, while any class, a dataclass or a
# namedtuple, costs a Python call per row each way. Go's tree's worker results (124k
# chunk rows, 458k symbol rows), the cyclic collector off as in a run: pickled in
# 0.415 -> 0.313 s, unpickled (in the process writing the store) in 0.265 -> 0.237.
#
# - ``idents``: idents_for(body, name or "") and ``labels``: breadcrumb_labels(breadcrumb)
#   (the breadcrumb as the lexical index holds it, with identifier parts): the store
#   removes a chunk's FTS row by deriving them again (lode.store.fts_rows), so they must
#   be those;
# - ``body_z``: the stored form of ``body`` (the SQLite store's: compressed, or ``body``
#   itself when short), when the worker made it (lode.workspace.pipeline.process_many);
#   None: the store makes it.
CHUNK_FIELDS = ("ord", "byte_start", "byte_end", "line_start", "line_end", "kind", "name", "name_key",
                "breadcrumb", "embed", "embed_hash", "body", "idents", "labels", "body_z")
(ORD, BYTE_START, BYTE_END, LINE_START, LINE_END, KIND, NAME, NAME_KEY, BREADCRUMB, EMBED, EMBED_HASH,
 BODY, IDENTS, LABELS, BODY_Z) = range(len(CHUNK_FIELDS))
# The columns of ``chunks`` a row sets are its first fields, in the table's order.
STORED = EMBED_HASH + 1

# A chunk row made by name (tests, benches): a tuple, as the store reads it.
ChunkRow = namedtuple("ChunkRow", CHUNK_FIELDS, defaults=("", None))
