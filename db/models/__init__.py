"""Every table of the product, by domain."""

from db.models.accounts import AccountToken, Address, StockAlert, WishlistItem
from db.models.audit import AuditEntry
from db.models.auth import AuthSession, RecoveryCode, SignInChallenge, StaffInvite, User
from db.models.base import Base
from db.models.booklists import Booklist, BooklistItem
from db.models.books import Author, Book, BookAuthor
from db.models.catalogue import Brand, Category, Product, Review
from db.models.content import (
    Banner,
    Blog,
    CarouselSlide,
    Deal,
    NavigationGroup,
    NavigationItem,
    OfferCard,
    Service,
    ShowcaseCategory,
    Testimonial,
)
from db.models.counts import CategoryCount, CountChange, LevelCount
from db.models.meta import CatalogueState
from db.models.offers import CatalogueRequest, Offer
from db.models.outbox import OutboxAttempt, OutboxMessage
from db.models.page_change import PageChange
from db.models.payments import CheckoutAttempt, Payment, PaymentCall, PaymentEvent
from db.models.sales import Customer, Order, OrderLine, OrderStatusChange, RefundRequest, Shipment
from db.models.search import SearchSynonym, SearchTerm
from db.models.sellers import Earning, Package, PackagePayment, Payout, PayoutRequest, Seller
from db.models.shared_state import MediaFile, SignInFailure
from db.models.shop_settings import ShopSetting

# Writing any of these changes what a storefront shows, so it bumps the catalogue version.
CATALOGUE_MODELS = (
    Category,
    Brand,
    Product,
    Review,
    Book,
    Author,
    BookAuthor,
    Booklist,
    BooklistItem,
    NavigationGroup,
    NavigationItem,
    Service,
    Banner,
    CarouselSlide,
    Blog,
    Testimonial,
    ShowcaseCategory,
    OfferCard,
    Deal,
    # a seller's shop name is listed on the storefronts while the seller is published
    Seller,
    # a book page lists its offers
    Offer,
)

__all__ = [
    "AccountToken",
    "Address",
    "StockAlert",
    "WishlistItem",
    "AuditEntry",
    "AuthSession",
    "Author",
    "Banner",
    "Base",
    "Blog",
    "Book",
    "BookAuthor",
    "Booklist",
    "BooklistItem",
    "Brand",
    "CATALOGUE_MODELS",
    "CarouselSlide",
    "CatalogueRequest",
    "CatalogueState",
    "Category",
    "CategoryCount",
    "CheckoutAttempt",
    "CountChange",
    "Customer",
    "Deal",
    "Earning",
    "LevelCount",
    "NavigationGroup",
    "NavigationItem",
    "Offer",
    "OfferCard",
    "Order",
    "OrderLine",
    "OrderStatusChange",
    "OutboxAttempt",
    "OutboxMessage",
    "Package",
    "PageChange",
    "PackagePayment",
    "Payment",
    "PaymentCall",
    "PaymentEvent",
    "Payout",
    "PayoutRequest",
    "Product",
    "RecoveryCode",
    "RefundRequest",
    "Review",
    "SearchSynonym",
    "SearchTerm",
    "Seller",
    "Service",
    "Shipment",
    "ShopSetting",
    "SignInFailure",
    "MediaFile",
    "ShowcaseCategory",
    "SignInChallenge",
    "StaffInvite",
    "Testimonial",
    "User",
]
