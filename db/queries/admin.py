"""The back office's lists (SPEC.md §7, first block), computed from the database.

One function (or, for the big catalogue and customer lists, one AdminList searched and paged in
SQL) per admin GET path, each answering records shaped as SPEC.md §3 with camelCase keys:
money as JSON numbers (money()), times as ISO strings in UTC, images as URLs (media_url()).
Figures that depend on other rows (a customer's orders, a seller's balance) are aggregated in one
GROUP BY subquery per figure and joined in, so a list costs a fixed number of queries however
long it is.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from typing import Any

from sqlalchemy import Select, func, literal_column, or_, select
from sqlalchemy.engine import Row
from sqlalchemy.orm import Session, aliased

from db import isbn
from db.models import Book, Brand, Category, Customer, Earning, Order, OrderLine, Product, RefundRequest, Review, User
from db.models.base import utcnow
from db.queries.admin_lists import AdminList, Filter, Related, equals_id, is_flag, parse_id, whole_number
from db.queries.dashboard import paid_at, paid_money
from db.queries.media import media_url
from db.queries.products import money
from db.queries.search import isbn_match
from db.search.dialects import backend_for
from db.search.terms import as_prefixes

PERIOD = dt.timedelta(days=30)
RECENT_PURCHASES = 10
# "Stock out" means none left to sell: a product with any stock is still on sale.
STOCK_OUT_AT_MOST = 0


def iso(moment: dt.datetime | None) -> str | None:
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC).isoformat()


def first_image(images: list[str] | None) -> str | None:
    return media_url(images[0]) if images else None


def grouped_sum(column: Any, key: Any, *where: Any) -> Any:
    """A subquery (key, total) summing `column` per `key`; join it in with an outer join."""
    return select(key.label("key"), func.sum(column).label("total")).where(*where).group_by(key).subquery()


def grouped_count(key: Any, *where: Any) -> Any:
    return select(key.label("key"), func.count().label("total")).where(*where).group_by(key).subquery()


def zero_if_none(value: Decimal | int | None) -> Decimal | int:
    return 0 if value is None else value


# --- dashboard -------------------------------------------------------------------------------------


def percent_change(current: Decimal | int, previous: Decimal | int) -> float:
    """Change from the previous period in %, two decimals; from nothing to something counts as +100 %."""
    current, previous = Decimal(current), Decimal(previous)
    if previous == 0:
        return 0.0 if current == 0 else 100.0
    return float(round((current - previous) * 100 / abs(previous), 2))


def _in_period(column: Any, start: dt.datetime, end: dt.datetime) -> Any:
    return (column >= start) & (column < end)


def _period_figure(session: Session, figure: Any, created_at: Any, start: dt.datetime, end: dt.datetime) -> Any:
    return session.scalar(select(figure).where(_in_period(created_at, start, end)))


def dashboard_card(card_id: str, title: str, color: str, current: Any, previous: Any, as_money: bool) -> dict:
    current, previous = zero_if_none(current), zero_if_none(previous)
    percentage = percent_change(current, previous)
    card = {
        "id": card_id,
        "title": title,
        "amount1": money(current) if as_money else int(current),
        "amount2": money(previous) if as_money else int(previous),
        "color": color,
        "percentage": percentage,
    }
    if percentage < 0:
        card["status"] = "down"
    return card


# (id, title, theme colour, figure, timestamp it is dated by, is money)
DASHBOARD_FIGURES = (
    # Paid money (charges less refunds, db/queries/dashboard.py), not the totals of orders unpaid.
    ("sales", "Sales", "primary.main", paid_money, paid_at, True),
    ("orders", "Orders", "info.main", func.count(Order.id), Order.created_at, False),
    # Customers who ordered in the period: a shop's returning buyers count, not only sign-ups.
    ("customers", "Customers", "success.main", func.count(func.distinct(Order.customer_id)), Order.created_at, False),
    ("earnings", "Earnings", "warning.main", func.sum(Earning.admin_commission), Earning.created_at, True),
)


def dashboard_cards(session: Session, now: dt.datetime | None = None) -> list[dict]:
    """Four figures for the last 30 days (amount1) against the 30 days before (amount2).
    Sales are the money paid in the period less the money refunded in it; earnings are the store's
    commission, net of refund reversals."""
    now = now or utcnow()
    this_start, previous_start = now - PERIOD, now - 2 * PERIOD
    cards = []
    for card_id, title, color, figure, created_at, as_money in DASHBOARD_FIGURES:
        current = _period_figure(session, figure, created_at, this_start, now)
        previous = _period_figure(session, figure, created_at, previous_start, this_start)
        cards.append(dashboard_card(card_id, title, color, current, previous, as_money))
    return cards


def first_line_title() -> Any:
    """The title of an order's first line (what the dashboard names a purchase by)."""
    return (
        select(OrderLine.title)
        .where(OrderLine.order_id == Order.id)
        .order_by(OrderLine.id)
        .limit(1)
        .correlate(Order)
        .scalar_subquery()
    )


