"""The catalogue: categories (a tree with levels), brands, products and their reviews."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from sqlalchemy import JSON, CheckConstraint, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from db.models.base import Base, Rating, utcnow


class Category(Base):
    __tablename__ = "category"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    slug: Mapped[str] = mapped_column(String(140), unique=True)
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("category.id", ondelete="RESTRICT"), index=True)
    # Level follows the tree: a top category is 1, its children 2, and so on.
    level: Mapped[int] = mapped_column(default=1)
    featured: Mapped[bool] = mapped_column(default=False)
    banner: Mapped[str | None] = mapped_column(String(255))
    icon: Mapped[str | None] = mapped_column(String(60))

    parent: Mapped[Category | None] = relationship(remote_side=[id], back_populates="children")
    children: Mapped[list[Category]] = relationship(back_populates="parent")
    products: Mapped[list[Product]] = relationship(back_populates="category")


class Brand(Base):
    __tablename__ = "brand"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120), unique=True)
    slug: Mapped[str] = mapped_column(String(140), unique=True)
    featured: Mapped[bool] = mapped_column(default=False)
    logo: Mapped[str | None] = mapped_column(String(255))

    products: Mapped[list[Product]] = relationship(back_populates="brand")


def _listed_in_stock(context) -> int:
    """A new product's offers in stock: its own listing (migration 0022's trigger), if it has stock."""
    return 1 if (context.get_current_parameters().get("stock") or 0) > 0 else 0


class Product(Base):
    __tablename__ = "product"
    __table_args__ = (
        CheckConstraint("price >= 0", name="price_not_negative"),
        CheckConstraint("discount >= 0 AND discount <= 90", name="discount_range"),
        CheckConstraint("stock >= 0", name="stock_not_negative"),
        # A shop's published goods in catalogue order (PostgreSQL reads the id from the index too).
        Index("ix_product_shop_published", "shop", "published", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    title: Mapped[str] = mapped_column(String(200), index=True)
    slug: Mapped[str] = mapped_column(String(220), unique=True)
    # Which storefront sells it: "books" (the Student Books store itself), "market", "grocery1", ...
    shop: Mapped[str] = mapped_column(String(40))
    author: Mapped[str | None] = mapped_column(String(120))
    description: Mapped[str] = mapped_column(Text, default="")
    # Indexed by ix_product_category_top_rated below (its first column).
    category_id: Mapped[int] = mapped_column(ForeignKey("category.id", ondelete="RESTRICT"))
    brand_id: Mapped[int | None] = mapped_column(ForeignKey("brand.id", ondelete="SET NULL"), index=True)
    seller_id: Mapped[int | None] = mapped_column(ForeignKey("seller.id", ondelete="SET NULL"), index=True)
    # Indexed: the admin list sorts by price and pages (10,000 products in bench/admin_lists.py).
    price: Mapped[Decimal] = mapped_column(index=True)
    # Whole percent off the price.
    discount: Mapped[int] = mapped_column(default=0)
    rating: Mapped[Decimal] = mapped_column(Rating, default=Decimal("0"))
    review_count: Mapped[int] = mapped_column(default=0)
    stock: Mapped[int] = mapped_column(default=0)
    unit: Mapped[str | None] = mapped_column(String(40))
    # "" or "New" (furniture cards show it).
    status: Mapped[str] = mapped_column(String(20), default="")
    # Four colour hex codes (furniture cards show them).
    colors: Mapped[list[str]] = mapped_column(JSON, default=list)
    # Up to three image paths relative to the media folder; the first is the card image.
    images: Mapped[list[str]] = mapped_column(JSON, default=list)
    published: Mapped[bool] = mapped_column(default=True)
    featured: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow, index=True)
    # Units ordered so far (every order line's qty), kept by the database itself: migration 0012's
    # triggers on order_line add each line as it is written, whoever writes it (the checkout, the
    # seed), in that write's transaction. "Best selling" sections read it from an index instead of
    # summing the order lines of every product of a shop.
    units_sold: Mapped[int] = mapped_column(default=0, server_default="0")
    # The summary of its offers (db/offers.py summarise; price, discount, stock and seller_id above
    # are the buy box's): the lowest price of a used copy in stock, and how
    # many offers are in stock ("4 more offers from $3.50").
    used_from: Mapped[Decimal | None] = mapped_column(default=None)
    # The buy box's condition: "New" unless only used copies are in stock.
    condition: Mapped[str] = mapped_column(String(20), default="New", server_default="New")
    offer_count: Mapped[int] = mapped_column(default=_listed_in_stock, server_default="1")

    category: Mapped[Category] = relationship(back_populates="products")
    brand: Mapped[Brand | None] = relationship(back_populates="products")
    seller: Mapped[Seller | None] = relationship(back_populates="products")  # noqa: F821
    reviews: Mapped[list[Review]] = relationship(back_populates="product", cascade="all, delete-orphan")
    # Set for the books shop's products (db/models/books.py).
    book: Mapped[Book | None] = relationship(back_populates="product", cascade="all, delete-orphan")  # noqa: F821


# The orders storefront sections show a shop's goods in (db/queries/sections.py): each section
# walks one of these from its first entry and stops after the products it shows, however big the
# catalogue. Directions match the sections' ORDER BY term for term (ties go to the lower id).
_SHOP_PUBLISHED = (Product.shop, Product.published)
Index("ix_product_top_rated", *_SHOP_PUBLISHED, Product.rating.desc(), Product.review_count.desc(), Product.id)
Index(
    "ix_product_featured",
    *_SHOP_PUBLISHED,
    Product.featured.desc(),
    Product.rating.desc(),
    Product.review_count.desc(),
    Product.id,
)
Index(
    "ix_product_best_selling",
    *_SHOP_PUBLISHED,
    Product.units_sold.desc(),
    Product.rating.desc(),
    Product.review_count.desc(),
    Product.id,
)
Index("ix_product_newest", *_SHOP_PUBLISHED, Product.created_at, Product.id)
Index("ix_product_discount", *_SHOP_PUBLISHED, Product.discount.desc(), Product.id)
# A product page's related products: its category's best rated.
Index(
    "ix_product_category_top_rated",
    Product.category_id,
    Product.published,
    Product.rating.desc(),
    Product.review_count.desc(),
    Product.id,
)
# The demo shops' own orders (migration 0016): most reviewed; fewest left, then biggest discount.
Index("ix_product_most_reviewed", *_SHOP_PUBLISHED, Product.review_count.desc(), Product.rating.desc(), Product.id)
Index("ix_product_fewest_left", *_SHOP_PUBLISHED, Product.stock, Product.discount.desc(), Product.id)
# The whole store's best rated (the related list without a product).
Index("ix_product_store_top_rated", Product.published, Product.rating.desc(), Product.review_count.desc(), Product.id)


class Review(Base):
    __tablename__ = "review"
    __table_args__ = (CheckConstraint("rating >= 1 AND rating <= 5", name="rating_range"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("product.id", ondelete="CASCADE"), index=True)
    customer_id: Mapped[int] = mapped_column(ForeignKey("customer.id", ondelete="CASCADE"), index=True)
    rating: Mapped[int]
    comment: Mapped[str] = mapped_column(Text)
    published: Mapped[bool] = mapped_column(default=True)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)

    product: Mapped[Product] = relationship(back_populates="reviews")
    customer: Mapped[Customer] = relationship(back_populates="reviews")  # noqa: F821
