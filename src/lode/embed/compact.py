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

An index run whose texts hold other characters too (7% of Go's standard library's:
comments in other scripts, math symbols) gets an *extended* compact tokenizer: the same
construction with those characters (as the normaliser leaves them) added to the
alphabet, so it never needs the full tokenizer's ~300 MB (the compact one takes ~100).

The files are keyed by the model id, the tokenizer file's size and mtime and the added
characters; when the cache folder cannot be written, the full tokenizer is used.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

FORMAT = 1
ALPHABET = "".join(chr(c) for c in range(0x20, 0x7F)) + "\t\n\r\u203a"  # › joins breadcrumbs
_OUTSIDE = re.compile(r"[^\x20-\x7e\t\n\r\u203a]")
_PIECE = re.compile(r"[\x20-\x7e\t\n\r\u203a\u2581]*")  # ▁ marks a word's start
PIECE_CHARS = frozenset(ALPHABET + "\u2581")
KEEP_EXTENDED = 8  # extended tokenizers kept in the cache folder (the newest)


# Each ASCII byte as it is, but those of characters outside ALPHABET (control characters).
_MARKED = bytes(b if chr(b) in ALPHABET else (b + 1) % 128 for b in range(256))


def outside(text: str) -> bool | None:
    """True when ``text`` holds a character outside :data:`ALPHABET`, else None. The
    same answer as searching it with a character class (``_OUTSIDE``) for a fraction of
    the instructions (that regex took ~5% of the embedding stage's): a str knows
    whether it is ASCII without a scan, and a text without ›, once ASCII, holds a
    control character when a byte table lookup changes its bytes (a byte's lookup
    against a call a character for the regex's class)."""
    if not text.isascii():
        text = text.replace("\u203a", "")  # (ASCII-flagged again when only › was not)
        if not text.isascii():
            return True
    data = text.encode("ascii")
    return True if data.translate(_MARKED) != data else None


others = _OUTSIDE.findall  # a text's characters outside ALPHABET, in order (repeats kept)


def fits(texts) -> bool:
    """Whether the compact tokenizer tokenizes every text exactly as the full one."""
    return not any(map(outside, texts))


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "lode"


def load(tokenizer_json: Path, model_id: str, extra: str = ""):
    """``(tokenizer, ids, unk_id, characters)``: the compact tokenizer (for
    :data:`ALPHABET` plus ``extra``), the full tokenizer's id of each of its ids (int64
    array), its unknown-token id and the characters its pieces may hold; built on first
    use. None when it cannot be built, written or trusted (the full tokenizer serves)."""
    import numpy as np
    from tokenizers import Tokenizer

    try:
        spec_path, ids_path, extra = _files(tokenizer_json, model_id, extra)
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
    return tok, ids, unk, PIECE_CHARS | set(extra)


def build(tokenizer_json: Path, model_id: str, extra: str = "") -> bool:
    """Build the files :func:`load` reads, without loading them (for processes about
    to load them at once: one build instead of one each). False when they cannot be."""
    try:
        _files(tokenizer_json, model_id, extra)
    except Exception:
        return False
    return True