def recent_purchases(session: Session, limit: int = RECENT_PURCHASES) -> list[dict]:
    rows = session.execute(
        select(Order.id, Order.total, Order.payment_status, first_line_title().label("product"))
        .order_by(Order.created_at.desc(), Order.id.desc())
        .limit(limit)
    )
    return [{"id": r.id, "amount": money(r.total), "payment": r.payment_status, "product": r.product} for r in rows]


def stock_out_products(session: Session) -> list[dict]:
    rows = session.execute(
        select(Product.id, Product.title, Product.price, Product.stock)
        .where(Product.stock <= STOCK_OUT_AT_MOST)
        .order_by(Product.title, Product.id)
    )
    return [{"id": r.id, "amount": money(r.price), "stock": r.stock, "product": r.title} for r in rows]


# --- catalogue (searched, filtered, sorted and paged in SQL: see admin_lists.py) -----------------------


PLAIN_WORDS = re.compile(r"[^\W_]+(?:\s+[^\W_]+)*")


def products_found(q: str, dialect: str) -> Any:
    """An ISBN (either form) finds its book exactly; plain words go through the search index
    (titles, authors, series, categories, brands, publishers, descriptions), each as the start of a
    word. A q with other characters ("100%", "A-100") is compared as typed, as before (None)."""
    if (by_isbn := isbn_match(q)) is not None:
        return by_isbn
    if not PLAIN_WORDS.fullmatch(q.strip()):
        return None
    typed = as_prefixes(q)
    if typed.empty:
        return None
    matched = backend_for(dialect).matches(typed)
    return Product.id.in_(select(matched.c.product_id))


def book_isbn() -> Any:
    """The product's ISBN, if it is a book: a lookup by primary key for each row of a page, which
    counting the matches never computes (a join would be walked for every product counted)."""
    return select(Book.isbn).where(Book.product_id == Product.id).correlate(Product).scalar_subquery()


def product_rows() -> Select:
    return (
        select(
            Product.id,
            Product.title,
            Product.price,
            Product.published,
            Product.featured,
            Product.images,
            Product.shop,
            Product.discount,
            Product.stock,
            Category.name.label("category"),
            Brand.name.label("brand_name"),
            Brand.logo,
            book_isbn().label("isbn"),
        )
        .join(Category, Product.category_id == Category.id)
        .outerjoin(Brand, Product.brand_id == Brand.id)
    )


def product_record(r: Row) -> dict:
    return {
        "id": r.id,
        "name": r.title,
        "price": money(r.price),
        "published": r.published,
        "category": r.category,
        "brand": media_url(r.logo),
        "image": first_image(r.images),
        "isbn": isbn.grouped(r.isbn) if r.isbn else None,
    }


def product_export(r: Row) -> dict:
    return {
        "id": r.id,
        "name": r.title,
        "shop": r.shop,
        "category": r.category,
        "brand": r.brand_name,
        "price": r.price,
        "discount": r.discount,
        "stock": r.stock,
        "published": r.published,
        "featured": r.featured,
        "image": first_image(r.images),
    }


