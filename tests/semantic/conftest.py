from indexing.conftest import project, service  # noqa: F401  (shared fixtures)

from pathlib import Path

from lode.chunking import chunk_file

ROOT = Path(__file__).resolve().parents[2]


def repo_embed_texts(folders: tuple[str, ...], suffixes: tuple[str, ...]) -> list[str]:
    """The embedding texts of this repository's own files (real code in several
    languages) under ``folders``, chunked as the indexer chunks them."""
    texts = []
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in suffixes:
                text = path.read_text(encoding="utf-8", errors="replace")
                texts += [c.embed for c in chunk_file(str(path.relative_to(ROOT)), text) if c.embed]
    return texts
