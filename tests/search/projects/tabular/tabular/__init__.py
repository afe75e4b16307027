"""Read delimited tables into typed records."""

from .reader import TableReader, read_table

__all__ = ["TableReader", "read_table"]