def in_category_tree(category_id: int) -> Any:
    """Products of the category or of any category below it: a top category lists its books too."""
    tree = select(Category.id).where(Category.id == category_id).cte("category_tree", recursive=True)
    tree = tree.union_all(select(Category.id).where(Category.parent_id == tree.c.id))
    return Product.category_id.in_(select(tree.c.id))


PRODUCTS = AdminList(
    name="products",
    select=product_rows,
    record=product_record,
    csv_record=product_export,
    key=Product.id,
    sorts={
        "id": Product.id,
        "name": func.lower(Product.title),
        "price": Product.price,
        "published": Product.published,
        "category": func.lower(Category.name),
        "brand": func.lower(Brand.name),
    },
    nullable=frozenset({"brand"}),
    search=(
        Product.title,
        Product.author,
        Related(Product.category_id, Category.id, Category.name),
        Related(Product.brand_id, Brand.id, Brand.name),
    ),
    # q goes through the search index (an ISBN through the unique ISBN index); `search` is what a
    # q without words (punctuation alone) is compared with.
    search_with=products_found,
    default_order=(),
    filters={
        "category": Filter(parse_id, in_category_tree),
        "brand": equals_id(Product.brand_id),
        "published": is_flag(Product.published),
        "featured": is_flag(Product.featured),
    },
    summary="Products (filters: category and everything below it, brand, published, featured)",
)

ParentCategory = aliased(Category, name="parent_category")


def category_rows() -> Select:
    return select(
        Category.id,
        Category.level,
        Category.featured,
        Category.name,
        Category.banner,
        ParentCategory.name.label("parent_name"),
    ).outerjoin(ParentCategory, Category.parent_id == ParentCategory.id)


def category_record(r: Row) -> dict:
    return {
        "id": r.id,
        "level": r.level,
        "featured": r.featured,
        "name": r.name,
        "category": r.parent_name,
        "banner": media_url(r.banner),
    }


CATEGORIES = AdminList(
    name="categories",
    select=category_rows,
    record=category_record,
    key=Category.id,
    sorts={
        "id": Category.id,
        "name": func.lower(Category.name),
        "level": Category.level,
        "featured": Category.featured,
        "category": func.lower(ParentCategory.name),
    },
    nullable=frozenset({"category"}),
    search=(Category.name, Related(Category.parent_id, ParentCategory.id, ParentCategory.name)),
    default_order=(Category.level,),
    filters={
        "level": Filter(whole_number(1, 10), lambda level: Category.level == level),
        "featured": is_flag(Category.featured),
        "parent": equals_id(Category.parent_id),
    },
    summary="Categories; `category` is the parent's name (filters: level, featured, parent)",
)


def brand_rows() -> Select:
    return select(Brand.id, Brand.featured, Brand.name, Brand.logo)


def brand_record(r: Row) -> dict:
    return {"id": r.id, "featured": r.featured, "name": r.name, "logo": media_url(r.logo)}


BRANDS = AdminList(
    name="brands",
    select=brand_rows,
    record=brand_record,
    key=Brand.id,
    sorts={"id": Brand.id, "name": func.lower(Brand.name), "featured": Brand.featured},
    search=(Brand.name,),
    default_order=(),
    filters={"featured": is_flag(Brand.featured)},
    summary="Brands (filter: featured)",
)


def review_rows() -> Select:
    return (
        select(
            Review.id,
            Review.published,
            Review.comment,
            Review.rating,
            Review.product_id,
            Product.title,
            Product.images,
            Customer.name.label("customer"),
        )
        .join(Product, Review.product_id == Product.id)
        .join(Customer, Review.customer_id == Customer.id)
    )


def review_record(r: Row) -> dict:
    return {
        "id": r.id,
        "published": r.published,
        "name": r.title,
        "customer": r.customer,
        "image": first_image(r.images),
        "comment": r.comment,
        "rating": r.rating,
    }


def review_export(r: Row) -> dict:
    return {
        "id": r.id,
        "product": r.title,
        "customer": r.customer,
        "rating": r.rating,
        "published": r.published,
        "comment": r.comment,
    }


