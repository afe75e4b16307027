"""Declarations a language's query missed (found by bench/chunk_quality.py as gaps
holding code): each is a unit named as its language names it."""
from __future__ import annotations

from lode.chunking import chunk_file
from partition import assert_partition


def chunks_of(path: str, text: str):
    chunks = chunk_file(path, text)
    assert_partition(text, chunks)
    return chunks


HASKELL_QUALIFIED_INSTANCES = """\
module Shop.Inventory (Inventory, empty) where

import qualified Data.Semialign as SA
import qualified Data.Semialign.Indexed as SAI
import qualified Witherable as W

newtype Inventory v = Inventory (Map Sku v)

-------------------------------------------------------------------------------
-- semialign
-------------------------------------------------------------------------------

instance SA.Zip Inventory where
    zipWith = intersectionWith

instance SAI.ZipWithIndex Sku Inventory where
    izipWith = intersectionWithKey

instance (Ord k) => W.Filterable (Catalog k) where
    filter = filterCatalog
    mapMaybe = mapMaybeCatalog
"""


def test_haskell_instance_of_a_module_qualified_class_is_a_unit():
    chunks = chunks_of("src/Shop/Inventory.hs", HASKELL_QUALIFIED_INSTANCES)
    instances = [(c.name, c.line_start, c.line_end) for c in chunks if c.kind == "instance"]
    assert instances == [("Zip", 13, 14), ("ZipWithIndex", 16, 17), ("Filterable", 19, 21)]
    # its methods are inside it, not loose units under the file
    assert not [c for c in chunks if c.kind == "method"]
    assert all(c.kind != "gap" for c in chunks if c.line_start >= 13)


SWIFT_NESTED_EXTENSIONS = """\
import Foundation

public enum ShopError: Error {
    public enum PaymentFailureReason: Sendable {
        case declined(code: Int)
        case expired
    }

    case paymentFailed(reason: PaymentFailureReason)
}

extension ShopError.PaymentFailureReason {
    /// Whether retrying the same card may succeed.
    var isRetryable: Bool {
        switch self {
        case .declined: false
        case .expired: false
        }
    }
}

extension Cart<Item>: CustomStringConvertible where Item: Sendable {
    public var description: String { items.map(\\.name).joined(separator: ", ") }
}
"""


def test_swift_extension_is_named_by_the_whole_type_it_extends():
    chunks = chunks_of("Sources/Shop/ShopError.swift", SWIFT_NESTED_EXTENSIONS)
    names = [(c.kind, c.name) for c in chunks if c.kind == "extension"]
    # was ShopError (the first identifier), so its members were named ShopError.isRetryable
    assert names == [("extension", "ShopError.PaymentFailureReason"), ("extension", "Cart")]


RUBY_SPEC = """\
require 'spec_helper'

RSpec.describe Shop::Cart do
  let(:cart) { described_class.new }

  def add_items(*names)
    names.each { |n| cart.add(Shop::Item.new(n, price: 100)) }
  end

  describe :total do
    it 'is zero for an empty cart' do
      expect(cart.total).to eq(0)
    end

    it 'sums the prices of every item' do
      add_items('apple', 'pear')
      expect(cart.total).to eq(200)
    end
  end

  context 'with a discount code' do
    it 'takes the discount off the total' do
      add_items('apple', 'pear', 'plum')
      cart.apply('TENOFF')
      expect(cart.total).to eq(270)
    end
  end
end
"""


def test_ruby_spec_blocks_are_units_named_by_their_titles():
    from lode.config import ChunkConfig

    chunks = chunk_file("spec/shop/cart_spec.rb", RUBY_SPEC, ChunkConfig(body_budget=150))
    assert_partition(RUBY_SPEC, chunks)
    tests = {(c.name, c.line_start, c.line_end) for c in chunks if c.kind == "test"}
    # small enough to stay whole; a split block's closing `end` ends its last piece
    assert {("Shop::Cart.total.is zero for an empty cart", 11, 13),
            ("Shop::Cart.total.sums the prices of every item", 15, 19),
            ("Shop::Cart.with a discount code", 21, 28)} <= tests
    # the spec's helper method is named under it; nothing is left in a gap
    assert ("method", "Shop::Cart.add_items") in {(c.kind, c.name) for c in chunks}
    assert "gap" not in {c.kind for c in chunks}


RUST_PIN_PROJECT = """\
use pin_project_lite::pin_project;
use std::pin::Pin;

pin_project! {
    /// A stream of newline delimited records.
    #[must_use]
    pub struct RecordLines<S> {
        #[pin]
        inner: S,
        buffered: usize,
    }
}

table! {
    users (id) {
        id -> Integer,
        name -> Text,
    }
}

impl<S> RecordLines<S> {
    pub fn new(inner: S) -> Self {
        Self { inner, buffered: 0 }
    }
}
"""


def test_rust_top_level_macro_item_with_a_brace_body_is_a_unit():
    chunks = chunks_of("src/record_lines.rs", RUST_PIN_PROJECT)
    units = [(c.kind, c.name, c.line_start, c.line_end) for c in chunks if c.kind != "header"]
    # the wrapped struct names its macro call; a macro call wrapping none is named by its macro
    assert units[:2] == [("class", "RecordLines", 4, 12), ("macro", "table", 14, 19)]
    assert not [c for c in chunks if c.kind == "gap"]
