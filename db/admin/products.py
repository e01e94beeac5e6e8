"""Products: create, edit (the inline published switch is an edit too), delete."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, StrictBool
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from db import audit, stock_alerts  # noqa: F401  (stock_alerts: a restock mails the open alerts)
from db.admin import Conflict, Invalid, found, unique_slug
from db.admin.books import BookForm, book_form_record, write_book
from db.admin.forms import Form, MediaPath, RecordId, Text, changes_of
from db.models import BooklistItem, Brand, Category, Offer, OrderLine, Product
from db.offers import listings, relist
from db.queries.media import media_url
from db.queries.products import money

# Which storefront sells a product (Product.shop); the Student Books store itself is "books".
SHOPS = ("books", "market", "grocery", "fashion", "gadget", "furniture", "healthbeauty", "gift")
MAX_IMAGES = 3
MAX_PRICE = Decimal("9999999.99")
MAX_DISCOUNT = 90  # the product table's check constraint
MAX_STOCK = 1_000_000


def in_cents(price: Decimal) -> Decimal:
    """12.5 is stored, logged and answered as 12.50."""
    return price.quantize(Decimal("0.01"))


class ProductForm(Form):
    name: Text(2, 200)
    price: Annotated[Decimal, Field(ge=0, le=MAX_PRICE, decimal_places=2), AfterValidator(in_cents)]
    discount: Annotated[int, Field(strict=True, ge=0, le=MAX_DISCOUNT)] = 0
    stock: Annotated[int, Field(strict=True, ge=0, le=MAX_STOCK)] = 0
    categoryId: RecordId
    brandId: RecordId | None = None
    description: Text(0, 5000, multiline=True) = ""
    published: StrictBool = True
    featured: StrictBool = False
    shop: Literal[SHOPS] = "books"
    images: Annotated[list[MediaPath], Field(max_length=MAX_IMAGES)] = []
    # A book's own fields (ISBN, authors, level...): the books shop's products have them.
    book: BookForm | None = None


ProductChanges = changes_of(ProductForm)

# form field -> Product column
COLUMNS = {
    "name": "title",
    "price": "price",
    "discount": "discount",
    "stock": "stock",
    "categoryId": "category_id",
    "brandId": "brand_id",
    "description": "description",
    "published": "published",
    "featured": "featured",
    "shop": "shop",
    "images": "images",
}


# The form's fields that are the product's listing's (its first offer's).
LISTING = ("price", "discount", "stock")


def product_form_record(session: Session, product: Product) -> dict:
    """A product as its edit form shows it: its price, discount and stock are its listing's (the
    offer it was created as; other sellers' offers are theirs to set)."""
    listing = session.get(Offer, listings(session, [product.id])[product.id])
    return {
        "id": product.id,
        "name": product.title,
        "slug": product.slug,
        "shop": product.shop,
        "price": money(listing.price),
        "discount": listing.discount,
        "stock": listing.stock,
        "categoryId": product.category_id,
        "brandId": product.brand_id,
        "description": product.description,
        "published": product.published,
        "featured": product.featured,
        "images": list(product.images or []),
        "imageUrls": [media_url(path) for path in product.images or []],
        "book": book_form_record(product.book),
    }


def product_for_form(session: Session, product_id: int) -> dict:
    return product_form_record(session, found(session, Product, product_id, "product"))


def _check_references(session: Session, values: dict) -> None:
    errors = {}
    if "categoryId" in values and session.get(Category, values["categoryId"]) is None:
        errors["categoryId"] = "Choose a category from the list"
    if values.get("brandId") is not None and session.get(Brand, values["brandId"]) is None:
        errors["brandId"] = "Choose a brand from the list"
    if errors:
        raise Invalid(errors)


def _apply(session: Session, product: Product, values: dict, book: BookForm | None) -> None:
    """Write the form's fields: a new product's price, discount and stock list it (migration 0022's
    trigger); a product's later ones change its listing, and its row's summary follows."""
    listed = {COLUMNS[name]: values[name] for name in LISTING if name in values and product.id is not None}
    for name, value in values.items():
        if name != "book" and COLUMNS[name] not in listed:
            setattr(product, COLUMNS[name], value)
    if listed:
        relist(session, product, listed)
    if "book" in values:
        if book is not None:
            write_book(session, product, book)
        else:
            product.book = None


def logged(product: Product) -> dict:
    """The product as the audit log keeps it: its columns and its book record."""
    return {**audit.snapshot(product), "book": book_form_record(product.book)}


def create_product(session: Session, actor: str, form: ProductForm) -> dict:
    values = form.model_dump()
    _check_references(session, values)
    product = Product(slug=unique_slug(session, Product, form.name))
    session.add(product)
    _apply(session, product, values, form.book)
    session.flush()
    audit.record(session, actor, "create", "product", product.id, None, logged(product))
    return product_form_record(session, product)


def update_product(session: Session, actor: str, product_id: int, changes: Form) -> dict:
    product = found(session, Product, product_id, "product")
    values = changes.model_dump(exclude_unset=True)
    _check_references(session, values)
    before = logged(product)
    _apply(session, product, values, changes.book)
    session.flush()
    # A lone published switch reads better in the log as what it is.
    action = ("publish" if values["published"] else "unpublish") if set(values) == {"published"} else "update"
    audit.record(session, actor, action, "product", product.id, before, logged(product))
    return product_form_record(session, product)


def delete_product(session: Session, actor: str, product_id: int) -> None:
    product = found(session, Product, product_id, "product")
    ordered = session.scalar(
        select(func.count(func.distinct(OrderLine.order_id))).where(OrderLine.product_id == product.id)
    )
    if ordered:
        raise Conflict(
            f"“{product.title}” cannot be deleted: it is in {ordered} order{'s' if ordered != 1 else ''}, "
            "which must keep it. Unpublish it instead."
        )
    listed = session.scalar(
        select(func.count(func.distinct(BooklistItem.booklist_id))).where(BooklistItem.product_id == product.id)
    )
    if listed:
        raise Conflict(
            f"“{product.title}” cannot be deleted: it is on {listed} school booklist{'s' if listed != 1 else ''}. "
            "Take it off those lists, or unpublish it instead."
        )
    before = logged(product)
    session.delete(product)  # its reviews go with it
    audit.record(session, actor, "delete", "product", product_id, before, None)
