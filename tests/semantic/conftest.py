from indexing.conftest import project, service  # noqa: F401  (shared fixtures)

from pathlib import Path

import pytest

from lode.chunking import chunk_file
from lode.embed.models import _static_path

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


@pytest.fixture(scope="module")
def static_model(tmp_path_factory):
    """The installed static model's path, with a cache folder of this test module's
    own (the compact files it builds start from nothing); skips when not installed."""
    path = _static_path()
    if path is None:
        pytest.skip("the static model is not installed")
    mp = pytest.MonkeyPatch()
    mp.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
    yield path
    mp.undo()
