"""Ruby symbol rules: modules and classes nest and name what they hold, `::` read as `.`
(`Sinatra::Base#route!` is `Sinatra.Base.route!`, `def self.get` is `Sinatra.Base.get`,
a method in `class << self` too); `attr_accessor :name` defines the methods `name` and
`name=`, as `def name` and `def name=(value)` would. A file names no module: `require` loads a file, it
binds no names. A superclass and an `include`d or `prepend`ed module are base types."""

from ..spec import own_query
from ..symbolrules import SymbolRules

RULES = SymbolRules(
    resolver="ruby",
    query=own_query("ruby", "symbols.scm"),
    scopes=frozenset({"module", "class", "impl"}),
    locals=frozenset({"method"}),
    callables=frozenset({"method"}),
    types=frozenset({"module", "class", "impl"}),
    path_modules=False,
    markers=("Gemfile", ".gemspec"),
    test_markers=("/test/", "/tests/", "/spec/", "_test.rb", "_spec.rb"),
)
