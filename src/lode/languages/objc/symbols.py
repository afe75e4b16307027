"""Objective-C symbol rules: classes and protocols are global (named as written);
`@interface` and `@implementation` of a class both open its scope; methods are named
under it by their first selector part (`SHCart.addLine`)."""

from ..spec import own_query
from ..symbolrules import SymbolRules

RULES = SymbolRules(
    resolver="declared",
    query=own_query("objc", "symbols.scm"),
    scopes=frozenset({"interface", "protocol", "impl"}),
    locals=frozenset({"method", "function"}),
    callables=frozenset({"method"}),
    types=frozenset({"interface", "protocol", "impl"}),
    path_modules=False,
    test_markers=("/Tests/", "/test/", "Tests.m"),
)
