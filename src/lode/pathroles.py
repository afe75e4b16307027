"""What a path's folders say about the code in it, read by search ranking and by symbol
look-ups alike (one rule for both): code that is not the project's own implementation.
Pure functions over path strings."""

from __future__ import annotations

# Folders of code that is not the project's own implementation: vendored dependencies,
# examples, documentation sources (`docs_src/`: FastAPI's tutorial programs), benchmarks.
_AUX_DIRS = frozenset({"vendor", "vendored", "_vendor", "third_party", "thirdparty", "external", "externals",
                       "example", "examples", "_examples", "doc", "docs", "docs_src", "benchmark", "benchmarks",
                       "bench"})


def is_auxiliary(path: str) -> bool:
    folders = [seg.lower() for seg in path.split("/")[:-1]]
    # `pkg/packages/urllib3/…` is a package's vendored copy of another (a top-level
    # `packages/` is a monorepo's own code).
    return any(seg in _AUX_DIRS for seg in folders) or "packages" in folders[1:]
