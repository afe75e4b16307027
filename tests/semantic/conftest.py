from indexing.conftest import project, service  # noqa: F401  (shared fixtures)
