"""What a page's loader read of each product it shows (its shop, category, brand and seller), kept
in the loader's session as the rows go by: the page's invalidation keys (app/pages/page_keys.py)
come from those rows rather than from reading the products a second time."""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable
from typing import Any

from sqlalchemy.orm import Session

SHOWN = "studentbooks.shown_products"  # the session.info key

# What the keys are read from, kept with a product's card between misses (db/queries/products.py).
Shown = namedtuple("Shown", "id shop category_id brand_id seller_id")


def of(row: Any) -> Shown:
    return Shown(row.id, row.shop, row.category_id, row.brand_id, row.seller_id)


def note(session: Session, products: Iterable[Any]) -> None:
    """Keep these rows (or ORM products): anything with id, shop, category_id, brand_id, seller_id."""
    shown = session.info.setdefault(SHOWN, {})
    for product in products:
        shown[product.id] = product


def shown_in(session: Session) -> dict[int, Any]:
    """{product id: its row} for every product noted in this session."""
    return session.info.get(SHOWN, {})