REVIEWS = AdminList(
    name="reviews",
    select=review_rows,
    record=review_record,
    csv_record=review_export,
    key=Review.id,
    sorts={
        "id": Review.id,
        "name": func.lower(Product.title),
        "customer": func.lower(Customer.name),
        "rating": Review.rating,
        "published": Review.published,
        "comment": func.lower(Review.comment),
    },
    search=(
        Review.comment,
        Related(Review.product_id, Product.id, Product.title),
        Related(Review.customer_id, Customer.id, Customer.name),
    ),
    default_order=(Review.created_at.desc(), Review.id.desc()),
    filters={"published": is_flag(Review.published), "product": equals_id(Review.product_id)},
    summary="Reviews, newest first; `name` is the product's (filters: published, product)",
)


# --- customers ---------------------------------------------------------------------------------------


def accepted_refunds_by_customer() -> Any:
    return (
        select(Order.customer_id.label("key"), func.sum(RefundRequest.amount).label("total"))
        .join(OrderLine, RefundRequest.order_line_id == OrderLine.id)
        .join(Order, OrderLine.order_id == Order.id)
        .where(RefundRequest.status == "Accepted")
        .group_by(Order.customer_id)
        .subquery()
    )


def has_account() -> Any:
    """Whether the customer has a shopper account: linked to it, or with the same email."""
    return (
        select(User.id)
        .where(
            User.role == "customer",
            or_(User.id == Customer.user_id, func.lower(User.email) == func.lower(Customer.email)),
        )
        .exists()
    )


def customer_rows() -> Select:
    """A customer's balance is what the store owes them back: the sum of their accepted refunds."""
    order_count = grouped_count(Order.customer_id)
    refunded = accepted_refunds_by_customer()
    return (
        select(
            Customer.id,
            Customer.name,
            Customer.email,
            Customer.phone,
            Customer.image,
            func.coalesce(order_count.c.total, 0).label("orders"),
            func.coalesce(refunded.c.total, 0).label("balance"),
            has_account().label("has_account"),
        )
        .outerjoin(order_count, order_count.c.key == Customer.id)
        .outerjoin(refunded, refunded.c.key == Customer.id)
    )


def customer_record(r: Row) -> dict:
    return {
        "id": r.id,
        "name": r.name,
        "email": r.email,
        "phone": r.phone,
        "balance": money(Decimal(r.balance)),
        "orders": int(r.orders),
        "image": media_url(r.image),
        "hasAccount": bool(r.has_account),
    }


def customer_export(r: Row) -> dict:
    return {
        "id": r.id,
        "name": r.name,
        "email": r.email,
        "phone": r.phone,
        "orders": int(r.orders),
        "balance": Decimal(r.balance).quantize(Decimal("0.01")),
    }


CUSTOMERS = AdminList(
    name="customers",
    select=customer_rows,
    record=customer_record,
    csv_record=customer_export,
    key=Customer.id,
    sorts={
        "id": Customer.id,
        "name": func.lower(Customer.name),
        "email": func.lower(Customer.email),
        "phone": Customer.phone,
        # the figures' labels in customer_rows(): its subqueries are built per statement
        "orders": literal_column("orders"),
        "balance": literal_column("balance"),
    },
    search=(Customer.name, Customer.email, Customer.phone),
    default_order=(),
    summary="Customers with their number of orders and balance (accepted refunds owed)",
)


# Admin list paths and the query answering each (app/api/back_office.py serves them), shaped in Python.
ADMIN_LISTS = {
    "/api/dashboard-cards": dashboard_cards,
    "/api/recent-purchase": recent_purchases,
    "/api/stock-out-products": stock_out_products,
}

# Admin lists searched, sorted and paged in SQL (app/api/back_office.py serves them, with a CSV export).
PAGED_LISTS = {
    "/api/products": PRODUCTS,
    "/api/category": CATEGORIES,
    "/api/brands": BRANDS,
    "/api/reviews": REVIEWS,
    "/api/customers": CUSTOMERS,
}
