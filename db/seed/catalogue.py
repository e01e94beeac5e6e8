"""Turns the book and goods descriptions into Category, Brand and Product rows, with their pictures."""

from __future__ import annotations

import datetime as dt
import random
from collections import Counter
from dataclasses import dataclass

from db.models import Author, Book, BookAuthor, Brand, Category, Product, Seller
from db.seed import books, emoji, goods
from db.seed.book_details import BookDetails, BookSpec
from db.seed.common import SlugRegistry, days_ago, rng, slugify
from db.seed.images import Media
from db.seed.people import Listing
from db.seed.specs import CategorySpec, Item, walk

# Which shops' trees make up the catalogue, in the order their rows are created.
TREES: dict[str, tuple[CategorySpec, ...]] = {books.SHOP: books.CATEGORIES, **goods.CATEGORIES}
# Share of products listed by a seller; the rest the store sells itself.
SELLER_SHARE = {books.SHOP: 0.75}
DEFAULT_SELLER_SHARE = 0.92
OLDEST_PRODUCT_DAYS = 200


@dataclass
class Catalogue:
    categories: dict[str, Category]  # by slug
    specs: dict[str, CategorySpec]  # by slug
    brands: dict[str, Brand]  # by name
    products: list[Product]
    authors: dict[str, Author]  # by name

    def all_rows(self) -> list:
        return [*self.categories.values(), *self.brands.values(), *self.authors.values(), *self.products]

    def in_shop(self, shop: str) -> list[Product]:
        return [p for p in self.products if p.shop == shop]


def build_categories(media: Media) -> tuple[dict[str, Category], dict[str, CategorySpec]]:
    categories: dict[str, Category] = {}
    specs: dict[str, CategorySpec] = {}
    for shop, tree in TREES.items():
        for spec, parent in walk(tree):
            if spec.slug in categories:
                raise ValueError(f"category slug {spec.slug!r} is used twice")
            categories[spec.slug] = Category(
                name=spec.name,
                slug=spec.slug,
                icon=spec.icon,
                parent=categories[parent.slug] if parent else None,
                level=2 if parent else 1,
                # The store's own top categories are the featured ones in the admin list.
                featured=parent is None and shop == books.SHOP,
                banner=media.category_tile(spec.slug, spec.name, spec.emoji),
            )
            specs[spec.slug] = spec
    return categories, specs


def build_brands(media: Media) -> dict[str, Brand]:
    brands = {}
    for name in (name for names in goods.BRANDS.values() for name in names):
        slug = slugify(name)
        brands[name] = Brand(
            name=name, slug=slug, featured=name in goods.FEATURED_BRANDS, logo=media.brand_logo(slug, name)
        )
    return brands


class SellerPicker:
    """Who lists each product: a share of a storefront's products goes to its sellers, each
    category's in turn among those selling it, so every seller of a category has products there
    (the market's shop lists name them)."""

    def __init__(self, r: random.Random, sellers_by_shop: dict[str, list[Listing]]):
        self.r = r
        self.sellers_by_shop = sellers_by_shop
        self.turns: Counter[str] = Counter()

    def __call__(self, item: Item) -> Seller | None:
        candidates = [
            listing.seller for listing in self.sellers_by_shop.get(item.shop, []) if listing.sells(item.category)
        ]
        if not candidates or self.r.random() >= SELLER_SHARE.get(item.shop, DEFAULT_SELLER_SHARE):
            return None
        self.turns[item.category] += 1
        return candidates[self.turns[item.category] % len(candidates)]


def product_images(media: Media, item: Item, slug: str, category: Category, spec: CategorySpec) -> list[str]:
    if item.shop == books.SHOP:
        return media.book_images(slug, item.title, item.author or "", category.name, item.description)
    return media.goods_images(slug, item.title, emoji.for_product(item.title, spec.emoji))


class AuthorRegistry(dict):
    """One Author row per name, with a slug unique across the shop."""

    def __init__(self) -> None:
        super().__init__()
        self.slugs = SlugRegistry()

    def __missing__(self, name: str) -> Author:
        author = self[name] = Author(name=name, slug=self.slugs.take(name))
        return author


def book_record(spec: BookSpec, authors: AuthorRegistry) -> Book:
    kind, low, high = spec.level
    return Book(
        isbn=spec.isbn,
        publisher=spec.publisher,
        edition=spec.edition,
        year=spec.year,
        format=spec.format,
        pages=spec.pages,
        language=spec.language,
        level_kind=kind,
        level_from=low,
        level_to=high,
        subject=spec.subject,
        series=spec.series,
        volume=spec.volume,
        credits=[BookAuthor(author=authors[name], position=i) for i, name in enumerate(spec.authors)],
    )


def build_products(
    media: Media,
    items: list[Item],
    categories: dict[str, Category],
    specs: dict[str, CategorySpec],
    brands: dict[str, Brand],
    sellers_by_shop: dict[str, list[Listing]],
    authors: AuthorRegistry,
    now: dt.datetime,
) -> list[Product]:
    r = rng("catalogue")
    pick_seller = SellerPicker(r, sellers_by_shop)
    slugs = SlugRegistry()
    products = []
    for item in items:
        slug = slugs.take(item.title)
        category = categories[item.category]
        products.append(
            Product(
                title=item.title,
                slug=slug,
                shop=item.shop,
                author=item.author,
                description=item.description,
                category=category,
                brand=brands.get(item.brand) if item.brand else None,
                seller=pick_seller(item),
                price=item.price,
                discount=item.discount,
                stock=item.stock,
                unit=item.unit,
                status=item.status,
                colors=item.colors,
                images=product_images(media, item, slug, category, specs[item.category]),
                published=item.published,
                featured=item.featured,
                created_at=days_ago(now, r.uniform(0.5, OLDEST_PRODUCT_DAYS)),
                book=book_record(item.book, authors) if item.book else None,
            )
        )
    return products


def build_catalogue(media: Media, sellers_by_shop: dict[str, list[Listing]], now: dt.datetime) -> Catalogue:
    categories, specs = build_categories(media)
    brands = build_brands(media)
    # The bundles and the primary classes' books come last, so every other product keeps the
    # seeded draws it had before them.
    details = BookDetails()
    items = (
        books.build_books(details)
        + goods.build_goods()
        + books.build_bundles(details)
        + books.build_primary_books(details)
    )
    authors = AuthorRegistry()
    products = build_products(media, items, categories, specs, brands, sellers_by_shop, authors, now)
    return Catalogue(categories, specs, brands, products, authors)
