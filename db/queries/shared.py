"""Lists every storefront shares: frequently bought together and related products.

Both answer a general list without a product, and a list for one product when given its id.
"""

from __future__ import annotations

from sqlalchemy import func, select, true
from sqlalchemy.orm import Session, joinedload

from db import page_keys as keys
from db.models import Book, OrderLine, Product
from db.queries.products import TOP_RATED, cards_by_id
from db.queries.sections import Section, cards_of, section_cards

FREQUENTLY_BOUGHT_SIZE = 4
RELATED_SIZE = 8


class UnknownProduct(LookupError):
    """No published product has this id."""


# What a product page shows of its product besides its columns, read in the same statement (a
# book's credits too, which would otherwise come in a statement of their own).
PRODUCT_PAGE_LOADING = (
    joinedload(Product.category),
    joinedload(Product.book).joinedload(Book.credits),
    joinedload(Product.brand),
    joinedload(Product.seller),
)


def published_product(session: Session, product_id: int) -> Product:
    product = session.get(Product, product_id, options=PRODUCT_PAGE_LOADING)
    if product is None or not product.published:
        raise UnknownProduct(product_id)
    return product


# The products most often bought together with something else, in the most such orders first.
_COUNTED = (
    select(OrderLine.product_id, func.count(func.distinct(OrderLine.order_id)).label("orders"))
    .where(
        OrderLine.order_id.in_(
            select(OrderLine.order_id)
            .group_by(OrderLine.order_id)
            .having(func.count(func.distinct(OrderLine.product_id)) > 1)
        )
    )
    .group_by(OrderLine.product_id)
    .subquery()
)
BOUGHT_TOGETHER = (
    select(Product.id)
    .join(_COUNTED, _COUNTED.c.product_id == Product.id)
    .where(Product.published == true())
    .order_by(_COUNTED.c.orders.desc(), *TOP_RATED)
    .limit(FREQUENTLY_BOUGHT_SIZE)
)
# What else a product's orders held, most shared orders first: a section, so a product page reads
# it in the same statement as its related products (`product_lists`).
BOUGHT_WITH = Section(None, "bought_with", FREQUENTLY_BOUGHT_SIZE, only=("bought_with", "not_product"))


def frequently_bought(session: Session, product_id: int | None = None) -> list[dict]:
    """With a product: what else its orders held, most shared orders first. Without: the
    products most often bought together with something else."""
    if product_id is None:
        return cards_by_id(session, list(session.scalars(BOUGHT_TOGETHER)))
    published_product(session, product_id)
    return section_cards(session, BOUGHT_WITH, product_id=product_id)


BEST_RATED = Section(None, "top_rated", RELATED_SIZE)


def _related(product: Product) -> dict[str, Section]:
    """Its category first, then the rest of its shop if the category is small: two narrow reads
    (each along an index) rather than one sort of the whole shop by "same category first"."""
    return {
        "category": Section(None, "top_rated", RELATED_SIZE, only=("in_category", "not_product")),
        "shop": Section(product.shop, "top_rated", RELATED_SIZE, only=("beside_category",)),
    }


def _params(product: Product) -> dict[str, int]:
    return {"category_id": product.category_id, "product_id": product.id}


def _related_of(found: dict[str, list[dict]]) -> list[dict]:
    return (found["category"] + found["shop"])[:RELATED_SIZE]


def related_products(session: Session, product_id: int | None = None) -> list[dict]:
    """With a product: its shop's goods, its own category first, best rated first, itself
    excluded. Without: the best rated products of the whole store."""
    if product_id is None:
        return section_cards(session, BEST_RATED)
    product = published_product(session, product_id)
    return _related_of(cards_of(session, _related(product), **_params(product)))


def product_lists(session: Session, product: Product) -> tuple[list[dict], list[dict]]:
    """A product page's (frequently bought together, related products), read in one statement.
    Which products they hold is kept by the page's loader under the keys of its related lists
    and of the products they hold (a price change of its own product leaves them as they are).
    What else its orders held moves with every order and publishes nothing: it is read again when
    the kept picks' time slot ends, a page's (app/settings.py page_cache_ttl)."""
    lists = frozenset({keys.related(product.shop), keys.related_in(product.category_id)})
    found = cards_of(
        session, {"bought": BOUGHT_WITH, **_related(product)}, kept=(("lists", product.id), lists), **_params(product)
    )
    return found["bought"], _related_of(found)
