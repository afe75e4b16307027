"""Doc comments, docstrings and file structure land with the declaration they describe,
on realistic fixtures (each case was a defect found by bench/chunk_quality.py)."""
from __future__ import annotations

from lode.chunking import chunk_file
from partition import assert_partition


def chunks_of(path: str, text: str):
    chunks = chunk_file(path, text)
    assert_partition(text, chunks)
    return chunks


def unit(chunks, name: str):
    return next(c for c in chunks if c.name == name)


HASKELL_AFTER_IMPORTS = """\
{-# LANGUAGE OverloadedStrings #-}
-- | Decoding JSON values from strict bytestrings.
module Shop.Decoding (
    decodeStrict,
    eitherDecodeStrict,
) where

import qualified Data.ByteString as BS
import           Shop.Types (FromJSON (..), Result (..))

-------------------------------------------------------------------------------
-- Decoding: strict bytestring
-------------------------------------------------------------------------------

-- | Efficiently deserialize a JSON value from a strict 'BS.ByteString'.
-- If this fails due to incomplete or invalid input, 'Nothing' is
-- returned.
decodeStrict :: (FromJSON a) => BS.ByteString -> Maybe a
decodeStrict bs = case parseValue bs of
    Success v -> Just v
    Error _   -> Nothing

-- | Like 'decodeStrict' but returns an error message when decoding fails.
eitherDecodeStrict :: (FromJSON a) => BS.ByteString -> Either String a
eitherDecodeStrict bs = case parseValue bs of
    Success v -> Right v
    Error msg -> Left msg
"""


def test_haskell_haddock_right_after_the_imports_belongs_to_the_first_declaration():
    # tree-sitter-haskell keeps the comments after the last import inside the imports
    # node: the first declaration's Haddock was left in the header
    chunks = chunks_of("src/Shop/Decoding.hs", HASKELL_AFTER_IMPORTS)
    first = unit(chunks, "decodeStrict")
    assert first.line_start == 15 and first.line_end == 21
    assert "Efficiently deserialize a JSON value" in first.embed
    header = chunks[0]
    assert header.kind == "header" and "Efficiently" not in HASKELL_AFTER_IMPORTS[header.byte_start:header.byte_end]
    # the banner above, after a blank line, stays file commentary
    assert "Decoding: strict bytestring" not in HASKELL_AFTER_IMPORTS[first.byte_start:first.byte_end]


PHP_ENUM = """\
<?php declare(strict_types=1);

/*
 * This file is part of the Shop package.
 */

namespace Shop\\Orders;

use Psr\\Log\\LogLevel;
use Shop\\Orders\\Exception\\UnknownStatus;

/**
 * Represents the status of an order.
 *
 * Use ->value to get the integer stored in the database.
 */
enum Status: int
{
    case Pending = 100;
    case Paid = 200;
    case Shipped = 300;

    public const VALUES = [100, 200, 300];

    /**
     * @param 'pending'|'paid'|'shipped' $name
     */
    public static function fromName(string $name): self
    {
        return match (strtolower($name)) {
            'pending' => self::Pending,
            'paid' => self::Paid,
            'shipped' => self::Shipped,
            default => throw new UnknownStatus($name),
        };
    }

    public function isFinal(): bool
    {
        return $this === self::Shipped;
    }
}
"""


def test_php_enum_is_a_unit_with_its_doc_cases_and_methods():
    chunks = chunks_of("src/Orders/Status.php", PHP_ENUM)
    assert [c.kind for c in chunks][-1] == "enum"
    enum = chunks[-1]
    assert enum.name == "Status" and (enum.line_start, enum.line_end) == (12, 42)
    assert "Represents the status of an order." in enum.embed
    assert "fromName" in enum.embed  # a whole enum embeds its members' signatures


def test_php_enum_methods_are_named_under_the_enum_when_split():
    from lode.config import ChunkConfig

    chunks = chunk_file("src/Orders/Status.php", PHP_ENUM, ChunkConfig(body_budget=200))
    assert_partition(PHP_ENUM, chunks)
    names = [c.name for c in chunks]
    assert "Status.fromName" in names and "Status.isFinal" in names
    kinds = [c.kind for c in chunks if c.byte_start >= PHP_ENUM.index("/**\n * Represents")]
    assert kinds[0] == "enum" and set(kinds[1:]) == {"function"}  # no gap
    last = chunks[-1]  # the enum's closing `}` ends its last method's chunk, not a chunk alone
    assert last.name == "Status.isFinal" and PHP_ENUM[last.byte_start:last.byte_end].endswith("}\n}")


HASKELL_PRAGMAS = """\
module Shop.Price (Price, cents, fromCents, zero) where

newtype Price = Price Int

-- | The price in cents.
cents :: Price -> Int
cents (Price n) = n
{-# INLINE cents #-}

{-# INLINE fromCents #-}
-- | A price of so many cents.
fromCents :: Int -> Price
fromCents = Price

zero :: Price
zero = Price 0
{-# NOINLINE zero #-}
"""


def test_haskell_pragma_below_a_function_is_its_own_and_one_above_is_the_next():
    chunks = chunks_of("src/Shop/Price.hs", HASKELL_PRAGMAS)
    spans = {c.name: (c.line_start, c.line_end) for c in chunks if c.kind == "function"}
    # the INLINE after cents was a one-line gap; the one above fromCents stays its own
    assert spans == {"cents": (5, 8), "fromCents": (10, 13), "zero": (15, 17)}
    assert [c.kind for c in chunks if c.kind == "gap"] == []


PYTHON_TRAILING_COMMENTS = """\
\"\"\"Compression settings.\"\"\"
import zlib

MAX_SYNC_CHUNK_SIZE = 4096
DEFAULT_MAX_DECOMPRESS_SIZE = 2**25  # 32MiB

# Unlimited decompression: each library has its own convention
ZLIB_MAX_LENGTH_UNLIMITED = 0  # zlib uses 0 to mean unlimited
ZSTD_MAX_LENGTH_UNLIMITED = -1  # zstd uses -1 to mean unlimited
# the next one is experimental
BROTLI_ENABLED = False
"""


def test_python_comment_ending_a_constants_line_is_the_constants():
    chunks = chunks_of("aiohttp/compression_utils.py", PYTHON_TRAILING_COMMENTS)
    text = PYTHON_TRAILING_COMMENTS
    got = [(c.kind, c.name, text[c.byte_start:c.byte_end]) for c in chunks if c.kind != "header"]
    # each `# …` at a line's end was a one-line gap between two constants
    assert got == [
        ("constant", "MAX_SYNC_CHUNK_SIZE", "MAX_SYNC_CHUNK_SIZE = 4096"),
        ("constant", "DEFAULT_MAX_DECOMPRESS_SIZE", "DEFAULT_MAX_DECOMPRESS_SIZE = 2**25  # 32MiB"),
        ("constant", "ZLIB_MAX_LENGTH_UNLIMITED", "# Unlimited decompression: each library has its own convention\n"
                                                  "ZLIB_MAX_LENGTH_UNLIMITED = 0  # zlib uses 0 to mean unlimited"),
        ("constant", "ZSTD_MAX_LENGTH_UNLIMITED", "ZSTD_MAX_LENGTH_UNLIMITED = -1  # zstd uses -1 to mean unlimited"),
        # a comment on its own line below a constant is the next one's doc, as before
        ("constant", "BROTLI_ENABLED", "# the next one is experimental\nBROTLI_ENABLED = False"),
    ]
