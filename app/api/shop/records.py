"""Records of the storefronts' content lists (db/queries/content.py and the shops' own modules):
what a shop home shows besides its products."""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict

from app.api.records import MediaUrl, Timestamp, closed


@closed
class Service(TypedDict):
    """A service blurb; a two-line one also carries its lines as subtitle1 and subtitle2."""

    icon: str
    title: str
    subtitle: str
    subtitle1: NotRequired[str]
    subtitle2: NotRequired[str]


@closed
class Banner(TypedDict):
    title: str
    body: str
    buttonText: str
    imgUrl: MediaUrl
    url: str


@closed
class CarouselSlide(TypedDict):
    title: str
    photoUrl: MediaUrl
    description: str
    buttonText: str
    buttonLik: str  # sic: the name the storefront components read (SPEC.md §3)


@closed
class Blog(TypedDict):
    id: int
    url: str
    comments: int
    createdAt: str  # as the card prints it: "12 Nov 2026"
    imgUrl: MediaUrl
    title: str
    description: str


@closed
class Testimonial(TypedDict):
    clientName: str
    comment: str
    photoUrl: MediaUrl


@closed
class OfferCard(TypedDict):
    title: str
    subtitle: str
    imgUrl: MediaUrl
    shopUrl: str
    bgColor: str


@closed
class OfferProduct(TypedDict):
    title: str
    discountOffer: str
    imgUrl: MediaUrl
    buttonText: str
    url: str


@closed
class CategoryTile(TypedDict):
    """A category tile linking to its search page (gadget's featured categories)."""

    title: str
    imgUrl: MediaUrl
    url: str


@closed
class TopCategory(TypedDict):
    """The market's top categories; a subtitle left empty counts the category's products."""

    title: str
    subtitle: str
    categoryUrl: str
    imgUrl: MediaUrl


@closed
class BottomCategory(TypedDict):
    name: str
    imgUrl: MediaUrl
    categoryUrl: str


@closed
class GiftCategory(TypedDict):
    """The gift shop's category tiles: "27 Available Items"."""

    title: str
    available: str
    imgUrl: MediaUrl
    url: str


@closed
class DiscountCategory(TypedDict):
    """grocery2's shop-by-category tiles: "Upto 30% off"."""

    imgUrl: MediaUrl
    title: str
    subtitle: str
    url: str


@closed
class TopBrand(TypedDict):
    imgUrl: MediaUrl
    title: str
    productUrl: str


@closed
class BrandDeal(TypedDict):
    """A deal of the week: a brand's percentage off."""

    brand: str
    off: int
    imgUrl: MediaUrl
    url: str


@closed
class HotDeal(TypedDict):
    """A product deal with its expiry (none: until further notice)."""

    productName: str
    expireDate: Timestamp | None
    imgUrl: MediaUrl
    url: str


@closed
class NavigationItem(TypedDict):
    icon: str | None
    title: str
    href: str
    child: NotRequired[list[NavigationItem]]


@closed
class NavigationGroup(TypedDict):
    category: str
    categoryItem: list[NavigationItem]
