"""How a Swift extension's type names its unit: `AFError.ServerTrustFailureReason` as
written, `Foo<Bar>` as `Foo` (the extension extends the generic type; its members are
Foo's)."""

from __future__ import annotations


def extended_type(text: str) -> str:
    """``text`` (a ``user_type``) without its type arguments and whitespace."""
    out, depth = [], 0
    for ch in text:
        if ch == "<":
            depth += 1
        elif ch == ">" and depth:
            depth -= 1
        elif not depth and not ch.isspace():
            out.append(ch)
    return "".join(out)
