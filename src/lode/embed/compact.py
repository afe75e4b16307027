"""A compact tokenizer for the static model, built once into the user's cache.

The static model's tokenizer (Unigram, 276k pieces in a 10 MB ``tokenizer.json``) takes
most of the model's load time: 0.4-1.7 s to parse and build its trie, paid by every
process that embeds — the first query of a daemon, a CLI search without one. Code and
its breadcrumbs are nearly all ASCII, and an ASCII text can only ever be cut into
pieces made of ASCII characters. So this keeps the pieces made of the characters in
:data:`ALPHABET` (105k of the 276k) plus the pieces the model needs whatever the text
(the added tokens, the unknown token, and the lowest-scoring piece, which sets the score
of an unknown character), renumbered, with a map back to the full tokenizer's ids.

For a text made only of :data:`ALPHABET` characters the compact tokenizer gives the
same pieces as the full one: every piece the Viterbi lattice could use is still there
with its score, and the unknown-character score is unchanged. A text with any other
character goes to the full tokenizer (:class:`lode.embed.models.StaticEmbedder` loads
it when such a text first comes). Tests compare both on real code.

The files are keyed by the model id and the tokenizer file's size and mtime; when the
cache folder cannot be written, the full tokenizer is used.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

FORMAT = 1
ALPHABET = "".join(chr(c) for c in range(0x20, 0x7F)) + "\t\n\r\u203a"  # › joins breadcrumbs
_OUTSIDE = re.compile(r"[^\x20-\x7e\t\n\r\u203a]")
_PIECE = re.compile(r"[\x20-\x7e\t\n\r\u203a\u2581]*")  # ▁ marks a word's start


def fits(texts) -> bool:
    """Whether the compact tokenizer tokenizes every text exactly as the full one."""
    return not any(_OUTSIDE.search(t) for t in texts)


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "lode"


def load(tokenizer_json: Path, model_id: str):
    """``(tokenizer, ids, unk_id)``: the compact tokenizer, the full tokenizer's id of
    each of its ids (int64 array) and its unknown-token id; built on first use. None
    when it cannot be built, written or trusted (then the full tokenizer serves)."""
    import numpy as np
    from tokenizers import Tokenizer

    try:
        st = tokenizer_json.stat()
        key = hashlib.blake2b(f"{FORMAT}|{model_id}|{tokenizer_json}|{st.st_size}|{st.st_mtime_ns}".encode(),
                              digest_size=8).hexdigest()
        folder = cache_dir()
        spec_path, ids_path = folder / f"tokenizer-{key}.json", folder / f"tokenizer-{key}.ids.npy"
        if not (spec_path.exists() and ids_path.exists()):
            _build(tokenizer_json, spec_path, ids_path)
        tok = Tokenizer.from_file(str(spec_path))
        ids = np.load(ids_path)
        unk = _unk_of(spec_path)
    except Exception:  # a broken or unwritable cache must not stop embedding
        return None
    # Trust it only if normalising the alphabet stays within the kept pieces' characters.
    if not _PIECE.fullmatch(tok.normalizer.normalize_str(ALPHABET) if tok.normalizer else ALPHABET):
        return None
    tok.no_padding()
    tok.no_truncation()
    return tok, ids, unk


def _unk_of(spec_path: Path) -> int | None:
    m = re.search(rb'"unk_id":\s*(\d+|null)', spec_path.read_bytes())
    return int(m.group(1)) if m and m.group(1) != b"null" else None


def _build(tokenizer_json: Path, spec_path: Path, ids_path: Path) -> None:
    import numpy as np

    spec = json.loads(tokenizer_json.read_text(encoding="utf-8"))
    model = spec["model"]
    if model.get("type") != "Unigram" or spec.get("post_processor") is not None:
        raise ValueError("only a plain Unigram tokenizer is compacted")
    vocab = model["vocab"]
    unk = model.get("unk_id")
    needed = {t["id"] for t in spec.get("added_tokens", [])}
    needed.add(min(range(len(vocab)), key=lambda i: vocab[i][1]))  # sets the unknown score
    if unk is not None:
        needed.add(unk)
    keep = [i for i, (piece, _score) in enumerate(vocab) if i in needed or _PIECE.fullmatch(piece)]
    new_id = {old: new for new, old in enumerate(keep)}
    compact = {**spec,
               "added_tokens": [{**t, "id": new_id[t["id"]]} for t in spec.get("added_tokens", [])],
               "model": {**model, "vocab": [vocab[i] for i in keep],
                         "unk_id": new_id[unk] if unk is not None else None}}
    spec_path.parent.mkdir(parents=True, exist_ok=True)
    # Written beside and renamed, the map first: a reader sees both files or neither.
    tmp = spec_path.parent / f".{spec_path.name}.{os.getpid()}"
    with open(tmp.with_suffix(".npy"), "wb") as f:
        np.save(f, np.asarray(keep, dtype=np.int64))
    os.replace(tmp.with_suffix(".npy"), ids_path)
    tmp.write_text(json.dumps(compact, ensure_ascii=False), encoding="utf-8")
    os.replace(tmp, spec_path)
