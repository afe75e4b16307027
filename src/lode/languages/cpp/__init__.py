"""C++ symbol rules (``symbols.py``). The C++ language spec itself is defined in
``lode.languages.c`` beside C's, which shares its tags query."""
