"""Three small Python projects with the same package (``cart.model.Cart``, differently
documented), ``archive`` defining one more function: the store for tests that a look-up
over some workspaces reads those only (MCP with several roots, the daemon's workspace
lists)."""

from __future__ import annotations

from pathlib import Path

CART = '''\
class Cart:
    """{what}"""

    def total(self) -> int:
        return sum(self.items)


def checkout(cart: Cart) -> int:
    return cart.total()
'''

ARCHIVE_ONLY = '''\

def restore_archived(cart: Cart) -> Cart:
    return cart
'''

PROJECTS = {"shop": "Items a customer is about to buy.",
            "ledger": "A ledger's postings waiting to be booked.",
            "archive": "An old cart kept for the records."}


def write_cart_projects(base: Path) -> list[Path]:
    """Write the three projects under ``base``; their roots, in PROJECTS' order."""
    roots = []
    for name, what in PROJECTS.items():
        pkg = base / name / "cart"
        pkg.mkdir(parents=True)
        (pkg / "__init__.py").write_text("")
        (pkg / "model.py").write_text(CART.format(what=what) + (ARCHIVE_ONLY if name == "archive" else ""))
        roots.append(base / name)
    return roots
