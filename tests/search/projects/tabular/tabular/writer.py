"""Writing records back to a table file."""

import csv


class TableWriter:
    """Writes records to a delimited table file, with a header row of the columns."""

    def __init__(self, path, columns, delimiter=","):
        self.path = path
        self.columns = columns
        self.delimiter = delimiter

    def write(self, records):
        """Write every record as a row of the table, the header first."""
        with open(self.path, "w", newline="") as handle:
            rows = csv.writer(handle, delimiter=self.delimiter)
            rows.writerow(self.columns)
            for record in records:
                rows.writerow([record.get(column, "") for column in self.columns])
