import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite golden files from the current output instead of comparing")


# Fixture projects are inputs, not test modules (some contain test_*.py files of their own).
collect_ignore_glob = ["corpora/*", "fixtures/*", "*/fixtures/*", "*/projects/*"]
