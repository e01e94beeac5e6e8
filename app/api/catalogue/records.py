"""Records of the back office's catalogue: the list rows (db/queries/admin.py, booklists.py) and
the single records the edit forms show (db/admin/*: products, categories, brands, reviews,
customers, booklists), plus the form helpers' suggestions (authors, book choices)."""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict

from app.api.records import MediaUrl, Money, Timestamp, closed
from db.admin.products import SHOPS
from db.models.books import FORMATS
from db.models.sales import ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES

# --- list rows -----------------------------------------------------------------------------------------


@closed
class ProductRow(TypedDict):
    """`brand` is the brand's logo URL (the list shows the logo)."""

    id: int
    name: str
    price: Money
    published: bool
    category: str
    brand: MediaUrl
    image: MediaUrl
    isbn: str | None


@closed
class CategoryRow(TypedDict):
    """`category` is the parent category's name (none at the top level)."""

    id: int
    level: int
    featured: bool
    name: str
    category: str | None
    banner: MediaUrl


@closed
class BrandRow(TypedDict):
    id: int
    featured: bool
    name: str
    logo: MediaUrl


@closed
class ReviewRow(TypedDict):
    """`name` is the reviewed product's title."""

    id: int
    published: bool
    name: str
    customer: str
    image: MediaUrl
    comment: str
    rating: int


@closed
class CustomerRow(TypedDict):
    """`balance` is what the store owes the customer back: their accepted refunds."""

    id: int
    name: str
    email: str
    phone: str
    balance: Money
    orders: int
    image: MediaUrl
    hasAccount: bool


@closed
class BooklistRow(TypedDict):
    id: int
    slug: str
    school: str
    grade: int
    academicYear: str
    items: int
    published: bool
    url: str


# --- the records the forms edit ------------------------------------------------------------------------


@closed
class BookRecord(TypedDict):
    """A book's own fields, as BookForm takes them."""

    isbn: str
    authors: list[str]
    publisher: str | None
    edition: str | None
    year: int | None
    format: Literal[FORMATS]
    pages: int | None
    language: str
    level: str
    subject: str | None
    series: str | None
    volume: int | None


@closed
class ProductRecord(TypedDict):
    """A product as its edit form shows it: `images` are media paths, `imageUrls` their URLs."""

    id: int
    name: str
    slug: str
    shop: Literal[SHOPS]
    price: Money
    discount: int
    stock: int
    categoryId: int
    brandId: int | None
    description: str
    published: bool
    featured: bool
    images: list[str]
    imageUrls: list[MediaUrl]
    book: BookRecord | None


@closed
class CategoryRecord(TypedDict):
    id: int
    name: str
    slug: str
    parentId: int | None
    level: int
    featured: bool
    banner: str | None
    bannerUrl: MediaUrl


@closed
class BrandRecord(TypedDict):
    id: int
    name: str
    slug: str
    featured: bool
    logo: str | None
    logoUrl: MediaUrl


@closed
class ReviewRecord(TypedDict):
    id: int
    published: bool
    rating: int
    comment: str
    productId: int


@closed
class CustomerOrder(TypedDict):
    id: int
    qty: int
    amount: Money
    status: Literal[ORDER_STATUSES]
    payment: Literal[PAYMENT_STATUSES]
    paymentMethod: Literal[PAYMENT_METHODS]
    purchaseDate: Timestamp
    billingAddress: str


@closed
class CustomerAccount(TypedDict):
    """The customer's shopper account (linked, or with the same email)."""

    id: int
    email: str
    verified: bool
    disabled: bool
    createdAt: Timestamp
    lastSignInAt: Timestamp | None


@closed
class CustomerAlert(TypedDict):
    id: int
    productId: int
    title: str
    url: str
    email: str
    createdAt: str
    state: Literal["open", "sent", "cancelled"]


@closed
class CustomerRecord(TypedDict):
    """A customer with their contact details, balance and orders, newest first; their shopper
    account (null without one) and their stock alerts, newest first."""

    id: int
    name: str
    email: str
    phone: str
    image: MediaUrl
    createdAt: Timestamp
    balance: Money
    orders: list[CustomerOrder]
    account: CustomerAccount | None
    alerts: list[CustomerAlert]


@closed
class BooklistItemRecord(TypedDict):
    productId: int
    quantity: int
    required: bool
    note: str
    title: str
    isbn: str | None
    price: Money
    stock: int
    published: bool


@closed
class BooklistRecord(TypedDict):
    id: int
    slug: str
    school: str
    grade: int
    academicYear: str
    published: bool
    items: list[BooklistItemRecord]


# --- what the forms suggest -------------------------------------------------------------------------


@closed
class AuthorSuggestion(TypedDict):
    """An author and how many books credit them."""

    id: int
    name: str
    slug: str
    books: int


@closed
class BookChoice(TypedDict):
    id: int
    title: str
    isbn: str | None
    price: Money
    stock: int
