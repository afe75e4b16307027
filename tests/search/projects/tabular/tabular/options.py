"""Options of a table reader."""

from dataclasses import dataclass


@dataclass
class ReaderOptions:
    """How a table file is read: its text encoding, which delimiters to sniff for,
    whether empty rows are skipped."""

    encoding: str = "utf-8"
    delimiters: str = ",;\t|"
    skip_empty_rows: bool = True
