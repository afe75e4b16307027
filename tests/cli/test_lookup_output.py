"""What ``lode def``/``impls`` print per candidate: ``path:line:column``, one word for
what it is (``method``, ``class``, ``struct``), the qualified name. The JSON keeps both
fields (``kind``: the role, ``detail``: the definition's kind); the text said both,
``method method`` or ``definition class``. Real store, the CLI as a subprocess."""

from __future__ import annotations

import subprocess

import pytest
from shop_store import LODE, alone, indexed_shop


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    base = tmp_path_factory.mktemp("lookup-output")
    env = alone(base, LODE_LSP="off")
    shop = indexed_shop(base, env)
    return shop, env


@pytest.mark.parametrize("args, line", [
    (["def", "store.Store.reclaim"], "store/reclaim.go:15:17 method store.Store.reclaim (module store)"),
    (["def", "cart.ShoppingCart"], "cart/cart.py:16:7 class cart.ShoppingCart (module cart)"),
    (["def", "cart.ShoppingCart.add_item"], "cart/cart.py:19:9 method cart.ShoppingCart.add_item (module cart)"),
])
def test_one_word_for_what_a_candidate_is(shop, args, line):
    root, env = shop
    r = subprocess.run([*LODE, *args], env=env, cwd=root, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == line