def _files(tokenizer_json: Path, model_id: str, extra: str) -> tuple[Path, Path, str]:
    """The compact tokenizer's files for ``extra`` (built first when missing) and the
    added characters they hold."""
    import hashlib  # (imported here: embedding a query never names these files)

    extra = "".join(sorted(set(extra) - PIECE_CHARS))
    st = tokenizer_json.stat()
    base = hashlib.blake2b(f"{FORMAT}|{model_id}|{tokenizer_json}|{st.st_size}|{st.st_mtime_ns}".encode(),
                           digest_size=8).hexdigest()
    key = base
    folder = cache_dir()
    if extra:
        # An extended tokenizer already built for more characters serves as well.
        known = _covering(folder, base, extra)
        extra = known if known is not None else extra
        key += "-x" + hashlib.blake2b(extra.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()
    spec_path, ids_path = folder / f"tokenizer-{key}.json", folder / f"tokenizer-{key}.ids.npy"
    if not (spec_path.exists() and ids_path.exists()):
        _build_apart(tokenizer_json, spec_path, ids_path, extra)
        if extra:
            _prune(folder)
    if extra:
        spec_path.with_suffix(".chars").write_text(extra, encoding="utf-8", errors="surrogatepass")
        os.utime(spec_path)  # recently used: kept by _prune
    return spec_path, ids_path, extra


def _covering(folder: Path, base: str, extra: str) -> str | None:
    """The added characters of the smallest cached extended tokenizer that has all of
    ``extra``, or None."""
    best = None
    for chars_path in folder.glob(f"tokenizer-{base}-x*.chars"):
        try:
            chars = chars_path.read_text(encoding="utf-8", errors="surrogatepass")
        except OSError:
            continue
        if set(extra) <= set(chars) and chars_path.with_suffix(".json").exists() \
                and (best is None or len(chars) < len(best)):
            best = chars
    return best


def _prune(folder: Path) -> None:
    """Keep the most recently used :data:`KEEP_EXTENDED` extended tokenizers."""
    specs = sorted(folder.glob("tokenizer-*-x*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in specs[KEEP_EXTENDED:]:
        for path in (old, old.with_suffix(".ids.npy"), old.with_suffix(".chars")):
            path.unlink(missing_ok=True)


def normalizer(tokenizer_json: Path):
    """The tokenizer's normaliser alone (None if it has none), from the file's JSON
    section — for the characters a text will have, without loading a vocabulary."""
    from tokenizers import Tokenizer

    with open(tokenizer_json, encoding="utf-8") as f:
        head = f.read(1 << 20)
    for text in (head, None):
        if text is None:
            text = tokenizer_json.read_text(encoding="utf-8")
        at = text.find('"normalizer":')
        if at < 0:
            raise ValueError("no normalizer section")
        start = at + len('"normalizer":')
        while text[start].isspace():
            start += 1
        try:
            spec, _ = json.JSONDecoder().raw_decode(text, start)
            break
        except ValueError:
            if text is not head:
                raise
    if spec is None:
        return None
    shell = {"version": "1.0", "truncation": None, "padding": None, "added_tokens": [],
             "normalizer": spec, "pre_tokenizer": None, "post_processor": None, "decoder": None,
             "model": {"type": "WordLevel", "vocab": {"<unk>": 0}, "unk_token": "<unk>"}}
    return Tokenizer.from_str(json.dumps(shell)).normalizer


def _unk_of(spec_path: Path) -> int | None:
    m = re.search(rb'"unk_id":\s*(\d+|null)', spec_path.read_bytes())
    return int(m.group(1)) if m and m.group(1) != b"null" else None


def _build_apart(tokenizer_json: Path, spec_path: Path, ids_path: Path, extra: str) -> None:
    """:func:`_build` in a child process: parsing the full tokenizer's JSON takes ~100 MB
    of Python objects that a long-lived process (the indexer, the daemon) would keep."""
    import subprocess
    import sys

    args = json.dumps([str(tokenizer_json), str(spec_path), str(ids_path), extra])
    proc = subprocess.run([sys.executable, "-c", "import sys; from lode.embed.compact import _build_main; "
                           "_build_main(sys.stdin.read())"], input=args.encode(), capture_output=True,
                          timeout=300)
    if proc.returncode != 0:
        raise OSError(f"building the compact tokenizer failed: {proc.stderr.decode(errors='replace')[-500:]}")


def _build_main(args: str) -> None:
    tokenizer_json, spec_path, ids_path, extra = json.loads(args)
    _build(Path(tokenizer_json), Path(spec_path), Path(ids_path), extra)


def _build(tokenizer_json: Path, spec_path: Path, ids_path: Path, extra: str = "") -> None:
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
    chars = PIECE_CHARS | set(extra)
    keep = [i for i, (piece, _score) in enumerate(vocab)
            if i in needed or _PIECE.fullmatch(piece) or (extra and set(piece) <= chars)]
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
