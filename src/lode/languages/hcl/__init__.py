"""HCL and Terraform: lode's own tags query (the grammar wheel ships none). Every
top-level block is a unit; resources and data sources are named by their second label
(`resource "aws_s3_bucket" "assets"` is `assets`), other blocks by their first."""

from ..spec import LanguageSpec, grammar, own_query

SPEC = LanguageSpec(
    name="hcl",
    extensions=(".tf", ".tfvars", ".hcl"),
    grammar=grammar("tree_sitter_hcl"),
    queries=(own_query("hcl"),),
    bodies=frozenset({"block_start"}),
    max_depth=3,
)
