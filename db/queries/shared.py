"""Lists every storefront shares: frequently bought together and related products.

Both answer a general list without a product, and a list for one product when given its id.
"""

from __future__ import annotations

from sqlalchemy import Select, bindparam, func, select, true
from sqlalchemy.orm import Session, joinedload

from db.models import OrderLine, Product
from db.queries.products import TOP_RATED, cards_by_id
from db.queries.sections import Section, cards_of, section_cards

FREQUENTLY_BOUGHT_SIZE = 4
RELATED_SIZE = 8


class UnknownProduct(LookupError):
    """No published product has this id."""


# What a product page shows of its product besides its columns, read in the same statement.
PRODUCT_PAGE_LOADING = (
    joinedload(Product.category),
    joinedload(Product.book),
    joinedload(Product.brand),
    joinedload(Product.seller),
)


def published_product(session: Session, product_id: int) -> Product:
    product = session.get(Product, product_id, options=PRODUCT_PAGE_LOADING)
    if product is None or not product.published:
        raise UnknownProduct(product_id)
    return product


def _bought_in(orders: Select, exclude: bool = False) -> Select:
    """Ids of the published products of these orders, in the most of them first (without the
    `product_id` parameter's product when `exclude`)."""
    lines = select(OrderLine.product_id, func.count(func.distinct(OrderLine.order_id)).label("orders"))
    lines = lines.where(OrderLine.order_id.in_(orders))
    if exclude:
        lines = lines.where(OrderLine.product_id != bindparam("product_id"))
    counted = lines.group_by(OrderLine.product_id).subquery()
    return (
        select(Product.id)
        .join(counted, counted.c.product_id == Product.id)
        .where(Product.published == true())
        .order_by(counted.c.orders.desc(), *TOP_RATED)
        .limit(FREQUENTLY_BOUGHT_SIZE)
    )


# What else a product's orders held, most shared orders first.
BOUGHT_WITH = _bought_in(
    select(OrderLine.order_id).where(OrderLine.product_id == bindparam("product_id")), exclude=True
)
# The products most often bought together with something else.
BOUGHT_TOGETHER = _bought_in(
    select(OrderLine.order_id).group_by(OrderLine.order_id).having(func.count(func.distinct(OrderLine.product_id)) > 1)
)


def frequently_bought(session: Session, product_id: int | None = None) -> list[dict]:
    """With a product: what else its orders held, most shared orders first. Without: the
    products most often bought together with something else."""
    if product_id is None:
        return cards_by_id(session, list(session.scalars(BOUGHT_TOGETHER)))
    published_product(session, product_id)
    return cards_by_id(session, list(session.scalars(BOUGHT_WITH, {"product_id": product_id})))


BEST_RATED = Section(None, "top_rated", RELATED_SIZE)


def related_products(session: Session, product_id: int | None = None) -> list[dict]:
    """With a product: its shop's goods, its own category first, best rated first, itself
    excluded. Without: the best rated products of the whole store."""
    if product_id is None:
        return section_cards(session, BEST_RATED)
    product = published_product(session, product_id)
    # Its category first, then the rest of its shop if the category is small: two narrow reads
    # (each along an index) rather than one sort of the whole shop by "same category first".
    found = cards_of(
        session,
        {
            "category": Section(None, "top_rated", RELATED_SIZE, only=("in_category", "not_product")),
            "shop": Section(product.shop, "top_rated", RELATED_SIZE, only=("beside_category",)),
        },
        category_id=product.category_id,
        product_id=product.id,
    )
    return (found["category"] + found["shop"])[:RELATED_SIZE]
