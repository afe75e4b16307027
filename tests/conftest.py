import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from postgres_server import pg_server, pg_url  # noqa: E402,F401 (fixtures: a real PostgreSQL)

# Per-user caches (the code-embedding evidence of server stores) go to a folder of this
# run, not the user's own cache (subprocesses the tests start inherit it).
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="lode-test-cache-")


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite golden files from the current output instead of comparing")


# Fixture projects are inputs, not test modules (some contain test_*.py files of their own).
collect_ignore_glob = ["corpora/*", "fixtures/*", "*/fixtures/*", "*/projects/*"]
