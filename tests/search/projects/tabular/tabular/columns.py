"""Columns of a table and the conversion of their cells."""

import datetime
import decimal


class Column:
    """A named column with the type its header declares (`price:decimal`)."""

    def __init__(self, name, kind="str"):
        self.name = name
        self.kind = kind

    @classmethod
    def from_header(cls, header):
        name, _, kind = header.partition(":")
        return cls(name.strip(), kind.strip() or "str")


def to_date(cell):
    """A cell written as an ISO date (`2024-05-01`) as a date."""
    text = cell.strip()
    return datetime.date.fromisoformat(text)


def to_decimal(cell):
    return decimal.Decimal(cell)


CONVERTERS = {"str": str, "int": int, "decimal": to_decimal, "date": to_date}


def coerce(kind, cell):
    """The cell's text as a value of the type ``kind`` names."""
    try:
        convert = CONVERTERS[kind]
    except KeyError:
        raise ValueError(f"unknown column type {kind!r}") from None
    return convert(cell)


def convert_row(columns, row):
    """The values of one row, each cell converted by its column's type."""
    return [coerce(column.kind, cell) for column, cell in zip(columns, row)]
