"""A language's manifest (go.mod, Cargo.toml) is found at or above a file's folder and
read once per folder while the layout lives (Layout.parsed)."""

from __future__ import annotations

from lode.languages.go.manifest import go_module
from lode.languages.rust.manifest import cargo_crate
from lode.symbols.layout import Layout


class CountingLayout(Layout):
    def __init__(self, files):
        super().__init__(files=files)
        self.reads: list[str] = []

    def _read(self, rel):
        self.reads.append(rel)
        return super()._read(rel)


FILES = {
    "go.mod": "module example.com/shop\n\ngo 1.21\n",
    "cart/cart.go": "package cart\n",
    "tools/gen/go.mod": 'module "example.com/shop/tools/gen"\n',
    "tools/gen/main.go": "package main\n",
    "crates/http-kit/Cargo.toml": '[package]\nname = "http-kit"\nedition = "2021"\n\n[dependencies]\nname = "x"\n',
    "crates/http-kit/src/lib.rs": "pub fn serve() {}\n",
    "crates/legacy/Cargo.toml": "[package]\nname = 'legacy'\n[lib]\nname = \"legacy_core\"\n",
    "crates/legacy/src/lib.rs": "",
}


def test_the_nearest_manifest_names_the_module():
    layout = Layout(files=FILES)
    assert go_module(layout, "cart") == ("", "example.com/shop")
    assert go_module(layout, "tools/gen") == ("tools/gen", "example.com/shop/tools/gen")
    assert go_module(Layout(files={"a/b.go": ""}), "a") is None
    assert cargo_crate(layout, "crates/http-kit/src") == ("crates/http-kit", "http_kit", "2021")
    # [lib] names the crate; no edition: Cargo's default
    assert cargo_crate(layout, "crates/legacy/src") == ("crates/legacy", "legacy_core", "2015")


def test_each_folder_is_read_once_and_the_languages_do_not_share_answers():
    layout = CountingLayout(FILES)
    for _ in range(3):
        assert go_module(layout, "cart") == ("", "example.com/shop")
        assert cargo_crate(layout, "crates/http-kit/src")[1] == "http_kit"
    assert layout.reads.count("go.mod") == 1 and layout.reads.count("crates/http-kit/Cargo.toml") == 1
    # the same folder asked by both languages: each parses its own manifest
    assert go_module(layout, "crates/http-kit/src") == ("", "example.com/shop")
