"""Every table of the product, by domain."""
from .audit import AuditEntry
from .auth import AuthSession, RecoveryCode, SignInChallenge, StaffInvite, User
from .base import Base
from .booklists import Booklist, BooklistItem
from .books import Author, Book, BookAuthor
from .catalogue import Brand, Category, Product, Review
from .content import (
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
from .counts import CategoryCount, CountChange, LevelCount
from .meta import CatalogueState
from .page_change import PageChange
from .search import SearchSynonym, SearchTerm
from .shared_state import MediaFile, SignInFailure
from .shop_settings import ShopSetting
from .sales import Customer, Order, OrderLine, OrderStatusChange, RefundRequest
from .sellers import Earning, Package, PackagePayment, Payout, PayoutRequest, Seller

# Writing any of these changes what a storefront shows, so it bumps the catalogue version.
CATALOGUE_MODELS = (
    Category, Brand, Product, Review, Book, Author, BookAuthor, Booklist, BooklistItem, NavigationGroup, NavigationItem, Service, Banner,
    CarouselSlide, Blog, Testimonial, ShowcaseCategory, OfferCard, Deal,
    # a seller's shop name is listed on the storefronts while the seller is published
    Seller,
)

__all__ = [
    "AuditEntry", "AuthSession", "Author", "Banner", "Base", "Blog", "Book", "BookAuthor", "Booklist", "BooklistItem", "Brand", "CATALOGUE_MODELS", "CarouselSlide",
    "CatalogueState", "Category", "CategoryCount", "CountChange", "Customer", "Deal", "Earning", "LevelCount", "NavigationGroup",
    "NavigationItem", "OfferCard", "Order", "OrderLine", "OrderStatusChange", "Package", "PageChange",
    "PackagePayment", "Payout", "PayoutRequest", "Product", "RecoveryCode", "RefundRequest", "Review", "SearchSynonym", "SearchTerm", "Seller",
    "Service", "ShopSetting", "SignInFailure", "MediaFile", "ShowcaseCategory", "SignInChallenge", "StaffInvite", "Testimonial", "User",
]
