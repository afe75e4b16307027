"""The built-in prose chunkers' ids (with their versions) and the extensions they serve.

Apart from :mod:`.prose` (which makes :class:`~lode.records.Chunk`, a dataclass) so that
the walk, which compares each file's chunker id with the stored one, loads no record
types: a no-op re-index never makes a chunk.
"""

MARKDOWN_ID = "markdown-1"
TEXT_ID = "text-1"
YAML_ID = "yaml-1"

MARKDOWN_EXTENSIONS = frozenset({".md", ".markdown"})
YAML_EXTENSIONS = frozenset({".yaml", ".yml"})
TEXT_EXTENSIONS = frozenset({".txt"})
