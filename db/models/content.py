"""Storefront content: what a shop home shows besides products.

Each record names the storefront it belongs to (`shop`: "market", "grocery1", "gift", ...) and,
where one shop has several of a kind, the `slot` it fills. Ordering is by `position`.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from db.models.base import Base


class ShopContent:
    """Columns every content record has."""

    id: Mapped[int] = mapped_column(primary_key=True)
    shop: Mapped[str] = mapped_column(String(40), index=True)
    position: Mapped[int] = mapped_column(default=0)


class NavigationGroup(ShopContent, Base):
    """A labelled group of a shop's side navigation ("Top Categories", ...)."""

    __tablename__ = "navigation_group"

    label: Mapped[str] = mapped_column(String(120))
    items: Mapped[list[NavigationItem]] = relationship(
        back_populates="group",
        cascade="all, delete-orphan",
        order_by="NavigationItem.position",
        primaryjoin="and_(NavigationGroup.id == NavigationItem.group_id, NavigationItem.parent_id.is_(None))",
    )


class NavigationItem(Base):
    """An entry of a navigation group; children nest up to two levels below it."""

    __tablename__ = "navigation_item"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("navigation_group.id", ondelete="CASCADE"), index=True)
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("navigation_item.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(default=0)
    icon: Mapped[str | None] = mapped_column(String(60))
    title: Mapped[str] = mapped_column(String(120))
    href: Mapped[str] = mapped_column(String(255))

    group: Mapped[NavigationGroup] = relationship(back_populates="items", foreign_keys=[group_id])
    children: Mapped[list[NavigationItem]] = relationship(
        order_by="NavigationItem.position", cascade="all, delete-orphan"
    )


class Service(ShopContent, Base):
    """A service blurb: fast delivery, money guarantee, ..."""

    __tablename__ = "service"

    icon: Mapped[str] = mapped_column(String(60))
    title: Mapped[str] = mapped_column(String(120))
    subtitle: Mapped[str] = mapped_column(String(200), default="")
    subtitle2: Mapped[str | None] = mapped_column(String(200))


class Banner(ShopContent, Base):
    __tablename__ = "banner"

    slot: Mapped[str] = mapped_column(String(40), default="banner")
    title: Mapped[str] = mapped_column(String(200))
    body: Mapped[str] = mapped_column(Text, default="")
    button_text: Mapped[str] = mapped_column(String(60), default="")
    image: Mapped[str] = mapped_column(String(255))
    href: Mapped[str] = mapped_column(String(255))


class CarouselSlide(ShopContent, Base):
    __tablename__ = "carousel_slide"

    title: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text, default="")
    button_text: Mapped[str] = mapped_column(String(60), default="")
    href: Mapped[str] = mapped_column(String(255))
    image: Mapped[str] = mapped_column(String(255))


class Blog(ShopContent, Base):
    __tablename__ = "blog"

    title: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text)
    image: Mapped[str] = mapped_column(String(255))
    href: Mapped[str] = mapped_column(String(255))
    comments: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[dt.datetime]


class Testimonial(ShopContent, Base):
    __tablename__ = "testimonial"

    client_name: Mapped[str] = mapped_column(String(120))
    comment: Mapped[str] = mapped_column(Text)
    photo: Mapped[str] = mapped_column(String(255))


class ShowcaseCategory(ShopContent, Base):
    """A category tile a shop shows: featured, top, bottom, shop-by-category.

    Counts ("27 Available Items") and discounts ("Upto 30% off") are derived from the category's
    products when shown, so they never go stale.
    """

    __tablename__ = "showcase_category"

    slot: Mapped[str] = mapped_column(String(40))
    category_id: Mapped[int] = mapped_column(ForeignKey("category.id", ondelete="CASCADE"), index=True)
    title: Mapped[str] = mapped_column(String(120))
    subtitle: Mapped[str] = mapped_column(String(200), default="")
    image: Mapped[str] = mapped_column(String(255))

    category: Mapped[Category] = relationship()  # noqa: F821


class OfferCard(ShopContent, Base):
    """A promotional card: grocery offer cards (with background colour), offer products."""

    __tablename__ = "offer_card"

    slot: Mapped[str] = mapped_column(String(40))
    title: Mapped[str] = mapped_column(String(200))
    subtitle: Mapped[str] = mapped_column(String(200), default="")
    discount_offer: Mapped[str] = mapped_column(String(60), default="")
    button_text: Mapped[str] = mapped_column(String(60), default="")
    image: Mapped[str] = mapped_column(String(255))
    href: Mapped[str] = mapped_column(String(255))
    bg_color: Mapped[str] = mapped_column(String(20), default="")


class Deal(ShopContent, Base):
    """A timed or branded deal: deal of the week (brand, % off) or hot deal (product, expiry)."""

    __tablename__ = "deal"

    kind: Mapped[str] = mapped_column(String(20))  # "week" or "hot"
    product_id: Mapped[int | None] = mapped_column(ForeignKey("product.id", ondelete="CASCADE"))
    brand_id: Mapped[int | None] = mapped_column(ForeignKey("brand.id", ondelete="CASCADE"))
    off: Mapped[int] = mapped_column(default=0)
    image: Mapped[str] = mapped_column(String(255))
    expires_at: Mapped[dt.datetime | None]

    product: Mapped[Product | None] = relationship()  # noqa: F821
    brand: Mapped[Brand | None] = relationship()  # noqa: F821
