"""The kinds of symbol record, as plain strings: a look-up reads them without loading
:mod:`.records` (its dataclasses cost a command-line look-up ~3 ms to define)."""

DEFINITION, METHOD, REFERENCE = "definition", "method", "reference"
