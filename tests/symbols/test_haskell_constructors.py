"""Haskell's type and constructor of one name (`newtype Money = Money Int`, `data Cart
= Cart {…}`) are two definitions of distinct details, and `lode def` lists both, the
type first — through the real indexer into a real store."""

from __future__ import annotations

from .test_references import project

FILES = {
    "package.yaml": "name: shop\n",
    "src/Shop/Money.hs": """
        module Shop.Money
          ( Money(..)
          , Price
          , Cart(..)
          , Item(..)
          , total
          ) where

        -- | An amount in cents.
        newtype Money = Money Int
          deriving (Eq, Show)

        data Cart = Cart
          { items :: [Price]
          , owner :: String
          }

        type Price = Money

        data Item = Item String Money | Gift

        total :: Cart -> Money
        total (Cart ps _) = Money (sum [c | Money c <- ps])
        """,
}


def _definitions(svc, name: str) -> list[tuple[int, int, str]]:
    return [(c["line"], c["column"], c["detail"]) for c in svc.definition(name)["candidates"]]


def test_a_type_and_its_constructor_of_one_name_are_both_definitions(tmp_path):
    svc = project(tmp_path, FILES)
    try:
        assert _definitions(svc, "Shop.Money.Money") == [(10, 9, "type"), (10, 17, "constructor")]
        assert _definitions(svc, "Money.Money") == [(10, 9, "type"), (10, 17, "constructor")]
        assert _definitions(svc, "Shop.Money.Cart") == [(13, 6, "type"), (13, 13, "constructor")]
        assert _definitions(svc, "Shop.Money.Item") == [(20, 6, "type"), (20, 13, "constructor")]
        # one of each name and detail: a type synonym, a lone constructor, a function
        # whose signature and equation both define it keep one row
        assert _definitions(svc, "Shop.Money.Price") == [(18, 6, "type")]
        assert _definitions(svc, "Shop.Money.Gift") == [(20, 33, "constructor")]
        assert _definitions(svc, "Shop.Money.total") == [(22, 1, "function")]
    finally:
        svc.close()
