"""HCL / Terraform symbol rules: a file is a module named by its path (`main.tf` stands
for its folder, as a Terraform module is a folder); each top-level block is named by its
last label (`resource "aws_s3_bucket" "assets"` is `assets`, detail `resource`)."""

from ..spec import own_query
from ..symbolrules import SymbolRules

RULES = SymbolRules(
    resolver="declared",
    query=own_query("hcl", "symbols.scm"),
    scopes=frozenset(),
    locals=frozenset({"resource", "data", "variable", "output", "module", "provider", "block"}),
    types=frozenset(),
    index_stems=("main",),
)
