"""Reading a table file: open it, sniff the delimiter, turn each row into a record."""

import csv

from .columns import Column, convert_row
from .options import ReaderOptions


class TableReader:
    """Reads a delimited table file into records, one per row, with typed columns."""

    def __init__(self, path, options=None):
        self.path = path
        self.options = options or ReaderOptions()
        self.columns = []

    def read(self):
        """Every record of the table, as a list of dicts."""
        with open(self.path, newline="", encoding=self.options.encoding) as handle:
            dialect = self.sniff(handle)
            rows = csv.reader(handle, dialect)
            header = next(rows)
            self.columns = [Column.from_header(name) for name in header]
            return [self.read_row(row) for row in rows]

    def read_row(self, row):
        """One row of the table as a record: the columns' converted values."""
        values = convert_row(self.columns, row)
        return dict(zip((c.name for c in self.columns), values))

    def sniff(self, handle):
        """The table's dialect (delimiter, quoting), read from its first lines."""
        sample = handle.read(4096)
        handle.seek(0)
        if not sample:
            return csv.excel
        return csv.Sniffer().sniff(sample, delimiters=self.options.delimiters)


def read_table(path, **options):
    """Read a table file into a list of records."""
    return TableReader(path, ReaderOptions(**options)).read()
