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
